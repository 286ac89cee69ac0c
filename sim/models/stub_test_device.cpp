// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/stub_test_device.hpp"

namespace pmu::models {

uint32_t StubTestDevice::word(uint32_t offset) const {
  switch (offset & ~3u) {
    case kScratch: return scratch_;
    case kId: return kIdValue;
    case kStatus: return status_;
    case kTime: return static_cast<uint32_t>(time_);
    default: return 0;
  }
}

uint32_t StubTestDevice::read(uint32_t offset, unsigned size) {
  ++reads_;
  const uint32_t w = word(offset);
  if (size >= 4) return w;
  // Byte lanes: little-endian puts offset 0 in bits 7:0, big-endian in 31:24.
  const unsigned lane = offset & 3u;
  const unsigned shift = big_endian_ ? (4 - size - lane) * 8 : lane * 8;
  const uint32_t mask = size == 1 ? 0xFFu : 0xFFFFu;
  return (w >> shift) & mask;
}

void StubTestDevice::write(uint32_t offset, unsigned size, uint32_t value) {
  ++writes_;
  if (size != 4) return;  // the test device accepts only word writes
  switch (offset) {
    case kScratch: scratch_ = value; break;
    case kStatus: status_ &= ~value; break;
    case kRaise: status_ |= value; break;
    default: break;  // RO and unmapped: ignored
  }
}

bool StubTestCsrs::csr_read(uint32_t csr, uint64_t* value) {
  if (csr == kScratchCsr) {
    *value = scratch_;
  } else if (csr == kTimeCsr) {
    *value = time_ & 0xFFFFFFFFu;
  } else {
    return false;
  }
  ++reads_;
  return true;
}

bool StubTestCsrs::csr_write(uint32_t csr, uint64_t value) {
  if (csr == kScratchCsr) {
    scratch_ = value;
    return true;
  }
  return false;  // the time CSR is read-only: a write is refused (an illegal instruction)
}

}  // namespace pmu::models
