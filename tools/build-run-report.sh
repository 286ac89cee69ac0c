#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# build-run-report.sh KIND WHERE NAME IMAGE "RUN" "EXPECT" BUILD...
#
# The one definition of build, run, report (QEMU suites, examples, the
# demo, host test binaries): build IMAGE with the command BUILD..., run it
# as `RUN IMAGE` (stdin closed, TIMEOUT seconds, default 120), and turn what
# it printed into PASS/FAIL lines (tools/verdict.sh):
#   suite    the image prints its own PASS/FAIL/SKIP lines (passed through as
#            they come, with their indented diagnostics) and a "SUMMARY" line;
#            a missing summary or an exit status that disagrees is a FAIL.
#   example  one line "PASS|FAIL WHERE example.NAME": exit status 0 and every
#            line of EXPECT (if given) found in order (extended regexes, one
#            output line each; blank and '#' lines ignored).
#   program  as example, the line named "WHERE NAME" (make test's external step).
#   show     as example, showing the whole output (make run-example).
#   demo     as show, between the demo's header and closing line (make demo).
# The whole output is kept in IMAGE.out. Exit status 0 only if nothing failed.
. "$(dirname "$0")/verdict.sh"
kind=$1 where=$2 name=$3 image=$4 run=$5 expect=$6
shift 6
out=$image.out
what=$name
case $kind in suite | program) ;; *) what=example.$name ;; esac
mkdir -p "$(dirname "$image")"

if ! "$@" > "$out.build" 2>&1; then
  tail -20 "$out.build" | sed 's/^/  | /'
  verdict FAIL "$where" "$what.build" "image did not build"
  exit 1
fi

if [ "$kind" = demo ]; then
  # shellcheck disable=SC2086  # the emulator: the first qemu-system-* word of RUN
  emulator=$(printf '%s\n' $run | grep -m1 'qemu-system' || echo QEMU)
  cat <<HEADER
pmukit demo: profiling a workload with the SafeSU performance-monitoring unit
  board:    $where (QEMU: ${emulator##*/})
  firmware: $image (examples/$name)
  The SafeSU is a hardware block of SELENE/NOEL-V and LEON3 GRLIB systems.
  QEMU does not have one, so it is EMULATED here: pmukit's behavioural model
  of the RTL serves every register access the driver makes (trap and emulate),
  and its interrupt lines reach the firmware through real traps. The counts
  are the model's; the driver calls are the ones real hardware gets.
--------------------------------------------------------------------------------
HEADER
elif [ "$kind" = show ]; then
  echo "== $name on $where =="
fi

# shellcheck disable=SC2086  # RUN is a command line
timeout "${TIMEOUT:-120}" $run "$image" < /dev/null 2>&1 | sed -u 's/\r//g' | tee "$out" |
  case $kind in
    suite) grep --line-buffered -E '^(PASS|FAIL|SKIP) |^  ' ;;
    show | demo) cat ;;
    *) cat > /dev/null ;;
  esac
rc=${PIPESTATUS[0]}

if [ "$kind" = suite ]; then
  summary=$(grep -E '^SUMMARY ' "$out" | tail -1)
  failures=$(grep -c '^FAIL ' "$out")
  if [ -z "$summary" ]; then
    tail -15 "$out" | sed 's/^/  | /'
    verdict FAIL "$where" "$name.image" "no summary; exit $rc"
  elif [ "$rc" -ne 0 ] && [ "$failures" -eq 0 ]; then
    verdict FAIL "$where" "$name.image" "exit $rc"
  elif [ "$rc" -eq 0 ] && [ "$failures" -gt 0 ]; then
    verdict FAIL "$where" "$name.exit-status" "failures but exit 0"
  else
    [ "$failures" -eq 0 ]
  fi
  exit
fi

why=""
if [ -n "$expect" ]; then
  # Each pattern must match a line after the line that matched the previous one.
  at=0
  while IFS= read -r pat; do
    case $pat in '' | '#'*) continue ;; esac
    n=$(tail -n +$((at + 1)) "$out" | grep -n -E -m1 -e "$pat" | cut -d: -f1)
    if [ -z "$n" ]; then
      why="expected line not found (in order): $pat"
      break
    fi
    at=$((at + n))
  done < "$expect"
fi
[ "$rc" -ne 0 ] && why="exit status $rc${why:+; $why}"
case $kind in example | program) [ -n "$why" ] && tail -25 "$out" | sed 's/^/  | /' ;; esac
if [ "$kind" = demo ]; then
  echo "--------------------------------------------------------------------------------"
  echo "demo: examples/$name/main.cpp; more in docs/examples.md"
fi
if [ -z "$why" ]; then
  verdict PASS "$where" "$what"
else
  verdict FAIL "$where" "$what" "$why"
fi
