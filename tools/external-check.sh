#!/usr/bin/env bash
# external-check.sh LOG: pmukit as a user's project consumes it:
#   install into build/install, then build a host app against the installed
#   tree with pkg-config and with CMake (and run them), and build firmware
#   from source with pmukit.mk. One PASS/FAIL line per way.
log=$1
out=build/external
rm -rf "$out" && mkdir -p "$out"
: > "$log"
say() { echo "$1" | tee -a "$log"; }
prefix=$(pwd)/build/install
if ! make --no-print-directory install PREFIX="$prefix" > "$out/install.txt" 2>&1; then
  tail -20 "$out/install.txt"; say "FAIL external install"; exit 0
fi
say "PASS external install"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# pkg-config
if g++ tests/external/host_app/main.cpp $(pkg-config --cflags --libs pmukit-host) -o "$out/host_pc" > "$out/pc.txt" 2>&1; then
  "$out/host_pc" pkg-config | tee -a "$log"
else
  cat "$out/pc.txt"; say "FAIL external pkg-config"
fi
# CMake
if cmake -S tests/external/host_app -B "$out/cmake" -DCMAKE_PREFIX_PATH="$prefix" > "$out/cmake.txt" 2>&1 \
   && cmake --build "$out/cmake" >> "$out/cmake.txt" 2>&1; then
  "$out/cmake/host_app" cmake | tee -a "$log"
else
  tail -20 "$out/cmake.txt"; say "FAIL external cmake"
fi
# From source with pmukit.mk (cross, RV64)
if make --no-print-directory -C tests/external/firmware_source OUT="$(pwd)/$out/fw" > "$out/fw.txt" 2>&1; then
  say "PASS external pmukit.mk-firmware"
else
  tail -20 "$out/fw.txt"; say "FAIL external pmukit.mk-firmware"
fi
exit 0
