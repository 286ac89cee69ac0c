# SPDX-License-Identifier: Apache-2.0
"""The mutation tool (tools/pmukit-mutation) on a tiny sample (sample/: one
source, one test, one listed equivalent): the mutants a fixed seed picks,
each verdict (killed, survived, equivalent, invalid, invalid without a
build), an interrupt, and the sample tree exactly as it was afterwards."""

import hashlib
import json
import os
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
TOOL = os.path.join(ROOT, 'tools', 'pmukit-mutation')
SAMPLE = os.path.join(HERE, 'sample')
UNIT = 'sample:src/*.cpp,src/*.hpp:build/sample_test'

# Why a mutant is invalid without a build, as --list and the report say.
STATIC_ASSERT = 'changes only a static_assert'
TARGET_ONLY = 'not compiled by the host tests (target-only code; the QEMU suites judge it)'
# Every mutant of the sample, as --list prints them (unit, place, operator,
# mutated line, and why it will not be built, if so).
ALL_MUTANTS = string.Template("""\
sample	src/sample.cpp:8	negate	static_assert(kLimit != 8, "the test expects 8");	invalid, not built: $STATIC_ASSERT
sample	src/sample.cpp:8	constant	static_assert(kLimit == 7, "the test expects 8");	invalid, not built: $STATIC_ASSERT
sample	src/sample.cpp:8	constant	static_assert(kLimit == 9, "the test expects 8");	invalid, not built: $STATIC_ASSERT
sample	src/sample.cpp:11	negate	if (!(n > kLimit)) return kLimit;
sample	src/sample.cpp:11	boundary	if (n >= kLimit) return kLimit;
sample	src/sample.cpp:15	constant	int scale(int n) { return n * 3; }
sample	src/sample.cpp:15	constant	int scale(int n) { return n * 5; }
sample	src/sample.cpp:18	constant	int board_scale(int n) { return n * 5; }	invalid, not built: $TARGET_ONLY
sample	src/sample.cpp:18	constant	int board_scale(int n) { return n * 7; }	invalid, not built: $TARGET_ONLY
sample	src/sample.hpp:4	constant	constexpr int kLimit = 7;
sample	src/sample.hpp:4	constant	constexpr int kLimit = 9;
""").substitute(STATIC_ASSERT=STATIC_ASSERT, TARGET_ONLY=TARGET_ONLY)
# The four seed 3 picks.
SEED3_OF_4 = string.Template("""\
sample	src/sample.cpp:11	negate	if (!(n > kLimit)) return kLimit;
sample	src/sample.cpp:11	boundary	if (n >= kLimit) return kLimit;
sample	src/sample.cpp:15	constant	int scale(int n) { return n * 5; }
sample	src/sample.cpp:18	constant	int board_scale(int n) { return n * 7; }	invalid, not built: $TARGET_ONLY
""").substitute(TARGET_ONLY=TARGET_ONLY)
# What each mutant of the sample comes to: (place, operator, mutated text) -> verdict.
VERDICTS = {
    ('src/sample.cpp', 8, 'negate', 'static_assert(kLimit != 8, "the test expects 8");'): 'invalid',
    ('src/sample.cpp', 8, 'constant', 'static_assert(kLimit == 7, "the test expects 8");'): 'invalid',
    ('src/sample.cpp', 8, 'constant', 'static_assert(kLimit == 9, "the test expects 8");'): 'invalid',
    ('src/sample.cpp', 11, 'negate', 'if (!(n > kLimit)) return kLimit;'): 'killed',
    ('src/sample.cpp', 11, 'boundary', 'if (n >= kLimit) return kLimit;'): 'equivalent',
    ('src/sample.cpp', 15, 'constant', 'int scale(int n) { return n * 3; }'): 'survived',
    ('src/sample.cpp', 15, 'constant', 'int scale(int n) { return n * 5; }'): 'survived',
    ('src/sample.cpp', 18, 'constant', 'int board_scale(int n) { return n * 5; }'): 'invalid',
    ('src/sample.cpp', 18, 'constant', 'int board_scale(int n) { return n * 7; }'): 'invalid',
    ('src/sample.hpp', 4, 'constant', 'constexpr int kLimit = 7;'): 'invalid',
    ('src/sample.hpp', 4, 'constant', 'constexpr int kLimit = 9;'): 'invalid',
}


