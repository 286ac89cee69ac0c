# SPDX-License-Identifier: Apache-2.0
"""The reviewed list of equivalent mutants: mutants no test can kill
because they do not change behaviour, each with the reason a reviewer can
check. A surviving mutant that the list names is reported "equivalent".

Format (blank lines separate entries, '#' lines are comments):

    <file>:<line> <operator>
      - <the line(s) as they are>
      + <the line(s) as mutated>
      why: <the reason; it may go on over more indented lines>

An entry names a mutant by file, operator and the text before and after
(whitespace-insensitive), so it survives edits elsewhere in the file; the
line number decides only between identical lines of one file. An entry that
names no mutant of the current sources is stale (reported, never matched).
"""

from dataclasses import dataclass

from .lexer import normalize


@dataclass
class Entry:
    file: str
    line: int
    op: str
    before: str
    after: str
    why: str
    at: int  # line of the entry in the list, for messages


class ListError(Exception):
    pass


def parse(text, name='equivalents'):
    entries = []
    cur = None
    field = None

    def finish():
        if cur is None:
            return
        if not cur['before'] or not cur['after']:
            raise ListError(f'{name}:{cur["at"]}: an entry needs "-" and "+" lines')
        if not cur['why'].strip():
            raise ListError(f'{name}:{cur["at"]}: an entry needs a reason ("why:")')
        entries.append(Entry(cur['file'], cur['line'], cur['op'], '\n'.join(cur['before']),
                             '\n'.join(cur['after']), cur['why'].strip(), cur['at']))

    for n, raw in enumerate(text.splitlines(), 1):
        if raw.startswith('#'):
            continue
        if not raw.strip():
            finish()
            cur, field = None, None
            continue
        if not raw[0].isspace():
            finish()
            head = raw.split()
            if len(head) != 2 or ':' not in head[0]:
                raise ListError(f'{name}:{n}: expected "<file>:<line> <operator>", got {raw!r}')
            file, _, line = head[0].rpartition(':')
            if not line.isdigit():
                raise ListError(f'{name}:{n}: bad line number in {head[0]!r}')
            cur = {'file': file, 'line': int(line), 'op': head[1], 'before': [], 'after': [], 'why': '', 'at': n}
            field = None
            continue
        if cur is None:
            raise ListError(f'{name}:{n}: indented line outside an entry')
        body = raw.strip()
        if body.startswith('- ') or body == '-':
            cur['before'].append(body[2:])
            field = 'before'
        elif body.startswith('+ ') or body == '+':
            cur['after'].append(body[2:])
            field = 'after'
        elif body.startswith('why:'):
            cur['why'] = body[4:].strip()
            field = 'why'
        elif field == 'why':
            cur['why'] += ' ' + body
        else:
            raise ListError(f'{name}:{n}: expected "- ", "+ " or "why:" in an entry, got {raw!r}')
    finish()
    return entries


def load(path):
    with open(path) as fh:
        return parse(fh.read(), path)


def _text_key(file, op, before, after):
    return (file, op, normalize(before), normalize(after))


def match(entries, sites):
    """Map each entry to the one site (Mutant) it names, from the complete
    list of sites of the current sources. Returns ({site key: entry},
    [stale entries])."""
    by_text = {}
    for m in sites:
        by_text.setdefault(_text_key(m.file, m.op, m.before, m.after), []).append(m)
    named, stale = {}, []
    for e in entries:
        candidates = by_text.get(_text_key(e.file, e.op, e.before, e.after), [])
        if len(candidates) > 1:
            candidates = [m for m in candidates if m.line == e.line]
        if len(candidates) != 1:
            stale.append(e)
            continue
        named[candidates[0].key] = e
    return named, stale


def format_entry(m, why='<reason>'):
    """A list entry for a surviving mutant (printed for survivors, to review
    and paste)."""
    lines = [f'{m.file}:{m.line} {m.op}']
    lines += ['  - ' + x.strip() for x in m.before.splitlines()]
    lines += ['  + ' + x.strip() for x in m.after.splitlines()] or ['  + ']
    lines.append('  why: ' + why)
    return '\n'.join(lines)
