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
#   PMUKIT_CPPFLAGS       include path (the library sees include/ only, and the
#                         generated pmu/version.hpp in PMUKIT_GEN_DIR)
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
#   PMUKIT_VERSION        the version (from the file VERSION, the one place it
#                         is written); pmu/version.hpp is generated from it into
#                         PMUKIT_GEN_DIR (default build/pmukit-gen, relative to
#                         the directory make runs in) when this file is read
#   PMUKIT_ABIS           the ABIs pmukit is packaged for (make install), and
#                         for each, pmukit_abi_flags.<abi>: the compiler flags
#                         that select it (and pmukit_abi_arch.<abi>: riscv or
#                         sparc). Use $(pmukit_abi_flags.rv64gc-lp64d) as your
#                         -march if you want the installed packages' ABI.
# (Default: this file's folder, fixed now: MAKEFILE_LIST changes later.)
ifeq ($(origin PMUKIT_DIR),undefined)
PMUKIT_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
endif
PMUKIT_UNITS ?= safesu grlib cm riscv
PMUKIT_CAPI ?=

pmukit_srcs = $(foreach u,report profile $(1),$(wildcard $(PMUKIT_DIR)/src/$(u)/*.cpp)) \
              $(foreach u,$(2),$(PMUKIT_DIR)/src/capi/pmu_$(u).cpp)
PMUKIT_SRCS := $(call pmukit_srcs,$(PMUKIT_UNITS),$(PMUKIT_CAPI))

# The version: VERSION holds it; pmu/version.hpp is written from the template
# tools/version.hpp.in whenever its text would change (so no rule, and no
# ordering for a user's objects to get right).
PMUKIT_VERSION := $(strip $(file <$(PMUKIT_DIR)/VERSION))
PMUKIT_GEN_DIR ?= build/pmukit-gen
pmukit_version_part = $(word $(1),$(subst ., ,$(PMUKIT_VERSION)))
pmukit_version_hpp := $(subst @PMU_VERSION@,$(PMUKIT_VERSION),$(subst @PMU_VERSION_MAJOR@,$(call pmukit_version_part,1),\
  $(subst @PMU_VERSION_MINOR@,$(call pmukit_version_part,2),$(subst @PMU_VERSION_PATCH@,$(call pmukit_version_part,3),\
  $(file <$(PMUKIT_DIR)/tools/version.hpp.in)))))
ifneq ($(file <$(PMUKIT_GEN_DIR)/pmu/version.hpp),$(pmukit_version_hpp))
$(shell mkdir -p $(PMUKIT_GEN_DIR)/pmu)
$(file >$(PMUKIT_GEN_DIR)/pmu/version.hpp,$(pmukit_version_hpp))
endif

# The ABIs of the installed packages (docs/install.md). RISC-V: ISA spec 2.2
# keeps Zicsr inside I, so CSR instructions assemble and the plain -march
# spelling selects the toolchain's libgcc multilib (rv64imac_zicsr would
# select the default, rv64gc/lp64d). rv32imc is the Ibex. LEON3: SPARC V8,
# 32-bit, no PIE (Debian's cross gcc defaults to PIE).
PMUKIT_ABIS := rv64imac-lp64 rv64gc-lp64d rv32imac-ilp32 rv32imc-ilp32 leon3
pmukit_abi_flags.rv64imac-lp64 := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
pmukit_abi_flags.rv64gc-lp64d := -march=rv64gc -misa-spec=2.2 -mabi=lp64d -mcmodel=medany
pmukit_abi_flags.rv32imac-ilp32 := -march=rv32imac -misa-spec=2.2 -mabi=ilp32 -mcmodel=medany
pmukit_abi_flags.rv32imc-ilp32 := -march=rv32imc -misa-spec=2.2 -mabi=ilp32 -mcmodel=medany
pmukit_abi_flags.leon3 := -m32 -mcpu=leon3 -fno-pie
$(foreach a,$(filter rv%,$(PMUKIT_ABIS)),$(eval pmukit_abi_arch.$(a) := riscv))
pmukit_abi_arch.leon3 := sparc

PMUKIT_CPPFLAGS := -I$(PMUKIT_DIR)/include -I$(PMUKIT_GEN_DIR)
# The language: C++17 without exceptions, RTTI, thread-safe statics or atexit.
PMUKIT_LANGFLAGS := -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit
# Freestanding targets: no hosted or C++ standard headers, no unwind tables.
PMUKIT_FREESTANDING_FLAGS := -ffreestanding -nostdinc++ -fno-asynchronous-unwind-tables -fno-unwind-tables
PMUKIT_WARNFLAGS := -Wall -Wextra -Wshadow -Wundef
# Warnings a consumer may turn on that the public headers are also kept free
# of: C++ in C++17 and C++20, the C API in C99 and C11 (make test parses the
# examples so: consumer-check, mk/target.mk).
PMUKIT_CONSUMER_WARNFLAGS := -Wpedantic -Wconversion -Wsign-conversion -Wold-style-cast -Wcast-qual \
                             -Wzero-as-null-pointer-constant -Wextra-semi -Wnull-dereference \
                             -Wdouble-promotion -Wredundant-decls -Wformat=2
PMUKIT_CONSUMER_CWARNFLAGS := -Wpedantic -Wconversion -Wsign-conversion -Wcast-qual -Wstrict-prototypes \
                              -Wmissing-prototypes -Wdouble-promotion -Wredundant-decls -Wformat=2
PMUKIT_CXXFLAGS := $(PMUKIT_CPPFLAGS) $(PMUKIT_LANGFLAGS) $(PMUKIT_FREESTANDING_FLAGS) \
                   -ffunction-sections -fdata-sections
PMUKIT_HOST_CXXFLAGS := $(PMUKIT_CPPFLAGS) $(PMUKIT_LANGFLAGS) -DPMU_HOST
