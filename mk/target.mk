# SPDX-License-Identifier: Apache-2.0
# Cross builds for one board ($(BOARD)): libpmu, QEMU suite images,
# examples, and running them (the bench image: mk/bench.mk).

include boards/$(BOARD)/board.mk

# ABI=<abi> (one of PMUKIT_ABIS, pmukit.mk): build this board for another ABI
# than its own, e.g. make BOARD=qemu-virt-rv64 ABI=rv64gc-lp64d (the sim
# packages of make install do). The board's other flags (defines) stay.
ABI ?=
ifneq ($(ABI),)
$(if $(filter $(ABI),$(PMUKIT_ABIS)),,$(error unknown ABI=$(ABI); ABIs: $(PMUKIT_ABIS)))
$(if $(filter $(ARCH),$(pmukit_abi_arch.$(ABI))),,$(error ABI=$(ABI) is not an ABI of $(ARCH) board $(BOARD)))
ARCH_FLAGS := $(pmukit_abi_flags.$(ABI)) \
              $(filter-out -march=% -mabi=% -misa-spec=% -mcmodel=% -mcpu=% -m32 -fno-pie,$(ARCH_FLAGS))
endif
TDIR := $(BUILD)/$(BOARD)$(if $(ABI),.$(ABI))
OPT_DEFAULT := -Os
OPT ?= $(OPT_DEFAULT)
# The C API wrappers of the board's units, unless the board lists fewer.
BOARD_CAPI ?= $(BOARD_UNITS)

# ---- flags: the library's come from pmukit.mk ----------------------------------
# (ABI builds are the sim packages: installed objects name their sources
# relative to the source tree's top.)
# (T_COMMON: everything but the arch flags, which each compiler takes apart.)
T_COMMON := $(OPT) -g $(PMUKIT_WARNFLAGS) -Werror $(if $(ABI),-ffile-prefix-map=$(CURDIR)=.)
# Library objects (src/): the library's flags and include path, nothing
# else, so a library source that includes a board, sim or test header
# does not build. (The C++ compiler's arch flags: the board's, less what
# another COMPILER takes otherwise.)
LIB_CXXFLAGS := $(filter-out $(CXX_ARCH_DROPS),$(ARCH_FLAGS)) $(T_COMMON) $(PMUKIT_CXXFLAGS)
# Board objects (boards/): + the board support folders.
BOARD_CPPFLAGS := -Iboards/common -Iboards/$(BOARD) $(BOARD_INCLUDES)
BOARD_CXXFLAGS := $(LIB_CXXFLAGS) $(BOARD_CPPFLAGS)
# Everything else in an image (sim/, tests/, examples/, bench/): + the
# simulator's and the test support's include roots.
IMAGE_CPPFLAGS := $(BOARD_CPPFLAGS) -Isim/include -Itests/support
IMAGE_CXXFLAGS := $(LIB_CXXFLAGS) $(IMAGE_CPPFLAGS)
IMAGE_CFLAGS := $(ARCH_FLAGS) $(T_COMMON) -std=c11 -ffreestanding -ffunction-sections -fdata-sections \
                $(PMUKIT_CPPFLAGS) $(IMAGE_CPPFLAGS)
T_ASFLAGS := $(ARCH_FLAGS) -g $(BOARD_CPPFLAGS) $(if $(ABI),-ffile-prefix-map=$(CURDIR)=. -Wa$(comma)--debug-prefix-map$(comma)$(CURDIR)=.)
T_LDFLAGS := $(ARCH_FLAGS) $(ARCH_LDFLAGS) -nostdlib -nostartfiles -Wl,--gc-sections \
             -Wl,--no-warn-rwx-segments -T linker/$(LDSCRIPT)
# Per-object additions (examples, suites) go here as target-specific values.
EXTRA_CPPFLAGS :=

