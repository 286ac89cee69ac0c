// SPDX-License-Identifier: Apache-2.0
// The RISC-V counter files on RV32 under random call sequences with random
// arguments, fixed seeds (../riscv_api_fuzz.hpp says what each run checks):
// hi/lo/hi reads, split writes and selectors, OF in mhpmeventNh, the SBI
// file's split initial value, Ibex, and the AME file, which RV32 cannot use;
// the build-time files (FixedConfig) likewise.
#include <string>

#include "../riscv_api_fuzz.hpp"

namespace {
using pmu::riscv::OverflowSource;
using pmu::test::riscv_fuzz::Kind;
using pmu::test::riscv_fuzz::Run;
using pmu::test::riscv_fuzz::Storage;

static_assert(pmu::hal::kXlen == 32, "this file is built with PMU_HOST_XLEN=32");

constexpr OverflowSource kVec = OverflowSource::kScountovf;
constexpr OverflowSource kEach = OverflowSource::kEventOf;
constexpr Storage kNone = Storage::kNone, kToggled = Storage::kToggled, kFixed = Storage::kFixed;

// name, kind, seed, sscofpmf, source, totals, callbacks, num_hpm, width, gap, present, ibex_num, raw, steps
const Run kRuns[] = {
    {"MachineSscofpmfTotals12Bit", Kind::kMachine, 0x325C, true, kVec, kFixed, kFixed, 6, 12, 1, true, -1, false, 20000},
    {"MachineSscofpmfEachOfToggled", Kind::kMachine, 0x32EA, true, kEach, kToggled, kToggled, 29, 40, 1, true, -1, false, 6000},
    {"MachinePlainTotals40Bit", Kind::kMachine, 0x329A, false, kVec, kFixed, kNone, 4, 40, 1, true, -1, false, 5000},
    {"MachinePlainToggled", Kind::kMachine, 0x32BA, false, kEach, kToggled, kToggled, 29, 64, 0, true, -1, false, 5000},
    {"SbiSscofpmfTotals12Bit", Kind::kSbi, 0x32B1, true, kVec, kFixed, kFixed, 4, 12, 1, true, -1, true, 20000},
    {"SbiPlainToggled", Kind::kSbi, 0x32B3, false, kVec, kToggled, kToggled, 3, 40, 1, true, -1, false, 5000},
    {"AmeDeclaredButRv32", Kind::kAme, 0x32A3, true, kVec, kToggled, kToggled, 0, 64, 1, true, -1, false, 2000},
    {"IbexTotals12Bit", Kind::kIbex, 0x321B, false, kVec, kFixed, kToggled, 10, 12, 1, true, -1, false, 20000},
    {"IbexOpenTitanToggled", Kind::kIbex, 0x321C, false, kVec, kToggled, kToggled, 10, 32, 1, true, -1, false, 5000},
};

class RiscvApiFuzz : public ::testing::TestWithParam<Run> {};

TEST_P(RiscvApiFuzz, RandomCallsKeepTheContract) { pmu::test::riscv_fuzz::run(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Rv32, RiscvApiFuzz, ::testing::ValuesIn(kRuns),
                         [](const ::testing::TestParamInfo<Run>& p) { return std::string(p.param.name); });

// ---- build-time files (../riscv_api_fuzz.hpp, fixed::) --------------------------------
using namespace pmu::test::riscv_fuzz::fixed;
using pmu::test::riscv_fuzz::run_file;

TEST(RiscvApiFuzzFixedRv32, MachineOneHpmStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kOneHpm, StaticCbs, StaticTotals>>(
      make_run("FixedMachineOneHpm", Kind::kMachine, 0x32F1, 1, 12, 20000));
}
TEST(RiscvApiFuzzFixedRv32, MachineSeveralStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kSeveral, StaticCbs, StaticTotals>>(
      make_run("FixedMachineSeveral", Kind::kMachine, 0x32F3, 6, 12, 20000));
}
TEST(RiscvApiFuzzFixedRv32, MachineHighThreeStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kHighThree, StaticCbs, StaticTotals>>(
      make_run("FixedMachineHighThree", Kind::kMachine, 0x3300, 29, 12, 20000));
}
TEST(RiscvApiFuzzFixedRv32, MachineTwoApartEachOfStaticStorage12Bit) {
  run_file<Kind::kMachine, Machine<kTwoApart, StaticCbs, StaticTotals>>(
      make_run("FixedMachineTwoApart", Kind::kMachine, 0x3301, 29, 12, 20000));
}
TEST(RiscvApiFuzzFixedRv32, MachineSparseEachOfTotalsOnly40Bit) {
  run_file<Kind::kMachine, Machine<kSparseEach, NoCbs, StaticTotals>>(
      make_run("FixedMachineSparseEach", Kind::kMachine, 0x32F4, 29, 40, 10000));
}
TEST(RiscvApiFuzzFixedRv32, MachineOnlyHpm5EachOfAttachedCallbacks) {
  run_file<Kind::kMachine, Machine<kOnlyHpm5, AttachedCbs, StaticTotals>>(
      make_run("FixedMachineOnlyHpm5Attached", Kind::kMachine, 0x32F2, 4, 12, 20000, kToggled));
}
TEST(RiscvApiFuzzFixedRv32, MachinePlainStaticStorage40Bit) {
  run_file<Kind::kMachine, Machine<kPlain, StaticCbs, StaticTotals>>(
      make_run("FixedMachinePlain", Kind::kMachine, 0x32F6, 4, 40, 5000));
}
TEST(RiscvApiFuzzFixedRv32, MachineBareWithTime) {
  run_file<Kind::kMachine, Machine<kWithTime>>(make_run("FixedMachineBareWithTime", Kind::kMachine, 0x32F7, 2, 40, 5000));
}
TEST(RiscvApiFuzzFixedRv32, AmeDeclaredButRv32) {
  run_file<Kind::kAme, Ame<kAmeMany, StaticCbs, StaticTotals>>(
      make_run("FixedAmeDeclaredButRv32", Kind::kAme, 0x32A1, 0, 64, 2000, kToggled));
}
TEST(RiscvApiFuzzFixedRv32, SbiSeveralStaticStorage12Bit) {
  run_file<Kind::kSbi, Sbi<kSbiSeveral, StaticCbs, StaticTotals>>(
      make_run("FixedSbiSeveral", Kind::kSbi, 0x32F5, 4, 12, 20000));
}

TEST(RiscvSspesaFuzz, AnyRecordDecodesAndAnInconsistentOneIsRefusedUnwritten) {
  pmu::test::riscv_fuzz::sspesa_fuzz(0x325E, 10000);
}

}  // namespace
