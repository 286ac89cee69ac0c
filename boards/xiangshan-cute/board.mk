# SPDX-License-Identifier: Apache-2.0
# xiangshan-cute: an RV64 XiangShan core with the CUTE matrix unit (AME
# counter CSRs) on XiangShan's default SoC map. Build-only in CI: run the
# .bin/.elf on the XiangShan simulator (emu) or NEMU.
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
LDSCRIPT := xiangshan.ld
BOARD_SRCS := $(RISCV_START) $(RISCV_RUNTIME) boards/xiangshan-cute/board.cpp boards/common/no_safesu.cpp
BOARD_HEADERS := $(RISCV_HEADERS) boards/xiangshan-cute/board_config.hpp
BOARD_UNITS := riscv
