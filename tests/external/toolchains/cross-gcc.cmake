# SPDX-License-Identifier: Apache-2.0
# A bare-metal cross toolchain file, as a firmware project has one: the GCC
# of FW_CROSS (e.g. riscv64-unknown-elf- or sparc64-linux-gnu-) and the
# ABI's flags FW_ABI_FLAGS (e.g. "-march=rv64gc -misa-spec=2.2 -mabi=lp64d
# -mcmodel=medany", or "-m32 -mcpu=leon3 -fno-pie").
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_C_COMPILER ${FW_CROSS}gcc)
set(CMAKE_CXX_COMPILER ${FW_CROSS}g++)
# No C library or start files to link a test program with: compile checks only.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FW_CROSS FW_ABI_FLAGS)
set(CMAKE_C_FLAGS_INIT "${FW_ABI_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${FW_ABI_FLAGS}")
