// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf — driver for the CM GCR performance counters: the cycle
// counter and two 32-bit event counters (P0, P1), a counter unit
// (pmu/counter_unit.hpp) with counter index = GCR_DB_PC_OV bit.
//
// Two paths, one implementation (the class template BasicPerf):
//   Perf                   = BasicPerf<RuntimeGcr>: the GCR base is run-time
//                            data (CP0 CMGCRBase, device tree). Compiled once,
//                            in src/cm (extern template below).
//   FixedPerf<kGcr[, kPresent[, CallbackStorage, TotalsStorage]]>
//                          = BasicPerf<FixedGcr<...>, ...>: the base is known
//                            at build time; every register address folds to
//                            an immediate and a bad base does not compile.
//
// Making a Perf touches no hardware. Every call validates first: kBadArg
// touches no register; kUnavailable when the board declares the block absent
// (or the storage a feature needs is not there).
//
// Opt-in state, in storage the caller owns (pmu/storage.hpp), chosen per type:
//   callbacks (a Callbacks table)  on_overflow() and the hook's callbacks
//   totals (a Totals)              read64(): 64-bit totals, exact across wraps
//                                  seen by a read64() or by the hook
// AttachedStorage (the default, and the only kind of Perf and of the C API):
// a pointer in the object, attach_callbacks() / track_totals() at run time,
// nullptr detaches; every use tests it. StaticStorage<T, obj>: fixed at
// build time, no bytes, no test. NoStorage<T>: compiled out (read64() is
// kUnavailable, the hook calls nobody, reset() and preload() spend nothing
// on totals).
//
// Concurrency: read64(), preload(), reset() and the hook update the same
// totals; do not let the hook interrupt them on the same object (mask
// CM_PCInt around them, or call them from the callbacks).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/cm/layout.hpp"
#include "pmu/counter_unit.hpp"
#include "pmu/irq.hpp"
#include "pmu/reg/mmio_reg.hpp"
#include "pmu/status.hpp"
#include "pmu/storage.hpp"
#include "pmu/util/bits.hpp"
#include "pmu/util/wide_counter.hpp"

namespace pmu::cm {

/// True for a usable GCR base: non-zero and 32 KiB aligned.
__attribute__((always_inline)) constexpr bool valid_gcr_base(uintptr_t gcr_base) { return gcr_base != 0 && gcr_base % kGcrAlign == 0; }

/// Caller-provided callback table: the overflow callback of each counter,
/// by counter index. Attach with attach_callbacks() (or name it in a
/// StaticStorage); value-initialise it.
struct Callbacks {
  IrqCallback by_counter[kNumCounters];  ///< callback of counter i (fn == nullptr: none)
};

template <typename Gcr, typename CallbackStorage, typename TotalsStorage>
class BasicPerf;

/// Caller-provided storage for the 64-bit totals of the three counters.
/// Attach with track_totals() (or name it in a StaticStorage). A fresh Totals
/// stands for counters at zero: attach it before the counters start, or
/// reset them after attaching.
class Totals {
 public:
  /// All totals zero, for counters that read zero.
  constexpr Totals() : wide_{Wide(), Wide(), Wide()}, cleared_in_hook_(0) {}