# Objects live in a directory keyed by the tools and flags they were built
# with (ODIR), so changing ARCH_FLAGS, OPT, ABI or a compiler builds afresh
# instead of reusing objects built for something else. The flags are also
# written to $(TDIR)/flags.txt whenever they change, and libpmu (hence every
# image) depends on it, so switching back relinks too.
T_FLAGS_ID := $(CROSS_CXX) $(CROSS_CC) | $(IMAGE_CXXFLAGS) | $(IMAGE_CFLAGS) | $(T_ASFLAGS) | $(T_LDFLAGS) $(ARCH_LIBS)
ODIR := $(call keyed_objdir,$(TDIR),$(T_FLAGS_ID))
T_FLAGS_STAMP := $(TDIR)/flags.txt

$(ODIR)/src/%.o: src/%.cpp
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(LIB_CXXFLAGS) -MMD -MP -c $< -o $@
$(ODIR)/boards/%.o: boards/%.cpp
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(BOARD_CXXFLAGS) -MMD -MP -c $< -o $@
$(ODIR)/boards/%.o: boards/%.S
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(T_ASFLAGS) -MMD -MP -c $< -o $@
$(ODIR)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(IMAGE_CXXFLAGS) $(EXTRA_CPPFLAGS) -MMD -MP -c $< -o $@
$(ODIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(IMAGE_CFLAGS) $(EXTRA_CPPFLAGS) -MMD -MP -c $< -o $@

obj = $(patsubst %,$(ODIR)/%.o,$(basename $(1)))
link = $(Q)$(CROSS_LINK) $(T_LDFLAGS) -o $@ $(filter %.o,$^) $(LIBPMU) $(ARCH_LIBS)

# ---- libpmu ---------------------------------------------------------------------
LIB_SRCS := $(patsubst $(PMUKIT_DIR)/%,%,$(call pmukit_srcs,$(BOARD_UNITS),$(BOARD_CAPI)))
LIBPMU := $(TDIR)/libpmu.a
$(LIBPMU): $(call obj,$(LIB_SRCS)) $(T_FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && $(CROSS_AR) rcs $@ $(filter %.o,$^)
lib: $(LIBPMU)

BOARD_OBJS := $(call obj,$(BOARD_SRCS))
# The simulator on emulated boards: trap-and-emulate runtime, models, SoC.
SIM_RUNTIME_OBJS := $(call obj,$(wildcard sim/runtime/*.cpp sim/runtime/$(ARCH)/*.cpp) \
                              $(filter-out %_test.cpp,$(wildcard sim/models/*.cpp)))
SIM_SOC_OBJS := $(call obj,$(wildcard sim/soc/*.cpp))
TEST_RUNNER_OBJS := $(call obj,$(wildcard tests/support/qemu/*.cpp))
# Where a suite's lines say it ran: the board, and the compiler and the
# optimisation level when they are not the defaults (make test runs the
# suites built otherwise too).
BUILD_TAG := $(if $(filter-out gcc,$(COMPILER)),@$(COMPILER))$(if $(filter-out $(OPT_DEFAULT),$(OPT)),@$(patsubst -%,%,$(OPT)))$(if $(ABI),@$(ABI))
WHERE := $(BOARD)$(BUILD_TAG)
$(TEST_RUNNER_OBJS): EXTRA_CPPFLAGS += $(if $(BUILD_TAG),-DPMU_TEST_BUILD_TAG='"$(BUILD_TAG)"')
# Every linker script: a board's script may INCLUDE a shared one
# (the virt boards' qemu-virt-sections.ld).
IMAGE_DEPS := $(BOARD_OBJS) $(LIBPMU) $(wildcard linker/*.ld)

# ---- QEMU -----------------------------------------------------------------------
# The board's QEMU_CMD (the machine, without -cpu and -kernel) with a -cpu:
# $(call qemu_cmd,CPU) (empty: the board's QEMU_CPU).
qemu_cmd = $(QEMU_CMD)$(if $(or $(1),$(QEMU_CPU)), -cpu $(or $(1),$(QEMU_CPU))) -kernel
# Targets that run images stop here on a board without QEMU.
need_qemu = $(if $(QEMU_CMD),,$(error BOARD=$(BOARD) is build-only (no QEMU); QEMU boards: $(QEMU_BOARDS)))

# ---- QEMU test suites -------------------------------------------------------------
# tests/<unit>/qemu/<suite>/suite.mk is a make fragment, included here:
#   SUITE_BOARDS   := the boards the suite runs on
#   SUITE_QEMU_CPU := a QEMU -cpu for this suite (optional; default QEMU_CPU)
#   SUITE_SRCS     := sources from outside the suite folder (optional)
#   SUITE_CXXFLAGS := flags for the suite's objects (optional, e.g.
#                     -fno-omit-frame-pointer)
#   SUITE_CHECK    := a host command run after the image, with the board,
#                     the image and its output as arguments (optional; it
#                     prints PASS/FAIL lines of its own, e.g. from a profile
#                     of the capture the image printed)
#   SUITE_OPT_ONLY := the one optimisation level the suite runs at (optional,
#                     e.g. -Os for a suite whose checks count the instructions
#                     of code built so); the others run at any OPT
#   SUITE_COMPILER_ONLY := the one COMPILER it runs with (optional, e.g. gcc)
# One image per suite per board: the suite folder's *.cpp and SUITE_SRCS,
# compiled with the suite folder on the include path.
SUITE_DIRS := $(patsubst %/suite.mk,%,$(wildcard tests/*/qemu/*/suite.mk))
define load_suite
SUITE_BOARDS :=
SUITE_QEMU_CPU :=
SUITE_SRCS :=
SUITE_CXXFLAGS :=
SUITE_CHECK :=
SUITE_OPT_ONLY :=
SUITE_COMPILER_ONLY :=
include $(1)/suite.mk
suite.$(notdir $(1)).dir := $(1)
suite.$(notdir $(1)).boards := $$(SUITE_BOARDS)
suite.$(notdir $(1)).cpu := $$(SUITE_QEMU_CPU)
suite.$(notdir $(1)).srcs := $$(wildcard $(1)/*.cpp) $$(SUITE_SRCS)
suite.$(notdir $(1)).cxxflags := $$(SUITE_CXXFLAGS)
suite.$(notdir $(1)).check := $$(SUITE_CHECK)
suite.$(notdir $(1)).opt_only := $$(SUITE_OPT_ONLY)
suite.$(notdir $(1)).compiler_only := $$(SUITE_COMPILER_ONLY)
endef
$(foreach d,$(SUITE_DIRS),$(eval $(call load_suite,$(d))))
$(foreach s,$(sort $(notdir $(SUITE_DIRS))),$(if $(word 2,$(filter %/$(s),$(SUITE_DIRS))),\
  $(error two QEMU suites named $(s): $(filter %/$(s),$(SUITE_DIRS)))))
SUITES := $(foreach d,$(SUITE_DIRS),$(if $(filter $(BOARD),$(suite.$(notdir $(d)).boards)),\
  $(if $(filter-out $(OPT),$(suite.$(notdir $(d)).opt_only))$(filter-out $(COMPILER),$(suite.$(notdir $(d)).compiler_only)),,$(notdir $(d)))))

define suite_rules
$(ODIR)/suite/$(1)/%.o: %.cpp
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CROSS_CXX) $$(IMAGE_CXXFLAGS) $(suite.$(1).cxxflags) -I$(suite.$(1).dir) -MMD -MP -c $$< -o $$@
$(TDIR)/qemu/$(1).elf: $(patsubst %.cpp,$(ODIR)/suite/$(1)/%.o,$(suite.$(1).srcs)) \
                       $(TEST_RUNNER_OBJS) $(SIM_RUNTIME_OBJS) $(IMAGE_DEPS)
	@mkdir -p $$(dir $$@)
	$$(link)
endef
$(foreach s,$(SUITES),$(eval $(call suite_rules,$(s))))
QEMU_IMAGES := $(foreach s,$(SUITES),$(TDIR)/qemu/$(s).elf)
qemu-images: $(QEMU_IMAGES)

# Build, run and report every suite of this board (and its host check).
qemu-run:
	$(need_qemu)
	+@rc=0; $(foreach s,$(SUITES),$(call build_run_report,suite,$(WHERE),$(s),$(TDIR)/qemu/$(s).elf,$(call qemu_cmd,$(suite.$(s).cpu))) || rc=1;\
	  $(if $(suite.$(s).check),$(suite.$(s).check) $(WHERE) $(TDIR)/qemu/$(s).elf $(TDIR)/qemu/$(s).elf.out || rc=1;)) exit $$rc

# ---- examples ---------------------------------------------------------------------
# examples/<ex>/example.mk is a make fragment, included here:
#   EXAMPLE_BOARDS   := the boards the example builds for
#   EXAMPLE_QEMU_CPU := a QEMU -cpu for this example (optional)
#   EXAMPLE_CXXFLAGS := flags for the example's own objects (optional)
#   EXAMPLE_SYMBOLS  := demangled symbols its image must contain (optional;
#                       work the compiler must not optimise away, make test checks)
# examples/<ex>/expect.txt: lines its output must contain (make test checks).
EXAMPLE_DIRS := $(patsubst %/example.mk,%,$(wildcard examples/*/example.mk))
define load_example
EXAMPLE_BOARDS :=
EXAMPLE_QEMU_CPU :=
EXAMPLE_SYMBOLS :=
EXAMPLE_CXXFLAGS :=
include $(1)/example.mk
example.$(notdir $(1)).boards := $$(EXAMPLE_BOARDS)
example.$(notdir $(1)).cpu := $$(EXAMPLE_QEMU_CPU)
example.$(notdir $(1)).symbols := $$(EXAMPLE_SYMBOLS)
example.$(notdir $(1)).cxxflags := $$(EXAMPLE_CXXFLAGS)
$$(ODIR)/$(1)/%.o: EXTRA_CPPFLAGS += $$(example.$(notdir $(1)).cxxflags)
endef
$(foreach d,$(EXAMPLE_DIRS),$(eval $(call load_example,$(d))))
EXAMPLES := $(foreach d,$(EXAMPLE_DIRS),$(if $(filter $(BOARD),$(example.$(notdir $(d)).boards)),$(notdir $(d))))

# examples/common: console, workload and device glue shared by the examples;
# devices_emulated.cpp (the simulator's emulated SoC) on emulated boards,
# devices_hw.cpp (nothing to map) on real ones.
EXAMPLE_COMMON_OBJS := $(call obj,$(filter-out examples/common/devices_$(if $(BOARD_EMULATED),hw,emulated).cpp,\
                                               $(wildcard examples/common/*.cpp)))
$(ODIR)/examples/%.o: EXTRA_CPPFLAGS := -Iexamples/common -DEXAMPLES_EMULATED=$(if $(BOARD_EMULATED),1,0)
define example_rules
$(TDIR)/examples/$(1).elf: $(call obj,$(wildcard examples/$(1)/*.cpp examples/$(1)/*.c)) $(EXAMPLE_COMMON_OBJS) \
                           $(if $(BOARD_EMULATED),$(SIM_SOC_OBJS) $(SIM_RUNTIME_OBJS)) $(IMAGE_DEPS)
	@mkdir -p $$(dir $$@)
	$$(link)
endef
$(foreach e,$(EXAMPLES),$(eval $(call example_rules,$(e))))
examples: $(foreach e,$(EXAMPLES),$(TDIR)/examples/$(e).elf)

# Every example source of this board parsed (no code made) as a consumer
# may compile the public headers: with PMUKIT_CONSUMER_WARNFLAGS (C++17 and
# C++20) or PMUKIT_CONSUMER_CWARNFLAGS (C99 and C11). tools/build-check.sh
# reports it as one line.
CONSUMER_SRCS := $(sort $(foreach e,$(EXAMPLES),$(wildcard examples/$(e)/*.cpp examples/$(e)/*.c)) \
                   $(filter-out examples/common/devices_$(if $(BOARD_EMULATED),hw,emulated).cpp,$(wildcard examples/common/*.cpp)))
consumer_example_flags = -Iexamples/common -DEXAMPLES_EMULATED=$(if $(BOARD_EMULATED),1,0) \
                         $(example.$(word 2,$(subst /, ,$(1))).cxxflags)
consumer-check:
	$(Q)$(foreach s,$(filter %.cpp,$(CONSUMER_SRCS)),$(foreach std,c++17 c++20,\
	  $(CROSS_CXX) $(IMAGE_CXXFLAGS) $(call consumer_example_flags,$(s)) $(PMUKIT_CONSUMER_WARNFLAGS) -std=$(std) -fsyntax-only $(s) &&)) \
	$(foreach s,$(filter %.c,$(CONSUMER_SRCS)),$(foreach std,c99 c11,\
	  $(CROSS_CC) $(IMAGE_CFLAGS) $(call consumer_example_flags,$(s)) $(PMUKIT_CONSUMER_CWARNFLAGS) -std=$(std) -fsyntax-only $(s) &&)) true

# $(call run_example,KIND,EXAMPLE): build-run-report of one example.
run_example = $(call build_run_report,$(1),$(WHERE),$(2),$(TDIR)/examples/$(2).elf,\
                $(call qemu_cmd,$(example.$(2).cpu)),$(wildcard examples/$(2)/expect.txt))

# Every example of this board, output checked against its expect.txt.
examples-run:
	$(need_qemu)
	+@rc=0; $(foreach e,$(EXAMPLES),$(call run_example,example,$(e)) || rc=1;) exit $$rc

# make BOARD=<qemu board> run-example EX=<example>: build one, show its output.
run-example:
	$(need_qemu)
	$(if $(filter $(EX),$(EXAMPLES)),,$(error EX=$(EX): examples for $(BOARD): $(EXAMPLES)))
	+@$(call run_example,show,$(EX))

demo-run:
	$(need_qemu)
	+@$(call run_example,demo,safesu_profile)

-include $(shell find $(ODIR) -name '*.d' 2>/dev/null)

# ---- the sim package of this board and ABI (make install) --------------------------
# pmukit-sim-<board>-<abi>: one relocatable object with the board's start-up,
# trap entry, console, exit and interrupt glue, the trap-and-emulate runtime,
# the models and the emulated SoC, so a user's firmware links it whole (no
# archive-order or weak-symbol surprises; --gc-sections drops what is unused),
# plus the board's linker script and what tools/install.py writes into the
# package's pkg-config and CMake files (package.txt).
SIM_PKG_DIR := $(TDIR)/pkg
SIM_PKG_OBJS := $(BOARD_OBJS) $(SIM_RUNTIME_OBJS) $(SIM_SOC_OBJS)
define sim_package_txt
kind: sim
board: $(BOARD)
abi: $(ABI)
arch: $(ARCH)
board_flags: $(filter-out $(pmukit_abi_flags.$(ABI)),$(ARCH_FLAGS))
ldscript: linker/$(LDSCRIPT)
ldflags: $(ARCH_LDFLAGS)
headers: $(BOARD_HEADERS)
qemu: $(call qemu_cmd)
endef
.PHONY: sim-package
sim-package: $(SIM_PKG_DIR)/pmukit-sim.o $(SIM_PKG_DIR)/package.txt
$(SIM_PKG_DIR)/pmukit-sim.o: $(SIM_PKG_OBJS) $(T_FLAGS_STAMP)
	$(need_qemu)
	$(if $(ABI),,$(error sim-package needs ABI=<abi>))
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_LINK) $(ARCH_FLAGS) -nostdlib -r -o $@ $(filter %.o,$^)
$(SIM_PKG_DIR)/package.txt: $(T_FLAGS_STAMP) mk/target.mk
	$(shell mkdir -p $(dir $@))$(file >$@,$(sim_package_txt))
