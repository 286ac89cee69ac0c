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

uint32_t StubTestDevice::read(uint32_t offset, unsigned) {
  ++reads_;
  return word(offset);  // the whole word, as a bus slave drives it: the CPU picks the lanes
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
