# p8700-boston: MIPS P8700 (RV64) on the Boston board, with a Coherence
# Manager whose GCR perf block the board declares present. Build-only in CI.
ARCH := riscv
CROSS_CXX := riscv64-unknown-elf-g++
CROSS_CC := riscv64-unknown-elf-gcc
CROSS_AR := riscv64-unknown-elf-ar
CROSS_SIZE := riscv64-unknown-elf-size
CROSS_NM := riscv64-unknown-elf-nm
CROSS_OBJDUMP := riscv64-unknown-elf-objdump
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
ARCH_LDFLAGS :=
ARCH_LIBS := -lgcc
LDSCRIPT := p8700-boston.ld
BOARD_SRCS := boards/common/riscv/start.S boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp \
              boards/p8700-boston/board.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := cm riscv c_api_cm c_api_riscv
