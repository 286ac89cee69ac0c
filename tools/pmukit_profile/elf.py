# SPDX-License-Identifier: Apache-2.0
"""What pmukit-profile needs from an ELF file: its class, byte order and
machine (to pick the cross binutils), the bytes at an address range (to
check a code hash), and its GNU build id (from readelf -n)."""

import re
import shutil
import struct
import subprocess
import zlib

from . import ProfileError

EM_SPARC, EM_SPARC32PLUS, EM_SPARCV9, EM_RISCV = 2, 18, 43, 243
MACHINES = {EM_SPARC: 'sparc', EM_SPARC32PLUS: 'sparc', EM_SPARCV9: 'sparc', EM_RISCV: 'riscv'}
SHT_NOBITS = 8
SHF_ALLOC = 2


class Elf:
    def __init__(self, path):
        self.path = path
        try:
            with open(path, 'rb') as f:
                self.data = f.read()
        except OSError as e:
            raise ProfileError(f'{path}: {e.strerror}')
        d = self.data
        if d[:4] != b'\x7fELF' or d[4] not in (1, 2) or d[5] not in (1, 2):
            raise ProfileError(f'{path}: not an ELF file')
        self.bits = 32 if d[4] == 1 else 64
        self.order = '<' if d[5] == 1 else '>'
        self.machine_number = struct.unpack_from(self.order + 'H', d, 18)[0]
        self.machine = MACHINES.get(self.machine_number, f'machine {self.machine_number}')
        self.sections = self._sections()

    def _sections(self):
        d, o = self.data, self.order
        if self.bits == 32:
            shoff, = struct.unpack_from(o + 'I', d, 32)
            shentsize, shnum, shstrndx = struct.unpack_from(o + 'HHH', d, 46)
            fmt = o + 'IIIIIIIIII'
        else:
            shoff, = struct.unpack_from(o + 'Q', d, 40)
            shentsize, shnum, shstrndx = struct.unpack_from(o + 'HHH', d, 58)
            fmt = o + 'IIQQQQIIQQ'
        try:
            raw = [struct.unpack_from(fmt, d, shoff + i * shentsize) for i in range(shnum)]
            names_at = raw[shstrndx][4]
        except (struct.error, IndexError):
            raise ProfileError(f'{self.path}: truncated ELF (its section table is cut)')
        out = []
        for name, kind, flags, addr, offset, size, *_ in raw:
            end = d.find(b'\0', names_at + name)
            out.append((d[names_at + name:end].decode('ascii', 'replace'), kind, flags, addr, offset, size))
        return out

    def read(self, start, size):
        """The loaded image's bytes in [start, start + size): section
        contents, zeros where no section loads anything."""
        out = bytearray(size)
        for _, kind, flags, addr, offset, length in self.sections:
            if not flags & SHF_ALLOC or kind == SHT_NOBITS:
                continue
            lo, hi = max(addr, start), min(addr + length, start + size)
            if lo < hi:
                out[lo - start:hi - start] = self.data[offset + lo - addr:offset + hi - addr]
        return bytes(out)

    def text_crc32(self, start, size):
        return zlib.crc32(self.read(start, size))

    def build_id(self, readelf='readelf'):
        """The GNU build id as readelf -n prints it (hex), or None."""
        tool = shutil.which(readelf)
        if tool is None:
            raise ProfileError(f'{readelf} not found: install binutils')
        out = subprocess.run([tool, '-n', self.path], capture_output=True, text=True).stdout
        m = re.search(r'Build ID:\s*([0-9a-fA-F]+)', out)
        return m.group(1).lower() if m else None
