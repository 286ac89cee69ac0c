// SPDX-License-Identifier: Apache-2.0
// The RISC-V counter files on RV64 under random call sequences with random
// arguments, fixed seeds (riscv_api_fuzz.hpp says what each run checks):
// the M-mode, SBI, AME and Ibex files, with Sscofpmf on and off, totals and
// callbacks kept, toggled or absent; the build-time files (FixedConfig) of
// several configurations; and Sspesa sample records.
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

// ---- build-time files ----------------------------------------------------------------
// The configurations of riscv_api_fuzz.hpp (fixed::), each a type: C, its
// storage and the map (the run's Sscofpmf, source and storage follow them).
using namespace pmu::test::riscv_fuzz::fixed;
using pmu::test::riscv_fuzz::run_file;

TEST(RiscvApiFuzzFixed, MachineOneHpmStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kOneHpm, StaticCbs, StaticTotals>>(
      make_run("FixedMachineOneHpm", Kind::kMachine, 0xF1, 1, 12, 20000));
}
TEST(RiscvApiFuzzFixed, MachineOnlyHpm5EachOfStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kOnlyHpm5, StaticCbs, StaticTotals>>(
      make_run("FixedMachineOnlyHpm5", Kind::kMachine, 0xF2, 4, 12, 20000));
}
TEST(RiscvApiFuzzFixed, MachineSeveralStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kSeveral, StaticCbs, StaticTotals>>(
      make_run("FixedMachineSeveral", Kind::kMachine, 0xF3, 6, 12, 20000));
}
TEST(RiscvApiFuzzFixed, MachineHighThreeStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kHighThree, StaticCbs, StaticTotals>>(
      make_run("FixedMachineHighThree", Kind::kMachine, 0x100, 29, 12, 20000));
}
TEST(RiscvApiFuzzFixed, MachineTwoApartEachOfStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kTwoApart, StaticCbs, StaticTotals>>(
      make_run("FixedMachineTwoApart", Kind::kMachine, 0x101, 29, 12, 20000));
}
TEST(RiscvApiFuzzFixed, MachineSparseEachOfTotalsOnly40Bit) {
  run_file<Kind::kMachine, Machine<kSparseEach, NoCbs, StaticTotals>>(
      make_run("FixedMachineSparseEach", Kind::kMachine, 0xF4, 29, 40, 20000));
}
TEST(RiscvApiFuzzFixed, MachineSeveralAttachedCallbacksToggled) {
  run_file<Kind::kMachine, Machine<kSeveral, AttachedCbs, StaticTotals>>(
      make_run("FixedMachineSeveralAttached", Kind::kMachine, 0xF5, 6, 12, 20000, kToggled));
}
TEST(RiscvApiFuzzFixed, MachinePlainStaticStorage16Bit) {
  run_file<Kind::kMachine, Machine<kPlain, StaticCbs, StaticTotals>>(
      make_run("FixedMachinePlain", Kind::kMachine, 0xF6, 4, 16, 20000));
}
TEST(RiscvApiFuzzFixed, MachineBareWithTime) {
  run_file<Kind::kMachine, Machine<kWithTime>>(make_run("FixedMachineBareWithTime", Kind::kMachine, 0xF7, 2, 40, 5000));
}
TEST(RiscvApiFuzzFixed, MachineAbsent) {
  run_file<Kind::kMachine, Machine<kAbsent, StaticCbs>>(make_run("FixedMachineAbsent", Kind::kMachine, 0xF8, 2, 40, 2000));
}
TEST(RiscvApiFuzzFixed, AmeTwoStaticStorage) {
  run_file<Kind::kAme, Ame<kAmeTwo, StaticCbs, StaticTotals>>(make_run("FixedAmeTwo", Kind::kAme, 0xFA1, 0, 64, 5000));
}
TEST(RiscvApiFuzzFixed, AmeManyEachOfStaticStorage) {
  run_file<Kind::kAme, Ame<kAmeMany, StaticCbs, StaticTotals>>(make_run("FixedAmeMany", Kind::kAme, 0xFA2, 0, 64, 5000));
}
TEST(RiscvApiFuzzFixed, AmeUndeclared) {
  run_file<Kind::kAme, Ame<kAmeUndeclared, StaticCbs>>(make_run("FixedAmeUndeclared", Kind::kAme, 0xFA3, 0, 64, 2000));
}
TEST(RiscvApiFuzzFixed, SbiSeveralStaticStorage12Bit) {
  run_file<Kind::kSbi, Sbi<kSbiSeveral, StaticCbs, StaticTotals>>(
      make_run("FixedSbiSeveral", Kind::kSbi, 0xF5B, 4, 12, 20000));
}

TEST(RiscvSspesaFuzz, AnyRecordDecodesAndAnInconsistentOneIsRefusedUnwritten) {
  pmu::test::riscv_fuzz::sspesa_fuzz(0x5E5A, 30000);
}

}  // namespace
