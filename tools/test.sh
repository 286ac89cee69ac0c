#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test.sh LOGDIR STEP:DESCRIPTION...: make test. Runs `make test-<STEP>` for
# each step in order, whatever the previous ones gave: one progress line per
# step, then its PASS/FAIL lines as they happen (kept in LOGDIR/<STEP>.log).
# A step that fails without a FAIL line of its own gets one. Ends with
# "N passed, N failed" (and the failures again); exits non-zero if anything
# failed or nothing passed.
. "$(dirname "$0")/verdict.sh"
logs=$1
shift
rm -rf "$logs" && mkdir -p "$logs"
n=$#
i=0
for step_desc in "$@"; do
  i=$((i + 1))
  step=${step_desc%%:*}
  echo "[$i/$n] $step: ${step_desc#*:}"
  log=$logs/$step.log
  make --no-print-directory "test-$step" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
    verdict FAIL step "$step" "exit $rc" | tee -a "$log"
  fi
done

count() { cat "$logs"/*.log | grep -c "^$1 "; }
passed=$(count PASS)
failed=$(count FAIL)
skipped=$(count SKIP)
if [ "$failed" -gt 0 ]; then
  echo
  echo "Failures:"
  cat "$logs"/*.log | grep '^FAIL '
fi
if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
