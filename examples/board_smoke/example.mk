# SPDX-License-Identifier: Apache-2.0
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3 ibex-simple-system selene-noelv leon3-grlib p8700-boston xiangshan-cute
