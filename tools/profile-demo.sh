#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# profile-demo.sh BOARD ELF OUTDIR: make profile-demo's report, after
# build-run-report ran the example (ELF.out holds what it printed): the
# firmware's own lines (the capture lines and the machine-readable truth
# left out), then pmukit-profile's report of each capture in the log, with
# its plot, folded stacks and CSV in OUTDIR. Exit status 0 only if every
# report was made.
set -u
board=$1 elf=$2 outdir=$3
log=$elf.out
tool="python3 tools/pmukit-profile"
mkdir -p "$outdir"
cat <<HEADER
pmukit profile demo: where does a workload spend its time? (pmukit record)
  board:    $board (QEMU -icount: one cycle per instruction)
  firmware: $elf (examples/profile_sscofpmf)
  The workload's shape is known: three leaf functions that take about 60%,
  30% and 10% of its instructions, under two callers. The firmware samples it
  through the standard RISC-V counters (Sscofpmf: an hpm counter overflows
  every N events and raises a real interrupt), once on cycles and once on
  instructions, and writes each capture through the console. pmukit-profile
  turns the console log and the ELF into profiles.
--------------------------------------------------------------------------------
HEADER
grep -v -e '^@pmu:' -e '^truth ' "$log"
rc=0
n=0
for trigger in cycles instret; do
  n=$((n + 1))
  echo "--------------------------------------------------------------------------------"
  echo "\$ pmukit-profile report $log --elf $elf --capture $n --top 7   # sampled on $trigger"
  $tool report "$log" --elf "$elf" --capture $n --top 7 \
    --svg "$outdir/$trigger.svg" --folded "$outdir/$trigger.folded" --csv "$outdir/$trigger.csv" || rc=1
done
echo "--------------------------------------------------------------------------------"
echo "The plots, folded stacks (for any flame-graph tool) and CSV: $outdir/"
echo "How to profile your own firmware: docs/profiling.md"
exit $rc
