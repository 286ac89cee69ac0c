# SPDX-License-Identifier: Apache-2.0
# QEMU's 'virt' machine, shared by qemu-virt-rv64, qemu-virt-rv32 and
# qemu-virt-rv64-sbi: 16550 console, SiFive test finisher, a software
# interrupt for the virtual lines, one linker script. M-mode boards run with
# no firmware (-bios none); qemu-virt-rv64-sbi runs in S-mode under OpenSBI.
# A virt board's board.mk includes this, then sets ARCH_FLAGS, QEMU_CMD (the
# machine) and QEMU_CPU (its -cpu).
include boards/common/riscv/toolchain.mk
LDSCRIPT := qemu-virt.ld
BOARD_SRCS := $(RISCV_START) $(RISCV_RUNTIME) boards/qemu-virt/virt.cpp boards/common/safesu_record.cpp
BOARD_INCLUDES := -Iboards/qemu-virt
BOARD_UNITS := safesu grlib cm riscv
BOARD_EMULATED := 1
