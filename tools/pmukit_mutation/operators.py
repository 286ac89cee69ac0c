# SPDX-License-Identifier: Apache-2.0
"""Mutation operators: every place in a source where one small, plausible
mistake can be made, as an exact text replacement.

  boundary          relational boundary: < <=, > >= (each way)
  negate            == !=, and an if/while condition wrapped in !( )
  constant          an integer literal off by one (+1, and -1 unless 0)
  andor             && ||
  remove-access     an expression statement that reads or writes a register
                    (typed register verbs, hal MMIO/CSR calls, driver wrappers)
  remove-statement  any other expression statement with a side effect
                    (a call, an assignment, ++/--)
  reorder           two adjacent expression statements that access registers,
                    at least one a write, swapped
  bitop             & |, &= |=, and a ~ dropped

Sites inside static_assert(...) are still produced, marked compile_time,
and so are sites in code no host build compiles (a branch of an #if that
is false with PMU_HOST, preprocessor.py), marked host_dead: the runner
reports both as invalid without building (the first can only change
whether the code compiles, no host test can see the second). Template
brackets, operator declarations, attributes, comments, literals and
preprocessor lines are never mutated.
"""

from dataclasses import dataclass, field

from .lexer import tokenize
from .preprocessor import host_dead_lines

OPERATORS = ('boundary', 'negate', 'constant', 'andor', 'remove-access', 'remove-statement', 'reorder',
             'bitop')

# Calls that access a register: the pmu::reg verbs, the hal seam, and driver
# helpers named after them (wr, rd, read_raw, modify_ctl, pulse_cfg, ...).
WRITE_VERBS = ('write', 'wr', 'modify', 'pulse', 'clear_w1c', 'mmio_write32', 'csr_write', 'csr_set',
               'csr_clear', 'csr_swap')
READ_VERBS = ('read', 'rd', 'mmio_read32', 'csr_read')

# First words of statements that are not expression statements.
_NOT_EXPRESSION = frozenset('''
    return break continue goto case default if else for while do switch using typedef static
    constexpr const volatile struct class enum union namespace template friend virtual explicit
    inline extern static_assert typename public private protected auto unsigned signed int bool
    char void long short float double register operator throw try catch
'''.split())
_BUILTIN_TYPES = frozenset('auto unsigned signed int bool char void long short float double const'.split())
_ASSIGNMENTS = frozenset('= += -= *= /= %= &= |= ^= <<= >>= ++ --'.split())
_BOUNDARY = {'<': '<=', '<=': '<', '>': '>=', '>=': '>'}


@dataclass
class Mutant:
    file: str          # path relative to the tree's root
    op: str
    line: int          # first line the mutant changes
    start: int         # offsets of the replaced text in the original source
    end: int
    replacement: str
    before: str = ''   # the whole lines the mutant changes, as they were
    after: str = ''    # the same lines mutated
    compile_time: bool = False  # only inside static_assert: invalid by definition
    col: int = 0       # column of the change in the first line
    unit: str = ''
    extra: dict = field(default_factory=dict)
    host_dead: bool = False  # only in code no host build compiles: no host test can kill it

    @property
    def unbuilt_reason(self):
        """Why the mutant is invalid without a build ('' if it is built)."""
        if self.compile_time:
            return 'changes only a static_assert'
        if self.host_dead:
            return 'not compiled by the host tests (target-only code; the QEMU suites judge it)'
        return ''

    @property
    def key(self):
        """Stable identity: where and what, independent of the sample."""
        return f'{self.file}:{self.line}:{self.start}:{self.op}:{self.replacement}'

    def apply(self, src):
        return src[:self.start] + self.replacement + src[self.end:]


def _verb_kind(name):
    for verbs, kind in ((WRITE_VERBS, 'write'), (READ_VERBS, 'read')):
        if any(name == v or name.startswith(v + '_') for v in verbs):
            return kind
    return None


