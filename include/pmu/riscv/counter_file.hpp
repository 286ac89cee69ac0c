// SPDX-License-Identifier: Apache-2.0
// A file of RISC-V counter CSRs: the standard Zicntr/Zihpm/Sscofpmf set
// (Counters) and the XiangShan CUTE AME set (AmeCounters) share this code;
// a Map type says where the CSRs are.
//
// Counter index i: 0 = cycle, 2 = instret, 3..31 = hpm counters (bit i of
// mcountinhibit). A driver object is plain data (constexpr-constructible, no
// hardware touched until a call); every call validates first.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/irq.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"
#include "pmu/util/wide_counter.hpp"

namespace pmu::riscv {

// Where the overflow vector comes from. QEMU 7.2 masks scountovf with
// mcounteren even in M-mode, so M-mode code there either sets mcounteren or
// reads the OF bits one counter at a time.
enum class OverflowSource : uint8_t { kScountovf, kEventOf };
// Which pending register holds LCOFIP for the hook (the mode the driver runs in).
enum class IrqMode : uint8_t { kMachine, kSupervisor };

struct CounterConfig {
  uint32_t counters = 0;  // implemented counters: bit 0 cycle, 2 instret, 3..31 hpm
  bool sscofpmf = false;  // OF/xINH bits, mhpmeventNh on RV32, scountovf, LCOFI
  bool present = true;    // false: every call is kUnavailable (AME not declared)
  OverflowSource overflow_source = OverflowSource::kScountovf;
  IrqMode irq_mode = IrqMode::kMachine;
};

struct StandardMap {
  static constexpr uint32_t kCounterBase = csr::kMhpmcounterBase;
  static constexpr uint32_t kCounterhBase = csr::kMhpmcounterhBase;
  static constexpr uint32_t kEventBase = csr::kMhpmeventBase;
  static constexpr uint32_t kEventhBase = csr::kMhpmeventhBase;
  static constexpr uint32_t kInhibit = csr::kMcountinhibit;
  static constexpr uint32_t kOverflow = csr::kScountovf;
  static constexpr bool kRv32Halves = true;  // RV32 has the h CSRs
  static constexpr bool kLcofip = true;      // the hook clears mip/sip.LCOFIP
};

struct AmeMap {
  static constexpr uint32_t kCounterBase = csr::kAmeMhpmcounterBase;
  static constexpr uint32_t kCounterhBase = 0;
  static constexpr uint32_t kEventBase = csr::kAmeMhpmeventBase;
  static constexpr uint32_t kEventhBase = 0;
  static constexpr uint32_t kInhibit = csr::kAmeMcountinhibit;
  static constexpr uint32_t kOverflow = csr::kAmeScountovf;
  static constexpr bool kRv32Halves = false;  // XiangShan is RV64 only
  static constexpr bool kLcofip = false;      // the overflow line is the board's
};

template <typename Map>
class CounterFile {
 public:
  static constexpr bool kRv32 = hal::kXlen == 32;

  constexpr explicit CounterFile(const CounterConfig& cfg) : cfg_(cfg), callbacks_(), wide_(), width_() {
    for (unsigned i = 0; i < kNumCounterSlots; ++i) {
      wide_[i] = util::WideCounter(64);
      width_[i] = 64;
    }
  }

  const CounterConfig& config() const { return cfg_; }
  constexpr bool has(unsigned i) const { return i < kNumCounterSlots && (cfg_.counters >> i) & 1u; }
  constexpr bool has_hpm(unsigned i) const { return i >= kFirstHpm && has(i); }

