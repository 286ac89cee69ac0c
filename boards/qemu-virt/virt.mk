# SPDX-License-Identifier: Apache-2.0
# QEMU's 'virt' machine, shared by qemu-virt-rv64 and qemu-virt-rv32: no
# firmware (-bios none), 16550 console, SiFive test finisher, CLINT software
# interrupt for the virtual lines. A virt board's board.mk includes this,
# then sets ARCH_FLAGS, QEMU_CMD (the machine) and QEMU_CPU (its -cpu).
include boards/common/riscv/toolchain.mk
LDSCRIPT := qemu-virt.ld
BOARD_SRCS := $(RISCV_START) boards/qemu-virt/virt.cpp $(RISCV_RUNTIME)
BOARD_INCLUDES := -Iboards/qemu-virt
BOARD_UNITS := safesu grlib cm riscv
BOARD_EMULATED := 1
