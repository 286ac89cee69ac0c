#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Bytes of .text of the SafeSU driver functions that make up the reference
drivers' feature set (facts safesu.md 5.1), for the issue's size target.
Usage: ref_feature_size.py NM OBJ...  -> prints "text=<bytes> functions=<n>"."""
import subprocess
import sys

REFERENCE = [
    "start(", "stop(", "reset()", "read_all(",
    "route(", "route_table(", "crossbar_slot(",
    "enable_overflow(", "disable_overflow()", "clear_overflow()", "set_overflow_irq(",
    "overflow_vector()",
    "enable_mccu()", "disable_mccu()", "reset_mccu()", "set_budget(", "remaining_budget(",
    "set_weight(", "set_hw_quota(",
    "enable_rdc()", "disable_rdc()", "reset_rdc()", "watermark(", "rdc_vector()", "rdc_fired(",
    "set_selftest_mode(", "pulse_cfg(", "toggle_cfg_off(", "modify_cfg(", "refill_cores(",
]
nm, objs = sys.argv[1], sys.argv[2:]
out = subprocess.run([nm, "-S", "-C"] + objs, capture_output=True, text=True, check=True).stdout
total, count = 0, 0
for line in out.splitlines():
    parts = line.split(None, 3)
    # T/t: functions; W/w: template instantiations (the run-time SafeSU).
    if len(parts) < 4 or parts[2] not in ("T", "t", "W", "w"):
        continue
    name = parts[3]
    if not name.startswith("pmu::safesu::") or "FixedPlace" in name:
        continue
    # The function's own name: the last "::" before its parameter list (a
    # parameter of a namespaced type must not hide the function).
    depth, cut = 0, len(name)
    for i, ch in enumerate(name):
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "(" and depth == 0:
            cut = i
            break
    short = name[:cut].split("::")[-1] + name[cut:]
    if any(short.startswith(r) for r in REFERENCE):
        total += int(parts[1], 16)
        count += 1
print(f"text={total} functions={count}")
