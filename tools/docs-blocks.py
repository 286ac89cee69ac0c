#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Docs that cannot drift (make test, step docs): every fenced code block of
README.md and docs/*.md is compiled with -Werror for the targets its
annotation names, the HTML comment on the line just before the fence:

  <!-- compile: host -->                       C++17, host build (PMU_HOST)
  <!-- compile: qemu-virt-rv64 qemu-leon3 --> C++17 with each board's flags
  <!-- compile: c host -->                     C11 (c goes before the targets)
  <!-- compile: fragment host -->              statements: wrapped in a function,
                                               the block's #include lines above it
  <!-- compile: no (reason) -->                shell, output, pseudo-code
  <!-- compile: file tests/external/x/y.cpp --> the block is that file of a
                                               project make test builds and runs
                                               (step external): it must equal it

One line per block and target: "PASS|FAIL docs <file>:<line>.<target>",
the compiler's messages (which name the Markdown file and line) under a
FAIL. A block without an annotation, or with one this tool does not know,
is a FAIL.

  docs-blocks.py [FILE.md...]     default: README.md docs/*.md
  docs-blocks.py --sync FILE.md   rewrite its "compile: file" blocks from
                                  the files they name
  docs-blocks.py --self-test      a broken block fails, a good one passes,
                                  a missing annotation fails
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(\s*)(```|~~~)(.*)$")
ANNOTATION = re.compile(r"^\s*<!--\s*compile:\s*(.*?)\s*-->\s*$")
WARN = ["-Wall", "-Wextra", "-Wshadow", "-Wundef", "-Werror"]
# A fragment's statements often name a result only to show it.
FRAGMENT_WARN = ["-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-unused-parameter"]
GEN_DIR = os.environ.get("PMUKIT_GEN_DIR", "build/gen")


def blocks(path):
    """(line of the fence, annotation or None, the block's lines)."""
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, fence = i, m.group(2)
        prev = lines[i - 1] if i > 0 else ""
        a = ANNOTATION.match(prev)
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        yield start + 1, (a.group(1) if a else None), body
        i += 1


_board_flags = {}


def board_tools(board, lang):
    """(compiler, flags) of a board's image objects, from the build itself."""
    if board not in _board_flags:
        out = subprocess.run(["make", "--no-print-directory", "-s", f"BOARD={board}", "print-CROSS_CXX",
                              "print-CROSS_CC", "print-IMAGE_CXXFLAGS", "print-IMAGE_CFLAGS"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            _board_flags[board] = None
        else:
            cxx, cc, cxxflags, cflags = out.stdout.split("\n")[:4]
            _board_flags[board] = {"cpp": (cxx, cxxflags.split()), "c": (cc, cflags.split())}
    tools = _board_flags[board]
    return tools[lang] if tools else None


def source_of(path, line, body, fragment, lang):
    """The translation unit: #line directives keep the Markdown file and line."""
    name = path.replace("\\", "/")
    if not fragment:
        return f'#line {line + 1} "{name}"\n' + "\n".join(body) + "\n"
    head, rest = [], []
    for n, text in enumerate(body):
        (head if text.lstrip().startswith("#include") else rest).append((line + 1 + n, text))
    out = [f'#line {n} "{name}"\n{t}' for n, t in head]
    out.append("void pmukit_doc_fragment(void);\nvoid pmukit_doc_fragment(void) {")
    out += [f'#line {n} "{name}"\n{t}' for n, t in rest]
    out.append("}")
    return "\n".join(out) + "\n"


def compile_block(path, line, body, fragment, lang, target):
    if target == "host":
        tool = ["gcc", "-std=c11", "-pedantic"] if lang == "c" else ["g++", "-std=c++17"]
        flags = ["-Iinclude", f"-I{GEN_DIR}", "-Isim/include", "-DPMU_HOST", "-DPMU_HOST_XLEN=64"]
    else:
        tools = board_tools(target, lang)
        if tools is None:
            return False, f"unknown target '{target}' (host, or a board of boards/)"
        tool, flags = [tools[0]], tools[1] + (["-std=c11"] if lang == "c" else [])
    cmd = tool + ["-Os"] + WARN + (FRAGMENT_WARN if fragment else []) + flags + \
        ["-x", "c" if lang == "c" else "c++", "-c", "-", "-o", os.devnull]
    src = source_of(path, line, body, fragment, lang)
    r = subprocess.run(cmd, input=src, capture_output=True, text=True)
    return r.returncode == 0, r.stderr


def check(files):
    jobs, results = [], []
    for path in files:
        for line, ann, body in blocks(path):
            where = f"{path}:{line}"
            if ann is None:
                results.append(("FAIL", where, "no <!-- compile: ... --> annotation on the line before the fence", ""))
                continue
            words = ann.split()
            if words[0] == "no":
                if not re.match(r"no\s*\(.+\)$", ann):
                    results.append(("FAIL", where, "compile: no needs a reason in parentheses", ""))
                continue
            if words[0] == "file":
                other = words[1] if len(words) > 1 else ""
                same = os.path.isfile(other) and open(other).read().rstrip("\n") == "\n".join(body).rstrip("\n")
                results.append(("PASS" if same else "FAIL", f"{where}.file",
                                "" if same else f"the block differs from {other}", ""))
                continue
            fragment = "fragment" in words
            lang = "c" if "c" in words else "cpp"
            targets = [w for w in words if w not in ("fragment", "c")]
            if not targets:
                results.append(("FAIL", where, f"compile: {ann}: no target", ""))
            for t in targets:
                jobs.append((path, line, body, fragment, lang, t))
    for r in results:
        yield r
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = [(j, pool.submit(compile_block, *j)) for j in jobs]
        for (path, line, _, _, lang, t), f in futures:
            ok, msg = f.result()
            yield ("PASS" if ok else "FAIL", f"{path}:{line}.{t}" + (".c" if lang == "c" else ""),
                   "" if ok else "does not compile", msg)


def run(files):
    failed = 0
    for status, what, why, detail in check(files):
        print(f"{status} docs {what}" + (f" ({why})" if why else ""), flush=True)
        if status == "FAIL":
            failed += 1
            for l in detail.strip().split("\n")[:30]:
                if l:
                    print(f"  | {l}", flush=True)
    return 1 if failed else 0


def self_test():
    cases = {
        "good.md": ("<!-- compile: host -->\n```cpp\n#include \"pmu/status.hpp\"\n"
                    "int f() { return static_cast<int>(pmu::Status::kOk); }\n```\n"
                    "<!-- compile: fragment host -->\n```cpp\n#include \"pmu/status.hpp\"\n"
                    "pmu::Status s = pmu::Status::kOk;\n```\n<!-- compile: no (shell) -->\n```sh\nmake\n```\n", 0),
        "broken.md": ("<!-- compile: host -->\n```cpp\nint f() { return undeclared; }\n```\n", 1),
        "warning.md": ("<!-- compile: host -->\n```cpp\nint f(unsigned a, int b) { return a < b; }\n```\n", 1),
        "bare.md": ("```cpp\nint x;\n```\n", 1),
    }
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, (text, want) in cases.items():
            path = os.path.join(tmp, name)
            open(path, "w").write(text)
            fails = sum(1 for s, *_ in check([path]) if s == "FAIL")
            if (fails > 0) != (want > 0):
                print(f"self-test: {name}: {fails} FAIL lines, expected {'some' if want else 'none'}")
                ok = False
    return 0 if ok else 1


def sync(path):
    """Replace each "compile: file X" block's body with X's text."""
    lines = open(path).read().split("\n")
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        a = ANNOTATION.match(lines[i])
        if a and a.group(1).split()[0] == "file" and i + 1 < len(lines) and FENCE.match(lines[i + 1]):
            fence = FENCE.match(lines[i + 1]).group(2)
            out.append(lines[i + 1])
            j = i + 2
            while j < len(lines) and not lines[j].strip().startswith(fence):
                j += 1
            out += open(a.group(1).split()[1]).read().rstrip("\n").split("\n")
            i = j
            continue
        i += 1
    open(path, "w").write("\n".join(out))
    return 0


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    if len(args) == 2 and args[0] == "--sync":
        return sync(args[1])
    return run(args or ["README.md"] + sorted(glob.glob("docs/*.md")))


if __name__ == "__main__":
    sys.exit(main())