 private:
  template <typename Gcr, typename CallbackStorage, typename TotalsStorage>
  friend class BasicPerf;
  // Where the overflow flag sets is documented both ways (on reaching all
  // ones, on the wrap: docs/hw/cm-gcr-perf.md §5.1): the extension takes
  // either as the pass, so a counter Perf_Ovf_Stop holds at all ones adds
  // no wrap, and one that wrapped adds it once.
  using Wide = util::BasicWideCounter<uint32_t, util::FlagAt::kAllOnesOrWrap>;
  Wide wide_[kNumCounters];
  // Counters whose flag a Reset bit or clear_overflow() cleared (in a
  // callback) since the hook's snapshot: their snapshot flag no longer
  // stands for a pass to fold (the call accounted it), so the fold must not
  // act on it.
  uint8_t cleared_in_hook_;
};

/// Base policy of the run-time path: the GCR base and the block's presence
/// are values (board data known at start-up). gdb() is 0 exactly when
/// status() is not kOk (a usable base is a non-zero multiple of 32 KiB, so
/// base + 0x6000 is never 0): the calls test the base they load anyway, and
/// read the status only to return it.
class RuntimeGcr {
 public:
  /// An unconfigured base: every register call returns kBadArg.
  constexpr RuntimeGcr() : gdb_(0), status_(Status::kBadArg) {}
  /// gcr_base must satisfy valid_gcr_base(), else every register call returns
  /// kBadArg; block_present false (the board says the block is absent) makes
  /// them kUnavailable.
  constexpr explicit RuntimeGcr(uintptr_t gcr_base, bool block_present = true)
      : gdb_(block_present && valid_gcr_base(gcr_base) ? gcr_base + kGdbOffset : 0),
        status_(!block_present              ? Status::kUnavailable
                : valid_gcr_base(gcr_base) ? Status::kOk
                                            : Status::kBadArg) {}
  /// Base of the Global Debug Block (GCR base + 0x6000); 0 unless usable.
  constexpr uintptr_t gdb() const { return gdb_; }
  /// What every register call returns before touching anything, if not kOk.
  constexpr Status status() const { return status_; }

 private:
  uintptr_t gdb_;
  Status status_;
};

/// Base policy of the compile-time path: the GCR base and presence are
/// template arguments, so every address is a constant.
template <uintptr_t kGcrBase, bool kBlockPresent = true>
struct FixedGcr {
  static_assert(valid_gcr_base(kGcrBase), "a GCR base is non-zero and 32 KiB aligned");
  /// Base of the Global Debug Block (GCR base + 0x6000); 0 if absent.
  static constexpr uintptr_t gdb() { return kBlockPresent ? kGcrBase + kGdbOffset : 0; }
  /// kOk, or kUnavailable if the board declares the block absent.
  static constexpr Status status() { return kBlockPresent ? Status::kOk : Status::kUnavailable; }
};

/// The CM perf block driver over a base policy (RuntimeGcr or FixedGcr) and
/// the storage of its callbacks and totals (pmu/storage.hpp:
/// AttachedStorage, StaticStorage or NoStorage of Callbacks and Totals).
/// Use the aliases Perf and FixedPerf.
template <typename Gcr, typename CallbackStorage = AttachedStorage<Callbacks>,
          typename TotalsStorage = AttachedStorage<Totals>>
class BasicPerf {
  static_assert(util::is_same<decltype(CallbackStorage().get()), Callbacks*>::value,
                "CallbackStorage is a storage of pmu/storage.hpp holding Callbacks");
  static_assert(util::is_same<decltype(TotalsStorage().get()), Totals*>::value,
                "TotalsStorage is a storage of pmu/storage.hpp holding Totals");

 public:
  /// The hardware counters are 32-bit.
  using raw_type = uint32_t;

  /// FixedGcr: the object for the build-time base. RuntimeGcr: an
  /// unconfigured object (every register call returns kBadArg).
  constexpr BasicPerf() : gcr_(), callbacks_(), totals_() {}
  /// Run-time path: see RuntimeGcr(gcr_base, block_present). Touches nothing.
  constexpr explicit BasicPerf(uintptr_t gcr_base, bool block_present = true)
      : gcr_(gcr_base, block_present), callbacks_(), totals_() {}

  /// Base of the Global Debug Block (GCR base + 0x6000); 0 unless usable().
  constexpr uintptr_t gdb_base() const { return gcr_.gdb(); }
  /// kUnavailable if the board declares the block absent, kBadArg for a bad
  /// base, else kOk: what every register call checks first.
  constexpr Status usable() const { return gcr_.status(); }

  // ---- opt-in storage (no register access) ----

