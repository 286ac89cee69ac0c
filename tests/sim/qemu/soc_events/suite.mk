# SPDX-License-Identifier: Apache-2.0
# The emulated SoC raises exactly its catalogue's inputs for each workload
# phase (pmu_sim/soc_events.hpp), on every emulated board.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3
SUITE_SRCS := sim/soc/soc.cpp
