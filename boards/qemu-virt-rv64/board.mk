# SPDX-License-Identifier: Apache-2.0
# qemu-virt-rv64: RV64IMAC on QEMU's 'virt' machine.
include boards/qemu-virt/virt.mk
BOARD_HEADERS := $(RISCV_HEADERS) boards/qemu-virt/virt_config.hpp boards/qemu-virt/virt_irq.hpp boards/qemu-virt-rv64/board_config.hpp
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
QEMU_CMD := qemu-system-riscv64 -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0
QEMU_CPU := rv64,sscofpmf=true
