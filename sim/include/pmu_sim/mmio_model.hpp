// SPDX-License-Identifier: Apache-2.0
// Interfaces of the behavioural models (freestanding C++). One model is
// written once and serves both the host tests (through the PMU_HOST seam) and
// the QEMU stub device (through trap-and-emulate).
#pragma once

#include <stdint.h>

namespace pmu::models {

class MmioModel {
 public:
  // offset: byte offset from the unit's base; size: 1, 2, 4 or 8 bytes
  // (the harness passes what the CPU issued; pmukit only issues 4).
  virtual uint32_t read(uint32_t offset, unsigned size) = 0;
  virtual void write(uint32_t offset, unsigned size, uint32_t value) = 0;
  // Let 'cycles' unit clock cycles pass with no bus access.
  virtual void advance(uint64_t cycles) = 0;
  // Output lines, bit i = interrupt output i (level).
  virtual uint32_t irq_outputs() const = 0;

 protected:
  ~MmioModel() = default;
};

class CsrModel {
 public:
  // Return false if the CSR does not exist in the model (the access then
  // stays an illegal instruction).
  virtual bool csr_read(uint32_t csr, uint64_t* value) = 0;
  virtual bool csr_write(uint32_t csr, uint64_t value) = 0;
  virtual void advance(uint64_t cycles) = 0;
  virtual uint32_t irq_outputs() const = 0;

 protected:
  ~CsrModel() = default;
};

}  // namespace pmu::models
