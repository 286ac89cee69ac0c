#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Bytes of .text a feature set costs in a linked program (make bench).

    feature_size.py --nm NM --elf PROG.elf --count SCOPE [--count SCOPE ...]
                    [--libgcc] [--feature NAME ...]

Counts every function symbol of PROG.elf (linked with --gc-sections, so only
what the features reach is there) whose qualified name lies in one of the
SCOPEs (a namespace or class prefix such as "pmu::" or "bench_ref::"), plus,
with --libgcc, the C runtime helpers the compiler called (names starting with
"__", e.g. libgcc's __ashldi3). Each function is printed with its size; a
clone (foo.constprop.0, foo.isra.0, foo.part.0) counts under the function it
was cloned from. Each --feature NAME (a qualified name, template arguments
left out, matched as a suffix: "SafeSU::route" matches
"pmu::safesu::SafeSU::route") is reported as out of line (its symbols) or
inlined (no symbol of its own: its code is counted in its callers).

Output: one line per counted symbol, one per feature, then
    text=<bytes> functions=<n> features=<out of line>/<listed> inlined=<n>

The names come from the demangled symbol, parsed: parameter lists (which may
hold namespaced types such as pmu::safesu::Route const*), return types of
template functions, template arguments and clone suffixes are taken apart
structurally, never by splitting the line on "::".
"""
import argparse
import re
import subprocess
import sys

CLONE = re.compile(r"\s*\[clone [^\]]*\]$")
SUFFIX_QUALIFIERS = (" const", " volatile", " &&", " &", " noexcept")


def _match_back(s, end, open_ch, close_ch):
    """Index of the bracket opening the one that closes at s[end]."""
    depth = 0
    for i in range(end, -1, -1):
        if s[i] == close_ch:
            depth += 1
        elif s[i] == open_ch:
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced {open_ch}{close_ch} in {s!r}")


def _split_top(s, sep):
    """Split s on sep where sep is outside every (), <>, [] and {}."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(s):
        c = s[i]
        if s.startswith("operator", i):  # operator<, operator<<, operator() ...
            m = re.match(r"operator\s*(\(\)|\[\]|<<=?|>>=?|<=>?|>=?|->\*?|[-+*/%^&|~!=,]=?|new|delete)?", s[i:])
            i += m.end()
            continue
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif depth == 0 and s.startswith(sep, i):
            parts.append(s[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(s[start:])
    return parts


def _strip_template_args(component):
    """'Unit<pmu::safesu::FixedPlace<...> >' -> 'Unit' (not for operator<)."""
    if component.startswith("operator") or "<" not in component or not component.endswith(">"):
        return component
    return component[: _match_back(component, len(component) - 1, "<", ">")]


def qualified_name(demangled):
    """The function's qualified name without parameters, return type,
    template arguments or clone suffix:
    'pmu::Status pmu::safesu::Unit<P>::route(unsigned int, unsigned int) const [clone .isra.0]'
    -> 'pmu::safesu::Unit::route'. A C name comes back unchanged."""
    s = demangled.strip()
    while CLONE.search(s):
        s = CLONE.sub("", s)
    changed = True
    while changed:
        changed = False
        for q in SUFFIX_QUALIFIERS:
            if s.endswith(q):
                s, changed = s[: -len(q)].rstrip(), True
    if s.endswith(")"):
        s = s[: _match_back(s, len(s) - 1, "(", ")")]
    # A template function's demangled name starts with its return type:
    # the name is what follows the last top-level space.
    s = _split_top(s, " ")[-1]
    # A function returning a function pointer: 'void (*ns::f(int))(int)'.
    if s.startswith(("(*", "(&")) and s.endswith(")"):
        return qualified_name(s[2:-1])
    return "::".join(_strip_template_args(c) for c in _split_top(s, "::"))


def in_scope(name, scopes):
    return any(name == s.rstrip(":") or name.startswith(s if s.endswith("::") else s + "::") for s in scopes)


def is_libgcc(name):
    return name.startswith("__") and "::" not in name


def read_symbols(nm, elf):
    """[(size, raw demangled name)] of the text symbols of elf (W: an inline
    function or template instance kept out of line)."""
    out = subprocess.run([nm, "-S", "-C", "--defined-only", elf], capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split(None, 3)
        if len(parts) == 4 and parts[2] in ("T", "t", "W"):
            syms.append((int(parts[1], 16), parts[3]))
    return syms


def measure(symbols, scopes, libgcc, features):
    """Returns (counted [(size, name, raw)], feature report [(feature, [names])], total)."""
    counted = []
    for size, raw in symbols:
        name = qualified_name(raw)
        if in_scope(name, scopes) or (libgcc and is_libgcc(name)):
            counted.append((size, name, raw))
    report = []
    for f in features:
        hits = [raw for _, name, raw in counted if name == f or name.endswith("::" + f)]
        report.append((f, hits))
    return counted, report, sum(size for size, _, _ in counted)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nm", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--count", action="append", default=[], help="namespace or class prefix to count")
    ap.add_argument("--libgcc", action="store_true", help="also count C runtime helpers (__*)")
    ap.add_argument("--feature", action="append", default=[], help="a function the feature set calls")
    a = ap.parse_args(argv)
    counted, report, total = measure(read_symbols(a.nm, a.elf), a.count, a.libgcc, a.feature)
    for size, name, raw in sorted(counted, key=lambda c: c[1]):
        print(f"function {size:5d} {raw}")
    inlined = 0
    for f, hits in report:
        if hits:
            print(f"feature out-of-line {f}")
        else:
            inlined += 1
            print(f"feature inlined {f}")
    print(f"text={total} functions={len(counted)} features={len(report) - inlined}/{len(report)} inlined={inlined}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
