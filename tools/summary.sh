#!/usr/bin/env bash
# summary.sh LOGDIR: count every PASS/FAIL/SKIP line of every step and print
# the closing line; exit non-zero if anything failed or nothing ran.
dir=$1
p=$(cat "$dir"/*.log 2>/dev/null | grep -c '^PASS ')
f=$(cat "$dir"/*.log 2>/dev/null | grep -c '^FAIL ')
s=$(cat "$dir"/*.log 2>/dev/null | grep -c '^SKIP ')
if [ "$f" -gt 0 ]; then
  echo
  echo "Failures:"
  cat "$dir"/*.log | grep '^FAIL '
fi
if [ "$s" -gt 0 ]; then
  echo "$p passed, $f failed, $s skipped"
else
  echo "$p passed, $f failed"
fi
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
