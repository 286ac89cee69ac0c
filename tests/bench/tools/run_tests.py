#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make bench-tools-run: the bench tools' tests (test_*.py here), one
"PASS|FAIL|SKIP host bench.tools.<Class>.<test>" line each, the form make
test counts. The size tools' tests compile fixtures with BENCH_CXX and read
them with BENCH_NM / BENCH_OBJDUMP (a board's cross tools, from mk/bench.mk)."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class Lines(unittest.TestResult):
    """Says each test's verdict when it ends, from what it added to the
    failures, errors (subtests included) and skips."""

    def startTest(self, test):
        super().startTest(test)
        self._before = (len(self.failures), len(self.errors), len(self.skipped))

    def stopTest(self, test):
        failures, errors, skipped = self._before
        problems = self.failures[failures:] + self.errors[errors:]
        verdict = "FAIL" if problems else "SKIP" if len(self.skipped) > skipped else "PASS"
        print(f"{verdict} host bench.tools.{type(test).__name__}.{test._testMethodName}", flush=True)
        for _, text in problems:
            print("  | " + text.rstrip().replace("\n", "\n  | "), flush=True)
        super().stopTest(test)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    result = Lines()
    unittest.defaultTestLoader.discover(HERE, pattern="test_*.py", top_level_dir=HERE).run(result)
    if result.testsRun == 0:
        print("FAIL host bench.tools (no test ran)")
    sys.exit(0 if result.testsRun and result.wasSuccessful() else 1)
