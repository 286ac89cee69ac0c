# SPDX-License-Identifier: Apache-2.0
# SafeSU profile: crossbar routing, a workload, a counter table, the overflow hook.
# The demo (`make demo`) runs it on qemu-virt-rv64.
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3 selene-noelv leon3-grlib
