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
// (counter_storage.hpp).
//
// What is known when the file is built is a choice of three policies, one
// implementation for every combination (the tests below fold where a
// policy answers with a constant):
//   Config           RunTimeConfig (default: the CounterConfig given to the
//                    constructor) or FixedConfig<C> (counter_config.hpp)
//   CallbackStorage  AttachedStorage<CounterCallbacks> (default:
//                    attach_callbacks() at run time), StaticStorage (a table
//                    fixed at build time) or NoStorage (no callbacks)
//   TotalsStorage    the same for CounterTotals (track_totals())
// CounterFile<Map> is the run-time file (what the C API, SBI and Ibex
// discovery and the profiler use); FixedCounters (counters.hpp) and
// ame::FixedAmeCounters are build-time files.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/irq.hpp"
#include "pmu/riscv/counter_config.hpp"
#include "pmu/riscv/counter_storage.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu/riscv/hpm_event.hpp"
#include "pmu/status.hpp"
#include "pmu/storage.hpp"
#include "pmu/util/bits.hpp"
#include "pmu/util/compiler.hpp"

/// RISC-V counters: the standard machine CSRs, SBI, Ibex, AME and Sspesa.
namespace pmu::riscv {

namespace detail {
/// The counter file's run-time state besides its configuration and storage,
/// a word a file does not need left out (one struct per kind of file: plain
/// data, as the C API's handles need):
///   armed     the counters an SBI file started since init (their OF is armed);
///   accepted  a run-time file of another map: the counters a mask or an
///             index may name, derived once when the file is made, so that
///             a check is one load and one test;
///   served    a run-time file: the hook's snapshot for its out-of-line steps.
/// The three run-time files have one size (the C API's handle holds any).
template <bool kArmed, bool kAccepted, bool kServed>
struct FileState;
/// A build-time file of a map other than SBI: nothing.
template <>
struct FileState<false, false, false> {};
/// A build-time SBI file.
template <>
struct FileState<true, false, false> {
  uint32_t armed = 0;  ///< Counters started since init.
};
/// A run-time SBI file.
template <>
struct FileState<true, false, true> {
  uint32_t armed = 0;   ///< Counters started since init.
  uint32_t served = 0;  ///< The snapshot of the running hook.
};
/// A run-time file of another map.
template <>
struct FileState<false, true, true> {
  uint32_t accepted = 0;  ///< The configuration's counters but time; 0 if the file is unusable.
  uint32_t served = 0;    ///< The snapshot of the running hook.
};

}  // namespace detail

/// A file of RISC-V counters behind the counter-unit contract; Map says how
/// it reaches them, the other three what is fixed at build time (this
/// header's lists).
template <typename Map, typename Config = RunTimeConfig,
          typename CallbackStorage = AttachedStorage<CounterCallbacks>,
          typename TotalsStorage = AttachedStorage<CounterTotals>>
class CounterFile {
 public:
  using raw_type = uint64_t;                       ///< The contract's raw word: counters are read as 64 bits (RV32 joins the halves).
  static constexpr bool kRv32 = hal::kXlen == 32;  ///< XLEN is 32.

  /// A run-time file of the counters cfg names; touches no hardware (constexpr).
  constexpr explicit CounterFile(const CounterConfig& cfg) : conf_(cfg), state_() {
    static_assert(!Config::kFixed, "a FixedConfig file takes no CounterConfig: construct it with ()");
    if constexpr (kHasAccepted) state_.accepted = accepted_of(cfg);
  }
  /// A build-time file (FixedConfig); touches no hardware (constexpr).
  constexpr CounterFile() : conf_(), state_(), callbacks_(), totals_() {
    static_assert(Config::kFixed, "a RunTimeConfig file needs its CounterConfig");
  }

  /// The configuration the file was built from.
  constexpr const CounterConfig& config() const { return conf_.cfg(); }
  /// True when counter i is implemented (cfg.counters bit i).
  constexpr bool has(unsigned i) const { return i < kNumCounterSlots && (config().counters >> i) & 1u; }
  /// True when i is an implemented hpm counter (3..31).
  constexpr bool has_hpm(unsigned i) const { return i >= kFirstHpm && has(i); }

