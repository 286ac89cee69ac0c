#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The dependency rules of docs/architecture.md, checked on the sources.

  check-deps.py [--root DIR] [--rules RULE,...]
      Exit 1 and list every violation of the chosen rules (default:
      include,boards,sim).
  check-deps.py --self-test
      Exit 0 only if every rule catches a violation planted in a scratch
      tree and passes a clean one.

Rules (what a folder's files may #include; a quoted include is resolved as
the compiler would: the file's own folder first, then the include roots):
  include  include/ includes only include/; src/ only include/ and src/
  boards   boards/ includes only include/ and boards/
  sim      sim/ includes only include/, sim/ and boards/common/board.hpp
           (a model's own host tests beside it, sim/**/*_test.cpp, are tests:
           they may also include tests/support/)
  mmio     no src/ file calls mmio_read32/mmio_write32/mmio_store32 directly: every MMIO
           access goes through typed registers (pmu::reg)
"""
import os
import re
import sys

from scratch_tree import scratch_tree, write

SOURCE_EXTS = (".c", ".h", ".cpp", ".hpp", ".inc", ".S")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
MMIO_CALL_RE = re.compile(r"\bmmio_(read|write|store)32\s*\(")
DEFAULT_RULES = ("include", "boards", "sim")

# rule -> (folders it governs, what their includes may resolve to). A target
# ending in "/" is a folder; otherwise one file.
INCLUDE_RULES = {
    "include": [("include/", ("include/",)), ("src/", ("include/", "src/"))],
    "boards": [("boards/", ("include/", "boards/"))],
    "sim": [("sim/", ("include/", "sim/", "boards/common/board.hpp"))],
}


# What a test that sits beside the code it tests may include besides.
TEST_BESIDE_PERMITS = ("tests/support/",)


def include_roots(root):
    """Every -I folder of the build, in the order a compiler would try them."""
    roots = ["include", "sim/include", "tests/support", "boards/common", "examples/common"]
    boards = os.path.join(root, "boards")
    if os.path.isdir(boards):
        roots += sorted(os.path.join("boards", b) for b in os.listdir(boards)
                        if b != "common" and os.path.isdir(os.path.join(boards, b)))
    return roots


def sources(root, folder):
    top = os.path.join(root, folder)
    for dirpath, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(SOURCE_EXTS):
                yield os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")


def resolve(root, rel_file, quoted, name, roots):
    """The repository path an include lands on, or None (a system header)."""
    candidates = ([os.path.dirname(rel_file)] if quoted else []) + roots
    for base in candidates:
        path = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if os.path.isfile(os.path.join(root, path)):
            return path
    return None


def allowed(target, permitted):
    return any(target == p or (p.endswith("/") and target.startswith(p)) for p in permitted)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def check(root, rules):
    problems = []
    roots = include_roots(root)
    for rule in rules:
        for folder, permitted in INCLUDE_RULES.get(rule, []):
            for f in sources(root, folder):
                extra = TEST_BESIDE_PERMITS if f.startswith("sim/") and f.endswith("_test.cpp") else ()
                with open(os.path.join(root, f), errors="replace") as fh:
                    for n, line in enumerate(fh, 1):
                        m = INCLUDE_RE.match(line)
                        if not m:
                            continue
                        target = resolve(root, f, m.group(1) == '"', m.group(2), roots)
                        if target is None:
                            if m.group(1) == '"':
                                problems.append(f"{f}:{n}: [{rule}] includes \"{m.group(2)}\", found in no include root")
                        elif not allowed(target, permitted + extra):
                            problems.append(f"{f}:{n}: [{rule}] includes {target}: {folder} may include only "
                                            + ", ".join(permitted))
        if rule == "mmio":
            for f in sources(root, "src/"):
                with open(os.path.join(root, f), errors="replace") as fh:
                    code = strip_comments(fh.read())
                for n, line in enumerate(code.split("\n"), 1):
                    if MMIO_CALL_RE.search(line):
                        problems.append(f"{f}:{n}: [mmio] calls {MMIO_CALL_RE.search(line).group(0)}...): "
                                        "use typed registers (pmu::reg)")
    return problems


def self_test():
    """Plant one violation per rule (and kind) in a scratch tree; each must be
    reported, by its rule, and the clean files must not be."""
    clean = {
        "include/pmu/a.hpp": '#include <stdint.h>\n#include "pmu/b.hpp"\n',
        "include/pmu/b.hpp": "#pragma once\n",
        "src/u/private.hpp": '#include "pmu/a.hpp"\n',
        "src/u/ok.cpp": '#include "pmu/a.hpp"\n#include "private.hpp"\n'
                        "// mmio_read32(base) in a comment is no call\n"
                        "int f() { return pmu::reg::read(base, kReg); }\n",
        "boards/common/board.hpp": '#include "riscv/frame.hpp"\n',
        "boards/common/riscv/frame.hpp": "#pragma once\n",
        "boards/b/board_config.hpp": "#pragma once\n",
        "boards/b/board.cpp": '#include "board.hpp"\n#include "board_config.hpp"\n#include "pmu/a.hpp"\n',
        "sim/include/pmu_sim/x.hpp": '#include "pmu/a.hpp"\n',
        "sim/runtime/ok.cpp": '#include "board.hpp"\n#include "pmu_sim/x.hpp"\n',
        "tests/support/qemu/test.hpp": '#include "pmu_sim/x.hpp"\n',
        "examples/common/e.hpp": "#pragma once\n",
        "sim/models/m_test.cpp": '#include "qemu/test.hpp"\n#include "pmu_sim/x.hpp"\n',
    }
    planted = {  # file -> the rule that must report it
        "include/pmu/bad.hpp": ('#include "../../sim/include/pmu_sim/x.hpp"\n', "include"),
        "src/u/bad_sim.cpp": ('#include "pmu_sim/x.hpp"\n', "include"),
        "src/u/bad_test.cpp": ('#include "qemu/test.hpp"\n', "include"),
        "src/u/bad_board.cpp": ('#include "board.hpp"\n', "include"),
        "boards/b/bad.cpp": ('#include "pmu_sim/x.hpp"\n', "boards"),
        "boards/b/bad_test.cpp": ('#include "qemu/test.hpp"\n', "boards"),
        "sim/runtime/bad_framework_use.cpp": ('#include "qemu/test.hpp"\n', "sim"),
        "sim/models/bad_example_test.cpp": ('#include "../../examples/common/e.hpp"\n', "sim"),
        "sim/soc/bad_example.cpp": ('#include "../../examples/common/e.hpp"\n', "sim"),
        "sim/soc/bad_board_data.cpp": ('#include "board_config.hpp"\n', "sim"),
        "src/u/bad_mmio.cpp": ("uint32_t g() { return hal::mmio_read32(base); }\n"
                               "void h() { pmu::hal::mmio_write32 (base, 1); }\n", "mmio"),
        "src/u/bad_mmio_store.cpp": ("void k() { hal::mmio_store32(base, 0x120, 1); }\n", "mmio"),
    }
    with scratch_tree(clean) as tmp:
        ok = True
        reported = check(tmp, INCLUDE_RULES.keys() | {"mmio"})
        if reported:
            print("clean tree reported:", *reported, sep="\n  ")
            ok = False
        for path, (text, rule) in planted.items():
            write(tmp, path, text)
            if not [p for p in check(tmp, [rule]) if p.startswith(path + ":")]:
                print(f"rule {rule} missed the violation in {path}")
                ok = False
            os.remove(os.path.join(tmp, path))
        return ok


def main(argv):
    if argv[1:] == ["--self-test"]:
        return 0 if self_test() else 1
    root, rules = ".", DEFAULT_RULES
    args = argv[1:]
    while args:
        if args[0] == "--root" and len(args) > 1:
            root, args = args[1], args[2:]
        elif args[0] == "--rules" and len(args) > 1:
            rules, args = tuple(r for r in args[1].split(",") if r), args[2:]
        else:
            print(__doc__)
            return 2
    unknown = [r for r in rules if r not in INCLUDE_RULES and r != "mmio"]
    if unknown:
        print("unknown rule(s):", *unknown)
        return 2
    problems = check(root, rules)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
