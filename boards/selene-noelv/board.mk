# SPDX-License-Identifier: Apache-2.0
# selene-noelv: SELENE / De-RISC NOEL-V (RV64) GRLIB system with the 6-core,
# 256-event SafeSU. Build-only in CI: load the .elf with GRMON.
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
LDSCRIPT := noelv.ld
BOARD_SRCS := $(RISCV_START) $(RISCV_RUNTIME) boards/common/riscv/plic.cpp boards/common/grlib/console.cpp \
              boards/common/grlib/apbuart.cpp boards/common/safesu_record.cpp boards/selene-noelv/board.cpp
BOARD_HEADERS := $(RISCV_HEADERS) boards/selene-noelv/board_config.hpp
BOARD_UNITS := safesu grlib riscv
