// SPDX-License-Identifier: Apache-2.0
/// @file
/// The Sampler's tables (sampler.hpp: TriggerOps, GroupCounter) for a RISC-V
/// counter file, written once over CounterFile's counter-unit calls, so the
/// same code drives the standard Sscofpmf counters in M-mode
/// (riscv::Counters), the same counters from S-mode through SBI
/// (riscv::SbiCounters) and the XiangShan AME counters
/// (riscv::ame::AmeCounters); units/riscv.hpp and units/ame.hpp name them.
///
/// The preload: an hpm counter of w bits overflows after 2^w - v events from
/// v; writing the 64-bit two's complement of the period leaves
/// 2^w - period in a counter of any width w <= 64 if the period is at most
/// 2^w, so no width is needed but for that check (arm()).
/// Only hpm counters (3..31) have an overflow bit: cycle and instret can be
/// group counters, not triggers (program an hpm counter with the cycles or
/// instructions event instead).
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/status.hpp"

namespace pmu::profile::units {

/// TriggerOps and the group read of one RISC-V counter file type. `unit` is
/// the File object; the file needs attach_callbacks() storage for a
/// trigger. Program the trigger's event first (File::program or
/// program_event); arm does not choose events.
template <typename File>
struct CounterFileOps {
  /// Registers cb for counter `index`, stops it, clears its overflow bit
  /// (arming it), lets the overflow interrupt in (LCOFIE; a file whose
  /// interrupt is a board line, AME, answers kUnavailable there, which is
  /// fine), starts it and, last, preloads it with 2^64 - period: QEMU arms
  /// its overflow timer at the write and drops an overflow that comes while
  /// the counter is stopped, and an SBI file's calls take long enough for
  /// a short period to end among them. kBadArg, touching nothing, for
  /// period 0, a counter without an overflow bit, or a period above 2^w for
  /// a counter the file knows to be w bits wide (with totals: probed or
  /// declared, File::width()): its preload would wrap, and samples would
  /// come every period mod 2^w events. kUnavailable without callback
  /// storage or without Sscofpmf.
  static Status arm(void* unit, unsigned index, uint64_t period, IrqCallback cb) {
    File* f = static_cast<File*>(unit);
    if (f == nullptr || period == 0 || !f->has_hpm(index)) return Status::kBadArg;
    if (const unsigned w = f->width(index); w != 0 && w < 64 && period > (uint64_t{1} << w)) return Status::kBadArg;
    if (!f->config().sscofpmf) return Status::kUnavailable;  // no overflow bit to arm
    if (Status s = f->on_overflow(index, cb); s != Status::kOk) return s;
    const uint32_t bit = uint32_t{1} << index;
    if (Status s = f->stop(bit); s != Status::kOk) return s;
    if (Status s = f->clear_overflow(index); s != Status::kOk) return s;
    if (Status s = f->enable_overflow_irq(); s != Status::kOk && s != Status::kUnavailable) return s;
    if (Status s = f->start(bit); s != Status::kOk) return s;
    return f->write(index, preload(period));
  }

  /// From the overflow callback, inside the file's hook: preload for the
  /// next period, less the events counted since the overflow (the counter
  /// wrapped to 0 and went on counting while the interrupt was taken), as
  /// perf does, so the events the interrupt itself causes fall in a period
  /// and a ratio against the trigger's periods stays true. If they are half
  /// a period or more (a period not much longer than the hook), the next
  /// period starts afresh instead: it must not end before the hook has
  /// acknowledged this overflow (its end would be lost) or before the
  /// interrupt returns (a sample of the hook's own time). One read and one
  /// write (M-mode RV64: csrr, csrw; RV32: hi/lo/hi, three writes; SBI: the
  /// read, a stop and a start with the value). The hook clears the overflow
  /// bit after its callbacks, which arms the counter again.
  /// No checks: arm() validated `index`, and the Sampler re-arms only what
  /// it armed.
  static Status rearm(void* unit, unsigned index, uint64_t period) {
    File* f = static_cast<File*>(unit);
    f->write_unchecked(index, preload(period, f->read_unchecked(index)));
    return Status::kOk;
  }

  /// Stops the counter and unregisters the callback. The overflow interrupt
  /// enable (shared by every counter of the file) stays as it is.
  static Status disarm(void* unit, unsigned index) {
    File* f = static_cast<File*>(unit);
    if (f == nullptr || index >= 32) return Status::kBadArg;
    if (Status s = f->stop(uint32_t{1} << index); s != Status::kOk) return s;
    return f->on_overflow(index, IrqCallback{});
  }

  /// A group counter's raw value (one csrr on RV64, hi/lo/hi on RV32),
  /// unchecked: group() checks the index once.
  static uint64_t read(void* unit, unsigned index) { return static_cast<File*>(unit)->read_unchecked(index); }

  /// The trigger table of this file type.
  static constexpr TriggerOps kTrigger{arm, rearm, disarm};

  /// SamplerConfig::trigger for counter `index` of `file`.
  static constexpr Trigger trigger(File& file, uint8_t index) { return Trigger{&kTrigger, &file, index}; }
  /// A GroupCounter entry for counter `index` of `file` (`width` bits, 64
  /// for cycle and instret). For a counter the file does not have (or
  /// time, or a file that is not present) the entry has no read function,
  /// which Sampler::configure refuses with kBadArg.
  static constexpr GroupCounter group(File& file, uint8_t index, uint8_t width = 64) {
    const bool known = file.config().present && file.has(index) && index != riscv::kCounterTime;
    return GroupCounter{known ? read : nullptr, &file, index, width};
  }

  /// The value that makes a counter overflow after `period` more events,
  /// `since` of which have already been counted (0 if that is half of them
  /// or more).
  static constexpr uint64_t preload(uint64_t period, uint64_t since = 0) {
    return (since < period / 2 ? since : 0) - period;
  }
};

}  // namespace pmu::profile::units
