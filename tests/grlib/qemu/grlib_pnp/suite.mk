# SPDX-License-Identifier: Apache-2.0
SUITE_BOARDS := qemu-leon3
