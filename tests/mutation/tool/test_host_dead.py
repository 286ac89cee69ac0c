# SPDX-License-Identifier: Apache-2.0
"""Sites in code no host build compiles (host_dead): a branch of an #if
that is certainly false with PMU_HOST defined and no RISC-V or SPARC
compiler. Anything uncertain stays a normal site: a region that any host
build (the xlen32 one too) compiles is never marked."""

import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'tools'))

from pmukit_mutation.operators import mutants_of  # noqa: E402
from pmukit_mutation.preprocessor import evaluate, host_dead_lines  # noqa: E402


def marked(src):
    """{line: host_dead} of the lines with sites; every site of a line must agree."""
    out = {}
    for m in mutants_of('x.hpp', src):
        out.setdefault(m.line, set()).add(m.host_dead)
    for line, flags in out.items():
        assert len(flags) == 1, (line, flags)
    return {line: flags.pop() for line, flags in out.items()}


class Conditions(unittest.TestCase):
    def test_three_values(self):
        cases = {
            'defined(__riscv) && !defined(PMU_HOST)': False,
            'defined __sparc__ && !defined PMU_HOST': False,
            '!defined(PMU_HOST)': False,
            'defined(PMU_HOST)': True,
            'defined(PMU_HOST_XLEN)': True,
            'defined(__riscv_xlen) || defined(__sparc_v8__)': False,
            '0': False, '0x0UL': False, '1': True, '(((0)))': False,
            'defined(FOO)': None,                       # a macro the host builds do not pin
            'defined(FOO) && 0': False, 'defined(FOO) || 1': True,
            'defined(FOO) || 0': None, '!(defined(FOO) && defined(PMU_HOST))': None,
            'PMU_HOST_XLEN == 32': None,                # a value: 64 on one host build, 32 on another
            'PMU_HOST': None,                           # a bare identifier is not evaluated
            'defined(__GNUC__) && !defined(__clang__)': None,
            'defined(FOO) ? 0 : 0': None, '(0': None, '': None,
        }
        for condition, value in cases.items():
            with self.subTest(condition=condition):
                self.assertIs(evaluate(condition), value)


