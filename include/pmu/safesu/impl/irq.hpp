// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): callback registration and the
// interrupt hooks, in the order of pmu/irq.hpp: snapshot, callbacks, fold,
// acknowledge. Every SafeSU source is a sticky level (§3.3, §3.5, §3.6 of
// docs/hw/safesu.md), so each hook clears its source and leaves the unit
// running.
//
// The overflow flags clear only all at once (the CFG0 bit-3 pulse), so a
// counter that is not in the snapshot and reaches 0xFFFFFFFF between the
// snapshot and the clear loses its flag: its callback waits for its next
// overflow, and its total needs a read within that period (docs/safesu.md).
//
// A flagged counter that still holds 0xFFFFFFFF (parked: its event stopped
// there, or it was written so) re-latches its flag in every cycle it stays
// there (§8), the clear pulse's own release included: cleared the usual way,
// the line would stay high. The hook therefore reads every flagged counter
// before the clear (the fold needs those reads anyway) and, if one is on
// all ones, clears with counting frozen (CFG0 bit 0 off): the frozen value
// is re-read exactly, a counter still on all ones is written to 0 (its total
// is kept: only the raw value moves), and the restore write releases the
// clear with no counter left on all ones. A frozen cycle counts no event,
// exactly like the freeze of any bus write (§3.2), so a total stays equal to
// the increments the counter made. Whenever the counter's event arrives
// around the hook, the count is exact, the line ends low and the callback
// runs once (tests/safesu/host/safesu_parked_sweep_test.cpp sweeps it).
#pragma once

