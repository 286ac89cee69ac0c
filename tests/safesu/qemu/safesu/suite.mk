# SPDX-License-Identifier: Apache-2.0
# SafeSU driver scenarios against the behavioural model, 4-core/128-event
# instance (big-endian on leon3), interrupts through real traps.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 qemu-leon3
# The scenarios are shared; this folder provides safesu_instance.hpp.
SUITE_SRCS := tests/safesu/qemu/common/scenarios.cpp
