// SPDX-License-Identifier: Apache-2.0
// The numbers the public RISC-V headers name, against the documents they come
// from: a program that uses csr::kCycleh, sbi_pmu::kCfgSkipMatch or
// sspesa::cause::kDCacheMiss gets the number the hardware and the SBI
// implementation mean. The driver's own uses are pinned by the exact access
// lists of the other tests; these are the names only a caller uses.
#include <gtest/gtest.h>

#include <cstring>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu/riscv/sbi_pmu.hpp"
#include "pmu/riscv/sspesa.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;

// docs/hw/riscv-counters.md §2.1.
TEST(RiscvSpecNumbers, CounterCsrsAreThePrivilegedSpecs) {
  EXPECT_EQ(csr::kMcycle, 0xB00u);
  EXPECT_EQ(csr::kMinstret, 0xB02u);
  EXPECT_EQ(csr::kMcycleh, 0xB80u);
  EXPECT_EQ(csr::kMinstreth, 0xB82u);
  EXPECT_EQ(csr::kMcountinhibit, 0x320u);
  EXPECT_EQ(csr::kMcounteren, 0x306u);
  EXPECT_EQ(csr::kScounteren, 0x106u);
  EXPECT_EQ(csr::kHcounteren, 0x606u);
  EXPECT_EQ(csr::kScountovf, 0xDA0u);
  EXPECT_EQ(csr::kCycle, 0xC00u);
  EXPECT_EQ(csr::kInstret, 0xC02u);
  EXPECT_EQ(csr::kCycleh, 0xC80u);
  for (unsigned n = 3; n <= 31; ++n) {
    EXPECT_EQ(csr::mhpmcounter(n), 0xB00u + n) << n;
    EXPECT_EQ(csr::mhpmcounterh(n), 0xB80u + n) << n;
    EXPECT_EQ(csr::mhpmevent(n), 0x320u + n) << n;
    EXPECT_EQ(csr::mhpmeventh(n), 0x720u + n) << n;
    EXPECT_EQ(csr::kHpmcounterBase + n, 0xC00u + n) << n;
    EXPECT_EQ(csr::kHpmcounterhBase + n, 0xC80u + n) << n;
  }
  // mie/mip/sie/sip (privileged spec, "Machine Interrupt Registers"); LCOFI
  // is local interrupt 13 (§2.3).
  EXPECT_EQ(csr::kMie, 0x304u);
  EXPECT_EQ(csr::kMip, 0x344u);
  EXPECT_EQ(csr::kSie, 0x104u);
  EXPECT_EQ(csr::kSip, 0x144u);
  EXPECT_EQ(csr::kLcofiMask, 0x2000u);
}

// docs/hw/riscv-counters.md §3.5 (the AME proposal's table).
// The counter slots: mcountinhibit's bit positions (docs/hw/riscv-counters.md §2.1).
TEST(RiscvSpecNumbers, CounterSlotsAreMcountinhibitsBits) {
  EXPECT_EQ(kFirstHpm, 3u);
  EXPECT_EQ(kLastHpm, 31u);
  EXPECT_EQ(kNumCounterSlots, 32u);
}

TEST(RiscvSpecNumbers, AmeCsrsAreTheProposals) {
  EXPECT_EQ(csr::kAmeScounteren, 0x5E6u);
  EXPECT_EQ(csr::kAmeHcounteren, 0x6C6u);
  EXPECT_EQ(csr::kAmeMcounteren, 0x7E8u);
  EXPECT_EQ(csr::kAmeMcountinhibit, 0x7E9u);
  EXPECT_EQ(csr::kAmeMcycle, 0xBE0u);
  EXPECT_EQ(csr::kAmeMinstret, 0xBE2u);
  EXPECT_EQ(csr::kAmeCycle, 0xCE0u);
  EXPECT_EQ(csr::kAmeInstret, 0xCE2u);
  EXPECT_EQ(csr::kAmeScountovf, 0xDE0u);
  for (unsigned n = 3; n <= 31; ++n) {
    EXPECT_EQ(csr::ame_mhpmevent(n), 0xBC0u + n) << n;
    EXPECT_EQ(csr::ame_mhpmcounter(n), 0xBE0u + n) << n;
    EXPECT_EQ(csr::ame_hpmcounter(n), 0xCE0u + n) << n;
  }
}

