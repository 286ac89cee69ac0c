#!/usr/bin/env bash
# run-example.sh: run one example image under QEMU.
#
#   run-example.sh [--demo] BOARD ELF "QEMU_CMD"
#       Show the example's output; exit with the example's status.
#       --demo prints the `make demo` header first.
#   run-example.sh --check BOARD ELF "QEMU_CMD" EXPECT LOG
#       For `make test`: one line "PASS|FAIL <board> example.<ex>" (also in
#       LOG). PASS needs exit status 0 and, if EXPECT exists, every line of
#       EXPECT found in the output, in order. EXPECT lines are extended
#       regular expressions (grep -E) matched against one output line each;
#       blank lines and lines starting with '#' are ignored.
mode=run
case $1 in
  --demo) mode=demo; shift ;;
  --check) mode=check; shift ;;
esac
board=$1 elf=$2 qemu=$3 expect=$4 log=$5
ex=$(basename "$elf" .elf)

if [ "$mode" = check ]; then
  out=$log.out
  timeout 120 $qemu "$elf" < /dev/null 2>&1 | tr -d '\r' > "$out"
  rc=${PIPESTATUS[0]}
  why=""
  if [ -f "$expect" ]; then
    # Each pattern must match a line after the line that matched the
    # previous one.
    missing="" at=0
    while IFS= read -r pat; do
      case $pat in ''|'#'*) continue ;; esac
      n=$(tail -n +$((at + 1)) "$out" | grep -n -E -m1 -e "$pat" | cut -d: -f1)
      if [ -z "$n" ]; then missing=$pat; break; fi
      at=$((at + n))
    done < "$expect"
    [ -n "$missing" ] && why="expected line not found (in order): $missing"
  fi
  [ "$rc" -ne 0 ] && why="exit status $rc${why:+; $why}"
  if [ -z "$why" ]; then
    echo "PASS $board example.$ex" | tee "$log"
  else
    tail -25 "$out" | sed 's/^/  | /'
    echo "FAIL $board example.$ex ($why)" | tee "$log"
  fi
  exit 0
fi

if [ "$mode" = demo ]; then
  cat <<EOF
pmukit demo: profiling a workload with the SafeSU performance-monitoring unit
  board:    $board (QEMU, $(echo "$qemu" | awk '{print $1}'))
  firmware: $elf (examples/$ex)
  The SafeSU is a hardware block of SELENE/NOEL-V and LEON3 GRLIB systems.
  QEMU does not have one, so it is EMULATED here: pmukit's behavioural model
  of the RTL serves every register access the driver makes (trap and emulate),
  and its interrupt lines reach the firmware through real traps. The counts
  are the model's; the driver calls are the ones real hardware gets.
--------------------------------------------------------------------------------
EOF
else
  echo "== $ex on $board (QEMU) =="
fi
timeout 120 $qemu "$elf" < /dev/null | tr -d '\r'
rc=${PIPESTATUS[0]}
if [ "$mode" = demo ]; then
  echo "--------------------------------------------------------------------------------"
  if [ "$rc" -eq 0 ]; then
    echo "demo finished: exit status 0 (source: examples/$ex/main.cpp; more in docs/examples.md)"
  else
    echo "demo FAILED: exit status $rc"
  fi
else
  echo "== exit status $rc =="
fi
exit "$rc"