def tree_state(root):
    """{path: (sha256, mtime_ns)} of every file: 'the tree as it was'."""
    state = {}
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, 'rb') as fh:
                state[os.path.relpath(path, root)] = (hashlib.sha256(fh.read()).hexdigest(),
                                                      os.stat(path).st_mtime_ns)
    return state


class SampleTree(unittest.TestCase):
    """Each test gets its own copy of the sample and its own scratch folder."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='pmukit-mutation-test-')
        self.root = os.path.join(self.tmp, 'sample')
        shutil.copytree(SAMPLE, self.root)
        self.scratch = os.path.join(self.tmp, 'scratch')
        self.report = os.path.join(self.tmp, 'report.jsonl')

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def args(self, *extra):
        return [sys.executable, TOOL, '--root', self.root, '--unit', UNIT, '--scratch', self.scratch,
                '--report', self.report, '--no-nice', *extra]

    def tool(self, *extra):
        return subprocess.run(self.args(*extra), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=300)

    def assert_no_scratch_trees(self):
        trees = os.path.join(self.scratch, 'trees')
        self.assertFalse(os.path.exists(trees) and os.listdir(trees), 'scratch trees left behind')


class Selection(SampleTree):
    def test_every_site_of_the_sample_is_found(self):
        r = self.tool('--mutants', 'all', '--list')
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertEqual(r.stdout, ALL_MUTANTS)

    def test_a_fixed_seed_picks_the_same_mutants_every_time(self):
        first = self.tool('--seed', '3', '--mutants', '4', '--list')
        again = self.tool('--seed', '3', '--mutants', '4', '--list')
        self.assertEqual(first.stdout, SEED3_OF_4)
        self.assertEqual(again.stdout, SEED3_OF_4)
        other = self.tool('--seed', '4', '--mutants', '4', '--list')
        self.assertNotEqual(other.stdout, SEED3_OF_4)


class Verdicts(SampleTree):
    def test_killed_survived_equivalent_invalid_and_the_tree_as_it_was(self):
        before = tree_state(self.root)
        r = self.tool('--mutants', 'all', '--equivalents', 'equivalents.txt', '--jobs', '2')
        self.assertEqual(r.returncode, 1, 'survivors make the exit status 1:\n' + r.stdout)
        with open(self.report) as fh:
            got, why = {}, {}
            for line in fh:
                m = json.loads(line)
                got[(m['file'], m['line'], m['op'], m['after'].strip())] = m['status']
                why[(m['file'], m['line'])] = m['detail']
        self.assertEqual(got, VERDICTS, r.stdout)
        self.assertEqual(why[('src/sample.cpp', 8)], STATIC_ASSERT)
        self.assertEqual(why[('src/sample.cpp', 18)], TARGET_ONLY)
        self.assertIn('  sample              11       1       1        2       7   25.0%', r.stdout)
        self.assertIn('src/sample.cpp:15 constant: int scale(int n) { return n * 3; }', r.stdout)
        self.assertEqual(tree_state(self.root), before, 'the sample tree changed')
        self.assert_no_scratch_trees()

    def test_an_equivalent_listed_mutant_that_is_killed_is_reported(self):
        with open(os.path.join(self.root, 'equivalents.txt'), 'a') as fh:
            fh.write('\nsrc/sample.cpp:11 negate\n  - if (n > kLimit) return kLimit;\n'
                     '  + if (!(n > kLimit)) return kLimit;\n  why: wrong on purpose\n')
        r = self.tool('--at', 'src/sample.cpp:11', '--equivalents', 'equivalents.txt')
        self.assertIn('src/sample.cpp:11 negate is listed as equivalent but was killed', r.stdout)

    def test_a_list_entry_without_a_reason_is_refused(self):
        with open(os.path.join(self.root, 'equivalents.txt'), 'a') as fh:
            fh.write('\nsrc/sample.cpp:15 constant\n  - int scale(int n) { return n * 4; }\n'
                     '  + int scale(int n) { return n * 5; }\n')
        r = self.tool('--mutants', 'all', '--equivalents', 'equivalents.txt')
        self.assertEqual(r.returncode, 2)
        self.assertIn('an entry needs a reason', r.stdout)


class EquivalentsCheck(SampleTree):
    def test_a_list_naming_current_mutants_passes(self):
        r = self.tool('--equivalents', 'equivalents.txt', '--check-equivalents')
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertIn('1 of 1 entries name a current mutant', r.stdout)
        self.assertFalse(os.path.exists(self.scratch), 'the check builds nothing')

    def test_an_entry_whose_line_changed_is_stale(self):
        # The listed line is edited: the entry no longer names a mutant.
        path = os.path.join(self.root, 'src', 'sample.cpp')
        with open(path) as fh:
            text = fh.read()
        self.assertIn('if (n > kLimit) return kLimit;', text)
        with open(path, 'w') as fh:
            fh.write(text.replace('if (n > kLimit) return kLimit;', 'if (kLimit < n) return kLimit;'))
        r = self.tool('--equivalents', 'equivalents.txt', '--check-equivalents')
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn('stale: equivalents.txt:4: names no mutant of the current sources: src/sample.cpp:11 boundary',
                      r.stdout)
        self.assertIn('0 of 1 entries name a current mutant', r.stdout)

    def test_the_check_needs_a_list(self):
        r = self.tool('--check-equivalents')
        self.assertEqual(r.returncode, 2, r.stdout)


class Interrupt(SampleTree):
    def test_ctrl_c_stops_the_tests_and_removes_the_scratch_trees(self):
        before = tree_state(self.root)
        # The tool gets Ctrl-C's default disposition whatever this test
        # inherited: a shell without job control starts a background job
        # with SIGINT ignored, and Python then installs no KeyboardInterrupt.
        p = subprocess.Popen(self.args('--mutants', 'all', '--run', 'env SAMPLE_TEST_SLEEP=3'),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        out = []
        deadline = time.monotonic() + 60
        for line in p.stdout:  # the invalid ones come first, then mutants' tests sleep
            out.append(line)
            if line.startswith('[') or time.monotonic() > deadline:
                break
        time.sleep(1.0)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        rest, _ = p.communicate(timeout=30)
        self.assertLess(time.monotonic() - sent, 10, 'the interrupt took too long')
        self.assertEqual(p.returncode, 130, ''.join(out) + rest)
        self.assertIn('interrupted', rest)
        self.assert_no_scratch_trees()
        self.assertEqual(tree_state(self.root), before, 'the sample tree changed')
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                cwd = os.readlink(f'/proc/{pid}/cwd')
            except OSError:
                continue
            self.assertFalse(cwd.startswith(self.scratch), f'process {pid} still runs in the scratch tree')


class Trees(unittest.TestCase):
    def test_a_worker_tree_goes_back_to_the_base_exactly(self):
        sys.path.insert(0, os.path.join(ROOT, 'tools'))
        from pmukit_mutation.sandbox import Trees as ScratchTrees, snapshot
        tmp = tempfile.mkdtemp(prefix='pmukit-mutation-test-')
        try:
            root = os.path.join(tmp, 'tree')
            shutil.copytree(SAMPLE, root)
            os.makedirs(os.path.join(root, 'build'))
            with open(os.path.join(root, 'build', 'object.o'), 'w') as fh:
                fh.write('built')
            trees = ScratchTrees(root, os.path.join(tmp, 'scratch'), seed_dirs=['build'])
            base = trees.make_base()
            self.assertTrue(os.path.exists(os.path.join(base, 'build', 'object.o')), 'build output seeded')
            (w,) = trees.make_workers(1)
            with open(os.path.join(w, 'src', 'sample.cpp'), 'a') as fh:
                fh.write('// mutated\n')
            with open(os.path.join(w, 'build', 'new.o'), 'w') as fh:
                fh.write('new')
            os.unlink(os.path.join(w, 'build', 'object.o'))
            trees.reset(w)
            self.assertEqual(snapshot(w), snapshot(base))
            trees.remove()
            self.assertFalse(os.path.exists(os.path.join(tmp, 'scratch', 'trees')))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