  /// Use 'table' for overflow callbacks (nullptr: none; the hook then calls
  /// nobody). The table stays the caller's; its entries are kept. Only with
  /// AttachedStorage callbacks (a StaticStorage is fixed at build time).
  void attach_callbacks(Callbacks* table) { callbacks_.attach(table); }
  /// Keep 64-bit totals in 'totals' (nullptr: stop; read64() is then
  /// kUnavailable). Its contents are kept: see Totals. Only with
  /// AttachedStorage totals.
  void track_totals(Totals* totals) { totals_.attach(totals); }

  // ---- counter-unit contract ----

  /// Raw 32-bit count of counter i (0 cycle, 1 P0, 2 P1): one load.
  /// kBadArg for i > 2.
  Result<uint32_t> read(unsigned i) const;
  /// 64-bit total of counter i since its last reset: one load, folded into
  /// the totals. kBadArg for i > 2, kUnavailable without totals.
  // flatten (here and on preload()): the wide counter's observe() is inlined, as
  // the leanest C inlines the same arithmetic; GCC -Os would call it and pay
  // the argument moves and this function's register saves.
  __attribute__((flatten)) Result<uint64_t> read64(unsigned i);
  /// Start the counters of 'mask' (bit i = counter i): R+W PC_CTL.
  /// kBadArg for an empty mask or bits above bit 2.
  Status start(uint32_t mask) const;
  /// Stop the counters of 'mask': R+W PC_CTL. kBadArg as start().
  Status stop(uint32_t mask) const;
  /// Register cb for counter i's overflow (cb.fn == nullptr removes it).
  /// No register access. kBadArg for i > 2, kUnavailable without a table.
  Status on_overflow(unsigned i, IrqCallback cb);
  /// The CM_PCInt hook, in the order of pmu/irq.hpp: snapshot PC_OV once;
  /// call the callbacks of the snapshot, lowest index first; fold the
  /// snapshotted counters into the totals (if tracked); clear exactly the
  /// snapshot (W1C). Returns the mask served (0: spurious, nothing cleared).
  Result<uint32_t> handle_overflow_irq() {
    const uintptr_t gdb = gdb_base();
    if (gdb == 0) return usable();
    return dispatch(overflow_snapshot(gdb));
  }
  /// handle_overflow_irq() returning Answer, a type with the Result's bytes
  /// (answer_as(), pmu/status.hpp), for a caller that returns that type:
  /// the C API's hook. Its steps 2-4 are a copy of dispatch() returning
  /// Answer, so that caller too reaches them by a tail jump (GCC makes none
  /// across a change of return type); the refusal is out of line, as a
  /// constant answer joined with the copy's cost that jump. The same
  /// accesses in the same order. (handle_overflow_irq() is not written as
  /// this form with Answer = Result: GCC 12 then lost the C++ hook's tail
  /// jump, 5 instructions more.)
  template <typename Answer>
  __attribute__((always_inline)) Answer handle_overflow_irq_as() {
    const uintptr_t gdb = gdb_base();
    if (gdb == 0) return unusable_answer<Answer>();
    return dispatch<Answer>(overflow_snapshot(gdb));
  }
  /// ISR adapter of the shape void(*)(void*): pass the object as argument.
  /// Runs handle_overflow_irq() and drops its result (compiled with the
  /// rest of the run-time path, not in the caller).
  static void overflow_isr(void* self);

  // ---- the rest of the block ----

