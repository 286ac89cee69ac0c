# SPDX-License-Identifier: Apache-2.0
"""A capture turned into a profile: samples per function (self and
inclusive through the call chains), the group's event counts per function
and their ratios (CPI, events per 1000 instructions), and folded stacks.

Each sample stands for one trigger period; the group deltas it carries are
the events since the previous sample and are charged to the sampled
function, as perf charges a sampling period."""

from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Dict, List

from .symbols import UNKNOWN

CYCLE_NAMES = ('cycles', 'cycle', 'cpu_cycles', 'mcycle')
INSTRUCTION_NAMES = ('instret', 'instructions', 'inst_retired', 'minstret', 'instrs')


def _is(name, names):
    leaf = name.lower().rsplit('.', 1)[-1]
    return leaf in names


@dataclass
class Row:
    name: str                 # function, or function at file:line
    location: str             # file:line
    samples: int = 0
    inclusive: int = 0
    events: Dict[str, int] = field(default_factory=dict)


class Profile:
    def __init__(self, capture, symbolizer, by='function'):
        self.capture = capture
        h = capture.header
        self.total = len(capture.samples)
        self.events = [c.name for c in h.group]
        # The trigger counts one period per sample: an event of its own
        # unless the group counts it too.
        self.trigger_event = h.trigger.name if h.trigger.name and h.trigger.name not in self.events else None
        if self.trigger_event:
            self.events.append(self.trigger_event)
        self.cycles = next((e for e in self.events if _is(e, CYCLE_NAMES)), None)
        self.instructions = next((e for e in self.events if _is(e, INSTRUCTION_NAMES)), None)
        # Return addresses point after the call (RISC-V): look up the call.
        back = 1 if h.chain == 'riscv-fp' else 0
        calls = [[ra - back if ra >= back else ra for ra in reversed(s.chain)] for s in capture.samples]
        line_of = symbolizer.lines([s.pc for s in capture.samples] + [a for c in calls for a in c]
                                   if by == 'line' else [])

        def identity(addr):
            """A row's key (the function, by its start: two static functions
            of one name are two rows; by line, also the line: a caller's is
            its call's), its label, the function's name and the location."""
            name, start = symbolizer.function_at(addr)
            if by == 'line':
                loc = line_of[addr]
                return (start, loc), f'{name} {loc}', name, loc
            return (start,), name, name, ''

        rows: Dict[tuple, Row] = OrderedDict()
        self.folded = Counter()
        self.folded_events = {e: Counter() for e in self.events}
        self.unknown = 0
        for s, call_sites in zip(capture.samples, calls):
            key, label, leaf, loc = identity(s.pc)
            self.unknown += leaf == UNKNOWN
            row = rows.get(key)
            if row is None:
                row = rows[key] = Row(label, loc, 0, 0, {e: 0 for e in self.events})
            row.samples += 1
            values = list(s.deltas) + ([h.period] if self.trigger_event else [])
            for e, v in zip(self.events, values):
                row.events[e] += v
            callers = [identity(a) for a in call_sites]
            # Each row once per sample, however often it is on the stack (recursion).
            for ckey, clabel, _, cloc in {c[0]: c for c in callers if c[0] != key}.values():
                rows.setdefault(ckey, Row(clabel, cloc, 0, 0, {e: 0 for e in self.events})).inclusive += 1
            row.inclusive += 1
            folded = ';'.join([c[2] for c in callers] + [leaf])
            self.folded[folded] += 1
            for e, v in zip(self.events, values):
                self.folded_events[e][folded] += v
        if by == 'function':
            starts = [k[0] for k in rows if k[0] is not None]
            where = symbolizer.lines(starts)
            for k, r in rows.items():
                r.location = where.get(k[0], '??:0') if k[0] is not None else '??:0'
        self.rows: List[Row] = sorted(rows.values(), key=lambda r: (-r.samples, -r.inclusive, r.name))
        self.totals = {e: sum(r.events[e] for r in self.rows) for e in self.events}

    def share(self, row):
        return 100.0 * row.samples / self.total

    def inclusive_share(self, row):
        return 100.0 * row.inclusive / self.total

    def ratios(self, events):
        """Named ratios of an event dict: CPI, and each other event per
        1000 instructions, where the capture counts what they need."""
        out = OrderedDict()
        ins = events.get(self.instructions, 0) if self.instructions else 0
        if self.cycles and self.instructions:
            out['CPI'] = events[self.cycles] / ins if ins else None
        if self.instructions:
            for e in self.events:
                if e not in (self.cycles, self.instructions):
                    out[f'{e}/kinst'] = 1000.0 * events[e] / ins if ins else None
        return out

    def ratio_names(self):
        return list(self.ratios({e: 0 for e in self.events}).keys())

    def folded_lines(self, weight=None):
        counts = self.folded if weight is None else self.folded_events[weight]
        return [f'{stack} {n}' for stack, n in sorted(counts.items()) if n]
