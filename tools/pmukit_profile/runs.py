# SPDX-License-Identifier: Apache-2.0
"""Counter values from validation images' console logs, and the comparison
of two runs. Reads what pmu::report prints: tables (a title line, the
"#  event  value" header, then "index  label  value" rows) and CSV lines
("title,index,label,value", the self-test's and every kCsv report)."""

import csv
import fnmatch
import re
from collections import OrderedDict

from . import ProfileError

_HEADER = re.compile(r'^\s*#\s+event\s+value\s*$')
_ROW = re.compile(r'^\s*(\d+)  (.*?)\s+(\d+)\s*$')


def parse_log(text):
    """OrderedDict "title/index/label" -> value. A key seen twice gets
    "#2", "#3"... in order, so repeated reports stay apart."""
    values = OrderedDict()

    def add(title, index, label, value):
        key = f'{title}/{index}/{label}'
        n = 1
        while (key if n == 1 else f'{key}#{n}') in values:
            n += 1
        values[key if n == 1 else f'{key}#{n}'] = value

    lines = text.replace('\r', '').splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if _HEADER.match(line) and i > 0 and lines[i - 1].strip():
            title = lines[i - 1].strip()
            i += 1
            while i < len(lines):
                m = _ROW.match(lines[i])
                if not m:
                    break
                add(title, int(m.group(1)), m.group(2), int(m.group(3)))
                i += 1
            continue
        if line.count(',') >= 3 and not line.startswith('@pmu:'):
            try:
                fields = next(csv.reader([line]))
            except csv.Error:
                fields = []
            if len(fields) == 4 and fields[1].isdigit() and fields[3].isdigit() and fields[0].strip():
                add(fields[0], int(fields[1]), fields[2], int(fields[3]))
        i += 1
    return values


def load_log(path):
    try:
        with open(path, 'rb') as f:
            text = f.read().decode('utf-8', errors='replace')
    except OSError as e:
        raise ProfileError(f'{path}: {e.strerror}')
    values = parse_log(text)
    if not values:
        raise ProfileError(f'{path}: no pmukit counter tables or CSV lines in it')
    return values


def compare(base, new, tolerance, per_counter=(), abs_slack=0):
    """Regressions of 'new' against 'base': a counter that changed by more
    than its tolerance (percent of the base value, either way; plus
    abs_slack counts), or that is missing from 'new'. per_counter holds
    (glob pattern on the key, tolerance); the last match wins.
    Returns (regressions, notes): lists of strings."""
    regressions, notes = [], []
    for key, b in base.items():
        tol = tolerance
        for pattern, t in per_counter:
            if fnmatch.fnmatchcase(key, pattern):
                tol = t
        if key not in new:
            regressions.append(f'{key}: missing (base {b})')
            continue
        n = new[key]
        change = 100.0 * (n - b) / b if b else (0.0 if n == 0 else float('inf'))
        if abs(n - b) > abs_slack and abs(change) > tol:
            regressions.append(f'{key}: {b} -> {n} ({change:+.1f}%, tolerance {tol:g}%)')
    for key in new:
        if key not in base:
            notes.append(f'{key}: new counter ({new[key]})')
    return regressions, notes
