#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# external-check.sh: make test's "external" step. pmukit as a user consumes
# it, from a fresh installed prefix in the build tree (build/external/prefix),
# never from the source tree: the consumer projects of tests/external are
# copied to build/external/src and find pmukit through PKG_CONFIG_LIBDIR and
# CMAKE_PREFIX_PATH alone. One PASS/FAIL line per check, as it happens:
#   install, install.destdir, install.relative-prefix, uninstall, version,
#   docs.install-packages (docs/install.md names every installed package),
#   profile-tool (bin/pmukit-profile runs from the install)
#   package.<abi>.freestanding            each installed libpmu
#   sim.<board>-<abi>.<cmake|pkg-config|pkg-config-clang|cmake-clang>.<c|cpp>
#                                         your firmware under QEMU against
#                                         pmukit-sim, for every QEMU board and
#                                         ABI it runs, output checked (and for
#                                         RISC-V, compiled by clang against
#                                         the GCC-built package, by pkg-config
#                                         and, on RV64, by CMake; on RV32 the
#                                         C++ compile must be refused,
#                                         .cpp-refused: uint32_t differs)
#   host-sim.<cmake|pkg-config>           a host test against the models
#   host-app.<cmake|pkg-config>           a host program with its own seam
#   abi-mismatch.<cmake|pkg-config>       another ABI's package is refused with
#                                         a message naming both ABIs
#   no-source-paths                       no consumer command reaches into the
#                                         source tree
#   pmukit.mk-firmware, add_subdirectory.<host|rv64imac-lp64>
#                                         the two routes that build pmukit
#                                         from source
# The consumer builds run two at a time. Exit status 0 only if all passed.
#
# external-check.sh job NAME ARGS... runs one of the parallel jobs (below).
. "$(dirname "$0")/verdict.sh"
set -u
src=$(pwd)
out=$src/build/external
prefix=$out/prefix
export PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig PKG_CONFIG_PATH=
export CMAKE_PREFIX_PATH=$prefix
export MAKEFLAGS=  # the consumers' own makes see none of make test's

# $(cross_prefix ABI): the toolchain prefix of an ABI's compiler.
cross_prefix() { case $1 in leon3) echo sparc64-linux-gnu- ;; *) echo riscv64-unknown-elf- ;; esac; }
# The CMake arguments of a cross build for ABI $1 (tests/external/toolchains/cross-gcc.cmake).
cross_args() { echo "-DCMAKE_TOOLCHAIN_FILE=$out/src/toolchains/cross-gcc.cmake" "-DFW_CROSS=$(cross_prefix "$1")"; }
abi_flags() { pkg-config --variable=abi_flags "pmukit-$1"; }
# Run "CMD..." quietly into LOG; on failure show LOG's tail and print FAIL WHAT.
quiet() {
  local what=$1 log=$2
  shift 2
  if "$@" > "$log" 2>&1; then return 0; fi
  tail -20 "$log" | sed 's/^/  | /'
  verdict FAIL external "$what" "see $log"
  return 1
}

