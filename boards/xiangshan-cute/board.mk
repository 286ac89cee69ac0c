# xiangshan-cute: an RV64 XiangShan core with the CUTE matrix unit (AME
# counter CSRs) on XiangShan's default SoC map. Build-only in CI: run the
# .bin/.elf on the XiangShan simulator (emu) or NEMU.
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
LDSCRIPT := xiangshan.ld
BOARD_SRCS := boards/common/riscv/start.S boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp \
              boards/xiangshan-cute/board.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := riscv c_api_riscv