  /// Perf_Num_Cnt must read 2: one read of PC_CTL; kMismatch otherwise.
  Status probe() const;
  /// Select the event (an id of the event table) and the opaque qualifier of
  /// event counter i (P0 or P1): W QUALi, R+W PC_EVENT (only Pi_Event
  /// changes). kBadArg for the cycle counter, i > 2 or an unknown event.
  Status program(unsigned i, unsigned event_id, uint32_t qualifier) const;
  /// Zero the counters of 'mask' (and their overflow flags): R+W PC_CTL;
  /// their totals restart at 0. kBadArg as start().
  Status reset(uint32_t mask);
  /// Zero and start the counters of 'mask' in one write (R+W PC_CTL).
  Status reset_and_start(uint32_t mask);
  /// Start 'start', stop 'stop', reset 'reset' in one write (R+W PC_CTL).
  /// kBadArg: bits above bit 2, start and stop overlapping, all three empty.
  Status control(uint32_t start_mask, uint32_t stop_mask, uint32_t reset_mask);
  /// Write a raw value into counter i (e.g. 2^32 - period for sampling): one
  /// write; with totals, PC_OV and the count read first and PC_OV after, and
  /// the total carries on from the count so far (the jump is not counted,
  /// nor the flag of a wrap between the read and the write). kBadArg for i > 2.
  __attribute__((flatten)) Status preload(unsigned i, uint32_t value);
  /// GCR_DB_PC_OV as a counter mask: one read.
  Result<uint32_t> read_overflow() const;
  /// Clear the overflow flags of 'mask': writes exactly 'mask' (W1C). With
  /// totals, as the hook does, each counter of 'mask' is folded first
  /// (PC_OV, then its count: the pass a set flag stands for counts once),
  /// and after the write PC_OV is read again, then each count: a flag
  /// clear then makes the next one a new pass (docs/cm.md). kBadArg as
  /// start().
  Status clear_overflow(uint32_t mask);
  /// Perf_Ovf_Stop: every counter stops when any overflows (R+W PC_CTL).
  Status set_overflow_stop(bool on) const;
  /// Perf_Int_En: CM_PCInt asserts while an overflow flag is set (R+W PC_CTL).
  Status set_interrupt_enable(bool on) const;

 private:
  // Non-empty, no bit above bit 2: one compare.
  __attribute__((always_inline)) static constexpr bool valid_mask(uint32_t mask) { return mask - 1u < kAllMask; }
  // One read-modify-write of PC_CTL: clear 'clear', then set 'set' (the
  // register type drops the never-write-back bits of the old value). The
  // lambdas are forced inline too: GCC outlines one that two calls share.
  __attribute__((always_inline)) void update_ctl(uintptr_t gdb, uint32_t set, uint32_t clear) const {
    reg::modify(gdb, kRegs.ctl, [set, clear](reg::Value<PcCtlTag> v) __attribute__((always_inline)) {
      return v.with_bits(clear, false).with_bits(set, true);
    });
  }
  // One read-modify-write of PC_CTL setting or clearing one enable.
  __attribute__((always_inline)) void update_ctl_flag(uintptr_t gdb, reg::Field<PcCtlTag> flag, bool on) const {
    reg::modify(gdb, kRegs.ctl,
                [flag, on](reg::Value<PcCtlTag> v) __attribute__((always_inline)) { return v.with_flag(flag, on); });
  }
  // clear_overflow() with totals: fold, clear, resync (out of line: the
  // untracked call stays one store).
  Status clear_overflow_tracked(uint32_t mask);
  template <bool kAfterClear>
  void observe_counts(uintptr_t gdb, uint32_t mask, uint32_t flags);
  // The totals of 'reset_mask' restart at 0 (nothing without totals).
  __attribute__((always_inline)) void restart_totals(uint32_t reset_mask) {
    if (!totals_.held()) return;
    Totals* const t = totals_.get();
    for (unsigned i = 0; i < kNumCounters; ++i) {
      if ((reset_mask >> i) & 1u) t->wide_[i].restart(0, 0);
    }
    t->cleared_in_hook_ = static_cast<uint8_t>(t->cleared_in_hook_ | reset_mask);
  }
  // The hook's step 1, the snapshot: the only read of PC_OV; reserved bits
  // are not ours.
  __attribute__((always_inline)) static uint32_t overflow_snapshot(uintptr_t gdb) {
    return reg::read_alone(gdb, kRegs.ov).raw & kAllMask;
  }
  // The hook's steps 2-4 for the snapshot taken in handle_overflow_irq()
  // (0: spurious, nothing to do). Out of line and returning the hook's own
  // answer (the Result, or the C answer for handle_overflow_irq_as()), so
  // the hook reaches it by a tail call, and the ISR adapter by a jump to
  // the hook: no frame before the first callback but dispatch()'s. (A
  // template on that answer: only the types a caller uses are emitted.)
  template <typename Answer = Result<uint32_t>>
  Answer dispatch(uint32_t snap);
  // dispatch()'s body (a template only so that the run-time path's explicit
  // instantiation emits no out-of-line copy of it that no caller uses).
  template <typename = void>
  Result<uint32_t> dispatch_body(uint32_t snap);
  // The hook's answer on an unusable block: out of line, so that a caller
  // returning a C answer joins no constant with dispatch()'s (GCC 12 then
  // rebuilds the answer field by field and makes no tail jump).
  template <typename Answer>
  __attribute__((noinline, cold)) Answer unusable_answer() const {
    return answer_as<Answer>(Result<uint32_t>(usable()));
  }

