# Cross builds for one board ($(BOARD)): libpmu, QEMU test images, examples.

include boards/$(BOARD)/board.mk

TDIR := $(BUILD)/$(BOARD)
WARN := -Wall -Wextra -Werror -Wshadow -Wundef
# The library and everything linked with it: freestanding C++17, no
# exceptions, no RTTI, no standard C++ headers, no static constructors.
CXXSTD := -std=c++17 -ffreestanding -fno-exceptions -fno-rtti -nostdinc++ \
          -fno-threadsafe-statics -fno-use-cxa-atexit -fno-asynchronous-unwind-tables -fno-unwind-tables
OPT ?= -Os
COMMON_FLAGS := $(ARCH_FLAGS) $(OPT) -g -ffunction-sections -fdata-sections $(WARN) \
                -Iinclude -Iboards/common -Iboards/$(BOARD) $(BOARD_INCLUDES)
T_CXXFLAGS := $(COMMON_FLAGS) $(CXXSTD)
T_CFLAGS := $(COMMON_FLAGS) -std=c11 -ffreestanding
T_ASFLAGS := $(ARCH_FLAGS) -g -Iboards/common -Iboards/$(BOARD)
T_LDFLAGS := $(ARCH_FLAGS) $(ARCH_LDFLAGS) -nostdlib -nostartfiles -Wl,--gc-sections \
             -Wl,--no-warn-rwx-segments -T linker/$(LDSCRIPT)

