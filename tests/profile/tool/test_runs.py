# SPDX-License-Identifier: Apache-2.0
"""Counter reports in validation logs (data/validation_run.log: the console
output of the safesu_profile and safesu_selftest examples on
qemu-virt-rv64) and the comparison of two runs."""

import os
import unittest

import support
from pmukit_profile import runs

LOG = os.path.join(support.HERE, 'data', 'validation_run.log')
TABLE = 'SafeSU counters: cycles during which each event was high'


class CountersTest(unittest.TestCase):
    def setUp(self):
        self.dir = support.scratch(self)
        self.base = open(LOG).read()

    def variant(self, name, old, new):
        self.assertIn(old, self.base)
        path = os.path.join(self.dir, name)
        with open(path, 'w') as f:
            f.write(self.base.replace(old, new, 1))
        return path

    def test_tables_and_csv_lines_are_read_from_a_console_log(self):
        values = runs.parse_log(self.base)
        self.assertEqual(values[f'{TABLE}/0/cpu0.cycles'], 122617)
        self.assertEqual(values[f'{TABLE}/6/cpu0.cycles (preloaded)'], 4295069913)
        self.assertEqual(values['safesu_selftest/9/MCCU budget loads the limit'], 2147483648)
        self.assertEqual(values['safesu_selftest/18/RDC reset clears the watermark'], 0)
        self.assertEqual(len(values), 7 + 19)
        self.assertNotIn('CSV (title/index/check', ' '.join(values))

    def test_quoted_csv_fields_and_repeated_reports(self):
        text = 'run,1,"a,b",5\nrun,1,"a,b",6\n@pmu:AAAA,1,2,3\n  #  event  value\nno title\n'
        values = runs.parse_log('x\n' + text)
        self.assertEqual(dict(values), {'run/1/a,b': 5, 'run/1/a,b#2': 6})

    def test_the_same_run_has_no_regression(self):
        out = support.run_tool('compare', LOG, LOG)
        self.assertEqual(out.returncode, 0, out.stdout)
        self.assertIn('0 regression(s)', out.stdout)

    def test_a_counter_beyond_the_tolerance_is_a_regression(self):
        new = self.variant('new.log', '  4  cpu0.bus_wait                 30423', '  4  cpu0.bus_wait                 36508')
        out = support.run_tool('compare', LOG, new)
        self.assertEqual(out.returncode, 1)
        self.assertIn(f'REGRESSION {TABLE}/4/cpu0.bus_wait: 30423 -> 36508 (+20.0%, tolerance 5%)', out.stdout)
        self.assertIn('1 regression(s)', out.stdout)
        self.assertEqual(support.run_tool('compare', LOG, new, '--tolerance', '25').returncode, 0)
        self.assertEqual(support.run_tool('compare', LOG, new, '--tolerance-for', '*/cpu0.bus_wait=21').returncode, 0)

    def test_small_changes_pass_and_slack_covers_tiny_counters(self):
        new = self.variant('new.log', 'safesu_selftest,13,MCCU refill reloads the limit,2',
                           'safesu_selftest,13,MCCU refill reloads the limit,3')
        out = support.run_tool('compare', LOG, new)
        self.assertEqual(out.returncode, 1)
        self.assertIn('2 -> 3 (+50.0%', out.stdout)
        self.assertEqual(support.run_tool('compare', LOG, new, '--slack', '1').returncode, 0)
        near = self.variant('near.log', '  0  cpu0.cycles                  122617', '  0  cpu0.cycles                  125000')
        self.assertEqual(support.run_tool('compare', LOG, near).returncode, 0)

    def test_a_missing_counter_is_a_regression_and_a_new_one_a_note(self):
        new = self.variant('new.log', 'safesu_selftest,18,RDC reset clears the watermark,0\n',
                           'safesu_selftest,19,a new check,7\n')
        out = support.run_tool('compare', LOG, new)
        self.assertEqual(out.returncode, 1)
        self.assertIn('REGRESSION safesu_selftest/18/RDC reset clears the watermark: missing', out.stdout)
        self.assertIn('note: safesu_selftest/19/a new check: new counter (7)', out.stdout)

    def test_a_log_without_counters_is_an_error(self):
        empty = os.path.join(self.dir, 'empty.log')
        with open(empty, 'w') as f:
            f.write('boot\nverdict: PASS\n')
        out = support.run_tool('compare', LOG, empty)
        self.assertEqual((out.returncode, out.stdout), (1, ''))
        self.assertIn('no pmukit counter tables or CSV lines', out.stderr)


if __name__ == '__main__':
    unittest.main()
