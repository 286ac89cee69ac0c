# leon3-grlib: a LEON3 (SPARC V8) GRLIB system with the 4-core, 128-event
# SafeSU, IRQMP and APBUART. Build-only in CI: load the .elf with GRMON.
ARCH := sparc
CROSS_CXX := sparc64-linux-gnu-g++
CROSS_CC := sparc64-linux-gnu-gcc
CROSS_AR := sparc64-linux-gnu-ar
CROSS_SIZE := sparc64-linux-gnu-size
CROSS_NM := sparc64-linux-gnu-nm
CROSS_OBJDUMP := sparc64-linux-gnu-objdump
# Debian's cross gcc defaults to PIE: turn it off (no INTERP, absolute sethi).
ARCH_FLAGS := -m32 -mcpu=leon3 -fno-pie
ARCH_LDFLAGS := -no-pie -static -Wl,--build-id=none
# Debian's 32-bit sparc libgcc is V8+ code LEON3 cannot run: the helpers
# GCC needs come from boards/common/sparc/compiler_rt.cpp instead.
ARCH_LIBS :=
LDSCRIPT := leon3-grlib.ld
BOARD_SRCS := boards/common/sparc/start.S boards/common/sparc/trap.S boards/leon3-grlib/board.cpp \
              boards/common/sparc/compiler_rt.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := safesu grlib c_api_safesu c_api_grlib
