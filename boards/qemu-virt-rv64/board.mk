# qemu-virt-rv64: RV64IMAC on QEMU's 'virt' machine, no firmware (-bios none).
include boards/common/riscv/toolchain.mk
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
LDSCRIPT := qemu-virt.ld
BOARD_SRCS := $(RISCV_START) boards/common/riscv/virt.cpp $(RISCV_RUNTIME)
BOARD_UNITS := safesu grlib cm riscv c_api_safesu c_api_grlib c_api_cm c_api_riscv
QEMU_CMD := qemu-system-riscv64 -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0 -cpu rv64,sscofpmf=true -kernel
BOARD_EMULATED := 1
