#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# docs-check.sh: build the API reference from the public headers with
# Doxygen (docs/api/Doxyfile) and require it to be warning-free (the
# Doxyfile warns on every undocumented public declaration). One PASS/FAIL
# line; exit status 0 only on PASS.
. "$(dirname "$0")/verdict.sh"
rm -rf build/docs && mkdir -p build/docs
if ! doxygen docs/api/Doxyfile > build/docs/doxygen.out 2>&1; then
  tail -10 build/docs/doxygen.out | sed 's/^/  | /'
  verdict FAIL docs api-reference "doxygen failed"
else
  here=$(pwd)/
  if [ -s build/docs/warnings.txt ]; then
    head -20 build/docs/warnings.txt | sed "s|^$here||; s/^/  | /"
    verdict FAIL docs api-reference "$(grep -c warning build/docs/warnings.txt) doxygen warnings"
  else
    verdict PASS docs api-reference "build/docs/html/index.html, 0 warnings"
  fi
fi
