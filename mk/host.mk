# Host build: the library and the models compiled for the build machine with
# PMU_HOST (register accesses go through the public host seam), tested with
# GoogleTest under AddressSanitizer and UndefinedBehaviorSanitizer.

HDIR := $(BUILD)/host
HOST_CXX ?= g++
HOST_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HOST_CXXFLAGS := -std=c++17 -O1 -g -Wall -Wextra -Werror -Wshadow -DPMU_HOST \
                 -Iinclude -Isim/include -Itests/support $(HOST_SAN)
HOST_LDLIBS := -lgtest -lpthread
# C sources of the host tests (the C API exercised from C) are compiled as C11.
HOST_CC ?= gcc
HOST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -pedantic -DPMU_HOST -Iinclude $(HOST_SAN)

HOST_LIB_SRCS := $(wildcard src/*/*.cpp)
HOST_TEST_SRCS := $(wildcard tests/*/host/*.cpp) $(wildcard sim/models/*_test.cpp) $(wildcard tests/support/host/*.cpp) sim/host/host_bus.cpp
HOST_TEST_C_SRCS := $(wildcard tests/*/host/*.c)
HOST_TEST32_SRCS := $(wildcard tests/*/host/rv32/*.cpp) $(wildcard tests/support/host/*.cpp) sim/host/host_bus.cpp
HOST_MODEL_SRCS := $(filter-out %_test.cpp,$(wildcard sim/models/*.cpp))

$(HDIR)/x64/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) $(HOST_CXXFLAGS) -DPMU_HOST_XLEN=64 -MMD -MP -c $< -o $@
$(HDIR)/x64/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -DPMU_HOST_XLEN=64 -MMD -MP -c $< -o $@
$(HDIR)/x32/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) $(HOST_CXXFLAGS) -DPMU_HOST_XLEN=32 -MMD -MP -c $< -o $@

$(HDIR)/pmu_host_tests: $(patsubst %.cpp,$(HDIR)/x64/%.o,$(HOST_LIB_SRCS) $(HOST_MODEL_SRCS) $(HOST_TEST_SRCS)) \
                        $(patsubst %.c,$(HDIR)/x64/%.o,$(HOST_TEST_C_SRCS))
	$(Q)$(HOST_CXX) $(HOST_SAN) -o $@ $^ $(HOST_LDLIBS)
$(HDIR)/pmu_host_tests_xlen32: $(patsubst %.cpp,$(HDIR)/x32/%.o,$(HOST_LIB_SRCS) $(HOST_MODEL_SRCS) $(sort $(HOST_TEST32_SRCS)))
	$(Q)$(HOST_CXX) $(HOST_SAN) -o $@ $^ $(HOST_LDLIBS)

HOST_BINS := $(HDIR)/pmu_host_tests $(if $(wildcard tests/*/host/rv32/*.cpp),$(HDIR)/pmu_host_tests_xlen32)
host-tests: $(HOST_BINS)
host-run: $(HOST_BINS)
	@for t in $(HOST_BINS); do ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $$t || exit 1; done

-include $(shell find $(HDIR) -name '*.d' 2>/dev/null)

# ---- host bench: exact MMIO/CSR access counts per driver call, from the models --
BENCH_HOST_SRCS := $(wildcard bench/host/*.cpp) sim/host/host_bus.cpp
$(HDIR)/bench/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) -std=c++17 -O1 -g -Wall -Wextra -Werror -DPMU_HOST -DPMU_HOST_XLEN=64 -Iinclude -Isim/include -MMD -MP -c $< -o $@
$(HDIR)/pmu_bench: $(patsubst %.cpp,$(HDIR)/bench/%.o,$(HOST_LIB_SRCS) $(HOST_MODEL_SRCS) $(BENCH_HOST_SRCS))
	$(Q)$(HOST_CXX) -o $@ $^ $(HOST_LDLIBS)
