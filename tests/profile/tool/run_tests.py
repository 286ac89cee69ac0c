#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the pmukit-profile tests (unittest, test_*.py here) and prints one
"PASS|FAIL|SKIP host profile.tool.<Class>.<test>" line per test, the form
`make test` counts. Needs PMUKIT_MAKE_CAPTURE (the capture writer built
from the library) and PMUKIT_PROFILE_TMP (a scratch directory).

--pattern GLOB runs other test files (on_target_*.py: the tests of a
capture a test image made, run by check_target.py), --where WHERE names
the lines' second field (the board), --prefix PREFIX their case names'
start (default profile.tool; check_target.py names the suite, so two
suites' lines on one board stay distinct)."""

import argparse
import os
import sys
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class LineResult(unittest.TestResult):
    def __init__(self, where, prefix):
        super().__init__()
        self.where = where
        self.prefix = prefix

    def _line(self, verdict, test, detail=None):
        cls, name = type(test).__name__, test._testMethodName
        print(f'{verdict} {self.where} {self.prefix}.{cls}.{name}', flush=True)
        if detail:
            print('  | ' + detail.rstrip().replace('\n', '\n  | '), flush=True)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._line('PASS', test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._line('FAIL', test, ''.join(traceback.format_exception(*err)))

    def addError(self, test, err):
        super().addError(test, err)
        self._line('FAIL', test, ''.join(traceback.format_exception(*err)))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._line('SKIP', test, reason)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--pattern', default='test_*.py')
    p.add_argument('--where', default='host')
    p.add_argument('--prefix', default='profile.tool')
    a = p.parse_args()
    sys.path.insert(0, HERE)
    suite = unittest.defaultTestLoader.discover(HERE, pattern=a.pattern, top_level_dir=HERE)
    result = LineResult(a.where, a.prefix)
    suite.run(result)
    if result.testsRun == 0:
        print(f'FAIL {a.where} {a.prefix} (no test ran)')
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == '__main__':
    sys.exit(main())
