// SPDX-License-Identifier: Apache-2.0
// A file of RISC-V counters behind the counter-unit contract
// (include/pmu/irq.hpp for the hook order). What differs between counter
// files is the Map type parameter, one concept per header:
//   StandardMap  the standard Zicntr/Zihpm/Sscofpmf machine CSRs (machine_csrs.hpp)
//   SbiMap       the same counters from S-mode through the SBI PMU extension (sbi_map.hpp)
//   ame::AmeMap  XiangShan CUTE AME custom CSRs (ame.hpp)
//   ibex::IbexMap  Ibex: hard-wired events, no Sscofpmf (ibex.hpp)
// Counter index i: 0 = cycle, 2 = instret, 3..31 = hpm counters (bit i of
// mcountinhibit). A file is plain data (constexpr-constructible, no hardware
// touched until a call); every call validates first and touches nothing on
// bad input. Callbacks and 64-bit totals live in caller-provided storage
// (counter_storage.hpp), attached on demand.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/irq.hpp"
#include "pmu/riscv/counter_config.hpp"
#include "pmu/riscv/counter_storage.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::riscv {

template <typename Map>
class CounterFile {
 public:
  using raw_type = uint64_t;
  static constexpr bool kRv32 = hal::kXlen == 32;

  constexpr explicit CounterFile(const CounterConfig& cfg)
      : cfg_(cfg),
        hook_(!(cfg.present && cfg.sscofpmf && !(kRv32 && !Map::kRv32Halves))
                  ? 0
                  : kHookOn | (cfg.counters & kHpmSlots) |
                        (cfg.overflow_source == OverflowSource::kEventOf ? kHookEachOf : 0)) {}

  const CounterConfig& config() const { return cfg_; }
  constexpr bool has(unsigned i) const { return i < kNumCounterSlots && (cfg_.counters >> i) & 1u; }
  constexpr bool has_hpm(unsigned i) const { return i >= kFirstHpm && has(i); }

  // Caller-provided storage (nullptr detaches); attaching touches no
  // register. init() (or reset_total()) starts the totals from the counters'
  // current values.
  void attach_callbacks(CounterCallbacks* cbs) { callbacks_ = cbs; }
  void track_totals(CounterTotals* totals) { totals_ = totals; }

  // Stop every hpm counter and clear its event (M-mode: inhibit, zero every
  // selector; SBI: stop with reset, configure cycle/instret); restart totals.
  Status init() {
    if (Status s = usable(); s != Status::kOk) return s;
    if ((cfg_.counters & ~kMachineCounterSlots) != 0) return Status::kBadArg;
    Status s;
    if constexpr (Map::kArmOnStart)
      s = Map::reset(cfg_.counters);
    else
      s = Map::reset(cfg_.counters & kHpmSlots, cfg_.sscofpmf);
    armed_ = 0;
    if (s != Status::kOk || totals_ == nullptr) return s;
    for (uint32_t m = cfg_.counters & kMachineCounterSlots; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      totals_->wide[i].restart(extended_raw(i), 0);
    }
    return Status::kOk;
  }

  // The raw hardware value: one csrr on RV64; hi/lo/hi with retry on RV32.
  Result<uint64_t> read(unsigned i) const {
    if (Status s = check(i); s != Status::kOk) return s;
    return Map::read(i);
  }