// docs/hw/riscv-counters.md §1.4 and §1.1: each Event names its RTL event.
TEST(RiscvSpecNumbers, IbexEventIdsAreTheRtls) {
  struct Named {
    ibex::Event e;
    unsigned id;
    const char* name;
  };
  const Named kTable[] = {
      {ibex::Event::kNumCycles, 0, "NumCycles"},          {ibex::Event::kNumInstrRet, 2, "NumInstrRet"},
      {ibex::Event::kNumCyclesLSU, 3, "NumCyclesLSU"},    {ibex::Event::kNumCyclesIF, 4, "NumCyclesIF"},
      {ibex::Event::kNumLoads, 5, "NumLoads"},            {ibex::Event::kNumStores, 6, "NumStores"},
      {ibex::Event::kNumJumps, 7, "NumJumps"},            {ibex::Event::kNumBranches, 8, "NumBranches"},
      {ibex::Event::kNumBranchesTaken, 9, "NumBranchesTaken"}, {ibex::Event::kNumInstrRetC, 10, "NumInstrRetC"},
      {ibex::Event::kNumCyclesMulWait, 11, "NumCyclesMulWait"}, {ibex::Event::kNumCyclesDivWait, 12, "NumCyclesDivWait"},
  };
  for (const Named& n : kTable) {
    EXPECT_EQ(static_cast<unsigned>(n.e), n.id) << n.name;
    ASSERT_NE(ibex::event_name(n.id), nullptr) << n.id;
    EXPECT_STREQ(ibex::event_name(n.id), n.name);
  }
  EXPECT_EQ(ibex::event_name(1), nullptr);
  EXPECT_EQ(ibex::kMaxEventId, 12u);
  EXPECT_EQ(ibex::kMaxHpmCounters, 10u);
  EXPECT_EQ(ibex::kDefaultWidth, 40u);
}

// MHPMCounterNum 0..10 and MHPMCounterWidth 1..64, both ends included
// (docs/hw/riscv-counters.md §1.1).
TEST(RiscvSpecNumbers, IbexConfigurationsAreValidExactlyInTheRtlsRanges) {
  for (unsigned num = 0; num <= 11; ++num)
    for (unsigned width : {0u, 1u, 2u, 40u, 63u, 64u, 65u})
      EXPECT_EQ(ibex::valid(ibex::Config{num, width}), num <= 10 && width >= 1 && width <= 64) << num << " " << width;
  for (unsigned num = 0; num <= 10; ++num) EXPECT_EQ(ibex::counter_mask(num), 0x5u | (((1u << num) - 1) << 3)) << num;
  EXPECT_EQ(ibex::counter_mask(11), 0x5u);  // out of range: cycle and instret only
}

// The SBI specification's PMU extension (as sbi_pmu.hpp cites it): function
// numbers, flags, event_idx and counter_info encodings.
TEST(RiscvSpecNumbers, SbiPmuNumbersAreTheSbiSpecs) {
  EXPECT_EQ(sbi_pmu::kEid, 0x504D55u);
  EXPECT_EQ(sbi_pmu::kBaseEid, 0x10u);
  EXPECT_EQ(sbi_pmu::kBaseProbeExtension, 3u);
  EXPECT_EQ(sbi_pmu::kNumCounters, 0u);
  EXPECT_EQ(sbi_pmu::kCounterGetInfo, 1u);
  EXPECT_EQ(sbi_pmu::kCounterConfigMatching, 2u);
  EXPECT_EQ(sbi_pmu::kCounterStart, 3u);
  EXPECT_EQ(sbi_pmu::kCounterStop, 4u);
  EXPECT_EQ(sbi_pmu::kCounterFwRead, 5u);
  const hal::csr_word kFlags[] = {sbi_pmu::kCfgSkipMatch, sbi_pmu::kCfgClearValue, sbi_pmu::kCfgAutoStart,
                                  sbi_pmu::kCfgSetVuinh,  sbi_pmu::kCfgSetVsinh,   sbi_pmu::kCfgSetUinh,
                                  sbi_pmu::kCfgSetSinh,   sbi_pmu::kCfgSetMinh};
  for (unsigned bit = 0; bit < 8; ++bit) EXPECT_EQ(kFlags[bit], hal::csr_word{1} << bit) << bit;
  EXPECT_EQ(sbi_pmu::kStartSetInitValue, 1u);
  EXPECT_EQ(sbi_pmu::kStopReset, 1u);
  EXPECT_EQ(sbi_pmu::kEventTypeHardware, 0u);
  EXPECT_EQ(sbi_pmu::kEventTypeRaw, 2u);
  EXPECT_EQ(sbi_pmu::kEventTypeFirmware, 15u);
  EXPECT_EQ(sbi_pmu::kHwCpuCycles, 1u);
  EXPECT_EQ(sbi_pmu::kHwInstructions, 2u);
  EXPECT_EQ(sbi_pmu::kRawEvent, 0x20000u);
  EXPECT_EQ(sbi_pmu::event_idx(15, 0x12345), 0xF2345u);  // the code is 16 bits
  EXPECT_EQ(sbi_pmu::kRawDataMask, 0xFFFFFFFFFFFFull);
}

// counter_info: CSR in 11:0, width - 1 in 17:12, firmware in bit XLEN-1.
TEST(RiscvSpecNumbers, SbiCounterInfoFieldsAtTheirEdges) {
  constexpr unsigned kTop = sizeof(hal::csr_word) * 8 - 1;
  const sbi_pmu::CounterInfo all{~hal::csr_word{0}};
  EXPECT_EQ(all.csr(), 0xFFFu);
  EXPECT_EQ(all.width(), 64u);
  EXPECT_TRUE(all.firmware());
  const sbi_pmu::CounterInfo narrow{hal::csr_word{0xC03}};
  EXPECT_EQ(narrow.csr(), 0xC03u);
  EXPECT_EQ(narrow.width(), 1u);
  EXPECT_FALSE(narrow.firmware());
  const sbi_pmu::CounterInfo below_top{~hal::csr_word{0} >> 1};
  EXPECT_FALSE(below_top.firmware());
  EXPECT_EQ((sbi_pmu::CounterInfo{hal::csr_word{1} << kTop}).csr(), 0u);
  EXPECT_EQ((sbi_pmu::CounterInfo{hal::csr_word{0x3F} << 12}).width(), 64u);
  EXPECT_EQ((sbi_pmu::CounterInfo{hal::csr_word{0x27} << 12}).width(), 40u);
}

