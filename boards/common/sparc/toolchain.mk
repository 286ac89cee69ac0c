# SPDX-License-Identifier: Apache-2.0
# What every LEON3 board shares: Debian's sparc64 cross g++ in 32-bit V8
# mode, and the start-up, trap table and runtime sources. A board's
# board.mk includes this, then sets LDSCRIPT, BOARD_SRCS and BOARD_UNITS.
ARCH := sparc
CROSS_CXX := sparc64-linux-gnu-g++
CROSS_CC := sparc64-linux-gnu-gcc
CROSS_AR := sparc64-linux-gnu-ar
CROSS_SIZE := sparc64-linux-gnu-size
CROSS_NM := sparc64-linux-gnu-nm
CROSS_OBJDUMP := sparc64-linux-gnu-objdump
# Debian's cross gcc defaults to PIE: turn it off or the ELF gets INTERP and
# broken sethi relocations. The build id names the image in profile
# captures (the linker script keeps the note: docs/profiling.md).
ARCH_FLAGS := -m32 -mcpu=leon3 -fno-pie
ARCH_LDFLAGS := -no-pie -static -Wl,--build-id=sha1
# Debian's 32-bit sparc libgcc is V8+ code a LEON3 cannot run: the helpers
# GCC needs come from compiler_rt.cpp instead.
ARCH_LIBS :=
SPARC_RUNTIME := boards/common/sparc/start.S boards/common/sparc/trap.S boards/common/sparc/compiler_rt.cpp \
                 boards/common/runtime.cpp boards/common/board_console.cpp
