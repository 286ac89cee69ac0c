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

/// The CSR numbers of the standard machine counters.
struct StandardCsrs {
  static constexpr uint32_t kCounterBase = csr::kMhpmcounterBase;    ///< mcycle (0xB00): counter i is CSR base + i.
  static constexpr uint32_t kCounterhBase = csr::kMhpmcounterhBase;  ///< mhpmcounterh base (RV32 high halves).
  static constexpr uint32_t kEventBase = csr::kMhpmeventBase;        ///< mhpmevent i is CSR base + i (3..31).
  static constexpr uint32_t kEventhBase = csr::kMhpmeventhBase;      ///< mhpmeventh base (RV32, Sscofpmf only).
  static constexpr uint32_t kInhibit = csr::kMcountinhibit;          ///< mcountinhibit.
  static constexpr uint32_t kOverflow = csr::kScountovf;             ///< scountovf, the overflow vector (Sscofpmf).
  static constexpr bool kRv32Halves = true;                          ///< RV32 has the h CSRs.
  static constexpr bool kLcofi = true;                               ///< Overflow interrupt is mip/mie.LCOFI (bit 13).
  static constexpr bool kWritableEvents = true;                      ///< mhpmevent is a writable selector.
  static constexpr bool kFullWidth = false;                          ///< hpm counters may be narrower than 64 bits.
  /// Every selector the file's own checks pass can be written.
  static constexpr bool accepts(HpmEvent) { return true; }
};

/// A CounterFile Map over machine CSRs by number: Csrs gives the numbers and capabilities (e.g. StandardCsrs).
template <typename Csrs>
struct MachineCsrs {
  static constexpr bool kRv32 = hal::kXlen == 32;                 ///< XLEN is 32: 64-bit values take two CSRs.
  static constexpr bool kRv32Halves = Csrs::kRv32Halves;          ///< From Csrs: the h CSRs exist on RV32.
  static constexpr bool kWritableEvents = Csrs::kWritableEvents;  ///< From Csrs: mhpmevent is writable.
  static constexpr bool kFullWidth = Csrs::kFullWidth;            ///< From Csrs: every counter is 64 bits.
  static constexpr bool kProbe = true;                            ///< Counters are writable, so the width can be probed.
  static constexpr bool kArmOnStart = false;                      ///< OF is armed by clearing it, not by a start.

