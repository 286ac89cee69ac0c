# SPDX-License-Identifier: Apache-2.0
"""Command line of pmukit-profile. Every failure is one "pmukit-profile:
error: ..." line on stderr and exit status 1, and writes no output file:
outputs are written only once everything has been checked."""

import argparse
import os
import sys

from . import ProfileError, capture as capture_mod, identity, output, plot, runs
from .elf import Elf
from .profile import Profile
from .symbols import Symbolizer

PROG = 'pmukit-profile'


def _parser():
    p = argparse.ArgumentParser(prog=PROG, description='Profiles from pmukit record captures, and '
                                'comparisons of pmukit counter reports (docs/profiling.md).')
    sub = p.add_subparsers(dest='command', required=True)

    r = sub.add_parser('report', help='symbolize a capture: flat profile, folded stacks, CSV, JSON, SVG')
    r.add_argument('capture', help='console log with @pmu: lines, or a RAM dump with --dump')
    r.add_argument('--elf', required=True, help='the image the capture was taken from')
    _capture_args(r)
    r.add_argument('--by', choices=('function', 'line'), default='function',
                   help='group samples by function (default) or by source line')
    r.add_argument('--top', type=int, default=None, help='rows of the flat profile (default: all)')
    r.add_argument('--folded', metavar='FILE', help='folded stacks, for flame-graph tools')
    r.add_argument('--weight', metavar='EVENT', help='weigh the folded stacks by a group event, not samples')
    r.add_argument('--csv', metavar='FILE')
    r.add_argument('--json', metavar='FILE')
    r.add_argument('--svg', metavar='FILE', help='the plot: top functions by share and event ratios')
    r.add_argument('--cross', metavar='PREFIX', help='binutils prefix (default: from the ELF machine)')
    r.add_argument('--no-image-check', action='store_true',
                   help='symbolize a capture that carries no image id')
    r.add_argument('--quiet', action='store_true', help='no flat profile on stdout')

    i = sub.add_parser('info', help='check a capture and describe it (no ELF needed)')
    i.add_argument('capture')
    _capture_args(i)

    c = sub.add_parser('counters', help='list the counter values of a console log')
    c.add_argument('log')

    m = sub.add_parser('compare', help='compare the counter reports of two runs; exit 1 on regressions')
    m.add_argument('base')
    m.add_argument('new')
    m.add_argument('--tolerance', type=float, default=5.0, metavar='PCT',
                   help='allowed change of any counter, in percent of its base value (default 5)')
    m.add_argument('--tolerance-for', action='append', default=[], metavar='GLOB=PCT',
                   help='tolerance for the counters whose "title/index/label" key matches GLOB')
    m.add_argument('--slack', type=int, default=0, metavar='N',
                   help='changes of at most N counts are never regressions (default 0)')
    return p


def _capture_args(p):
    p.add_argument('--dump', action='store_true', help='the file is a RAM dump of the ring')
    p.add_argument('--capture', type=int, metavar='N', dest='capture_index',
                   help='which capture of the log (1 = first)')


def _write_all(outputs):
    """Write every (path, text) or none: temporary files, then renames."""
    done = []
    try:
        for path, text in outputs:
            tmp = f'{path}.{os.getpid()}.tmp'
            with open(tmp, 'w', encoding='utf-8') as f:
                f.write(text)
            done.append((tmp, path))
        for tmp, path in done:
            os.replace(tmp, path)
    except OSError as e:
        for tmp, _ in done:
            if os.path.exists(tmp):
                os.remove(tmp)
        raise ProfileError(f'{e.filename}: {e.strerror}')


def _report(a):
    cap = capture_mod.load(a.capture, a.dump, a.capture_index)
    elf = Elf(a.elf)
    identity.check(cap, elf, unidentified_ok=a.no_image_check)
    prof = Profile(cap, Symbolizer(elf, a.cross), a.by)
    if a.weight is not None and a.weight not in prof.events:
        raise ProfileError(f'--weight {a.weight}: the capture counts {", ".join(prof.events) or "no events"}')
    outputs = []
    if a.folded:
        outputs.append((a.folded, '\n'.join(prof.folded_lines(a.weight)) + '\n'))
    if a.csv:
        outputs.append((a.csv, output.to_csv(prof)))
    if a.json:
        outputs.append((a.json, output.to_json(prof)))
    if a.svg:
        outputs.append((a.svg, plot.svg(prof)))
    _write_all(outputs)
    if cap.source == 'dump' and cap.drained:
        print(f'{PROG}: note: {cap.drained} earlier samples had been drained from this ring; the dump holds '
              f'the {len(cap.samples)} after them', file=sys.stderr)
    if not a.quiet:
        sys.stdout.write(output.describe(cap) + '\n' + output.flat(prof, a.top))
    return 0


def _info(a):
    cap = capture_mod.load(a.capture, a.dump, a.capture_index)
    h = cap.header
    print(output.describe(cap))
    print(f'format {h.version}; chain {h.chain} (depth {h.max_depth}); group: '
          + (', '.join(f'{g.name} ({g.unit} {g.index}, {g.width} bits)' for g in h.group) or 'none'))
    return 0


def _counters(a):
    for key, value in runs.load_log(a.log).items():
        print(f'{key} {value}')
    return 0


def _compare(a):
    per = []
    for item in a.tolerance_for:
        pattern, _, pct = item.rpartition('=')
        try:
            per.append((pattern, float(pct)))
        except ValueError:
            raise ProfileError(f'--tolerance-for {item}: expected GLOB=PCT')
    regressions, notes = runs.compare(runs.load_log(a.base), runs.load_log(a.new), a.tolerance, per, a.slack)
    for n in notes:
        print(f'note: {n}')
    for r in regressions:
        print(f'REGRESSION {r}')
    print(f'{len(regressions)} regression(s) between {a.base} and {a.new}')
    return 1 if regressions else 0


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        return {'report': _report, 'info': _info, 'counters': _counters, 'compare': _compare}[args.command](args)
    except ProfileError as e:
        print(f'{PROG}: error: {e}', file=sys.stderr)
        return 1
