// SPDX-License-Identifier: Apache-2.0
#include "console.hpp"

#include "board.hpp"

namespace examples {
namespace {

void put(void*, char c) { board::putc(c); }
constexpr pmu::report::Sink kConsole{&put, nullptr};
unsigned g_problems = 0;

}  // namespace

const pmu::report::Sink& console() { return kConsole; }

void print(const char* s) { pmu::report::put_str(kConsole, s); }
void print_dec(uint64_t v, unsigned min_width) { pmu::report::put_dec(kConsole, v, min_width); }
void print_hex(uint64_t v, unsigned digits) {
  print("0x");
  pmu::report::put_hex(kConsole, v, digits);
}

const char* status_name(pmu::Status s) {
  switch (s) {
    case pmu::Status::kOk: return "kOk";
    case pmu::Status::kBadArg: return "kBadArg";
    case pmu::Status::kUnavailable: return "kUnavailable";
    case pmu::Status::kNotFound: return "kNotFound";
    case pmu::Status::kMismatch: return "kMismatch";
    case pmu::Status::kFailed: return "kFailed";
  }
  return "?";
}

bool ok(pmu::Status s, const char* call) {
  if (s == pmu::Status::kOk) return true;
  ++g_problems;
  print("  problem: ");
  print(call);
  print(" returned ");
  print(status_name(s));
  print("\n");
  return false;
}

bool expect(bool cond, const char* what) {
  if (cond) return true;
  ++g_problems;
  print("  problem: expected ");
  print(what);
  print("\n");
  return false;
}

unsigned problems() { return g_problems; }

int verdict(const char* summary) {
  if (g_problems == 0) {
    print("verdict: PASS - ");
    print(summary);
    print("\n");
    return 0;
  }
  print("verdict: FAIL - ");
  print_dec(g_problems);
  print(g_problems == 1 ? " problem (see above)\n" : " problems (see above)\n");
  return 1;
}

}  // namespace examples
