# SPDX-License-Identifier: Apache-2.0
"""Profiles of captures against ELFs built here with the cross compilers:
functions and file:line, shares, inclusive time through call chains, event
ratios, folded stacks, CSV, JSON and SVG; and the refusal of an ELF the
capture was not taken from, with no output file written."""

import csv
import json
import os
import subprocess
import unittest
import zlib
from xml.etree import ElementTree

import support

GROUPS = (('riscv', 0, 64, 'cycles'), ('safesu', 3, 32, 'dcache_miss'))


class ReportTest(unittest.TestCase):
    arch = 'riscv'

    def setUp(self):
        self.dir = support.scratch(self)
        self.elf = support.Elf(self.dir, self.arch)
        chain = 'riscv' if self.arch == 'riscv' else 'sparc'
        self.header = support.header_spec(self.elf.build_id, self.arch, chain, 4, GROUPS)

    def path(self, name):
        return os.path.join(self.dir, name)

    def workload_spec(self):
        """6 samples in leaf_a (called from caller), 3 in leaf_b (from
        caller), 1 in caller itself; cycles and misses chosen per function."""
        e = self.elf
        ra = e.at('caller', 8)
        lines = [f'sample 0 {e.at("leaf_a", 4 + 2 * (i % 2))} c={ra} d=2000,4' for i in range(6)]
        lines += [f'sample 0 {e.at("leaf_b", 4)} c={ra} d=1000,1' for _ in range(3)]
        lines += [f'sample 0 {e.at("caller", 4)} d=1500,0']
        return self.header + '\n'.join(lines) + '\n'

    def report(self, capture, *args):
        return support.run_tool('report', capture, '--elf', self.elf.path, *args)

    def test_flat_profile_names_functions_lines_shares_and_ratios(self):
        out = self.report(support.make_capture(self.dir, self.workload_spec()))
        self.assertEqual(out.returncode, 0, out.stderr)
        rows = {l.split()[-2]: l.split() for l in out.stdout.splitlines()
                if l.split() and l.split()[-2] in ('leaf_a', 'leaf_b', 'caller')}
        # samples, %, incl%, CPI, dcache_miss/kinst, function, location
        self.assertEqual(rows['leaf_a'], ['6', '60.00', '60.00', '2.00', '4.00', 'leaf_a',
                                          f'workload.c:{support.line_of("void leaf_a(")}'])
        self.assertEqual(rows['leaf_b'], ['3', '30.00', '30.00', '1.00', '1.00', 'leaf_b',
                                          f'workload.c:{support.line_of("void leaf_b(")}'])
        self.assertEqual(rows['caller'][:5], ['1', '10.00', '100.00', '1.50', '0.00'])
        self.assertIn('total: 10 samples; cycles 16500, dcache_miss 27, instret 10000; CPI 1.65, '
                      'dcache_miss/kinst 2.70', out.stdout)
        self.assertLess(out.stdout.index('leaf_a'), out.stdout.index('leaf_b'), 'sorted by samples')

    def test_by_line_groups_samples_by_source_line(self):
        out = self.report(support.make_capture(self.dir, self.workload_spec()), '--by', 'line')
        self.assertEqual(out.returncode, 0, out.stderr)
        located = [l for l in out.stdout.splitlines() if 'leaf_a workload.c:' in l]
        self.assertTrue(located, out.stdout)
        for l in located:
            line = int(l.split('workload.c:')[1].split()[0])
            self.assertIn(line, range(support.line_of('void leaf_a('), support.line_of('void leaf_a(') + 3))

    def test_by_line_a_caller_is_charged_at_its_call(self):
        # By line, a caller is charged at the line of its call: here the line
        # of caller's own sample too, so one row, located, holding its own
        # sample and all 10 on the stack (not a bare "caller" row beside it).
        cap = support.make_capture(self.dir, self.workload_spec())
        out = self.report(cap, '--by', 'line', '--csv', self.path('l.csv'), '--quiet')
        self.assertEqual(out.returncode, 0, out.stderr)
        rows = list(csv.DictReader(open(self.path('l.csv'))))
        self.assertTrue(all(r['location'] != '' for r in rows), rows)
        callers = [r for r in rows if r['function'] == 'caller' or r['function'].startswith('caller ')]
        self.assertEqual([(r['samples'], r['inclusive_samples']) for r in callers], [('1', '10')], callers)
        self.assertEqual(callers[0]['function'], 'caller ' + callers[0]['location'])

    def test_two_static_functions_of_one_name_are_two_rows(self):
        elf = support.Elf(self.dir, self.arch, salt=5, extra={
            'a.c': 'static volatile int x;\n__attribute__((noinline)) static void work(void) { x++; x++; }\n'
                   'void run_a(void) { work(); }\n',
            'b.c': 'static volatile int y;\n__attribute__((noinline)) static void work(void) { y--; y--; }\n'
                   'void run_b(void) { work(); }\n'})
        works = sorted(start for name, start, _ in elf.all_functions if name == 'work')
        self.assertEqual(len(works), 2)
        header = support.header_spec(elf.build_id, self.arch, 'riscv' if self.arch == 'riscv' else 'sparc', 4,
                                     GROUPS)
        spec = header + ''.join(f'sample 0 {works[0] + 2} d=10,0\n' for _ in range(3)) + \
            f'sample 0 {works[1] + 2} d=10,0\n'
        out = support.run_tool('report', support.make_capture(self.dir, spec), '--elf', elf.path,
                               '--csv', self.path('s.csv'), '--quiet')
        self.assertEqual(out.returncode, 0, out.stderr)
        rows = sorted((r['samples'], r['location'].split(':')[0]) for r in csv.DictReader(open(self.path('s.csv')))
                      if r['function'] == 'work')
        self.assertEqual(rows, [('1', 'b.c'), ('3', 'a.c')])

    def test_folded_stacks_csv_json_and_svg(self):
        cap = support.make_capture(self.dir, self.workload_spec())
        out = self.report(cap, '--folded', self.path('f.txt'), '--csv', self.path('p.csv'),
                          '--json', self.path('p.json'), '--svg', self.path('p.svg'), '--quiet')
        self.assertEqual((out.returncode, out.stdout), (0, ''), out.stderr)
        self.assertEqual(open(self.path('f.txt')).read(), 'caller 1\ncaller;leaf_a 6\ncaller;leaf_b 3\n')
        rows = list(csv.DictReader(open(self.path('p.csv'))))
        self.assertEqual([r['function'] for r in rows], ['leaf_a', 'leaf_b', 'caller'])
        self.assertEqual((rows[0]['samples'], rows[0]['cycles'], rows[0]['dcache_miss'], rows[0]['CPI']),
                         ('6', '12000', '24', '2'))
        self.assertEqual(rows[2]['inclusive_samples'], '10')
        doc = json.load(open(self.path('p.json')))
        self.assertEqual(doc['capture']['samples'], 10)
        self.assertEqual(doc['capture']['image']['id'], self.elf.build_id)
        self.assertEqual(doc['functions'][1]['name'], 'leaf_b')
        self.assertAlmostEqual(doc['functions'][1]['ratios']['CPI'], 1.0)
        self.assertAlmostEqual(doc['ratios']['dcache_miss/kinst'], 2.7)
        svg = ElementTree.parse(self.path('p.svg')).getroot()
        texts = [t.text for t in svg.iter('{http://www.w3.org/2000/svg}text')]
        bars = svg.findall('{http://www.w3.org/2000/svg}rect')
        self.assertIn('Share of samples by function (self)', texts)
        self.assertIn('CPI by function', texts)
        self.assertIn('leaf_a', texts)
        self.assertEqual(len(bars), 1 + 3 * 3, 'background, then 3 bars per panel (share, CPI, misses)')

    def test_folded_stacks_weighted_by_an_event(self):
        out = self.report(support.make_capture(self.dir, self.workload_spec()), '--folded', self.path('w.txt'),
                          '--weight', 'dcache_miss', '--quiet')
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(open(self.path('w.txt')).read(), 'caller;leaf_a 24\ncaller;leaf_b 3\n')
        out = self.report(support.make_capture(self.dir, self.workload_spec()), '--folded', self.path('x.txt'),
                          '--weight', 'nonsense')
        self.assertEqual(out.returncode, 1)
        self.assertIn('--weight nonsense', out.stderr)
        self.assertFalse(os.path.exists(self.path('x.txt')))

    def test_a_return_address_at_the_end_of_its_caller_stays_with_it(self):
        # RISC-V records return addresses: a call that is the caller's last
        # instruction returns to the next function's first byte.
        e = self.elf
        spec = self.header + f'sample 0 {e.at("leaf_a")} c={e.end("caller")} d=1,1\n'
        out = self.report(support.make_capture(self.dir, spec), '--folded', self.path('f.txt'), '--quiet')
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(open(self.path('f.txt')).read(), 'caller;leaf_a 1\n')

    def test_the_ram_dump_gives_the_same_report(self):
        text, dump = support.make_capture(self.dir, self.workload_spec(), dump=True)
        a, b = self.report(text), self.report(dump, '--dump')
        self.assertEqual((a.returncode, b.returncode), (0, 0), a.stderr + b.stderr)
        self.assertEqual(a.stdout, b.stdout)

    def test_a_capture_from_another_elf_is_refused_and_nothing_is_written(self):
        other = support.Elf(self.dir, self.arch, salt=5)
        self.assertNotEqual(other.build_id, self.elf.build_id)
        cap = support.make_capture(self.dir, self.workload_spec())
        outputs = [self.path(n) for n in ('f.txt', 'p.csv', 'p.json', 'p.svg')]
        out = support.run_tool('report', cap, '--elf', other.path, '--folded', outputs[0], '--csv', outputs[1],
                               '--json', outputs[2], '--svg', outputs[3])
        self.assertEqual((out.returncode, out.stdout), (1, ''))
        self.assertIn('taken from another image', out.stderr)
        self.assertIn(self.elf.build_id, out.stderr)
        self.assertEqual([p for p in outputs if os.path.exists(p)], [])
        self.assertEqual([n for n in os.listdir(self.dir) if n.endswith('.tmp')], [])

    def test_an_elf_without_build_id_is_refused(self):
        bare = support.Elf(self.dir, self.arch, salt=3, build_id=False)
        self.assertIsNone(bare.build_id)
        out = support.run_tool('report', support.make_capture(self.dir, self.workload_spec()), '--elf', bare.path)
        self.assertEqual(out.returncode, 1)
        self.assertIn('has no build id', out.stderr)

    def test_the_code_hash_identifies_the_image_too(self):
        text = subprocess.run(['readelf', '-SW', self.elf.path], capture_output=True, text=True).stdout
        sec = next(l for l in text.splitlines() if ' .text ' in l).split(']')[1].split()
        addr, offset, size = int(sec[2], 16), int(sec[3], 16), int(sec[4], 16)
        code = open(self.elf.path, 'rb').read()[offset:offset + size]
        for crc, ok in ((zlib.crc32(code), True), (zlib.crc32(code) ^ 1, False)):
            spec = self.workload_spec().replace(f'image build-id {self.elf.build_id}',
                                                f'image text-crc {addr:#x} {size} {crc:#x}')
            out = self.report(support.make_capture(self.dir, spec))
            self.assertEqual(out.returncode, 0 if ok else 1, out.stderr)
            if not ok:
                self.assertIn('CRC-32 of its code', out.stderr)

    def test_a_capture_without_image_id_needs_an_explicit_choice(self):
        spec = self.workload_spec().replace(f'image build-id {self.elf.build_id}', 'image none')
        cap = support.make_capture(self.dir, spec)
        out = self.report(cap)
        self.assertEqual(out.returncode, 1)
        self.assertIn('--no-image-check', out.stderr)
        self.assertEqual(self.report(cap, '--no-image-check').returncode, 0)

    def test_a_capture_of_another_architecture_is_refused(self):
        other = 'sparc' if self.arch == 'riscv' else 'riscv'
        spec = self.workload_spec().replace(f'arch {self.arch}', f'arch {other}')
        out = self.report(support.make_capture(self.dir, spec))
        self.assertEqual(out.returncode, 1)
        self.assertIn(f'is a {self.arch} ELF; the capture comes from a {other} image', out.stderr)


class SparcReportTest(ReportTest):
    """The same on a LEON3 ELF: sparc64 binutils, big-endian, call chains of
    call-instruction addresses (%i7), looked up as they are."""
    arch = 'sparc'

    def test_a_return_address_at_the_end_of_its_caller_stays_with_it(self):
        # SPARC records the call instruction itself: an address at the end
        # of 'caller' is the next function's, and is not moved back.
        e = self.elf
        nxt = min((s for s, _ in e.functions.values() if s >= e.end('caller')), default=None)
        if nxt != e.end('caller'):
            self.skipTest('no function starts right after caller in this ELF')
        spec = self.header + f'sample 0 {e.at("leaf_a")} c={e.at("caller", 8)},{nxt} d=1,1\n'
        out = self.report(support.make_capture(self.dir, spec), '--folded', self.path('f.txt'), '--quiet')
        self.assertEqual(out.returncode, 0, out.stderr)
        name = next(n for n, (s, _) in e.functions.items() if s == nxt)
        self.assertEqual(open(self.path('f.txt')).read(), f'{name};caller;leaf_a 1\n')


if __name__ == '__main__':
    unittest.main()
