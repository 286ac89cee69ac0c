#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""RAM of static objects in a linked program (make bench).

    object_ram.py --objdump OBJDUMP --elf PROG.elf --scope NAMESPACE::

Prints, for every data object whose demangled name is in the namespace:
    object <bytes> <kind> <section> <name>
kind is "bss" (zero-initialised: costs no image bytes and no copy at
start-up), "data" (initialised: its bytes are in the image and copied to
RAM) or "rodata". The section comes from the symbol table, so a small
object the linker put in .sbss or .sdata is reported as such."""
import argparse
import subprocess
import sys

KIND = {".bss": "bss", ".sbss": "bss", ".tbss": "bss", ".data": "data", ".sdata": "data",
        ".tdata": "data", ".rodata": "rodata", ".srodata": "rodata"}


def kind_of(section):
    for prefix, kind in KIND.items():
        if section == prefix or section.startswith(prefix + "."):
            return kind
    return "other"


def objects(objdump, elf, scope):
    """[(bytes, kind, section, name)] of the data objects in scope."""
    out = subprocess.run([objdump, "-t", "-C", elf], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        # 0000000000011170 g     O .sbss	0000000000000010 bench_ram::name
        if "\t" not in line:
            continue
        head, tail = line.split("\t", 1)
        fields = head.split()
        if len(fields) < 3 or fields[-2] != "O":
            continue
        size_hex, _, name = tail.partition(" ")
        name = name.strip()
        # A symbol's visibility, if not default, comes before its name.
        for visibility in (".hidden ", ".protected ", ".internal "):
            if name.startswith(visibility):
                name = name[len(visibility):].strip()
        if name.startswith(scope):
            section = fields[-1]
            found.append((int(size_hex, 16), kind_of(section), section, name))
    return found


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--scope", required=True)
    a = ap.parse_args(argv)
    found = objects(a.objdump, a.elf, a.scope)
    for size, kind, section, name in sorted(found, key=lambda o: o[3]):
        print(f"object {size} {kind} {section} {name}")
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
