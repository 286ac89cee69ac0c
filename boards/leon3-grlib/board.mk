# SPDX-License-Identifier: Apache-2.0
# leon3-grlib: a LEON3 (SPARC V8) GRLIB system with the 4-core, 128-event
# SafeSU, IRQMP and APBUART. Build-only in CI: load the .elf with GRMON.
include boards/common/sparc/toolchain.mk
LDSCRIPT := leon3-grlib.ld
BOARD_SRCS := boards/leon3-grlib/board.cpp $(SPARC_RUNTIME)
BOARD_UNITS := safesu grlib