  // Empty for FixedGcr and for build-time storage: the object is then the
  // attached pointers only (and stays standard-layout, which the C API's
  // handles need).
  [[no_unique_address]] Gcr gcr_;
  [[no_unique_address]] CallbackStorage callbacks_;
  [[no_unique_address]] TotalsStorage totals_;
};

/// The run-time path: the GCR base is a value; callbacks and totals are
/// attached at run time.
using Perf = BasicPerf<RuntimeGcr>;
/// The compile-time path: the GCR base (and the block's presence) are
/// build-time constants, and so, if the application wants, is the storage
/// of callbacks and totals: e.g.
/// FixedPerf<kGcr, true, StaticStorage<Callbacks, g_callbacks>, NoStorage<Totals>>.
template <uintptr_t kGcrBase, bool kBlockPresent = true, typename CallbackStorage = AttachedStorage<Callbacks>,
          typename TotalsStorage = AttachedStorage<Totals>>
using FixedPerf = BasicPerf<FixedGcr<kGcrBase, kBlockPresent>, CallbackStorage, TotalsStorage>;

// ---- the one implementation of each operation ------------------------------------------------
// Every register call first checks that the block is usable and touches
// nothing if not: it tests the GDB base it loads anyway (0 exactly when not
// usable) and reads usable() only to return it. (Testing usable() first,
// GCC computes the refusal's Result before the branch: one instruction more
// on RV32 and RV64, and one more move in a C call.)

template <typename G, typename CS, typename TS>
inline Result<uint32_t> BasicPerf<G, CS, TS>::read(unsigned i) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (i >= kNumCounters) return Status::kBadArg;
  return reg::read(gdb, kRegs.counter(i)).raw;
}

