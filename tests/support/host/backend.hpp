// SPDX-License-Identifier: Apache-2.0
// GoogleTest glue for the host seam: the backends that turn an access into a
// test failure, and the sim host bus names under pmu::test.
//
//   ScopedBackend use(backend);   // route the seam to 'backend' for a scope
//
// Backends:
//   ModelBus       (pmu_sim/host_bus.hpp) the behavioural models at addresses;
//                  an unmapped access fails the running test.
//   ExpectBackend  a strict, ordered expectation list: every access must be
//                  the next expected one (kind, address, value); reads return
//                  the scripted value. Unexpected or missing accesses fail.
//                  SBI calls (ecall) are expectations too: SBI(fid, args,
//                  error, value) scripts the reply exactly.
//   NoAccessBackend  any access at all fails the test: "bad input touches
//                  nothing".
// Every backend records an access log (log) so a test can count accesses or
// assert the exact sequence.
#pragma once

#include <initializer_list>
#include <vector>

#include "pmu_sim/host_bus.hpp"

namespace pmu::test {

using pmu_sim::Access;
using pmu_sim::Backend;
using pmu_sim::CC;
using pmu_sim::CR;
using pmu_sim::CS;
using pmu_sim::CW;
using pmu_sim::ModelBus;
using pmu_sim::R;
using pmu_sim::SBI;
using pmu_sim::ScopedBackend;
using pmu_sim::to_string;
using pmu_sim::W;

// Routes the sim host bus's faults (unmapped access, no backend) to
// ADD_FAILURE; main() installs it.
void report_bus_faults_as_failures();

// Strict ordered expectations. Reads return the scripted value. verify()
// (also run by the destructor) fails the test if expectations remain.
class ExpectBackend : public Backend {
 public:
  ExpectBackend& expect(const Access& a);
  ExpectBackend& expect(std::initializer_list<Access> seq);
  void verify();
  ~ExpectBackend() override;

  uint32_t mmio_read32(uintptr_t addr) override;
  void mmio_write32(uintptr_t addr, uint32_t value) override;
  uint64_t csr_read(uint32_t csr) override;
  void csr_write(uint32_t csr, uint64_t value) override;
  uint64_t csr_set(uint32_t csr, uint64_t bits) override;
  uint64_t csr_clear(uint32_t csr, uint64_t bits) override;
  pmu::models::SbiRetModel sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) override;

 private:
  uint64_t take(Access::Kind kind, uint64_t addr, uint64_t value);
  std::vector<Access> expected_;
  size_t next_ = 0;
  bool verified_ = false;
};

// Fails the test on any access at all: for "bad argument touches nothing".
class NoAccessBackend : public Backend {
 public:
  uint32_t mmio_read32(uintptr_t addr) override;
  void mmio_write32(uintptr_t addr, uint32_t value) override;
  uint64_t csr_read(uint32_t csr) override;
  void csr_write(uint32_t csr, uint64_t value) override;
};

}  // namespace pmu::test
