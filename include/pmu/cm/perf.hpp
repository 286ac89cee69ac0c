// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf — driver for the CM GCR performance counters: two 32-bit
// event counters (P0, P1) and a 32-bit cycle counter, extended to 64 bits in
// software.
//
// A Perf is made from the GCR base address, which is board data (CP0
// CMGCRBase on classic MIPS, device-tree data on P8700-class RISC-V); making
// one touches no hardware. Every call validates its arguments before any
// register access and returns a Status or Result.
//
// Control updates (start/stop/reset, overflow stop, interrupt enable) are one
// read and one write of GCR_DB_PC_CTL. The value written never carries a
// Reset bit the caller did not ask for (whether the Reset bits read back is
// not documented, so they are never copied from a read), nor Perf_Num_Cnt.
//
// 64-bit totals: read(), read64(), preload() and handle_overflow_irq() all
// observe the raw counter. A plain (raw - last) mod 2^32 delta cannot see a
// whole period between two observations, and hook-to-hook spacing is about
// one period, so the hook also uses the overflow bit: a flagged counter that
// did not visibly wrap since the last observation gets 2^32 added, unless a
// read already saw that wrap (a per-counter credit). This assumes PC_OV is
// set when the counter wraps to 0 (the model's choice; see docs/cm.md).
// Nothing is lost while every wrap is seen by a read or by the hook before
// the next one. read()/read64()/preload() and the hook update the same state:
// do not let the hook interrupt them on the same Perf (mask CM_PCInt around
// them, or read from the callbacks).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/cm/layout.hpp"
#include "pmu/irq.hpp"
#include "pmu/status.hpp"
#include "pmu/util/wide_counter.hpp"

namespace pmu::cm {

// A counter. The values are the IrqCallback 'source' passed to callbacks.
enum class Counter : uint8_t { kP0 = 0, kP1 = 1, kCycle = 2 };
constexpr unsigned kNumCounters = 3;

// A set of counters; the bits equal the GCR_DB_PC_OV bit positions.
struct CounterSet {
  uint8_t bits;
  constexpr bool empty() const { return bits == 0; }
  constexpr bool has(CounterSet o) const { return (bits & o.bits) == o.bits && o.bits != 0; }
  constexpr bool valid() const { return (bits & ~0x7u) == 0; }
  constexpr CounterSet operator|(CounterSet o) const { return CounterSet{static_cast<uint8_t>(bits | o.bits)}; }
  constexpr CounterSet operator&(CounterSet o) const { return CounterSet{static_cast<uint8_t>(bits & o.bits)}; }
  constexpr bool operator==(CounterSet o) const { return bits == o.bits; }
  constexpr bool operator!=(CounterSet o) const { return bits != o.bits; }
};
constexpr CounterSet kNone{0};
constexpr CounterSet kCycle{static_cast<uint8_t>(kCyclCntOverflow.mask())};
constexpr CounterSet kP0{static_cast<uint8_t>(kP0Overflow.mask())};
constexpr CounterSet kP1{static_cast<uint8_t>(kP1Overflow.mask())};
constexpr CounterSet kAll = kCycle | kP0 | kP1;

constexpr bool counter_valid(Counter c) { return static_cast<unsigned>(c) < kNumCounters; }
// The one-counter set of c (empty for an invalid c).
constexpr CounterSet to_set(Counter c) {
  return c == Counter::kP0 ? kP0 : c == Counter::kP1 ? kP1 : c == Counter::kCycle ? kCycle : kNone;
}

class Perf {
 public:
  // gcr_base: physical (or mapped) GCR base; must be non-zero and 32 KiB
  // aligned, else every call that would touch a register returns kBadArg.
  // block_present: the board's statement that the GDB perf block exists
  // (e.g. board::config::kCmPerfBlockPresent: P8700's public map marks
  // 0x6000-0x7FFF reserved); if false those calls return kUnavailable.
  constexpr explicit Perf(uintptr_t gcr_base, bool block_present = true)
      : gdb_(gcr_base != 0 && gcr_base % kGcrAlign == 0 ? gcr_base + kGdbOffset : 0),
        present_(block_present),
        wide_{util::WideCounter32(), util::WideCounter32(), util::WideCounter32()},
        callbacks_{} {}

  // Base of the Global Debug Block (GCR base + 0x6000), 0 if the base is bad.
  constexpr uintptr_t gdb_base() const { return gdb_; }
  // kUnavailable if the board says the block is absent, kBadArg for a bad
  // base, else kOk. Every register-touching call checks this first.
  constexpr Status usable() const {
    return !present_ ? Status::kUnavailable : gdb_ == 0 ? Status::kBadArg : Status::kOk;
  }

  // Perf_Num_Cnt must read 2: kMismatch otherwise (absent or other block).
  Status probe() const;

  // Select the event (an id from the event table) and the opaque qualifier of
  // P0 or P1. Does not change the count. Unknown event -> kBadArg.
  Status program(Counter c, unsigned event_id, uint32_t qualifier);

  // One control write: stop 'stop', reset 'reset', start 'start'
  // (reset + start in one write resets then counts, as the hardware allows).
  // start and stop must not overlap; at least one set must be non-empty.
  Status control(CounterSet start, CounterSet stop, CounterSet reset);
  Status start(CounterSet s) { return control(s, kNone, kNone); }
  Status stop(CounterSet s) { return control(kNone, s, kNone); }
  Status reset(CounterSet s) { return control(kNone, kNone, s); }
  Status reset_and_start(CounterSet s) { return control(s, kNone, s); }

  // Write a raw value into a counter (e.g. 2^32 - period for sampling); the
  // 64-bit total carries on from where it was.
  Status preload(Counter c, uint32_t value);

  // Raw 32-bit value (also updates the 64-bit total).
  Result<uint32_t> read(Counter c);
  // 64-bit total since the last reset.
  Result<uint64_t> read64(Counter c);

  // GCR_DB_PC_OV as a set; clear_overflow writes exactly the given 1s.
  Result<CounterSet> read_overflow() const;
  Status clear_overflow(CounterSet s) const;

  // Perf_Ovf_Stop: all counters stop when any overflows.
  Status set_overflow_stop(bool on) const;
  // Perf_Int_En: CM_PCInt asserts while an overflow bit is set.
  Status set_interrupt_enable(bool on) const;

  // Register the callback for a counter's overflow (fn == nullptr removes it).
  Status on_overflow(Counter c, IrqCallback cb);

  // The CM_PCInt hook: snapshot PC_OV once, update the 64-bit totals of the
  // flagged counters, call their callbacks, then clear exactly the
  // snapshotted bits. Returns the set it handled (empty if spurious).
  Result<CounterSet> handle_overflow_irq();

 private:
  Status modify_ctl(uint32_t set_bits, uint32_t clear_bits) const;
  uint32_t read_raw(Counter c) const;
  void restart_wide(CounterSet reset);
  void observe(Counter c, uint32_t raw);
  void observe_overflowed(Counter c, uint32_t raw);

  uintptr_t gdb_;
  bool present_;
  util::WideCounter32 wide_[kNumCounters];
  IrqCallback callbacks_[kNumCounters];
};

}  // namespace pmu::cm
