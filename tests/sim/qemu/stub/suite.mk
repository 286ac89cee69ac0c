# SPDX-License-Identifier: Apache-2.0
# The stub harness proving itself on every emulated board.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3
