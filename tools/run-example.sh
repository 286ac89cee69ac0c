#!/usr/bin/env bash
# run-example.sh BOARD ELF "QEMU_CMD": run one example image and show its output.
board=$1 elf=$2 qemu=$3
echo "== $(basename "$elf" .elf) on $board (QEMU) =="
timeout 60 $qemu "$elf" < /dev/null | tr -d '\r'
rc=${PIPESTATUS[0]}
echo "== exit status $rc =="
exit "$rc"
