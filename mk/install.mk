# SPDX-License-Identifier: Apache-2.0
# make install PREFIX=<dir>: per-board static libraries, the headers, a
# pkg-config file per board and a CMake package, so a firmware project can
# build against an installed pmukit. A "host" library (PMU_HOST seam) is
# installed too, for running firmware logic on a PC against your own fakes.

PREFIX ?= /usr/local
INSTALL_BOARDS ?= $(ALL_BOARDS)
HOSTLIB_DIR := $(BUILD)/host-lib
HOSTLIB_OBJS := $(patsubst %.cpp,$(HOSTLIB_DIR)/%.o,$(HOST_LIB_SRCS))

$(HOSTLIB_DIR)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CXX) -O2 $(PMUKIT_HOST_CXXFLAGS) $(PMUKIT_WARNFLAGS) -Werror -DPMU_HOST_XLEN=64 -c $< -o $@
$(HOSTLIB_DIR)/libpmu.a: $(HOSTLIB_OBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

.PHONY: install
install: $(HOSTLIB_DIR)/libpmu.a
	@for b in $(INSTALL_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b lib >/dev/null || exit 1; done
	@bash tools/install.sh "$(PREFIX)" "$(INSTALL_BOARDS)"