def _typeish(tok):
    """An identifier that names a type by the house style (CamelCase,
    *_t, builtin) rather than a variable or a kConstant."""
    if tok.kind != 'ident':
        return False
    t = tok.text
    if t in _BUILTIN_TYPES or t.endswith('_t'):
        return True
    if t[0].isupper():
        return True
    return False


class _Analysis:
    """Bracket matching, template angle brackets and no-mutate regions of
    one token list."""

    def __init__(self, tokens):
        self.t = tokens
        self.match = {}
        stack = []
        pairs = {')': '(', ']': '[', '}': '{'}
        for i, tok in enumerate(tokens):
            if tok.kind != 'punct':
                continue
            if tok.text in '([{':
                stack.append(i)
            elif tok.text in pairs and stack and tokens[stack[-1]].text == pairs[tok.text]:
                j = stack.pop()
                self.match[i], self.match[j] = j, i
        self.paren_depth = []      # how many ( or [ each token is inside
        depth = 0
        for tok in tokens:
            if tok.kind == 'punct' and tok.text in (')', ']'):
                depth = max(0, depth - 1)
            self.paren_depth.append(depth)
            if tok.kind == 'punct' and tok.text in ('(', '['):
                depth += 1
        self.template = set()      # indices of template brackets
        self.template_close = {}   # '<' index -> its closing token index
        self.frozen = set()        # never mutated (template headers, attributes, operator names)
        self.static_assert = set()
        self._find_templates()
        self._find_regions()

    def text(self, i):
        return self.t[i].text if 0 <= i < len(self.t) else ''

    def _find_templates(self):
        t = self.t
        stops = {';', '{', '}', '&&', '||', '?'}
        for i, tok in enumerate(t):
            if tok.text != '<' or i in self.template:
                continue
            prev = t[i - 1] if i else None
            if prev is None:
                continue
            if prev.text == 'operator':
                self.frozen.add(i)
                continue
            if prev.kind != 'ident':
                continue
            depth, j, closes = 1, i + 1, []
            while j < len(t):
                x = t[j].text
                if x in ('(', '[') and j in self.match:
                    j = self.match[j] + 1
                    continue
                if x in stops or x in (')', ']'):
                    break
                if x == '<':
                    depth += 1
                elif x in ('>', '>>'):
                    depth -= len(x)
                    closes.append(j)
                    if depth <= 0:
                        self.template.add(i)
                        self.template.update(closes)
                        self.template_close[i] = j
                        break
                j += 1
            if prev.text == 'template' and i in self.template_close:
                self.frozen.update(range(i, self.template_close[i] + 1))

    def _find_regions(self):
        t = self.t
        for i, tok in enumerate(t):
            nxt = i + 1
            if tok.text in ('static_assert', '__attribute__', 'alignas', 'decltype') and self.text(nxt) == '(' \
                    and nxt in self.match:
                region = range(i, self.match[nxt] + 1)
                (self.static_assert if tok.text == 'static_assert' else self.frozen).update(region)
            if tok.text == 'operator':
                self.frozen.update((i + 1, i + 2))
            if tok.text == '[' and self.text(i + 1) == '[' and i in self.match:
                self.frozen.update(range(i, self.match[i] + 1))

    def is_relational(self, i):
        return self.t[i].text in _BOUNDARY and i not in self.template and i not in self.frozen

    def binary_operand_before(self, i):
        """Is the token before i the end of an operand (so t[i] is binary)?"""
        prev = self.t[i - 1] if i else None
        if prev is None:
            return False
        if prev.kind == 'number':
            return True
        if prev.kind == 'ident':
            return not _typeish(prev) and prev.text not in _NOT_EXPRESSION
        return prev.text in (')', ']') or (prev.text == '>' and i - 1 not in self.template)

    def control_close(self, i):
        """Is t[i] the ')' closing an if/for/while/switch header?"""
        if self.text(i) != ')' or i not in self.match:
            return False
        before = self.text(self.match[i] - 1)
        return before in ('if', 'for', 'while', 'switch') or (
            before == 'constexpr' and self.text(self.match[i] - 2) == 'if')

    def label_colon(self, i):
        if self.text(i) != ':':
            return False
        if self.text(i - 1) in ('default', 'public', 'private', 'protected'):
            return True
        j = i - 1
        while j >= 0 and self.t[j].text not in (';', '{', '}', ':', '?', '(', ')'):
            if self.t[j].text == 'case':
                return True
            j -= 1
        return False


