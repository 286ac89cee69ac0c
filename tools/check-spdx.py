#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every source file carries the licence: an SPDX-License-Identifier line
for Apache-2.0 in its first lines (after a #! line, if any).

  check-spdx.py [--root DIR]   exit 1 and list the sources without it
  check-spdx.py --self-test    exit 0 only if a source without the line is
                               caught and sources with it (in each comment
                               style) pass

Sources: C, C++, headers, assembler, make, shell, Python, linker scripts,
CMake, and any file that starts with #!. build/ and .git/ are not looked at.
"""
import os
import sys

from scratch_tree import scratch_tree

SPDX = "SPDX-License-Identifier: Apache-2.0"
EXTS = (".c", ".h", ".cpp", ".hpp", ".inc", ".S", ".s", ".ld", ".mk", ".sh", ".py", ".cmake")
NAMES = ("Makefile", "CMakeLists.txt")
SKIP_DIRS = {".git", "build"}
HEAD_LINES = 3  # the line, after a possible #! line and an encoding line


def is_source(path):
    name = os.path.basename(path)
    if name.endswith(EXTS) or name in NAMES:
        return True
    try:
        with open(path, "rb") as fh:
            return fh.read(2) == b"#!"
    except OSError:
        return False


def missing(root):
    out = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            if not is_source(path):
                continue
            with open(path, errors="replace") as fh:
                head = [fh.readline() for _ in range(HEAD_LINES)]
            if not any(SPDX in line for line in head):
                out.append(os.path.relpath(path, root))
    return out


def self_test():
    files = {
        "src/ok.cpp": f"// {SPDX}\nint x;\n",
        "boards/ok.S": f"/* {SPDX} */\n",
        "linker/ok.ld": f"/* {SPDX} */\n",
        "tools/ok.sh": f"#!/usr/bin/env bash\n# {SPDX}\n",
        "mk/ok.mk": f"# {SPDX}\n",
        "tools/bad.py": "#!/usr/bin/env python3\nprint('no licence')\n",
        "Makefile": "all:\n",
        "src/late.hpp": "#pragma once\n\n\n\n" + f"// {SPDX}\n",  # too late to count
        "docs/notes.md": "not a source\n",
        "build/gen.cpp": "generated, not looked at\n",
    }
    want = ["Makefile", os.path.join("src", "late.hpp"), os.path.join("tools", "bad.py")]
    with scratch_tree(files) as tmp:
        got = missing(tmp)
    if got != want:
        print("expected", want, "got", got)
        return False
    return True


def main(argv):
    if argv[1:] == ["--self-test"]:
        return 0 if self_test() else 1
    root = argv[2] if argv[1:2] == ["--root"] and len(argv) > 2 else "."
    bad = missing(root)
    for path in bad:
        print(f"{path}: no '{SPDX}' line at the top")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
