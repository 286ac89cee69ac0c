# selene-noelv: SELENE / De-RISC NOEL-V (RV64) GRLIB system with the 6-core,
# 256-event SafeSU. Build-only in CI: load the .elf with GRMON.
ARCH := riscv
CROSS_CXX := riscv64-unknown-elf-g++
CROSS_CC := riscv64-unknown-elf-gcc
CROSS_AR := riscv64-unknown-elf-ar
CROSS_SIZE := riscv64-unknown-elf-size
CROSS_NM := riscv64-unknown-elf-nm
CROSS_OBJDUMP := riscv64-unknown-elf-objdump
# rv64imac is enough for the library and the glue (NOEL-V is RV64GC+);
# ISA spec 2.2 keeps Zicsr inside I and selects the rv64imac multilib.
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
ARCH_LDFLAGS :=
ARCH_LIBS := -lgcc
LDSCRIPT := noelv.ld
BOARD_SRCS := boards/common/riscv/start.S boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp boards/common/riscv/plic.cpp \
              boards/selene-noelv/board.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := safesu grlib riscv c_api_safesu c_api_grlib c_api_riscv
