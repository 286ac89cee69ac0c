#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: exact figures, never timings (mk/bench.mk says how each is made).
#   1. bus accesses per operation, counted by the models on the host, with
#      pmukit's paths checked against the baselines access for access
#   2. instructions per operation and from hook entry to the first callback
#      (minstret under QEMU -icount, registers in RAM), pmukit beside its
#      baseline, and each C API call beside the C++ call it forwards to, on
#      the RISC-V boards
#   3. .text of the reference feature set per path (tools/feature_size.py)
#      and RAM per object (tools/object_ram.py), linked with --gc-sections
#   4. bytes per library unit per board
# Prints one "bench ..." line per figure into build/bench/lines.txt, and
# writes docs/performance.md (tools/perf_doc.py). Exits non-zero if a
# measurement could not be made or pmukit and a baseline did different work.
set -u
cd "$(dirname "$0")/.."
out=build/bench
rm -rf "$out" && mkdir -p "$out"
lines=$out/lines.txt
: > "$lines"
fail() {
  echo "bench: $*" >&2
  exit 1
}
mk() { make --no-print-directory "$@"; }
var() { mk -s BOARD="$1" "print-$2"; }

# 1. host
mk build/host/pmu_bench build/host/pmu_bench-xlen32 > "$out/build-host.log" 2>&1 ||
  { cat "$out/build-host.log"; fail "the host bench did not build"; }
build/host/pmu_bench-xlen32 > "$out/host-xlen32.txt" ||
  { cat "$out/host-xlen32.txt"; fail "pmukit and a baseline differ at XLEN 32 (above)"; }
build/host/pmu_bench > "$out/host.txt" || { cat "$out/host.txt"; fail "pmukit and a baseline differ (above)"; }
grep '^bench ' "$out/host.txt" | tee -a "$lines"
grep '^feature ' "$out/host.txt" > "$out/features.txt"

# 2. instructions
for b in qemu-virt-rv64 qemu-virt-rv32; do
  mk BOARD=$b bench-image > "$out/build-$b.log" 2>&1 || { cat "$out/build-$b.log"; fail "the bench image for $b did not build"; }
  mk BOARD=$b bench-run > "$out/run-$b.txt" || fail "the bench image failed a check on $b (above)"
  sed "s/^bench \([^ ]*\)/bench \1@$b/" "$out/run-$b.txt" | tee -a "$lines"
done

# 3. reference feature set and RAM per object
features=()
while read -r _ _ _ member; do features+=(--feature "$member"); done < "$out/features.txt"
for b in qemu-virt-rv64 qemu-virt-rv32; do
  mk BOARD=$b bench-size > "$out/size-$b.log" 2>&1 || { cat "$out/size-$b.log"; fail "the size programs for $b did not build"; }
  size_dir=build/$b/bench/size
  for path in run_time compile_time with_storage; do
    elf=$size_dir/safesu_$path.elf
    [ -f "$elf" ] || continue
    # The objects without storage: the application's feature functions,
    # where the driver is inlined, and what of it stays out of line; SafeSU:
    # the library's code only (the calls are the application's).
    scope=(--count pmu::)
    [ $path != with_storage ] && scope+=(--count bench_ref::)
    python3 tools/feature_size.py --nm "$(var $b CROSS_NM)" --elf "$elf" --libgcc "${scope[@]}" "${features[@]}" \
      > "$out/functions-$path@$b.txt" || fail "feature_size.py failed on $elf"
    echo "bench size.safesu_reference_feature_set($path)@$b $(tail -1 "$out/functions-$path@$b.txt")"
  done | tee -a "$lines"
  python3 tools/object_ram.py --objdump "$(var $b CROSS_OBJDUMP)" --elf "$size_dir/ram.elf" --scope bench_ram:: \
    > "$out/ram-$b.txt" || fail "object_ram.py found no object in $size_dir/ram.elf"
  awk -v b=$b '{ sub("bench_ram::", "", $5); printf "bench ram.%s@%s bytes=%s kind=%s section=%s\n", $5, b, $2, $3, $4 }' \
    "$out/ram-$b.txt" | tee -a "$lines"
done

# 4. library units
for b in qemu-virt-rv64 qemu-virt-rv32 qemu-leon3; do
  mk BOARD=$b lib > "$out/lib-$b.log" 2>&1 || { cat "$out/lib-$b.log"; fail "libpmu for $b did not build"; }
  size_tool=$(var $b CROSS_SIZE)
  size_of() {  # size_of NAME OBJ...: one line for the objects of one unit
    local name=$1
    shift
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
  done | tee -a "$lines"
done

python3 tools/perf_doc.py --lines "$lines" --before bench/data/before.txt --reasons bench/data/misses.txt \
  --details "$out" --out docs/performance.md || fail "perf_doc.py failed"
