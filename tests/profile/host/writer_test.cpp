// SPDX-License-Identifier: Apache-2.0
// The capture writer: the exact text of a known capture (expected lines
// computed independently with Python's base64 and zlib.crc32), frames that
// split a record, draining a ring, and calls out of order writing nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pmu/profile/crc32.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/writer.hpp"
#include "profile_test_support.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using pmu::profile::test::small_info;
using pmu::profile::test::string_sink;

const uintptr_t kChain1[] = {0x80000100};
const uintptr_t kDeltas1[] = {1500, 7};
const uintptr_t kDeltas2[] = {1000, 0};

Sample sample1() {
  Sample s;
  s.pc = 0x80000010;
  s.hart = 1;
  s.depth = 1;
  s.chain = kChain1;
  s.deltas = kDeltas1;
  return s;
}
Sample sample2() {
  Sample s;
  s.pc = 0x80000020;
  s.deltas = kDeltas2;
  return s;
}

// Header (64 bytes) + two samples (17 + 12) + trailer (7) = 100 bytes: the
// first frame carries 96, the second the last 4 bytes of the trailer.
const char kExpected[] =
    "@pmu:AABIPlBNVUsBAAFAAAEE3q2+7wAAAWIDAkAHaW5zdHJldOgHAAECAAIDAEAGY3ljbGVzAQMgC2RjYWNoZV9taXNzUwABkICAgAgBgI"
    "KAgAjcCwdTAACggICACADoBwBUAgUOnLfK\n"
    "@pmu:AQDlQpF28PUdOQ==\n";

TEST(Writer, WritesTheExactFramesOfAKnownCapture) {
  std::string out;
  CaptureWriter w(string_sink(&out));
  ASSERT_EQ(w.begin(small_info()), Status::kOk);
  ASSERT_EQ(w.write(sample1()), Status::kOk);
  ASSERT_EQ(w.write(sample2()), Status::kOk);
  EXPECT_EQ(out, "") << "nothing before a frame is full";
  ASSERT_EQ(w.end(5), Status::kOk);
  EXPECT_EQ(out, kExpected);
  EXPECT_EQ(w.samples(), 2u);
  EXPECT_FALSE(w.open());
}

TEST(Writer, DrainingTheRingWritesTheSameCapture) {
  std::vector<uint64_t> storage(64);
  SampleRing ring;
  ASSERT_EQ(ring.init(storage.data(), storage.size() * 8, small_info()), Status::kOk);
  for (const Sample& s : {sample1(), sample2()}) {
    uintptr_t* slot = ring.reserve();
    ASSERT_NE(slot, nullptr);
    slot[0] = s.pc;
    slot[1] = slot_meta(s.hart, s.depth, s.flags);
    for (unsigned i = 0; i < s.depth; ++i) slot[kSlotChain + i] = s.chain[i];
    for (unsigned i = 0; i < 2; ++i) slot[slot_deltas(ring.shape()) + i] = s.deltas[i];
    ring.commit();
  }
  std::string out;
  CaptureWriter w(string_sink(&out));
  ASSERT_EQ(w.begin(ring), Status::kOk);
  EXPECT_EQ(w.drain(ring, 1), 1u) << "max bounds one drain";
  EXPECT_EQ(w.drain(ring), 1u);
  EXPECT_EQ(ring.pending(), 0u);
  ASSERT_EQ(w.end(5), Status::kOk);
  EXPECT_EQ(out, kExpected);
}

TEST(Writer, FlushEndsALineAndTheNextFrameContinuesTheSequence) {
  std::string out;
  CaptureWriter w(string_sink(&out));
  ASSERT_EQ(w.begin(small_info()), Status::kOk);
  w.flush();
  ASSERT_EQ(out.back(), '\n');
  ASSERT_EQ(out.find('\n'), out.size() - 1) << "one line: the header";
  ASSERT_EQ(w.write(sample2()), Status::kOk);
  ASSERT_EQ(w.end(0), Status::kOk);
  // Second line: seq 1 (bytes 01 00: base64 "AQ" then 4 bits of the payload).
  const size_t second = out.find('\n') + 1;
  EXPECT_EQ(out.compare(second, 7, "@pmu:AQ"), 0) << out;
}

TEST(Writer, CallsOutOfOrderOrWithBadArgumentsWriteNothing) {
  std::string out;
  CaptureWriter none(report::Sink{});
  EXPECT_EQ(none.begin(small_info()), Status::kBadArg);
  CaptureWriter w(string_sink(&out));
  EXPECT_EQ(w.write(sample1()), Status::kBadArg) << "no capture open";
  EXPECT_EQ(w.end(0), Status::kBadArg);
  SampleRing uninitialised;
  EXPECT_EQ(w.begin(uninitialised), Status::kBadArg);
  CaptureInfo bad = small_info();
  bad.board = nullptr;
  EXPECT_EQ(w.begin(bad), Status::kBadArg);
  EXPECT_EQ(out, "");
  ASSERT_EQ(w.begin(small_info()), Status::kOk);
  EXPECT_EQ(w.begin(small_info()), Status::kBadArg) << "already open";
  Sample deep = sample1();
  deep.depth = 3;  // the header says at most 2
  EXPECT_EQ(w.write(deep), Status::kBadArg);
  Sample no_deltas = sample1();
  no_deltas.deltas = nullptr;
  EXPECT_EQ(w.write(no_deltas), Status::kBadArg);
  EXPECT_EQ(w.samples(), 0u);
  std::vector<uint64_t> storage(64);
  SampleRing other;
  CaptureInfo other_info = small_info();
  other_info.max_depth = 0;
  ASSERT_EQ(other.init(storage.data(), storage.size() * 8, other_info), Status::kOk);
  EXPECT_EQ(w.drain(other), 0u) << "a ring of another shape";
  EXPECT_EQ(out, "");
}

// Images declare these as globals: constant initialisation means no static
// constructor (which pmukit images must not have). This does not compile
// otherwise.
TEST(Writer, ProfilerObjectsAreConstantInitialised) {
  static constexpr CaptureWriter kWriter{report::Sink{}};
  static constexpr SampleRing kRing{};
  static constexpr Sampler kSampler{};
  static constexpr CaptureInfo kInfo{};
  EXPECT_FALSE(kWriter.open());
  EXPECT_EQ(kRing.capacity(), 0u);
  EXPECT_FALSE(kSampler.running());
  EXPECT_EQ(kInfo.group_count, 0);
}

TEST(Crc32, MatchesTheStandardCheckValueAndContinues) {
  const char* s = "123456789";
  EXPECT_EQ(crc32(0, s, 9), 0xCBF43926u);
  EXPECT_EQ(crc32(crc32(0, s, 4), s + 4, 5), 0xCBF43926u);
  EXPECT_EQ(crc32(0, s, 0), 0u);
}

}  // namespace
