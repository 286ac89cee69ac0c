// SPDX-License-Identifier: Apache-2.0
// Behavioural model of an SBI implementation's PMU extension (OpenSBI
// lib/sbi/sbi_pmu.c semantics, as QEMU 7.2's bundled OpenSBI 1.1 answers),
// in front of a RiscvCsrModel: the S-mode code under test calls sbi_call()
// (the host seam's pmu_host_sbi_call), the model does the machine-mode work
// on the CSR model at M privilege, as firmware does, and returns to the
// caller's privilege. Freestanding: no std headers, no heap.
//
// What it reproduces: probe; num_counters = hardware counters (cycle, time,
// instret, the CSR model's hpm counters) + 16 firmware counters;
// counter_get_info (time: INVALID_PARAM; firmware counters: type bit);
// config_matching (first free counter in the mask that can count the event;
// writes the selector with OF and MINH set, like OpenSBI: overflow
// interrupts stay off until counter_start; CLEAR_VALUE, AUTO_START,
// SET_xINH); counter_start (OF cleared only while LCOFIP is clear; SET_INIT_VALUE;
// ALREADY_STARTED); counter_stop (ALREADY_STOPPED; RESET releases the
// mapping even then); counter_fw_read of a hardware counter: INVALID_PARAM.
// Hardware events: cycles (1) and instructions (2) map to the selector of the
// same value (QEMU's event map); raw events (type 2) are NOT_SUPPORTED unless
// enabled (QEMU 7.2 gives OpenSBI 1.1 no raw-event map).
#pragma once

#include <stdint.h>

#include "riscv_csr_model.hpp"

namespace pmu::models {

struct SbiRetModel {
  int64_t error;
  uint64_t value;
};

class SbiPmuModel {
 public:
  static constexpr uint32_t kFirmwareCounters = 16;

  // 'caller' is the privilege the calling code runs at (S normally).
  explicit SbiPmuModel(RiscvCsrModel* csrs, Priv caller = Priv::kS, bool raw_events = false);

  SbiRetModel call(uint32_t eid, uint32_t fid, const uint64_t a[6]);

  uint64_t calls() const { return calls_; }
  uint32_t num_hw_counters() const { return num_hw_; }
  // The SBI event index mapped to counter i (0: none).
  uint32_t mapped_event(unsigned i) const { return active_[i & 31]; }

 private:
  uint64_t m_read(uint32_t csr);
  void m_write(uint32_t csr, uint64_t v);
  bool running(unsigned i);
  SbiRetModel config_matching(uint64_t base, uint64_t mask, uint64_t flags, uint64_t event, uint64_t data);
  SbiRetModel start(uint64_t base, uint64_t mask, uint64_t flags, uint64_t value);
  SbiRetModel stop(uint64_t base, uint64_t mask, uint64_t flags);
  void write_counter(unsigned i, uint64_t v);
  void write_event(unsigned i, uint64_t v);
  uint64_t read_event(unsigned i);

  RiscvCsrModel* csrs_;
  Priv caller_;
  bool raw_events_;
  uint32_t num_hw_;
  uint32_t active_[32] = {};
  uint64_t calls_ = 0;
};

}  // namespace pmu::models
