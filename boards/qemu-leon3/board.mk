# SPDX-License-Identifier: Apache-2.0
# qemu-leon3: SPARC V8 (LEON3), big-endian, QEMU's leon3_generic machine.
include boards/common/sparc/toolchain.mk
LDSCRIPT := qemu-leon3.ld
BOARD_SRCS := boards/qemu-leon3/board.cpp $(SPARC_RUNTIME)
BOARD_UNITS := safesu grlib
QEMU_CMD := qemu-system-sparc -M leon3_generic -nographic -monitor none -serial stdio -icount shift=0
BOARD_EMULATED := 1
