// SPDX-License-Identifier: Apache-2.0
// How a counter file reaches its counters in M-mode: the machine CSRs by
// number (csrr/csrw/csrs/csrc; RV32 joins the h halves). A Map for
// CounterFile (counter_file.hpp) built from a set of CSR numbers; the standard
// Zicntr/Zihpm/Sscofpmf file is StandardCsrs, AME and Ibex bring their own.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::riscv {

// The CSR numbers of the standard machine counters.
struct StandardCsrs {
  static constexpr uint32_t kCounterBase = csr::kMhpmcounterBase;
  static constexpr uint32_t kCounterhBase = csr::kMhpmcounterhBase;
  static constexpr uint32_t kEventBase = csr::kMhpmeventBase;
  static constexpr uint32_t kEventhBase = csr::kMhpmeventhBase;
  static constexpr uint32_t kInhibit = csr::kMcountinhibit;
  static constexpr uint32_t kOverflow = csr::kScountovf;
  static constexpr bool kRv32Halves = true;     // RV32 has the h CSRs
  static constexpr bool kLcofi = true;          // overflow = mip/mie.LCOFI (bit 13)
  static constexpr bool kWritableEvents = true;  // mhpmevent is a selector
  static constexpr bool kFullWidth = false;     // hpm counters may be narrower than 64 bits
};

template <typename Csrs>
struct MachineCsrs {
  static constexpr bool kRv32 = hal::kXlen == 32;
  static constexpr bool kRv32Halves = Csrs::kRv32Halves;
  static constexpr bool kWritableEvents = Csrs::kWritableEvents;
  static constexpr bool kFullWidth = Csrs::kFullWidth;
  static constexpr bool kProbe = true;        // counters are writable: the width can be probed
  static constexpr bool kArmOnStart = false;  // OF is armed by clearing it, not by a start

  // 64-bit value: one csrr on RV64; hi, lo, hi with retry on RV32.
  __attribute__((always_inline)) static uint64_t read(unsigned i) {
    if constexpr (kRv32 && !kRv32Halves) return CsrBank<Csrs::kCounterBase>::read(i);  // never used: unusable
    else return read_counter<Csrs::kCounterBase, Csrs::kCounterhBase>(i);
  }
  // RV32: lo = 0, hi, lo, so a running low half cannot carry into the new high.
  static Status write(unsigned i, uint64_t v) {
    if constexpr (kRv32 && kRv32Halves) {
      CsrBank<Csrs::kCounterBase>::write(i, 0);
      CsrBank<Csrs::kCounterhBase>::write(i, static_cast<hal::csr_word>(v >> 32));
      CsrBank<Csrs::kCounterBase>::write(i, static_cast<hal::csr_word>(v));
    } else {
      CsrBank<Csrs::kCounterBase>::write(i, static_cast<hal::csr_word>(v));
    }
    return Status::kOk;
  }
  static Status start(uint32_t mask) {
    (void)hal::csr_clear<Csrs::kInhibit>(mask);
    return Status::kOk;
  }
  static Status stop(uint32_t mask) {
    (void)hal::csr_set<Csrs::kInhibit>(mask);
    return Status::kOk;
  }
  // Stop one counter; true if it was running (probe_width restores that).
  static bool stop_was_running(unsigned i) {
    const uint32_t bit = 1u << i;
    return (hal::csr_set<Csrs::kInhibit>(bit) & bit) == 0;
  }
  // Inhibit the hpm counters and zero their selectors (QEMU binds events to
  // counters first-come, so stale selectors steal events).
  static Status reset(uint32_t hpm, bool sscofpmf) {
    if (hpm == 0) return Status::kOk;
    (void)hal::csr_set<Csrs::kInhibit>(hpm);
    if constexpr (kWritableEvents) {
      for (uint32_t m = hpm; m != 0; m &= m - 1) {
        const unsigned i = util::ctz32(m);
        if (kRv32 && sscofpmf) CsrBank<Csrs::kEventhBase>::write(i, 0);
        CsrBank<Csrs::kEventBase>::write(i, 0);
      }
    }
    return Status::kOk;
  }
  // RV32: mhpmeventNh first (it exists only with Sscofpmf), so the filter
  // bits are in place before the event.
  static Status program(unsigned i, HpmEvent ev, bool sscofpmf) {
    if constexpr (kRv32) {
      if (sscofpmf) CsrBank<Csrs::kEventhBase>::write(i, static_cast<hal::csr_word>(ev.raw >> 32));
    }
    CsrBank<Csrs::kEventBase>::write(i, static_cast<hal::csr_word>(ev.raw));
    return Status::kOk;
  }
  // RV32 joins mhpmeventNh only with Sscofpmf: without it the CSR does not
  // exist (illegal instruction).
  static Result<HpmEvent> event(unsigned i, bool sscofpmf) {
    uint64_t v = CsrBank<Csrs::kEventBase>::read(i);
    if constexpr (kRv32) {
      v &= 0xFFFFFFFFull;
      if (sscofpmf) v |= static_cast<uint64_t>(CsrBank<Csrs::kEventhBase>::read(i)) << 32;
    }
    return HpmEvent{v};
  }
  static bool of(unsigned i) {
    if constexpr (kRv32 && kRv32Halves)
      return (CsrBank<Csrs::kEventhBase>::read(i) & mhpmevent::kOfHigh) != 0;
    else
      return (static_cast<uint64_t>(CsrBank<Csrs::kEventBase>::read(i)) & mhpmevent::kOf.mask()) != 0;
  }
  static uint32_t overflow_csr() { return static_cast<uint32_t>(hal::csr_read<Csrs::kOverflow>()); }
  // The pending latch the hook clears before its snapshot (mip.LCOFIP).
  static void clear_pending() {
    if constexpr (Csrs::kLcofi) (void)hal::csr_clear<csr::kMip>(csr::kLcofiMask);
  }
  static Status enable_irq() {
    if constexpr (!Csrs::kLcofi) return Status::kUnavailable;
    (void)hal::csr_set<csr::kMie>(csr::kLcofiMask);
    return Status::kOk;
  }
  // Acknowledge: clear OF of every counter in 'vec' (re-arms it).
  static Status acknowledge(uint32_t vec) {
    for (uint32_t m = vec; m != 0; m &= m - 1) clear_of(util::ctz32(m));
    return Status::kOk;
  }
  static void clear_of(unsigned i) {
    if constexpr (kRv32 && kRv32Halves)
      (void)CsrBank<Csrs::kEventhBase>::clear(i, mhpmevent::kOfHigh);
    else
      (void)CsrBank<Csrs::kEventBase>::clear(i, static_cast<hal::csr_word>(mhpmevent::kOf.mask()));
  }
};

using StandardMap = MachineCsrs<StandardCsrs>;

}  // namespace pmu::riscv