  /// Attaches caller-provided callback storage (nullptr detaches); attaching touches no
  /// register, and clears the table's entry 0 (CounterCallbacks says why).
  /// Only with AttachedStorage (a build-time file's storage is fixed).
  void attach_callbacks(CounterCallbacks* cbs) {
    if (cbs != nullptr) cbs->cb[0] = IrqCallback{};  // (serve_first(): the empty snapshot's slot)
    callbacks_.attach(cbs);
  }
  /// Attaches the 64-bit totals storage (nullptr detaches); touches no register.
  /// init() (or reset_total()) starts the totals from the counters' current
  /// values. Only with AttachedStorage.
  void track_totals(CounterTotals* totals) { totals_.attach(totals); }

  /// Stops every hpm counter and clears its event (M-mode: inhibit, zero every
  /// selector; SBI: stop with reset, configure cycle/instret); restart totals.
  Status init() {
    if (Status s = usable(); s != Status::kOk) return s;
    const CounterConfig& cfg = config();
    if ((cfg.counters & ~kMachineCounterSlots) != 0) return Status::kBadArg;
    Status s;
    if constexpr (Map::kArmOnStart)
      s = Map::reset(cfg.counters);
    else
      s = Map::reset(cfg.counters & kHpmSlots, cfg.sscofpmf);
    if constexpr (kHasArmed) state_.armed = 0;
    if (s != Status::kOk || !totals_.held()) return s;
    for (uint32_t m = cfg.counters & kMachineCounterSlots; m != 0; m &= m - 1) restart_total(util::ctz32(m), 0);
    return Status::kOk;
  }

  /// The raw hardware value of counter i: one csrr on RV64; hi/lo/hi with retry on RV32.
  Result<uint64_t> read(unsigned i) const {
    if (Status s = check(i); s != Status::kOk) return s;
    return raw(i);
  }

  /// The raw value of counter i, with no validation and no totals: for a hot
  /// path whose caller validated i once (the profiler's re-arm and group
  /// reads, include/pmu/profile/units/counter_file.hpp: every check of read()
  /// and write() again per sample cost 40 instructions a counter). i must be
  /// a counter of this file (has(i), not time).
  __attribute__((always_inline)) uint64_t read_unchecked(unsigned i) const { return raw(i); }
  /// Writes counter i with no validation and no totals (see read_unchecked()).
  __attribute__((always_inline)) void write_unchecked(unsigned i, uint64_t value) { (void)Map::write(i, value); }

  /// The 64-bit total: the software extension when totals are tracked,
  /// otherwise the raw value where the counter is known to be 64 bits wide
  /// (cycle, instret, a full-width file), else kUnavailable.
  ///  - Without OF (no Sscofpmf, cycle/instret): observe at least once per
  ///    2^width counts; a read does.
  ///  - With Sscofpmf: a wrap that sets OF is counted once, by the read or
  ///    the hook that first sees OF set, even if no observation showed the
  ///    wrap itself; so the overflow hook alone keeps the total exact
  ///    whatever the read rate, as long as it runs before a second wrap. An
  ///    OF the file clears (clear_overflow(), program(); SBI: start() and
  ///    write(), by counter_start) or sets (program() with OF, an SBI event
  ///    configured but not started) is folded first and counts no wrap;
  ///    while OF stays set, wraps are counted from the values, so observe
  ///    at least once per 2^width counts. The read takes OF, value, OF
  ///    again (retry on change): do not call it where the hook can
  ///    interrupt it half-way.
  __attribute__((always_inline)) Result<uint64_t> read64(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (totals_.held()) return observe_total(i);
    // Untracked, only counters known to be 64 bits wide have a total.
    constexpr uint32_t kWide = Map::kFullWidth ? kReadable : kReadable & util::low_mask32(kFirstHpm);
    if (i < kFirstHpm || Map::kFullWidth) return Map::template read<kWide>(i);
    return Status::kUnavailable;
  }
  /// Starts the total of counter i over from its current value, at 'base'.
  Status reset_total(unsigned i, uint64_t base = 0) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (!totals_.held()) return Status::kUnavailable;
    restart_total(i, base);
    return Status::kOk;
  }

