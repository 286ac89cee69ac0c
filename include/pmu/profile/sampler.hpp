// SPDX-License-Identifier: Apache-2.0
// pmu::profile::Sampler: samples a program every N events of one counter
// (docs/profiling.md, "Sampler"). The counter's overflow interrupt calls
// on_overflow() through the unit's hook; each call records one sample into
// the ring (the interrupted pc and hart, an optional frame-pointer call
// chain, the deltas of a group of counters since the previous sample,
// optional Sspesa words) and re-arms the counter for the next period.
//
// Unit-neutral: the trigger and the group reach their unit through the
// small tables below, which each unit provides over its counter-unit
// contract (read(i), start/stop(mask), on_overflow(i, cb)). The board
// provides the interrupted context (context.hpp). Nothing here touches
// hardware directly; no heap. The hook's cost has a published target
// (docs/profiling.md, "Hook cost target"): keep this path short.
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/profile/context.hpp"
#include "pmu/profile/format.hpp"
#include "pmu/profile/jitter.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/status.hpp"

/// The sampling profiler: counter-overflow samples into a ring, written out as a profile.
namespace pmu::profile {

/// The unit-specific part of the trigger counter.
struct TriggerOps {
  /// Make counter 'index' interrupt after 'period' more events: register
  /// 'cb' with the unit's on_overflow(index, cb), enable its overflow
  /// interrupt, start it and preload it (include/pmu/profile/units/).
  Status (*arm)(void* unit, unsigned index, uint64_t period, IrqCallback cb);
  /// From the callback, inside the unit's hook: preload again for 'period'.
  /// Must not acknowledge the overflow: the hook does that after callbacks.
  Status (*rearm)(void* unit, unsigned index, uint64_t period);
  /// Stop the counter's overflow interrupt and unregister the callback.
  Status (*disarm)(void* unit, unsigned index);
};

/// The counter whose overflow takes the samples.
struct Trigger {
  const TriggerOps* ops = nullptr;  ///< its unit's table (include/pmu/profile/units/)
  void* unit = nullptr;  ///< the unit object (pmu::safesu::SafeSU*, ...)
  uint8_t index = 0;     ///< counter index in the unit's numbering
};

/// A counter whose delta every sample carries: the unit's raw read(index).
using ReadRawFn = uint64_t (*)(void* unit, unsigned index);
/// A counter of the group (the group() helpers of include/pmu/profile/units/ make them).
struct GroupCounter {
  ReadRawFn read = nullptr;  ///< its unit's raw read
  void* unit = nullptr;      ///< the unit object
  uint8_t index = 0;         ///< counter index in the unit's numbering
  uint8_t width = 64;  ///< bits of the raw value: deltas are taken modulo 2^width
};

/// Fills 'n' Sspesa detail words for the sample being taken; false if the
/// hardware has none for it (the sample's kFlagSspesa stays clear).
using SspesaFn = bool (*)(void* ctx, uintptr_t* words, unsigned n);

/// What a Sampler samples, how often and what each sample carries.
struct SamplerConfig {
  Trigger trigger;          ///< the counter whose overflow takes the samples
  uint64_t period = 0;      ///< events between samples (mean, with jitter)
  uint8_t jitter_bits = 0;  ///< 0: fixed period; else +-2^(bits-1), bits <= 15
  uint16_t seed = 0xACE1u;  ///< picks the jitter sequence (jitter.hpp)
  const GroupCounter* group = nullptr;  ///< must outlive the sampler
  uint8_t group_count = 0;  ///< entries in 'group' (kMaxGroup at most)
  uint8_t max_depth = 0;    ///< call-chain entries per sample; 0: no walk
  ContextFn context = nullptr;  ///< board::interrupted_context
  SspesaFn sspesa = nullptr;  ///< fills the Sspesa words (nullptr: none)
  void* sspesa_ctx = nullptr;  ///< passed back to sspesa
};

/// Samples a program every N events of one counter (see the file comment).
class Sampler {
 public:
  constexpr Sampler() = default;

  /// Checks the configuration against the ring. kBadArg (nothing touched) if
  /// the ring, trigger ops or context function is missing, period is below 2
  /// (a period of 1 ends inside the hook, and its overflow is lost) or not
  /// above the jitter, the jitter window wraps 64 bits, jitter_bits > 15, group_count > kMaxGroup, a group
  /// entry lacks read or has a width outside 1..64, or the trigger counter
  /// is in the group (its preloads make its deltas meaningless); kMismatch
  /// if the ring's shape (max_depth, group_count, sspesa words) differs;
  /// kBadArg while running. Starts interrupts() and no_context() from 0.
  Status configure(const SamplerConfig& cfg, SampleRing* ring);

  /// Reads the group's baselines, then arms the trigger with the first
  /// period. kBadArg if not configured or already running; the trigger's
  /// status if arming fails (then not running).
  Status start();
  /// Disarms the trigger. kBadArg if not running.
  Status stop();

  /// The overflow callback (IrqCallbackFn shape; ctx = the Sampler).
  static void on_overflow(void* self, unsigned source);
  /// One sample and the re-arm: what on_overflow does for the trigger.
  void sample();

  /// Started and not stopped.
  bool running() const { return running_; }
  /// sample() calls since configure().
  uint32_t interrupts() const { return interrupts_; }
  /// Overflows without a sample since configure(): the board gave no context.
  uint32_t no_context() const { return no_context_; }

 private:
  /// Deltas since the previous call into 'out' (nullptr: only advance the
  /// baselines, for a sample the ring refused). Returns sample flags.
  uint8_t read_group(uintptr_t* out);

  SamplerConfig cfg_{};
  SampleRing* ring_ = nullptr;
  Jitter jitter_{};
  uint64_t last_[kMaxGroup] = {};
  uint64_t mask_[kMaxGroup] = {};  ///< low 'width' bits, computed once (no shift helper in the hook)
  bool configured_ = false;
  bool running_ = false;
  uint32_t interrupts_ = 0;
  uint32_t no_context_ = 0;
};

/// The CaptureInfo fields that follow from a sampler configuration (shape,
/// period, jitter, chain kind); the caller adds names, board and image id.
CaptureInfo capture_info_for(const SamplerConfig& cfg);

}  // namespace pmu::profile
