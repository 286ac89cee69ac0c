# SPDX-License-Identifier: Apache-2.0
# make install PREFIX=<dir> [DESTDIR=<staging root>]: the packages of
# docs/install.md, laid out by tools/install.py, which records what it wrote
# (share/pmukit/manifest.txt) so make uninstall removes exactly that.
#   pmukit-<abi>                libpmu per ABI (INSTALL_ABIS)
#   pmukit-sim-<board>-<abi>    pmukit-sim per QEMU board and ABI it runs
#                               (INSTALL_SIM_BOARDS), pmukit-sim-<board> its own
#   pmukit-host, pmukit-host-sim   the host library and the models behind the seam
# and a CMake package with the same targets, the headers, bin/pmukit-profile.
# A relative PREFIX is taken from the directory make runs in (and said so);
# the files name the absolute PREFIX, never DESTDIR.

PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_ABIS ?= $(PMUKIT_ABIS)
INSTALL_SIM_BOARDS ?= $(QEMU_BOARDS)
PREFIX_ABS := $(abspath $(PREFIX))
# The ABIs each QEMU board runs, its own first (pmukit-sim-<board> is that one).
SIM_ABIS.qemu-virt-rv64 := rv64imac-lp64 rv64gc-lp64d
SIM_ABIS.qemu-virt-rv32 := rv32imac-ilp32 rv32imc-ilp32
SIM_ABIS.qemu-virt-rv64-sbi := rv64imac-lp64 rv64gc-lp64d
SIM_ABIS.qemu-leon3 := leon3

# <board>@<abi> for every sim package, restricted to the installed ABIs.
SIM_PKGS := $(foreach b,$(INSTALL_SIM_BOARDS),$(foreach a,$(filter $(INSTALL_ABIS),$(SIM_ABIS.$(b))),$(b)@$(a)))
sim_board = $(firstword $(subst @, ,$(1)))
sim_abi = $(lastword $(subst @, ,$(1)))
STAGED := $(foreach a,$(INSTALL_ABIS),$(BUILD)/pkg/$(a)) $(BUILD)/pkg/host $(BUILD)/pkg/host-sim \
          $(foreach p,$(SIM_PKGS),$(BUILD)/$(call sim_board,$(p)).$(call sim_abi,$(p))/pkg)

# The host packages: the library (host seam) and the models with the host
# bus, built like the host tests' but without sanitizers (mk/host.mk).
$(eval $(call host_variant,pkg,64,-ffile-prefix-map=$(CURDIR)=.))
HOST_PKG_DEFINES := -DPMU_HOST -DPMU_HOST_XLEN=64
define host_package_txt
kind: host
defines: $(HOST_PKG_DEFINES)
endef
$(BUILD)/pkg/host/libpmu.a: $(HDIR)/pkg/libpmu.a
	$(shell mkdir -p $(dir $@))$(file >$(dir $@)package.txt,$(host_package_txt))
	$(Q)cp $< $@
$(BUILD)/pkg/host-sim/libpmu_sim.a: $(HDIR)/pkg/libpmu_sim.a
	$(shell mkdir -p $(dir $@))$(file >$(dir $@)package.txt,kind: host-sim)
	$(Q)cp $< $@

.PHONY: install uninstall packages $(addprefix package-,$(INSTALL_ABIS) $(SIM_PKGS))
packages: $(addprefix package-,$(INSTALL_ABIS) $(SIM_PKGS)) $(BUILD)/pkg/host/libpmu.a $(BUILD)/pkg/host-sim/libpmu_sim.a
$(addprefix package-,$(INSTALL_ABIS)):
	+$(Q)$(MAKE) -s --no-print-directory -f mk/package.mk BUILD=$(BUILD) ABI=$(patsubst package-%,%,$@)
$(addprefix package-,$(SIM_PKGS)):
	$(if $(SIM_ABIS.$(call sim_board,$(patsubst package-%,%,$@))),,\
	  $(error no ABIs listed for QEMU board $(call sim_board,$(patsubst package-%,%,$@)): add SIM_ABIS.<board> to mk/install.mk))
	+$(Q)$(MAKE) -s --no-print-directory BOARD=$(call sim_board,$(patsubst package-%,%,$@)) \
	  ABI=$(call sim_abi,$(patsubst package-%,%,$@)) sim-package

install: packages
	$(if $(filter /%,$(PREFIX)),,@echo "install: PREFIX=$(PREFIX) is relative: installing into $(PREFIX_ABS)")
	@python3 tools/install.py install --prefix '$(PREFIX_ABS)' --destdir '$(DESTDIR)' --gen-dir $(PMUKIT_GEN_DIR) $(STAGED)

uninstall:
	@python3 tools/install.py uninstall --prefix '$(PREFIX_ABS)' --destdir '$(DESTDIR)'
