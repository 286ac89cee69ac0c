#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# freestanding-check.sh NM OBJDUMP ARCHIVE: exit 0 if the archive needs no
# C++ runtime: no __cxa_*/personality/unwind/new/delete/malloc/printf
# references, no unwind tables, no static constructors.
# freestanding-check.sh --self-test: exit 0 if the check catches a static
# constructor and passes a plain function.
if [ "$1" = "--self-test" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cat > "$tmp/bad.cpp" <<'CPP'
struct Ctor { Ctor(); int v; };
Ctor global_with_ctor;
CPP
  cat > "$tmp/good.cpp" <<'CPP'
int plain(int x) { return x + 1; }
CPP
  for f in bad good; do
    riscv64-unknown-elf-g++ -march=rv64imac -misa-spec=2.2 -mabi=lp64 -Os -fno-exceptions -fno-rtti \
      -c "$tmp/$f.cpp" -o "$tmp/$f.o" && riscv64-unknown-elf-ar rcs "$tmp/lib$f.a" "$tmp/$f.o" || exit 1
  done
  if bash "$0" riscv64-unknown-elf-nm riscv64-unknown-elf-objdump "$tmp/libbad.a" > /dev/null; then
    echo "a static constructor passed the check"
    exit 1
  fi
  bash "$0" riscv64-unknown-elf-nm riscv64-unknown-elf-objdump "$tmp/libgood.a" || exit 1
  exit 0
fi
nm_tool=$1 objdump_tool=$2 lib=$3
bad=$($nm_tool "$lib" 2>/dev/null | grep -E ' U (__cxa_|__gxx_personality|_Unwind_|_Znw|_Zna|_Zdl|_Zda|malloc|free|printf|puts)' | sort -u)
sections=$($objdump_tool -h "$lib" 2>/dev/null | grep -E '\.(eh_frame|gcc_except_table|init_array|ctors)' | sort -u)
if [ -n "$bad$sections" ]; then
  echo "$bad" "$sections" | head -10
  exit 1
fi
exit 0
