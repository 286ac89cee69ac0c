# SPDX-License-Identifier: Apache-2.0
# What every RISC-V board shares: the Debian riscv64-unknown-elf toolchain
# and the start-up/trap/runtime sources. A board's board.mk includes this,
# then sets ARCH_FLAGS (ISA spec 2.2 keeps Zicsr inside I, so CSR
# instructions assemble and the plain rv32/rv64 libgcc multilib links),
# LDSCRIPT, BOARD_SRCS and BOARD_UNITS.
ARCH := riscv
CROSS_CXX := riscv64-unknown-elf-g++
CROSS_CC := riscv64-unknown-elf-gcc
CROSS_AR := riscv64-unknown-elf-ar
CROSS_SIZE := riscv64-unknown-elf-size
CROSS_NM := riscv64-unknown-elf-nm
CROSS_OBJDUMP := riscv64-unknown-elf-objdump
# The build id names the image in profile captures (docs/profiling.md).
ARCH_LDFLAGS := -Wl,--build-id=sha1
ARCH_LIBS := -lgcc
# Direct-mode start-up; Ibex brings its own vectored one.
RISCV_START := boards/common/riscv/start.S
# Trap entry and dispatch, memset & co, console helpers.
RISCV_RUNTIME := boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp \
                 boards/common/runtime.cpp boards/common/board_console.cpp