  /// Writes counter i (do it while the counter is stopped). The total keeps
  /// its value (the count up to the write) and goes on from the written one.
  Status write(unsigned i, uint64_t value) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (totals_.held()) (void)observe_total(i);
    if (Status s = Map::write(i, value); s != Status::kOk) return s;
    if (CounterTotals* const totals = totals_.get(); totals_.held()) {
      totals->wide[i].rebase(value);
      resync_flag(i);  // (an SBI write starts the counter with the value: OF clears)
    }
    return Status::kOk;
  }

  /// Starts the counters in mask (M-mode: one csrc of the inhibit CSR); kBadArg for a counter not in the file.
  Status start(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    // (mask is within the file's counters: the & only tells the compiler
    // what a build-time file's mask can be, and is nothing for a run-time one.)
    if constexpr (Map::kArmOnStart) {
      // counter_start clears the OF of each stopped counter it starts while
      // LCOFIP is clear, armed or not (an armed one's OF can be pending with
      // LCOFIP clear: another file's hook on the hart cleared it). Fold
      // first; after, what OF reads stands for no wrap.
      if (totals_.held())
        for (uint32_t m = mask; m != 0; m &= m - 1) (void)observe_total(util::ctz32(m));
      const Status s = Map::start(mask & Config::kPossible);
      if (s == Status::kOk) state_.armed |= mask;
      if (totals_.held())
        for (uint32_t m = mask; m != 0; m &= m - 1) resync_flag(util::ctz32(m));
      return s;
    } else {
      return Map::start(mask & Config::kPossible);
    }
  }
  /// Stops the counters in mask (M-mode: one csrs of the inhibit CSR); kBadArg for a counter not in the file.
  Status stop(uint32_t mask) {
    if (Status s = check_mask(mask); s != Status::kOk) return s;
    return Map::stop(mask & Config::kPossible);
  }

  /// Programs hpm counter i's event selector. Without Sscofpmf bits 63:56
  /// must be 0 (bits 55:0 are the selector, 55 included), and on RV32, which
  /// then has no mhpmeventh, bits 63:32; with it, the WPRI bits 57:56; and
  /// whatever the Map says the hardware would not keep (AME). OF is
  /// written as given (normally 0, which arms the counter); a tracked total
  /// is folded first.
  Status program(unsigned i, HpmEvent ev) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (!Map::kWritableEvents) return Status::kUnavailable;
    // Without Sscofpmf only the selector is writable: on RV32 only mhpmevent's XLEN bits.
    constexpr unsigned kPlainBits = kRv32 ? hal::kXlen : mhpmevent::kEvent.width;
    if (!config().sscofpmf && (ev.raw >> kPlainBits) != 0) return Status::kBadArg;
    if (ev.get(mhpmevent::kWpri) != 0) return Status::kBadArg;  // reserved: written as 0 (as read)
    if (!Map::accepts(ev)) return Status::kBadArg;  // (before the fold: refused, nothing is read)
    if (totals_.held()) (void)observe_total(i);
    if constexpr (Map::kArmOnStart) state_.armed &= ~(1u << i);
    const Status s = Map::program(i, ev, config().sscofpmf);
    if (totals_.held()) resync_flag(i);
    return s;
  }

  /// SBI files: configure hpm counter i for SBI event 'event_idx'
  /// (sbi_pmu::event_idx) with 'data', counting in the modes 'inh'
  /// (inhibit::kM..kVu) does not inhibit. Stops counter i.
  Status program_event(unsigned i, uint32_t event_idx, uint64_t data = 0, uint8_t inh = 0) {
    static_assert(Map::kArmOnStart, "program_event() configures SBI events: SbiCounters only");
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (inh > inhibit::kAll || event_idx > 0xFFFFFu) return Status::kBadArg;
    if (totals_.held()) (void)observe_total(i);
    state_.armed &= ~(1u << i);
    const Status s = Map::configure(i, event_idx, data, inh);
    if (totals_.held()) resync_flag(i);  // (configuring sets OF)
    return s;
  }

  /// Reads back counter i's event selector (64 bits; RV32 joins the h half if Sscofpmf).
  Result<HpmEvent> event(unsigned i) const {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    return Map::event(i, config().sscofpmf);
  }

  /// Overflow vector: bit i = counter i's OF (hpm counters only).
  Result<uint32_t> overflow_vector() const {
    if (Status s = check_of(); s != Status::kOk) return s;
    return snapshot();
  }
  /// Clears counter i's OF (re-arms its overflow interrupt); kUnavailable
  /// without Sscofpmf. A tracked total is folded first, as the hook does.
  Status clear_overflow(unsigned i) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    if (Status s = check_of(); s != Status::kOk) return s;
    if (totals_.held()) (void)observe_total(i);
    const Status s = Map::template acknowledge<kPossibleHpm>(1u << i);
    if (totals_.held()) resync_flag(i);
    return s;
  }

  /// Sets the callback for counter i's overflow; kUnavailable without attach_callbacks().
  Status on_overflow(unsigned i, IrqCallback cb) {
    if (Status s = check_hpm(i); s != Status::kOk) return s;
    CounterCallbacks* const cbs = callbacks_.get();
    if (!callbacks_.held()) return Status::kUnavailable;
    cbs->cb[i] = cb;
    return Status::kOk;
  }

  /// The overflow hook (LCOFI for the standard file, the AME overflow line for
  /// AME), in the order of irq.hpp: clear the pending latch (mip/sip.LCOFIP:
  /// an overflow from here on raises it again), snapshot the vector once,
  /// call the callbacks, fold the totals, acknowledge (clear OF of exactly the
  /// snapshotted counters, which re-arms them). Returns the mask served.
  /// A callback may write(), clear_overflow() or program() any counter of
  /// the file, a served one too: the fold reads OF again, so the totals stay
  /// exact. But a reload of its own counter belongs after the hook: the
  /// acknowledge that follows the callbacks clears OF, so a wrap of the
  /// reloaded counter before it may raise no overflow (M-mode: OF is still set).
  /// A run-time file's hook is out of line and calls the first callback
  /// itself, with nothing kept across it but the file; the other callbacks
  /// and steps 3 and 4 are apart (finish_served()), so the time to the first
  /// callback pays for no more. A build-time file's hook is inlined where it
  /// is called, whole, its tests folded.
  Result<uint32_t> handle_overflow_irq() {
    if constexpr (kSplitHook)
      return hook_out_of_line();
    else
      return run_hook();
  }
  /// handle_overflow_irq() with a run-time file's first part (to the first
  /// callback) inlined where it is called, not a jump to it: for an adapter
  /// that returns something else and so keeps a frame around the call anyway
  /// (the C API's hook), which then pays for one frame, not two. The same
  /// accesses in the same order; more code. A build-time file's hook is
  /// inlined either way.
  __attribute__((always_inline)) Result<uint32_t> handle_overflow_irq_inlined() { return run_hook(); }
  /// ISR adapter of the void (*)(void*) shape RTEMS and Zephyr install.
  static void overflow_isr(void* self) { pmu::overflow_isr<CounterFile>(self); }

  /// Lets the local counter-overflow interrupt in (mie.LCOFIE; sie with SBI).
  Status enable_overflow_irq() {
    if (Status s = check_of(); s != Status::kOk) return s;
    return Map::enable_irq();
  }

  /// Width of counter i, probed as OpenSBI does: stop it, save it, write all
  /// ones, read back, restore value and stop state. 0 bits read back means a
  /// read-only-zero counter: kUnavailable. Sets the width the totals use.
  Result<unsigned> probe_width(unsigned i) {
    if (Status s = check(i); s != Status::kOk) return s;
    if constexpr (!Map::kProbe) {
      return Status::kUnavailable;
    } else {
      const bool was_running = Map::stop_was_running(i);
      const uint64_t old = raw(i);
      (void)Map::write(i, ~uint64_t{0});
      const uint64_t ones = raw(i);
      (void)Map::write(i, old);
      if (was_running) (void)Map::start(1u << i);
      if (ones == 0) return Status::kUnavailable;
      const unsigned width = 64u - static_cast<unsigned>(__builtin_clzll(ones));
      set_width_unchecked(i, width, old);
      return width;
    }
  }

  /// Declares a known width (e.g. Ibex MHPMCounterWidth, SBI counter_get_info).
  Status set_width(unsigned i, unsigned bits) {
    if (Status s = check(i); s != Status::kOk) return s;
    if (bits == 0 || bits > 64) return Status::kBadArg;
    if (totals_.held()) set_width_unchecked(i, bits, raw(i));
    return Status::kOk;
  }
  /// The width the totals use for counter i (64 until probed or declared); 0
  /// for an index beyond the file or without totals.
  unsigned width(unsigned i) const {
    const CounterTotals* const totals = totals_.get();
    if (i >= kNumCounterSlots || !totals_.held()) return 0;
    return totals->width[i] != 0 ? totals->width[i] : 64u;
  }
  /// The counters an SBI file has started since init (their overflow is armed); 0 for other files.
  uint32_t armed() const {
    if constexpr (kHasArmed)
      return state_.armed;
    else
      return 0;
  }

 private:
  // The armed set: SBI maps. A run-time file of another map holds the
  // accepted counters in its place (detail::FileState).
  static constexpr bool kHasArmed = Map::kArmOnStart;
  static constexpr bool kHasAccepted = !Config::kFixed && !Map::kArmOnStart;
  // A run-time file's hook is out of line with its steps 3 and 4 apart,
  // the snapshot kept in the object for them; a build-time file's is
  // inlined, whole.
  static constexpr bool kSplitHook = !Config::kFixed;
  // An inlined hook whose loops can run more than once (a build-time file
  // with several hpm counters) calls each callback through call_lowest()
  // and runs steps 3 and 4 in finish_out_of_line(): inlined, those
  // loops' invariants (the lowest-bit lookup's constants, the tables)
  // would be hoisted into callee-saved registers the hook saves before its
  // first callback (hook_out_of_line() keeps them in its loop with an
  // attribute instead, which forbids inlining).
  static constexpr bool kLoopsOutOfLine =
      Config::kFixed && detail::popcount32(Config::kPossible & kHpmSlots) > 1;
  // The counters the build knows the file may have (csr_bank.hpp: a few
  // known ones are reached by compares, not the table).
  static constexpr uint32_t kReadable = Config::kPossible & kMachineCounterSlots;
  static constexpr uint32_t kPossibleHpm = Config::kPossible & kHpmSlots;

  // The lowest counter of m, a mask within kPossibleHpm: a constant when the
  // build knows the file has one hpm counter.
  __attribute__((always_inline)) static unsigned lowest(uint32_t m) {
    if constexpr (detail::popcount32(kPossibleHpm) == 1)
      return util::ctz32(kPossibleHpm);
    else
      return util::ctz32(m);
  }
  // Counter i's raw value (i is a counter of the file).
  __attribute__((always_inline)) uint64_t raw(unsigned i) const { return Map::template read<kReadable>(i); }

  // A run-time file's hook, out of line (handle_overflow_irq()): run_hook()'s
  // split form written out, not inlined from it. Its last call is then a
  // tail jump; behind an inlined function's join of returns, GCC 12 made it
  // a call and kept the frame (+2).
  __attribute__((noinline)) Result<uint32_t> hook_out_of_line() {
    if (!serve_first()) return check_of();
    return finish_served();
  }
  // The hook, in the order of irq.hpp (handle_overflow_irq()).
  __attribute__((always_inline)) Result<uint32_t> run_hook() {
    if constexpr (kSplitHook) {
      // The first callback in serve_first(), with nothing kept across it but
      // the file (the snapshot is in the object); the others in
      // finish_served(), here inlined (handle_overflow_irq_inlined()).
      if (!serve_first()) return check_of();
      return finish_served_inline();
    }
    if constexpr (kRv32 && !Map::kRv32Halves) return Status::kUnavailable;
    const uint32_t hook = conf_.hook();
    if (hook == hook_word::kNone) return check_of();
    const uint32_t vec = take_snapshot(hook);
    if (CounterCallbacks* const cbs = callbacks_.get(); callbacks_.held())
      for (uint32_t m = vec; m != 0; m &= m - 1) {
        if constexpr (kLoopsOutOfLine) {
          call_lowest(m);
        } else {
          const unsigned i = lowest(m);
          cbs->cb[i](i);
        }
      }
    if constexpr (kLoopsOutOfLine)
      return finish_out_of_line(vec);
    else
      return finish_hook(vec);
  }

  // Steps 1 and 2: clear the pending latch, snapshot the vector.
  __attribute__((always_inline)) uint32_t take_snapshot(uint32_t hook) {
    Map::clear_pending();
    return vector_of(hook);
  }
  // A split hook's steps 1 and 2 and its first callback, the snapshot left
  // in the object for finish_served(); false, with no access, when the file
  // takes no overflow (check_of() says why). The usual word (the vector
  // CSR's path) is one test; an empty snapshot needs none of its own: its
  // lowest-bit lookup gives counter 0, whose callback stays empty (cycle has
  // no OF: on_overflow() refuses it, attach_callbacks() clears it).
  __attribute__((always_inline)) bool serve_first() {
    if constexpr (kRv32 && !Map::kRv32Halves) return false;
    const uint32_t hook = conf_.hook();
    if ((hook & hook_word::kFlags) != 0 && hook == hook_word::kNone) return false;  // (the usual word: one branch)
    Map::clear_pending();
    const intptr_t vec = vector_wide(hook);
    state_.served = static_cast<uint32_t>(vec);
    static_assert(util::ctz32_of_word(0) == 0, "an empty snapshot looks up counter 0");
    if (callbacks_.held()) {
      const unsigned i = util::ctz32_of_word(static_cast<uintptr_t>(vec));
      callbacks_.get()->cb[i](i);
    }
    return true;
  }

  // The callback of m's lowest counter (kLoopsOutOfLine). The index is a
  // byte, so GCC indexes the table with it as it is (as unsigned it
  // extends it twice: 2 more instructions before the callback).
  // The table is read and tested for each: a callback may detach it (for
  // attached storage; a build-time table folds the test away).
  __attribute__((noinline)) void call_lowest(uint32_t m) const {
    const uint8_t i = static_cast<uint8_t>(util::ctz32(m));
    if (callbacks_.held()) callbacks_.get()->cb[i](i);
  }
  // Steps 3 and 4 of a kLoopsOutOfLine hook, their loop invariants kept in
  // the loops.
  __attribute__((noinline)) PMU_INVARIANTS_IN_LOOPS Result<uint32_t> finish_out_of_line(uint32_t vec) {
    return finish_hook(vec);
  }

  // Whether the total of counter i follows its OF: a narrow hpm counter of
  // an Sscofpmf file (a 64-bit one never wraps).
  bool of_tracked(unsigned i) const {
    const CounterTotals* const totals = totals_.get();
    return config().sscofpmf && i >= kFirstHpm && totals_.held() && totals->width[i] != 0;  // (0: 64 bits)
  }
  void set_width_unchecked(unsigned i, unsigned bits, uint64_t value) {
    CounterTotals* const totals = totals_.get();
    if (!totals_.held()) return;
    totals->width[i] = static_cast<uint8_t>(bits >= 64 ? 0 : bits);
    totals->wide[i] = util::WideCounter(bits);
    totals->wide[i].restart(value, 0, of_tracked(i) && Map::of(i));
  }
  // A counter's value, and its OF if the total follows it (else false).
  struct RawOf {
    uint64_t raw;
    bool of;
  };
  RawOf raw_of(unsigned i) const {
    if (!of_tracked(i)) return RawOf{raw(i), false};
    bool of = Map::of(i);
    for (;;) {
      const uint64_t value = raw(i);
      const bool of2 = Map::of(i);
      if (of2 == of) return RawOf{value, of};
      of = of2;
    }
  }
  // read64()'s tracked path: an observation, with OF set one that counts
  // the wrap that set it unless already counted. Out of line: inlined, its
  // OF/value/OF retry made every read64() save seven registers, untracked
  // ones too (52 instructions for a cycle read on rv64).
  __attribute__((noinline)) uint64_t observe_total(unsigned i) {
    const RawOf now = raw_of(i);
    util::WideCounter& w = totals_.get()->wide[i];
    return now.of ? w.observe_flag_set(now.raw) : w.observe(now.raw);
  }
  // The total of counter i restarts at 'base' from its value (and its OF,
  // which then stands for no wrap). Out of line: init() and reset_total().
  __attribute__((noinline)) void restart_total(unsigned i, uint64_t base) {
    const RawOf now = raw_of(i);
    totals_.get()->wide[i].restart(now.raw, base, now.of);
  }
  // After the file changed counter i's OF (cleared or set it, not by a
  // wrap; folded just before): fold again, then what OF reads now stands
  // for no wrap. The fold counts a wrap since the first one that raised no
  // flag (OF was still set), which a later observation would otherwise take
  // for the pass the next OF stands for. Out of line: tracked totals only,
  // after calls that are no hot path, and the hook's acknowledge.
  __attribute__((noinline)) void resync_flag(unsigned i) {
    if (!of_tracked(i)) return;
    util::WideCounter& w = totals_.get()->wide[i];
    const RawOf now = raw_of(i);
    (void)w.observe(now.raw);
    if (now.of)
      w.flag_occupied();
    else
      w.flag_cleared();
  }
  // Steps 3 and 4 of a run-time file's hook, out of line: the time to the
  // first callback pays only for what steps 1 and 2 need. The usual case,
  // one counter served and no totals, is only its acknowledgement: no call
  // on a RISC-V target (csr_bank.hpp), so no frame.
  __attribute__((noinline)) Result<uint32_t> finish_served() { return finish_served_inline(); }
  // finish_served() where it is called: the inlined hook's (whose caller
  // keeps a frame anyway) then makes no call in the usual case.
  __attribute__((always_inline)) Result<uint32_t> finish_served_inline() {
    const uint32_t vec = state_.served;
    if (!util::single_bit32(vec) || totals_.held()) return finish_served_fully(vec);
    if (Status s = Map::template acknowledge_one<kPossibleHpm>(vec); s != Status::kOk) return s;
    return vec;
  }
  // Steps 3 and 4 in full. Loop invariants stay in the loops: hoisted, the
  // lowest-bit lookup's constants took callee-saved registers (saves and
  // restores) for loops that usually run once.
  __attribute__((noinline)) PMU_INVARIANTS_IN_LOOPS Result<uint32_t> finish_served_fully(uint32_t vec) {
    // The callbacks after the first (the table read for each: a callback may detach it).
    for (uint32_t m = vec & (vec - 1); m != 0; m &= m - 1) {
      const unsigned i = lowest(m);
      if (callbacks_.held()) callbacks_.get()->cb[i](i);
    }
    return finish_hook(vec);
  }
  // Steps 3 and 4 of the hook: fold the tracked totals of vec, acknowledge vec.
  __attribute__((always_inline)) Result<uint32_t> finish_hook(uint32_t vec) {
    if (totals_.held())
      for (uint32_t m = vec; m != 0; m &= m - 1) fold_flagged(lowest(m));
    const Status s = vec != 0 ? Map::template acknowledge<kPossibleHpm>(vec) : Status::kOk;
    // The totals follow OF after the acknowledge, as clear_overflow()'s do
    // (also when an acknowledge failed): a counter that wrapped between the
    // fold and the acknowledge while OF was already set (set by the file, or
    // left set) raised no flag; and SBI's counter_start clears OF only while
    // LCOFIP is clear, so an overflow of another counter since step 1 leaves
    // OF set, standing for the wrap just folded.
    if (totals_.held())
      for (uint32_t m = vec; m != 0; m &= m - 1) resync_flag(lowest(m));
    if (s != Status::kOk) return s;
    return vec;
  }
  // The hook's fold of a counter whose OF it saw and clears next
  // (acknowledge, right after): the wrap that set OF counts once. OF is
  // read again first: a callback may have changed it since the snapshot,
  // folding first (clear_overflow() or program() of another served
  // counter; SBI: write(), whose counter_start clears OF), and a total
  // whose OF a call cleared has no pass pending (one period too many, found
  // by riscv_callback_write_test.cpp). One OF then one value suffice: a
  // wrap between them shows in the value.
  void fold_flagged(unsigned i) {
    util::WideCounter& w = totals_.get()->wide[i];
    if (of_tracked(i)) {
      const bool of = Map::of(i);
      const uint64_t value = raw(i);
      (void)(of ? w.observe_flagged(value) : w.observe(value));
    } else {
      (void)w.observe(raw(i));
    }
  }
  Status usable() const {
    if (!config().present) return Status::kUnavailable;
    if (kRv32 && !Map::kRv32Halves) return Status::kUnavailable;
    return Status::kOk;
  }
  // The counters a mask or an index may name: the configuration's but time
  // (1, never a machine counter), none if the file is unusable. A run-time
  // file of a map other than SBI holds it (one load); a build-time file
  // folds it; an SBI file computes it.
  __attribute__((always_inline)) uint32_t accepted() const {
    if constexpr (kRv32 && !Map::kRv32Halves)
      return 0;  // (a constant: every call of such a file folds to its refusal)
    else if constexpr (kHasAccepted)
      return state_.accepted;
    else
      return accepted_of(config());
  }
  // accepted() of a file made from cfg (constexpr: the run-time constructor
  // must stay a constant initialisation, pmukit has no static constructors).
  static constexpr uint32_t accepted_of(const CounterConfig& cfg) {
    return cfg.present && !(kRv32 && !Map::kRv32Halves) ? cfg.counters & kMachineCounterSlots : 0;
  }
  // Why a check failed: the file is unusable, or the argument is bad.
  Status refusal() const {
    if (Status s = usable(); s != Status::kOk) return s;
    return Status::kBadArg;
  }
  Status check(unsigned i) const {
    if (i < kNumCounterSlots && (accepted() >> i) & 1u) return Status::kOk;
    return refusal();
  }
  Status check_hpm(unsigned i) const {
    if (i >= kFirstHpm && i < kNumCounterSlots && (accepted() >> i) & 1u) return Status::kOk;
    return refusal();
  }
  __attribute__((always_inline)) Status check_mask(uint32_t mask) const {
    if ((mask & ~accepted()) == 0 && mask != 0) return Status::kOk;
    return refusal();
  }
  Status check_of() const {
    if (Status s = usable(); s != Status::kOk) return s;
    return config().sscofpmf ? Status::kOk : Status::kUnavailable;
  }
  uint32_t snapshot() const { return vector_of(conf_.hook()); }
  // The overflow vector of the counters in the hook word (not kNone), from
  // its source: a word without flags is the vector CSR's mask as it is.
  __attribute__((always_inline)) uint32_t vector_of(uint32_t hook) const {
    return static_cast<uint32_t>(vector_wide(hook));
  }
  // vector_of() pointer-wide, its low 32 bits the vector, as the split hook
  // keeps it: on RV64 a uint32_t one took a sext.w before the lowest-bit
  // lookup (util::ctz32_of_word reads the low 32 bits of the whole word).
  __attribute__((always_inline)) intptr_t vector_wide(uint32_t hook) const {
    if ((hook & hook_word::kFlags) == 0)
      return static_cast<intptr_t>(Map::overflow_csr()) & static_cast<int32_t>(armed_only(hook));
    return static_cast<int32_t>(snapshot_each_of(armed_only(hook & kHpmSlots)));
  }
  // m without the counters not started since init (SBI maps; others: m).
  __attribute__((always_inline)) uint32_t armed_only(uint32_t m) const {
    if constexpr (Map::kArmOnStart)
      return m & state_.armed;
    else
      return m;
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

  Config conf_;  // RunTimeConfig: 12 bytes; FixedConfig: none of its own
  detail::FileState<kHasArmed, kHasAccepted, kSplitHook> state_;
  CallbackStorage callbacks_;
  TotalsStorage totals_;
};

}  // namespace pmu::riscv
