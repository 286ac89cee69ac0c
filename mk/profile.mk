# SPDX-License-Identifier: Apache-2.0
# The host tool pmukit-profile's tests (tools/pmukit-profile, docs/profiling.md).
# The profiler's library unit is part of every libpmu (pmukit.mk) and its
# GoogleTest sources are an ordinary host unit (tests/profile/host/); this
# fragment adds the Python tests, which read captures written by the
# library's own ring and writer (make_capture).
#
#   make profile-tool-run   one "PASS|FAIL host profile.<case>" line per test

PROFILE_MAKE_CAPTURE := $(HDIR)/profile/make_capture
$(PROFILE_MAKE_CAPTURE): $(call obj_in,x64,tests/profile/tool/make_capture.cpp) $(HDIR)/x64/libpmu.a
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) $(HOST_SAN) -o $@ $^

.PHONY: profile-tool-run
profile-tool-run: $(PROFILE_MAKE_CAPTURE)
	@PMUKIT_MAKE_CAPTURE=$(PROFILE_MAKE_CAPTURE) PMUKIT_PROFILE_TMP=$(HDIR)/profile/tool \
	  python3 tests/support/python/line_tests.py tests/profile/tool profile.tool

# make profile-demo: examples/profile_sscofpmf on qemu-virt-rv64 under QEMU
# (built, run, its output checked), then pmukit-profile's report of each of
# its captures (tools/profile-demo.sh); the plots go to build/profile-demo/.
# make profile-figure also copies the plot of the run on cycles to
# docs/profiling-example.svg, the picture docs/profiling.md shows.
PROFILE_DEMO_DIR := $(BUILD)/profile-demo
.PHONY: profile-demo profile-demo-run profile-figure
profile-demo: deps
	@$(MAKE) --no-print-directory BOARD=qemu-virt-rv64 profile-demo-run
profile-demo-run:
	$(need_qemu)
	+@$(call run_example,example,profile_sscofpmf)
	@bash tools/profile-demo.sh $(BOARD) $(TDIR)/examples/profile_sscofpmf.elf $(PROFILE_DEMO_DIR)
profile-figure: profile-demo
	@cp $(PROFILE_DEMO_DIR)/cycles.svg docs/profiling-example.svg
	@echo "profile-figure: wrote docs/profiling-example.svg"
