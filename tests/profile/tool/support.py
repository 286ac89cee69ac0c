# SPDX-License-Identifier: Apache-2.0
"""What the pmukit-profile tests share: captures written by the library
(make_capture), running the tool, and small ELFs built with the cross
compilers."""

import os
import re
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
TOOL = os.path.join(ROOT, 'tools', 'pmukit-profile')
sys.path.insert(0, os.path.join(ROOT, 'tools'))


def scratch(test):
    """A fresh directory for one test."""
    base = os.environ.get('PMUKIT_PROFILE_TMP') or os.path.join(ROOT, 'build', 'host', 'profile', 'tool')
    path = os.path.join(base, test.id().replace('.', '_'))
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def make_capture(directory, spec, name='capture', dump=False):
    """Writes the capture of 'spec' (make_capture's language) with the
    library's ring and writer; returns the text path (and the dump path)."""
    exe = os.environ.get('PMUKIT_MAKE_CAPTURE')
    if not exe or not os.path.exists(exe):
        raise unittest.SkipTest('PMUKIT_MAKE_CAPTURE is not set (run through make profile-run)')
    text = os.path.join(directory, name + '.txt')
    args = [exe, '--text', text]
    if dump:
        args += ['--dump', os.path.join(directory, name + '.bin')]
    subprocess.run(args, input=spec, text=True, check=True)
    return (text, os.path.join(directory, name + '.bin')) if dump else text


def run_tool(*args):
    return subprocess.run([sys.executable, TOOL] + [str(a) for a in args], capture_output=True, text=True)


# The workload the symbolization tests profile. Line numbers are found in
# this text, not from binutils.
WORKLOAD_C = '''\
volatile int sink;

__attribute__((noinline)) void leaf_a(int n) {
  for (int i = 0; i < n; ++i) sink += i;
}

__attribute__((noinline)) void leaf_b(int n) {
  for (int i = 0; i < n; ++i) sink ^= i;
}

__attribute__((noinline)) void caller(int n) {
  leaf_a(n);
  leaf_b(n);
}

void _start(void) {
  for (;;) caller(SALT);
}
'''

COMPILERS = {
    'riscv': ['riscv64-unknown-elf-gcc', '-march=rv64imac', '-mabi=lp64', '-mcmodel=medany',
              '-Wl,-Ttext=0x80000000'],
    'sparc': ['sparc64-linux-gnu-gcc', '-m32', '-mcpu=leon3', '-fno-pie', '-no-pie', '-static',
              '-Wl,-Ttext=0x40000000'],
}
NM = {'riscv': 'riscv64-unknown-elf-nm', 'sparc': 'sparc64-linux-gnu-nm'}


def line_of(needle):
    return WORKLOAD_C.splitlines().index(next(l for l in WORKLOAD_C.splitlines() if needle in l)) + 1


class Elf:
    """A workload ELF: path, build id and {function: (start, size)}."""

    def __init__(self, directory, arch, salt=3, build_id=True, extra=None):
        """extra: {file name: C source} linked in too (their functions are in
        `all_functions` as (name, start, size), which keeps same-name statics)."""
        if shutil.which(COMPILERS[arch][0]) is None:
            raise unittest.SkipTest(f'{COMPILERS[arch][0]} is not installed')
        src = os.path.join(directory, 'workload.c')
        with open(src, 'w') as f:
            f.write(WORKLOAD_C)
        sources = [src]
        for name, text in (extra or {}).items():
            sources.append(os.path.join(directory, name))
            with open(sources[-1], 'w') as f:
                f.write(text)
        self.path = os.path.join(directory, f'workload-{arch}-{salt}.elf')
        cmd = COMPILERS[arch] + ['-O1', '-g', '-fno-omit-frame-pointer', '-nostdlib', f'-DSALT={salt}',
                                 '-Wl,--build-id=sha1' if build_id else '-Wl,--build-id=none', *sources, '-o', self.path]
        subprocess.run(cmd, check=True, capture_output=True)
        notes = subprocess.run(['readelf', '-n', self.path], capture_output=True, text=True).stdout
        m = re.search(r'Build ID:\s*([0-9a-f]+)', notes)
        self.build_id = m.group(1) if m else None
        self.functions = {}
        self.all_functions = []
        out = subprocess.run([NM[arch], '-S', self.path], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in 'Tt':
                self.functions[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
                self.all_functions.append((parts[3], int(parts[0], 16), int(parts[1], 16)))

    def at(self, function, offset=4):
        start, size = self.functions[function]
        assert offset < size
        return start + offset

    def end(self, function):
        start, size = self.functions[function]
        return start + size


def header_spec(build_id, arch='riscv', chain='riscv', depth=4, groups=(('riscv', 0, 64, 'cycles'),)):
    lines = [f'image build-id {build_id}', f'arch {arch}', 'board test-board', 'trigger riscv 2 64 instret',
             'period 1000', f'chain {chain} {depth}']
    lines += [f'group {u} {i} {w} {n}' for u, i, w, n in groups]
    return '\n'.join(lines) + '\n'
