# SPDX-License-Identifier: Apache-2.0
# A bare-metal RISC-V toolchain file, as a firmware project has one: Debian's
# riscv64-unknown-elf GCC, and the ABI's flags (FW_ABI_FLAGS, given by the
# test, e.g. "-march=rv64gc -misa-spec=2.2 -mabi=lp64d -mcmodel=medany").
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_CXX_COMPILER riscv64-unknown-elf-g++)
# No C library or start files to link a test program with: compile checks only.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FW_ABI_FLAGS)
set(CMAKE_C_FLAGS_INIT "${FW_ABI_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${FW_ABI_FLAGS}")
