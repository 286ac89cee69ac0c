# SPDX-License-Identifier: Apache-2.0
# p8700-boston: MIPS P8700 (RV64) on the Boston board, with a Coherence
# Manager whose GCR perf block the board declares present. Build-only in CI.
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
LDSCRIPT := p8700-boston.ld
BOARD_SRCS := $(RISCV_START) $(RISCV_RUNTIME) boards/p8700-boston/board.cpp boards/common/no_safesu.cpp
BOARD_HEADERS := $(RISCV_HEADERS) boards/p8700-boston/board_config.hpp
BOARD_UNITS := cm riscv
