# SPDX-License-Identifier: Apache-2.0
# A bare-metal toolchain file that compiles with clang and links with GNU's
# g++ (clang has no bare-metal RISC-V C library or start files of its own):
# FW_TARGET is clang's target (e.g. riscv64-unknown-elf), FW_CROSS the GNU
# prefix for the link (e.g. riscv64-unknown-elf-), FW_ABI_FLAGS the ABI's
# flags without -misa-spec, which clang does not take (docs/install.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_C_COMPILER clang)
set(CMAKE_CXX_COMPILER clang++)
set(CMAKE_C_COMPILER_TARGET ${FW_TARGET})
set(CMAKE_CXX_COMPILER_TARGET ${FW_TARGET})
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FW_TARGET FW_CROSS FW_ABI_FLAGS)
set(CMAKE_C_FLAGS_INIT "${FW_ABI_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${FW_ABI_FLAGS}")
foreach(lang C CXX)
  set(CMAKE_${lang}_LINK_EXECUTABLE
      "${FW_CROSS}g++ <FLAGS> <CMAKE_${lang}_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
endforeach()
