# qemu-leon3: SPARC V8 (LEON3), big-endian, QEMU's leon3_generic machine.
ARCH := sparc
CROSS_CXX := sparc64-linux-gnu-g++
CROSS_CC := sparc64-linux-gnu-gcc
CROSS_AR := sparc64-linux-gnu-ar
CROSS_SIZE := sparc64-linux-gnu-size
CROSS_NM := sparc64-linux-gnu-nm
CROSS_OBJDUMP := sparc64-linux-gnu-objdump
# Debian's cross gcc defaults to PIE: turn it off or the ELF gets INTERP and
# broken sethi relocations.
ARCH_FLAGS := -m32 -mcpu=leon3 -fno-pie
ARCH_LDFLAGS := -no-pie -static -Wl,--build-id=none
# No -lgcc: Debian's 32-bit sparc64 libgcc is V8+ (V9 instructions LEON3
# cannot run; QEMU refuses the "Sparc v8+" ELF). compiler_rt.cpp provides
# the helpers instead, so a missing one is a link error, not a broken image.
ARCH_LIBS :=
LDSCRIPT := qemu-leon3.ld
BOARD_SRCS := boards/common/sparc/start.S boards/common/sparc/trap.S boards/qemu-leon3/board.cpp \
              boards/common/sparc/compiler_rt.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := safesu grlib c_api_safesu c_api_grlib
QEMU_CMD := qemu-system-sparc -M leon3_generic -nographic -monitor none -serial stdio -icount shift=0 -kernel
BOARD_EMULATED := 1
