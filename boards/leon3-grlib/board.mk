# SPDX-License-Identifier: Apache-2.0
# leon3-grlib: a LEON3 (SPARC V8) GRLIB system with the 4-core, 128-event
# SafeSU (found by plug&play at start-up), IRQMP and APBUART: the shared
# LEON3 glue. Build-only in CI: load the .elf with GRMON.
include boards/common/sparc/toolchain.mk
LDSCRIPT := leon3-grlib.ld
BOARD_SRCS := $(SPARC_RUNTIME) boards/leon3-grlib/safesu_discovery.cpp
BOARD_HEADERS := $(SPARC_HEADERS) boards/leon3-grlib/board_config.hpp
BOARD_UNITS := safesu grlib
