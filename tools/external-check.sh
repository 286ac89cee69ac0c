#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# external-check.sh: pmukit as a user's project consumes it: install into
# build/install, then build a host app against the installed tree with
# pkg-config and with CMake (and run them), and build firmware from source
# with pmukit.mk. One PASS/FAIL line per way; exit status 0 only if all
# passed.
. "$(dirname "$0")/verdict.sh"
out=build/external
rm -rf "$out" && mkdir -p "$out"
prefix=$(pwd)/build/install
ok=0
if ! make --no-print-directory install PREFIX="$prefix" > "$out/install.txt" 2>&1; then
  tail -20 "$out/install.txt" | sed 's/^/  | /'
  verdict FAIL external install
  exit 1
fi
verdict PASS external install
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# The host app prints its own PASS/FAIL line and exits non-zero on FAIL.
# pkg-config
# shellcheck disable=SC2046  # pkg-config prints flags
if g++ tests/external/host_app/main.cpp $(pkg-config --cflags --libs pmukit-host) -o "$out/host_pc" > "$out/pc.txt" 2>&1; then
  "$out/host_pc" pkg-config || ok=1
else
  sed 's/^/  | /' "$out/pc.txt"
  verdict FAIL external pkg-config || ok=1
fi
# CMake
if cmake -S tests/external/host_app -B "$out/cmake" -DCMAKE_PREFIX_PATH="$prefix" > "$out/cmake.txt" 2>&1 \
   && cmake --build "$out/cmake" >> "$out/cmake.txt" 2>&1; then
  "$out/cmake/host_app" cmake || ok=1
else
  tail -20 "$out/cmake.txt" | sed 's/^/  | /'
  verdict FAIL external cmake || ok=1
fi
# From source with pmukit.mk (cross, RV64)
bash tools/verdict.sh external pmukit.mk-firmware \
  make --no-print-directory -C tests/external/firmware_source OUT="$(pwd)/$out/fw" || ok=1
exit $ok
