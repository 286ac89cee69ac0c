# SPDX-License-Identifier: Apache-2.0
"""The profile's picture, drawn by hand as SVG: the top functions by share
of samples, then, for the same functions, each event ratio the capture
allows (CPI, events per 1000 instructions)."""

from xml.sax.saxutils import escape

WIDTH = 960
LABEL_W = 330
BAR_W = 470
ROW_H = 18
MAX_RATIOS = 4
COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2']


def _text(x, y, s, size=12, anchor='start', weight='normal'):
    return (f'<text x="{x}" y="{y}" font-family="monospace" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(s)}</text>')


def _panel(out, y, title, rows, colour, unit):
    """One bar chart: rows of (label, value or None). Returns the next y."""
    out.append(_text(10, y + 14, title, 14, weight='bold'))
    y += 24
    top = max([v for _, v in rows if v is not None] + [0]) or 1
    for label, v in rows:
        short = label if len(label) <= 44 else label[:41] + '...'
        out.append(_text(LABEL_W - 8, y + 13, short, anchor='end'))
        if v is None:
            out.append(_text(LABEL_W + 4, y + 13, 'n/a'))
        else:
            w = max(1.0, BAR_W * v / top)
            out.append(f'<rect x="{LABEL_W}" y="{y + 3}" width="{w:.1f}" height="{ROW_H - 5}" fill="{colour}"/>')
            out.append(_text(LABEL_W + w + 6, y + 13, f'{v:.2f}{unit}'))
        y += ROW_H
    return y + 14


def svg(profile, top=15):
    rows = profile.rows[:top]
    h = profile.capture.header
    out = []
    y = 10
    out.append(_text(10, y + 16, f'pmukit record: {profile.total} samples of {h.trigger.name or "events"}, '
                                 f'one every {h.period} (board {h.board or "?"})', 15, weight='bold'))
    y += 34
    y = _panel(out, y, 'Share of samples by function (self)', [(r.name, profile.share(r)) for r in rows],
               COLOURS[0], '%')
    for i, name in enumerate(profile.ratio_names()[:MAX_RATIOS]):
        y = _panel(out, y, f'{name} by function', [(r.name, profile.ratios(r.events)[name]) for r in rows],
                   COLOURS[1 + i % (len(COLOURS) - 1)], '')
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y}" '
            f'viewBox="0 0 {WIDTH} {y}">')
    return '\n'.join([head, f'<rect width="{WIDTH}" height="{y}" fill="white"/>'] + out + ['</svg>']) + '\n'
