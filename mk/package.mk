# SPDX-License-Identifier: Apache-2.0
# The library package of one ABI (make install; docs/install.md):
#   make -f mk/package.mk ABI=<abi>   (ABI: one of PMUKIT_ABIS, pmukit.mk)
# builds, in $(BUILD)/pkg/<abi>/:
#   libpmu.a       every unit of the ABI's architecture and their C API
#                  wrappers, the report formatter and the profiler, built with
#                  the ABI's flags (pmukit.mk) and the library's own flags
#   libpmugcc.a    (LEON3) the libgcc helpers a LEON3 can run
#                  (boards/common/sparc/compiler_rt.cpp): Debian's 32-bit
#                  sparc libgcc is V8+ code, which a LEON3 cannot execute
#   package.txt    what tools/install.py needs to write the package's
#                  pkg-config and CMake files
# A standalone makefile: it has no board, only an architecture's toolchain.
BUILD ?= build
OPT ?= -Os
PMUKIT_GEN_DIR := $(BUILD)/gen
include pmukit.mk
include mk/flags.mk
$(if $(filter $(ABI),$(PMUKIT_ABIS)),,$(error ABI=$(ABI): ABIs: $(PMUKIT_ABIS)))
include boards/common/$(pmukit_abi_arch.$(ABI))/toolchain.mk

# The units an architecture has hardware for (riscv: the CSR counters; cm:
# a RISC-V/MIPS coherence manager).
units.riscv := safesu grlib cm riscv
units.sparc := safesu grlib
UNITS := $(units.$(ARCH))
# The helpers libpmu needs from the compiler's runtime on this architecture
# (it also needs memset and memcpy: docs/install.md).
rtlibs.riscv := -lgcc
rtlibs.sparc := -lpmugcc

PDIR := $(BUILD)/pkg/$(ABI)
ABI_FLAGS := $(pmukit_abi_flags.$(ABI))
# Installed objects name their sources relative to the source tree's top.
P_CXXFLAGS := $(ABI_FLAGS) $(OPT) -g $(PMUKIT_WARNFLAGS) -Werror $(PMUKIT_CXXFLAGS) -ffile-prefix-map=$(CURDIR)=.
# Objects keyed by tools and flags (as for boards, mk/target.mk).
ODIR := $(call keyed_objdir,$(PDIR),$(CROSS_CXX) | $(P_CXXFLAGS))
P_FLAGS_STAMP := $(PDIR)/flags.txt

LIB_SRCS := $(patsubst $(PMUKIT_DIR)/%,%,$(call pmukit_srcs,$(UNITS),$(UNITS)))
LIB_OBJS := $(patsubst %.cpp,$(ODIR)/%.o,$(LIB_SRCS))
GCC_SRCS.sparc := boards/common/sparc/compiler_rt.cpp
GCC_OBJS := $(patsubst %.cpp,$(ODIR)/%.o,$(GCC_SRCS.$(ARCH)))

.PHONY: all
all: $(PDIR)/libpmu.a $(if $(GCC_OBJS),$(PDIR)/libpmugcc.a) $(PDIR)/package.txt

$(ODIR)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(P_CXXFLAGS) -MMD -MP -c $< -o $@
$(PDIR)/libpmu.a: $(LIB_OBJS) $(P_FLAGS_STAMP)
	$(Q)rm -f $@ && $(CROSS_AR) rcs $@ $(filter %.o,$^)
$(PDIR)/libpmugcc.a: $(GCC_OBJS) $(P_FLAGS_STAMP)
	$(Q)rm -f $@ && $(CROSS_AR) rcs $@ $(filter %.o,$^)

# One "key: value" per line.
define package_txt
kind: abi
abi: $(ABI)
arch: $(ARCH)
units: $(UNITS)
abi_flags: $(ABI_FLAGS)
cxx: $(CROSS_CXX)
nm: $(CROSS_NM)
objdump: $(CROSS_OBJDUMP)
libs: -lpmu $(rtlibs.$(ARCH))
endef
$(PDIR)/package.txt: $(P_FLAGS_STAMP) mk/package.mk
	$(file >$@,$(package_txt))

Q ?= @
-include $(shell find $(ODIR) -name '*.d' 2>/dev/null)
