// SPDX-License-Identifier: Apache-2.0
// safesu_selftest: the SafeSU validation self-test, as a validation image
// runs it on a new bitstream: every check with its expected and observed
// value and PASS/FAIL, then the same as CSV lines for a log parser.
#include "board.hpp"
#include "board_config.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "pmu/report.hpp"
#include "pmu/safesu/selftest.hpp"
#include "safesu_unit.hpp"

namespace {

using examples::print;
using examples::print_dec;
using examples::print_hex;
using pmu::safesu::Relation;

pmu::safesu::SafeSU* g_su;  // the board's SafeSU (examples::safesu_unit()), set first in main
pmu::safesu::SelftestReport g_report{};

const char* relation(Relation r) {
  switch (r) {
    case Relation::kEq: return "==";
    case Relation::kNe: return "!=";
    case Relation::kLt: return "< ";
  }
  return "? ";
}

void pad(const char* s, unsigned width) {
  unsigned n = 0;
  while (s[n] != '\0') ++n;
  print(s);
  for (; n < width; ++n) print(" ");
}

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("safesu_selftest: SafeSU validation self-test (board ");
  print(board::name());
  print(")\n");
  g_su = &examples::safesu_unit();
  examples::attach_emulated_devices(examples::kSafesu);
  print("unit at ");
  print_hex(g_su->base());
  print(", ");
  print_dec(g_su->layout().n_cores);
  print(" cores, ");
  print_dec(g_su->layout().n_counters);
  print(" counters; the test is destructive (counters end at 0)\n\n");

  const pmu::Status s = pmu::safesu::run_selftest(*g_su, &g_report);
  unsigned name_w = 5;
  for (unsigned i = 0; i < g_report.count; ++i) {
    unsigned n = 0;
    while (g_report.checks[i].name[n] != '\0') ++n;
    if (n > name_w) name_w = n;
  }
  pad("check", name_w);
  print("  observed       expected    result\n");
  for (unsigned i = 0; i < g_report.count; ++i) {
    const pmu::safesu::Check& c = g_report.checks[i];
    pad(c.name, name_w);
    print("  ");
    print_hex(c.observed);
    print("  ");
    print(relation(c.rel));
    print(" ");
    print_hex(c.expected);
    print("  ");
    print(c.pass ? "PASS" : "FAIL");
    print("\n");
  }
  print("\n");
  print_dec(g_report.count);
  print(" checks, ");
  print_dec(g_report.failed);
  print(" failed; run_selftest returned ");
  print(examples::status_name(s));
  print("\n\nCSV (title,index,check,observed):\n");
  pmu::report::Row rows[pmu::safesu::kMaxSelftestChecks];
  for (unsigned i = 0; i < g_report.count; ++i)
    rows[i] = {i, g_report.checks[i].name, g_report.checks[i].observed};
  examples::ok(pmu::report::print(examples::console(), "safesu_selftest", rows, g_report.count,
                                  pmu::report::Format::kCsv),
               "report::print");

  examples::expect(g_report.count > 0, "at least one check");
  examples::ok(s, "run_selftest");
  return examples::verdict("every self-test check passed");
}