template <typename G, typename CS, typename TS>
inline Result<uint64_t> BasicPerf<G, CS, TS>::read64(unsigned i) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (i >= kNumCounters) return Status::kBadArg;
  if (!totals_.held()) return Status::kUnavailable;
  return totals_.get()->wide_[i].observe(reg::read(gdb, kRegs.counter(i)).raw);
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::start(uint32_t mask) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!valid_mask(mask)) return Status::kBadArg;
  update_ctl(gdb, ctl::count_on_bits(mask), 0);
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::stop(uint32_t mask) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!valid_mask(mask)) return Status::kBadArg;
  update_ctl(gdb, 0, ctl::count_on_bits(mask));
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::on_overflow(unsigned i, IrqCallback cb) {
  if (i >= kNumCounters) return Status::kBadArg;
  if (!callbacks_.held()) return Status::kUnavailable;
  callbacks_.get()->by_counter[i] = cb;
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
void BasicPerf<G, CS, TS>::overflow_isr(void* self) {
  (void)static_cast<BasicPerf*>(self)->handle_overflow_irq();
}

// flatten: the body inlined whole, as when it was written here (without it
// GCC 12 calls the body; always_inline on the body left the fold's
// WideCounter update out of line, four more saved registers).
template <typename G, typename CS, typename TS>
template <typename Answer>
__attribute__((noinline, flatten)) Answer BasicPerf<G, CS, TS>::dispatch(uint32_t snap) {
  return answer_as<Answer>(dispatch_body(snap));
}

template <typename G, typename CS, typename TS>
template <typename>
inline Result<uint32_t> BasicPerf<G, CS, TS>::dispatch_body(uint32_t snap) {
  if (snap == 0) return 0u;  // spurious: nothing to clear
  if (totals_.held()) totals_.get()->cleared_in_hook_ = 0;
  // 2. Callbacks, lowest index first. The table is read for each: a
  // callback may detach it.
  if ((snap & kCycleMask) != 0 && callbacks_.held()) callbacks_.get()->by_counter[kCycleCounter](kCycleCounter);
  if ((snap & kP0Mask) != 0 && callbacks_.held()) callbacks_.get()->by_counter[kP0Counter](kP0Counter);
  if ((snap & kP1Mask) != 0 && callbacks_.held()) callbacks_.get()->by_counter[kP1Counter](kP1Counter);
  // 3. Fold, tracked totals only: a flagged counter whose wrap no
  // observation showed gets 2^32 (BasicWideCounter::observe_flagged). A counter
  // a callback reset or cleared the flag of has no flag to act on any more:
  // its total restarted, or clear_overflow() folded it.
  if (totals_.held()) {
    Totals* const t = totals_.get();
    const uint32_t fold = snap & ~static_cast<uint32_t>(t->cleared_in_hook_);
    for (unsigned i = 0; i < kNumCounters; ++i) {
      if ((fold >> i) & 1u) t->wide_[i].observe_flagged(reg::read(gdb_base(), kRegs.counter(i)).raw);
    }
  }
  // 4. Acknowledge exactly the snapshot.
  reg::clear_w1c(gdb_base(), kRegs.ov, snap);
  return snap;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::probe() const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  return reg::read_alone(gdb, kRegs.ctl).get(ctl::kPerfNumCnt) == ctl::kExpectedNumCnt ? Status::kOk : Status::kMismatch;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::program(unsigned i, unsigned event_id, uint32_t qualifier) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!is_event_counter(i) || !event_known(event_id)) return Status::kBadArg;
  // Qualifier first, so the new event never counts under the old qualifier.
  reg::write(gdb, kRegs.qualifier(i), reg::Value<PcQualTag>{qualifier});
  const reg::Field<PcEventTag> field = event_sel::field(i);
  reg::modify(gdb, kRegs.event,
              [field, event_id](reg::Value<PcEventTag> v) __attribute__((always_inline)) { return v.with(field, event_id); });
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::reset(uint32_t mask) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!valid_mask(mask)) return Status::kBadArg;
  update_ctl(gdb, ctl::reset_bits(mask), 0);
  restart_totals(mask);
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::reset_and_start(uint32_t mask) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!valid_mask(mask)) return Status::kBadArg;
  update_ctl(gdb, ctl::reset_bits(mask) | ctl::count_on_bits(mask), 0);
  restart_totals(mask);
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::control(uint32_t start_mask, uint32_t stop_mask, uint32_t reset_mask) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  // valid_mask() of the union: not all empty and no bit above bit 2 in any.
  if (!valid_mask(start_mask | stop_mask | reset_mask) || (start_mask & stop_mask) != 0) return Status::kBadArg;
  update_ctl(gdb, ctl::count_on_bits(start_mask) | ctl::reset_bits(reset_mask), ctl::count_on_bits(stop_mask));
  restart_totals(reset_mask);
  return Status::kOk;
}

