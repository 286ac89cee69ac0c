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

namespace pmu::riscv::sbi_pmu {

constexpr uint32_t kEid = 0x504D55;  // "PMU"
constexpr uint32_t kBaseEid = 0x10;  // Base extension: probe_extension is FID 3
constexpr uint32_t kBaseProbeExtension = 3;

enum Fid : uint32_t {
  kNumCounters = 0,
  kCounterGetInfo = 1,
  kCounterConfigMatching = 2,
  kCounterStart = 3,
  kCounterStop = 4,
  kCounterFwRead = 5,
};

// counter_config_matching config_flags.
constexpr hal::csr_word kCfgSkipMatch = 1u << 0;
constexpr hal::csr_word kCfgClearValue = 1u << 1;
constexpr hal::csr_word kCfgAutoStart = 1u << 2;
constexpr hal::csr_word kCfgSetVuinh = 1u << 3;
constexpr hal::csr_word kCfgSetVsinh = 1u << 4;
constexpr hal::csr_word kCfgSetUinh = 1u << 5;
constexpr hal::csr_word kCfgSetSinh = 1u << 6;
constexpr hal::csr_word kCfgSetMinh = 1u << 7;
// counter_start start_flags / counter_stop stop_flags.
constexpr hal::csr_word kStartSetInitValue = 1u << 0;
constexpr hal::csr_word kStopReset = 1u << 0;  // also releases the counter's event mapping

// event_idx: type in bits 19:16, code in 15:0.
constexpr uint32_t kEventTypeHardware = 0;
constexpr uint32_t kEventTypeRaw = 2;
constexpr uint32_t kEventTypeFirmware = 15;
constexpr uint32_t event_idx(uint32_t type, uint32_t code) { return (type << 16) | (code & 0xFFFF); }
constexpr uint32_t kHwCpuCycles = event_idx(kEventTypeHardware, 1);
constexpr uint32_t kHwInstructions = event_idx(kEventTypeHardware, 2);
constexpr uint32_t kRawEvent = event_idx(kEventTypeRaw, 0);
// A raw event's event_data is the mhpmevent selector, 48 bits (SBI v1.0).
constexpr uint64_t kRawDataMask = (uint64_t{1} << 48) - 1;

// counter_get_info's counter_info: CSR number 11:0, width - 1 in 17:12,
// type in bit XLEN-1 (0 hardware, 1 firmware).
struct CounterInfo {
  hal::csr_word raw;
  constexpr uint32_t csr() const { return static_cast<uint32_t>(raw & 0xFFF); }
  constexpr unsigned width() const { return static_cast<unsigned>((raw >> 12) & 0x3F) + 1; }
  constexpr bool firmware() const { return (raw >> (sizeof(hal::csr_word) * 8 - 1)) != 0; }
};

// The inhibit mask of make_hpm_event (inhibit::kM..kVu) as config flags.
constexpr hal::csr_word inhibit_flags(unsigned inh) {
  return ((inh & 0x10u) ? kCfgSetMinh : 0) | ((inh & 0x08u) ? kCfgSetSinh : 0) |
         ((inh & 0x04u) ? kCfgSetUinh : 0) | ((inh & 0x02u) ? kCfgSetVsinh : 0) |
         ((inh & 0x01u) ? kCfgSetVuinh : 0);
}

inline hal::SbiRet probe() { return hal::sbi_call(kBaseEid, kBaseProbeExtension, kEid); }
inline hal::SbiRet num_counters() { return hal::sbi_call(kEid, kNumCounters); }
inline hal::SbiRet counter_get_info(unsigned idx) { return hal::sbi_call(kEid, kCounterGetInfo, idx); }
inline hal::SbiRet counter_config_matching(unsigned base, hal::csr_word mask, hal::csr_word flags,
                                           uint32_t event, uint64_t data) {
  return hal::sbi_call(kEid, kCounterConfigMatching, base, mask, flags, event,
                       static_cast<hal::csr_word>(data));
}
// initial_value is 64 bits: in a3 on RV64, in a3 (low) and a4 (high) on RV32.
inline hal::SbiRet counter_start(unsigned base, hal::csr_word mask, hal::csr_word flags, uint64_t value) {
  if constexpr (hal::kXlen == 32)
    return hal::sbi_call(kEid, kCounterStart, base, mask, flags, static_cast<hal::csr_word>(value),
                         static_cast<hal::csr_word>(value >> 32));
  else
    return hal::sbi_call(kEid, kCounterStart, base, mask, flags, static_cast<hal::csr_word>(value));
}
inline hal::SbiRet counter_stop(unsigned base, hal::csr_word mask, hal::csr_word flags) {
  return hal::sbi_call(kEid, kCounterStop, base, mask, flags);
}
inline hal::SbiRet counter_fw_read(unsigned idx) { return hal::sbi_call(kEid, kCounterFwRead, idx); }

}  // namespace pmu::riscv::sbi_pmu
