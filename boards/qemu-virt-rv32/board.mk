# SPDX-License-Identifier: Apache-2.0
# qemu-virt-rv32: RV32IMAC on QEMU's 'virt' machine.
include boards/qemu-virt/virt.mk
BOARD_HEADERS := $(RISCV_HEADERS) boards/qemu-virt/virt_config.hpp boards/qemu-virt/virt_irq.hpp boards/qemu-virt-rv32/board_config.hpp
ARCH_FLAGS := -march=rv32imac -misa-spec=2.2 -mabi=ilp32 -mcmodel=medany
QEMU_CMD := qemu-system-riscv32 -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0
QEMU_CPU := rv32,sscofpmf=true
