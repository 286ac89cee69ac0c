# SPDX-License-Identifier: Apache-2.0
"""line_tests.py FOLDER TAG [--pattern GLOB] [--where WHERE]: runs the Python
unittest files of one folder (test_*.py unless GLOB says otherwise) and
prints one "PASS|FAIL|SKIP <where> <tag>.<Class>.<test>" line per test,
failure details indented under it: the form `make test` counts. WHERE is
the line's second field (default host; a board when the tests check a
capture a test image made). The host tools' tests use it
(tests/profile/tool, tests/mutation/tool, tests/bench/tools)."""

import argparse
import os
import sys
import unittest


class LineResult(unittest.TestResult):
    """Says each test's verdict when it ends, from what it added to the
    failures, errors (subtests included) and skips."""

    def __init__(self, where, tag):
        super().__init__()
        self.where = where
        self.tag = tag

    def startTest(self, test):
        super().startTest(test)
        self._before = (len(self.failures), len(self.errors), len(self.skipped))

    def stopTest(self, test):
        failures, errors, skipped = self._before
        problems = self.failures[failures:] + self.errors[errors:]
        verdict = 'FAIL' if problems else 'SKIP' if len(self.skipped) > skipped else 'PASS'
        cls, name = type(test).__name__, test._testMethodName
        print(f'{verdict} {self.where} {self.tag}.{cls}.{name}', flush=True)
        for _, text in problems:
            print('  | ' + text.rstrip().replace('\n', '\n  | '), flush=True)
        super().stopTest(test)


def run(folder, tag, pattern='test_*.py', where='host'):
    """Runs folder's tests matching pattern; returns the exit status (0: all passed)."""
    folder = os.path.abspath(folder)
    sys.path.insert(0, folder)
    suite = unittest.defaultTestLoader.discover(folder, pattern=pattern, top_level_dir=folder)
    result = LineResult(where, tag)
    suite.run(result)
    if result.testsRun == 0:
        print(f'FAIL {where} {tag} (no test ran)')
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('folder')
    p.add_argument('tag')
    p.add_argument('--pattern', default='test_*.py')
    p.add_argument('--where', default='host')
    a = p.parse_args()
    sys.exit(run(a.folder, a.tag, a.pattern, a.where))
