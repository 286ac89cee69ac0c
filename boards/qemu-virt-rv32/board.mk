# qemu-virt-rv32: RV32IMAC on QEMU's 'virt' machine, no firmware (-bios none).
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv32imac -misa-spec=2.2 -mabi=ilp32 -mcmodel=medany
LDSCRIPT := qemu-virt.ld
BOARD_SRCS := $(RISCV_START) boards/common/riscv/virt.cpp $(RISCV_RUNTIME)
BOARD_UNITS := safesu grlib cm riscv c_api_safesu c_api_grlib c_api_cm c_api_riscv
QEMU_CMD := qemu-system-riscv32 -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0 -cpu rv32,sscofpmf=true -kernel
BOARD_EMULATED := 1
