#!/usr/bin/env bash
# build-check.sh BOARD LOG MAKE: the build checks of one board, one line each:
#   lib          libpmu builds warning-free (-Wall -Wextra -Werror)
#   freestanding libpmu has no __cxa_*/personality/unwind references, no
#                unwind tables and no static constructors
#   example.<e>  each example that applies to the board builds warning-free;
#                symbols its example.mk lists in EXAMPLE_SYMBOLS (demangled,
#                space-separated) must be in the image (work the compiler
#                must not optimise away)
board=$1 log=$2 make=$3
out=$log.out
: > "$log"
say() { echo "$1" | tee -a "$log"; }
if $make --no-print-directory BOARD="$board" lib > "$out" 2>&1; then
  say "PASS build $board lib"
  lib=build/$board/libpmu.a
  nm_tool=$($make --no-print-directory -s BOARD="$board" print-CROSS_NM)
  objdump_tool=$($make --no-print-directory -s BOARD="$board" print-CROSS_OBJDUMP)
  if bash tools/freestanding-check.sh "$nm_tool" "$objdump_tool" "$lib"; then
    say "PASS build $board freestanding"
  else
    say "FAIL build $board freestanding"
  fi
else
  tail -20 "$out"
  say "FAIL build $board lib"
  exit 0
fi
for mk in examples/*/example.mk; do
  [ -f "$mk" ] || continue
  ex=$(basename "$(dirname "$mk")")
  grep -qE "^EXAMPLE_BOARDS *:?= *.*\b$board\b" "$mk" || continue
  if $make --no-print-directory BOARD="$board" "build/$board/examples/$ex.elf" >> "$out" 2>&1; then
    size_tool=$($make --no-print-directory -s BOARD="$board" print-CROSS_SIZE)
    mem=$($size_tool "build/$board/examples/$ex.elf" | awk 'NR==2{print "text="$1" data="$2" bss="$3}')
    say "PASS build $board example.$ex ($mem)"
    syms=$(sed -n 's/^EXAMPLE_SYMBOLS *:*= *//p' "$mk")
    if [ -n "$syms" ]; then
      nm_tool=$($make --no-print-directory -s BOARD="$board" print-CROSS_NM)
      missing=""
      for sym in $syms; do
        $nm_tool -C "build/$board/examples/$ex.elf" | awk '{print $NF}' | grep -qxF "$sym" || missing="$missing $sym"
      done
      if [ -z "$missing" ]; then
        say "PASS build $board example.$ex.symbols ($syms)"
      else
        say "FAIL build $board example.$ex.symbols (missing:$missing)"
      fi
    fi
  else
    tail -20 "$out"
    say "FAIL build $board example.$ex"
  fi
done
exit 0
