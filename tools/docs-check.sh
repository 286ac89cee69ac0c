#!/usr/bin/env bash
# docs-check.sh LOG: build the API reference from the public headers with
# Doxygen (docs/api/Doxyfile) and require it to be warning-free.
log=$1
rm -rf build/docs && mkdir -p build/docs
if ! doxygen docs/api/Doxyfile > build/docs/doxygen.out 2>&1; then
  cat build/docs/doxygen.out | tail -10
  echo "FAIL docs api-reference (doxygen failed)" | tee "$log"
elif [ -s build/docs/warnings.txt ]; then
  head -20 build/docs/warnings.txt
  echo "FAIL docs api-reference ($(grep -c warning build/docs/warnings.txt) doxygen warnings)" | tee "$log"
else
  echo "PASS docs api-reference (build/docs/html/index.html, 0 warnings)" | tee "$log"
fi
exit 0
