# SPDX-License-Identifier: Apache-2.0
# XiangShan CUTE AME counter CSRs.
EXAMPLE_BOARDS := qemu-virt-rv64 xiangshan-cute
