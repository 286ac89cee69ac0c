// SPDX-License-Identifier: Apache-2.0
// The SBI Performance Monitoring Unit extension (EID 0x504D55 "PMU"): the
// function numbers, flags and encodings an S-mode driver uses, from the SBI
// specification (riscv-non-isa/riscv-sbi-doc, chapter "Performance Monitoring
// Unit Extension"), as OpenSBI (lib/sbi/sbi_pmu.c) and Linux
// (drivers/perf/riscv_pmu_sbi.c) implement them. Typed calls over the
// hal::sbi_call seam; every call is one ecall.
#pragma once

#include <stdint.h>

#include "pmu/hal/sbi.hpp"

/// The SBI PMU extension: numbers, flags and one-ecall calls.
namespace pmu::riscv::sbi_pmu {

constexpr uint32_t kEid = 0x504D55;          ///< The PMU extension's EID ("PMU").
constexpr uint32_t kBaseEid = 0x10;          ///< Base extension EID (for probe_extension).
constexpr uint32_t kBaseProbeExtension = 3;  ///< Base extension FID of sbi_probe_extension.

/// PMU extension function IDs (SBI specification, PMU chapter).
enum Fid : uint32_t {
  kNumCounters = 0,            ///< sbi_pmu_num_counters.
  kCounterGetInfo = 1,         ///< sbi_pmu_counter_get_info.
  kCounterConfigMatching = 2,  ///< sbi_pmu_counter_config_matching.
  kCounterStart = 3,           ///< sbi_pmu_counter_start.
  kCounterStop = 4,            ///< sbi_pmu_counter_stop.
  kCounterFwRead = 5,          ///< sbi_pmu_counter_fw_read.
};

// counter_config_matching config_flags.
constexpr hal::csr_word kCfgSkipMatch = 1u << 0;   ///< Use the given counters without matching (SKIP_MATCH).
constexpr hal::csr_word kCfgClearValue = 1u << 1;  ///< Zero the counter while configuring (CLEAR_VALUE).
constexpr hal::csr_word kCfgAutoStart = 1u << 2;   ///< Start the counter after configuring (AUTO_START).
constexpr hal::csr_word kCfgSetVuinh = 1u << 3;    ///< Inhibit counting in VU-mode.
constexpr hal::csr_word kCfgSetVsinh = 1u << 4;    ///< Inhibit counting in VS-mode.
constexpr hal::csr_word kCfgSetUinh = 1u << 5;     ///< Inhibit counting in U-mode.
constexpr hal::csr_word kCfgSetSinh = 1u << 6;     ///< Inhibit counting in S-mode.
constexpr hal::csr_word kCfgSetMinh = 1u << 7;     ///< Inhibit counting in M-mode.
// counter_start start_flags / counter_stop stop_flags.
constexpr hal::csr_word kStartSetInitValue = 1u << 0;  ///< counter_start: load initial_value first (SET_INIT_VALUE).
constexpr hal::csr_word kStopReset = 1u << 0;          ///< counter_stop: reset, which also releases the counter's event mapping (RESET).

// event_idx: type in bits 19:16, code in 15:0.
constexpr uint32_t kEventTypeHardware = 0;   ///< event_idx type 0: a generic hardware event.
constexpr uint32_t kEventTypeRaw = 2;        ///< event_idx type 2: a raw event (event_data = mhpmevent selector).
constexpr uint32_t kEventTypeFirmware = 15;  ///< event_idx type 15: a firmware event.
/// An event_idx: type in bits 19:16, code in 15:0.
constexpr uint32_t event_idx(uint32_t type, uint32_t code) { return (type << 16) | (code & 0xFFFF); }
constexpr uint32_t kHwCpuCycles = event_idx(kEventTypeHardware, 1);  ///< Hardware event 1: CPU cycles.
constexpr uint32_t kHwInstructions = event_idx(kEventTypeHardware, 2);  ///< Hardware event 2: retired instructions.
constexpr uint32_t kRawEvent = event_idx(kEventTypeRaw, 0);  ///< The raw event type's event_idx (code 0).
/// A raw event's event_data is the mhpmevent selector, 48 bits (SBI v1.0).
constexpr uint64_t kRawDataMask = (uint64_t{1} << 48) - 1;

/// counter_get_info's counter_info: CSR number 11:0, width - 1 in 17:12,
/// type in bit XLEN-1 (0 hardware, 1 firmware).
struct CounterInfo {
  hal::csr_word raw;  ///< The counter_info word as returned.
  /// CSR number of the counter (bits 11:0; hardware counters only).
  constexpr uint32_t csr() const { return static_cast<uint32_t>(raw & 0xFFF); }
  /// Counter width in bits (bits 17:12 plus one).
  constexpr unsigned width() const { return static_cast<unsigned>((raw >> 12) & 0x3F) + 1; }
  /// True for a firmware counter (bit XLEN-1).
  constexpr bool firmware() const { return (raw >> (sizeof(hal::csr_word) * 8 - 1)) != 0; }
};

/// The inhibit mask of make_hpm_event (inhibit::kM..kVu) as config flags.
constexpr hal::csr_word inhibit_flags(unsigned inh) {
  return ((inh & 0x10u) ? kCfgSetMinh : 0) | ((inh & 0x08u) ? kCfgSetSinh : 0) |
         ((inh & 0x04u) ? kCfgSetUinh : 0) | ((inh & 0x02u) ? kCfgSetVsinh : 0) |
         ((inh & 0x01u) ? kCfgSetVuinh : 0);
}

/// Probes the PMU extension: value non-zero when it exists (one ecall).
inline hal::SbiRet probe() { return hal::sbi_call(kBaseEid, kBaseProbeExtension, kEid); }
/// sbi_pmu_num_counters: value = number of counters, hardware and firmware.
inline hal::SbiRet num_counters() { return hal::sbi_call(kEid, kNumCounters); }
/// sbi_pmu_counter_get_info of counter idx: value = a CounterInfo word.
inline hal::SbiRet counter_get_info(unsigned idx) { return hal::sbi_call(kEid, kCounterGetInfo, idx); }
/// sbi_pmu_counter_config_matching: picks a counter of base/mask for event (event_data data); value = its index.
/// event_data is 64 bits: in a4 on RV64, in a4 (low) and a5 (high) on RV32.
inline hal::SbiRet counter_config_matching(unsigned base, hal::csr_word mask, hal::csr_word flags,
                                           uint32_t event, uint64_t data) {
  if constexpr (hal::kXlen == 32)
    return hal::sbi_call(kEid, kCounterConfigMatching, base, mask, flags, event, static_cast<hal::csr_word>(data),
                         static_cast<hal::csr_word>(data >> 32));
  else
    return hal::sbi_call(kEid, kCounterConfigMatching, base, mask, flags, event, static_cast<hal::csr_word>(data));
}
/// sbi_pmu_counter_start of the counters base/mask; initial_value is 64 bits: in a3 on RV64, in a3 (low) and a4 (high) on RV32.
inline hal::SbiRet counter_start(unsigned base, hal::csr_word mask, hal::csr_word flags, uint64_t value) {
  if constexpr (hal::kXlen == 32)
    return hal::sbi_call(kEid, kCounterStart, base, mask, flags, static_cast<hal::csr_word>(value),
                         static_cast<hal::csr_word>(value >> 32));
  else
    return hal::sbi_call(kEid, kCounterStart, base, mask, flags, static_cast<hal::csr_word>(value));
}
/// sbi_pmu_counter_stop of the counters base/mask (kStopReset releases the mapping).
inline hal::SbiRet counter_stop(unsigned base, hal::csr_word mask, hal::csr_word flags) {
  return hal::sbi_call(kEid, kCounterStop, base, mask, flags);
}
/// sbi_pmu_counter_fw_read: value = firmware counter idx.
inline hal::SbiRet counter_fw_read(unsigned idx) { return hal::sbi_call(kEid, kCounterFwRead, idx); }

}  // namespace pmu::riscv::sbi_pmu
