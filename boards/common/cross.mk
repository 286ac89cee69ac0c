# SPDX-License-Identifier: Apache-2.0
# The cross tools of an architecture, from its prefix (CROSS, set by
# <arch>/toolchain.mk before including this).
# COMPILER: what compiles the C++ objects, gcc (the default) or clang.
COMPILER ?= gcc
$(if $(filter gcc clang,$(COMPILER)),,$(error COMPILER=$(COMPILER): gcc or clang))
CROSS_CXX := $(CROSS)g++
# What links an image (and a relocatable package object): GNU's, whatever
# compiles the C++ objects (COMPILER, boards/common/riscv/toolchain.mk).
CROSS_LINK := $(CROSS)g++
CROSS_CC := $(CROSS)gcc
CROSS_AR := $(CROSS)ar
CROSS_SIZE := $(CROSS)size
CROSS_NM := $(CROSS)nm
CROSS_OBJDUMP := $(CROSS)objdump
