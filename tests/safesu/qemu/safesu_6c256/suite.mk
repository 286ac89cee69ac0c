# SPDX-License-Identifier: Apache-2.0
# The same SafeSU scenarios on the 6-core/256-event (SELENE) instance.
SUITE_BOARDS := qemu-virt-rv64
# The scenarios are shared; this folder provides safesu_instance.hpp.
SUITE_SRCS := tests/safesu/qemu/common/scenarios.cpp
