# SPDX-License-Identifier: Apache-2.0
# qemu-virt-rv64-sbi: RV64IMAC on QEMU's 'virt' machine in S-mode under the
# OpenSBI QEMU bundles (QEMU_CMD without -bios none: OpenSBI starts in M-mode
# and enters this image at 0x80200000 in S-mode: the virt linker script places
# the image there when __image_base says so).
# The image reaches the counters only through the SBI PMU extension and the
# unprivileged shadows (pmu::riscv::SbiCounters); LCOFI is a supervisor
# interrupt (delegated by OpenSBI with sscofpmf=true). BOARD_SMODE makes the
# shared start-up, trap entry and virt glue (boards/qemu-virt/virt.cpp) use
# the S CSRs (boards/common/riscv/priv.h).
include boards/qemu-virt/virt.mk
BOARD_HEADERS := $(RISCV_HEADERS) boards/qemu-virt/virt_config.hpp boards/qemu-virt/virt_irq.hpp \
                 boards/qemu-virt-rv64-sbi/board_config.hpp
ARCH_LDFLAGS += -Wl,--defsym=__image_base=0x80200000
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany -DBOARD_SMODE=1
BOARD_UNITS := riscv
QEMU_CMD := qemu-system-riscv64 -M virt -nographic -monitor none -serial stdio -icount shift=0
QEMU_CPU := rv64,sscofpmf=true
