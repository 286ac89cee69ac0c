# SPDX-License-Identifier: Apache-2.0
"""Addresses to functions and source lines with the cross binutils of the
ELF's machine: nm for the function table, addr2line for file:line."""

import bisect
import os
import shutil
import subprocess

from . import ProfileError

PREFIXES = {'riscv': ['riscv64-unknown-elf-', 'riscv64-linux-gnu-', 'riscv32-unknown-elf-'],
            'sparc': ['sparc64-linux-gnu-', 'sparc-elf-', 'sparc-rtems-']}
PACKAGES = {'riscv': 'binutils-riscv64-unknown-elf', 'sparc': 'binutils-sparc64-linux-gnu'}
UNKNOWN = '??'


def find_tool(machine, name, prefix=None):
    """The cross tool 'name' (nm, addr2line) for an ELF machine."""
    for p in [prefix] if prefix is not None else PREFIXES.get(machine, []):
        tool = shutil.which(p + name)
        if tool:
            return tool
    wanted = (prefix or PREFIXES.get(machine, [''])[0]) + name
    package = PACKAGES.get(machine, 'the cross binutils of this machine')
    raise ProfileError(f'{wanted} not found: install {package} (or name a prefix with --cross)')


class Symbolizer:
    def __init__(self, elf, prefix=None):
        self.elf = elf
        self.nm = find_tool(elf.machine, 'nm', prefix)
        self.addr2line = find_tool(elf.machine, 'addr2line', prefix)
        self._starts, self._ends, self._names = self._functions()
        self._lines = {}

    def _functions(self):
        out = subprocess.run([self.nm, '-C', '-n', '-S', '--defined-only', self.elf.path],
                             capture_output=True, text=True)
        if out.returncode != 0:
            raise ProfileError(f'{os.path.basename(self.nm)} failed on {self.elf.path}: {out.stderr.strip()}')
        table = {}
        for line in out.stdout.splitlines():
            parts = line.split(None, 3)
            if len(parts) == 4 and parts[2] in 'TtWw':
                start, size = int(parts[0], 16), int(parts[1], 16)
                if size and start not in table:
                    table[start] = (start + size, parts[3])
        starts = sorted(table)
        return starts, [table[s][0] for s in starts], [table[s][1] for s in starts]

    def function(self, addr):
        i = bisect.bisect_right(self._starts, addr) - 1
        if i >= 0 and addr < self._ends[i]:
            return self._names[i]
        return UNKNOWN

    def function_at(self, addr):
        """(name, start) of the function holding addr; (UNKNOWN, None) outside
        every function. Two static functions of one name differ by start."""
        i = bisect.bisect_right(self._starts, addr) - 1
        if i >= 0 and addr < self._ends[i]:
            return self._names[i], self._starts[i]
        return UNKNOWN, None

    def lines(self, addrs):
        """file:line of each address (cached); '??:0' where unknown."""
        todo = sorted({a for a in addrs if a not in self._lines})
        if todo:
            out = subprocess.run([self.addr2line, '-e', self.elf.path],
                                 input='\n'.join(f'{a:#x}' for a in todo) + '\n',
                                 capture_output=True, text=True)
            if out.returncode != 0:
                raise ProfileError(f'{os.path.basename(self.addr2line)} failed on {self.elf.path}: '
                                   f'{out.stderr.strip()}')
            for a, line in zip(todo, out.stdout.splitlines()):
                self._lines[a] = _short_location(line)
        return {a: self._lines.get(a, '??:0') for a in addrs}


def _short_location(line):
    """'dir/file.c:12 (discriminator 3)' -> 'file.c:12'."""
    loc = line.split(' (')[0].strip()
    path, _, number = loc.rpartition(':')
    return f'{os.path.basename(path) or "??"}:{number or "0"}'
