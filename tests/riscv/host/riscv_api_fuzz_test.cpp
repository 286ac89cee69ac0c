// SPDX-License-Identifier: Apache-2.0
// The RISC-V counter files on RV64 under random call sequences with random
// arguments, fixed seeds (riscv_api_fuzz.hpp says what each run checks):
// the M-mode, SBI, AME and Ibex files, with Sscofpmf on and off, totals and
// callbacks kept, toggled or absent; and Sspesa sample records.
#include <string>

#include "riscv_api_fuzz.hpp"

namespace {
using pmu::riscv::OverflowSource;
using pmu::test::riscv_fuzz::Kind;
using pmu::test::riscv_fuzz::Run;
using pmu::test::riscv_fuzz::Storage;

static_assert(pmu::hal::kXlen == 64, "the RV32 runs are rv32/riscv_api_fuzz_rv32_test.cpp");

constexpr OverflowSource kVec = OverflowSource::kScountovf;
constexpr OverflowSource kEach = OverflowSource::kEventOf;
constexpr Storage kNone = Storage::kNone, kToggled = Storage::kToggled, kFixed = Storage::kFixed;

// name, kind, seed, sscofpmf, source, totals, callbacks, num_hpm, width, gap, present, ibex_num, raw, steps
const Run kRuns[] = {
    {"MachineSscofpmfTotals12Bit", Kind::kMachine, 0x5C0F, true, kVec, kFixed, kFixed, 6, 12, 1, true, -1, false, 20000},
    {"MachineSscofpmfEachOfToggled", Kind::kMachine, 0xEAC4, true, kEach, kToggled, kToggled, 29, 40, 1, true, -1, false, 20000},
    {"MachineSscofpmfTotals64Bit", Kind::kMachine, 0x6464, true, kVec, kFixed, kToggled, 3, 64, 2, true, -1, false, 5000},
    {"MachinePlainTotals16Bit", Kind::kMachine, 0x9A1, false, kVec, kFixed, kNone, 4, 16, 2, true, -1, false, 20000},
    {"MachinePlainBare", Kind::kMachine, 0xBA4E, false, kVec, kNone, kNone, 29, 64, 0, true, -1, false, 5000},
    {"MachineAbsent", Kind::kMachine, 0xAB5, true, kVec, kToggled, kToggled, 4, 40, 1, false, -1, false, 2000},
    {"SbiSscofpmfTotals12Bit", Kind::kSbi, 0x5B1, true, kVec, kFixed, kFixed, 4, 12, 1, true, -1, true, 20000},
    {"SbiSscofpmfToggled", Kind::kSbi, 0x5B2, true, kEach, kToggled, kToggled, 8, 40, 0, true, -1, false, 20000},
    {"SbiPlainTotals16Bit", Kind::kSbi, 0x5B3, false, kVec, kFixed, kToggled, 3, 16, 1, true, -1, true, 5000},
    {"SbiAbsent", Kind::kSbi, 0x5B4, true, kVec, kToggled, kToggled, 4, 40, 0, false, -1, false, 2000},
    {"AmeTotals", Kind::kAme, 0xA3E1, true, kVec, kFixed, kFixed, 0, 64, 1, true, -1, false, 5000},
    {"AmeEachOfToggled", Kind::kAme, 0xA3E2, true, kEach, kToggled, kToggled, 0, 64, 0, true, -1, false, 5000},
    {"AmeWithoutOf", Kind::kAme, 0xA3E3, false, kVec, kToggled, kNone, 0, 64, 1, true, -1, false, 3000},
    {"AmeUndeclared", Kind::kAme, 0xA3E4, true, kVec, kToggled, kToggled, 0, 64, 1, false, -1, false, 2000},
    {"IbexTotals12Bit", Kind::kIbex, 0x1BE1, false, kVec, kFixed, kToggled, 10, 12, 1, true, -1, false, 20000},
    {"IbexToggledFileClaimsMore", Kind::kIbex, 0x1BE2, false, kVec, kToggled, kToggled, 3, 40, 1, true, 5, false, 5000},
    {"IbexInvalidConfig", Kind::kIbex, 0x1BE3, false, kVec, kToggled, kNone, 10, 32, 0, true, 11, false, 2000},
    {"IbexNoHpm", Kind::kIbex, 0x1BE4, false, kVec, kToggled, kNone, 0, 40, 1, true, -1, false, 2000},
};

class RiscvApiFuzz : public ::testing::TestWithParam<Run> {};

TEST_P(RiscvApiFuzz, RandomCallsKeepTheContract) { pmu::test::riscv_fuzz::run(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Rv64, RiscvApiFuzz, ::testing::ValuesIn(kRuns),
                         [](const ::testing::TestParamInfo<Run>& p) { return std::string(p.param.name); });

TEST(RiscvSspesaFuzz, AnyRecordDecodesAndAnInconsistentOneIsRefusedUnwritten) {
  pmu::test::riscv_fuzz::sspesa_fuzz(0x5E5A, 30000);
}

}  // namespace
