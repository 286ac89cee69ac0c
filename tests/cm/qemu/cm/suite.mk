# SPDX-License-Identifier: Apache-2.0
# CM GCR perf block driver scenarios against the behavioural model mapped at
# the board's GCR base + 0x6000, the overflow interrupt through a real trap.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32
