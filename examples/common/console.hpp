// SPDX-License-Identifier: Apache-2.0
// Console output for the examples, without printf: strings and numbers go
// to board::putc, counter tables through pmu::report (a Sink over putc).
// Also a small tally of what went wrong, for the closing verdict line.
#pragma once

#include <stdint.h>

#include "pmu/report.hpp"
#include "pmu/status.hpp"

namespace examples {

// A pmu::report sink that writes to the board console.
const pmu::report::Sink& console();

void print(const char* s);
void print_dec(uint64_t v, unsigned min_width = 0);
void print_hex(uint64_t v, unsigned digits = 8);  // "0x" and 'digits' hex digits
const char* status_name(pmu::Status s);

// Calls and expectations: each returns whether it held and, if not, prints
// one "  problem: ..." line and counts it.
bool ok(pmu::Status s, const char* call);
bool expect(bool cond, const char* what);
unsigned problems();

// The closing line: "verdict: PASS - <summary>" or "verdict: FAIL - N
// problem(s)". Returns the exit status for main().
int verdict(const char* summary);

}  // namespace examples
