# SPDX-License-Identifier: Apache-2.0
# selene-noelv: SELENE / De-RISC NOEL-V (RV64) GRLIB system with the 6-core,
# 256-event SafeSU. Build-only in CI: load the .elf with GRMON.
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
LDSCRIPT := noelv.ld
BOARD_SRCS := $(RISCV_START) boards/common/riscv/plic.cpp boards/selene-noelv/board.cpp $(RISCV_RUNTIME)
BOARD_UNITS := safesu grlib riscv
