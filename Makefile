# SPDX-License-Identifier: Apache-2.0
# pmukit — top-level build. `make help` lists the targets and variables.
#
# Conventions (a new unit, suite or example needs no Makefile edit):
#   src/<unit>/*.cpp                      library sources; a board lists its units in BOARD_UNITS
#   src/capi/pmu_<unit>.cpp               C API of a unit (BOARD_CAPI, default: BOARD_UNITS)
#   boards/<board>/board.mk               a board (make BOARD=<board>)
#   sim/                                  the simulator: models, runtime, emulated SoC, host bus
#   tests/<unit>/host/*.cpp, *.c          host tests of a unit -> build/host/tests-<unit>
#   tests/<unit>/host/rv32/*.cpp          the same built with PMU_HOST_XLEN=32
#   tests/<unit>/qemu/<suite>/suite.mk    a QEMU suite (make include: SUITE_BOARDS, ...)
#   examples/<ex>/example.mk              an example (make include: EXAMPLE_BOARDS, ...)

BOARD ?= qemu-virt-rv64
ALL_BOARDS := $(patsubst boards/%/board.mk,%,$(wildcard boards/*/board.mk))
QEMU_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-virt-rv64-sbi qemu-leon3
ALL_UNITS := $(filter-out report profile capi,$(notdir $(wildcard src/*)))
$(if $(filter $(BOARD),$(ALL_BOARDS)),,$(error unknown BOARD=$(BOARD); boards: $(ALL_BOARDS)))

comma := ,
space := $(subst ,, )
BUILD := build
LOGS := $(BUILD)/logs
Q ?= @

.PHONY: all lib examples qemu-images qemu-run examples-run run-example demo demo-run bench bench-image \
        bench-run docs deps clean help host-tests host-run checks
all: lib examples

# Build, run, report: the one definition (tools/build-run-report.sh), used by
# QEMU suites, examples, the demo and the host test binaries.
#   $(call build_run_report,KIND,WHERE,NAME,IMAGE,RUN COMMAND[,EXPECT FILE])
build_run_report = bash tools/build-run-report.sh $(1) $(2) $(3) $(4) "$(5)" "$(6)" \
                   $(MAKE) --no-print-directory BOARD=$(BOARD) $(4)

include pmukit.mk
include mk/target.mk
include mk/host.mk
include mk/install.mk
include mk/test.mk
include mk/profile.mk
include mk/mutation.mk

deps:
	@bash tools/deps.sh

demo: deps
	@$(MAKE) --no-print-directory BOARD=qemu-virt-rv64 demo-run

bench: deps
	+@bash tools/bench.sh

# The API reference (Doxygen, from the public headers), warning-free.
docs:
	@bash tools/docs-check.sh

clean:
	rm -rf $(BUILD)

help:
	@echo 'make demo                  build the SafeSU example for qemu-virt-rv64 and run it under QEMU'
	@echo 'make test                  everything below, ends with "N passed, N failed"'
	@echo 'make bench                 exact figures (accesses, instructions, bytes) -> docs/performance.md'
	@echo 'make docs                  API reference from the headers (Doxygen) -> build/docs/html'
	@echo 'make install PREFIX=<dir>  headers, libraries, pkg-config and CMake files (INSTALL_BOARDS=...)'
	@echo 'make deps                  install the toolchains that are missing (Debian packages)'
	@echo 'make clean                 remove build/'
	@echo 'make [BOARD=<b>]           libpmu and the examples of one board (lib, examples)'
	@echo 'make BOARD=<b> qemu-run    build and run the board'"'"'s QEMU suites'
	@echo 'make BOARD=<b> examples-run            run the board'"'"'s examples, output checked'
	@echo 'make BOARD=<b> run-example EX=<ex>     build one example and show its output'
	@echo 'make host-run [UNIT=<unit>]            build and run the host tests (one unit or all)'
	@echo 'make checks                dependency rules and SPDX lines'
	@echo 'make mutation [SEED=1] [MUTANTS=300|all] [UNIT=u,...] [JOBS=2]  mutation score of the host tests'
	@echo 'boards: $(ALL_BOARDS) (QEMU: $(QEMU_BOARDS))'
	@echo 'host test units: $(HOST_UNITS)'
	@echo 'variables: BOARD, EX, UNIT, PREFIX, INSTALL_BOARDS, OPT (-Os), Q (@: quiet)'

# make -s BOARD=<b> print-CROSS_NM: a board's make variable, for the tools.
print-%:
	@echo '$($*)'
