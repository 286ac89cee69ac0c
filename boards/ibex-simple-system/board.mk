# ibex-simple-system: lowRISC Ibex "simple system" (Verilator or FPGA build),
# RV32IMC without A. Build-only in CI: run the .elf with the simple system's
# own simulator (e.g. Vibex_simple_system --meminit=ram,<elf>).
ARCH := riscv
CROSS_CXX := riscv64-unknown-elf-g++
CROSS_CC := riscv64-unknown-elf-gcc
CROSS_AR := riscv64-unknown-elf-ar
CROSS_SIZE := riscv64-unknown-elf-size
CROSS_NM := riscv64-unknown-elf-nm
CROSS_OBJDUMP := riscv64-unknown-elf-objdump
# rv32imc with ISA spec 2.2 (Zicsr inside I) is the spelling that both
# assembles CSR instructions and selects the rv32im/ilp32 libgcc multilib of
# the Debian toolchain; rv32imc_zicsr assembles too but picks the default
# (rv64) multilib and does not link. No 'a': Ibex has no atomics.
ARCH_FLAGS := -march=rv32imc -misa-spec=2.2 -mabi=ilp32 -mcmodel=medlow
ARCH_LDFLAGS :=
ARCH_LIBS := -lgcc
LDSCRIPT := ibex-simple-system.ld
BOARD_SRCS := boards/ibex-simple-system/start.S boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp \
              boards/ibex-simple-system/board.cpp boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := riscv c_api_riscv
