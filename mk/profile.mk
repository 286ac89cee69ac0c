# SPDX-License-Identifier: Apache-2.0
# pmukit record (docs/profiling.md): the profiler's library unit, its host
# tests and the host tool's tests, hooked into the build from one include
# line so the build-system rewrite can move it whole.
#
#   make profile-run   GoogleTest (ASan/UBSan) and the pmukit-profile tests,
#                      one "PASS|FAIL host profile.<case>" line each
#   make test          runs them as the "profile" step of the host tests

PROFILE_SRCS := $(wildcard src/profile/*.cpp)

# Every board's libpmu carries the profiler: it is architecture-neutral and
# costs nothing unless linked in.
$(LIBPMU): $(patsubst %.cpp,$(TDIR)/obj/%.o,$(PROFILE_SRCS))

PROFILE_HDIR := $(HDIR)/profile
PROFILE_GTEST := $(PROFILE_HDIR)/pmu_profile_tests
PROFILE_MAKE_CAPTURE := $(PROFILE_HDIR)/make_capture
# The sanitized host library as an archive, so a test links only what it uses
# (no host seam needed).
PROFILE_HOST_LIB := $(PROFILE_HDIR)/libpmu_san.a
$(PROFILE_HOST_LIB): $(patsubst %.cpp,$(HDIR)/x64/%.o,$(HOST_LIB_SRCS))
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(PROFILE_GTEST): $(patsubst %.cpp,$(HDIR)/x64/%.o,$(wildcard tests/profile/host/*.cpp)) $(PROFILE_HOST_LIB)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) $(HOST_SAN) -o $@ $^ $(HOST_LDLIBS)
# Captures written by the library's own ring and writer, for the tool's tests.
$(PROFILE_MAKE_CAPTURE): $(HDIR)/x64/tests/profile/tool/make_capture.o $(PROFILE_HOST_LIB)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) $(HOST_SAN) -o $@ $^

.PHONY: profile-run test-profile
profile-run: $(PROFILE_GTEST) $(PROFILE_MAKE_CAPTURE)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(PROFILE_GTEST)
	@PMUKIT_MAKE_CAPTURE=$(PROFILE_MAKE_CAPTURE) PMUKIT_PROFILE_TMP=$(PROFILE_HDIR)/tool \
	  python3 tests/profile/tool/run_tests.py

test-host: test-profile
test-profile:
	@mkdir -p $(LOGS)
	@bash tools/step.sh $(LOGS)/profile.log $(MAKE) --no-print-directory profile-run