@dataclass
class _Statement:
    first: int
    last: int          # the ';'
    after_control: bool
    expression: bool
    side_effect: bool
    access: set


def _statements(a):
    t = a.t
    for i, tok in enumerate(t):
        prev = i - 1
        p = a.text(prev)
        after_control = a.control_close(prev) or p == 'else'
        if not (i == 0 or p in (';', '{', '}') or after_control or a.label_colon(prev)):
            continue
        if tok.text in (';', '{', '}') or a.paren_depth[i] != 0:
            continue  # (a for header's clauses and lambdas in calls are not statements here)
        j = i
        while j < len(t):
            x = t[j].text
            if x in ('(', '[') and j in a.match:
                j = a.match[j] + 1
                continue
            if x == '{' and j in a.match and (t[j - 1].kind == 'ident' or j - 1 in a.template):
                j = a.match[j] + 1  # braced initialiser
                continue
            if x in ('{', '}', ';'):
                break
            j += 1
        if j >= len(t) or t[j].text != ';':
            continue
        yield _classify(a, i, j, after_control)


def _classify(a, i, j, after_control):
    t = a.t
    expression = True
    first = t[i]
    if first.text == '(' and a.text(i + 1) == 'void' and a.text(i + 2) == ')':
        pass
    elif first.kind == 'ident':
        if first.text in _NOT_EXPRESSION:
            expression = False
        else:
            k = i
            while k < j and t[k].kind == 'ident':
                k += 1
                if k in a.template_close:
                    k = a.template_close[k] + 1
                if a.text(k) == '::':
                    k += 1
                    continue
                break
            nxt = t[k] if k < j else None
            if nxt is not None and (nxt.kind == 'ident' or (
                    nxt.text in ('&', '*', '&&') and k + 1 < j and t[k + 1].kind == 'ident'
                    and a.text(k + 2) in ('=', ';', ',', '(', '{', '['))):
                expression = False
    elif first.text not in ('++', '--', '*', '('):
        expression = False
    side_effect = False
    access = set()
    for k in range(i, j):
        tok = t[k]
        if tok.text in _ASSIGNMENTS and k not in a.template:
            side_effect = True
        if tok.kind == 'ident':
            nxt = k + 1
            if nxt in a.template_close:
                nxt = a.template_close[nxt] + 1
            if a.text(nxt) == '(':
                side_effect = True
                kind = _verb_kind(tok.text)
                if kind:
                    access.add(kind)
    return _Statement(i, j, after_control, expression, side_effect, access)


def _format_number(text, delta):
    """text + delta in the literal's own base, digit count and letter case,
    suffix kept; None if not an integer literal or the result is negative."""
    body = text.rstrip('uUlL')
    suffix = text[len(body):]
    clean = body.replace("'", '')
    prefix, digits = (clean[:2], clean[2:]) if clean[:2].lower() in ('0x', '0b') else ('', clean)
    if not digits or not digits.isalnum():
        return None
    base = {'0x': 16, '0b': 2, '': 10}[prefix.lower()]
    try:
        new = int(digits, base) + delta
    except ValueError:
        return None
    if new < 0:
        return None
    if base == 16:
        out = format(new, 'x' if any(c in 'abcdef' for c in digits) else 'X')
    else:
        out = format(new, 'b' if base == 2 else 'd')
    return prefix + out.rjust(len(digits) if base != 10 else 0, '0') + suffix


