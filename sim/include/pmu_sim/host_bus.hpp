// SPDX-License-Identifier: Apache-2.0
// The host seam backend over the behavioural models: run firmware logic built
// with -DPMU_HOST on a PC against the same models the QEMU runtime serves.
// sim/host/host_bus.cpp defines the seven pmu_host_* seam functions
// (include/pmu/hal/host_seam.h: MMIO, CSRs, and the SBI call an S-mode
// driver makes) and routes them to the installed backend:
//
//   pmu_sim::ModelBus bus;                  // models at addresses, access log
//   bus.map(0x80100000, SafesuModel::kWindowSize, &model);
//   pmu_sim::ScopedBackend use(bus);        // the seam goes to 'bus' in this scope
//
// No test framework is needed. An access nobody serves (no backend
// installed, an unmapped address, a CSR no model has) goes to the fault
// handler: by default it prints the access and aborts; a test framework
// installs its own (tests/support/host reports a GoogleTest failure).
#pragma once

#include <stdint.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "pmu_sim/mmio_model.hpp"
#include "pmu_sim/riscv_sbi_model.hpp"

namespace pmu_sim {

struct Access {
  enum Kind : uint8_t { kRead, kWrite, kCsrRead, kCsrWrite, kCsrSet, kCsrClear, kSbi };
  Kind kind;
  uint64_t addr;   // MMIO address, CSR number, or (SBI) eid << 8 | fid
  uint64_t value;  // value read / written / bits set or cleared; SBI: the reply's value
  uint64_t args[6] = {};  // SBI: a0..a5
  int64_t error = 0;      // SBI: the reply's error
  bool operator==(const Access& o) const {
    if (kind != o.kind || addr != o.addr || value != o.value || error != o.error) return false;
    for (unsigned k = 0; k < 6; ++k)
      if (args[k] != o.args[k]) return false;
    return true;
  }
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
// An SBI PMU call (EID 0x504D55) and its reply; unused arguments are 0.
inline Access SBI(uint32_t fid, std::initializer_list<uint64_t> a, int64_t error = 0, uint64_t value = 0,
                  uint32_t eid = 0x504D55) {
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, value};
  unsigned k = 0;
  for (uint64_t v : a)
    if (k < 6) x.args[k++] = v;
  x.error = error;
  return x;
}

// What serves the seam. Every backend records an access log so a caller can
// count accesses or assert the exact sequence.
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
  // An SBI call (ecall from S-mode); the default is a fault (no SBI
  // implementation below) that replies SBI_ERR_NOT_SUPPORTED.
  virtual pmu::models::SbiRetModel sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]);

  std::vector<Access> log;
  size_t mmio_accesses() const;
  size_t csr_accesses() const;
  void clear_log() { log.clear(); }
};

// Routes the seam to a backend for a scope (nests: the previous one returns).
class ScopedBackend {
 public:
  explicit ScopedBackend(Backend& b);
  ~ScopedBackend();
  ScopedBackend(const ScopedBackend&) = delete;
  ScopedBackend& operator=(const ScopedBackend&) = delete;

 private:
  Backend* previous_;
};

// Called for an access nobody serves, with a one-line description. The
// access then reads 0 / is dropped. Returns the previous handler.
using FaultHandler = void (*)(const std::string& what);
FaultHandler set_fault_handler(FaultHandler handler);
void fault(const std::string& what);

// Models on a bus. Every access is logged; after each one the models see
// 'idle_cycles' clock cycles pass (the bus gap between accesses; 0 allowed).
class ModelBus : public Backend {
 public:
  explicit ModelBus(uint64_t idle_cycles = 1) : idle_cycles_(idle_cycles) {}
  void map(uintptr_t base, uintptr_t size, pmu::models::MmioModel* m);
  void map_csr(pmu::models::CsrModel* m) { csr_ = m; }
  // An SBI implementation in front of the CSR model (S-mode code under test).
  void map_sbi(pmu::models::SbiPmuModel* m) { sbi_ = m; }
  void set_idle_cycles(uint64_t cycles) { idle_cycles_ = cycles; }
  // Let time pass with no access.
  void advance(uint64_t cycles);

  uint32_t mmio_read32(uintptr_t addr) override;
  void mmio_write32(uintptr_t addr, uint32_t value) override;
  uint64_t csr_read(uint32_t csr) override;
  void csr_write(uint32_t csr, uint64_t value) override;
  // csrrs/csrrc: one instruction, so one fault if the CSR is refused.
  uint64_t csr_set(uint32_t csr, uint64_t bits) override;
  uint64_t csr_clear(uint32_t csr, uint64_t bits) override;
  pmu::models::SbiRetModel sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) override;

 private:
  uint64_t csr_rmw(uint32_t csr, uint64_t bits, bool set);
  struct Region {
    uintptr_t base, size;
    pmu::models::MmioModel* model;
  };
  Region* find(uintptr_t addr);
  std::vector<Region> regions_;
  pmu::models::CsrModel* csr_ = nullptr;
  pmu::models::SbiPmuModel* sbi_ = nullptr;
  uint64_t idle_cycles_;
};

}  // namespace pmu_sim
