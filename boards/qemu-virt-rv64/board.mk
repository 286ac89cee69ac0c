# qemu-virt-rv64: RV64IMAC on QEMU's 'virt' machine, no firmware (-bios none).
ARCH := riscv
CROSS_CXX := riscv64-unknown-elf-g++
CROSS_CC := riscv64-unknown-elf-gcc
CROSS_AR := riscv64-unknown-elf-ar
CROSS_SIZE := riscv64-unknown-elf-size
CROSS_NM := riscv64-unknown-elf-nm
CROSS_OBJDUMP := riscv64-unknown-elf-objdump
# ISA spec 2.2 keeps Zicsr inside I, so CSR instructions assemble and the
# plain rv64imac picolibc/libgcc multilib is the one that links.
ARCH_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
ARCH_LDFLAGS :=
ARCH_LIBS := -lgcc
LDSCRIPT := qemu-virt.ld
BOARD_SRCS := boards/common/riscv/start.S boards/common/riscv/trap_entry.S boards/common/riscv/trap.cpp boards/common/riscv/virt.cpp \
              boards/common/runtime.cpp boards/common/board_console.cpp
BOARD_UNITS := safesu grlib cm riscv c_api_safesu c_api_grlib c_api_cm c_api_riscv
QEMU_CMD := qemu-system-riscv64 -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0 -cpu rv64,sscofpmf=true -kernel
BOARD_EMULATED := 1
