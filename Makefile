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

.PHONY: all lib examples consumer-check qemu-images qemu-run examples-run run-example demo demo-run bench bench-image \
        bench-run docs deps clean help host-tests host-run checks
all: lib examples

# Build, run, report: the one definition (tools/build-run-report.sh), used by
# QEMU suites, examples, the demo and the host test binaries.
#   $(call build_run_report,KIND,WHERE,NAME,IMAGE,RUN COMMAND[,EXPECT FILE])
build_run_report = bash tools/build-run-report.sh $(1) $(2) $(3) $(4) "$(5)" "$(6)" \
                   $(MAKE) --no-print-directory BOARD=$(BOARD) $(4)

# pmukit.mk writes the generated pmu/version.hpp here.
PMUKIT_GEN_DIR := $(BUILD)/gen
include pmukit.mk
include mk/flags.mk
include mk/target.mk
include mk/host.mk
include mk/bench.mk
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

# Every target, variable and board (make test checks that each .PHONY
# target is named here: tools/make-check.sh).
help:
	@echo 'Start here:'
	@echo '  make demo                    build the SafeSU example for qemu-virt-rv64 and run it under QEMU'
	@echo '  make profile-demo            profile a workload of known shape under QEMU, print pmukit-profile'"'"'s reports'
	@echo '  make test                    everything, step by step (make test-<step>), ends with "N passed, N failed"'
	@echo '  make deps                    install the Debian packages that are missing (make demo and test do)'
	@echo 'One board (BOARD=<b>, default qemu-virt-rv64):'
	@echo '  make [all]                   lib and examples'
	@echo '  make lib                     build/<b>/libpmu.a'
	@echo '  make examples                the examples that list the board'
	@echo '  make consumer-check          parse the examples with the warnings a consumer may turn on (C++17/20, C99/C11)'
	@echo '  make qemu-images             the board'"'"'s QEMU suite images; make qemu-run builds and runs them'
	@echo '  make examples-run            run the board'"'"'s examples under QEMU, output checked'
	@echo '  make run-example EX=<ex>     build one example and show its output'
	@echo '  make demo-run                the demo on BOARD (make demo: on qemu-virt-rv64, after make deps)'
	@echo '  make profile-demo-run        the profile demo on BOARD (a qemu-virt board)'
	@echo '  make sim-package ABI=<abi>   the board'"'"'s pmukit-sim object for one ABI (make install builds them)'
	@echo 'Host:'
	@echo '  make host-run [UNIT=<u>]     build and run the host tests (GoogleTest, ASan+UBSan); host-tests builds them'
	@echo '  make host-run-clang          the host tests built by clang (build/host-clang; part of make test)'
	@echo '  make profile-tool-run        the tests of tools/pmukit-profile'
	@echo '  make profile-figure          make profile-demo, and its first plot to docs/profiling-example.svg'
	@echo 'Figures, docs, checks:'
	@echo '  make bench                   exact figures -> docs/performance.md (bench-image, bench-run, bench-size: one board)'
	@echo '  make bench-tools-run         the tests of make bench'"'"'s size, RAM and page tools'
	@echo '  make docs                    API reference (Doxygen) -> build/docs/html, warning-free'
	@echo '  make checks                  dependency rules, SPDX lines, make'"'"'s own behaviour, the mutation list'
	@echo '  make mutation [SEED=1] [MUTANTS=300|all] [UNIT=u,...] [JOBS=2]  mutation score of the host tests (docs/mutation.md)'
	@echo '  make mutation-selftest       the tests of tools/pmukit-mutation'
	@echo '  make mutation-equivalents    every entry of tests/mutation/equivalents.txt names a current mutant'
	@echo '  make test-<step>             one step of make test: $(TEST_STEPS)'
	@echo 'Install (docs/install.md):'
	@echo '  make install PREFIX=<dir> [DESTDIR=<root>]  packages per ABI, pmukit-sim, host, CMake and pkg-config files'
	@echo '  make uninstall PREFIX=<dir> [DESTDIR=<root>]  remove exactly what make install wrote'
	@echo '  make packages                build what make install installs, without installing'
	@echo 'Other:'
	@echo '  make clean                   remove build/'
	@echo '  make help                    this list'
	@echo '  make print-<VAR> [BOARD=<b>] the value of a make variable (for tools)'
	@echo 'Variables:'
	@echo '  BOARD=<b>          boards: $(ALL_BOARDS)'
	@echo '                     QEMU boards (run): $(QEMU_BOARDS); the others are build-only'
	@echo '  EX=<example>       examples of BOARD: $(strip $(EXAMPLES))'
	@echo '  UNIT=<unit>        host test units: $(HOST_UNITS)'
	@echo '  ABI=<abi>          packaged ABIs: $(PMUKIT_ABIS)'
	@echo '  PREFIX, DESTDIR    install root (default /usr/local; a relative PREFIX is made absolute)'
	@echo '  INSTALL_ABIS       the ABI packages make install builds (default: all)'
	@echo '  INSTALL_SIM_BOARDS the QEMU boards whose pmukit-sim it builds (default: all)'
	@echo '  ARCH_FLAGS, OPT    a board'"'"'s -march/-mabi etc. and optimisation (default -Os); changing them rebuilds'
	@echo '  COMPILER=clang     the C++ objects compiled by clang (RISC-V boards; default gcc); rebuilds'
	@echo '  HOST_CXX, HOST_CC  the host compilers (default g++, gcc)'
	@echo '  Q=                 show every command (default Q=@: quiet)'

# make -s BOARD=<b> print-CROSS_NM: a board's make variable, for the tools.
print-%:
	@echo '$($*)'
