// SPDX-License-Identifier: Apache-2.0
// Record encoding: LEB128 edges, the header's size, what valid() refuses.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/profile/record.hpp"
#include "profile_test_support.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using pmu::profile::test::small_info;

struct Bytes {
  std::vector<uint8_t> v;
  ByteOut out() {
    return ByteOut{[](void* c, uint8_t b) { static_cast<std::vector<uint8_t>*>(c)->push_back(b); }, &v};
  }
};

TEST(Record, LebEdges) {
  const struct {
    uint64_t v;
    std::vector<uint8_t> bytes;
  } cases[] = {
      {0, {0x00}},
      {127, {0x7F}},
      {128, {0x80, 0x01}},
      {0x80000000u, {0x80, 0x80, 0x80, 0x80, 0x08}},
      {~uint64_t{0}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}},
  };
  for (const auto& c : cases) {
    Bytes b;
    put_uleb(b.out(), c.v);
    EXPECT_EQ(b.v, c.bytes) << c.v;
  }
  Bytes b;
  put_u32le(b.out(), 0x11223344);
  EXPECT_EQ(b.v, (std::vector<uint8_t>{0x44, 0x33, 0x22, 0x11}));
}

TEST(Record, HeaderSizeIsWhatEncodeWrites) {
  Bytes b;
  ASSERT_EQ(encode_header(small_info(), b.out()), Status::kOk);
  EXPECT_EQ(header_size(small_info()), b.v.size());
  EXPECT_EQ(b.v.size(), 64u);
  EXPECT_EQ(b.v[1], 62u) << "the body's length follows the type byte";
}

TEST(Record, InvalidDescriptionsAreRefusedAndWriteNothing) {
  std::vector<CaptureInfo> bad(9, small_info());
  bad[0].board = nullptr;
  bad[1].group = nullptr;
  bad[2].group_count = kMaxGroup + 1;
  bad[3].sspesa_words = kMaxSspesaWords + 1;
  bad[4].image.size = kMaxImageIdBytes + 1;
  bad[5].trigger.width = 0;
  bad[6].trigger.name = "a name that is longer than sixty-three bytes, which no counter needs";
  bad[7].arch = static_cast<Arch>(7);
  bad[8].jitter_bits = 16;
  for (size_t i = 0; i < bad.size(); ++i) {
    Bytes b;
    EXPECT_FALSE(valid(bad[i])) << i;
    EXPECT_EQ(encode_header(bad[i], b.out()), Status::kBadArg) << i;
    EXPECT_TRUE(b.v.empty()) << i;
    EXPECT_EQ(header_size(bad[i]), 0u) << i;
  }
  EXPECT_EQ(encode_header(small_info(), ByteOut{}), Status::kBadArg);
}

TEST(Record, SampleClampsTheChainToTheShape) {
  const uintptr_t chain[] = {1, 2, 3};
  const uintptr_t deltas[] = {4};
  Sample s;
  s.pc = 5;
  s.depth = 3;
  s.chain = chain;
  s.deltas = deltas;
  Bytes b;
  encode_sample(SampleShape{2, 1, 0}, s, b.out());
  EXPECT_EQ(b.v, (std::vector<uint8_t>{'S', 0, 0, 5, 2, 1, 2, 4}));
}

}  // namespace
