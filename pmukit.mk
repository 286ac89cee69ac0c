# SPDX-License-Identifier: Apache-2.0
# pmukit.mk — build pmukit from source inside your own Makefile. The one
# place the library's sources and compile flags are defined: pmukit's own
# build (mk/target.mk, mk/host.mk, mk/install.mk) takes them from here too.
#
#   PMUKIT_DIR   := path/to/pmukit
#   PMUKIT_UNITS := safesu grlib cm riscv     # the units your firmware uses
#   PMUKIT_CAPI  := safesu                    # the units you call from C (optional)
#   include $(PMUKIT_DIR)/pmukit.mk
#
#   CXXFLAGS += $(PMUKIT_CXXFLAGS)
#   my.elf: $(MY_OBJS) $(PMUKIT_SRCS:.cpp=.o)
#
# Defines:
#   PMUKIT_SRCS           the library sources of the chosen units (plus the
#                         report formatter, the profiler — both cost nothing
#                         unless called, with --gc-sections — and the C API
#                         wrappers of PMUKIT_CAPI)
#   PMUKIT_CPPFLAGS       include path (the library sees include/ only)
#   PMUKIT_CXXFLAGS       the flags the library is written for: C++17,
#                         freestanding, no exceptions/RTTI/standard headers,
#                         a section per function; add your -march etc.
#   PMUKIT_WARNFLAGS      the warnings the library is kept free of
#   PMUKIT_HOST_CXXFLAGS  the library for a host build: the same language,
#                         hosted, register accesses through the host seam
#                         (include/pmu/hal/host_seam.h); add -DPMU_HOST_XLEN=32
#                         or 64 (default 64)
#   pmukit_srcs           $(call pmukit_srcs,UNITS,CAPI UNITS): PMUKIT_SRCS for
#                         another choice of units
# (Default: this file's folder, fixed now: MAKEFILE_LIST changes later.)
ifeq ($(origin PMUKIT_DIR),undefined)
PMUKIT_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
endif
PMUKIT_UNITS ?= safesu grlib cm riscv
PMUKIT_CAPI ?=

pmukit_srcs = $(foreach u,report profile $(1),$(wildcard $(PMUKIT_DIR)/src/$(u)/*.cpp)) \
              $(foreach u,$(2),$(PMUKIT_DIR)/src/capi/pmu_$(u).cpp)
PMUKIT_SRCS := $(call pmukit_srcs,$(PMUKIT_UNITS),$(PMUKIT_CAPI))

PMUKIT_CPPFLAGS := -I$(PMUKIT_DIR)/include
# The language: C++17 without exceptions, RTTI, thread-safe statics or atexit.
PMUKIT_LANGFLAGS := -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit
# Freestanding targets: no hosted or C++ standard headers, no unwind tables.
PMUKIT_FREESTANDING_FLAGS := -ffreestanding -nostdinc++ -fno-asynchronous-unwind-tables -fno-unwind-tables
PMUKIT_WARNFLAGS := -Wall -Wextra -Wshadow -Wundef
PMUKIT_CXXFLAGS := $(PMUKIT_CPPFLAGS) $(PMUKIT_LANGFLAGS) $(PMUKIT_FREESTANDING_FLAGS) \
                   -ffunction-sections -fdata-sections
PMUKIT_HOST_CXXFLAGS := $(PMUKIT_CPPFLAGS) $(PMUKIT_LANGFLAGS) -DPMU_HOST
