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

/// XiangShan CUTE AME counters (docs/hw/riscv-counters.md §3.5).
namespace pmu::riscv::ame {

/// ame_mhpmevent OPTYPE values: how two per-cycle event increments combine (docs/hw/riscv-counters.md §3.1, §3.2).
enum class OpType : uint8_t {
  kOr = 0,   ///< Bitwise OR of the two per-cycle increments.
  kAnd = 1,  ///< Bitwise AND.
  kXor = 2,  ///< Bitwise XOR.
  kAdd = 4   ///< Sum.
};
/// True for an OPTYPE the hardware accepts (0, 1, 2, 4).
constexpr bool legal_optype(unsigned op) { return op == 0 || op == 1 || op == 2 || op == 4; }

/// Fields of ame_mhpmevent besides Sscofpmf's (docs/hw/riscv-counters.md §3.1).
namespace field {
constexpr reg::Field<MhpmeventTag> kEvent0{0, 10};  ///< EVENT0, bits 9:0.
constexpr reg::Field<MhpmeventTag> kEvent1{10, 10};  ///< EVENT1, bits 19:10.
constexpr reg::Field<MhpmeventTag> kEvent2{20, 10};  ///< EVENT2, bits 29:20.
constexpr reg::Field<MhpmeventTag> kEvent3{30, 10};  ///< EVENT3, bits 39:30.
constexpr reg::Field<MhpmeventTag> kOptype0{40, 5};  ///< OPTYPE0 (E0 op0 E1), bits 44:40.
constexpr reg::Field<MhpmeventTag> kOptype1{45, 5};  ///< OPTYPE1 (E2 op1 E3), bits 49:45.
constexpr reg::Field<MhpmeventTag> kOptype2{50, 5};  ///< OPTYPE2 (the two results), bits 54:50.
constexpr reg::Field<MhpmeventTag> kReserved{55, 3};  ///< Bits 57:55, undefined: decode() rejects them set.
constexpr reg::Field<MhpmeventTag> kEvents[4] = {kEvent0, kEvent1, kEvent2, kEvent3};  ///< EVENT0..3 by index.
constexpr reg::Field<MhpmeventTag> kOps[3] = {kOptype0, kOptype1, kOptype2};  ///< OPTYPE0..2 by index.
}  // namespace field

constexpr unsigned kMaxEventId = 1023;  ///< The event field's largest id (XiangShan).
constexpr unsigned kNumAmeEvents = 20;  ///< The AME event pool: 0 = noEvent, 1..19 wired.

/// ((event[0] op[0] event[1]) op[2] (event[2] op[1] event[3])), filtered by
/// 'inhibit' (inhibit::kM..kVu). A single event E: {{E, 0, 0, 0}} with OR.
struct Composition {
  uint16_t event[4] = {0, 0, 0, 0};                        ///< Event ids E0..E3.
  OpType op[3] = {OpType::kOr, OpType::kOr, OpType::kOr};  ///< op0, op1, op2.
  uint8_t inhibit = 0;                                     ///< Privilege inhibits (inhibit::kM..kVu).
  bool of = false;                                         ///< OF: decode only; encoders reject it set (they leave OF 0, armed).
};

/// XiangShan encoder: ids up to 1023. kBadArg on any illegal value.
constexpr Result<HpmEvent> encode(const Composition& c, unsigned max_event = kMaxEventId) {
  for (unsigned k = 0; k < 4; ++k)
    if (c.event[k] > max_event || c.event[k] > kMaxEventId) return Status::kBadArg;  // (the field's 10 bits)
  for (unsigned k = 0; k < 3; ++k)
    if (!legal_optype(static_cast<unsigned>(c.op[k]))) return Status::kBadArg;
  if (c.inhibit > inhibit::kAll || c.of) return Status::kBadArg;
  HpmEvent v{0};
  for (unsigned k = 0; k < 4; ++k) v = v.with(field::kEvents[k], c.event[k]);
  for (unsigned k = 0; k < 3; ++k) v = v.with(field::kOps[k], static_cast<uint64_t>(c.op[k]));
  return v.with(mhpmevent::kInh, c.inhibit);
}
/// AME encoder: also rejects ids outside the 20-entry AME pool.
constexpr Result<HpmEvent> encode_ame(const Composition& c) { return encode(c, kNumAmeEvents - 1); }
/// The composition of AME event id alone (OR with noEvent), filtered by inh; kBadArg for id >= 20.
constexpr Result<HpmEvent> single(unsigned id, uint8_t inh = 0) {
  Composition c;
  if (id >= kNumAmeEvents) return Status::kBadArg;
  c.event[0] = static_cast<uint16_t>(id);
  c.inhibit = inh;
  return encode_ame(c);
}
/// kBadArg if bits 57:55 are set or an OPTYPE is illegal.
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

/// The AME event pool's names (PR #67 table); nullptr for ids >= 20.
const char* event_name(unsigned id);

/// The AME CSR numbers (custom ranges; RV64 only, no h halves; full 64-bit
/// counters; the overflow line is the board's, not LCOFI).
struct AmeCsrs {
  static constexpr uint32_t kCounterBase = csr::kAmeMhpmcounterBase;  ///< ame_mhpmcounter base (counter i at base + i).
  static constexpr uint32_t kCounterhBase = 0;                        ///< None: RV64 only.
  static constexpr uint32_t kEventBase = csr::kAmeMhpmeventBase;      ///< ame_mhpmevent base.
  static constexpr uint32_t kEventhBase = 0;                          ///< None: RV64 only.
  static constexpr uint32_t kInhibit = csr::kAmeMcountinhibit;        ///< ame_mcountinhibit.
  static constexpr uint32_t kOverflow = csr::kAmeScountovf;           ///< ame_scountovf.
  static constexpr bool kRv32Halves = false;                          ///< No h halves: RV32 is unusable (kUnavailable).
  static constexpr bool kLcofi = false;                               ///< The overflow line is the board's, not LCOFI.
  static constexpr bool kWritableEvents = true;                       ///< ame_mhpmevent is a writable composition.
  static constexpr bool kFullWidth = true;                            ///< Full 64-bit counters.
  /// A composition the hardware keeps as written, of the AME pool's ids: decode()'s rules (no bit of
  /// 57:55; a legal OPTYPE, since the WARL check keeps an illegal one's old value) and encode_ame()'s.
  static constexpr bool accepts(HpmEvent ev) {
    const Result<Composition> c = decode(ev);
    if (!c.ok()) return false;
    for (unsigned k = 0; k < 4; ++k)
      if (c.value().event[k] >= kNumAmeEvents) return false;
    return true;
  }
};
using AmeMap = MachineCsrs<AmeCsrs>;  ///< The AME counters' Map.

/// The AME counters are one counter file over the AME CSRs.
using AmeCounters = CounterFile<AmeMap>;
static_assert(check_counter_unit<AmeCounters>(), "AME is a counter unit (include/pmu/counter_unit.hpp)");
/// The AME counters configured at build time (see FixedCounters in
/// counters.hpp): C is a constexpr CounterConfig, e.g. from an AmeConfig.
template <const CounterConfig& C, typename Callbacks = NoStorage<CounterCallbacks>,
          typename Totals = NoStorage<CounterTotals>>
using FixedAmeCounters = CounterFile<AmeMap, FixedConfig<C>, Callbacks, Totals>;

/// A board's AME declaration: without it every call is kUnavailable.
struct AmeConfig {
  bool declared = false;            ///< The board says: this is XiangShan + CUTE.
  uint32_t counters = 0xFFFFFFFDu;  ///< ame_mcycle, ame_minstret, ame_mhpmcounter3..31.
  /// As the counter file's configuration (AME has Sscofpmf-style OF bits).
  constexpr operator CounterConfig() const {  // NOLINT: AmeCounters(AmeConfig{...}) reads naturally
    return CounterConfig{counters, true, declared, OverflowSource::kScountovf};
  }
};

namespace detail {
// True for a counter file over the AME CSRs: AmeCounters, or a
// FixedAmeCounters with its storage.
template <typename File>
struct IsAmeFile {
  static constexpr bool kValue = false;
};
template <typename Config, typename Callbacks, typename Totals>
struct IsAmeFile<CounterFile<AmeMap, Config, Callbacks, Totals>> {
  static constexpr bool kValue = true;
};
}  // namespace detail

/// Program counter i of an AME file (run-time or build-time) with a
/// composition (AME ids only).
template <typename File>
Status program(File& file, unsigned i, const Composition& c) {
  static_assert(detail::IsAmeFile<File>::kValue, "ame::program takes an AME counter file");
  if (!file.config().present || hal::kXlen != 64) return Status::kUnavailable;
  const Result<HpmEvent> ev = encode_ame(c);
  if (!ev.ok()) return ev.status();
  return file.program(i, ev.value());
}
/// Sets the counteren chain of an AME file: ame_mcounteren (M grants S/HS),
/// ame_hcounteren (VS/VU), ame_scounteren (U). Bit 1 must be 0; masks name
/// counters.
template <typename File>
Status set_counteren(File& file, uint32_t m, uint32_t h, uint32_t s) {
  static_assert(detail::IsAmeFile<File>::kValue, "ame::set_counteren takes an AME counter file");
  if (!file.config().present || hal::kXlen != 64) return Status::kUnavailable;
  const uint32_t ok = file.config().counters & kMachineCounterSlots;
  if (((m | h | s) & ~ok) != 0) return Status::kBadArg;
  hal::csr_write<csr::kAmeMcounteren>(m);
  hal::csr_write<csr::kAmeHcounteren>(h);
  hal::csr_write<csr::kAmeScounteren>(s);
  return Status::kOk;
}

}  // namespace pmu::riscv::ame
