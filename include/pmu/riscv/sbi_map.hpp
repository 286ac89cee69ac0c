// SPDX-License-Identifier: Apache-2.0
// How a counter file reaches its counters from S-mode, under an SBI
// implementation (OpenSBI): everything machine-only through the SBI PMU
// extension (sbi_pmu.hpp), reads through the unprivileged hpmcounter
// shadows (which mcounteren/scounteren must open: OpenSBI sets mcounteren),
// the overflow vector from scountovf, LCOFI as the supervisor interrupt
// (sip/sie bit 13, delegated by mideleg bit 13). A Map for CounterFile.
//
// SBI facts this relies on (OpenSBI lib/sbi/sbi_pmu.c, as Linux
// drivers/perf/riscv_pmu_sbi.c uses it; checked under QEMU 7.2 with its
// bundled OpenSBI 1.1, docs/riscv-counters.md "S-mode"):
//  - logical counter index = the hardware index (counter_get_info's CSR is
//    0xC00 + index) for the hardware counters; init() verifies it;
//  - counter_config_matching writes the event with OF = 1 (overflow
//    interrupt off) and counter_start clears OF (if LCOFIP is clear): an
//    overflow is armed by starting the counter, and OF of a configured but
//    never started counter reads 1 in scountovf. The file masks the snapshot
//    with the counters it started (armed());
//  - a counter's value can only be set by counter_start with an initial
//    value (which also starts it), or cleared by config_matching;
//  - counter_stop of a stopped counter answers ALREADY_STOPPED, counter_start
//    of a running one ALREADY_STARTED (and does not clear OF then).
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/riscv/sbi_pmu.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::riscv {

/// A CounterFile Map for S-mode under an SBI implementation (this header's list of SBI facts).
struct SbiMap {
  static constexpr bool kRv32Halves = true;        ///< The hpmcounterh shadows exist on RV32.
  static constexpr bool kWritableEvents = true;    ///< Events are configurable (through the SBI).
  static constexpr bool kFullWidth = false;        ///< Counters may be narrower than 64 bits.
  static constexpr bool kProbe = false;            ///< The width comes from counter_get_info.
  static constexpr bool kArmOnStart = true;        ///< counter_start clears OF; configuring sets it.

  /// An SBI error as a Status: INVALID_PARAM kMismatch, NOT_SUPPORTED kUnavailable, others kFailed.
  /// INVALID_PARAM is never kBadArg, which promises that nothing was touched:
  /// the file's own checks passed and the SBI was called (with totals, after
  /// the fold's reads). It is the SBI refusing what the configuration names,
  /// e.g. a counter that has no event (OpenSBI's counter_start/stop, as
  /// write() and clear_overflow() make them too), or an event it does not take.
  static Status status(long error) {
    switch (error) {
      case hal::kSbiSuccess: return Status::kOk;
      case hal::kSbiErrInvalidParam: return Status::kMismatch;
      case hal::kSbiErrNotSupported: return Status::kUnavailable;
      default: return Status::kFailed;
    }
  }

  /// Reads counter i through its unprivileged shadow: cycle/instret/hpmcounterN (and the h halves on RV32).
  /// i is one of kAmong (csr_bank.hpp).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static uint64_t read(unsigned i) {
    return read_counter<csr::kHpmcounterBase, csr::kHpmcounterhBase, kAmong>(i);
  }
  /// Writes counter i (SBI can only start with a value): stop, start with the value, and stop again if it was stopped before.
  static Status write(unsigned i, uint64_t v) {
    const long was = sbi_pmu::counter_stop(i, 1, 0).error;
    if (was != hal::kSbiSuccess && was != hal::kSbiErrAlreadyStopped) return status(was);
    const long started = sbi_pmu::counter_start(i, 1, sbi_pmu::kStartSetInitValue, v).error;
    if (started != hal::kSbiSuccess) return status(started);
    if (was == hal::kSbiErrAlreadyStopped) return status(sbi_pmu::counter_stop(i, 1, 0).error);
    return Status::kOk;
  }
  /// Starts the counters in mask (one counter_start ecall); counters already running are fine: the call asked for a state.
  static Status start(uint32_t mask) {
    const long e = sbi_pmu::counter_start(0, mask, 0, 0).error;
    return e == hal::kSbiErrAlreadyStarted ? Status::kOk : status(e);
  }
  /// Stops the counters in mask (one counter_stop ecall); already stopped is kOk.
  static Status stop(uint32_t mask) {
    const long e = sbi_pmu::counter_stop(0, mask, 0).error;
    return e == hal::kSbiErrAlreadyStopped ? Status::kOk : status(e);
  }
  /// Stops every counter in 'counters' and releases its event; configure cycle and instret
  /// with their standard events (an SBI counter counts only once configured).
  static Status reset(uint32_t counters) {
    (void)sbi_pmu::counter_stop(0, counters, sbi_pmu::kStopReset);  // errors: nothing was configured
    if ((counters & (1u << kCounterCycle)) != 0) {
      const hal::SbiRet r = sbi_pmu::counter_config_matching(kCounterCycle, 1, 0, sbi_pmu::kHwCpuCycles, 0);
      if (r.error != hal::kSbiSuccess) return status(r.error);
    }
    if ((counters & (1u << kCounterInstret)) != 0) {
      const hal::SbiRet r =
          sbi_pmu::counter_config_matching(kCounterInstret, 1, 0, sbi_pmu::kHwInstructions, 0);
      if (r.error != hal::kSbiSuccess) return status(r.error);
    }
    return Status::kOk;
  }
  /// Configure counter i (only i: base i, mask 1) for an SBI event. A counter
  /// keeps its event until a stop with reset releases it (OpenSBI skips mapped
  /// counters), so this stops counter i first. The SBI implementation answers
  /// with the counter it chose, which must be i.
  static Status configure(unsigned i, uint32_t event_idx, uint64_t data, unsigned inh) {
    (void)sbi_pmu::counter_stop(i, 1, sbi_pmu::kStopReset);  // errors: it had no event
    const hal::SbiRet r = sbi_pmu::counter_config_matching(i, 1, sbi_pmu::inhibit_flags(inh), event_idx, data);
    if (r.error != hal::kSbiSuccess) return status(r.error);
    return r.value == i ? Status::kOk : Status::kMismatch;
  }
  /// A raw selector the SBI can take: 48 bits of data, and no OF (the SBI owns it).
  static constexpr bool accepts(HpmEvent ev) {
    return (ev.get(mhpmevent::kEvent) & ~sbi_pmu::kRawDataMask) == 0 && !ev.test(mhpmevent::kOf);
  }
  /// Programs a raw mhpmevent selector as the SBI raw event (type 2), 48 bits of data.
  static Status program(unsigned i, HpmEvent ev, bool) {
    if (!accepts(ev)) return Status::kBadArg;
    return configure(i, sbi_pmu::kRawEvent, ev.get(mhpmevent::kEvent), static_cast<unsigned>(ev.get(mhpmevent::kInh)));
  }
  /// kUnavailable: mhpmevent is machine-only: there is no way to read it back from S-mode.
  static Result<HpmEvent> event(unsigned, bool) { return Status::kUnavailable; }
  /// The overflow vector: one read of scountovf, the register as read (the
  /// file masks it with its counters).
  static hal::csr_word overflow_csr() { return hal::csr_read<csr::kScountovf>(); }
  /// True when counter i's bit is set in scountovf.
  static bool of(unsigned i) { return ((overflow_csr() >> i) & 1u) != 0; }
  /// Clears the pending latch before the hook's snapshot (sip.LCOFIP).
  static void clear_pending() { (void)hal::csr_clear<csr::kSip>(csr::kLcofiMask); }
  /// Enables the overflow interrupt (sie.LCOFIE); always kOk.
  static Status enable_irq() {
    (void)hal::csr_set<csr::kSie>(csr::kLcofiMask);
    return Status::kOk;
  }
  /// Acknowledges: clears OF of the counters in 'vec': counter_start clears OF, and needs the
  /// counter stopped (Linux does the same: stop, then start the overflowed).
  /// Per counter, so one that was stopped stays stopped. (kAmong: the
  /// MachineCsrs shape; an ecall names its counter by value.)
  template <uint32_t kAmong>
  static Status acknowledge(uint32_t vec) {
    for (uint32_t m = vec; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      const long was = sbi_pmu::counter_stop(i, 1, 0).error;
      if (was != hal::kSbiSuccess && was != hal::kSbiErrAlreadyStopped) return status(was);
      const long e = sbi_pmu::counter_start(i, 1, 0, 0).error;
      if (e != hal::kSbiSuccess) return status(e);
      if (was == hal::kSbiErrAlreadyStopped) (void)sbi_pmu::counter_stop(i, 1, 0);
    }
    return Status::kOk;
  }
  /// acknowledge(bit) for bit, a single set bit of kAmong.
  template <uint32_t kAmong>
  static Status acknowledge_one(uint32_t bit) {
    return acknowledge<kAmong>(bit);
  }
  /// counter_get_info of counter i (one ecall).
  static Result<sbi_pmu::CounterInfo> info(unsigned i) {
    const hal::SbiRet r = sbi_pmu::counter_get_info(i);
    if (r.error != hal::kSbiSuccess) return status(r.error);
    return sbi_pmu::CounterInfo{r.value};
  }
};

}  // namespace pmu::riscv
