# SPDX-License-Identifier: Apache-2.0
"""The mutation operators on driver-shaped code: what is a site, what is
not (template brackets, comments, attributes, declarations), and that every
mutant keeps the line count (so the line numbers of a report stay true)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'tools'))

from pmukit_mutation.operators import mutants_of  # noqa: E402

DRIVER = '''\
// a comment with i < n and 42
Status Unit::start(unsigned i, uint32_t v) {
  if (Status s = check(i); s != Status::kOk) return s;
  const uint32_t old = reg::read(base_, kCtl).raw;  // not removable: a declaration
  hal::csr_set<Map::kInhibit>(v);
  reg::write(base_, kCtl, reg::Value<CtlTag>{old | v});
  wide_[i].restart(0, 0);
  for (unsigned k = 0; k < n_ && ok; ++k) wr(l_->counters + k, 0);
  return Status::kOk;
}
'''


def sites(src=DRIVER):
    return [(m.line, m.op, m.after.strip()) for m in mutants_of('x.cpp', src)]


class Operators(unittest.TestCase):
    def test_relational_sites_are_not_template_brackets_or_comments(self):
        boundary = [s for s in sites() if s[1] == 'boundary']
        self.assertEqual(boundary, [(8, 'boundary', 'for (unsigned k = 0; k <= n_ && ok; ++k) wr(l_->counters + k, 0);')])

    def test_a_condition_with_an_init_statement_is_negated_after_it(self):
        self.assertIn((3, 'negate', 'if (Status s = check(i); !(s != Status::kOk)) return s;'), sites())
        self.assertIn((3, 'negate', 'if (Status s = check(i); s == Status::kOk) return s;'), sites())

    def test_register_accesses_and_other_statements_are_removed_but_declarations_are_not(self):
        removed = [(line, op) for line, op, _ in sites() if op.startswith('remove')]
        self.assertEqual(removed, [(5, 'remove-access'), (6, 'remove-access'), (7, 'remove-statement'),
                                   (8, 'remove-access')])
        self.assertIn((8, 'remove-access', 'for (unsigned k = 0; k < n_ && ok; ++k) {}'), sites())

    def test_adjacent_register_writes_are_swapped(self):
        reorder = [m for m in mutants_of('x.cpp', DRIVER) if m.op == 'reorder']
        self.assertEqual(len(reorder), 1)
        self.assertEqual(reorder[0].after.splitlines()[0].strip(),
                         'reg::write(base_, kCtl, reg::Value<CtlTag>{old | v});')

    def test_constants_keep_base_digits_and_suffix(self):
        got = sites('uint32_t f() { return 0x0FFu + 10 + 0b1; }\n')
        self.assertEqual([s[2] for s in got if s[1] == 'constant'], [
            'uint32_t f() { return 0x0FEu + 10 + 0b1; }', 'uint32_t f() { return 0x100u + 10 + 0b1; }',
            'uint32_t f() { return 0x0FFu + 11 + 0b1; }', 'uint32_t f() { return 0x0FFu + 9 + 0b1; }',
            'uint32_t f() { return 0x0FFu + 10 + 0b0; }', 'uint32_t f() { return 0x0FFu + 10 + 0b10; }'])

    def test_static_asserts_attributes_and_template_headers(self):
        src = ('template <typename T, unsigned N = 4>\n'
               '__attribute__((aligned(8))) constexpr bool ok = N > 2;\n'
               'static_assert(sizeof(int) == 4);\n')
        ms = mutants_of('x.hpp', src)
        self.assertEqual([(m.line, m.op) for m in ms], [(2, 'boundary'), (2, 'constant'), (2, 'constant'),
                                                       (3, 'negate'), (3, 'constant'), (3, 'constant')])
        self.assertEqual([m.compile_time for m in ms], [False, False, False, True, True, True])

    def test_every_mutant_keeps_the_line_count(self):
        for m in mutants_of('x.cpp', DRIVER):
            self.assertEqual(m.apply(DRIVER).count('\n'), DRIVER.count('\n'), (m.line, m.op))
