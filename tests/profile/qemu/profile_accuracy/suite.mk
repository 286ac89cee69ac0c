# SPDX-License-Identifier: Apache-2.0
# The profiler's accuracy under QEMU -icount (issue 14): the known-shape
# workload of examples/profile_sscofpmf sampled on instructions through a
# real Sscofpmf LCOFI, in M-mode and in S-mode under OpenSBI (the SBI
# adapter). The image checks the capture on the target and prints
# it with the measured truth; check_target.py profiles it with
# pmukit-profile and the image's ELF and compares every function's share
# with the truth (2 points), then runs the host tool's tests on it.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-virt-rv64-sbi
SUITE_SRCS := examples/profile_sscofpmf/known_shape.cpp
SUITE_CXXFLAGS := -fno-omit-frame-pointer -fno-optimize-sibling-calls -Iexamples/profile_sscofpmf
SUITE_CHECK := python3 tests/profile/tool/check_target.py
# Its ring and sample period are sized for the workload as -Os builds it
# (at -O0 the ring overflows before it is drained).
SUITE_OPT_ONLY := -Os
