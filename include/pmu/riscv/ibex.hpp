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

#include "pmu/riscv/counter_file.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::riscv::ibex {

enum class Event : uint8_t {
  kNumCycles = 0,
  kNumInstrRet = 2,
  kNumCyclesLSU = 3,
  kNumCyclesIF = 4,
  kNumLoads = 5,
  kNumStores = 6,
  kNumJumps = 7,
  kNumBranches = 8,
  kNumBranchesTaken = 9,
  kNumInstrRetC = 10,
  kNumCyclesMulWait = 11,
  kNumCyclesDivWait = 12,
};
constexpr unsigned kMaxEventId = 12;
constexpr unsigned kMaxHpmCounters = 10;  // MHPMCounterNum range 0..10
constexpr unsigned kDefaultWidth = 40;    // MHPMCounterWidth default

// The RTL/doc name of an event id; nullptr for 1 (reserved) and ids > 12.
const char* event_name(unsigned id);

struct Config {
  unsigned mhpm_counter_num = 0;              // MHPMCounterNum (ibex_top default 0)
  unsigned mhpm_counter_width = kDefaultWidth;  // MHPMCounterWidth
};
constexpr bool valid(const Config& c) {
  return c.mhpm_counter_num <= kMaxHpmCounters && c.mhpm_counter_width >= 1 &&
         c.mhpm_counter_width <= 64;
}
// Counters present: cycle, instret, and mhpmcounter3..(2+num).
constexpr uint32_t counter_mask(unsigned num) {
  return 0x5u | (util::low_mask32(num <= kMaxHpmCounters ? num : 0) << kFirstHpm);
}
// The counter that counts event 'id': kBadArg for an id Ibex does not have,
// kUnavailable if the configuration has no counter for it.
constexpr Result<unsigned> counter_for_event(unsigned id, const Config& c) {
  if (id == 1 || id > kMaxEventId || !valid(c)) return Status::kBadArg;
  if (id < kFirstHpm) return id;
  return id < kFirstHpm + c.mhpm_counter_num ? Result<unsigned>(id) : Status::kUnavailable;
}

class IbexCounters {
 public:
  constexpr explicit IbexCounters(const Config& c)
      : cfg_(c), file_(CounterConfig{valid(c) ? counter_mask(c.mhpm_counter_num) : 0, false, true,
                                     OverflowSource::kEventOf, IrqMode::kMachine}) {}

  // Declares the widths (64 for mcycle/minstret, MHPMCounterWidth for hpm)
  // and starts the 64-bit extensions from the current values. Never writes
  // mhpmevent (hard-wired on Ibex).
  Status init();
  // Which hpm counters the hardware has: mhpmevent3..12 read non-zero
  // (the value itself is not compared: RTL and doc disagree). Returns the
  // mask in counter_mask() form; kMismatch if it disagrees with the config.
  Result<uint32_t> discover() const;

  Result<uint64_t> read(unsigned i) const { return file_.read(i); }
  Result<uint64_t> read_extended(unsigned i) { return file_.read_extended(i); }
  Result<uint64_t> read_event(Event e) const;
  Status write(unsigned i, uint64_t v) { return file_.write(i, v); }
  Status start(uint32_t mask) { return file_.start(mask); }
  Status stop(uint32_t mask) { return file_.stop(mask); }
  uint32_t counters() const { return file_.config().counters; }
  const Config& config() const { return cfg_; }

 private:
  Config cfg_;
  Counters file_;
};

}  // namespace pmu::riscv::ibex
