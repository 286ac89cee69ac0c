#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: exact figures, never timings.
#   1. register accesses per driver call, counted by the models (host)
#   2. instructions per hot path and hook entry-to-callback, counted with
#      minstret under QEMU -icount on the RISC-V boards, registers in RAM
#   3. .text/.data/.bss bytes per unit per board at -Os
# Prints one "bench ..." line per figure and writes docs/performance.md.
set -u
cd "$(dirname "$0")/.."
out=build/bench
mkdir -p "$out"
: > "$out/lines.txt"
make --no-print-directory build/host/pmu_bench >/dev/null || { echo "bench: host bench did not build"; exit 1; }
build/host/pmu_bench | grep '^bench ' | tee -a "$out/lines.txt"
for b in qemu-virt-rv64 qemu-virt-rv32; do
  if make --no-print-directory BOARD=$b bench-image >/dev/null 2>"$out/$b.err"; then
    make --no-print-directory BOARD=$b bench-run | sed "s/^bench \([^ ]*\)/bench \1@$b/" | tee -a "$out/lines.txt"
  else
    echo "bench: bench image for $b did not build"; cat "$out/$b.err"; exit 1
  fi
done
for b in qemu-virt-rv64 qemu-virt-rv32 qemu-leon3; do
  make --no-print-directory BOARD=$b lib >/dev/null || exit 1
  size_tool=$(make --no-print-directory -s BOARD=$b print-CROSS_SIZE)
  size_of() {  # size_of NAME OBJ...: one line for the objects of one unit
    local name=$1; shift
    $size_tool "$@" | awk -v u="$name" -v b="$b" 'NR>1{t+=$1; d+=$2; s+=$3} END{printf "bench size.%s@%s text=%d data=%d bss=%d\n", u, b, t, d, s}'
  }
  odir=$(make --no-print-directory -s BOARD=$b print-ODIR)
  for d in "$odir"/src/*/; do
    [ -d "$d" ] || continue
    unit=$(basename "$d")
    if [ "$unit" = capi ]; then  # one figure per wrapped unit
      for o in "$d"pmu_*.o; do [ -f "$o" ] && size_of "capi_$(basename "$o" .o | sed 's/^pmu_//')" "$o"; done
    else
      objs=$(ls "$d"*.o 2>/dev/null) || continue
      size_of "$unit" $objs
    fi
  done | tee -a "$out/lines.txt"
done
for b in qemu-virt-rv64 qemu-virt-rv32; do
  echo "bench size.safesu_reference_feature_set@$b $(python3 tools/ref_feature_size.py \
    "$(make --no-print-directory -s BOARD=$b print-CROSS_NM)" "$(make --no-print-directory -s BOARD=$b print-ODIR)"/src/safesu/*.o)"
done | tee -a "$out/lines.txt"
python3 tools/perf_doc.py "$out/lines.txt" docs/performance.md
echo "bench: wrote docs/performance.md"
