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
/// 2^w - period in a counter of any width w <= 64, so no width is needed.
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
  /// Registers cb for counter `index`, stops it, preloads it with
  /// 2^64 - period, clears its overflow bit (arming it), lets the overflow
  /// interrupt in (LCOFIE; a file whose interrupt is a board line, AME,
  /// answers kUnavailable there, which is fine) and starts it. kBadArg,
  /// touching nothing, for period 0 or a counter without an overflow bit;
  /// kUnavailable without callback storage or without Sscofpmf.
  static Status arm(void* unit, unsigned index, uint64_t period, IrqCallback cb) {
    File* f = static_cast<File*>(unit);
    if (f == nullptr || period == 0 || !f->has_hpm(index)) return Status::kBadArg;
    if (!f->config().sscofpmf) return Status::kUnavailable;  // no overflow bit to arm
    if (Status s = f->on_overflow(index, cb); s != Status::kOk) return s;
    const uint32_t bit = uint32_t{1} << index;
    if (Status s = f->stop(bit); s != Status::kOk) return s;
    if (Status s = f->write(index, preload(period)); s != Status::kOk) return s;
    if (Status s = f->clear_overflow(index); s != Status::kOk) return s;
    if (Status s = f->enable_overflow_irq(); s != Status::kOk && s != Status::kUnavailable) return s;
    return f->start(bit);
  }

  /// From the overflow callback, inside the file's hook: preload again. One
  /// counter write (M-mode RV64: one csrw; RV32: three; SBI: a stop and a
  /// start with the value). The hook clears the overflow bit after its
  /// callbacks, which arms the counter for the next period.
  static Status rearm(void* unit, unsigned index, uint64_t period) {
    return static_cast<File*>(unit)->write(index, preload(period));
  }

  /// Stops the counter and unregisters the callback. The overflow interrupt
  /// enable (shared by every counter of the file) stays as it is.
  static Status disarm(void* unit, unsigned index) {
    File* f = static_cast<File*>(unit);
    if (f == nullptr || index >= 32) return Status::kBadArg;
    if (Status s = f->stop(uint32_t{1} << index); s != Status::kOk) return s;
    return f->on_overflow(index, IrqCallback{});
  }

  /// A group counter's raw value: File::read (one csrr on RV64; 0 if the
  /// index is not the file's, which configure() cannot see: name counters
  /// the file has).
  static uint64_t read(void* unit, unsigned index) { return static_cast<File*>(unit)->read(index).value_or(0); }

  /// The trigger table of this file type.
  static constexpr TriggerOps kTrigger{arm, rearm, disarm};

  /// SamplerConfig::trigger for counter `index` of `file`.
  static constexpr Trigger trigger(File& file, uint8_t index) { return Trigger{&kTrigger, &file, index}; }
  /// A GroupCounter entry for counter `index` of `file` (`width` bits, 64
  /// for cycle and instret).
  static constexpr GroupCounter group(File& file, uint8_t index, uint8_t width = 64) {
    return GroupCounter{read, &file, index, width};
  }

  /// The value that makes a counter overflow after `period` more events.
  static constexpr uint64_t preload(uint64_t period) { return uint64_t{0} - period; }
};

}  // namespace pmu::profile::units
