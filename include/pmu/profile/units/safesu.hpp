// SPDX-License-Identifier: Apache-2.0
/// @file
/// The Sampler's tables (sampler.hpp: TriggerOps, GroupCounter) for the
/// SafeSU, written once over the driver's calls, so the same code drives a
/// run-time SafeSU (SafeSUOps) and a build-time one
/// (FixedSafeSUOps<Base, Layout>). The trigger is a counter routed (through
/// the crossbar) to the SoC event to sample on; its overflow is the
/// SafeSU's overflow line, whose handler is the driver's overflow_isr.
///
/// The preload: the SafeSU flags counter k when its next value is all ones
/// (docs/hw/safesu.md §3.3), so from v it flags at the (2^32 - 1 - v)-th
/// event: 2^32 - 1 - period makes it flag at the period-th event. Periods
/// are 1 .. 2^32 - 1.
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu/status.hpp"

namespace pmu::profile::units {

/// TriggerOps and the group read of one SafeSU driver type (SafeSU or a
/// FixedSafeSU). `unit` is the driver object; a trigger needs its
/// attach_callbacks() storage. Route the trigger's event first (route or
/// route_table); arm does not choose events.
template <typename Unit>
struct BasicSafeSUOps {
  /// The longest period: a 32-bit counter.
  static constexpr uint64_t kMaxPeriod = 0xFFFFFFFFu;

  /// Registers cb for counter `index`, preloads it with 2^32 - 1 - period,
  /// unmasks its overflow interrupt, enables the overflow unit and starts
  /// counting: W counter; R W mask; R W W CFG0 (enable_overflow, which
  /// discards the flags latched before: the hardware clears flags only all
  /// at once, so another counter's pending overflow is dropped too: arm
  /// the trigger before other users of the overflow line); R W CFG0
  /// (start: the enable is one bit for every counter, so arm starts them
  /// all). The preload goes first so the counter is off all ones (which
  /// flags at once, §8) before its mask bit is set. kBadArg, touching
  /// nothing, for an unusable unit, a counter it does not have or a period
  /// of 0 or above kMaxPeriod; kUnavailable without callback storage.
  static Status arm(void* unit, unsigned index, uint64_t period, IrqCallback cb) {
    Unit* su = static_cast<Unit*>(unit);
    if (su == nullptr || !su->usable() || index >= su->layout().n_counters || period == 0 || period > kMaxPeriod)
      return Status::kBadArg;
    if (Status s = su->on_overflow(index, cb); s != Status::kOk) return s;
    if (Status s = su->write(index, preload(period)); s != Status::kOk) return s;
    if (Status s = su->set_overflow_irq(index, true); s != Status::kOk) return s;
    if (Status s = su->enable_overflow(); s != Status::kOk) return s;
    return su->start(su->all_counters());
  }

  /// From the overflow callback, inside the driver's hook: preload for the
  /// next period, less the events counted since the flagging one (the
  /// counter went from all ones to 0 and on while the interrupt was taken),
  /// as the RISC-V tables do (units/counter_file.hpp says why), or afresh if
  /// they are half a period or more. One read and one write (with tracked
  /// totals, write() also reads the vector). The hook clears every flag
  /// after its callbacks; the new preload is off all ones, so the fold
  /// finds nothing parked. No checks beyond the driver's own: arm()
  /// validated `index`.
  static Status rearm(void* unit, unsigned index, uint64_t period) {
    Unit* su = static_cast<Unit*>(unit);
    const uint32_t since = su->read(index).value() + 1u;  // all ones + 1 = 0: none yet
    // A jittered period past the counter's range (a mean within the jitter
    // of kMaxPeriod; arm() checked the mean) is the longest the counter has.
    return su->write(index, preload(period < kMaxPeriod ? period : kMaxPeriod, since));
  }

  /// Masks the counter's overflow interrupt (R W mask) and unregisters the
  /// callback. Counting goes on: the enable is shared by every counter. A
  /// flag latched before stays until the hook clears it (with no callback).
  static Status disarm(void* unit, unsigned index) {
    Unit* su = static_cast<Unit*>(unit);
    if (su == nullptr) return Status::kBadArg;
    if (Status s = su->set_overflow_irq(index, false); s != Status::kOk) return s;
    return su->on_overflow(index, IrqCallback{});
  }

  /// A group counter's raw 32-bit value: one read.
  static uint64_t read(void* unit, unsigned index) { return static_cast<Unit*>(unit)->read(index).value(); }

  /// The trigger table of this driver type.
  static constexpr TriggerOps kTrigger{arm, rearm, disarm};

  /// SamplerConfig::trigger for counter `index` of `su`.
  static constexpr Trigger trigger(Unit& su, uint8_t index) { return Trigger{&kTrigger, &su, index}; }
  /// A GroupCounter entry (32 bits wide) for counter `index` of `su`. For
  /// an unusable unit or a counter it does not have, the entry has no read
  /// function, which Sampler::configure refuses with kBadArg.
  static constexpr GroupCounter group(Unit& su, uint8_t index) {
    const bool known = su.usable() && index < su.layout().n_counters;
    return GroupCounter{known ? read : nullptr, &su, index, 32};
  }

  /// The value that makes a counter flag at the period-th event from now,
  /// `since` of which have already been counted (0 if that is half of them
  /// or more). period in 1 .. kMaxPeriod.
  static constexpr uint32_t preload(uint64_t period, uint32_t since = 0) {
    return static_cast<uint32_t>(kMaxPeriod - period) + (since < period / 2 ? since : 0u);
  }
};

/// Sampling on a run-time SafeSU (safesu::SafeSU).
using SafeSUOps = BasicSafeSUOps<safesu::SafeSU>;
/// Sampling on a build-time SafeSU (safesu::FixedSafeSU<Base, L>).
template <uintptr_t Base, const safesu::Layout& L>
using FixedSafeSUOps = BasicSafeSUOps<safesu::FixedSafeSU<Base, L>>;

}  // namespace pmu::profile::units
