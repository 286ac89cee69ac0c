# SPDX-License-Identifier: Apache-2.0
# Host build: the library compiled for the build machine with its own flags
# (pmukit.mk) and PMU_HOST (register accesses through the public host seam),
# tested with GoogleTest under AddressSanitizer and UndefinedBehaviorSanitizer
# against the simulator's models (sim/host: the host seam backend).
#
#   tests/<unit>/host/*.cpp, *.c   -> build/host/tests-<unit>         (XLEN 64)
#   tests/<unit>/host/rv32/*.cpp   -> build/host/tests-<unit>-xlen32  (XLEN 32)
#   sim/*/*_test.cpp               -> build/host/tests-sim            (the models' own tests)

HDIR := $(BUILD)/host
HOST_CXX ?= g++
HOST_CC ?= gcc
HOST_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HOST_LDLIBS := -lgtest -lpthread
# Tests, models and test support: hosted C++17 (and C11 for the C API
# tests), with the simulator's and the test support's include roots.
HOST_TEST_CPPFLAGS := -DPMU_HOST $(PMUKIT_CPPFLAGS) -Isim/include -Itests/support
# Optimisation of the tests, models and test support (not the library):
# make mutation rebuilds the tests a mutated header reaches with -O0, which
# compiles GoogleTest sources about three times faster.
HOST_TEST_OPT ?= -O1
# A build by clang names itself in its lines (host@clang): make test runs the
# host tests built by GCC and by clang, each in its own HDIR.
HOST_BUILD_TAG := $(if $(findstring clang,$(notdir $(HOST_CXX))),@clang)

# $(call host_variant,NAME,XLEN,EXTRA FLAGS): object rules and the library
# archives of one host build variant in $(HDIR)/NAME. The variant's tools and
# flags are written to $(HDIR)/NAME/flags.txt whenever they change, and every
# object depends on it, so changing them (HOST_CXX=..., a flag) rebuilds.
host_flags_id = $(HOST_CXX) $(HOST_CC) | $(PMUKIT_HOST_CXXFLAGS) $(PMUKIT_WARNFLAGS) | $(HOST_TEST_CPPFLAGS) | $(2) $(3)
define host_variant
$$(call flags_stamp,$(HDIR)/$(1)/flags.txt,$$(call host_flags_id,$(1),$(2),$(3)))
$(HDIR)/$(1)/src/%.o: src/%.cpp $(HDIR)/$(1)/flags.txt
	@mkdir -p $$(dir $$@)
	$$(Q)$$(HOST_CXX) -O1 -g $$(PMUKIT_HOST_CXXFLAGS) $$(PMUKIT_WARNFLAGS) -Werror -DPMU_HOST_XLEN=$(2) $(3) \
	  -MMD -MP -c $$< -o $$@
$(HDIR)/$(1)/%.o: %.cpp $(HDIR)/$(1)/flags.txt
	@mkdir -p $$(dir $$@)
	$$(Q)$$(HOST_CXX) -std=c++17 $$(HOST_TEST_OPT) -g $$(PMUKIT_WARNFLAGS) -Werror $$(HOST_TEST_CPPFLAGS) -DPMU_HOST_XLEN=$(2) $(3) \
	  $$(if $$(HOST_BUILD_TAG),-DPMU_TEST_BUILD_TAG='"$$(HOST_BUILD_TAG)"') -MMD -MP -c $$< -o $$@
$(HDIR)/$(1)/%.o: %.c $(HDIR)/$(1)/flags.txt
	@mkdir -p $$(dir $$@)
	$$(Q)$$(HOST_CC) -std=c11 -pedantic $$(HOST_TEST_OPT) -g -Wall -Wextra -Werror $$(HOST_TEST_CPPFLAGS) -DPMU_HOST_XLEN=$(2) $(3) \
	  -MMD -MP -c $$< -o $$@
$(HDIR)/$(1)/libpmu.a: $$(patsubst %.cpp,$(HDIR)/$(1)/%.o,$$(HOST_LIB_SRCS))
	$$(Q)rm -f $$@ && ar rcs $$@ $$^
