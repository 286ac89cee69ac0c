// SPDX-License-Identifier: Apache-2.0
// Board data of qemu-virt-rv64-sbi: S-mode on QEMU 'virt' under OpenSBI.
#pragma once

#include "virt_config.hpp"

namespace board::config {

constexpr const char* kBoardName = "qemu-virt-rv64-sbi";
// The counters QEMU 7.2's rv64 cpu has (pmu-num 16: hpmcounter3..18) and
// OpenSBI 1.1 reports through counter_get_info (docs/riscv-counters.md "S-mode").
constexpr uint32_t kCounters = 0x5u | (0xFFFFu << 3);
constexpr bool kHasSscofpmf = true;

}  // namespace board::config
