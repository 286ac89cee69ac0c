# SPDX-License-Identifier: Apache-2.0
"""The lines of a source that no host build compiles: those in a branch of
an #if/#ifdef/#ifndef/#elif/#else group that is false on every host build.
A mutant there cannot be killed by a host test (the RISC-V stub code of
include/pmu/riscv/csr_bank.hpp, for one); the QEMU suites judge that code.

Every host build (pmukit.mk's PMUKIT_HOST_CXXFLAGS, mk/host.mk) defines
PMU_HOST and PMU_HOST_XLEN (64, or 32 for the -xlen32 binaries), with GCC
or clang, for the build machine, which is none of the boards. A condition
is evaluated in three values, true, false and unknown, from what holds on
every one of those builds:

  defined(X), defined X, #ifdef X, #ifndef X
      true for PMU_HOST and PMU_HOST_XLEN, false for a RISC-V or SPARC
      compiler's own macros (__riscv, __riscv_xlen, __sparc__, ...),
      unknown for any other macro
  integer literals   true unless 0
  ! && || ( )        as in C; false && unknown is false, true || unknown
                     is true

Anything else (another identifier, a comparison, a macro's value) makes
its operand unknown. A line is host-dead only when a branch it is in is
certainly not taken; an unknown branch is never host-dead, so a region
that some host build compiles is never marked.
"""

import re

from .lexer import tokenize

# Defined by the command line of every host build.
HOST_DEFINED = frozenset({'PMU_HOST', 'PMU_HOST_XLEN'})
# Predefined only by a compiler for a RISC-V or SPARC target.
_TARGET_ONLY = re.compile(r'__(riscv|sparc)\w*$')

_CONDITION_TOKEN = re.compile(r'\s*(\d\w*|[A-Za-z_]\w*|&&|\|\||==|!=|<=|>=|<<|>>|\S)')
# An integer literal; the group that matched holds its digits.
_INTEGER = re.compile(r'(?:0[xX]([0-9a-fA-F]+)|0[bB]([01]+)|([1-9][0-9]*|0[0-7]*))[uUlL]*$')


def _and(values):
    values = list(values)
    if False in values:
        return False
    return True if all(v is True for v in values) else None


def _or(values):
    values = list(values)
    if True in values:
        return True
    return False if all(v is False for v in values) else None


def _not(value):
    return None if value is None else not value


def macro_defined(name):
    """Is name defined on every host build (True), on none (False), or
    is that not certain (None)?"""
    if name in HOST_DEFINED:
        return True
    if _TARGET_ONLY.match(name):
        return False
    return None


def _split(tokens, operator):
    """tokens split at operator where it is outside parentheses; None if
    the parentheses do not balance."""
    parts, depth, cur = [], 0, []
    for tok in tokens:
        if tok == '(':
            depth += 1
        elif tok == ')':
            depth -= 1
            if depth < 0:
                return None
        if tok == operator and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(tok)
    if depth != 0:
        return None
    parts.append(cur)
    return parts


def _balanced(tokens):
    """Do the parentheses of tokens pair up (so '(' tokens ')' is one group)?"""
    return _split(tokens, '||') is not None


def _evaluate(tokens):
    # || and && bind the loosest but for ?: and the comma, which are not
    # evaluated (unknown).
    if any(t in ('?', ':', ',') for t in tokens):
        return None
    alternatives = _split(tokens, '||')
    if alternatives is None:
        return None
    return _or(_and(_operand(o) for o in _split(alt, '&&')) for alt in alternatives)


def _operand(tokens):
    negations = 0
    while tokens and tokens[0] == '!':
        negations += 1
        tokens = tokens[1:]
    value = None
    if len(tokens) == 2 and tokens[0] == 'defined':
        value = macro_defined(tokens[1])
    elif len(tokens) == 4 and tokens[0] == 'defined' and tokens[1] == '(' and tokens[3] == ')':
        value = macro_defined(tokens[2])
    elif len(tokens) == 1 and _INTEGER.match(tokens[0]):
        digits = next(g for g in _INTEGER.match(tokens[0]).groups() if g is not None)
        value = digits.strip('0') != ''
    elif len(tokens) >= 2 and tokens[0] == '(' and tokens[-1] == ')' and _balanced(tokens[1:-1]):
        value = _evaluate(tokens[1:-1])
    for _ in range(negations):
        value = _not(value)
    return value


def evaluate(condition):
    """True, False or None (unknown) for an #if/#elif condition on every
    host build."""
    tokens = [m.group(1) for m in _CONDITION_TOKEN.finditer(condition)]
    return _evaluate(tokens) if tokens else None


def _directive(text):
    """(name, argument) of a directive's text after the '#'."""
    m = re.match(r'(\w*)\s*(.*)$', text, re.S)
    return m.group(1), m.group(2).strip()


def _defined_condition(argument, negated):
    m = re.match(r'[A-Za-z_]\w*', argument)
    value = macro_defined(m.group()) if m else None
    return _not(value) if negated else value


def host_dead_lines(src, directives=None):
    """The set of (1-based) line numbers of src that no host build compiles
    (the directive lines themselves are not in it). directives: those
    tokenize(src) collected, if the caller has them already."""
    if directives is None:
        directives = []
        tokenize(src, directives)
    total = src.count('\n') + 1
    dead = set()
    # One frame per open group: [some earlier branch was taken, this branch is taken],
    # each True, False or None (unknown).
    stack = []
    for d, nxt in zip(directives, directives[1:] + [None]):
        name, argument = _directive(d.text)
        if name in ('if', 'ifdef', 'ifndef'):
            if name == 'if':
                taken = evaluate(argument)
            else:
                taken = _defined_condition(argument, name == 'ifndef')
            stack.append([taken, taken])
        elif name in ('elif', 'elifdef', 'elifndef') and stack:
            earlier = stack[-1][0]
            if name == 'elif':
                condition = evaluate(argument)
            else:
                condition = _defined_condition(argument, name == 'elifndef')
            taken = _and([_not(earlier), condition])
            stack[-1] = [_or([earlier, condition]), taken]
        elif name == 'else' and stack:
            stack[-1] = [True, _not(stack[-1][0])]
        elif name == 'endif' and stack:
            stack.pop()
        if any(frame[1] is False for frame in stack):
            dead.update(range(d.last + 1, nxt.line if nxt else total + 1))
    return dead
