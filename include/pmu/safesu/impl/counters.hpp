// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the counters - start/stop,
// soft reset, raw reads, preload, 64-bit totals, self-test input modes - and
// the opt-in storage. § numbers refer to docs/hw/safesu.md.
#pragma once

namespace pmu::safesu {

// ---- opt-in storage ---------------------------------------------------------------------

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::attach_callbacks(Callbacks* c) {
  if (!usable()) return Status::kBadArg;
  cbs_.attach(c);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::track_totals(Totals* t) {
  if (!usable()) return Status::kBadArg;
  totals_.attach(t);
  return Status::kOk;
}

// ---- counters ---------------------------------------------------------------------------

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::start(uint32_t mask) {
  if (mask != layout().counter_mask || !usable()) return Status::kBadArg;
  set_bits(kCfg0, cfg0::kCounterEnable.mask(), true);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::stop(uint32_t mask) {
  if (mask != layout().counter_mask) return Status::kBadArg;
  return cfg0_write(cfg0::kCounterEnable.mask(), 0);
}

// §3.2: a set/clear pair of back-to-back writes does nothing (the clear
// write reloads the old value from the wrapper's shadow copy), and while the
// reset is held with counting on, the shadow reads 0 + event, so counting
// restarts from 1. So: hold the reset with counting off, let one write-free
// cycle pass (a read), release, and only then restore the enable.
// Tracked totals: that read is the overflow vector (if CFG0 says it can be
// read, flags_given): with every counter held at 0 and counting off, no
// flag latches any more, so it shows exactly the flags latched before the
// reset, up to its last cycle (read before the reset, it missed a counter
// reaching all ones in between, and the hook then added a period).
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::reset() {
  if (!usable()) return Status::kBadArg;
  Totals* const t = tracked_totals();
  constexpr uint32_t kEnable = cfg0::kCounterEnable.mask();
  const uint32_t v = reg::read(base(), kCfg0).raw & ~kCfg0.keep_out;
  const uint32_t off = v & ~kEnable;
  reg::write(base(), kCfg0, reg::Value<Cfg0>{off | cfg0::kCounterSoftReset.mask()});
  uint32_t flagged = ~0u;  // the overflow unit disabled: every flag taken as latched
  if (t != nullptr && vector_readable(v))
    flagged = flags_now();  // the write-free cycle
  else
    (void)reg::read(base(), kCfg0);  // the write-free cycle
  reg::write(base(), kCfg0, reg::Value<Cfg0>{off});
  if ((v & kEnable) != 0) reg::write(base(), kCfg0, reg::Value<Cfg0>{v});
  if (t != nullptr)
    for (unsigned k = 0; k < layout().n_counters; ++k) t->restart(k, 0, ((flagged >> k) & 1u) != 0);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::read(unsigned k) {
  if (k >= layout().n_counters) return Status::kBadArg;
  return reg::read(base(), layout().counters.at(k)).raw;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::read_all(uint32_t* out, unsigned n) {
  // A null out is refused only for n > 0 (n = 0 reads nothing). Tested
  // last and marked unlikely, the usual path pays no instruction for it.
  if (n > layout().n_counters || !usable() || (__builtin_expect(out == nullptr, 0) && n != 0)) return Status::kBadArg;
  // Counter k is k strides after counter 0: one address computed, then steps.
  const uintptr_t first = base() + layout().counters.offset;
  constexpr uintptr_t kStride = reg::RegArray<Counter>::kStride;
  for (unsigned k = 0; k < n; ++k) out[k] = reg::read(first + kStride * k, reg::Reg<Counter>{0}).raw;
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint64_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::read64(unsigned k) {
  if (k >= layout().n_counters) return Status::kBadArg;
  Totals* const t = tracked_totals();
  if (t == nullptr) return Status::kUnavailable;
  const uint32_t raw = reg::read(base(), layout().counters.at(k)).raw;
  // A pass seen with a flag clear since the last observation: rare (once
  // per period at most), so out of line.
  if (__builtin_expect(t->unsure(k, raw), 0)) return observe_unsure(k, raw);
  return t->observe(k, raw);
}

// A pass the observation shows may have preceded the last flag clear (its
// flag cleared unseen: a new flag will be a new pass) or followed it (its
// flag is latched and stands for it). The flag was latched by the time the
// counter was read, so reading the vector after the counter tells
// (Totals::unsure). flags_seen(): 1R, + 1R unless the overflow unit is
// disabled, when every flag is taken as latched, as write() does.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
uint64_t BasicSafeSU<Place, CallbackStorage, TotalsStorage>::observe_unsure(unsigned k, uint32_t raw) {
  Totals* const t = tracked_totals();
  const uint64_t total = t->observe(k, raw);
  settle_unsure(1u << k);
  return total;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::settle_unsure(uint32_t unsure) {
  Totals* const t = tracked_totals();
  for (uint32_t m = unsure & flags_seen(); m != 0; m &= m - 1) t->flag_latched(util::ctz32(m));
}

// A counter last observed on 0xFFFFFFFF is taken as parked there, its flag
// standing for that pass. After a flag clear it may still be (its flag
// re-latched at the release, §8), or have left all ones before the release
// (the flag is gone: the next is a new pass) or after it (latched again).
// Read after the release, it shows a pass it was last observed before the
// clear: read64()'s unsure observation, whose flag read tells which
// (observe_unsure): 1R + flags_seen() per such counter, nothing when there
// is none. The same after a mask bit went on with no flag latched, the
// candidates first made as after a clear (forget_pass; after a clear they
// are so already). (A shift loop, not ctz: rare, and smaller.)
template <typename Place, typename CallbackStorage, typename TotalsStorage>
void BasicSafeSU<Place, CallbackStorage, TotalsStorage>::reobserve_all_ones(uint32_t candidates) {
  Totals* const t = tracked_totals();
  unsigned k = 0;
  for (uint32_t r = candidates; r != 0; r >>= 1, ++k) {
    if ((r & 1u) == 0) continue;
    t->forget_pass(k);
    if (!t->last_on_all_ones(k)) continue;
    (void)t->observe(k, reg::read(base(), layout().counters.at(k)).raw);
    if (((flags_seen() >> k) & 1u) != 0) t->flag_latched(k);
  }
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::write(unsigned k, uint32_t value) {
  if (k >= layout().n_counters) return Status::kBadArg;
  Totals* const t = tracked_totals();
  if (t == nullptr) {
    reg::write(base(), layout().counters.at(k), reg::Value<Counter>{value});
    return Status::kOk;
  }
  // A flag latched before the write, up to its own cycle, stands for counts
  // it discards: the vector is read after the write (read before, it missed
  // the counter reaching all ones in the cycles between, and the hook then
  // added a period). A flag the new value raises in between is a pass the
  // next observation shows anyway. CFG0, read first, says whether the
  // vector can be read (flags_given). A write of 0xFFFFFFFF sets the flag
  // itself (§8) and needs no read.
  if (value == 0xFFFFFFFFu) {
    reg::write(base(), layout().counters.at(k), reg::Value<Counter>{value});
    t->restart(k, value, true);
    return Status::kOk;
  }
  const uint32_t cfg0 = reg::read(base(), kCfg0).raw;
  reg::write(base(), layout().counters.at(k), reg::Value<Counter>{value});
  t->restart(k, value, ((flags_given(cfg0) >> k) & 1u) != 0);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::sync64() {
  if (!usable()) return Status::kBadArg;
  Totals* const t = tracked_totals();
  if (t == nullptr) return Status::kUnavailable;
  const uintptr_t first = base() + layout().counters.offset;
  constexpr uintptr_t kStride = reg::RegArray<Counter>::kStride;
  uint32_t unsure = 0;  // passes that may precede the last flag clear (read64)
  for (unsigned k = 0; k < layout().n_counters; ++k) {
    const uint32_t raw = reg::read(first + kStride * k, reg::Reg<Counter>{0}).raw;
    if (t->unsure(k, raw)) unsure |= 1u << k;
    (void)t->observe(k, raw);
  }
  // After every counter: a flag a read showed the pass of was latched by then.
  if (unsure != 0) settle_unsure(unsure);
  return Status::kOk;
}

// One write straight to the new mode: never through mode 00 (§5.2 item 14).
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_selftest_mode(SelftestMode mode) {
  const unsigned m = static_cast<unsigned>(mode);
  if (m > 3) return Status::kBadArg;
  return cfg0_write(cfg0::kSelftestMode.mask(), cfg0::kSelftestMode.encode(m));
}

}  // namespace pmu::safesu
