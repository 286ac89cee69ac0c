# SPDX-License-Identifier: Apache-2.0
# Ibex profile on RV32: mcycle/minstret are QEMU's own (with -icount), the
# Ibex hpm counters come from the Ibex-mode CSR model through the stub. QEMU
# 7.2's own mhpmcounter3..18 must be removed so those accesses trap.
SUITE_BOARDS := qemu-virt-rv32
SUITE_QEMU_CPU := rv32,pmu-num=0
