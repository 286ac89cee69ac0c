// SPDX-License-Identifier: Apache-2.0
// Opt-in storage of a counter file, provided by the caller (issue 11): the
// overflow callbacks and the 64-bit totals. A file without them holds only
// its configuration; attach_callbacks()/track_totals() connect them (nullptr
// detaches). Both are constexpr-constructible, so a static instance needs no
// constructor.
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/util/wide_counter.hpp"

namespace pmu::riscv {

/// One callback per counter index (0..31).
struct CounterCallbacks {
  /// Callback of counter i (mcountinhibit index); empty: none. Entries 0..2
  /// stay empty (cycle, time and instret have no OF: on_overflow() refuses
  /// them); attach_callbacks() clears entry 0, which a run-time file's hook
  /// looks up for an empty snapshot instead of testing the snapshot.
  IrqCallback cb[kNumCounterSlots];
};

/// The 64-bit extension of every counter: its width (probed or declared; 64
/// until then) and the software extension state.
struct CounterTotals {
  /// All counters 64 bits wide, totals 0 (constexpr: a static instance needs
  /// no constructor; all zero, so it is placed in .bss).
  constexpr CounterTotals() {}
  util::WideCounter wide[kNumCounterSlots];  ///< Software extension state per counter.
  /// Width of each counter in bits, probed or declared: 1..63, or 0 for 64
  /// bits (the width until probed). Read it with CounterFile::width().
  uint8_t width[kNumCounterSlots] = {};
};

}  // namespace pmu::riscv