def mutants_of(path, src):
    """Every mutant of one source text, in source order."""
    directives = []
    tokens = tokenize(src, directives)
    a = _Analysis(tokens)
    dead = host_dead_lines(src, directives)
    out = []

    def add(op, start, end, replacement, token_indices):
        compile_time = bool(token_indices) and all(k in a.static_assert for k in token_indices)
        m = _make(path, src, op, start, end, replacement, compile_time)
        last = m.line + src.count('\n', start, end)
        m.host_dead = all(n in dead for n in range(m.line, last + 1))
        out.append(m)

    for i, tok in enumerate(tokens):
        if i in a.frozen:
            continue
        x = tok.text
        if a.is_relational(i):
            add('boundary', tok.start, tok.end, _BOUNDARY[x], [i])
        elif x in ('==', '!=') and a.text(i - 1) != 'operator':
            add('negate', tok.start, tok.end, '!=' if x == '==' else '==', [i])
        elif x in ('&&', '||') and a.binary_operand_before(i):
            add('andor', tok.start, tok.end, '||' if x == '&&' else '&&', [i])
        elif x in ('&', '|') and (x == '|' or a.binary_operand_before(i)):
            add('bitop', tok.start, tok.end, '|' if x == '&' else '&', [i])
        elif x in ('&=', '|='):
            add('bitop', tok.start, tok.end, '|=' if x == '&=' else '&=', [i])
        elif x == '~' and not (a.text(i + 1)[:1].isupper() and a.text(i + 2) == '('):  # not a destructor
            add('bitop', tok.start, tok.end, '', [i])
        elif tok.kind == 'number':
            for delta in (1, -1):
                new = _format_number(x, delta)
                if new is not None:
                    add('constant', tok.start, tok.end, new, [i])
        elif x in ('if', 'while') and i not in a.static_assert:
            k = i + 1
            if a.text(k) == 'constexpr':
                k += 1
            if a.text(k) != '(' or k not in a.match:
                continue
            close = a.match[k]
            cond = k + 1
            for m in range(k + 1, close):
                if tokens[m].text == ';':
                    cond = m + 1
            if cond >= close:
                continue
            if any(tokens[m].text == '=' for m in range(cond, close)):
                continue  # a declaration as condition
            start, end = tokens[cond].start, tokens[close - 1].end
            add('negate', start, end, '!(' + src[start:end] + ')', [])

    statements = list(_statements(a))
    for s in statements:
        if not (s.expression and s.side_effect) or s.first in a.frozen:
            continue
        start, end = tokens[s.first].start, tokens[s.last].end
        body = src[start:end]
        replacement = ('{}' if s.after_control else '') + '\n' * body.count('\n')
        add('remove-access' if s.access else 'remove-statement', start, end, replacement,
            list(range(s.first, s.last + 1)))
    for s1, s2 in zip(statements, statements[1:]):
        if s2.first != s1.last + 1 or s1.after_control or s2.after_control:
            continue
        if not (s1.expression and s2.expression and s1.access and s2.access):
            continue
        if 'write' not in s1.access | s2.access:
            continue
        a1, e1 = tokens[s1.first].start, tokens[s1.last].end
        a2, e2 = tokens[s2.first].start, tokens[s2.last].end
        if src[a1:e1] == src[a2:e2]:
            continue
        add('reorder', a1, e2, src[a2:e2] + src[e1:a2] + src[a1:e1], list(range(s1.first, s2.last + 1)))
    out.sort(key=lambda m: (m.start, m.op, m.end, m.replacement))
    return out


def _make(path, src, op, start, end, replacement, compile_time):
    line_start = src.rfind('\n', 0, start) + 1
    line_end = src.find('\n', end)
    if line_end < 0:
        line_end = len(src)
    before = src[line_start:line_end]
    after = before[:start - line_start] + replacement + src[end:line_end]
    return Mutant(path, op, src.count('\n', 0, start) + 1, start, end, replacement, before, after, compile_time,
                  start - line_start)