class Regions(unittest.TestCase):
    def test_a_target_only_region_is_marked_and_its_else_branch_is_not(self):
        src = ('int a() { return 1; }\n'                      # 1
               '#if defined(__riscv) && !defined(PMU_HOST)\n'  # 2
               'int b() { return 2; }\n'                      # 3
               '#else\n'                                      # 4
               'int c() { return 3; }\n'                      # 5
               '#endif\n'                                     # 6
               'int d() { return 4; }\n')                     # 7
        self.assertEqual(marked(src), {1: False, 3: True, 5: False, 7: False})

    def test_ifndef_pmu_host_is_marked(self):
        src = '#ifndef PMU_HOST\nint b() { return 2; }\n#endif\n#ifdef PMU_HOST\nint c() { return 3; }\n#endif\n'
        self.assertEqual(marked(src), {2: True, 5: False})

    def test_elif_and_else_after_a_branch_every_host_build_takes(self):
        src = ('#if defined(PMU_HOST)\n'   # 1
               'int a() { return 1; }\n'   # 2
               '#elif defined(__riscv)\n'  # 3
               'int b() { return 2; }\n'   # 4
               '#elif defined(FOO)\n'      # 5
               'int c() { return 3; }\n'   # 6
               '#else\n'                   # 7
               'int d() { return 4; }\n'   # 8
               '#endif\n')
        self.assertEqual(marked(src), {2: False, 4: True, 6: True, 8: True})

    def test_an_unknown_macro_is_not_marked_nor_its_else(self):
        src = ('#ifdef FOO\nint a() { return 1; }\n#else\nint b() { return 2; }\n#endif\n'
               '#if defined(FOO) && defined(PMU_HOST)\nint c() { return 3; }\n#endif\n'
               '#ifdef FOO\nint d() { return 4; }\n#elif defined(__riscv)\nint e() { return 5; }\n#endif\n')
        self.assertEqual(marked(src), {2: False, 4: False, 7: False, 10: False, 12: True})

    def test_the_xlen32_host_builds_code_is_not_marked(self):
        # hal/csr.hpp's form: PMU_HOST_XLEN is 32 in the -xlen32 binaries, 64 in the others.
        src = ('#if defined(PMU_HOST)\n'  # 1
               '#if PMU_HOST_XLEN == 32\n'  # 2
               'int a() { return 32; }\n'  # 3
               '#else\n'                   # 4
               'int b() { return 64; }\n'  # 5
               '#endif\n'                  # 6
               '#endif\n')
        self.assertEqual(marked(src), {3: False, 5: False})

    def test_nested_regions(self):
        src = ('#ifdef FOO\n'                     # 1  unknown
               '#ifndef PMU_HOST\n'               # 2  dead in every host build
               'int a() { return 1; }\n'          # 3
               '#ifdef PMU_HOST\n'                # 4  taken, but inside a dead one
               'int b() { return 2; }\n'          # 5
               '#endif\n'                         # 6
               'int c() { return 3; }\n'          # 7
               '#endif\n'                         # 8
               'int d() { return 4; }\n'          # 9  back in the unknown one
               '#else\n'                          # 10
               '#if 0\n'                          # 11
               'int e() { return 5; }\n'          # 12
               '#endif\n'                         # 13
               'int f() { return 6; }\n'          # 14
               '#endif\n'                         # 15
               'int g() { return 7; }\n')         # 16
        self.assertEqual(marked(src), {3: True, 5: True, 7: True, 9: False, 12: True, 14: False, 16: False})

    def test_comments_continuations_and_directive_lines(self):
        src = ('#if defined(__riscv) /* a comment\n'  # 1  the directive ends where the comment does
               '   that goes on */ && \\\n'           # 2
               '    !defined(PMU_HOST)  // why\n'     # 3
               'int a() { return 1; }\n'              # 4
               '#define M(x) \\\n'                    # 5
               '  ((x) + 1)\n'                        # 6
               'int b() { return 2; }\n'              # 7
               '#endif  // defined(__riscv)\n'        # 8
               'int c() { return 3; }\n')             # 9
        self.assertEqual(marked(src), {4: True, 7: True, 9: False})
        self.assertEqual(host_dead_lines(src), {4, 7})

    def test_a_mutant_is_marked_only_if_every_line_it_changes_is(self):
        src = ('void f() {\n'
               '  write_a(1);\n'
               '#if !defined(PMU_HOST)\n'
               '  write_b(2);\n'
               '#endif\n'
               '}\n')
        removed = {m.line: m.host_dead for m in mutants_of('x.cpp', src) if m.op.startswith('remove')}
        self.assertEqual(removed, {2: False, 4: True})
        # A statement that starts in a dead branch and ends after it.
        src = ('void f() {\n'
               '#ifndef PMU_HOST\n'
               '  write_b(2,\n'
               '#endif\n'
               '          3);\n'
               '}\n')
        removed = [(m.line, m.host_dead) for m in mutants_of('x.cpp', src) if m.op.startswith('remove')]
        self.assertEqual(removed, [(3, False)])

    def test_a_marked_site_says_why_it_is_not_built(self):
        (m,) = [m for m in mutants_of('x.hpp', '#ifndef PMU_HOST\nbool f(int n) { return n < 2; }\n#endif\n')
                if m.op == 'boundary']
        self.assertEqual(m.unbuilt_reason,
                         'not compiled by the host tests (target-only code; the QEMU suites judge it)')


class RealSources(unittest.TestCase):
    """include/pmu/riscv/csr_bank.hpp: the RISC-V stub jumps (compiled for the
    boards only) and the host's table path of the same class."""

    CSR_BANK = 'include/pmu/riscv/csr_bank.hpp'

    def line_of(self, src, text):
        (line,) = [n for n, x in enumerate(src.splitlines(), 1) if text in x]
        return line

    def test_the_stub_jump_is_marked_and_the_host_table_path_is_not(self):
        with open(os.path.join(ROOT, self.CSR_BANK)) as fh:
            src = fh.read()
        stub = self.line_of(src, 'PMU_CSR_STUB_JUMP(clearbit,')
        table = self.line_of(src, 'return Tables::kRead[i & (kSize - 1)]();')
        lines = marked(src)
        self.assertIs(lines[stub], True)
        self.assertIs(lines[table], False)
        # As `make mutation MUTATION_ARGS='--at FILE:LINE --list'` prints them.
        listed = subprocess.run(
            [sys.executable, os.path.join(ROOT, 'tools', 'pmukit-mutation'), '--root', ROOT,
             '--unit', f'riscv:{self.CSR_BANK}:unused', '--at', f'{self.CSR_BANK}:{stub}',
             '--at', f'{self.CSR_BANK}:{table}', '--list'],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
        self.assertEqual(listed.returncode, 0, listed.stdout)
        rows = [row.split('\t') for row in listed.stdout.splitlines()]
        at_stub = [r for r in rows if r[1] == f'{self.CSR_BANK}:{stub}']
        at_table = [r for r in rows if r[1] == f'{self.CSR_BANK}:{table}']
        self.assertTrue(at_stub and at_table, listed.stdout)
        for r in at_stub:
            self.assertEqual(r[4:], ['invalid, not built: not compiled by the host tests '
                                     '(target-only code; the QEMU suites judge it)'], r)
        for r in at_table:
            self.assertEqual(len(r), 4, r)
            self.assertFalse(re.search('invalid', r[3]), r)
