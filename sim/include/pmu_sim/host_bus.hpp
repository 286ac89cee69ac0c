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

/// The host seam backend over the behavioural models (pmukit::host-sim).
namespace pmu_sim {

/// One logged seam access: what a test expects or compares against the log.
struct Access {
  /// What the access was.
  enum Kind : uint8_t {
    kRead,      ///< MMIO read (32 bits).
    kWrite,     ///< MMIO write (32 bits).
    kCsrRead,   ///< CSR read.
    kCsrWrite,  ///< CSR write.
    kCsrSet,    ///< csrrs.
    kCsrClear,  ///< csrrc.
    kSbi        ///< SBI call.
  };
  Kind kind;              ///< What the access was.
  uint64_t addr;          ///< MMIO address, CSR number, or (SBI) eid << 8 | fid.
  uint64_t value;         ///< Value read / written / bits set or cleared; SBI: the reply's value.
  uint64_t args[6] = {};  ///< SBI: a0..a5.
  int64_t error = 0;      ///< SBI: the reply's error.
  /// Same kind, address, value, arguments and error.
  bool operator==(const Access& o) const {
    if (kind != o.kind || addr != o.addr || value != o.value || error != o.error) return false;
    for (unsigned k = 0; k < 6; ++k)
      if (args[k] != o.args[k]) return false;
    return true;
  }
};
/// One access as a line of text (for failure messages).
std::string to_string(const Access& a);
/// A whole log, one access a line.
std::string to_string(const std::vector<Access>& log);

// Shorthands for expectations and log comparisons.
/// Expected MMIO read of addr returning v.
inline Access R(uint64_t addr, uint64_t v) { return {Access::kRead, addr, v}; }
/// Expected MMIO write of v to addr.
inline Access W(uint64_t addr, uint64_t v) { return {Access::kWrite, addr, v}; }
/// Expected read of CSR csr returning v.
inline Access CR(uint32_t csr, uint64_t v) { return {Access::kCsrRead, csr, v}; }
/// Expected write of v to CSR csr.
inline Access CW(uint32_t csr, uint64_t v) { return {Access::kCsrWrite, csr, v}; }
/// Expected csrrs of bits.
inline Access CS(uint32_t csr, uint64_t bits) { return {Access::kCsrSet, csr, bits}; }
/// Expected csrrc of bits.
inline Access CC(uint32_t csr, uint64_t bits) { return {Access::kCsrClear, csr, bits}; }
/// An SBI PMU call (EID 0x504D55) and its reply; unused arguments are 0.
inline Access SBI(uint32_t fid, std::initializer_list<uint64_t> a, int64_t error = 0, uint64_t value = 0,
                  uint32_t eid = 0x504D55) {
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, value};
  unsigned k = 0;
  for (uint64_t v : a)
    if (k < 6) x.args[k++] = v;
  x.error = error;
  return x;
}

/// What serves the seam. Every backend records an access log so a caller can
/// count accesses or assert the exact sequence.
class Backend {
 public:
  /// Virtual: backends are used through this interface.
  virtual ~Backend() = default;
  /// The seam's pmu_host_mmio_read32: a 32-bit read at addr.
  virtual uint32_t mmio_read32(uintptr_t addr) = 0;
  /// The seam's pmu_host_mmio_write32.
  virtual void mmio_write32(uintptr_t addr, uint32_t value) = 0;
  /// The seam's pmu_host_csr_read: CSR csr (XLEN wide).
  virtual uint64_t csr_read(uint32_t csr) = 0;
  /// The seam's pmu_host_csr_write.
  virtual void csr_write(uint32_t csr, uint64_t value) = 0;
  /// Sets bits in CSR csr; returns the old value (default: read, then write; models that care override set/clear).
  virtual uint64_t csr_set(uint32_t csr, uint64_t bits);
  /// Clears bits in CSR csr; returns the old value (default: read, then write).
  virtual uint64_t csr_clear(uint32_t csr, uint64_t bits);
  /// An SBI call (ecall from S-mode); the default is a fault (no SBI
  /// implementation below) that replies SBI_ERR_NOT_SUPPORTED.
  virtual pmu::models::SbiRetModel sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]);

  std::vector<Access> log;  ///< Every access so far, in order.
  /// MMIO accesses in the log.
  size_t mmio_accesses() const;
  /// CSR accesses and SBI calls in the log.
  size_t csr_accesses() const;
  /// Empties the log.
  void clear_log() { log.clear(); }
};

/// Routes the seam to a backend for a scope (nests: the previous one returns).
class ScopedBackend {
 public:
  /// Routes the seam to b until destruction.
  explicit ScopedBackend(Backend& b);
  /// Restores the previous backend.
  ~ScopedBackend();
  ScopedBackend(const ScopedBackend&) = delete;
  ScopedBackend& operator=(const ScopedBackend&) = delete;

 private:
  Backend* previous_;
};

/// A handler called for an access nobody serves, with a one-line description; the
/// access then reads 0 / is dropped.
using FaultHandler = void (*)(const std::string& what);
/// Installs the fault handler; returns the previous one.
FaultHandler set_fault_handler(FaultHandler handler);
/// Reports an access nobody serves to the fault handler.
void fault(const std::string& what);

/// Models on a bus, the usual backend. Every access is logged; after each one the models see
/// 'idle_cycles' clock cycles pass (the bus gap between accesses; 0 allowed).
class ModelBus : public Backend {
 public:
  /// A bus whose models see idle_cycles clock cycles pass after each access.
  explicit ModelBus(uint64_t idle_cycles = 1) : idle_cycles_(idle_cycles) {}
  /// Maps model m at [base, base+size).
  void map(uintptr_t base, uintptr_t size, pmu::models::MmioModel* m);
  /// Maps the CSR model (CSRs no model has fault).
  void map_csr(pmu::models::CsrModel* m) { csr_ = m; }
  /// Maps an SBI implementation in front of the CSR model (S-mode code under test).
  void map_sbi(pmu::models::SbiPmuModel* m) { sbi_ = m; }
  /// Sets the cycles the models see pass after each access.
  void set_idle_cycles(uint64_t cycles) { idle_cycles_ = cycles; }
  /// Lets 'cycles' clock cycles pass for every model, with no access.
  void advance(uint64_t cycles);

  /// Reads from the model mapped at addr (fault if none); logged.
  uint32_t mmio_read32(uintptr_t addr) override;
  /// Writes to the model mapped at addr (fault if none); logged.
  void mmio_write32(uintptr_t addr, uint32_t value) override;
  /// Reads the CSR model (fault if it refuses); logged.
  uint64_t csr_read(uint32_t csr) override;
  /// Writes the CSR model (fault if it refuses); logged.
  void csr_write(uint32_t csr, uint64_t value) override;
  /// csrrs on the CSR model: one instruction, so one fault if the CSR is refused, and
  /// the bus gap after its write, not between its read and its write; logged.
  uint64_t csr_set(uint32_t csr, uint64_t bits) override;
  /// csrrc on the CSR model: one access, one fault if refused, the gap after it; logged.
  uint64_t csr_clear(uint32_t csr, uint64_t bits) override;
  /// Serves an SBI call with the mapped SbiPmuModel (Backend's default without one); logged.
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
