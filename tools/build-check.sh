#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# build-check.sh BOARD: the build checks of one board, one line each:
#   lib          libpmu builds warning-free (-Wall -Wextra -Werror)
#   freestanding libpmu has no __cxa_*/personality/unwind references, no
#                unwind tables and no static constructors
#   consumer-flags  the examples' sources, parsed with the warnings a
#                consumer may turn on (PMUKIT_CONSUMER_WARNFLAGS in C++17 and
#                C++20, PMUKIT_CONSUMER_CWARNFLAGS in C99 and C11): no warning,
#                in the public headers or the examples (consumer-check)
#   example.<e>  each example that lists the board builds warning-free
#   example.<e>.symbols  the symbols its example.mk names in EXAMPLE_SYMBOLS
#                (demangled, space-separated) are in the image: work the
#                compiler must not optimise away
#   no-sim       (boards without QEMU) no image contains simulator code
# Exit status 0 only if all passed.
. "$(dirname "$0")/verdict.sh"
board=$1
mk() { make --no-print-directory BOARD="$board" "$@"; }
var() { mk -s "print-$1"; }
out=build/$board/build-check.txt
mkdir -p "build/$board"
if ! mk lib > "$out" 2>&1; then
  tail -20 "$out" | sed 's/^/  | /'
  verdict FAIL build "$board lib"
  exit 1
fi
ok=0
verdict PASS build "$board lib"
nm_tool=$(var CROSS_NM)
bash tools/verdict.sh build "$board freestanding" \
  bash tools/freestanding-check.sh "$nm_tool" "$(var CROSS_OBJDUMP)" "build/$board/libpmu.a" || ok=1
bash tools/verdict.sh build "$board consumer-flags" make --no-print-directory -s BOARD="$board" consumer-check || ok=1
size_tool=$(var CROSS_SIZE)
for ex in $(var EXAMPLES); do
  elf=build/$board/examples/$ex.elf
  if mk "$elf" >> "$out" 2>&1; then
    verdict PASS build "$board example.$ex" "$($size_tool "$elf" | awk 'NR==2{print "text="$1" data="$2" bss="$3}')"
    syms=$(var "example.$ex.symbols")
    if [ -n "$syms" ]; then
      missing=""
      for sym in $syms; do
        $nm_tool -C "$elf" | awk '{print $NF}' | grep -qxF "$sym" || missing="$missing $sym"
      done
      if [ -z "$missing" ]; then
        verdict PASS build "$board example.$ex.symbols" "$syms"
      else
        verdict FAIL build "$board example.$ex.symbols" "missing:$missing" || ok=1
      fi
    fi
  else
    tail -20 "$out" | sed 's/^/  | /'
    verdict FAIL build "$board example.$ex" || ok=1
  fi
done
if [ -z "$(var QEMU_CMD)" ]; then
  # A real board's images carry nothing of the simulator (sim/ symbols live
  # in namespaces harness, pmu_sim and pmu::models).
  sim=$($nm_tool -C build/"$board"/examples/*.elf 2>/dev/null | grep -E ' (harness|pmu_sim|pmu::models)::' | head -5)
  if [ -z "$sim" ]; then
    verdict PASS build "$board no-sim"
  else
    printf '%s\n' "$sim" | sed 's/^/  | /'
    verdict FAIL build "$board no-sim" "simulator code in a real board's image" || ok=1
  fi
fi
exit $ok