  // Inhibit every implemented hpm counter and zero its event selector (QEMU
  // binds events to counters first-come, so stale selectors steal events);
  // forget totals and callbacks' extension state.
  Status init() {
    if (Status s = usable(); s != Status::kOk) return s;
    if ((cfg_.counters & ~kMachineCounterSlots) != 0) return Status::kBadArg;
    const uint32_t hpm = cfg_.counters & kHpmSlots;
    if (hpm != 0) (void)hal::csr_set<Map::kInhibit>(hpm);
    for (uint32_t m = hpm; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      if (kRv32 && cfg_.sscofpmf) CsrBank<Map::kEventhBase>::write(i, 0);
      CsrBank<Map::kEventBase>::write(i, 0);
    }
    for (auto& w : wide_) w.restart(0, 0);
    return Status::kOk;
  }

  // 64-bit value: one csrr on RV64; hi/lo/hi with retry on RV32.
  Result<uint64_t> read(unsigned i) const {
    if (Status s = check(i); s != Status::kOk) return s;
    return read_raw(i);
  }

  // Write a counter (do it while the counter is stopped). On RV32: lo = 0,
  // hi, lo, so a running low half cannot carry into the new high half.
  Status write(unsigned i, uint64_t value) {
    if (Status s = check(i); s != Status::kOk) return s;
    write_raw(i, value);
    wide_[i].restart(value, wide_[i].total());
    return Status::kOk;
  }

  // Start/stop a set of counters through the inhibit CSR (one csrc/csrs).
  Status start(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    (void)hal::csr_clear<Map::kInhibit>(mask);
    return Status::kOk;
  }
  Status stop(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    (void)hal::csr_set<Map::kInhibit>(mask);
    return Status::kOk;
  }

  // Program hpm counter i's event selector. Without Sscofpmf bits 63:56
  // must be 0. OF is written as given (normally 0, which arms the counter).
  // RV32: mhpmeventNh first, so the filter bits are in place before the event.
  Status program(unsigned i, HpmEvent ev) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (!cfg_.sscofpmf && (ev.raw >> 56) != 0) return Status::kBadArg;
    if (kRv32 && !Map::kRv32Halves) return Status::kUnavailable;
    if constexpr (kRv32) {
      if (cfg_.sscofpmf) CsrBank<Map::kEventhBase>::write(i, static_cast<hal::csr_word>(ev.raw >> 32));
      CsrBank<Map::kEventBase>::write(i, static_cast<hal::csr_word>(ev.raw));
    } else {
      CsrBank<Map::kEventBase>::write(i, static_cast<hal::csr_word>(ev.raw));
    }
    return Status::kOk;
  }

  // Read back an event selector (64 bits; RV32 joins the h half if Sscofpmf).
  Result<HpmEvent> event(unsigned i) const {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    uint64_t v = CsrBank<Map::kEventBase>::read(i);
    if constexpr (kRv32) {
      v &= 0xFFFFFFFFull;
      if (cfg_.sscofpmf) v |= static_cast<uint64_t>(CsrBank<Map::kEventhBase>::read(i)) << 32;
    }
    return HpmEvent{v};
  }

