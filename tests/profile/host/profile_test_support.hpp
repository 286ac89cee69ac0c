// SPDX-License-Identifier: Apache-2.0
// Shared fixtures of the profiler's host tests: a capture description with
// two group counters and a string sink.
#pragma once

#include <cstdint>
#include <string>

#include "pmu/profile/format.hpp"
#include "pmu/report.hpp"

namespace pmu::profile::test {

inline const CounterInfo kGroup[2] = {
    {Unit::kRiscv, 0, 64, "cycles"},
    {Unit::kSafesu, 3, 32, "dcache_miss"},
};

// depth 2, 2 group counters, no Sspesa: 6-word slots.
inline CaptureInfo small_info() {
  CaptureInfo info;
  info.image.kind = ImageId::Kind::kGnuBuildId;
  info.image.size = 4;
  info.image.bytes[0] = 0xDE;
  info.image.bytes[1] = 0xAD;
  info.image.bytes[2] = 0xBE;
  info.image.bytes[3] = 0xEF;
  info.board = "b";
  info.arch = Arch::kRiscv;
  info.trigger = {Unit::kRiscv, 2, 64, "instret"};
  info.period = 1000;
  info.chain = ChainKind::kRiscvFramePointer;
  info.max_depth = 2;
  info.group_count = 2;
  info.group = kGroup;
  return info;
}

inline void append_char(void* ctx, char c) { static_cast<std::string*>(ctx)->push_back(c); }
inline report::Sink string_sink(std::string* s) { return report::Sink{append_char, s}; }

}  // namespace pmu::profile::test
