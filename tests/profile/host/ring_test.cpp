// SPDX-License-Identifier: Apache-2.0
// The sample ring: layout in the storage (the RAM-dump form), FIFO order
// across wraparound, full-ring drops that never overwrite, what each side
// sees between reserve/commit and peek/release, and a two-thread run.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "pmu/profile/crc32.hpp"
#include "pmu/profile/record.hpp"
#include "pmu/profile/ring.hpp"
#include "profile_test_support.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using pmu::profile::test::small_info;

// Storage for 'slots' slots of small_info()'s shape (6 words).
struct Storage {
  explicit Storage(size_t slots) : words((ring_slots_offset(header_size(small_info())) / 8) + slots * 6) {}
  void* data() { return words.data(); }
  size_t bytes() const { return words.size() * sizeof(uint64_t); }
  std::vector<uint64_t> words;
};

void push(SampleRing& r, uintptr_t tag) {
  uintptr_t* s = r.reserve();
  ASSERT_NE(s, nullptr);
  for (unsigned i = 0; i < 6; ++i) s[i] = tag * 10 + i;
  s[1] = slot_meta(0, 0, 0);
  r.commit();
}

uintptr_t pop(SampleRing& r) {
  const uintptr_t* s = r.peek();
  if (s == nullptr) return ~uintptr_t{0};
  const uintptr_t tag = s[0] / 10;
  for (unsigned i = 2; i < 6; ++i) EXPECT_EQ(s[i], tag * 10 + i) << "slot torn";
  r.release();
  return tag;
}

RingControl& control(Storage& st) { return *static_cast<RingControl*>(st.data()); }

TEST(Ring, InitRejectsBadStorageAndLeavesItUntouched) {
  Storage st(4);
  std::memset(st.data(), 0x5A, st.bytes());
  SampleRing r;
  CaptureInfo bad = small_info();
  bad.max_depth = kMaxDepth + 1;
  EXPECT_EQ(r.init(nullptr, st.bytes(), small_info()), Status::kBadArg);
  EXPECT_EQ(r.init(static_cast<char*>(st.data()) + 4, st.bytes() - 8, small_info()), Status::kBadArg);
  EXPECT_EQ(r.init(st.data(), ring_slots_offset(header_size(small_info())) + 6 * 8, small_info()), Status::kBadArg)
      << "one slot is not a ring";
  EXPECT_EQ(r.init(st.data(), st.bytes(), bad), Status::kBadArg);
  for (size_t i = 0; i < st.bytes(); ++i) ASSERT_EQ(static_cast<uint8_t*>(st.data())[i], 0x5A);
  EXPECT_EQ(r.reserve(), nullptr);
  EXPECT_EQ(r.peek(), nullptr);
  EXPECT_EQ(r.dropped(), 0u) << "an uninitialised ring counts nothing";
}

TEST(Ring, StorageHoldsTheDumpControlBlockAndTheHeaderRecord) {
  Storage st(5);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  const RingControl& c = control(st);
  EXPECT_EQ(std::memcmp(c.magic, "PMUD", 4), 0);
  EXPECT_EQ(c.version, kVersionMajor);
  EXPECT_EQ(c.big_endian, 0);
  EXPECT_EQ(c.word_bytes, sizeof(uintptr_t));
  EXPECT_EQ(c.slot_words, 6u);
  EXPECT_EQ(c.capacity, 5u);
  EXPECT_EQ(r.capacity(), 5u);
  std::vector<uint8_t> header;
  ASSERT_EQ(encode_header(small_info(), ByteOut{[](void* v, uint8_t b) { static_cast<std::vector<uint8_t>*>(v)->push_back(b); }, &header}),
            Status::kOk);
  ASSERT_EQ(c.header_bytes, header.size());
  EXPECT_EQ(std::memcmp(static_cast<uint8_t*>(st.data()) + kRingHeaderOffset, header.data(), header.size()), 0);
  EXPECT_EQ(r.header(), static_cast<uint8_t*>(st.data()) + kRingHeaderOffset);
  EXPECT_EQ(c.header_crc, crc32(0, header.data(), header.size()));
  EXPECT_EQ(c.head + c.tail + c.dropped + c.head_pos + c.tail_pos, 0u);
}

TEST(Ring, KeepsFifoOrderAcrossManyWraparounds) {
  Storage st(3);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  ASSERT_EQ(r.capacity(), 3u);
  uintptr_t next_in = 1, next_out = 1;
  for (int round = 0; round < 20; ++round) {
    const unsigned n = 1 + round % 3;  // 1, 2, 3 in flight: every phase of the wrap
    for (unsigned i = 0; i < n; ++i) push(r, next_in++);
    EXPECT_EQ(r.pending(), n);
    for (unsigned i = 0; i < n; ++i) EXPECT_EQ(pop(r), next_out++);
    EXPECT_EQ(r.peek(), nullptr);
  }
  EXPECT_EQ(r.committed(), next_in - 1);
  EXPECT_EQ(control(st).head_pos, (next_in - 1) % 3);
  EXPECT_EQ(control(st).tail_pos, (next_out - 1) % 3);
  EXPECT_EQ(r.dropped(), 0u);
}