  // Overflow vector: bit i = counter i's OF (hpm counters only).
  Result<uint32_t> overflow_vector() const {
    if (Status s = check_of(); s != Status::kOk) return s;
    return snapshot();
  }
  Status clear_overflow(unsigned i) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (Status s = check_of(); s != Status::kOk) return s;
    clear_of(i);
    return Status::kOk;
  }

  Status set_overflow_callback(unsigned i, IrqCallback cb) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    callbacks_[i] = cb;
    return Status::kOk;
  }

  // The overflow hook (LCOFI for the standard file, the AME overflow line for
  // AME). Order, so that no overflow is lost: clear LCOFIP first (an overflow
  // from here on raises it again), snapshot the vector once, then per
  // snapshotted counter: fold the value into its 64-bit total, clear its OF
  // (re-arm, before the callback so a wrap during the callback interrupts
  // again) and call its callback. Returns the snapshot.
  uint32_t handle_overflow_irq() {
    if (check_of() != Status::kOk) return 0;
    if constexpr (Map::kLcofip) {
      if (cfg_.irq_mode == IrqMode::kMachine)
        (void)hal::csr_clear<csr::kMip>(csr::kLcofiMask);
      else
        (void)hal::csr_clear<csr::kSip>(csr::kLcofiMask);
    }
    const uint32_t vec = snapshot();
    for (uint32_t m = vec; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      const uint64_t raw = read_raw(i);
      if (of_extended(i)) {
        // OF is set (snapshot): the value is raw + 2^width until OF clears.
        const uint64_t total = wide_[i].observe(raw + (uint64_t{1} << width_[i]));
        clear_of(i);
        wide_[i].restart(raw, total);
      } else {
        wide_[i].observe(raw);
        clear_of(i);
      }
      callbacks_[i](i);
    }
    return vec;
  }

  // Let the local counter-overflow interrupt in (mie/sie.LCOFIE).
  Status enable_overflow_irq() {
    if (Status s = check_of(); s != Status::kOk) return s;
    if constexpr (!Map::kLcofip) return Status::kUnavailable;
    if (cfg_.irq_mode == IrqMode::kMachine)
      (void)hal::csr_set<csr::kMie>(csr::kLcofiMask);
    else
      (void)hal::csr_set<csr::kSie>(csr::kLcofiMask);
    return Status::kOk;
  }

  // Width of counter i, probed as OpenSBI does: inhibit it, save it, write
  // all ones, read back, restore value and inhibit state. 0 bits read back
  // means a read-only-zero counter: kUnavailable. Sets the extension width.
  Result<unsigned> probe_width(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    const uint32_t bit = 1u << i;
    const bool was_inhibited = (hal::csr_set<Map::kInhibit>(bit) & bit) != 0;
    const uint64_t old = read_raw(i);
    write_raw(i, ~uint64_t{0});
    const uint64_t ones = read_raw(i);
    write_raw(i, old);
    if (!was_inhibited) (void)hal::csr_clear<Map::kInhibit>(bit);
    if (ones == 0) return Status::kUnavailable;
    const unsigned width = 64u - static_cast<unsigned>(__builtin_clzll(ones));
    set_width_unchecked(i, width);
    wide_[i].restart(old, 0);
    return width;
  }

  // Declare a known width (e.g. Ibex MHPMCounterWidth) instead of probing.
  Status set_width(unsigned i, unsigned bits) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (bits == 0 || bits > 64) return Status::kBadArg;
    set_width_unchecked(i, bits);
    return Status::kOk;
  }

  // 64-bit total of a narrow counter (software extension).
  //  - Without OF (no Sscofpmf, cycle/instret): observe at least once per
  //    2^width counts; a read does.
  //  - With Sscofpmf: the pending OF bit is the counter's bit 'width', so the
  //    overflow hook alone keeps the total exact whatever the read rate, as
  //    long as the hook runs before a second wrap. The read takes OF, value,
  //    OF again (retry on change). Do not call it from code the hook can
  //    interrupt half-way (mask LCOFI or call it from the same context).
  Result<uint64_t> read_extended(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    return wide_[i].observe(extended_raw(i));
  }
  // Start the extension over from the counter's current value.
  Status reset_extended(unsigned i, uint64_t base = 0) {
    if (Status s = check(i); s != Status::kOk) return s;
    wide_[i].restart(extended_raw(i), base);
    return Status::kOk;
  }
  unsigned width(unsigned i) const { return i < kNumCounterSlots ? width_[i] : 0; }

 private:
  bool of_extended(unsigned i) const { return cfg_.sscofpmf && i >= kFirstHpm && width_[i] < 64; }
  void set_width_unchecked(unsigned i, unsigned bits) {
    width_[i] = static_cast<uint8_t>(bits);
    wide_[i] = util::WideCounter(of_extended(i) ? bits + 1 : bits);
  }
  bool read_of(unsigned i) const {
    if constexpr (kRv32 && Map::kRv32Halves)
      return (CsrBank<Map::kEventhBase>::read(i) & mhpmevent::kOfHigh) != 0;
    else
      return (static_cast<uint64_t>(CsrBank<Map::kEventBase>::read(i)) & mhpmevent::OF.mask()) != 0;
  }
  // The value the extension observes: raw, plus 2^width while OF is pending.
  uint64_t extended_raw(unsigned i) const {
    if (!of_extended(i)) return read_raw(i);
    bool of = read_of(i);
    for (;;) {
      const uint64_t raw = read_raw(i);
      const bool of2 = read_of(i);
      if (of2 == of) return of ? raw + (uint64_t{1} << width_[i]) : raw;
      of = of2;
    }
  }
  Status usable() const {
    if (!cfg_.present) return Status::kUnavailable;
    if (kRv32 && !Map::kRv32Halves) return Status::kUnavailable;
    return Status::kOk;
  }
  Status check(unsigned i) const {
    if (Status s = usable(); s != Status::kOk) return s;
    return has(i) && i != kCounterTime ? Status::kOk : Status::kBadArg;
  }
  Status check_hpm(unsigned i) const {
    if (Status s = usable(); s != Status::kOk) return s;
    return has_hpm(i) ? Status::kOk : Status::kBadArg;
  }
  Status check_mask(uint32_t mask) const {
    if (Status s = usable(); s != Status::kOk) return s;
    return mask != 0 && (mask & ~(cfg_.counters & kMachineCounterSlots)) == 0 ? Status::kOk
                                                                            : Status::kBadArg;
  }
  Status check_of() const {
    if (Status s = usable(); s != Status::kOk) return s;
    return cfg_.sscofpmf ? Status::kOk : Status::kUnavailable;
  }

  uint64_t read_raw(unsigned i) const {
    if constexpr (kRv32 && Map::kRv32Halves) {
      using Lo = CsrBank<Map::kCounterBase>;
      using Hi = CsrBank<Map::kCounterhBase>;
      // hi, lo, hi; on a mismatch the second hi is the new first hi.
      uint32_t hi = static_cast<uint32_t>(Hi::read(i));
      for (;;) {
        const uint32_t lo = static_cast<uint32_t>(Lo::read(i));
        const uint32_t hi2 = static_cast<uint32_t>(Hi::read(i));
        if (hi2 == hi) return (static_cast<uint64_t>(hi) << 32) | lo;
        hi = hi2;
      }
    } else {
      return CsrBank<Map::kCounterBase>::read(i);
    }
  }
  void write_raw(unsigned i, uint64_t v) {
    if constexpr (kRv32 && Map::kRv32Halves) {
      CsrBank<Map::kCounterBase>::write(i, 0);
      CsrBank<Map::kCounterhBase>::write(i, static_cast<hal::csr_word>(v >> 32));
      CsrBank<Map::kCounterBase>::write(i, static_cast<hal::csr_word>(v));
    } else {
      CsrBank<Map::kCounterBase>::write(i, static_cast<hal::csr_word>(v));
    }
  }
  uint32_t snapshot() const {
    const uint32_t hpm = cfg_.counters & kHpmSlots;
    if (cfg_.overflow_source == OverflowSource::kScountovf)
      return static_cast<uint32_t>(hal::csr_read<Map::kOverflow>()) & hpm;
    uint32_t vec = 0;
    for (uint32_t m = hpm; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      if (read_of(i)) vec |= 1u << i;
    }
    return vec;
  }
  void clear_of(unsigned i) {
    if constexpr (kRv32 && Map::kRv32Halves)
      (void)CsrBank<Map::kEventhBase>::clear(i, mhpmevent::kOfHigh);
    else
      (void)CsrBank<Map::kEventBase>::clear(i, static_cast<hal::csr_word>(mhpmevent::OF.mask()));
  }

  CounterConfig cfg_;
  IrqCallback callbacks_[kNumCounterSlots];
  util::WideCounter wide_[kNumCounterSlots];
  uint8_t width_[kNumCounterSlots];
};

// The standard machine counters.
using Counters = CounterFile<StandardMap>;

}  // namespace pmu::riscv
