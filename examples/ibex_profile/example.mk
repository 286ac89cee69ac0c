# SPDX-License-Identifier: Apache-2.0
# Ibex hpm counters. QEMU 7.2 implements mhpmcounter3..18 itself unless
# pmu-num=0, so the hpm CSRs trap to the Ibex model only with this -cpu.
EXAMPLE_BOARDS := qemu-virt-rv32 ibex-simple-system
EXAMPLE_QEMU_CPU := rv32,pmu-num=0
# The stream phase's buffers: at -Os the copy was once folded away and they vanished.
EXAMPLE_SYMBOLS := examples::g_src examples::g_dst