# The C API wrappers of the board's units (src/capi/pmu_<unit>.cpp), unless
# the board lists fewer in BOARD_CAPI.
BOARD_CAPI ?= $(BOARD_UNITS)
LIB_SRCS := $(foreach u,report $(BOARD_UNITS),$(wildcard src/$(u)/*.cpp)) $(foreach u,$(BOARD_CAPI),src/capi/pmu_$(u).cpp)
LIB_OBJS := $(patsubst %.cpp,$(TDIR)/obj/%.o,$(LIB_SRCS))
LIBPMU := $(TDIR)/libpmu.a

BOARD_OBJS := $(patsubst %,$(TDIR)/obj/%.o,$(basename $(BOARD_SRCS)))

HARNESS_SRCS := $(wildcard sim/runtime/*.cpp) $(wildcard sim/runtime/$(ARCH)/*.cpp) tests/support/qemu/runner.cpp
MODEL_SRCS := $(filter-out %_test.cpp,$(wildcard sim/models/*.cpp))
HARNESS_OBJS := $(patsubst %.cpp,$(TDIR)/obj/%.o,$(HARNESS_SRCS) $(MODEL_SRCS))
# Examples use the stub devices but bring their own main().
STUB_OBJS := $(filter-out %/runner.o,$(HARNESS_OBJS))
HARNESS_INC := -Isim/include -Itests/support

$(TDIR)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(T_CXXFLAGS) $(HARNESS_INC) -MMD -MP -c $< -o $@
$(TDIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(T_CFLAGS) -MMD -MP -c $< -o $@
$(TDIR)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CC) $(T_ASFLAGS) -MMD -MP -c $< -o $@

$(LIBPMU): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && $(CROSS_AR) rcs $@ $^

lib: $(LIBPMU)

# ---- QEMU test images: one per suite that lists this board --------------------
SUITE_DIRS := $(patsubst %/suite.mk,%,$(wildcard tests/*/qemu/*/suite.mk))
suite_dir = $(filter %/$(1),$(SUITE_DIRS))
SUITES := $(foreach s,$(SUITE_DIRS),$(if $(filter $(BOARD),$(shell sed -n 's/^SUITE_BOARDS *:*= *//p' $(s)/suite.mk)),$(notdir $(s))))
define suite_rules
$(TDIR)/qemu/$(1).elf: $(patsubst %.cpp,$(TDIR)/obj/%.o,$(wildcard $(call suite_dir,$(1))/*.cpp)) $(HARNESS_OBJS) $(BOARD_OBJS) $(LIBPMU) linker/$(LDSCRIPT)
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CROSS_CXX) $$(T_LDFLAGS) -o $$@ $$(filter %.o,$$^) $$(LIBPMU) $$(ARCH_LIBS)
endef
$(foreach s,$(SUITES),$(eval $(call suite_rules,$(s))))
QEMU_IMAGES := $(foreach s,$(SUITES),$(TDIR)/qemu/$(s).elf)

qemu-images: $(QEMU_IMAGES)
# Build, then run each image; a build failure is one FAIL line per suite.
qemu-run:
	@mkdir -p $(LOGS)
	@for s in $(SUITES); do \
	  if $(MAKE) --no-print-directory BOARD=$(BOARD) $(TDIR)/qemu/$$s.elf > $(LOGS)/qemu-build-$(BOARD)-$$s.txt 2>&1; then \
	    cpu=$$(sed -n 's/^SUITE_QEMU_CPU *:*= *//p' tests/*/qemu/$$s/suite.mk); cmd="$(QEMU_CMD)"; \
	    if [ -n "$$cpu" ]; then cmd=$$(echo "$$cmd" | sed "s/-cpu [^ ]*/-cpu $$cpu/"); fi; \
	    bash tools/run-qemu.sh $(BOARD) $(TDIR)/qemu/$$s.elf $$s "$$cmd" $(LOGS)/qemu-$(BOARD)-$$s.log; \
	  else \
	    cat $(LOGS)/qemu-build-$(BOARD)-$$s.txt | tail -20; \
	    echo "FAIL $(BOARD) $$s.build (image did not build)" | tee $(LOGS)/qemu-$(BOARD)-$$s.log; \
	  fi; \
	done

# ---- examples -------------------------------------------------------------------
EXAMPLES := $(foreach e,$(wildcard examples/*/example.mk),$(if $(filter $(BOARD),$(shell sed -n 's/^EXAMPLE_BOARDS *:*= *//p' $(e))),$(notdir $(patsubst %/example.mk,%,$(e)))))
# examples/common: console, workload and device glue shared by the examples;
# devices_emulated.cpp (the simulator's emulated SoC) on emulated boards,
# devices_hw.cpp (nothing to map) on real ones.
EXAMPLE_COMMON_OBJS := $(patsubst %.cpp,$(TDIR)/obj/%.o,$(filter-out examples/common/devices_$(if $(BOARD_EMULATED),hw,emulated).cpp,$(wildcard examples/common/*.cpp)))
SOC_OBJS := $(patsubst %.cpp,$(TDIR)/obj/%.o,$(wildcard sim/soc/*.cpp))
$(TDIR)/obj/examples/%.o: T_CXXFLAGS += -Iexamples/common -DEXAMPLES_EMULATED=$(if $(BOARD_EMULATED),1,0)
define example_rules
$(TDIR)/examples/$(1).elf: $(patsubst %,$(TDIR)/obj/%.o,$(basename $(wildcard examples/$(1)/*.cpp examples/$(1)/*.c))) $(EXAMPLE_COMMON_OBJS) $(if $(BOARD_EMULATED),$(SOC_OBJS) $(STUB_OBJS)) $(BOARD_OBJS) $(LIBPMU) linker/$(LDSCRIPT)
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CROSS_CXX) $$(T_LDFLAGS) -o $$@ $$(filter %.o,$$^) $$(LIBPMU) $$(ARCH_LIBS)
endef
$(foreach e,$(EXAMPLES),$(eval $(call example_rules,$(e))))
EXAMPLE_IMAGES := $(foreach e,$(EXAMPLES),$(TDIR)/examples/$(e).elf)
examples: $(EXAMPLE_IMAGES)

# The QEMU command of example $(1): EXAMPLE_QEMU_CPU in its example.mk
# replaces the board's -cpu (as SUITE_QEMU_CPU does for suites).
example_qemu_cmd = cpu=$$(sed -n 's/^EXAMPLE_QEMU_CPU *:*= *//p' examples/$(1)/example.mk); cmd="$(QEMU_CMD)"; \
	if [ -n "$$cpu" ]; then cmd=$$(echo "$$cmd" | sed "s/-cpu [^ ]*/-cpu $$cpu/"); fi

demo-run: $(TDIR)/examples/safesu_profile.elf
	@$(call example_qemu_cmd,safesu_profile); bash tools/run-example.sh --demo $(BOARD) $< "$$cmd"

# make BOARD=<qemu board> run-example EX=<example>: build and run one example.
run-example: $(TDIR)/examples/$(EX).elf
	@$(call example_qemu_cmd,$(EX)); bash tools/run-example.sh $(BOARD) $< "$$cmd"

# Run every example of this (emulated) board and check its output against
# examples/<ex>/expect.txt: one PASS/FAIL line per example.
examples-run:
	@mkdir -p $(LOGS)
	@for e in $(EXAMPLES); do \
	  log=$(LOGS)/example-$(BOARD)-$$e.log; \
	  if $(MAKE) --no-print-directory BOARD=$(BOARD) $(TDIR)/examples/$$e.elf > $(LOGS)/example-build-$(BOARD)-$$e.txt 2>&1; then \
	    $(call example_qemu_cmd,$$e); \
	    bash tools/run-example.sh --check $(BOARD) $(TDIR)/examples/$$e.elf "$$cmd" examples/$$e/expect.txt $$log; \
	  else \
	    tail -20 $(LOGS)/example-build-$(BOARD)-$$e.txt; \
	    echo "FAIL $(BOARD) example.$$e (image did not build)" | tee $$log; \
	  fi; \
	done

-include $(shell find $(TDIR)/obj -name '*.d' 2>/dev/null)

# ---- bench image (RISC-V boards): exact instruction counts ----------------------
BENCH_SRCS := $(wildcard bench/target/*.cpp)
$(TDIR)/bench/bench.elf: $(patsubst %.cpp,$(TDIR)/obj/%.o,$(BENCH_SRCS)) $(HARNESS_OBJS) $(BOARD_OBJS) $(LIBPMU) linker/$(LDSCRIPT)
	@mkdir -p $(dir $@)
	$(Q)$(CROSS_CXX) $(T_LDFLAGS) -o $@ $(filter %.o,$^) $(LIBPMU) $(ARCH_LIBS)
bench-image: $(TDIR)/bench/bench.elf
bench-run: $(TDIR)/bench/bench.elf
	@timeout 120 $(QEMU_CMD) $< < /dev/null | tr -d '\r' | grep '^bench '
