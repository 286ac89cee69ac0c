// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/ring.hpp"

#include "pmu/profile/crc32.hpp"
#include "pmu/profile/record.hpp"

namespace pmu::profile {
namespace {

uint32_t load_acquire(const uint32_t& v) { return __atomic_load_n(&v, __ATOMIC_ACQUIRE); }
uint32_t load_relaxed(const uint32_t& v) { return __atomic_load_n(&v, __ATOMIC_RELAXED); }
void store_release(uint32_t& v, uint32_t x) { __atomic_store_n(&v, x, __ATOMIC_RELEASE); }

struct Cursor {
  uint8_t* at;
};
void put_at(void* ctx, uint8_t b) { *static_cast<Cursor*>(ctx)->at++ = b; }

}  // namespace

Status SampleRing::init(void* storage, size_t bytes, const CaptureInfo& info) {
  if (storage == nullptr || (reinterpret_cast<uintptr_t>(storage) & 7) != 0 || !valid(info)) return Status::kBadArg;
  const size_t header = header_size(info);
  const SampleShape shape = shape_of(info);
  const size_t slot_bytes = shape.slot_words() * sizeof(uintptr_t);
  const size_t offset = ring_slots_offset(header);
  if (bytes < offset || (bytes - offset) / slot_bytes < 2) return Status::kBadArg;
  size_t capacity = (bytes - offset) / slot_bytes;
  if (capacity > 0xFFFFFFFFu) capacity = 0xFFFFFFFFu;

  uint8_t* base = static_cast<uint8_t*>(storage);
  Cursor cursor{base + kRingHeaderOffset};
  (void)encode_header(info, ByteOut{put_at, &cursor});
  while (cursor.at < base + offset) *cursor.at++ = 0;

  RingControl* c = static_cast<RingControl*>(storage);
  for (unsigned i = 0; i < 4; ++i) c->magic[i] = kDumpMagic[i];
  c->version = kVersionMajor;
  c->big_endian = kBigEndian ? 1 : 0;
  c->word_bytes = sizeof(uintptr_t);
  c->reserved0 = 0;
  c->header_bytes = static_cast<uint32_t>(header);
  c->header_crc = crc32(0, base + kRingHeaderOffset, header);
  c->slot_words = shape.slot_words();
  c->capacity = static_cast<uint32_t>(capacity);
  c->head = 0;
  c->tail = 0;
  c->dropped = 0;
  c->head_pos = 0;
  c->tail_pos = 0;
  c->reserved1 = 0;

  ctl_ = c;
  slots_ = reinterpret_cast<uintptr_t*>(base + offset);
  shape_ = shape;
  slot_words_ = shape.slot_words();
  return Status::kOk;
}

const uintptr_t* SampleRing::peek() const {
  if (ctl_ == nullptr || load_acquire(ctl_->head) == ctl_->tail) return nullptr;
  return slots_ + static_cast<size_t>(ctl_->tail_pos) * slot_words_;
}

void SampleRing::release() {
  if (ctl_ == nullptr || load_acquire(ctl_->head) == ctl_->tail) return;
  const uint32_t next = ctl_->tail_pos + 1;
  ctl_->tail_pos = next == ctl_->capacity ? 0 : next;
  store_release(ctl_->tail, ctl_->tail + 1);
}

uint32_t SampleRing::committed() const { return ctl_ != nullptr ? load_acquire(ctl_->head) : 0; }
uint32_t SampleRing::dropped() const { return ctl_ != nullptr ? load_relaxed(ctl_->dropped) : 0; }
uint32_t SampleRing::pending() const {
  return ctl_ != nullptr ? load_acquire(ctl_->head) - load_acquire(ctl_->tail) : 0;
}
const uint8_t* SampleRing::header() const {
  return ctl_ != nullptr ? reinterpret_cast<const uint8_t*>(ctl_) + kRingHeaderOffset : nullptr;
}

Sample slot_sample(const uintptr_t* slot, const SampleShape& shape) {
  Sample s;
  s.pc = slot[0];
  s.hart = static_cast<uint16_t>(slot[1]);
  s.depth = static_cast<uint8_t>(slot[1] >> 16);
  s.flags = static_cast<uint8_t>(slot[1] >> 24);
  if (s.depth > shape.max_depth) s.depth = shape.max_depth;
  s.chain = slot + kSlotChain;
  s.deltas = slot + slot_deltas(shape);
  s.sspesa = slot + slot_sspesa(shape);
  return s;
}

}  // namespace pmu::profile
