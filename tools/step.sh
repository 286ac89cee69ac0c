#!/usr/bin/env bash
# step.sh LOG CMD...: run a test step, keep its PASS/FAIL/SKIP lines in LOG,
# and record a FAIL line if the step itself failed without saying why.
log=$1; shift
mkdir -p "$(dirname "$log")"
"$@" > "$log.out" 2>&1
rc=$?
grep -E '^(PASS|FAIL|SKIP) ' "$log.out" > "$log"
grep -E '^(PASS|FAIL|SKIP) ' "$log.out"
if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
  tail -30 "$log.out"
  echo "FAIL step $(basename "$log" .log) (exit $rc)" | tee -a "$log"
fi
exit 0
