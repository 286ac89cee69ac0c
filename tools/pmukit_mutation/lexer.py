# SPDX-License-Identifier: Apache-2.0
"""A C/C++ tokenizer just good enough to find mutation sites: it skips
comments, string and character literals and preprocessor lines, and gives
every token its offset and line, so a mutant replaces exact source text.
The preprocessor lines it skips can be collected (preprocessor.py reads
the conditionals among them)."""

import re
from dataclasses import dataclass

# Longest first: the tokenizer takes the first punctuator that matches.
_PUNCTUATORS = sorted("""
    >>= <<= ... ->* :: -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^=
    { } [ ] ( ) ; : , . ? ~ ! + - * / % ^ & | = < > #
""".split(), key=len, reverse=True)

_IDENT = re.compile(r'[A-Za-z_]\w*')
_NUMBER = re.compile(r"(?:0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)(?:\.\d*)?[uUlLfF]*")
_SPACE = re.compile(r'\s+')


@dataclass
class Token:
    kind: str    # 'ident', 'number', 'punct', 'string', 'char'
    text: str
    start: int   # offset in the source
    line: int    # 1-based

    @property
    def end(self):
        return self.start + len(self.text)


def _skip_quoted(src, i, quote):
    """Offset just past the literal that opens with 'quote' at i."""
    i += 1
    while i < len(src) and src[i] != quote:
        i += 2 if src[i] == '\\' else 1
    return i + 1


@dataclass
class Directive:
    text: str    # after the '#': continuation lines joined, comments removed
    line: int    # its first line
    last: int    # its last line (after continuation lines or a comment)


def _comment_end(src, i):
    """Where the comment that starts at i ends: at the newline of a '//'
    comment (len(src) without one), past the '*/' of a '/*' comment
    (len(src) if unclosed). None if no comment starts at i."""
    if src.startswith('//', i):
        nl = src.find('\n', i)
        return len(src) if nl < 0 else nl
    if src.startswith('/*', i):
        end = src.find('*/', i + 2)
        return len(src) if end < 0 else end + 2
    return None


def _scan_directive(src, i):
    """(offset of the newline that ends the directive whose '#' is at i,
    or len(src); its text after the '#'). A block comment that starts in
    the directive and ends lines later belongs to it: the directive ends
    on the line the comment closes."""
    n = len(src)
    out = []
    i += 1
    while i < n:
        c = src[i]
        if c == '\n':
            break
        if c == '\\' and src.startswith('\n', i + 1):
            i += 2
            continue
        if c == '\\' and src.startswith('\r\n', i + 1):
            i += 3
            continue
        end = _comment_end(src, i)
        if end is not None:
            line_comment = src.startswith('//', i)
            i = end
            if line_comment:
                break
            out.append(' ')
            continue
        if c in '"\'':
            # A literal only if it closes on the line (an #error's apostrophe
            # does not open one).
            nl = src.find('\n', i + 1)
            close = src.find(c, i + 1, n if nl < 0 else nl)
            if close > 0:
                out.append(src[i:close + 1])
                i = close + 1
                continue
        out.append(c)
        i += 1
    return i, ''.join(out).strip()


def tokenize(src, directives=None):
    """Tokens of src, without comments, literals' contents and preprocessor
    lines (a '#' first on a line, with its continuation lines). Each
    preprocessor line is appended to the list 'directives' if one is given."""
    tokens = []
    i, line, at_line_start = 0, 1, True
    n = len(src)
    while i < n:
        c = src[i]
        if c == '\n':
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in ' \t\r\f\v':
            i += 1
            continue
        end = _comment_end(src, i)
        if end is not None:
            line += src.count('\n', i, end)  # none for a '//' comment: it ends at its newline
            i = end
            continue
        if c == '#' and at_line_start:
            end, text = _scan_directive(src, i)
            last = line + src.count('\n', i, end)
            if directives is not None:
                directives.append(Directive(text, line, last))
            line = last
            i = end
            continue
        at_line_start = False
        if c == '"' or c == "'":
            # A raw string R"(...)" is not expected in driver code; a quote
            # after an identifier or digit is a digit separator only inside
            # numbers, which _NUMBER consumes.
            end = _skip_quoted(src, i, c)
            tokens.append(Token('string' if c == '"' else 'char', src[i:end], i, line))
            line += src.count('\n', i, end)
            i = end
            continue
        m = _IDENT.match(src, i)
        if m:
            tokens.append(Token('ident', m.group(), i, line))
            i = m.end()
            continue
        m = _NUMBER.match(src, i)
        if m:
            tokens.append(Token('number', m.group(), i, line))
            i = m.end()
            continue
        for p in _PUNCTUATORS:
            if src.startswith(p, i):
                tokens.append(Token('punct', p, i, line))
                i += len(p)
                break
        else:
            tokens.append(Token('punct', c, i, line))
            i += 1
    return tokens


def normalize(text):
    """Whitespace-insensitive form of a piece of source (for matching)."""
    return _SPACE.sub(' ', text).strip()
