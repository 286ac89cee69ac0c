# SPDX-License-Identifier: Apache-2.0
# The profiler on a SafeSU counter's overflow (issue 14): a SoC event that
# the emulated SoC raises only inside one function of a workload (through
# its event port, sim/soc) is routed to a SafeSU counter, sampled on that
# counter's overflow through the board's real SafeSU interrupt, and
# check_target.py profiles the capture with pmukit-profile: at least 95%
# of the samples must land in that function.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3
SUITE_SRCS := sim/soc/soc.cpp
SUITE_CXXFLAGS := -fno-omit-frame-pointer -fno-optimize-sibling-calls -Iexamples/profile_sscofpmf
SUITE_CHECK := python3 tests/profile/tool/check_target.py
