# SPDX-License-Identifier: Apache-2.0
# The standard counters from S-mode under QEMU's bundled OpenSBI (the SBI PMU
# extension, hpmcounter shadows, a real supervisor LCOFI): SbiCounters.
SUITE_BOARDS := qemu-virt-rv64-sbi
