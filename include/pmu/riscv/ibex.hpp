// SPDX-License-Identifier: Apache-2.0
// The Ibex hardware performance monitor (lowRISC/ibex RTL facts):
// counter N counts event N (fixed wiring); mhpmcounter3..(2+MHPMCounterNum)
// exist (MHPMCounterNum 0..10, so up to mhpmcounter12) with
// MHPMCounterWidth bits (1..64, default 40); mhpmevent is hard-wired one-hot
// by counter index (the RTL's values differ from its doc: only "non-zero"
// means implemented); unimplemented counters read 0 without trapping;
// mcycle/minstret are 64-bit. There is no Sscofpmf, so no overflow irq.
#pragma once

#include <stdint.h>

#include "pmu/counter_unit.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/riscv/machine_csrs.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

/// The Ibex hardware performance monitor (docs/hw/riscv-counters.md §1).
namespace pmu::riscv::ibex {

/// Ibex event ids; counter N counts event N (docs/hw/riscv-counters.md §1.4).
enum class Event : uint8_t {
  kNumCycles = 0,          ///< Cycles (mcycle).
  kNumInstrRet = 2,        ///< Instructions retired (minstret).
  kNumCyclesLSU = 3,       ///< Cycles waiting for the data side (LSU).
  kNumCyclesIF = 4,        ///< Cycles waiting for instruction fetch.
  kNumLoads = 5,           ///< Loads (a misaligned one counts once).
  kNumStores = 6,          ///< Stores (a misaligned one counts once).
  kNumJumps = 7,           ///< Jumps.
  kNumBranches = 8,        ///< Conditional branches.
  kNumBranchesTaken = 9,   ///< Taken conditional branches.
  kNumInstrRetC = 10,      ///< Compressed instructions retired.
  kNumCyclesMulWait = 11,  ///< Cycles waiting for a multiply.
  kNumCyclesDivWait = 12,  ///< Cycles waiting for a divide.
};
constexpr unsigned kMaxEventId = 12;      ///< Highest event id.
constexpr unsigned kMaxHpmCounters = 10;  ///< MHPMCounterNum range 0..10.
constexpr unsigned kDefaultWidth = 40;    ///< MHPMCounterWidth default, bits.

/// The RTL/doc name of an event id; nullptr for 1 (reserved) and ids > 12.
const char* event_name(unsigned id);

/// Counters present: cycle, instret, and mhpmcounter3..(2+num).
constexpr uint32_t counter_mask(unsigned num) {
  return 0x5u | (util::low_mask32(num <= kMaxHpmCounters ? num : 0) << kFirstHpm);
}

/// The core's build parameters (ibex_top MHPMCounterNum, MHPMCounterWidth).
struct Config {
  unsigned mhpm_counter_num = 0;                ///< MHPMCounterNum (ibex_top default 0).
  unsigned mhpm_counter_width = kDefaultWidth;  ///< MHPMCounterWidth, bits (1..64).

  /// True when both parameters are in range.
  constexpr bool valid() const {
    return mhpm_counter_num <= kMaxHpmCounters && mhpm_counter_width >= 1 && mhpm_counter_width <= 64;
  }
  /// As the counter file's configuration: an invalid Config has no counters,
  /// so every call is kBadArg. No Sscofpmf, so no overflow vector.
  constexpr operator CounterConfig() const {  // NOLINT: IbexCounters(Config{...}) reads naturally
    return CounterConfig{valid() ? counter_mask(mhpm_counter_num) : 0, false, true, OverflowSource::kEventOf};
  }
};
/// True when c is in range (c.valid()).
constexpr bool valid(const Config& c) { return c.valid(); }

/// The counter that counts event 'id': kBadArg for an id Ibex does not have,
/// kUnavailable if the configuration has no counter for it.
constexpr Result<unsigned> counter_for_event(unsigned id, const Config& c) {
  if (id == 1 || id > kMaxEventId || !valid(c)) return Status::kBadArg;
  if (id < kFirstHpm) return id;
  return id < kFirstHpm + c.mhpm_counter_num ? Result<unsigned>(id) : Status::kUnavailable;
}

/// The Ibex CSRs: the standard numbers, but mhpmevent is hard-wired (never
/// written) and there is no Sscofpmf/LCOFI.
struct IbexCsrs : StandardCsrs {
  static constexpr bool kLcofi = false;           ///< No Sscofpmf, so no LCOFI.
  static constexpr bool kWritableEvents = false;  ///< mhpmevent is hard-wired: never written.
};
using IbexMap = MachineCsrs<IbexCsrs>;  ///< The Ibex counters' Map.

/// The Ibex counters are one counter file over the Ibex CSRs.
using IbexCounters = CounterFile<IbexMap>;
static_assert(check_counter_unit<IbexCounters>(), "Ibex is a counter unit (include/pmu/counter_unit.hpp)");

/// What the core has, as discover() found it: the counters in counter_mask()
/// form and MHPMCounterWidth (0 when the core has no hpm counter).
struct Found {
  uint32_t counters = counter_mask(0);  ///< Counters present, counter_mask() form.
  unsigned width = 0;                   ///< MHPMCounterWidth in bits (0: no hpm counter).
  /// Number of hpm counters found (MHPMCounterNum).
  constexpr unsigned mhpm_counter_num() const {
    unsigned n = 0;
    for (uint32_t m = counters & ~counter_mask(0); m != 0; m &= m - 1) ++n;
    return n;
  }
  /// As a Config (width kDefaultWidth when no hpm counter was found).
  constexpr Config config() const { return Config{mhpm_counter_num(), width != 0 ? width : kDefaultWidth}; }
};

/// Asks the core what it has: mhpmevent3..12 read non-zero for implemented counters (the
/// value itself is not compared: RTL and doc disagree), and the width of
/// mhpmcounter3 is probed (all hpm counters share MHPMCounterWidth). Never
/// fails: an image calls it at start-up and uses what it found.
Found probe_core();

/// Checks the core against a configuration: *found (if given) gets what the core
/// has, also on a mismatch. kMismatch if the counters or the width differ
/// from 'cfg'; kBadArg if 'cfg' is invalid (nothing touched).
Status discover(const Config& cfg, Found* found);

/// Prepare 'file' (built from 'cfg'): verifies that the core has exactly
/// MHPMCounterNum hpm counters (the last declared one's mhpmevent non-zero,
/// the next one's zero) of MHPMCounterWidth bits (kMismatch, nothing else
/// done, if not: an absent counter reads 0 and no width is guessed),
/// declares the widths to tracked totals (64 for mcycle/minstret,
/// MHPMCounterWidth for hpm) and starts them from the current values. Never
/// writes mhpmevent (hard-wired).
Status init(IbexCounters& file, const Config& cfg);

/// The counter that counts event e, read raw.
Result<uint64_t> read_event(const IbexCounters& file, const Config& cfg, Event e);

}  // namespace pmu::riscv::ibex
