#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A consumer built from the installed tree only: no path in its build
commands leads into pmukit's source tree (anything under SOURCE that is not
under SOURCE/build, where the fresh prefix and the consumer copies live).

  check-consumer-paths.py SOURCE DIR:LOG...
      LOG: the commands of a build run in DIR (CMake --verbose output,
      compile_commands.json, make's echo). Relative paths are taken from DIR.
      Exit 1 and list each offending path with its log.
  check-consumer-paths.py --self-test
      Exit 0 only if a -I into the source tree (absolute or relative) is
      caught and a build using only the build tree passes.
"""
import os
import re
import sys
import tempfile

TOKEN_SPLIT = re.compile(r"[\s,=\"';:]+")


def inside(path, top):
    return path == top or path.startswith(top + os.sep)


def offending(source, cwd, text):
    source = os.path.realpath(source)
    allowed = os.path.join(source, "build")
    bad = set()
    for tok in TOKEN_SPLIT.split(text):
        # -I/x, -L/x, -T/x, -include /x: strip the option letters.
        tok = re.sub(r"^-(I|L|T|isystem|iquote|include)", "", tok)
        if "/" not in tok or tok.startswith("-"):
            continue
        path = os.path.realpath(os.path.join(cwd, tok))
        if inside(path, source) and not inside(path, allowed):
            bad.add(tok)
    return sorted(bad)


def check(source, pairs):
    failures = 0
    for pair in pairs:
        cwd, log = pair.split(":", 1)
        with open(log, errors="replace") as fh:
            bad = offending(source, cwd, fh.read())
        for b in bad:
            print(f"  {log}: {b}")
        failures += len(bad)
    return failures


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "src")
        for d in ("include/pmu", "build/prefix/include", "build/consumer"):
            os.makedirs(os.path.join(src, d))
        consumer = os.path.join(src, "build/consumer")
        good = f"g++ -I{src}/build/prefix/include -c main.cpp -o main.o\n"
        cases = {
            "absolute -I into the tree": (f"g++ -I{src}/include -c main.cpp\n", 1),
            "relative -I into the tree": ("g++ -I../../include -c main.cpp\n", 1),
            "only the build tree": (good, 0),
        }
        ok = True
        for name, (text, want) in cases.items():
            got = len(offending(src, consumer, text))
            if (got > 0) != (want > 0):
                print(f"self-test: {name}: {got} offending paths, expected {'some' if want else 'none'}")
                ok = False
        return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    return 1 if check(sys.argv[1], sys.argv[2:]) else 0


if __name__ == "__main__":
    sys.exit(main())
