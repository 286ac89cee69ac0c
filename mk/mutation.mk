# SPDX-License-Identifier: Apache-2.0
# make mutation: seeded, reproducible mutation testing of the driver sources
# against their host tests (tools/pmukit-mutation, docs/mutation.md). Not
# part of make test; its own test is (mutation-selftest, in the host step).
#
#   make mutation [SEED=1] [MUTANTS=300|all] [UNIT=safesu,cm] [JOBS=2] [MUTATION_ARGS=...]
#
# A unit's sources include its impl/ headers (the SafeSU driver is mostly
# header-only); the C API's (src/capi) are judged by its tests from C. A unit's mutants are judged by that unit's host test binaries; the shared
# headers' (typed registers, the wide counter) by every host test binary.

MUTATION_UNITS := safesu cm grlib riscv
SEED ?= 1
MUTANTS ?= 300
JOBS ?= 2
MUTATION_ARGS ?=
MUTATION_EQUIVALENTS := tests/mutation/equivalents.txt

# Binaries of other units that test a unit's headers: boards/ tests the
# SafeSU wrapper's interrupt lines (include/pmu/safesu/wrapper_irq.hpp).
mutation_also_safesu := $(call host_bins,boards)
mutation_bins = $(call host_bins,$(1)) $(mutation_also_$(1))

all_host_bins = $(foreach u,$(HOST_UNITS),$(call host_bins,$(u)))
csv = $(subst $(space),$(comma),$(strip $(1)))
# --unit NAME:SOURCE GLOBS:TEST BINARIES
mutation_unit_args = \
  $(foreach u,$(MUTATION_UNITS),--unit '$(u):src/$(u)/*.cpp,include/pmu/$(u)/*.hpp,include/pmu/$(u)/impl/*.hpp:$(call csv,$(call mutation_bins,$(u)))') \
  --unit 'capi:src/capi/*.cpp,src/capi/*.hpp:$(call csv,$(call host_bins,capi))' \
  --unit 'reg:include/pmu/reg/*.hpp:$(call csv,$(all_host_bins))' \
  --unit 'wide_counter:include/pmu/util/wide_counter.hpp:$(call csv,$(all_host_bins))'

.PHONY: mutation mutation-selftest mutation-equivalents
mutation:
	@python3 tools/pmukit-mutation $(mutation_unit_args) --seed $(SEED) --mutants $(MUTANTS) --jobs $(JOBS) \
	  $(if $(UNIT),--only $(UNIT)) --equivalents $(MUTATION_EQUIVALENTS) --seed-build $(HDIR) \
	  --mutant-build HOST_TEST_OPT=-O0 --run '$(HOST_RUN_ENV)' $(MUTATION_ARGS)

# The tool's own test: a tiny source and its tiny test (tests/mutation/tool).
mutation-selftest:
	@python3 tests/support/python/line_tests.py tests/mutation/tool mutation.tool

# Every entry of the equivalents list names a mutant of the sources as they
# are (make test, checks step): an entry left behind by an edit of its line
# would let the mutant it meant count as a survivor. Builds nothing.
mutation-equivalents:
	@python3 tools/pmukit-mutation $(mutation_unit_args) --equivalents $(MUTATION_EQUIVALENTS) --check-equivalents
