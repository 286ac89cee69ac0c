// Per-test backends for the host seam (pmu_host_mmio_* / pmu_host_csr_*).
//
//   ScopedBackend use(backend);   // route the seam to 'backend' for a scope
//
// Backends:
//   ModelBus       maps MmioModel/CsrModel instances at addresses (the same
//                  models the QEMU stub serves), advancing them by a
//                  per-access cycle cost, and logs every access.
//   ExpectBackend  a strict, ordered expectation list: every access must be
//                  the next expected one (kind, address, value); reads return
//                  the scripted value. Unexpected or missing accesses fail.
// Every backend records an access log (Log) so a test can count accesses or
// assert the exact sequence.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pmu_sim/mmio_model.hpp"

namespace pmu::test {

struct Access {
  enum Kind : uint8_t { kRead, kWrite, kCsrRead, kCsrWrite, kCsrSet, kCsrClear };
  Kind kind;
  uint64_t addr;   // MMIO address or CSR number
  uint64_t value;  // value read / written / bits set or cleared
  bool operator==(const Access& o) const { return kind == o.kind && addr == o.addr && value == o.value; }
};
std::string to_string(const Access& a);
std::string to_string(const std::vector<Access>& log);

// Shorthands for expectations and log comparisons.
inline Access R(uint64_t addr, uint64_t v) { return {Access::kRead, addr, v}; }
inline Access W(uint64_t addr, uint64_t v) { return {Access::kWrite, addr, v}; }
inline Access CR(uint32_t csr, uint64_t v) { return {Access::kCsrRead, csr, v}; }
inline Access CW(uint32_t csr, uint64_t v) { return {Access::kCsrWrite, csr, v}; }
inline Access CS(uint32_t csr, uint64_t bits) { return {Access::kCsrSet, csr, bits}; }
inline Access CC(uint32_t csr, uint64_t bits) { return {Access::kCsrClear, csr, bits}; }

class Backend {
 public:
  virtual ~Backend() = default;
  virtual uint32_t mmio_read32(uintptr_t addr) = 0;
  virtual void mmio_write32(uintptr_t addr, uint32_t value) = 0;
  virtual uint64_t csr_read(uint32_t csr) = 0;
  virtual void csr_write(uint32_t csr, uint64_t value) = 0;
  // Default set/clear: read, then write (models that care override them).
  virtual uint64_t csr_set(uint32_t csr, uint64_t bits);
  virtual uint64_t csr_clear(uint32_t csr, uint64_t bits);

  std::vector<Access> log;
  size_t mmio_accesses() const;
  size_t csr_accesses() const;
  void clear_log() { log.clear(); }
};

class ScopedBackend {
 public:
  explicit ScopedBackend(Backend& b);
  ~ScopedBackend();
  ScopedBackend(const ScopedBackend&) = delete;
  ScopedBackend& operator=(const ScopedBackend&) = delete;

 private:
  Backend* previous_;
};

// Models on a bus. Unmapped MMIO or CSR accesses fail the running test.
class ModelBus : public Backend {
 public:
  // Cycles that pass per bus access (the model's clock); 1 by default.
  explicit ModelBus(uint64_t cycles_per_access = 1) : cycles_per_access_(cycles_per_access) {}
  void map(uintptr_t base, uintptr_t size, models::MmioModel* m);
  void map_csr(models::CsrModel* m) { csr_ = m; }
  // Let time pass with no access.
  void advance(uint64_t cycles);

  uint32_t mmio_read32(uintptr_t addr) override;
  void mmio_write32(uintptr_t addr, uint32_t value) override;
  uint64_t csr_read(uint32_t csr) override;
  void csr_write(uint32_t csr, uint64_t value) override;

 private:
  struct Region {
    uintptr_t base, size;
    models::MmioModel* model;
  };
  Region* find(uintptr_t addr);
  std::vector<Region> regions_;
  models::CsrModel* csr_ = nullptr;
  uint64_t cycles_per_access_;
};

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