  /// Reads counter i as a 64-bit value: one csrr on RV64; hi, lo, hi with retry on RV32.
  /// i is one of kAmong (csr_bank.hpp: a small known set compares instead of a table).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static uint64_t read(unsigned i) {
    if constexpr (kRv32 && !kRv32Halves) return CsrBank<Csrs::kCounterBase>::read(i);  // never used: unusable
    else return read_counter<Csrs::kCounterBase, Csrs::kCounterhBase, kAmong>(i);
  }
  /// Writes counter i (always kOk). RV32: lo = 0, hi, lo, so a running low half cannot carry into the new high.
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
  /// Starts the counters in mask (clears their mcountinhibit bits; one csrc).
  static Status start(uint32_t mask) {
    (void)hal::csr_clear<Csrs::kInhibit>(mask);
    return Status::kOk;
  }
  /// Stops the counters in mask (sets their mcountinhibit bits; one csrs).
  static Status stop(uint32_t mask) {
    (void)hal::csr_set<Csrs::kInhibit>(mask);
    return Status::kOk;
  }
  /// Stops counter i; true if it was running (probe_width restores that).
  static bool stop_was_running(unsigned i) {
    const uint32_t bit = 1u << i;
    return (hal::csr_set<Csrs::kInhibit>(bit) & bit) == 0;
  }
  /// Inhibits the hpm counters in 'hpm' and zeroes their selectors (QEMU binds events to
  /// counters first-come, so stale selectors steal events).
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
  /// From Csrs: whether the hardware keeps selector ev as written (the file checked the rest).
  static constexpr bool accepts(HpmEvent ev) { return Csrs::accepts(ev); }
  /// Writes event selector ev of counter i. RV32: mhpmeventNh first (it exists only with Sscofpmf), so the filter
  /// bits are in place before the event.
  static Status program(unsigned i, HpmEvent ev, bool sscofpmf) {
    if constexpr (kRv32) {
      if (sscofpmf) CsrBank<Csrs::kEventhBase>::write(i, static_cast<hal::csr_word>(ev.raw >> 32));
    }
    CsrBank<Csrs::kEventBase>::write(i, static_cast<hal::csr_word>(ev.raw));
    return Status::kOk;
  }
  /// Reads counter i's mhpmevent. RV32 joins mhpmeventNh only with Sscofpmf: without it the CSR does not
  /// exist (illegal instruction).
  static Result<HpmEvent> event(unsigned i, bool sscofpmf) {
    uint64_t v = CsrBank<Csrs::kEventBase>::read(i);
    if constexpr (kRv32) {
      v &= 0xFFFFFFFFull;
      if (sscofpmf) v |= static_cast<uint64_t>(CsrBank<Csrs::kEventhBase>::read(i)) << 32;
    }
    return HpmEvent{v};
  }
  /// True when counter i's OF bit is set (one CSR read; mhpmeventNh on RV32).
  static bool of(unsigned i) {
    if constexpr (kRv32 && kRv32Halves)
      return (CsrBank<Csrs::kEventhBase>::read(i) & mhpmevent::kOfHigh) != 0;
    else
      return (static_cast<uint64_t>(CsrBank<Csrs::kEventBase>::read(i)) & mhpmevent::kOf.mask()) != 0;
  }
  /// The overflow vector: one read of the overflow CSR (scountovf), the
  /// register as read (the file masks it with its counters).
  static hal::csr_word overflow_csr() { return hal::csr_read<Csrs::kOverflow>(); }
  /// Clears the pending latch before the hook's snapshot (mip.LCOFIP; nothing without LCOFI).
  static void clear_pending() {
    if constexpr (Csrs::kLcofi) (void)hal::csr_clear<csr::kMip>(csr::kLcofiMask);
  }
  /// Enables the overflow interrupt (mie.LCOFIE); kUnavailable without LCOFI.
  static Status enable_irq() {
    if constexpr (!Csrs::kLcofi) return Status::kUnavailable;
    (void)hal::csr_set<csr::kMie>(csr::kLcofiMask);
    return Status::kOk;
  }
  /// Acknowledge: clear OF of every counter in 'vec' (re-arms it); vec is within kAmong.
  /// (Always inlined into the hook's last step: a build-time file whose
  /// kAmong is every hpm counter shares the instantiation with the run-time
  /// file, and GCC then calls it from both: +20 instructions in the AME hook.)
  template <uint32_t kAmong>
  __attribute__((always_inline)) static Status acknowledge(uint32_t vec) {
    // The lowest bit as m ^ rest: rest is the loop's next m anyway, and for
    // a vec the caller knows has one bit (rest known 0) it folds to vec.
    for (uint32_t m = vec; m != 0;) {
      const uint32_t rest = m & (m - 1);
      clear_of<kAmong>(m ^ rest);
      m = rest;
    }
    return Status::kOk;
  }
  /// acknowledge(bit) for bit, a single set bit of kAmong.
  template <uint32_t kAmong>
  __attribute__((always_inline)) static Status acknowledge_one(uint32_t bit) {
    clear_of<kAmong>(bit);
    return Status::kOk;
  }
  /// Clears the OF bit of the counter of bit, a single set bit of kAmong
  /// (re-arms its overflow interrupt); a bit, not an index, so a run-time
  /// counter takes no ctz lookup (CsrBank::clear_bit()).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static void clear_of(uint32_t bit) {
    if constexpr (kRv32 && kRv32Halves)
      (void)CsrBank<Csrs::kEventhBase>::template clear_bit_in<kAmong>(bit, mhpmevent::kOfHigh);
    else
      (void)CsrBank<Csrs::kEventBase>::template clear_bit_in<kAmong>(bit, static_cast<hal::csr_word>(mhpmevent::kOf.mask()));
  }
};

using StandardMap = MachineCsrs<StandardCsrs>;  ///< The standard Zicntr/Zihpm/Sscofpmf machine counters.

}  // namespace pmu::riscv