namespace pmu::safesu {

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::on_overflow(unsigned counter, IrqCallback cb) {
  if (counter >= layout().n_counters) return Status::kBadArg;
  Callbacks* const c = callback_table();
  if (c == nullptr) return Status::kUnavailable;
  c->overflow[counter] = cb;
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::on_mccu(unsigned core, IrqCallback cb) {
  if (core >= layout().n_cores) return Status::kBadArg;
  Callbacks* const c = callback_table();
  if (c == nullptr) return Status::kUnavailable;
  c->mccu[core] = cb;
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::on_rdc(unsigned input, IrqCallback cb) {
  if (input >= layout().n_inputs) return Status::kBadArg;
  Callbacks* const c = callback_table();
  if (c == nullptr) return Status::kUnavailable;
  c->rdc[input] = cb;
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::on_ft(IrqCallback cb) {
  if (!usable()) return Status::kBadArg;
  Callbacks* const c = callback_table();
  if (!layout().params.ft || c == nullptr) return Status::kUnavailable;
  c->ft = cb;
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_mccu_irq_policy(MccuIrqPolicy p) {
  if ((p != MccuIrqPolicy::kRefill && p != MccuIrqPolicy::kClearOnly) || !usable()) return Status::kBadArg;
  Callbacks* const c = callback_table();
  if (c == nullptr) return Status::kUnavailable;
  c->mccu_policy = p;
  return Status::kOk;
}

// The hooks call the first callback with nothing but the unit and the
// snapshot kept across the call, and leave the rest (further callbacks, fold,
// acknowledgement) to a step of its own: the time from entry to the first
// callback is what a hook is measured by (pmu/irq.hpp). What calls again
// (the other callbacks) is out of line and runs only when more than one
// source fired, so the hook saves on entry only what it needs after its
// first callback (safesu.hpp says why).
// The vector's bits above the last counter read 0 (§2.3); the hook masks
// them off all the same, after the first callback: the lowest set bit is a
// counter's whenever any counter is flagged, the table has an entry for all
// 32 bits, and an entry above the last counter is empty (on_overflow refuses
// it), so no callback runs for a bit that is not a counter's.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::handle_overflow_irq() {
  if (!usable()) return Status::kBadArg;
  // 1. Snapshot.
  // (Pointer-wide and sign-extended, as the next step takes it: on rv64 no
  // extension when it is kept across the call, none before the table.)
  const intptr_t vector = reg::read_wide(base(), layout().overflow_vector.at(0));
  if (vector != 0) {
    // 2. Callbacks (the first here, the others in the next step).
    const size_t k = util::ctz32(static_cast<uint32_t>(vector));
    if (Callbacks* const c = callback_table()) c->overflow[k](static_cast<unsigned>(k));
    const intptr_t seen = vector & static_cast<int32_t>(layout().counter_mask);
    if (seen != 0) return after_first_overflow_callback(seen);
  }
  return 0u;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::after_first_overflow_callback(intptr_t flagged) {
  const uint32_t seen = static_cast<uint32_t>(flagged);
  // 2. The other callbacks, if any.
  if ((seen & (seen - 1)) != 0) other_overflow_callbacks(seen);
  // 3. Fold, and find the parked counters.
  const Layout& l = layout();
  uint32_t parked = 0;
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    const uint32_t raw = reg::read(base(), l.counters.at(k)).raw;
    if (Totals* const t = tracked_totals()) (void)t->observe_flagged(k, raw);
    if (raw == 0xFFFFFFFFu) parked |= 1u << k;
  }
  // 4. Acknowledge.
  if (parked == 0) {
    (void)reg::pulse(base(), kCfg0, cfg0::kOverflowSoftReset);
  } else {
    clear_with_parked(parked);
  }
  flags_cleared();
  return seen;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::other_overflow_callbacks(uint32_t seen) {
  // (The attached table is read at each step: a callback may detach it.)
  for (uint32_t m = seen & (seen - 1); m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    if (Callbacks* const c = callback_table()) c->overflow[k](k);
  }
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::clear_with_parked(uint32_t parked) {
  const Layout& l = layout();
  constexpr uint32_t kEnable = cfg0::kCounterEnable.mask();
  constexpr uint32_t kClear = cfg0::kOverflowSoftReset.mask();
  const uint32_t v = reg::read(base(), kCfg0).raw & ~kCfg0.keep_out;
  reg::write(base(), kCfg0, reg::Value<Cfg0>{(v & ~kEnable) | kClear});  // frozen, clear held
  for (uint32_t m = parked; m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    const reg::RegAt<Counter> c = l.counters.at(k);
    const uint32_t raw = reg::read(base(), c).raw;  // frozen: exact
    if (Totals* const t = tracked_totals()) (void)t->observe(k, raw);
    if (raw == 0xFFFFFFFFu) {
      reg::write(base(), c, reg::Value<Counter>{0});
      if (Totals* const t = tracked_totals()) t->moved(k, 0);
    }
  }
  reg::write(base(), kCfg0, reg::Value<Cfg0>{v});  // counting as it was, clear released
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::handle_mccu_irq(unsigned core) {
  if (core >= layout().n_cores) return Status::kBadArg;
  if (Callbacks* const c = callback_table()) c->mccu[core](core);
  const Callbacks* const c = callback_table();  // (a callback may detach it)
  const MccuIrqPolicy policy = c != nullptr ? c->mccu_policy : MccuIrqPolicy::kRefill;
  // §3.5: only an MCCU disable clears the sticky IRQ; kRefill sets the
  // core's update bit in the same write, so the limit reloads as well.
  refill_toggle(policy == MccuIrqPolicy::kRefill ? 1u << core : 0u);
  return 1u << core;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::handle_rdc_irq() {
  // The mask is 0 where the RDC is not usable (and for an unusable unit):
  // one load and one test before the read.
  const uint32_t inputs = layout().rdc_input_mask;
  if (inputs == 0) return usable() ? Status::kUnavailable : Status::kBadArg;
  // Masked first: the table holds kMaxInputs callbacks, fewer than the
  // vector's 32 bits.
  const uint32_t seen = reg::read(base(), layout().rdc_vector.at(0)).raw & inputs;
  if (seen != 0) {
    static_assert(kMaxInputs <= util::kCtz20Bits, "every input's bit is below ctz20's range");
    const size_t i = util::ctz20(seen);
    if constexpr (kHoldsState) {
      // The object, needed after the call, waits in the frame: one store,
      // where GCC 12 gives it a saved register (its save and a move).
      BasicSafeSU* volatile self = this;
      first_rdc_callback(i);
      self->after_first_rdc_callback(seen);
    } else {
      first_rdc_callback(i);
      after_first_rdc_callback(seen);
    }
  }
  return seen;  // (one return: the Result is built once, after the paths meet)
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
__attribute__((always_inline)) inline void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::first_rdc_callback(size_t i) {
  if (Callbacks* const c = callback_table()) {
    // The same call either way; GCC 12 folds the array's offset into a
    // static table's address only when the array's address is taken first,
    // and into an attached one's load only when it is not.
    if constexpr (CallbackStorage::kAttachable) {
      c->rdc[i](static_cast<unsigned>(i));
    } else {
      const IrqCallback* const rdc = c->rdc;
      rdc[i](static_cast<unsigned>(i));
    }
  }
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::after_first_rdc_callback(uint32_t seen) {
  // The usual case, one input, acknowledges at once: with no call on its
  // path it saves no register (GCC shrink-wraps it).
  uint32_t m = seen & (seen - 1);
  if (m == 0) return clear_rdc_line();
  for (; m != 0; m &= m - 1) {
    const size_t i = util::ctz20(m);
    if (Callbacks* const c = callback_table()) c->rdc[i](static_cast<unsigned>(i));
  }
  clear_rdc_line();
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::handle_ft_irq(unsigned which) {
  if (!layout().params.ft) return usable() ? Status::kUnavailable : Status::kBadArg;
  if (which != 1 && which != 2) return Status::kBadArg;
  if (Callbacks* const c = callback_table()) c->ft(which);
  return Status::kOk;
}

}  // namespace pmu::safesu
