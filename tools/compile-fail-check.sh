#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# compile-fail-check.sh DIR...: every DIR/*.cpp must fail to compile with the
# diagnostic its "// EXPECT: ..." line names, and compile cleanly with
# -DPMU_CONTROL (its legal twin), so the failure is the rule's and nothing
# else's. One PASS/FAIL line per case (tools/verdict.sh).
. "$(dirname "$0")/verdict.sh"
if [ "${1:-}" = "--self-test" ]; then
  # The checker must report a case that compiles, and a case that fails for
  # another reason, as FAIL; and a right case as PASS.
  t=$(mktemp -d); mkdir -p "$t/selftest/compile_fail"
  cp "$(dirname "$0")/../tests/reg/compile_fail/common.hpp" "$t/selftest/compile_fail/"
  printf '// EXPECT: this register is read-only\n#include "common.hpp"\nvoid f() {}\n' > "$t/selftest/compile_fail/a.cpp"
  printf '// EXPECT: this register is read-only\n#include "common.hpp"\nvoid f() {\n#ifndef PMU_CONTROL\n  undefined_name();\n#endif\n}\n' > "$t/selftest/compile_fail/b.cpp"
  printf '// EXPECT: this register is read-only\n#include "common.hpp"\nvoid f() {\n#ifndef PMU_CONTROL\n  cf::write(0, cf::kVector, cf::Value<cf::Vector>{1});\n#endif\n}\n' > "$t/selftest/compile_fail/c.cpp"
  out=$("$0" "$t/selftest/compile_fail" 2>&1)
  rm -rf "$t"
  if grep -q '^FAIL .*compile_fail.a (compiled' <<<"$out" && grep -q '^FAIL .*compile_fail.b (failed without' <<<"$out" &&
     grep -q '^PASS .*compile_fail.c$' <<<"$out"; then
    verdict PASS build "host tools.compile_fail_checker_self_test"; exit 0
  fi
  echo "$out" | sed 's/^/  | /'; verdict FAIL build "host tools.compile_fail_checker_self_test"; exit 1
fi
cxx=${HOST_CXX:-g++}
export LC_ALL=C  # plain quotes in diagnostics
status=0
for dir in "$@"; do
  unit=$(basename "$(dirname "$dir")")
  for src in "$dir"/*.cpp; do
    name=$(basename "$src" .cpp)
    want=$(sed -n 's|^// EXPECT: ||p' "$src" | head -1)
    flags="-std=c++17 -fsyntax-only -Wall -Wextra -Werror -DPMU_HOST -Iinclude -I$dir"
    if ! control=$($cxx $flags -DPMU_CONTROL "$src" 2>&1); then
      verdict FAIL build "host $unit.compile_fail.$name" "the legal twin does not compile"
      echo "$control" | head -5 | sed 's/^/  | /'
      status=1
      continue
    fi
    if out=$($cxx $flags "$src" 2>&1); then
      verdict FAIL build "host $unit.compile_fail.$name" "compiled; expected: $want"
      status=1
    elif [ -z "$want" ] || ! grep -qF -- "$want" <<<"$out"; then
      verdict FAIL build "host $unit.compile_fail.$name" "failed without '$want'"
      echo "$out" | grep -m3 error | sed 's/^/  | /'
      status=1
    else
      verdict PASS build "host $unit.compile_fail.$name"
    fi
  done
done
exit $status
