// SPDX-License-Identifier: Apache-2.0
// 64-bit totals of the SafeSU's 32-bit counters, in storage the application
// gives the driver (SafeSU::track_totals). Without it the driver keeps no
// per-counter state at all.
//
// A total grows by (raw - last) mod 2^32 at every observation, so periodic
// reads (sync64, read64) at least once per 2^32 events keep it exact. The
// overflow interrupt alone keeps it exact too: the counter's flag sets when
// its next value is 0xFFFFFFFF (docs/hw/safesu.md §3.3, §8) and stays until
// the CFG0 bit-3 pulse clears every flag at once, so a flag the hook sees
// stands for a pass through 0xFFFFFFFF. The hook adds a whole period for it
// unless that pass is already in the total:
//   - visible in this observation: all-ones lies in [last, last + d];
//   - or accounted since the flags were last cleared: an earlier
//     observation saw the pass (or sat on all-ones), or the counter was
//     written or reset while its flag was latched (a write of 0xFFFFFFFF
//     sets the flag itself, §8; a flag latched before a write stands for
//     counts the write discarded: the driver reads the vector to know).
// "Since the flags were last cleared" is an epoch: every clear bumps it in
// O(1), so the hook does no per-counter work for counters it did not see
// (but once every 2^31 - 1 clears, when the 32-bit epochs come round: the
// tags are then all reset, so an old one is never taken for a new epoch).
// A pass an observation sees is accounted only if it followed the last
// clear, as its flag then still stands for it. If the counter was last
// observed before that clear, the pass may have preceded it (its flag was
// cleared unseen, e.g. it latched between the hook's snapshot and its
// clear) or followed it (its flag is latched): unsure() says so, and the
// driver then reads the vector, after the counter, and calls flag_latched()
// if the counter's flag is set.
// A counter last observed on 0xFFFFFFFF itself is taken as parked there:
// its flag (latched, or re-latched at a clear's release while it stays)
// stands for that pass. A flag clear ends that: the counter may have left
// all ones before the clear's release (its flag is gone and the next one is
// a new pass) or after it (the flag is latched again). flags_cleared()
// returns the counters that may be so (a bit set at each observation of
// all ones, dropped lazily), and the driver observes each again after the
// clear, an unsure() observation settled by its flag: rare, and no work at
// all when no counter was seen on all ones.
// A flag also needs the counter's mask bit (§3.3): a pass while the bit was
// off latched none, so when the bit goes on, a pass accounted with no flag
// latched has no flag to stand for it, and the next flag is a new pass.
// forget_pass() makes such a counter as after a flag clear.
#pragma once

#include <stdint.h>

#include "pmu/safesu/layout.hpp"

namespace pmu::safesu {

/// Caller-provided storage for the 64-bit totals of up to kMaxCounters
/// counters (16 bytes each, plus the epoch). Zero-initialised storage
/// (`static Totals t;`, `Totals t{}`) starts each total at its counter's raw
/// value at the first observation, with no pass accounted (so a flag seen
/// before any observation counts a period). The driver calls the members below; an
/// application reads totals through SafeSU::read64().
class Totals {
 public:
  /// Every total 0, every counter not yet observed.
  constexpr Totals() = default;

  /// The total of counter k as last folded (no bus access).
  __attribute__((always_inline)) constexpr uint64_t total(unsigned k) const { return c_[k].total; }

