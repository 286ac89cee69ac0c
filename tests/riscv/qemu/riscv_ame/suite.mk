# SPDX-License-Identifier: Apache-2.0
# XiangShan CUTE AME CSRs through the stub (QEMU 7.2 traps them natively).
SUITE_BOARDS := qemu-virt-rv64
