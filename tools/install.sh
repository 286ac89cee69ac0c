#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# install.sh PREFIX "BOARDS": lay out an installed pmukit.
set -euo pipefail
prefix=$1 boards=$2
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/pmukit"
rm -rf "$prefix/include/pmu"
cp -r include/pmu "$prefix/include/pmu"
version=$(git describe --always --dirty 2>/dev/null || echo 0)
cfg="$prefix/lib/cmake/pmukit/pmukitConfig.cmake"
cat > "$cfg" <<'CMAKE'
# pmukit CMake package: one imported static library per board,
# pmukit::<board> (e.g. pmukit::qemu-virt-rv64), and pmukit::host.
get_filename_component(_pmukit_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
CMAKE
install_one() {
  local name=$1 lib=$2 defs=$3
  mkdir -p "$prefix/lib/pmukit/$name"
  cp "$lib" "$prefix/lib/pmukit/$name/libpmu.a"
  cat > "$prefix/lib/pkgconfig/pmukit-$name.pc" <<PC
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib/pmukit/$name

# The C headers are C11; the C++ headers need C++17 (CMake's target says so
# with cxx_std_17; with pkg-config add -std=c++17 to your C++ flags).
Name: pmukit-$name
Description: pmukit performance-monitoring drivers for $name
Version: $version
Cflags: -I\${includedir} $defs
Libs: -L\${libdir} -lpmu
PC
  cat >> "$cfg" <<CMAKE
if(NOT TARGET pmukit::$name)
  add_library(pmukit::$name STATIC IMPORTED)
  set_target_properties(pmukit::$name PROPERTIES
    IMPORTED_LOCATION "\${_pmukit_prefix}/lib/pmukit/$name/libpmu.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_pmukit_prefix}/include"
    INTERFACE_COMPILE_FEATURES cxx_std_17
    INTERFACE_COMPILE_DEFINITIONS "$(echo $defs | sed 's/-D//g; s/ /;/g')")
endif()
CMAKE
}
install_one host build/host-lib/libpmu.a "-DPMU_HOST -DPMU_HOST_XLEN=64"
for b in $boards; do install_one "$b" "build/$b/libpmu.a" ""; done
echo "installed pmukit ($version) into $prefix: boards: host $boards"