// With totals: account the count so far, write, and carry the total on. A
// running counter may wrap between the read and the write: its events up
// to the write are then in no total, and the flag that wrap raises must
// stand for no period either (else the hook's fold adds 2^32 no event
// made). So PC_OV is read before and after: a flag of counter i that rose
// in between stands for a pass already counted or never to be (a wrap
// before the read shows in its value, one after the write in the next).
template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::preload(unsigned i, uint32_t value) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (i >= kNumCounters) return Status::kBadArg;
  const bool tracked = totals_.held();
  const uint32_t bit = 1u << i;
  bool flagged = false;
  if (tracked) {
    flagged = (reg::read(gdb, kRegs.ov).raw & bit) != 0;
    totals_.get()->wide_[i].observe(reg::read(gdb, kRegs.counter(i)).raw);
  }
  reg::write(gdb, kRegs.counter(i), reg::Value<PcCounterTag>{value});
  if (tracked) {
    Totals::Wide& w = totals_.get()->wide_[i];
    w.rebase(value);
    if (!flagged && (reg::read(gdb, kRegs.ov).raw & bit) != 0) w.flag_occupied();
  }
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
inline Result<uint32_t> BasicPerf<G, CS, TS>::read_overflow() const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  return reg::read_alone(gdb, kRegs.ov).raw & kAllMask;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::clear_overflow(uint32_t mask) {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  if (!valid_mask(mask)) return Status::kBadArg;
  if (totals_.held()) return clear_overflow_tracked(mask);
  reg::clear_w1c(gdb, kRegs.ov, mask);
  return Status::kOk;
}

// A flag cleared by hand after a read64() saw its pass left that pass
// counted: the next flag, a period later, then added none, and the
// interrupt alone lost 2^32. So the flags' passes are folded before the
// clear, and after it PC_OV is read again, then the counts. A flag clear
// then makes the next one a new pass; one set again stands for a pass
// since the clear, which the count read after it shows (observe() takes
// it): the total needs nothing for it.
template <typename G, typename CS, typename TS>
__attribute__((noinline)) Status BasicPerf<G, CS, TS>::clear_overflow_tracked(uint32_t mask) {
  const uintptr_t gdb = gdb_base();
  observe_counts<false>(gdb, mask, reg::read_alone(gdb, kRegs.ov).raw);
  reg::clear_w1c(gdb, kRegs.ov, mask);
  observe_counts<true>(gdb, mask, mask & ~reg::read_alone(gdb, kRegs.ov).raw);
  // In a callback: the hook's fold must not take the snapshot flag again.
  Totals* const t = totals_.get();
  t->cleared_in_hook_ = static_cast<uint8_t>(t->cleared_in_hook_ | mask);
  return Status::kOk;
}

// An observation of each counter of 'mask' (its count read). Before the
// clear, one in 'flags' (its flag read set before the count) counts the
// pass that set the flag once, after it; after the clear, one in 'flags'
// (its flag read clear) takes its next flag for a new pass, before it. Two
// instances, one per pass, so neither tests the other's flags.
template <typename G, typename CS, typename TS>
template <bool kAfterClear>
__attribute__((noinline)) void BasicPerf<G, CS, TS>::observe_counts(uintptr_t gdb, uint32_t mask, uint32_t flags) {
  Totals* const t = totals_.get();
  for (unsigned i = 0; i < kNumCounters; ++i) {
    if (((mask >> i) & 1u) == 0) continue;
    const bool flag = ((flags >> i) & 1u) != 0;
    if (kAfterClear && flag) t->wide_[i].flag_cleared();
    (void)t->wide_[i].observe(reg::read(gdb, kRegs.counter(i)).raw);
    if (!kAfterClear && flag) t->wide_[i].flag_seen();
  }
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::set_overflow_stop(bool on) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  update_ctl_flag(gdb, ctl::kPerfOvfStop, on);
  return Status::kOk;
}

template <typename G, typename CS, typename TS>
Status BasicPerf<G, CS, TS>::set_interrupt_enable(bool on) const {
  const uintptr_t gdb = gdb_base();
  if (gdb == 0) return usable();
  update_ctl_flag(gdb, ctl::kPerfIntEn, on);
  return Status::kOk;
}

// The run-time path is compiled once, in src/cm/perf.cpp, except the
// members defined inline (the calls returning a value, and the hook): those
// may still be instantiated and inlined where they are called, the C API's
// value calls above all (src/capi/handle.hpp). Both after the definitions,
// so these are known to be inline when Perf is instantiated.
extern template class BasicPerf<RuntimeGcr>;
static_assert(check_counter_unit<Perf>(), "pmu::cm::Perf is a counter unit");

}  // namespace pmu::cm
