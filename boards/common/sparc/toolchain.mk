# SPDX-License-Identifier: Apache-2.0
# What every LEON3 board shares: Debian's sparc64 cross g++ in 32-bit V8
# mode, and the board runtime. A board's board.mk includes this, then sets
# LDSCRIPT, BOARD_SRCS ($(SPARC_RUNTIME) plus its machine_init and
# read_fault_status: boards/common/sparc/machine.hpp), BOARD_HEADERS and
# BOARD_UNITS.
ARCH := sparc
CROSS := sparc64-linux-gnu-
include boards/common/cross.mk
$(if $(filter-out gcc,$(COMPILER)),$(error COMPILER=$(COMPILER): LEON3 boards build with GCC only))
# Debian's cross gcc defaults to PIE: turn it off or the ELF gets INTERP and
# broken sethi relocations. The build id names the image in profile
# captures (the linker script keeps the note: docs/profiling.md).
ARCH_FLAGS := -m32 -mcpu=leon3 -fno-pie
ARCH_LDFLAGS := -no-pie -static -Wl,--build-id=sha1
# Debian's 32-bit sparc libgcc is V8+ code a LEON3 cannot run: the helpers
# GCC needs come from compiler_rt.cpp instead.
ARCH_LIBS :=
# The LEON3 board runtime (docs/boards.md): start-up, trap table and entry,
# the board API over the GRLIB APBUART, IRQMP and GPTIMER at the addresses of
# board_config.hpp, the line table, the C runtime pieces an image needs
# (memset & co, the libgcc helpers) and the console helpers.
SPARC_RUNTIME := boards/common/sparc/start.S boards/common/sparc/trap.S boards/common/sparc/trap_dispatch.cpp \
                 boards/common/sparc/init.cpp boards/common/sparc/irq.cpp boards/common/sparc/time.cpp \
                 boards/common/sparc/exit.cpp boards/common/sparc/interrupted_registers.cpp boards/common/interrupted_context.cpp \
                 boards/common/sparc/compiler_rt.cpp boards/common/grlib/console.cpp \
                 boards/common/grlib/apbuart.cpp boards/common/grlib/irqmp.cpp boards/common/grlib/gptimer.cpp \
                 boards/common/irq_table.cpp boards/common/board_name.cpp boards/common/runtime.cpp \
                 boards/common/board_console.cpp boards/common/board_c.cpp
# The headers a firmware includes (board.hpp or board.h, and what they
# include), each installed at its path below boards/common/.
SPARC_HEADERS := boards/common/board.hpp boards/common/board.h boards/common/board_instances.hpp \
                 boards/common/sparc/trap_frame.hpp boards/common/grlib/gptimer.hpp boards/common/board_reg.hpp
