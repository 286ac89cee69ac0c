# SPDX-License-Identifier: Apache-2.0
# The cross tools of an architecture, from its prefix (CROSS, set by
# <arch>/toolchain.mk before including this).
CROSS_CXX := $(CROSS)g++
CROSS_CC := $(CROSS)gcc
CROSS_AR := $(CROSS)ar
CROSS_SIZE := $(CROSS)size
CROSS_NM := $(CROSS)nm
CROSS_OBJDUMP := $(CROSS)objdump