  /// Counter k was written with 'raw' (or reset to 0): the total restarts at
  /// raw. 'flagged': k's overflow flag is latched at the write (it stands
  /// for counts before the write, or a write of 0xFFFFFFFF set it, §8), so
  /// the next hook must not count a period for it.
  __attribute__((always_inline)) constexpr void restart(unsigned k, uint32_t raw, bool flagged) {
    c_[k].total = raw;
    c_[k].last = raw;
    c_[k].tag = mark() | (flagged ? kAccounted : 0u);
    seen_on(k, raw);
  }
  /// Whether observing 'raw' on counter k needs its flag to be told: the
  /// observation shows a pass and k was last observed before the last flag
  /// clear, so the pass may have preceded it. Call before observe(); if
  /// true, read the overflow flags after the counter and, if k's is
  /// latched, call flag_latched(k) after observe().
  __attribute__((always_inline)) constexpr bool unsure(unsigned k, uint32_t raw) const {
    const Entry& e = c_[k];
    return kAllOnes - e.last <= raw - e.last && (e.tag & ~kAccounted) != mark();
  }
  /// A plain observation of counter k's raw value; returns the total. A pass
  /// it shows is accounted if k was observed since the last flag clear.
  __attribute__((always_inline)) constexpr uint64_t observe(unsigned k, uint32_t raw) {
    Entry& e = c_[k];
    const uint32_t d = raw - e.last;
    const bool current = (e.tag & ~kAccounted) == mark();
    e.tag = mark() | (current && (kAllOnes - e.last <= d || (e.tag & kAccounted) != 0) ? kAccounted : 0u);
    e.total += d;
    e.last = raw;
    seen_on(k, raw);
    return e.total;
  }
  /// After an unsure() observation: k's flag is latched, so the pass it
  /// showed followed the last clear, and the flag stands for it.
  __attribute__((always_inline)) constexpr void flag_latched(unsigned k) { c_[k].tag = mark() | kAccounted; }
  /// The overflow hook's observation of a counter whose flag it saw (before
  /// it clears the flags): adds the period the flag stands for unless that
  /// pass is already in the total. Returns the total.
  __attribute__((always_inline)) constexpr uint64_t observe_flagged(unsigned k, uint32_t raw) {
    Entry& e = c_[k];
    const uint32_t d = raw - e.last;
    if (e.tag != (mark() | kAccounted) && kAllOnes - e.last > d) e.total += uint64_t{1} << 32;
    e.tag = mark() | kAccounted;
    e.total += d;
    e.last = raw;
    // (No seen_on: on all ones here, the counter is parked, and the hook
    // observes it again and moves it off all ones before its clear.)
    return e.total;
  }
  /// The driver moved counter k to 'raw' with no event (the overflow hook
  /// moving a parked counter off all ones): the total stays.
  __attribute__((always_inline)) constexpr void moved(unsigned k, uint32_t raw) { c_[k].last = raw; }
  /// The hardware's overflow flags were cleared (all at once): no pass is
  /// accounted any more. O(1) whatever the number of counters (once every
  /// 2^31 - 1 clears, a store per counter: restart_epochs). Returns 0,
  /// or a mask of counters that may have been last observed on 0xFFFFFFFF
  /// (forgotten here): after the clear's release, the driver observes each
  /// of them still last_on_all_ones() again, an unsure() observation (its
  /// last observation preceded the clear, and it shows a pass).
  __attribute__((always_inline)) constexpr uint32_t flags_cleared() {
    epoch_ += 2;
    if (__builtin_expect(epoch_ == kLastEpoch, 0)) restart_epochs();
    const uint32_t m = maybe_all_ones_;
    maybe_all_ones_ = 0;
    return m;
  }
  /// Counter k as after a flag clear: no pass accounted, and its next
  /// observation of a pass is unsure(). For a mask bit that went on with
  /// no flag latched: a pass accounted while the bit was off has no flag.
  /// (After a clear the counter is so already.)
  __attribute__((always_inline)) constexpr void forget_pass(unsigned k) { c_[k].tag = 0; }
  /// Whether counter k's last observation found it on 0xFFFFFFFF.
  __attribute__((always_inline)) constexpr bool last_on_all_ones(unsigned k) const { return c_[k].last == kAllOnes; }

 private:
  static constexpr uint32_t kAllOnes = 0xFFFFFFFFu;
  static constexpr uint32_t kAccounted = 1u;
  // The tag of the current epoch: even and never 0 (the epoch steps by 2),
  // so zero storage was observed in no epoch and accounts nothing (and
  // stays in .bss).
  __attribute__((always_inline)) constexpr uint32_t mark() const { return epoch_ + 2; }
  // The epoch whose mark() would be 0, the tag of no epoch; past it the
  // marks of 2^31 clears ago would come round again.
  static constexpr uint32_t kLastEpoch = 0xFFFFFFFEu;
  // Every 2^31 - 1 clears: every tag made "no epoch" (which the clear makes
  // them anyway: none is current after it) and the epochs counted again,
  // so no tag is ever taken for an epoch it was not written in. Inline, a
  // loop with no call: a call would make every clear set up a frame.
  __attribute__((always_inline)) constexpr void restart_epochs() {
    for (Entry& e : c_) e.tag = 0;
    epoch_ = 0;
  }
  // Rare (an observation in the one cycle a counter holds all ones, a
  // parked counter, a write of all ones), so a branch, not a store each time.
  __attribute__((always_inline)) constexpr void seen_on(unsigned k, uint32_t raw) {
    if (__builtin_expect(raw == kAllOnes, 0)) maybe_all_ones_ |= 1u << k;
  }
  struct Entry {
    uint64_t total = 0;
    uint32_t last = 0;
    // mark() of the epoch of the last observation (a read, a fold, a write
    // or reset), | kAccounted if a pass is accounted in that epoch
    uint32_t tag = 0;
  };
  Entry c_[kMaxCounters]{};
  uint32_t epoch_ = 0;
  // A bit for each counter observed on 0xFFFFFFFF since the driver last
  // took them (its last value may have moved on since: last_on_all_ones()).
  uint32_t maybe_all_ones_ = 0;
};

}  // namespace pmu::safesu