# ---- the parallel jobs ---------------------------------------------------------------
# sim PKG ROUTE: the firmware of tests/external/sim_firmware for pmukit-sim
# package PKG (pmukit-sim-<board>-<abi>), built by ROUTE, run under QEMU.
job_sim() {
  local pkg=$1 route=$2
  local name=${pkg#pmukit-sim-} abi board qemu dir lang rc=0
  abi=$(pkg-config --variable=abi "$pkg")
  board=$(pkg-config --variable=board "$pkg")
  qemu=$(pkg-config --variable=qemu "$pkg")
  dir=$out/sim/$name.$route
  mkdir -p "$dir"
  local target=riscv${abi:2:2}-unknown-elf  # rv64gc-lp64d: riscv64
  if [ "$route" = cmake ]; then
    quiet "sim.$name.cmake.configure" "$dir/configure.log" \
      cmake -S "$out/src/sim_firmware" -B "$dir" $(cross_args "$abi") \
      -DFW_ABI_FLAGS="$(abi_flags "$abi")" -DPMUKIT_SIM="$board-$abi" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON || return 1
  elif [ "$route" = cmake-clang ]; then
    # clang compiles, GNU links; the firmware's flags leave out -misa-spec,
    # and the package's targets give it to GNU compiles only.
    quiet "sim.$name.cmake-clang.configure" "$dir/configure.log" \
      cmake -S "$out/src/sim_firmware" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$out/src/toolchains/cross-clang.cmake" \
      -DFW_TARGET="$target" -DFW_CROSS="$(cross_prefix "$abi")" \
      -DFW_ABI_FLAGS="$(abi_flags "$abi" | sed 's/ *-misa-spec=[^ ]*//')" -DPMUKIT_SIM="$board-$abi" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON || return 1
  fi
  # The firmware's own Makefile (the pkg-config routes): with clang for the
  # package's target, without the -misa-spec clang does not take
  # (docs/install.md, "Compilers"); the link stays GNU's.
  local fw_make=(make -C "$out/src/sim_firmware" PKG="$pkg" CROSS="$(cross_prefix "$abi")" OUT="$dir")
  [ "$route" = pkg-config-clang ] &&
    fw_make+=(FW_CXX="clang++ --target=$target" FW_CC="clang --target=$target" FW_DROP=-misa-spec=2.2)
  local langs
  langs=$(ls "$out/src/sim_firmware" | sed -n 's/^firmware\.\(c\|cpp\)$/\1/p')
  if [ "$route" = pkg-config-clang ] && [ "${abi:2:2}" = 32 ]; then
    # On RV32 clang's uint32_t is not GCC's, so the package's C++ names do
    # not link from clang code: its C++ compile must stop and say so (both
    # images need C++, the simulator glue).
    langs=
    local log=$dir/cpp-refused.log
    if ! "${fw_make[@]}" "$dir/firmware_cpp.o" > "$log" 2>&1 &&
      grep -q "pmukit: this package's C++ API was compiled with another uint32_t" "$log"; then
      verdict PASS external "sim.$name.$route.cpp-refused"
    else
      grep -m3 "error" "$log" | sed 's/^/  | /'
      verdict FAIL external "sim.$name.$route.cpp-refused" "expected the uint32_t refusal of pmu/status.hpp"
      rc=1
    fi
  fi
  for lang in $langs; do
    local image=$dir/firmware_$lang.elf build
    if [ "$route" = cmake ] || [ "$route" = cmake-clang ]; then
      build=(cmake --build "$dir" --verbose --target "firmware_$lang")
    else
      build=("${fw_make[@]}" "$image")
    fi
    bash "$src/tools/build-run-report.sh" program external "sim.$name.$route.$lang" "$image" "$qemu" \
      "$out/src/sim_firmware/expect.txt" "${build[@]}" || rc=1
  done
  return $rc
}

# host-sim ROUTE: tests/external/host_sim against pmukit-host-sim.
job_host_sim() {
  local route=$1 dir=$out/host-sim.$1 build
  if [ "$route" = cmake ]; then
    quiet host-sim.cmake.configure "$out/host-sim.configure.log" \
      cmake -S "$out/src/host_sim" -B "$dir" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON || return 1
    build=(cmake --build "$dir" --verbose)
  else
    build=(make -C "$out/src/host_sim" OUT="$dir")
  fi
  bash "$src/tools/build-run-report.sh" program external "host-sim.$route" "$dir/host_test" "" \
    "$out/src/host_sim/expect.txt" "${build[@]}"
}

# host-app ROUTE: tests/external/host_app (its own fake behind the seam) against pmukit-host.
job_host_app() {
  local route=$1 dir=$out/host-app.$1
  mkdir -p "$dir"
  if [ "$route" = cmake ]; then
    quiet host-app.cmake "$dir/build.log" bash -c "cmake -S '$out/src/host_app' -B '$dir' \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON && cmake --build '$dir' --verbose" || return 1
    "$dir/host_app" host-app.cmake
  else
    # shellcheck disable=SC2046  # pkg-config prints flags
    quiet host-app.pkg-config "$dir/build.log" bash -c "set -x; g++ '$out/src/host_app/main.cpp' \
      $(pkg-config --cflags --libs pmukit-host) -o '$dir/host_app'" || return 1
    "$dir/host_app" host-app.pkg-config
  fi
}

# abi-mismatch ROUTE: code compiled for rv64gc/lp64d against the rv64imac/lp64
# package must stop with a message naming both ABIs.
job_abi_mismatch() {
  local route=$1 dir=$out/abi-mismatch.$1 log want1="rv64imac/lp64" want2
  mkdir -p "$dir"
  log=$dir/log
  if [ "$route" = cmake ]; then
    want2="rv64imafdc/lp64d"
    cmake -S "$out/src/sim_firmware" -B "$dir" $(cross_args rv64gc-lp64d) \
      -DFW_ABI_FLAGS="$(abi_flags rv64gc-lp64d)" -DPMUKIT_SIM=qemu-virt-rv64-rv64imac-lp64 > "$log" 2>&1
  else
    want2="lp64d ABI"
    # shellcheck disable=SC2046  # pkg-config prints flags
    riscv64-unknown-elf-g++ $(pkg-config --cflags pmukit-sim-qemu-virt-rv64-rv64imac-lp64) \
      -march=rv64gc -mabi=lp64d -c "$out/src/sim_firmware/firmware.cpp" -o "$dir/firmware.o" > "$log" 2>&1
  fi
  local rc=$?
  local text
  text=$(tr '\n' ' ' < "$log" | tr -s ' ')
  if [ $rc -ne 0 ] && [[ $text == *"$want1"* ]] && [[ $text == *"$want2"* ]]; then
    verdict PASS external "abi-mismatch.$route"
  else
    grep -m3 -i "pmukit\|error" "$log" | sed 's/^/  | /'
    verdict FAIL external "abi-mismatch.$route" "exit $rc; expected a failure naming $want1 and $want2"
  fi
}

# add_subdirectory WHAT: pmukit built from source by CMake inside a consumer
# project (tests/external/cmake_subdir): host (run), or an ABI (links).
job_add_subdirectory() {
  local what=$1 dir=$out/add_subdirectory.$1 args=()
  if [ "$what" != host ]; then
    read -r -a args <<< "$(cross_args "$what")"
    args+=(-DFW_ABI_FLAGS="$(abi_flags "$what")")
  fi
  quiet "add_subdirectory.$what.configure" "$dir.configure.log" \
    cmake -S "$out/src/cmake_subdir" -B "$dir" -DPMUKIT_SOURCE_DIR="$src" "${args[@]}" || return 1
  quiet "add_subdirectory.$what" "$dir.build.log" cmake --build "$dir" || return 1
  if [ "$what" = host ]; then
    "$dir/host_app" add_subdirectory.host
  else
    verdict PASS external "add_subdirectory.$what"
  fi
}

job_pmukit_mk() {
  bash "$src/tools/verdict.sh" external pmukit.mk-firmware \
    make --no-print-directory -C "$src/tests/external/firmware_source" OUT="$out/pmukit.mk-firmware" \
    PMUKIT_GEN_DIR="$out/pmukit.mk-firmware/gen"
}

if [ "${1:-}" = job ]; then
  shift
  job=$1
  shift
  "job_${job//-/_}" "$@"
  exit
fi

# ---- install, from scratch -------------------------------------------------------------
rm -rf "$out" && mkdir -p "$out"
make_install() { make --no-print-directory install "$@"; }
quiet install "$out/install.log" make_install PREFIX="$prefix" || exit 1
verdict PASS external install "$(tail -1 "$out/install.log" | sed 's/:.*//')"
ok=0

# DESTDIR: everything below DESTDIR/PREFIX, the files name PREFIX and never
# DESTDIR; uninstall leaves nothing, not even the folders install made.
stage=$out/destdir
quiet install.destdir "$out/destdir.log" make_install PREFIX=/opt/pmukit DESTDIR="$stage" || ok=1
if [ -f "$stage/opt/pmukit/lib/pkgconfig/pmukit-host.pc" ] &&
   grep -qx 'prefix=/opt/pmukit' "$stage/opt/pmukit/lib/pkgconfig/pmukit-host.pc" &&
   ! grep -rqI -- "$stage" "$stage"; then
  verdict PASS external install.destdir
else
  verdict FAIL external install.destdir "files outside DESTDIR/PREFIX, or DESTDIR written into them" || ok=1
fi
quiet uninstall "$out/uninstall.log" make --no-print-directory uninstall PREFIX=/opt/pmukit DESTDIR="$stage" || ok=1
left=$(find "$stage" -mindepth 0 2>/dev/null | head -5)
if [ -z "$left" ]; then
  verdict PASS external uninstall "nothing left in DESTDIR"
else
  printf '%s\n' "$left" | sed 's/^/  | /'
  verdict FAIL external uninstall "left behind" || ok=1
fi
# A relative PREFIX is made absolute (from the directory make runs in).
rel=build/external/relative
quiet install.relative-prefix "$out/relative.log" make_install PREFIX=$rel || ok=1
if grep -qx "prefix=$src/$rel" "$src/$rel/lib/pkgconfig/pmukit-host.pc" 2>/dev/null; then
  verdict PASS external install.relative-prefix
else
  verdict FAIL external install.relative-prefix "prefix= is not $src/$rel" || ok=1
fi
make --no-print-directory uninstall PREFIX=$rel > /dev/null 2>&1

# The version: VERSION, the .pc files, the CMake version file, the header.
version=$(cat VERSION)
mkdir -p "$out/version"
cat > "$out/version/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.19)
project(pmukit_version NONE)
find_package(pmukit $version EXACT REQUIRED)
find_package(pmukit 0.1 QUIET)
if(pmukit_FOUND)
  message(FATAL_ERROR "0.1 requested, $version accepted: before 1.0 a minor release may break the API")
endif()
CMAKE
if [ "$(pkg-config --modversion pmukit-host)" = "$version" ] && pkg-config --atleast-version=0.2 pmukit-rv64gc-lp64d &&
   grep -q "PMU_VERSION_STRING \"$version\"" "$prefix/include/pmu/version.hpp" &&
   cmake -S "$out/version" -B "$out/version/build" > "$out/version.log" 2>&1; then
  verdict PASS external version "$version"
else
  sed 's/^/  | /' "$out/version.log"
  verdict FAIL external version "pkg-config, CMake or pmu/version.hpp disagree with VERSION ($version)" || ok=1
fi

# docs/install.md names every package make install wrote.
missing=$(for pc in "$prefix"/lib/pkgconfig/*.pc; do
  n=$(basename "$pc" .pc)
  grep -q -- "$n\b" docs/install.md || echo "$n"
done)
if [ -z "$missing" ]; then
  verdict PASS external docs.install-packages
else
  verdict FAIL external docs.install-packages "docs/install.md does not name: $(echo $missing)" || ok=1
fi

# The profiler's host tool runs from the install (bin/ finds lib/pmukit/python).
bash tools/verdict.sh external profile-tool "$prefix/bin/pmukit-profile" --help || ok=1

for lib in "$prefix"/lib/pmukit/*/libpmu.a; do
  abi=$(basename "$(dirname "$lib")")
  [ "$abi" = host ] && continue
  cp=$(cross_prefix "$abi")
  bash tools/verdict.sh external "package.$abi.freestanding" \
    bash tools/freestanding-check.sh "${cp}nm" "${cp}objdump" "$lib" || ok=1
done

# ---- the consumers, two at a time ---------------------------------------------------------
mkdir -p "$out/src"
cp -r tests/external/. "$out/src/"
jobs=()
for pc in "$prefix"/lib/pkgconfig/pmukit-sim-*.pc; do
  pkg=$(basename "$pc" .pc)
  # The variants only (pmukit-sim-<board> is the same package as one of them).
  [ "$pkg" = "pmukit-sim-$(pkg-config --variable=board "$pkg")-$(pkg-config --variable=abi "$pkg")" ] || continue
  jobs+=("sim $pkg cmake" "sim $pkg pkg-config")
  case $(pkg-config --variable=abi "$pkg") in rv*) jobs+=("sim $pkg pkg-config-clang") ;; esac
  # CMake with clang: RV64 (on RV32 only C links, as pkg-config-clang shows).
  case $(pkg-config --variable=abi "$pkg") in rv64*) jobs+=("sim $pkg cmake-clang") ;; esac
done
jobs+=("host-sim cmake" "host-sim pkg-config" "host-app cmake" "host-app pkg-config"
       "abi-mismatch cmake" "abi-mismatch pkg-config" "add_subdirectory host"
       "add_subdirectory rv64imac-lp64" "pmukit-mk")
printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} sh -c "bash '$0' job {}" || ok=1

# Nothing the consumers ran reaches into the source tree (the from-source
# routes, pmukit.mk and add_subdirectory, excepted).
logs=()
for f in $(find "$out/sim" "$out"/host-* "$out"/abi-mismatch.* -name '*.build' -o -name '*.log' -o \
           -name compile_commands.json 2>/dev/null); do
  logs+=("$(dirname "$f"):$f")
done
bash tools/verdict.sh external no-source-paths python3 tools/check-consumer-paths.py "$src" "${logs[@]}" || ok=1
exit $ok
