// SPDX-License-Identifier: Apache-2.0
// A small device that proves the stub harness itself: one register of each
// access kind, a counter that moves with guest time, an interrupt output, and
// (for RISC-V) a custom CSR pair.
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

/// A device that proves the stub harness: one register of each access kind, a time counter, an interrupt output.
class StubTestDevice : public MmioModel {
 public:
  static constexpr uint32_t kScratch = 0x00;        ///< RW scratch register (byte offset).
  static constexpr uint32_t kId = 0x04;             ///< RO, reads kIdValue.
  static constexpr uint32_t kStatus = 0x08;         ///< W1C; bit 0 drives irq output 0.
  static constexpr uint32_t kRaise = 0x0C;          ///< WO; ORs the written bits into STATUS.
  static constexpr uint32_t kTime = 0x10;           ///< RO; cycles since reset (low 32 bits).
  static constexpr uint32_t kIdValue = 0x57AB0001;  ///< What ID reads.

  /// Reads the word holding 'offset', whatever the access size (counts reads).
  uint32_t read(uint32_t offset, unsigned size) override;
  /// Writes register 'offset' (counts writes; only word writes act).
  void write(uint32_t offset, unsigned size, uint32_t value) override;
  /// Moves the time counter on by 'cycles'.
  void advance(uint64_t cycles) override { time_ += cycles; }
  /// Bit 0: STATUS bit 0.
  uint32_t irq_outputs() const override { return status_ & 1u; }

  /// Writes served so far.
  uint32_t writes() const { return writes_; }
  /// Reads served so far.
  uint32_t reads() const { return reads_; }

 private:
  uint32_t word(uint32_t offset) const;
  uint32_t scratch_ = 0;
  uint32_t status_ = 0;
  uint64_t time_ = 0;
  uint32_t reads_ = 0;
  uint32_t writes_ = 0;
};

/// Custom CSRs: 0x7C0 read-write scratch, 0xCC0 read-only cycles (low 32).
class StubTestCsrs : public CsrModel {
 public:
  static constexpr uint32_t kScratchCsr = 0x7C0;  ///< Read-write scratch CSR.
  static constexpr uint32_t kTimeCsr = 0xCC0;     ///< Read-only cycles (low 32 bits).
  /// Reads one of the two CSRs; false for any other.
  bool csr_read(uint32_t csr, uint64_t* value) override;
  /// Writes the scratch CSR; false for the read-only time CSR (the write is refused) and any other CSR.
  bool csr_write(uint32_t csr, uint64_t value) override;
  /// Moves the time CSR on by 'cycles'.
  void advance(uint64_t cycles) override { time_ += cycles; }
  /// Reads served so far (either CSR).
  uint32_t reads() const { return reads_; }
  /// No interrupt output: always 0.
  uint32_t irq_outputs() const override { return 0; }

 private:
  uint64_t scratch_ = 0;
  uint64_t time_ = 0;
  uint32_t reads_ = 0;
};

}  // namespace pmu::models
