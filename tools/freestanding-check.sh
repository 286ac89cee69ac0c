#!/usr/bin/env bash
# freestanding-check.sh NM OBJDUMP ARCHIVE: exit 0 if the archive needs no
# C++ runtime: no __cxa_*/personality/unwind/new/delete/malloc/printf
# references, no unwind tables, no static constructors.
# freestanding-check.sh --self-test: proves the check catches a static
# constructor and an exception-using object (prints a PASS/FAIL line).
if [ "$1" = "--self-test" ]; then
  tmp=$(mktemp -d)
  cat > "$tmp/bad.cpp" <<'CPP'
struct Ctor { Ctor(); int v; };
Ctor global_with_ctor;
CPP
  cat > "$tmp/good.cpp" <<'CPP'
int plain(int x) { return x + 1; }
CPP
  ok=1
  for f in bad good; do
    riscv64-unknown-elf-g++ -march=rv64imac -misa-spec=2.2 -mabi=lp64 -Os -fno-exceptions -fno-rtti \
      -c "$tmp/$f.cpp" -o "$tmp/$f.o" && riscv64-unknown-elf-ar rcs "$tmp/lib$f.a" "$tmp/$f.o" || ok=0
  done
  bash "$0" riscv64-unknown-elf-nm riscv64-unknown-elf-objdump "$tmp/libbad.a" >/dev/null && ok=0
  bash "$0" riscv64-unknown-elf-nm riscv64-unknown-elf-objdump "$tmp/libgood.a" >/dev/null || ok=0
  rm -rf "$tmp"
  if [ $ok = 1 ]; then echo "PASS build freestanding-check.catches-static-constructors"; else echo "FAIL build freestanding-check.catches-static-constructors"; fi
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
