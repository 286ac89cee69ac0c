// SPDX-License-Identifier: Apache-2.0
// Interfaces of the behavioural models (freestanding C++). One model is
// written once and serves both the host tests (through the PMU_HOST seam) and
// the QEMU stub device (through trap-and-emulate).
#pragma once

#include <stdint.h>

/// Behavioural models of the units: the simulator's oracle, served to host tests and QEMU.
namespace pmu::models {

/// A behavioural model of a memory-mapped unit: served by the host seam or the trap-and-emulate stub device.
class MmioModel {
 public:
  /// Reads at byte offset 'offset' from the unit's base: the whole 32-bit word holding it, as a bus
  /// slave drives the data bus; size (1, 2 or 4 bytes) is what the CPU issued (an 8-byte access comes
  /// as two words). The CPU side (the runtime) takes a narrow load's lanes; pmukit only issues 4.
  virtual uint32_t read(uint32_t offset, unsigned size) = 0;
  /// Writes value to the register at 'offset' (size as for read()).
  virtual void write(uint32_t offset, unsigned size, uint32_t value) = 0;
  /// Lets 'cycles' unit clock cycles pass with no bus access.
  virtual void advance(uint64_t cycles) = 0;
  /// Output lines, bit i = interrupt output i (level).
  virtual uint32_t irq_outputs() const = 0;

 protected:
  /// Not deleted through the interface: models live in static storage.
  ~MmioModel() = default;
};

/// A behavioural model of custom CSRs (RISC-V), served by the illegal-instruction trap or the host seam.
class CsrModel {
 public:
  /// Reads CSR number csr into *value; false if the CSR does not exist in the model (the access then
  /// stays an illegal instruction).
  virtual bool csr_read(uint32_t csr, uint64_t* value) = 0;
  /// Writes value to CSR csr; false if the model does not have it.
  virtual bool csr_write(uint32_t csr, uint64_t value) = 0;
  /// Lets 'cycles' core clock cycles pass.
  virtual void advance(uint64_t cycles) = 0;
  /// Output lines, bit i = interrupt output i (level).
  virtual uint32_t irq_outputs() const = 0;

 protected:
  /// Not deleted through the interface: models live in static storage.
  ~CsrModel() = default;
};

}  // namespace pmu::models
