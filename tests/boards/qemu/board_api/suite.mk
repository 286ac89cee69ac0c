# SPDX-License-Identifier: Apache-2.0
# The board API itself on every QEMU board: interrupt attach with a context,
# forcing through the real interrupt path, and the interrupted context the
# profiler samples.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-virt-rv64-sbi qemu-leon3
