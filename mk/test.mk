# SPDX-License-Identifier: Apache-2.0
# make test: every step in order, whatever the previous ones gave
# (tools/test.sh): a progress line per step, PASS/FAIL lines as they happen,
# "N passed, N failed" at the end, non-zero exit on any failure. Each step
# is also a target of its own (make test-<step>), which fails if anything in
# it failed.
TEST_STEPS := checks host build qemu examples external docs
# The QEMU suites again as firmware is also built: at the optimisation levels
# of a debug and a speed build, and by clang (the RISC-V boards: LLVM has no
# LEON3 assembler). The drivers' inline assembly and always_inline hot
# paths must hold with each, not only with GCC -Os.
TEST_OTHER_OPTS := -O0 -O2
TEST_CLANG_BOARDS := $(filter qemu-virt%,$(QEMU_BOARDS))
# BOARD:ABI runs of the suites built for an ABI with an FPU, the code of the
# hard-float sim packages (the FPU on, its registers kept across traps).
TEST_FPU_BOARD_ABIS := qemu-virt-rv64:rv64gc-lp64d
step.checks := dependency rules, licence lines, the behaviour of make, the mutation list against the sources; self-tests of the checkers
step.host := host tests (GoogleTest, ASan+UBSan), one binary per unit, built by GCC and by clang
step.build := every board builds warning-free and freestanding, with its examples; compile-fail cases
step.qemu := QEMU suites on $(QEMU_BOARDS), at -Os and again at $(TEST_OTHER_OPTS); built by clang on $(TEST_CLANG_BOARDS); for an FPU ABI on $(TEST_FPU_BOARD_ABIS)
step.examples := the examples under QEMU, output checked; built by clang too on $(TEST_CLANG_BOARDS)
step.external := the installed packages from outside the tree: your firmware under QEMU per board and ABI, host-sim, CMake and pkg-config (firmware also compiled by clang), ABI mismatch
step.docs := the API reference builds without a warning; every C/C++ code block in README.md and docs/*.md compiles for its annotated boards (a "file" block must equal its file; shell, make and CMake blocks are not run); undocumented declarations per header

.PHONY: test $(addprefix test-,$(TEST_STEPS))
test: deps
	+@bash tools/test.sh $(LOGS) $(foreach s,$(TEST_STEPS),'$(s):$(step.$(s))')

# The dependency rules of docs/architecture.md (tools/check-deps.py) that
# make test enforces. The "mmio" rule (no src/ file calls
# mmio_read32/mmio_write32 directly) joins them once src/ has no direct MMIO
# access left; its self-test runs already.
DEP_RULES := include boards sim mmio
checks:
	@rc=0; \
	bash tools/verdict.sh checks dependency-rules python3 tools/check-deps.py --rules $(subst $(space),$(comma),$(DEP_RULES)) || rc=1; \
	bash tools/verdict.sh checks dependency-rules.self-test python3 tools/check-deps.py --self-test || rc=1; \
	bash tools/verdict.sh checks spdx python3 tools/check-spdx.py || rc=1; \
	bash tools/verdict.sh checks spdx.self-test python3 tools/check-spdx.py --self-test || rc=1; \
	bash tools/verdict.sh checks make.behaviour bash tools/make-check.sh || rc=1; \
	bash tools/verdict.sh checks consumer-paths.self-test python3 tools/check-consumer-paths.py --self-test || rc=1; \
	bash tools/verdict.sh checks mutation.equivalents-current $(MAKE) --no-print-directory -s mutation-equivalents || rc=1; \
	exit $$rc
test-checks: checks

test-host: host-run host-run-clang profile-tool-run bench-tools-run mutation-selftest
# The host tests again built by clang (its own ASan and UBSan, its own
# object layout and code generation), in build/host-clang, lines host@clang.
.PHONY: host-run-clang
host-run-clang:
	+@$(MAKE) --no-print-directory -j2 host-run HOST_CXX=clang++ HOST_CC=clang HDIR=$(BUILD)/host-clang

test-build:
	+@rc=0; \
	bash tools/verdict.sh build freestanding-check.catches-static-constructors \
	  bash tools/freestanding-check.sh --self-test || rc=1; \
	bash tools/compile-fail-check.sh --self-test || rc=1; \
	bash tools/compile-fail-check.sh $(wildcard tests/*/compile_fail) || rc=1; \
	for b in $(ALL_BOARDS); do bash tools/build-check.sh $$b || rc=1; done; \
	exit $$rc

test-qemu:
	@rc=0; for b in $(QEMU_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b qemu-run || rc=1; done; \
	for o in $(TEST_OTHER_OPTS); do for b in $(QEMU_BOARDS); do \
	  $(MAKE) --no-print-directory BOARD=$$b OPT=$$o qemu-run || rc=1; done; done; \
	for b in $(TEST_CLANG_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b COMPILER=clang qemu-run || rc=1; done; \
	for ba in $(TEST_FPU_BOARD_ABIS); do \
	  $(MAKE) --no-print-directory BOARD=$${ba%%:*} ABI=$${ba#*:} qemu-run || rc=1; done; \
	exit $$rc

test-examples:
	@rc=0; for b in $(QEMU_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b examples-run || rc=1; done; \
	for b in $(TEST_CLANG_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b COMPILER=clang examples-run || rc=1; done; \
	exit $$rc

test-external:
	+@bash tools/external-check.sh

test-docs:
	@rc=0; \
	bash tools/docs-check.sh || rc=1; \
	bash tools/verdict.sh docs blocks.self-test python3 tools/docs-blocks.py --self-test || rc=1; \
	python3 tools/docs-blocks.py || rc=1; \
	bash tools/docs-undocumented.sh || rc=1; \
	exit $$rc
