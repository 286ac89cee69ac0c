# SPDX-License-Identifier: Apache-2.0
# c_safesu: the SafeSU driven from C through the C API (pmu/c/pmu.h).
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3 selene-noelv leon3-grlib
