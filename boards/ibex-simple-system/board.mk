# SPDX-License-Identifier: Apache-2.0
# ibex-simple-system: lowRISC Ibex "simple system" (Verilator or FPGA build),
# RV32IMC without A. Build-only in CI: run the .elf with the simple system's
# own simulator (e.g. Vibex_simple_system --meminit=ram,<elf>).
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv32imc -misa-spec=2.2 -mabi=ilp32 -mcmodel=medlow
LDSCRIPT := ibex-simple-system.ld
BOARD_SRCS := boards/ibex-simple-system/start.S $(RISCV_RUNTIME) boards/ibex-simple-system/board.cpp \
              boards/common/no_safesu.cpp
BOARD_HEADERS := $(RISCV_HEADERS) boards/ibex-simple-system/board_config.hpp
BOARD_UNITS := riscv
