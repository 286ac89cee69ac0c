# SPDX-License-Identifier: Apache-2.0
# CM GCR perf counters with an overflow hook.
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 p8700-boston
