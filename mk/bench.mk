# SPDX-License-Identifier: Apache-2.0
# make bench (tools/bench.sh): exact figures, never timings.
#   host    build/host/pmu_bench: bus accesses per operation, counted by the
#           models; pmukit's paths checked access for access against the
#           hand-written C baselines (bench/<unit>/baseline*.c)
#   target  $(BENCH_IMAGE) (RISC-V QEMU boards): instructions per operation,
#           pmukit beside its baseline, registers in RAM
# The bench's own tools are tested by make test (bench-tools-run, and the
# host unit tests/bench/host).

# ---- host: no sanitizers, no GoogleTest: the sim host bus alone -------------------
BENCH_HOST_SRCS := $(host_extra_srcs.bench) bench/host/main.cpp
$(eval $(call host_variant,bench,64,))
$(HDIR)/pmu_bench: $(call obj_in,bench,$(BENCH_HOST_SRCS)) $(HDIR)/bench/libpmu_sim.a $(HDIR)/bench/libpmu.a
	$(Q)$(HOST_CXX) -o $@ $^

# ---- target: the bench image of a RISC-V QEMU board ----------------------------------
# The baselines are C compiled with the library's code-generation flags.
BENCH_BASELINE_SRCS := $(wildcard bench/*/baseline*.c)
BENCH_CFLAGS := $(T_COMMON) -std=c11 $(filter-out -nostdinc++,$(PMUKIT_FREESTANDING_FLAGS)) \
                -ffunction-sections -fdata-sections $(PMUKIT_CPPFLAGS)
$(TDIR)/obj/bench/%.o: bench/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@
BENCH_IMAGE := $(TDIR)/bench/bench.elf
$(BENCH_IMAGE): $(call obj,$(wildcard bench/target/*.cpp) $(BENCH_BASELINE_SRCS)) $(TEST_RUNNER_OBJS) \
                $(SIM_RUNTIME_OBJS) $(IMAGE_DEPS)
	@mkdir -p $(dir $@)
	$(link)
bench-image: $(BENCH_IMAGE)
bench-run: $(BENCH_IMAGE)
	$(need_qemu)
	@timeout 300 $(call qemu_cmd) $< < /dev/null | tr -d '\r' | grep '^bench '
