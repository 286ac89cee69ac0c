# pmukit — top-level build.
#
#   make demo            build the example firmware for the default board and run it under QEMU
#   make test            everything: host tests, QEMU tests on every emulated board, build checks
#   make bench           exact figures (accesses, instructions, bytes) -> docs/performance.md
#   make docs            API reference from the headers (Doxygen) -> build/docs/html
#   make BOARD=<b>       build libpmu and the examples for one board
#   make deps            install missing toolchains (Debian packages)
#
# Conventions (so a new unit or suite needs no Makefile edit):
#   src/<unit>/*.cpp                 library sources; a board lists its units in BOARD_UNITS
#   tests/host/*.cpp                 host GoogleTest sources (PMU_HOST, XLEN 64)
#   tests/host/rv32/*.cpp            host tests built with PMU_HOST_XLEN=32
#   tests/models/*.cpp               behavioural models (host tests and QEMU images)
#   tests/qemu/<suite>/suite.mk      SUITE_BOARDS := boards the suite runs on
#                                    SUITE_QEMU_CPU := a -cpu value for this suite (optional)
#   tests/qemu/<suite>/*.cpp         one test image per board per suite
#   examples/<ex>/example.mk         EXAMPLE_BOARDS := boards the example builds for
#   examples/<ex>/*.cpp, *.c         one image per board per example

BOARD ?= qemu-virt-rv64
QEMU_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3
REAL_BOARDS := $(filter-out $(QEMU_BOARDS) common,$(notdir $(patsubst %/,%,$(dir $(wildcard boards/*/board.mk)))))
ALL_BOARDS := $(QEMU_BOARDS) $(REAL_BOARDS)

BUILD := build
Q ?= @
LOGS := $(BUILD)/logs

.PHONY: all lib examples demo test test-host test-qemu test-examples test-build test-external test-docs docs bench deps clean help
all: lib examples

include mk/target.mk
include mk/host.mk
include mk/install.mk
include mk/profile.mk

help:
	@sed -n '2,10p' Makefile

deps:
	@bash tools/deps.sh

# ---- make test ----------------------------------------------------------------
# Every step writes PASS/FAIL/SKIP lines to a log in $(LOGS); the last step
# counts them. Steps keep going on failure so the summary is complete.
test: deps
	@rm -rf $(LOGS) && mkdir -p $(LOGS)
	@$(MAKE) --no-print-directory -k test-host test-build test-qemu test-examples test-external test-docs || true
	@bash tools/summary.sh $(LOGS)

test-host:
	@bash tools/step.sh $(LOGS)/host.log $(MAKE) --no-print-directory host-run

test-build:
	@bash tools/freestanding-check.sh --self-test | tee $(LOGS)/build-checker.log
	@for b in $(ALL_BOARDS); do \
	  bash tools/build-check.sh $$b $(LOGS)/build-$$b.log $(MAKE) || true; \
	done

test-qemu:
	@for b in $(QEMU_BOARDS); do \
	  $(MAKE) --no-print-directory BOARD=$$b qemu-run || true; \
	done

# Every example on every QEMU board it lists, output checked (examples/<ex>/expect.txt).
test-examples:
	@for b in $(QEMU_BOARDS); do \
	  $(MAKE) --no-print-directory BOARD=$$b examples-run || true; \
	done

# pmukit consumed as users do: make install, then pkg-config, CMake, pmukit.mk.
test-external:
	@bash tools/external-check.sh $(LOGS)/external.log

# The API reference (Doxygen, from the public headers) must stay warning-free.
docs:
	@bash tools/docs-check.sh $(BUILD)/docs-check.log
test-docs:
	@bash tools/docs-check.sh $(LOGS)/docs.log

demo: deps
	@$(MAKE) --no-print-directory BOARD=qemu-virt-rv64 demo-run

bench: deps
	@bash tools/bench.sh

clean:
	rm -rf $(BUILD)

# make -s BOARD=<b> print-CROSS_NM: a board's make variable, for the tools.
print-%:
	@echo '$($*)'