  // The 64-bit total: the software extension when totals are tracked,
  // otherwise the raw value where the counter is known to be 64 bits wide
  // (cycle, instret, a full-width file), else kUnavailable.
  //  - Without OF (no Sscofpmf, cycle/instret): observe at least once per
  //    2^width counts; a read does.
  //  - With Sscofpmf: the pending OF bit is the counter's bit 'width', so the
  //    overflow hook alone keeps the total exact whatever the read rate, as
  //    long as the hook runs before a second wrap. The read takes OF, value,
  //    OF again (retry on change): do not call it where the hook can
  //    interrupt it half-way.
  Result<uint64_t> read64(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (totals_ != nullptr) return totals_->wide[i].observe(extended_raw(i));
    if (i < kFirstHpm || Map::kFullWidth) return Map::read(i);
    return Status::kUnavailable;
  }
  // Start the total of counter i over from its current value, at 'base'.
  Status reset_total(unsigned i, uint64_t base = 0) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (totals_ == nullptr) return Status::kUnavailable;
    totals_->wide[i].restart(extended_raw(i), base);
    return Status::kOk;
  }

  // Write a counter (do it while the counter is stopped). The total keeps
  // its value and goes on from the written one.
  Status write(unsigned i, uint64_t value) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (Status s = Map::write(i, value); s != Status::kOk) return s;
    if (totals_ != nullptr) totals_->wide[i].restart(value, totals_->wide[i].total());
    return Status::kOk;
  }

  // Start/stop a set of counters (M-mode: one csrc/csrs of the inhibit CSR).
  Status start(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    const Status s = Map::start(mask);
    if (Map::kArmOnStart && s == Status::kOk) armed_ |= mask;
    return s;
  }
  Status stop(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    return Map::stop(mask);
  }

  // Program hpm counter i's event selector. Without Sscofpmf bits 63:56
  // must be 0 (bits 55:0 are the selector, 55 included). OF is written as
  // given (normally 0, which arms the counter).
  Status program(unsigned i, HpmEvent ev) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (!Map::kWritableEvents) return Status::kUnavailable;
    if (!cfg_.sscofpmf && (ev.raw >> 56) != 0) return Status::kBadArg;
    armed_ &= ~(1u << i);
    return Map::program(i, ev, cfg_.sscofpmf);
  }

  // SBI files: configure hpm counter i for SBI event 'event_idx'
  // (sbi_pmu::event_idx) with 'data', counting in the modes 'inh'
  // (inhibit::kM..kVu) does not inhibit. Stops counter i.
  Status program_event(unsigned i, uint32_t event_idx, uint64_t data = 0, uint8_t inh = 0) {
    static_assert(Map::kArmOnStart, "program_event() configures SBI events: SbiCounters only");
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (inh > inhibit::kAll || event_idx > 0xFFFFFu) return Status::kBadArg;
    armed_ &= ~(1u << i);
    return Map::configure(i, event_idx, data, inh);
  }

  // Read back an event selector (64 bits; RV32 joins the h half if Sscofpmf).
  Result<HpmEvent> event(unsigned i) const {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    return Map::event(i, cfg_.sscofpmf);
  }

  // Overflow vector: bit i = counter i's OF (hpm counters only).
  Result<uint32_t> overflow_vector() const {
    if (Status s = check_of(); s != Status::kOk) return s;
    return snapshot();
  }
  Status clear_overflow(unsigned i) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (Status s = check_of(); s != Status::kOk) return s;
    return Map::acknowledge(1u << i);
  }

  // Callback for counter i's overflow; needs attach_callbacks().
  Status on_overflow(unsigned i, IrqCallback cb) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (callbacks_ == nullptr) return Status::kUnavailable;
    callbacks_->cb[i] = cb;
    return Status::kOk;
  }

  // The overflow hook (LCOFI for the standard file, the AME overflow line for
  // AME), in the order of irq.hpp: clear the pending latch (mip/sip.LCOFIP:
  // an overflow from here on raises it again), snapshot the vector once,
  // call the callbacks, fold the totals, acknowledge (clear OF of exactly the
  // snapshotted counters, which re-arms them). Returns the mask served.
  // A callback must not write() its own counter (the fold would count from
  // the written value with OF still pending): reload after the hook.
  // Loop invariants stay in the loop: hoisted, the lowest-bit lookup's two
  // constants would each take a callee-saved register that the hook saves
  // before its first callback.
  __attribute__((optimize("no-move-loop-invariants"))) Result<uint32_t> handle_overflow_irq() {
    const uint32_t hook = hook_;
    if (hook == 0) return check_of();
    Map::clear_pending();
    uint32_t hpm = hook & kHpmSlots;
    if constexpr (Map::kArmOnStart) hpm &= armed_;
    const uint32_t vec = (hook & kHookEachOf) == 0 ? Map::overflow_csr() & hpm : snapshot_each_of(hpm);
    served_ = vec;
    if (CounterCallbacks* cbs = callbacks_; cbs != nullptr)
      for (uint32_t m = vec; m != 0; m &= m - 1) {
        const unsigned i = util::ctz32(m);
        cbs->cb[i](i);
      }
    return finish_hook();
  }
  // ISR adapter of the void (*)(void*) shape RTEMS and Zephyr install.
  static void overflow_isr(void* self) { pmu::overflow_isr<CounterFile>(self); }

  // Let the local counter-overflow interrupt in (mie.LCOFIE; sie with SBI).
  Status enable_overflow_irq() {
    if (Status s = check_of(); s != Status::kOk) return s;
    return Map::enable_irq();
  }

  // Width of counter i, probed as OpenSBI does: stop it, save it, write all
  // ones, read back, restore value and stop state. 0 bits read back means a
  // read-only-zero counter: kUnavailable. Sets the width the totals use.
  Result<unsigned> probe_width(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    if constexpr (!Map::kProbe) {
      return Status::kUnavailable;
    } else {
      const bool was_running = Map::stop_was_running(i);
      const uint64_t old = Map::read(i);
      (void)Map::write(i, ~uint64_t{0});
      const uint64_t ones = Map::read(i);
      (void)Map::write(i, old);
      if (was_running) (void)Map::start(1u << i);
      if (ones == 0) return Status::kUnavailable;
      const unsigned width = 64u - static_cast<unsigned>(__builtin_clzll(ones));
      set_width_unchecked(i, width, old);
      return width;
    }
  }

  // Declare a known width (e.g. Ibex MHPMCounterWidth, SBI counter_get_info).
  Status set_width(unsigned i, unsigned bits) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (bits == 0 || bits > 64) return Status::kBadArg;
    if (totals_ != nullptr) set_width_unchecked(i, bits, Map::read(i));
    return Status::kOk;
  }
  // The width the totals use for counter i (64 until probed or declared); 0
  // for an index beyond the file or without totals.
  unsigned width(unsigned i) const {
    return i < kNumCounterSlots && totals_ != nullptr ? totals_->width[i] : 0;
  }
  // The counters an SBI file has started since init (their overflow is armed).
  uint32_t armed() const { return armed_; }

 private:
  bool of_extended(unsigned i) const {
    return cfg_.sscofpmf && i >= kFirstHpm && totals_ != nullptr && totals_->width[i] < 64;
  }
  void set_width_unchecked(unsigned i, unsigned bits, uint64_t raw) {
    if (totals_ == nullptr) return;
    totals_->width[i] = static_cast<uint8_t>(bits);
    totals_->wide[i] = util::WideCounter(of_extended(i) ? bits + 1 : bits);
    totals_->wide[i].restart(raw, 0);
  }
  // The value the extension observes: raw, plus 2^width while OF is pending.
  uint64_t extended_raw(unsigned i) const {
    if (!of_extended(i)) return Map::read(i);
    bool of = Map::of(i);
    for (;;) {
      const uint64_t raw = Map::read(i);
      const bool of2 = Map::of(i);
      if (of2 == of) return of ? raw + (uint64_t{1} << totals_->width[i]) : raw;
      of = of2;
    }
  }
  // Steps 3 and 4 of the hook, out of line: the time to the first callback
  // pays only for what steps 1 and 2 need.
  __attribute__((noinline)) Result<uint32_t> finish_hook() {
    const uint32_t vec = served_;
    if (totals_ != nullptr)
      for (uint32_t m = vec; m != 0; m &= m - 1) fold_flagged(util::ctz32(m));
    if (vec != 0) {
      if (Status s = Map::acknowledge(vec); s != Status::kOk) return s;
    }
    return vec;
  }
  // The hook's fold of a counter whose OF it saw: the value is raw + 2^width
  // until OF clears (acknowledge, right after), so the extension goes on
  // from raw.
  void fold_flagged(unsigned i) {
    const uint64_t raw = Map::read(i);
    util::WideCounter& w = totals_->wide[i];
    if (of_extended(i)) {
      w.restart(raw, w.observe(raw + (uint64_t{1} << totals_->width[i])));
    } else {
      (void)w.observe(raw);
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
  uint32_t snapshot() const {
    uint32_t hpm = hook_ & kHpmSlots;
    if constexpr (Map::kArmOnStart) hpm &= armed_;
    if ((hook_ & kHookEachOf) == 0) return Map::overflow_csr() & hpm;
    return snapshot_each_of(hpm);
  }
  // One OF read per counter: out of line, so the scountovf path (the usual
  // one) keeps the hook's registers few.
  __attribute__((noinline)) static uint32_t snapshot_each_of(uint32_t hpm) {
    uint32_t vec = 0;
    for (uint32_t m = hpm; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      if (Map::of(i)) vec |= 1u << i;
    }
    return vec;
  }

  // What the hook needs, in one word it reads once: 0 = no overflow vector
  // (the hook is kUnavailable); else kHookOn, the hpm counters (bits 31:3),
  // and kHookEachOf for the per-counter OF source (bits 0..2 are never hpm).
  static constexpr uint32_t kHookOn = 1u << 0;
  static constexpr uint32_t kHookEachOf = 1u << 1;
  CounterConfig cfg_;
  uint32_t hook_;
  uint32_t armed_ = 0;
  uint32_t served_ = 0;  // the hook's snapshot, for its out-of-line steps 3 and 4
  CounterCallbacks* callbacks_ = nullptr;
  CounterTotals* totals_ = nullptr;
};

}  // namespace pmu::riscv
