# SPDX-License-Identifier: Apache-2.0
# SafeSU mccu_budget example.
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3 selene-noelv leon3-grlib
