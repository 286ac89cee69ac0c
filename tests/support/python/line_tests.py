# SPDX-License-Identifier: Apache-2.0
"""line_tests.py FOLDER TAG: runs the Python unittest files (test_*.py) of
one folder and prints one "PASS|FAIL|SKIP host <tag>.<Class>.<test>" line
per test, failure details indented under it: the form `make test` counts.
The host tools' tests use it (tests/profile/tool, tests/mutation/tool)."""

import os
import sys
import traceback
import unittest


class LineResult(unittest.TestResult):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag

    def _line(self, verdict, test, detail=None):
        cls, name = type(test).__name__, test._testMethodName
        print(f'{verdict} host {self.tag}.{cls}.{name}', flush=True)
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


def run(folder, tag):
    """Runs folder's test_*.py; returns the exit status (0: all passed)."""
    folder = os.path.abspath(folder)
    sys.path.insert(0, folder)
    suite = unittest.defaultTestLoader.discover(folder, pattern='test_*.py', top_level_dir=folder)
    result = LineResult(tag)
    suite.run(result)
    if result.testsRun == 0:
        print(f'FAIL host {tag} (no test ran)')
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == '__main__':
    # line_tests.py FOLDER TAG
    if len(sys.argv) != 3:
        sys.exit('usage: line_tests.py FOLDER TAG')
    sys.exit(run(sys.argv[1], sys.argv[2]))
