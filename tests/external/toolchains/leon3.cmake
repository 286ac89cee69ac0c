# SPDX-License-Identifier: Apache-2.0
# A bare-metal LEON3 toolchain file: Debian's sparc64 cross GCC in 32-bit
# SPARC V8 mode (FW_ABI_FLAGS, given by the test: "-m32 -mcpu=leon3 -fno-pie").
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR sparc)
set(CMAKE_C_COMPILER sparc64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER sparc64-linux-gnu-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FW_ABI_FLAGS)
set(CMAKE_C_FLAGS_INIT "${FW_ABI_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${FW_ABI_FLAGS}")
