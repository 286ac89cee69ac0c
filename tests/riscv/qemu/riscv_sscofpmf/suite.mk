# SPDX-License-Identifier: Apache-2.0
# Sscofpmf on QEMU's own PMU (-cpu rv64,sscofpmf=true -icount shift=0): a real
# overflow raises a real LCOFI (machine interrupt 13, board line 13).
SUITE_BOARDS := qemu-virt-rv64
