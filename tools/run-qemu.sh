#!/usr/bin/env bash
# run-qemu.sh BOARD ELF SUITE "QEMU_CMD" LOG
# Runs one test image; its PASS/FAIL lines go to LOG. The image's own
# SUMMARY line and QEMU's exit status must agree, or the run is a FAIL.
board=$1 elf=$2 suite=$3 qemu=$4 log=$5
out=$log.out
timeout 120 $qemu "$elf" > "$out" 2>&1 < /dev/null
rc=$?
tr -d '\r' < "$out" | grep -E '^(PASS|FAIL|SKIP) ' > "$log"
cat "$log"
summary=$(tr -d '\r' < "$out" | grep -E '^SUMMARY ' | tail -1)
if [ -z "$summary" ]; then
  tr -d '\r' < "$out" | tail -15 | sed 's/^/  | /'
  echo "FAIL $board $suite.image (no summary; qemu exit $rc)" | tee -a "$log"
elif [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
  echo "FAIL $board $suite.image (qemu exit $rc)" | tee -a "$log"
elif [ $rc -eq 0 ] && grep -q '^FAIL ' "$log"; then
  echo "FAIL $board $suite.exit-status (failures but qemu exit 0)" | tee -a "$log"
fi
exit 0
