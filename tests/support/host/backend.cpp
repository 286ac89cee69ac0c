// SPDX-License-Identifier: Apache-2.0
#include "host/backend.hpp"

#include <gtest/gtest.h>

namespace pmu::test {

void report_bus_faults_as_failures() {
  pmu_sim::set_fault_handler([](const std::string& what) { ADD_FAILURE() << what; });
}

// ---- ExpectBackend ----
ExpectBackend& ExpectBackend::expect(const Access& a) {
  expected_.push_back(a);
  return *this;
}
ExpectBackend& ExpectBackend::expect(std::initializer_list<Access> seq) {
  for (const auto& a : seq) expected_.push_back(a);
  return *this;
}
uint64_t ExpectBackend::take(Access::Kind kind, uint64_t addr, uint64_t value) {
  const bool is_read = kind == Access::kRead || kind == Access::kCsrRead;
  if (next_ >= expected_.size()) {
    ADD_FAILURE() << "unexpected access " << to_string(Access{kind, addr, value}) << " after "
                  << expected_.size() << " expected";
    log.push_back({kind, addr, value});
    return 0;
  }
  const Access& e = expected_[next_++];
  if (e.kind != kind || e.addr != addr || (!is_read && e.value != value)) {
    ADD_FAILURE() << "access #" << (next_ - 1) << ": expected " << to_string(e) << ", got "
                  << to_string(Access{kind, addr, value});
  }
  const uint64_t v = is_read ? e.value : value;
  log.push_back({kind, addr, v});
  return v;
}
void ExpectBackend::verify() {
  verified_ = true;
  if (next_ != expected_.size()) {
    std::string missing;
    for (size_t i = next_; i < expected_.size(); ++i) missing += to_string(expected_[i]) + " ";
    ADD_FAILURE() << (expected_.size() - next_) << " expected access(es) not made: " << missing;
  }
}
ExpectBackend::~ExpectBackend() {
  if (!verified_) verify();
}
uint32_t ExpectBackend::mmio_read32(uintptr_t addr) {
  return static_cast<uint32_t>(take(Access::kRead, addr, 0));
}
void ExpectBackend::mmio_write32(uintptr_t addr, uint32_t value) { take(Access::kWrite, addr, value); }
uint64_t ExpectBackend::csr_read(uint32_t csr) { return take(Access::kCsrRead, csr, 0); }
void ExpectBackend::csr_write(uint32_t csr, uint64_t value) { take(Access::kCsrWrite, csr, value); }
uint64_t ExpectBackend::csr_set(uint32_t csr, uint64_t bits) {
  // The scripted entry's value is the bits; csrrs returns the old value, which
  // an expectation can script with a following CR(...) if the test needs it.
  take(Access::kCsrSet, csr, bits);
  return 0;
}
uint64_t ExpectBackend::csr_clear(uint32_t csr, uint64_t bits) {
  take(Access::kCsrClear, csr, bits);
  return 0;
}

pmu::models::SbiRetModel ExpectBackend::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  Access got{Access::kSbi, (uint64_t{eid} << 8) | fid, 0};
  for (unsigned k = 0; k < 6; ++k) got.args[k] = a[k];
  if (next_ >= expected_.size()) {
    ADD_FAILURE() << "unexpected " << to_string(got) << " after " << expected_.size() << " expected";
    log.push_back(got);
    return {-2, 0};  // SBI_ERR_NOT_SUPPORTED
  }
  const Access& e = expected_[next_++];
  bool same = e.kind == got.kind && e.addr == got.addr;
  for (unsigned k = 0; k < 6; ++k) same = same && e.args[k] == got.args[k];
  if (!same) ADD_FAILURE() << "access #" << (next_ - 1) << ": expected " << to_string(e) << ", got " << to_string(got);
  got.value = e.value;
  got.error = e.error;
  log.push_back(got);
  return {e.error, e.value};
}

// ---- NoAccessBackend ----
uint32_t NoAccessBackend::mmio_read32(uintptr_t addr) {
  ADD_FAILURE() << "MMIO read at 0x" << std::hex << addr << " where no access was allowed";
  log.push_back(R(addr, 0));
  return 0;
}
void NoAccessBackend::mmio_write32(uintptr_t addr, uint32_t value) {
  ADD_FAILURE() << "MMIO write at 0x" << std::hex << addr << " where no access was allowed";
  log.push_back(W(addr, value));
}
uint64_t NoAccessBackend::csr_read(uint32_t csr) {
  ADD_FAILURE() << "CSR read 0x" << std::hex << csr << " where no access was allowed";
  log.push_back(CR(csr, 0));
  return 0;
}
void NoAccessBackend::csr_write(uint32_t csr, uint64_t value) {
  ADD_FAILURE() << "CSR write 0x" << std::hex << csr << " where no access was allowed";
  log.push_back(CW(csr, value));
}

}  // namespace pmu::test
