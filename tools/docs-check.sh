#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# docs-check.sh: build the API reference from the public headers with
# Doxygen (docs/api/Doxyfile) and require it to be warning-free. Warnings in
# the headers listed in tools/docs-pending.list (documented in another
# branch) are counted apart and not failed on. One PASS/FAIL line; exit
# status 0 only on PASS.
. "$(dirname "$0")/verdict.sh"
rm -rf build/docs && mkdir -p build/docs
if ! doxygen docs/api/Doxyfile > build/docs/doxygen.out 2>&1; then
  tail -10 build/docs/doxygen.out | sed 's/^/  | /'
  verdict FAIL docs api-reference "doxygen failed"
else
  # Warnings of the pending headers (path relative or absolute) apart.
  here=$(pwd)/
  grep -v '^#' tools/docs-pending.list | grep -v '^ *$' | sed 's|\.|\\.|g; s|^|^\\('"$here"'\\)\\?|; s|$|:|' \
    > build/docs/pending.re
  grep -v -f build/docs/pending.re build/docs/warnings.txt > build/docs/warnings-enforced.txt
  pending=$(grep -c -f build/docs/pending.re build/docs/warnings.txt)
  if [ -s build/docs/warnings-enforced.txt ]; then
    head -20 build/docs/warnings-enforced.txt | sed "s|^$here||; s/^/  | /"
    verdict FAIL docs api-reference "$(grep -c warning build/docs/warnings-enforced.txt) doxygen warnings"
  else
    verdict PASS docs api-reference "build/docs/html/index.html, 0 warnings${pending:+; $pending more in headers listed in tools/docs-pending.list}"
  fi
fi
