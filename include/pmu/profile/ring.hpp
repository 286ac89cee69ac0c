// SPDX-License-Identifier: Apache-2.0
// The sample ring: a lock-free, fixed-size ring in storage the application
// gives, written by one producer (the overflow hook) and read by one
// consumer (the drainer). A full ring refuses the sample and counts it as
// dropped; it never blocks, waits or overwrites.
//
// The storage is also the RAM-dump form of a capture (docs/profiling.md,
// "RAM dump"): a control block, the encoded header record, then the slots.
// A debugger or the QEMU monitor (memsave) dumps it and pmukit-profile
// --dump reads it, with or without the drainer having run.
//
// Concurrency: one producer context and one consumer context per ring (an
// interrupt and the code it interrupts, or two harts). head/dropped are
// written only by the producer, tail only by the consumer; each publishes
// with a release store and reads the other's index with an acquire load.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/profile/format.hpp"
#include "pmu/status.hpp"

namespace pmu::profile {

/// The first 48 bytes of the storage. Multi-byte fields are in the target's
/// byte order (big_endian says which), so a dump reads on any host.
struct RingControl {
  char magic[4];          ///< kDumpMagic
  uint8_t version;        ///< kVersionMajor
  uint8_t big_endian;     ///< 1 on LEON3
  uint8_t word_bytes;     ///< sizeof(uintptr_t): 4 or 8
  uint8_t reserved0;      ///< 0
  uint32_t header_bytes;  ///< the header record that follows this block
  uint32_t header_crc;    ///< CRC-32 of those bytes
  uint32_t slot_words;    ///< words per slot
  uint32_t capacity;      ///< slots
  uint32_t head;          ///< samples committed (producer; wraps at 2^32)
  uint32_t tail;          ///< samples released (consumer; wraps at 2^32)
  uint32_t dropped;       ///< samples refused: ring full (producer)
  uint32_t head_pos;      ///< slot the next sample goes to (producer)
  uint32_t tail_pos;      ///< slot of the oldest sample (consumer)
  uint32_t reserved1;     ///< 0
};
static_assert(sizeof(RingControl) == 48, "dump layout: docs/profiling.md");

/// Where the header record and the slots start in the storage.
constexpr size_t kRingHeaderOffset = sizeof(RingControl);
/// Byte offset of the first slot for a header record of header_bytes bytes (8-byte aligned).
constexpr size_t ring_slots_offset(size_t header_bytes) { return (kRingHeaderOffset + header_bytes + 7) & ~size_t{7}; }

/// The single-producer, single-consumer sample ring (see the file comment).
class SampleRing {
 public:
  constexpr SampleRing() = default;

  /// Lays out 'storage': the control block, the header record of 'info', and
  /// as many slots as fit (shape_of(info).slot_words() words each). kBadArg
  /// and the storage untouched if storage is null or not 8-byte aligned,
  /// info is not valid(), or fewer than 2 slots fit.
  Status init(void* storage, size_t bytes, const CaptureInfo& info);

  // ---- producer (one context) ----
  // Inline: they run in the overflow hook.
  /// The slot the next sample goes to, or nullptr if the ring is full (the
  /// sample counts as dropped) or not initialised. Reserving again before
  /// commit() returns the same slot.
  __attribute__((always_inline)) uintptr_t* reserve() {
    if (ctl_ == nullptr) return nullptr;
    if (ctl_->head - __atomic_load_n(&ctl_->tail, __ATOMIC_ACQUIRE) >= ctl_->capacity) {
      __atomic_store_n(&ctl_->dropped, ctl_->dropped + 1, __ATOMIC_RELAXED);
      return nullptr;
    }
    return slots_ + static_cast<size_t>(ctl_->head_pos) * slot_words_;
  }
  /// Publishes the slot reserve() returned (nothing if it returned nullptr).
  __attribute__((always_inline)) void commit() {
    if (ctl_ == nullptr || ctl_->head - __atomic_load_n(&ctl_->tail, __ATOMIC_ACQUIRE) >= ctl_->capacity) return;
    const uint32_t next = ctl_->head_pos + 1;
    ctl_->head_pos = next == ctl_->capacity ? 0 : next;
    __atomic_store_n(&ctl_->head, ctl_->head + 1, __ATOMIC_RELEASE);
  }

  // ---- consumer (one context) ----
  /// The oldest committed sample, or nullptr if there is none.
  const uintptr_t* peek() const;
  /// Frees the slot peek() returned (nothing if the ring is empty).
  void release();

  // ---- either side ----
  /// Slots (0 before init()).
  uint32_t capacity() const { return ctl_ != nullptr ? ctl_->capacity : 0; }
  /// Samples committed since init.
  uint32_t committed() const;
  /// Samples refused since init.
  uint32_t dropped() const;
  /// Committed and not yet released.
  uint32_t pending() const;
  /// What each slot holds.
  const SampleShape& shape() const { return shape_; }
  /// The encoded header record.
  const uint8_t* header() const;
  /// Its size in bytes.
  size_t header_bytes() const { return ctl_ != nullptr ? ctl_->header_bytes : 0; }

 private:
  RingControl* ctl_ = nullptr;
  uintptr_t* slots_ = nullptr;
  SampleShape shape_{};
  uint32_t slot_words_ = 0;
};

// ---- slot layout -----------------------------------------------------------------
// word 0: pc; word 1: meta = hart | depth << 16 | flags << 24; then
// max_depth chain words, group_count deltas, sspesa_words Sspesa words.
/// Slot word 1: hart | depth << 16 | flags << 24.
constexpr uintptr_t slot_meta(uint16_t hart, uint8_t depth, uint8_t flags) {
  return static_cast<uintptr_t>(hart) | static_cast<uintptr_t>(depth) << 16 | static_cast<uintptr_t>(flags) << 24;
}
constexpr unsigned kSlotChain = 2;  ///< Word index of the first chain entry in a slot.
/// Word index of the first counter delta in a slot of shape s.
constexpr unsigned slot_deltas(const SampleShape& s) { return kSlotChain + s.max_depth; }
/// Word index of the first Sspesa word in a slot of shape s.
constexpr unsigned slot_sspesa(const SampleShape& s) { return slot_deltas(s) + s.group_count; }

/// The sample a slot holds (pointers into the slot).
Sample slot_sample(const uintptr_t* slot, const SampleShape& shape);

}  // namespace pmu::profile
