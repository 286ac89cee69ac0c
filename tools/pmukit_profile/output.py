# SPDX-License-Identifier: Apache-2.0
"""A profile as text (the flat profile), CSV and JSON."""

import csv
import io
import json


def _fmt(v, digits=2):
    return '-' if v is None else f'{v:.{digits}f}'


def describe(capture):
    h = capture.header
    jitter = f' +-{1 << (h.jitter_bits - 1)}' if h.jitter_bits else ''
    return (f'{len(capture.samples)} samples, one every {h.period}{jitter} {h.trigger.name or "events"} '
            f'({h.trigger.unit} counter {h.trigger.index}); board {h.board or "?"}, {h.arch}, '
            f'{h.word_bits}-bit; image {h.image_kind} {h.image_id.hex()}')


def flat(profile, top=None):
    ratio_names = profile.ratio_names()
    rows = profile.rows[:top] if top else profile.rows
    head = ['samples', '%', 'incl%'] + ratio_names
    table = [[str(r.samples), _fmt(profile.share(r)), _fmt(profile.inclusive_share(r))] +
             [_fmt(v) for v in profile.ratios(r.events).values()] + [r.name, r.location] for r in rows]
    widths = [max([len(head[i])] + [len(t[i]) for t in table]) for i in range(len(head))]
    name_w = max([8] + [len(t[len(head)]) for t in table])
    lines = ['  '.join(h.rjust(w) for h, w in zip(head, widths)) + '  ' + 'function'.ljust(name_w) + '  location']
    for t in table:
        lines.append('  '.join(c.rjust(w) for c, w in zip(t, widths)) + '  ' + t[len(head)].ljust(name_w) +
                     '  ' + t[len(head) + 1])
    totals = ', '.join(f'{e} {v}' for e, v in profile.totals.items())
    overall = ', '.join(f'{k} {_fmt(v)}' for k, v in profile.ratios(profile.totals).items())
    lines.append(f'total: {profile.total} samples; {totals}' + (f'; {overall}' if overall else ''))
    if profile.unknown:
        lines.append(f'note: {profile.unknown} samples fall outside every function of the ELF')
    return '\n'.join(lines) + '\n'


def to_csv(profile):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator='\n')
    ratio_names = profile.ratio_names()
    w.writerow(['function', 'location', 'samples', 'percent', 'inclusive_samples', 'inclusive_percent'] +
               profile.events + ratio_names)
    for r in profile.rows:
        ratios = profile.ratios(r.events)
        w.writerow([r.name, r.location, r.samples, f'{profile.share(r):.4f}', r.inclusive,
                    f'{profile.inclusive_share(r):.4f}'] + [r.events[e] for e in profile.events] +
                   ['' if ratios[k] is None else f'{ratios[k]:.6g}' for k in ratio_names])
    return buf.getvalue()


def to_json(profile):
    c = profile.capture
    h = c.header
    doc = {
        'format': 'pmukit-profile/1',
        'capture': {
            'version': h.version, 'board': h.board, 'arch': h.arch, 'word_bits': h.word_bits,
            'image': {'kind': h.image_kind, 'id': h.image_id.hex()},
            'trigger': vars(h.trigger), 'period': h.period, 'jitter_bits': h.jitter_bits,
            'chain': h.chain, 'max_depth': h.max_depth, 'group': [vars(g) for g in h.group],
            'samples': len(c.samples), 'dropped': c.dropped, 'source': c.source,
        },
        'totals': profile.totals,
        'ratios': profile.ratios(profile.totals),
        'functions': [{
            'name': r.name, 'location': r.location, 'samples': r.samples,
            'percent': round(profile.share(r), 4), 'inclusive_samples': r.inclusive,
            'inclusive_percent': round(profile.inclusive_share(r), 4), 'events': r.events,
            'ratios': profile.ratios(r.events),
        } for r in profile.rows],
    }
    return json.dumps(doc, indent=2) + '\n'
