#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make bench-tools-run: the bench tools' tests (test_*.py here), one
"PASS|FAIL host bench.tools.<Class>.<test>" line each, the form make test
counts. The size tool's test compiles a fixture with BENCH_CXX and reads it
with BENCH_NM (a board's cross tools, given by mk/bench.mk)."""
import os
import sys
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class Lines(unittest.TestResult):
    def _say(self, verdict, test, err=None):
        print(f"{verdict} host bench.tools.{type(test).__name__}.{test._testMethodName}", flush=True)
        if err is not None:
            text = "".join(traceback.format_exception(*err)) if isinstance(err, tuple) else str(err)
            print("  | " + text.rstrip().replace("\n", "\n  | "), flush=True)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._say("PASS", test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._say("FAIL", test, err)

    def addError(self, test, err):
        super().addError(test, err)
        self._say("FAIL", test, err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:  # the test's own line says FAIL only through this
            self._say("FAIL", test, f"{subtest._subDescription()}\n" + "".join(traceback.format_exception(*err)))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._say("SKIP", test, reason)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    result = Lines()
    unittest.defaultTestLoader.discover(HERE, pattern="test_*.py", top_level_dir=HERE).run(result)
    if result.testsRun == 0:
        print("FAIL host bench.tools (no test ran)")
    sys.exit(0 if result.testsRun and result.wasSuccessful() else 1)