TEST(Ring, AFullRingDropsAndCountsWithoutOverwriting) {
  Storage st(4);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  for (uintptr_t t = 1; t <= 4; ++t) push(r, t);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(r.reserve(), nullptr);
    r.commit();  // a commit after a refused reserve publishes nothing
  }
  EXPECT_EQ(r.dropped(), 3u);
  EXPECT_EQ(r.committed(), 4u);
  EXPECT_EQ(pop(r), 1u);
  push(r, 5);  // one slot freed: one sample fits again
  EXPECT_EQ(r.reserve(), nullptr);
  EXPECT_EQ(r.dropped(), 4u);
  for (uintptr_t t = 2; t <= 5; ++t) EXPECT_EQ(pop(r), t);
  EXPECT_EQ(r.peek(), nullptr);
  r.release();  // on an empty ring: nothing
  EXPECT_EQ(control(st).tail, 5u);
}

TEST(Ring, AReservedSlotIsInvisibleUntilCommitted) {
  Storage st(2);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  uintptr_t* a = r.reserve();
  ASSERT_NE(a, nullptr);
  a[0] = 10;
  EXPECT_EQ(r.peek(), nullptr) << "the consumer must not see a half-written sample";
  EXPECT_EQ(r.reserve(), a) << "reserving again before commit gives the same slot";
  r.commit();
  const uintptr_t* seen = r.peek();
  ASSERT_EQ(seen, a);
  // The producer fills the other slot while the consumer still holds 'a'.
  uintptr_t* b = r.reserve();
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b, a);
  b[0] = 20;
  r.commit();
  EXPECT_EQ(r.reserve(), nullptr) << "full: the slot the consumer reads is not reused";
  EXPECT_EQ(seen[0], 10u);
  r.release();
  EXPECT_EQ(r.peek()[0], 20u);
  EXPECT_EQ(r.reserve(), a) << "released: reused";
}

TEST(Ring, IndicesWrapAt2To32) {
  Storage st(3);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  control(st).head = control(st).tail = 0xFFFFFFFEu;  // as after 4 billion samples
  for (uintptr_t t = 1; t <= 3; ++t) push(r, t);
  EXPECT_EQ(r.reserve(), nullptr);
  EXPECT_EQ(r.pending(), 3u);
  EXPECT_EQ(control(st).head, 1u);
  for (uintptr_t t = 1; t <= 3; ++t) EXPECT_EQ(pop(r), t);
  EXPECT_EQ(r.pending(), 0u);
  EXPECT_EQ(r.dropped(), 1u);
}

TEST(Ring, SlotSampleReadsTheDocumentedLayout) {
  const SampleShape shape{2, 2, 1};
  const uintptr_t slot[7] = {0x8000, slot_meta(3, 1, kFlagChainTruncated), 0x9000, 0, 11, 22, 7};
  const Sample s = slot_sample(slot, shape);
  EXPECT_EQ(s.pc, 0x8000u);
  EXPECT_EQ(s.hart, 3);
  EXPECT_EQ(s.depth, 1);
  EXPECT_EQ(s.flags, kFlagChainTruncated);
  EXPECT_EQ(s.chain[0], 0x9000u);
  EXPECT_EQ(s.deltas[1], 22u);
  EXPECT_EQ(s.sspesa[0], 7u);
  const uintptr_t bad[7] = {0, slot_meta(0, 9, 0), 0, 0, 0, 0, 0};
  EXPECT_EQ(slot_sample(bad, shape).depth, 2) << "a depth past the shape is clamped";
}

// A producer thread (the hook) and a consumer thread (the drainer) on a
// small ring: every sample arrives whole and in order, or is counted as
// dropped; nothing else.
TEST(Ring, TwoThreadsLoseNothingUncounted) {
  Storage st(8);
  SampleRing r;
  ASSERT_EQ(r.init(st.data(), st.bytes(), small_info()), Status::kOk);
  constexpr uintptr_t kN = 200000;
  std::atomic<bool> done{false};
  std::thread producer([&] {
    for (uintptr_t t = 1; t <= kN; ++t) {
      uintptr_t* s = r.reserve();
      if (s == nullptr) continue;
      for (unsigned i = 0; i < 6; ++i) s[i] = t * 10 + i;
      r.commit();
    }
    done = true;
  });
  uintptr_t received = 0, last = 0;
  bool ordered = true;
  for (;;) {
    const bool finished = done.load();
    const uintptr_t t = pop(r);
    if (t == ~uintptr_t{0}) {
      if (finished) break;
      continue;
    }
    ordered &= t > last;
    last = t;
    ++received;
  }
  producer.join();
  EXPECT_TRUE(ordered);
  EXPECT_EQ(received + r.dropped(), kN);
  EXPECT_GT(received, 0u);
}

}  // namespace