$(HDIR)/$(1)/libpmu_sim.a: $$(patsubst %.cpp,$(HDIR)/$(1)/%.o,$$(HOST_SIM_SRCS))
	$$(Q)rm -f $$@ && ar rcs $$@ $$^
endef

HOST_LIB_SRCS := $(patsubst $(PMUKIT_DIR)/%,%,$(call pmukit_srcs,$(ALL_UNITS),$(ALL_UNITS)))
# The simulator on the host: the models and the host seam backend.
HOST_SIM_SRCS := $(filter-out %_test.cpp,$(wildcard sim/models/*.cpp)) $(wildcard sim/host/*.cpp)
HOST_SUPPORT_SRCS := $(wildcard tests/support/host/*.cpp)

$(eval $(call host_variant,x64,64,$(HOST_SAN)))
$(eval $(call host_variant,x32,32,$(HOST_SAN)))

# ---- one GoogleTest binary per unit -----------------------------------------------
HOST_UNITS := $(filter-out support,$(sort $(patsubst tests/%/host/,%,$(dir $(wildcard tests/*/host/*.cpp tests/*/host/*.c))))) sim
host_unit_srcs = $(if $(filter sim,$(1)),$(wildcard sim/*/*_test.cpp),$(wildcard tests/$(1)/host/*.cpp tests/$(1)/host/*.c)) \
                 $(host_extra_srcs.$(1))
# The bench's tests (tests/bench/host) also build the bench's host runner
# and the baselines (mk/bench.mk).
host_extra_srcs.bench := $(filter-out bench/host/main.cpp,$(wildcard bench/host/*.cpp)) $(wildcard bench/*/baseline*.c)
host_unit_srcs32 = $(if $(wildcard tests/$(1)/host/rv32/*.cpp),$(wildcard tests/$(1)/host/rv32/*.cpp) $(host_extra_srcs.$(1)))
# $(call host_bins,UNIT): the unit's binaries (with its xlen32 one if it has rv32 tests).
host_bins = $(HDIR)/tests-$(1) $(if $(call host_unit_srcs32,$(1)),$(HDIR)/tests-$(1)-xlen32)

define host_unit_rules
$(HDIR)/tests-$(1): $(call obj_in,x64,$(call host_unit_srcs,$(1)) $(HOST_SUPPORT_SRCS)) \
                    $(HDIR)/x64/libpmu_sim.a $(HDIR)/x64/libpmu.a
	$$(Q)$$(HOST_CXX) $$(HOST_SAN) -o $$@ $$^ $$(HOST_LDLIBS)
$(HDIR)/tests-$(1)-xlen32: $(call obj_in,x32,$(call host_unit_srcs32,$(1)) $(HOST_SUPPORT_SRCS)) \
                           $(HDIR)/x32/libpmu_sim.a $(HDIR)/x32/libpmu.a
	$$(Q)$$(HOST_CXX) $$(HOST_SAN) -o $$@ $$^ $$(HOST_LDLIBS)
endef
obj_in = $(patsubst %,$(HDIR)/$(1)/%.o,$(basename $(2)))
$(foreach u,$(HOST_UNITS),$(eval $(call host_unit_rules,$(u))))

# make host-run [UNIT=<unit>]: build and run one unit's host tests, or all.
UNIT ?=
HOST_RUN_UNITS := $(or $(UNIT),$(HOST_UNITS))
HOST_RUN_ENV := env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
host-tests: $(foreach u,$(HOST_RUN_UNITS),$(call host_bins,$(u)))
host-run:
	$(if $(filter-out $(HOST_UNITS),$(HOST_RUN_UNITS)),$(error UNIT=$(UNIT): host test units: $(HOST_UNITS)))
	+@rc=0; $(foreach u,$(HOST_RUN_UNITS),$(foreach b,$(call host_bins,$(u)),\
	  TIMEOUT=600 $(call build_run_report,suite,$(if $(filter %-xlen32,$(b)),host-xlen32,host)$(HOST_BUILD_TAG),$(u),$(b),$(HOST_RUN_ENV)) || rc=1;)) exit $$rc

-include $(shell find $(HDIR) -name '*.d' 2>/dev/null)
