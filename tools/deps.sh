#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install the toolchains pmukit needs from Debian's packages, only if missing.
# Without root or network it prints exactly what to install.
set -u
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have riscv64-unknown-elf-g++ || need+=(gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf)
[ -d /usr/lib/picolibc/riscv64-unknown-elf ] || need+=(picolibc-riscv64-unknown-elf)
have sparc64-linux-gnu-g++ || need+=(g++-sparc64-linux-gnu)
[ -d /usr/lib/gcc-cross/sparc64-linux-gnu/12/32 ] || need+=(g++-multilib-sparc64-linux-gnu)
have qemu-system-riscv64 || need+=(qemu-system-misc)
have qemu-system-sparc || need+=(qemu-system-sparc)
[ -f /usr/include/gtest/gtest.h ] && { [ -f /usr/lib/x86_64-linux-gnu/libgtest.a ] || ls /usr/lib/*/libgtest.a >/dev/null 2>&1; } || need+=(libgtest-dev googletest)
have g++ || need+=(g++)
have clang++ || need+=(clang libclang-rt-dev)
have make || need+=(make)
have python3 || need+=(python3)
have cmake || need+=(cmake)
have pkg-config || need+=(pkg-config)
have doxygen || need+=(doxygen)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "deps: missing: ${need[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "deps: not root. Install them with:"
  echo "  sudo apt-get install -y ${need[*]}"
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q >/dev/null || ! apt-get install -y -q "${need[@]}" >/dev/null; then
  echo "deps: apt-get failed (no network?). Install these Debian packages:"
  echo "  apt-get install -y ${need[*]}"
  exit 1
fi
echo "deps: installed ${need[*]}"