// Each privilege-inhibit bit is its Sscofpmf bit of mhpmevent (docs/hw/riscv-counters.md §2.3)
// and its SBI config_matching flag.
TEST(RiscvSpecNumbers, InhibitBitsAreTheirMhpmeventBitsAndSbiFlags) {
  struct Bit {
    uint8_t inh;
    unsigned mhpmevent_bit;
    hal::csr_word sbi_flag;
  };
  const Bit kBits[] = {{inhibit::kM, 62, 1u << 7}, {inhibit::kS, 61, 1u << 6}, {inhibit::kU, 60, 1u << 5},
                       {inhibit::kVs, 59, 1u << 4}, {inhibit::kVu, 58, 1u << 3}};
  uint8_t all = 0;
  for (const Bit& b : kBits) {
    EXPECT_EQ(make_hpm_event(0, b.inh).value().raw, uint64_t{1} << b.mhpmevent_bit) << b.mhpmevent_bit;
    EXPECT_EQ(sbi_pmu::inhibit_flags(b.inh), b.sbi_flag) << b.mhpmevent_bit;
    all = static_cast<uint8_t>(all | b.inh);
  }
  EXPECT_EQ(inhibit::kAll, all);
  EXPECT_EQ(sbi_pmu::inhibit_flags(inhibit::kAll), hal::csr_word{0xF8});
  EXPECT_EQ(sbi_pmu::inhibit_flags(0), hal::csr_word{0});
  EXPECT_EQ(mhpmevent::kOf.mask(), uint64_t{1} << 63);
  EXPECT_EQ(mhpmevent::kOfHigh, 1u << 31);  // OF as mhpmeventh holds it on RV32
  EXPECT_EQ(mhpmevent::kWpri.mask(), uint64_t{3} << 56);
  EXPECT_EQ(mhpmevent::kEvent.mask(), (uint64_t{1} << 56) - 1);
  EXPECT_EQ(mhpmevent::kMinh.mask() | mhpmevent::kSinh.mask() | mhpmevent::kUinh.mask() | mhpmevent::kVsinh.mask() |
                mhpmevent::kVuinh.mask(),
            mhpmevent::kInh.mask());
}

// docs/hw/riscv-counters.md §4.2: RSTATE 00 retired, 01 stalled, 10 flushed,
// 11 drained; CAUSE's recommended first bits in order I$ miss, ITLB miss,
// branch mispredict, D$ miss, DTLB miss.
TEST(RiscvSpecNumbers, SspesaRetireStatesAndCauseBitsAreTheProposals) {
  const sspesa::RetireState kStates[] = {sspesa::RetireState::kRetired, sspesa::RetireState::kStalled,
                                         sspesa::RetireState::kFlushed, sspesa::RetireState::kDrained};
  for (uint64_t rstate = 0; rstate < 4; ++rstate) EXPECT_EQ(sspesa::decode(rstate << 4).rstate, kStates[rstate]);
  const uint16_t kCause[] = {sspesa::cause::kICacheMiss, sspesa::cause::kItlbMiss, sspesa::cause::kBranchMispredict,
                             sspesa::cause::kDCacheMiss, sspesa::cause::kDtlbMiss};
  for (unsigned bit = 0; bit < 5; ++bit) {
    EXPECT_EQ(kCause[bit], 1u << bit) << bit;
    EXPECT_EQ(sspesa::decode(uint64_t{kCause[bit]} << 22).cause, kCause[bit]) << bit;
  }
}

// docs/hw/riscv-counters.md §3.1/§3.5: OPTYPE OR 0, AND 1, XOR 2, ADD 4; the
// AME pool has 20 entries; event fields are 10 bits.
TEST(RiscvSpecNumbers, AmeOptypesAndPoolAreTheProposals) {
  EXPECT_EQ(static_cast<unsigned>(ame::OpType::kOr), 0u);
  EXPECT_EQ(static_cast<unsigned>(ame::OpType::kAnd), 1u);
  EXPECT_EQ(static_cast<unsigned>(ame::OpType::kXor), 2u);
  EXPECT_EQ(static_cast<unsigned>(ame::OpType::kAdd), 4u);
  for (unsigned op = 0; op < 32; ++op) EXPECT_EQ(ame::legal_optype(op), op == 0 || op == 1 || op == 2 || op == 4) << op;
  EXPECT_EQ(ame::kMaxEventId, 1023u);
  EXPECT_EQ(ame::kNumAmeEvents, 20u);
}

}  // namespace
