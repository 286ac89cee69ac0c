#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the pmukit-profile tests (unittest, test_*.py here) and prints one
"PASS|FAIL|SKIP host profile.tool.<Class>.<test>" line per test, the form
`make test` counts. Needs PMUKIT_MAKE_CAPTURE (the capture writer built
from the library) and PMUKIT_PROFILE_TMP (a scratch directory)."""

import os
import sys
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class LineResult(unittest.TestResult):
    def _line(self, verdict, test, detail=None):
        cls, name = type(test).__name__, test._testMethodName
        print(f'{verdict} host profile.tool.{cls}.{name}', flush=True)
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
    sys.path.insert(0, HERE)
    suite = unittest.defaultTestLoader.discover(HERE, pattern='test_*.py', top_level_dir=HERE)
    result = LineResult()
    suite.run(result)
    if result.testsRun == 0:
        print('FAIL host profile.tool (no test ran)')
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == '__main__':
    sys.exit(main())
