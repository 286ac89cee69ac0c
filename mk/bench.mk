# SPDX-License-Identifier: Apache-2.0
# make bench (tools/bench.sh): exact figures, never timings.
#   host    build/host/pmu_bench: bus accesses per operation, counted by the
#           models; pmukit's paths checked access for access against the
#           hand-written C baselines (bench/<unit>/baseline*.c)
#   target  $(BENCH_IMAGE) (RISC-V QEMU boards): instructions per operation,
#           pmukit beside its baseline, registers in RAM
# The bench's own tools are tested by make test: bench-tools-run (the size,
# RAM and doc tools, tests/bench/tools), the host unit tests/bench/host (the
# access counter and the baselines' equivalence) and the QEMU suite
# tests/bench/qemu/instret (the instruction counter).

# ---- host: no sanitizers, no GoogleTest: the sim host bus alone -------------------
BENCH_HOST_SRCS := $(host_extra_srcs.bench) bench/host/main.cpp
# (pmu_bench-xlen32: the same at XLEN 32, where the RISC-V sequences differ)
$(eval $(call host_variant,bench,64,))
$(eval $(call host_variant,bench32,32,))
$(HDIR)/pmu_bench: $(call obj_in,bench,$(BENCH_HOST_SRCS)) $(HDIR)/bench/libpmu_sim.a $(HDIR)/bench/libpmu.a
	$(Q)$(HOST_CXX) -o $@ $^
$(HDIR)/pmu_bench-xlen32: $(call obj_in,bench32,$(BENCH_HOST_SRCS)) $(HDIR)/bench32/libpmu_sim.a $(HDIR)/bench32/libpmu.a
	$(Q)$(HOST_CXX) -o $@ $^

# ---- target: the bench image of a RISC-V QEMU board ----------------------------------
# The baselines are C compiled with the library's code-generation flags.
BENCH_BASELINE_SRCS := $(wildcard bench/*/baseline*.c)
BENCH_CFLAGS := $(ARCH_FLAGS) $(T_COMMON) -std=c11 $(filter-out -nostdinc++,$(PMUKIT_FREESTANDING_FLAGS)) \
                -ffunction-sections -fdata-sections $(PMUKIT_CPPFLAGS)
$(ODIR)/bench/%.o: bench/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@
BENCH_IMAGE := $(TDIR)/bench/bench.elf
$(BENCH_IMAGE): $(call obj,$(wildcard bench/target/*.cpp) $(BENCH_BASELINE_SRCS)) $(TEST_RUNNER_OBJS) \
                $(SIM_RUNTIME_OBJS) $(IMAGE_DEPS)
	@mkdir -p $(dir $@)
	$(link)
bench-image: $(BENCH_IMAGE)
# Prints the image's "bench" lines; fails (with the rest of its output) if a
# check in it failed.
bench-run: $(BENCH_IMAGE)
	$(need_qemu)
	@timeout 300 $(call qemu_cmd) $< < /dev/null | tr -d '\r' > $(TDIR)/bench/run.txt; \
	grep '^bench ' $(TDIR)/bench/run.txt; \
	if ! grep -q '^SUMMARY .* 0 failed' $(TDIR)/bench/run.txt; then grep -v '^bench ' $(TDIR)/bench/run.txt >&2; exit 1; fi

# ---- size programs: the reference feature set, linked with --gc-sections ------------
# (bench/size/; measured by tools/feature_size.py and tools/object_ram.py)
BENCH_SIZE_DIR := $(TDIR)/bench/size
BENCH_SIZE_LDFLAGS := $(ARCH_FLAGS) -nostdlib -nostartfiles -Wl,--gc-sections -Wl,-e,bench_size_entry
# (one program per object: bench/size/safesu_size.cpp says which)
BENCH_SIZE_OBJECT_safesu_with_storage := 0
BENCH_SIZE_OBJECT_safesu_compile_time := 1
BENCH_SIZE_OBJECT_safesu_run_time := 2
BENCH_SIZE_SAFESU_OBJS := $(foreach o,run_time compile_time with_storage,$(BENCH_SIZE_DIR)/safesu_$(o).o)
$(BENCH_SIZE_SAFESU_OBJS): $(BENCH_SIZE_DIR)/safesu_%.o: bench/size/safesu_size.cpp $(T_FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(IMAGE_CXXFLAGS) -DBENCH_SIZE_OBJECT=$(BENCH_SIZE_OBJECT_safesu_$*) -MMD -MP -c $< -o $@
$(BENCH_SIZE_DIR)/%.elf: $(BENCH_SIZE_DIR)/%.o $(LIBPMU)
	$(Q)$(CROSS_CXX) $(BENCH_SIZE_LDFLAGS) -o $@ $< $(LIBPMU) -lgcc
$(BENCH_SIZE_DIR)/ram.o: bench/size/ram.cpp $(T_FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(IMAGE_CXXFLAGS) -MMD -MP -c $< -o $@
BENCH_SIZE_PROGRAMS := safesu_run_time safesu_compile_time safesu_with_storage ram
bench-size: $(foreach p,$(BENCH_SIZE_PROGRAMS),$(BENCH_SIZE_DIR)/$(p).elf)
-include $(wildcard $(BENCH_SIZE_DIR)/*.d)

# ---- the bench tools' own tests (make test, host step) ------------------------------
# The size tools' tests build fixtures with the rv64 board's cross tools.
BENCH_TOOLS_BOARD := qemu-virt-rv64
.PHONY: bench-size bench-tools-run
bench-tools-run:
	@BENCH_CXX=$$($(MAKE) --no-print-directory -s BOARD=$(BENCH_TOOLS_BOARD) print-CROSS_CXX) \
	 BENCH_NM=$$($(MAKE) --no-print-directory -s BOARD=$(BENCH_TOOLS_BOARD) print-CROSS_NM) \
	 BENCH_OBJDUMP=$$($(MAKE) --no-print-directory -s BOARD=$(BENCH_TOOLS_BOARD) print-CROSS_OBJDUMP) \
	 BENCH_ARCH_FLAGS="$$($(MAKE) --no-print-directory -s BOARD=$(BENCH_TOOLS_BOARD) print-ARCH_FLAGS)" \
	 python3 tests/support/python/line_tests.py tests/bench/tools bench.tools
