# SPDX-License-Identifier: Apache-2.0
# qemu-leon3: SPARC V8 (LEON3), big-endian, QEMU's leon3_generic machine: the
# shared LEON3 glue (boards/common/sparc/, GRLIB drivers) plus the SRMMU flat
# map that lets the simulator serve the units QEMU lacks.
include boards/common/sparc/toolchain.mk
LDSCRIPT := qemu-leon3.ld
BOARD_SRCS := $(SPARC_RUNTIME) boards/qemu-leon3/srmmu.cpp boards/common/safesu_record.cpp
BOARD_HEADERS := $(SPARC_HEADERS) boards/qemu-leon3/board_config.hpp
BOARD_UNITS := safesu grlib
QEMU_CMD := qemu-system-sparc -M leon3_generic -nographic -monitor none -serial stdio -icount shift=0
BOARD_EMULATED := 1
