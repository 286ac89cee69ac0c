# SPDX-License-Identifier: Apache-2.0
# What every RISC-V board shares: the Debian riscv64-unknown-elf toolchain
# and the board runtime. A board's board.mk includes this, then sets
# ARCH_FLAGS (ISA spec 2.2 keeps Zicsr inside I, so CSR instructions
# assemble and the plain rv32/rv64 libgcc multilib links), LDSCRIPT,
# BOARD_SRCS, BOARD_HEADERS and BOARD_UNITS.
ARCH := riscv
CROSS := riscv64-unknown-elf-
include boards/common/cross.mk
# COMPILER=clang: the C++ objects (library, board, simulator, tests,
# examples) compiled by clang for the same target, as firmware built with
# LLVM compiles pmukit's headers; assembly, C and the link stay GNU's. make
# test runs the QEMU suites so too. clang takes the ISA spec from -march.
ifeq ($(COMPILER),clang)
CROSS_CXX = clang++ --target=$(if $(filter -march=rv32%,$(ARCH_FLAGS)),riscv32,riscv64)-unknown-elf
CXX_ARCH_DROPS := -misa-spec=%
endif
# The build id names the image in profile captures (docs/profiling.md).
ARCH_LDFLAGS := -Wl,--build-id=sha1
ARCH_LIBS := -lgcc
# Direct-mode start-up; Ibex brings its own vectored one.
RISCV_START := boards/common/riscv/start.S
# The RISC-V board runtime (docs/boards.md) besides the start-up: trap entry
# and dispatch, the time base and global interrupt enable, the interrupted
# context, the line table, the C runtime pieces an image needs (memset & co),
# the console helpers and the C names of the board API. A board adds its
# console, exit and interrupt glue (board::riscv::dispatch_interrupt).
RISCV_RUNTIME := boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp boards/common/riscv/hart.cpp \
                 boards/common/riscv/interrupted_registers.cpp boards/common/interrupted_context.cpp boards/common/irq_table.cpp \
                 boards/common/board_name.cpp boards/common/runtime.cpp boards/common/board_console.cpp \
                 boards/common/board_c.cpp
# The headers a firmware includes (board.hpp or board.h, and what they
# include), each installed at its path below boards/common/.
RISCV_HEADERS := boards/common/board.hpp boards/common/board.h boards/common/board_instances.hpp \
                 boards/common/riscv/trap_frame.hpp
