// SPDX-License-Identifier: Apache-2.0
// XiangShan CUTE "AME" counters (proposal PR #67): a second counter file in
// custom CSRs with the XiangShan 4-event composition in ame_mhpmevent:
//   count += ((E0 op0 E1) op2 (E2 op1 E3))   per cycle
// EVENT0..3 are 10-bit ids at 9:0, 19:10, 29:20, 39:30; OPTYPE0..2 (5 bits)
// at 44:40, 49:45, 54:50 with OR = 0, AND = 1, XOR = 2, ADD = 4 (anything
// else is illegal: the hardware keeps the old field); 57:55 undefined;
// privilege inhibits at 62..58 and OF at 63 as in Sscofpmf.
//
// The AME CSR numbers are other CSRs on other cores (0x7E8/0x7E9 are P8700
// PMA registers): the driver never probes them. A board declares AME support
// with AmeConfig::declared; otherwise every call is kUnavailable.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/counter_unit.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/riscv/machine_csrs.hpp"
#include "pmu/status.hpp"

namespace pmu::riscv::ame {

enum class OpType : uint8_t { kOr = 0, kAnd = 1, kXor = 2, kAdd = 4 };
constexpr bool legal_optype(unsigned op) { return op == 0 || op == 1 || op == 2 || op == 4; }

namespace field {
constexpr reg::Field<MhpmeventTag> kEvent0{0, 10};
constexpr reg::Field<MhpmeventTag> kEvent1{10, 10};
constexpr reg::Field<MhpmeventTag> kEvent2{20, 10};
constexpr reg::Field<MhpmeventTag> kEvent3{30, 10};
constexpr reg::Field<MhpmeventTag> kOptype0{40, 5};
constexpr reg::Field<MhpmeventTag> kOptype1{45, 5};
constexpr reg::Field<MhpmeventTag> kOptype2{50, 5};
constexpr reg::Field<MhpmeventTag> kReserved{55, 3};
constexpr reg::Field<MhpmeventTag> kEvents[4] = {kEvent0, kEvent1, kEvent2, kEvent3};
constexpr reg::Field<MhpmeventTag> kOps[3] = {kOptype0, kOptype1, kOptype2};
}  // namespace field

constexpr unsigned kMaxEventId = 1023;  // the field width (XiangShan)
constexpr unsigned kNumAmeEvents = 20;  // the AME event pool: 0 = noEvent, 1..19 wired

// ((event[0] op[0] event[1]) op[2] (event[2] op[1] event[3])), filtered by
// 'inhibit' (inhibit::kM..kVu). A single event E: {{E, 0, 0, 0}} with OR.
struct Composition {
  uint16_t event[4] = {0, 0, 0, 0};
  OpType op[3] = {OpType::kOr, OpType::kOr, OpType::kOr};
  uint8_t inhibit = 0;
  bool of = false;  // decode only; encoders leave OF 0 (armed)
};

// XiangShan encoder: ids up to 1023. kBadArg on any illegal value.
constexpr Result<HpmEvent> encode(const Composition& c, unsigned max_event = kMaxEventId) {
  for (unsigned k = 0; k < 4; ++k)
    if (c.event[k] > max_event) return Status::kBadArg;
  for (unsigned k = 0; k < 3; ++k)
    if (!legal_optype(static_cast<unsigned>(c.op[k]))) return Status::kBadArg;
  if (c.inhibit > inhibit::kAll || c.of) return Status::kBadArg;
  HpmEvent v{0};
  for (unsigned k = 0; k < 4; ++k) v = v.with(field::kEvents[k], c.event[k]);
  for (unsigned k = 0; k < 3; ++k) v = v.with(field::kOps[k], static_cast<uint64_t>(c.op[k]));
  return v.with(mhpmevent::kInh, c.inhibit);
}
// AME encoder: also rejects ids outside the 20-entry AME pool.
constexpr Result<HpmEvent> encode_ame(const Composition& c) { return encode(c, kNumAmeEvents - 1); }
constexpr Result<HpmEvent> single(unsigned id, uint8_t inh = 0) {
  Composition c;
  if (id >= kNumAmeEvents) return Status::kBadArg;
  c.event[0] = static_cast<uint16_t>(id);
  c.inhibit = inh;
  return encode_ame(c);
}
// kBadArg if bits 57:55 are set or an OPTYPE is illegal.
constexpr Result<Composition> decode(HpmEvent v) {
  if (v.get(field::kReserved) != 0) return Status::kBadArg;
  Composition c;
  for (unsigned k = 0; k < 3; ++k) {
    const uint64_t op = v.get(field::kOps[k]);
    if (!legal_optype(static_cast<unsigned>(op))) return Status::kBadArg;
    c.op[k] = static_cast<OpType>(op);
  }
  for (unsigned k = 0; k < 4; ++k) c.event[k] = static_cast<uint16_t>(v.get(field::kEvents[k]));
  c.inhibit = static_cast<uint8_t>(v.get(mhpmevent::kInh));
  c.of = v.test(mhpmevent::kOf);
  return c;
}

// The AME event pool's names (PR #67 table); nullptr for ids >= 20.
const char* event_name(unsigned id);

// The AME CSR numbers (custom ranges; RV64 only, no h halves; full 64-bit
// counters; the overflow line is the board's, not LCOFI).
struct AmeCsrs {
  static constexpr uint32_t kCounterBase = csr::kAmeMhpmcounterBase;
  static constexpr uint32_t kCounterhBase = 0;
  static constexpr uint32_t kEventBase = csr::kAmeMhpmeventBase;
  static constexpr uint32_t kEventhBase = 0;
  static constexpr uint32_t kInhibit = csr::kAmeMcountinhibit;
  static constexpr uint32_t kOverflow = csr::kAmeScountovf;
  static constexpr bool kRv32Halves = false;
  static constexpr bool kLcofi = false;
  static constexpr bool kWritableEvents = true;
  static constexpr bool kFullWidth = true;
};
using AmeMap = MachineCsrs<AmeCsrs>;

// The AME counters are one counter file over the AME CSRs.
using AmeCounters = CounterFile<AmeMap>;
static_assert(check_counter_unit<AmeCounters>(), "AME is a counter unit (include/pmu/counter_unit.hpp)");

struct AmeConfig {
  bool declared = false;            // the board says: this is XiangShan + CUTE
  uint32_t counters = 0xFFFFFFFDu;  // ame_mcycle, ame_minstret, ame_mhpmcounter3..31
  // As the counter file's configuration (AME has Sscofpmf-style OF bits).
  constexpr operator CounterConfig() const {  // NOLINT: AmeCounters(AmeConfig{...}) reads naturally
    return CounterConfig{counters, true, declared, OverflowSource::kScountovf};
  }
};

// Program counter i with a composition (AME ids only).
Status program(AmeCounters& file, unsigned i, const Composition& c);
// The counteren chain: ame_mcounteren (M grants S/HS), ame_hcounteren
// (VS/VU), ame_scounteren (U). Bit 1 must be 0; masks name counters.
Status set_counteren(AmeCounters& file, uint32_t m, uint32_t h, uint32_t s);

}  // namespace pmu::riscv::ame
