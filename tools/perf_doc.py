#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes docs/performance.md from what `make bench` measured (generated;
never edit the page by hand).

    perf_doc.py --lines LINES --before BEFORE --reasons REASONS
                [--details DIR] --out docs/performance.md

LINES    the "bench <figure>[@<board>] key=value ..." lines of this run
BEFORE   the same lines from the pre-round run (bench/data/before.txt)
REASONS  "<figure pattern> | <why>" lines: the known cause of a missed
         target (bench/data/misses.txt); a miss without one says so
DIR      feature_size.py's function lists (functions-<path>@<board>.txt)
         and the host bench's feature list (features.txt)

Every target is checked here, against the figures, and stated beside each
figure as MET or MISSED; a figure that was not measured is MISSED. The C
API's figures ("capi.*": run_time and c_api instructions, the C call's
accesses, and capi.handle_check) get a section of their own.
"""
import argparse
import collections
import fnmatch
import os
import re
import sys

BOARDS = ("qemu-virt-rv64", "qemu-virt-rv32")
ARCH = {"qemu-virt-rv64": "rv64", "qemu-virt-rv32": "rv32"}
PATHS = ("compile_time", "run_time")
PATH_NAME = {"compile_time": "compile-time", "run_time": "run-time", "with_storage": "run-time `SafeSU`, callbacks and totals supported"}
WITH_STORAGE = "with_storage"  # the size program of SafeSU itself (no target)

# ---- the targets (issue 11, "Measured, in make bench") ----------------------------
RATIO_MAX = {"compile_time": (115, 100), "run_time": (160, 100)}  # pmukit / baseline, as a fraction
HOOK_MAX = 30  # instructions from hook entry to the first callback, every unit, rv64 and rv32
FEATURE_SET_MAX = {"qemu-virt-rv64": 1300, "qemu-virt-rv32": 1150}  # bytes of .text
OBJECT_MAX = {"qemu-virt-rv64": 32}  # bytes of RAM of an object with neither callbacks nor totals
RAM_TARGET_OBJECTS = ("safesu_run_time", "safesu_compile_time")  # the SafeSU objects, no storage attached
# The C API adds at most a handle check per call: c_api - run_time <= the
# measured handle check ("capi.handle_check@<board> instructions=N").
CAPI = "capi."
CAPI_CHECK = "capi.handle_check"
# Bus accesses: the minimum per register touched, never more than before the
# round. (reads, writes) at most; table calls are computed (see below).
ACCESS_MAX = {
    "safesu.route(no_straddle)": (1, 1),
    "safesu.route(straddle)": (2, 2),
    "safesu.enable_counters": (1, 1),
    "safesu.reset_counters(counting)": (2, 3),
    "safesu.read(one)": (1, 0),
    "safesu.read64(one)": (1, 0),
    "safesu.read64(untracked)": (0, 0),
    "safesu.reset_counters(tracked)": (3, 3),  # + the overflow vector, so a flag latched before counts no period
    "safesu.clear_overflow": (1, 2),
    "safesu.set_weight": (1, 1),
    "safesu.set_budget": (1, 3),
    "safesu.refill": (1, 2),
    "safesu.overflow_hook(1_flagged)": (3, 2),  # the usual case
    "safesu.overflow_hook(1_parked)": (4, 3),  # counting frozen, the parked counter re-read and moved to 0
    "safesu.overflow_isr(1_flagged)": (3, 2),
    "safesu.mccu_hook": (2, 2),
    "safesu.rdc_hook(1_input)": (2, 2),
    "cm.program": (1, 2),
    "cm.start(all)": (1, 1),
    "cm.stop(one)": (1, 1),
    "cm.read(one)": (1, 0),
    "cm.overflow_hook(1_flagged)": (1, 1),
    "cm.overflow_hook(spurious)": (1, 0),
    "cm.overflow_isr(1_flagged)": (1, 1),
    "cm.probe": (1, 0),
    "cm.reset(one)": (1, 1),
    "cm.reset_and_start(all)": (1, 1),
    "cm.control": (1, 1),
    "cm.set_interrupt_enable": (1, 1),
    "cm.set_overflow_stop": (1, 1),
    "cm.read_overflow": (1, 0),
    "cm.clear_overflow(one)": (0, 1),
    "cm.preload(one)": (0, 1),
    "cm.read64(one)": (1, 0),
    "cm.preload(tracked)": (3, 1),  # PC_OV and the count so far before the write, PC_OV after it
    "cm.reset(tracked)": (1, 1),
}


def crossbar_minimum(n, field_bits, counters=24):
    """(reads, writes) for fields 0..n-1: each register holding one of them
    written once, read first only if it keeps a field the call does not set."""
    regs = {}
    for k in range(counters):
        for bit in range(k * field_bits, (k + 1) * field_bits):
            regs.setdefault(bit // 32, set()).add(k)
    touched = [r for r, fields in regs.items() if any(k < n for k in fields)]
    reads = [r for r in touched if any(k >= n for k in regs[r])]
    return len(reads), len(touched)


def access_max(name):
    """The access target of a figure, or None."""
    if name in ACCESS_MAX:
        return ACCESS_MAX[name]
    m = re.match(r"safesu\.(\w+)\(n=(\d+)(,6c256)?\)$", name)
    if not m:
        return None
    op, n, big = m.group(1), int(m.group(2)), bool(m.group(3))
    if op == "route_table":
        return crossbar_minimum(n, 8 if big else 7)
    if op == "set_weights":
        return (1 if n % 4 else 0, (n + 3) // 4)
    if op in ("read_all", "sync_counters64"):
        return (n, 0)
    return None


# Figures named differently before the round.
RENAMED = {
    "safesu.route_one_output(no_straddle)": "safesu.route(no_straddle)",
    "safesu.route_one_output(straddle)": "safesu.route(straddle)",
    "safesu.read_one_counter": "safesu.read(one)",
    "safesu.snapshot_all(24)": "safesu.read_all(n=24)",
    "safesu.reset_counters(enabled)": "safesu.reset_counters(counting)",
    "safesu.handle_overflow_irq(1_flagged)": "safesu.overflow_hook(1_flagged)",
    "safesu.handle_mccu_irq(refill)": "safesu.mccu_hook",
    "safesu.handle_rdc_irq(1_input)": "safesu.rdc_hook(1_input)",
    "safesu.handle_overflow_irq_entry_to_callback": "safesu.overflow_hook_to_callback",
    "safesu.handle_mccu_irq_entry_to_callback": "safesu.mccu_hook_to_callback",
    "safesu.handle_rdc_irq_entry_to_callback": "safesu.rdc_hook_to_callback",
    "riscv.lcofi_hook_entry_to_callback": "riscv.lcofi_hook_to_callback",
    "ame.hook_entry_to_callback": "riscv.ame_hook_to_callback",
    "cm.start_all": "cm.start(all)",
    "cm.read": "cm.read(one)",
    "cm.hook_entry_to_callback": "cm.overflow_hook_to_callback",
    "size.safesu_reference_feature_set": "size.safesu_reference_feature_set(run_time)",
}


# ---- reading ---------------------------------------------------------------------
def parse(path):
    """{(figure, board or ''): {key: value}} in file order."""
    figures = collections.OrderedDict()
    for line in open(path):
        parts = line.split()
        if len(parts) < 2 or parts[0] != "bench":
            continue
        name, _, board = parts[1].partition("@")
        figures[(name, board)] = dict(kv.split("=", 1) for kv in parts[2:] if "=" in kv)
    return figures


def parse_reasons(path):
    reasons = []
    if path and os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line and not line.startswith("#") and "|" in line:
                pattern, why = line.split("|", 1)
                reasons.append((pattern.strip(), why.strip()))
    return reasons


def as_int(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


# ---- checking --------------------------------------------------------------------
def ratio_text(p, b):
    return f"{p / b:.2f}" if p is not None and b else "—"


def within(p, b, frac):
    """p / b <= frac[0] / frac[1], in integers."""
    return p is not None and b is not None and b > 0 and p * frac[1] <= frac[0] * b


class Checks:
    """Every target verdict, kept for the summary and the list of misses."""

    def __init__(self, reasons):
        self.reasons = reasons
        self.rows = []  # (target, figure, verdict)

    def verdict(self, target, figure, ok):
        v = "MET" if ok else "MISSED"
        self.rows.append((target, figure, v))
        return v

    def why(self, figure, verdict):
        """The cell beside a verdict: the recorded cause of a miss, else a dash."""
        return self.reason(figure) if verdict == "MISSED" else "—"

    def reason(self, figure):
        for pattern, why in self.reasons:
            if fnmatch.fnmatchcase(figure, pattern):
                return why
        return "no reason recorded (bench/data/misses.txt)"


def is_hook(name):
    return name.endswith("_to_callback")


def is_scaling(name):
    return "(n=" in name


def headline(names):
    """Operations for the main table: everything except the smaller sizes of a
    table call (those are in the scaling section)."""
    series = collections.defaultdict(list)
    for n in names:
        m = re.match(r"(.*)\(n=(\d+)(,[^)]*)?\)$", n)
        if m:
            series[(m.group(1), m.group(3) or "")].append((int(m.group(2)), n))
    keep = {max(v)[1] for v in series.values()}
    return [n for n in names if not is_scaling(n) or n in keep]


def fit(points):
    """Least-squares slope and intercept of [(n, y)], and the largest miss."""
    k = len(points)
    sx = sum(n for n, _ in points)
    sy = sum(y for _, y in points)
    sxx = sum(n * n for n, _ in points)
    sxy = sum(n * y for n, y in points)
    den = k * sxx - sx * sx
    if k < 2 or den == 0:
        return None
    slope = (k * sxy - sx * sy) / den
    icpt = (sy - slope * sx) / k
    worst = max(abs(y - (slope * n + icpt)) for n, y in points)
    return slope, icpt, worst


# ---- writing ---------------------------------------------------------------------
def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def write(figs, before, checks, details, out):
    ops = []  # instruction figures in order of appearance, unique
    for (name, board), kv in figs.items():
        if board and "baseline" in kv and name not in ops:
            ops.append(name)
    w = []
    w.append("# pmukit performance figures\n")
    w.append("Generated by `make bench` (tools/bench.sh, tools/perf_doc.py); exact counts, never timings. "
             "Re-run `make bench` after changing a driver. Every target of issue 11 is checked against the "
             "figures and stated beside them: MET or MISSED (a figure not measured is MISSED).\n")
    w.append("## How the figures are made\n")
    w.append("- **Instructions**: retired instructions (minstret under QEMU `-icount shift=0`, the cost of "
             "reading it taken out) on qemu-virt-rv64 and qemu-virt-rv32, with the unit's registers backed by "
             "RAM so no trap is counted. A figure covers the call: argument moves, the call, the body, the "
             "return. Hook figures run from the hook's first instruction to the first instruction of its "
             "first callback: the call site's own instructions (its argument moves, an object's address, the "
             "call), read from the image's code, are left out, as they are the board's handler's. "
             "`tests/bench/qemu/instret` checks the counter and the call-site reader on code of known "
             "length.\n"
             "- **Baseline**: the leanest hand-written C doing the same register work "
             "(`bench/<unit>/baseline.c`): the same reads and writes in the same order, constant addresses, "
             "the same argument checks pmukit's contract makes, out of line in its own translation unit, "
             "compiled with the library's flags. The host bench runs pmukit and the baseline on the "
             "behavioural models from the same state and fails unless their accesses, callbacks and results "
             "are identical, so every ratio compares like with like.\n"
             "- **Paths**: *compile-time* is pmukit's build-time object (`FixedSafeSU`, `FixedPerf`, "
             "`FixedCounters`): layout, base or counter configuration as constants, and the callback and "
             "totals storage the baseline has fixed at build time (`pmu/storage.hpp`: a static callback "
             "table; static totals for a tracked operation, none otherwise), its header-inline code compiled "
             "into a function of the baseline's shape, as a user's code gets it; *run-time* is the "
             "run-time-layout object (storage attached at run time) calling the library's out-of-line "
             "functions; for the RISC-V counter files, which are header-only, it is the file configured at "
             "run time (`Counters`, `ame::AmeCounters`: the configuration in the object, as the C API's "
             "handles hold it), its code compiled into a function of the baseline's shape.\n"
             "- **Accesses**: bus accesses per call, counted by the behavioural models on the host.\n"
             "- **Sizes**: a program calling exactly the reference feature set, linked with `--gc-sections`, "
             "measured by `tools/feature_size.py`; RAM per object from a linked program's symbol table "
             "(`tools/object_ram.py`).\n")

    # -- instructions
    rows = []
    hook_rows = []
    for name in headline(ops):
        for board in BOARDS:
            kv = figs.get((name, board))
            if kv is None:
                continue
            b = as_int(kv.get("baseline"))
            for path in PATHS:
                p = as_int(kv.get(path))
                frac = RATIO_MAX[path]
                tgt = f"≤ {frac[0] / frac[1]:.2f}"
                fig = f"{name} {PATH_NAME[path]} {ARCH[board]}"
                ok = within(p, b, frac)
                if is_hook(name):
                    ok = ok and p is not None and p <= HOOK_MAX
                    tgt = f"≤ {HOOK_MAX} and {tgt}"
                v = checks.verdict("hook entry to first callback" if is_hook(name) else f"{PATH_NAME[path]} ratio",
                                   fig, ok)
                row = [f"`{name}`", PATH_NAME[path], ARCH[board], p if p is not None else "not measured",
                       b if b is not None else "—", ratio_text(p, b), tgt, v, checks.why(fig, v)]
                (hook_rows if is_hook(name) else rows).append(row)
    head = ["operation", "path", "arch", "pmukit", "baseline", "ratio", "target", "verdict", "why (if missed)"]
    w.append("## Instructions per operation\n")
    w.append(table(head, rows))
    w.append("\n## Interrupt hooks: entry to the first callback\n")
    w.append(table(head, hook_rows))

    w.append(capi_section(figs, checks))
    w.append(profile_section(figs, checks))

    # -- accesses
    rows = []
    host = [n for (n, b), kv in figs.items()
            if not b and not n.startswith(CAPI) and ("mmio_reads" in kv or "csr_accesses" in kv)]
    for name in headline(host):
        kv = figs[(name, "")]
        r, wr, c = as_int(kv.get("mmio_reads")), as_int(kv.get("mmio_writes")), as_int(kv.get("csr_accesses"))
        measured = f"{c} CSR" if c else f"{r}R {wr}W"
        mx = access_max(name)
        if mx is not None:
            tgt = f"≤ {mx[0]}R {mx[1]}W"
            v = checks.verdict("bus accesses", name, r is not None and wr is not None and r <= mx[0] and wr <= mx[1])
        else:
            tgt, v = "—", "—"
        rows.append([f"`{name}`", measured, tgt, v, checks.why(name, v)])
    w.append("\n## Bus accesses per call\n")
    w.append("The minimum per register touched, and never more than before the round. pmukit's paths and "
             "the baselines make exactly these accesses (checked on the models). RISC-V counters are CSRs: "
             "their figure is the CSR accesses the host model saw (it sees a csrs/csrc as a read and a "
             "write), for information.\n\n")
    w.append(table(["operation", "accesses", "target", "verdict", "why (if missed)"], rows))

    # -- scaling
    w.append("\n## Scaling of the table calls\n")
    series = collections.OrderedDict()
    for name in ops + [n for (n, b) in figs if not b and n not in ops]:
        m = re.match(r"(.*)\(n=(\d+)(,[^)]*)?\)$", name)
        if m:
            series.setdefault(m.group(1), []).append((int(m.group(2)), m.group(3) or "", name))
    for base, members in series.items():
        members.sort(key=lambda t: (t[1], t[0]))
        head = ["n", "accesses"] + [f"{PATH_NAME.get(p, p)} {ARCH[b]}" for b in BOARDS for p in PATHS + ("baseline",)]
        rows = []
        for n, variant, name in members:
            acc = figs.get((name, ""), {})
            row = [f"{n}{' (' + variant[1:] + ')' if variant else ''}",
                   f"{acc.get('mmio_reads', '?')}R {acc.get('mmio_writes', '?')}W" if acc else "—"]
            for b in BOARDS:
                kv = figs.get((name, b), {})
                for p in PATHS + ("baseline",):
                    row.append(kv.get(p, "—"))
            rows.append(row)
        w.append(f"\n### `{base}`\n\n")
        w.append(table(head, rows))
        w.append("\n" + growth_sentence(base, members, figs) + "\n")

    # -- sizes
    w.append("\n## Code size of the reference feature set\n")
    feats = read_features(details)
    if feats:
        w.append("The reference drivers' SafeSU features (docs/hw/safesu.md §5.1) and the pmukit call that "
                 "provides each: " + ", ".join(f"{ref} → `{member}`" for ref, member in feats) + ".\n\n")
    rows = []
    for board in BOARDS:
        for path in PATHS:
            kv = figs.get((f"size.safesu_reference_feature_set({path})", board))
            t = as_int(kv.get("text")) if kv else None
            fig = f"{PATH_NAME[path]} {ARCH[board]}"
            v = checks.verdict("reference feature set .text", fig, t is not None and t <= FEATURE_SET_MAX[board])
            rows.append([PATH_NAME[path], ARCH[board], t if t is not None else "not measured",
                         kv.get("functions", "—") if kv else "—", f"≤ {FEATURE_SET_MAX[board]}", v,
                         checks.why(fig, v)])
    # What SafeSU, the ready-made run-time type, adds by supporting attached
    # callbacks and totals: a figure beside the targets, not one of them.
    for board in BOARDS:
        kv = figs.get((f"size.safesu_reference_feature_set({WITH_STORAGE})", board))
        if kv:
            rows.append([PATH_NAME[WITH_STORAGE], ARCH[board], as_int(kv.get("text")), kv.get("functions", "—"),
                         "— (no target)", "—", "—"])
    w.append("The compile-time and run-time paths are measured on objects with the reference drivers' features: "
             "no callback table and no totals (`NoStorage`), so neither is compiled in. "
             f"The {PATH_NAME[WITH_STORAGE]} rows are `SafeSU`, which can attach both, for what that support costs.\n\n")
    w.append(table(["path", "arch", ".text bytes", "functions", "target", "verdict", "why (if missed)"], rows))
    for board in BOARDS:
        for path in PATHS + (WITH_STORAGE,):
            listing = read_functions(details, path, board)
            if listing:
                w.append(f"\n<details><summary>Functions counted: {PATH_NAME[path]}, {ARCH[board]}</summary>\n\n")
                w.append(table(["bytes", "function"], [[s, f"`{n}`"] for s, n in listing]))
                w.append("\n</details>\n")

    # -- RAM
    rows = []
    ram = {(name[len("ram."):], board): kv for (name, board), kv in figs.items() if name.startswith("ram.") and board}
    for board in BOARDS:
        for (obj, b), kv in ram.items():
            if b != board:
                continue
            size, kind = as_int(kv.get("bytes")), kv.get("kind", "?")
            tgt, v, fig = "—", "—", f"{obj} {ARCH[board]}"
            if obj in RAM_TARGET_OBJECTS:
                limit = OBJECT_MAX.get(board)
                ok = kind == "bss" and (limit is None or (size is not None and size <= limit))
                tgt = (f"≤ {limit} B, " if limit else "") + "static instance in .bss"
                v = checks.verdict("RAM per SafeSU object", fig, ok)
            rows.append([f"`{obj}`", ARCH[board], size, f"{kind} ({kv.get('section', '?')})", tgt, v, checks.why(fig, v)])
            unit = obj.split("_", 1)[0]
            store = [ram.get((f"{unit}_{s}", board)) for s in ("callbacks", "totals")]
            if not obj.endswith(("_callbacks", "_totals")) and all(store) and size is not None:
                total = size + sum(as_int(x.get("bytes")) or 0 for x in store)
                rows.append([f"`{obj}` + `{unit}_callbacks` + `{unit}_totals`", ARCH[board], total, "—", "—", "—", "—"])
    w.append("\n## RAM per object\n")
    w.append("Bytes of each object (`bench/size/ram.cpp`: a static instance as an application defines one) "
             "and of the storage it can be given (callbacks, 64-bit totals), and where each lands. A run-time "
             "object, whose base is known only at boot, is a static `pmu::Deferred` made by `emplace()` at boot "
             "(pmu/deferred.hpp: the object's bytes and nothing else); a compile-time one is constant.\n\n")
    w.append(table(["object", "arch", "bytes", "static instance", "target", "verdict", "why (if missed)"], rows))

    # -- library units
    rows = []
    for (name, board), kv in figs.items():
        if name.startswith("size.") and not name.startswith("size.safesu_reference") and board:
            rows.append([f"`{name[5:]}`", board, kv.get("text", "?"), kv.get("data", "?"), kv.get("bss", "?")])
    w.append("\n## Library size per unit\n")
    w.append("Bytes of each library unit's objects per board at -Os (what a firmware links at most; "
             "`--gc-sections` drops what it does not call).\n\n")
    w.append(table(["unit", "board", "text", "data", "bss"], rows))

    # -- before / after
    w.append("\n## Before and after this round\n")
    w.append("Before: `make bench` at commit e8467db (bench/data/before.txt; run-time path only, which was the "
             "only one). Its reference-feature-set figure came from a tool that dropped every function with a "
             "namespaced parameter type.\n\n")
    rows = []
    for (name, board), kv in before.items():
        new = RENAMED.get(name, name.replace("size.c_api_", "size.capi_"))
        now = figs.get((new, board))
        for key, val in kv.items():
            if now is None:
                after = "not measured now"
            elif key == "instructions":
                after = " / ".join(f"{PATH_NAME[p]} {now[p]}" for p in PATHS if p in now) or "?"
            elif key in now:
                after = now[key]
            else:
                continue
            rows.append([f"`{name}`" + (f" → `{new}`" if new != name else ""), ARCH.get(board, board or "host"),
                         key, val, after])
    w.append(table(["figure", "where", "metric", "before", "after"], rows))

    # -- summary and misses
    met = sum(1 for _, _, v in checks.rows if v == "MET")
    missed = [(t, f) for t, f, v in checks.rows if v == "MISSED"]
    summary = [f"\n## Targets: {met} met, {len(missed)} missed\n\n"]
    if missed:
        summary.append(table(["target", "figure", "why"], [[t, f"`{f}`", checks.reason(f)] for t, f in missed]))
    text = "\n".join(w)
    i = text.index("## How the figures")
    text = text[:i] + "".join(summary).lstrip("\n") + "\n" + text[i:]
    with open(out, "w") as f:
        f.write(re.sub(r"\n{3,}", "\n\n", text))


def accesses_text(kv):
    c = as_int(kv.get("csr_accesses"))
    return f"{c} CSR" if c else f"{kv.get('mmio_reads', '?')}R {kv.get('mmio_writes', '?')}W"


def capi_section(figs, checks):
    """The C API beside the C++ run-time call it forwards to: what it adds,
    held to the measured handle check."""
    names = []
    for (name, board), kv in figs.items():
        if name.startswith(CAPI) and name != CAPI_CHECK and board and name not in names:
            names.append(name)
    allowance = {b: as_int(figs.get((CAPI_CHECK, b), {}).get("instructions")) for b in BOARDS}
    w = ["\n## C API: what it adds to the C++ call\n",
         "A C handle holds the run-time C++ object, so each C call (`pmu/c/`, `src/capi/`) is set beside the same "
         "call on a run-time C++ object of the same unit and storage (`bench/capi/ops.hpp`; value calls and hooks "
         "return their C answer, value and status, as a C caller gets it); both are counted from the callee's first "
         "instruction, so where the linker put the handle and the object (a gp-relative address is one instruction, "
         "a far one two) does not count. Target (issue 11): the C API adds at most a handle check, "
         "C API − C++ run-time ≤ the handle check, measured as the leanest hand-written C check and forward "
         "(`bench/capi/baseline.c`: NULL test, magic word load and compare, tail jump) minus the direct call: "
         + ", ".join(f"{allowance[b] if allowance[b] is not None else 'not measured'} on {ARCH[b]}" for b in BOARDS)
         + ". The host bench checks that every C call makes exactly the C++ call's bus accesses, callbacks and "
         "result (the accesses column).\n\n"]
    rows = []
    for name in names:
        host = figs.get((name, ""))
        if is_hook(name):  # the same call as the hook's own figure: its accesses are there
            acc = "—"
        else:
            acc = accesses_text(host) + " (= C++)" if host else "not measured"
        for board in BOARDS:
            kv = figs.get((name, board))
            if kv is None:
                continue
            cpp, c, allow = as_int(kv.get("run_time")), as_int(kv.get("c_api")), allowance[board]
            added = c - cpp if c is not None and cpp is not None else None
            fig = f"{name} {ARCH[board]}"
            v = checks.verdict("C API adds at most a handle check", fig,
                               added is not None and allow is not None and added <= allow)
            rows.append([f"`{name[len(CAPI):]}`", ARCH[board], cpp if cpp is not None else "not measured",
                         c if c is not None else "not measured", added if added is not None else "—",
                         f"≤ {allow}" if allow is not None else "not measured", acc, v,
                         checks.why(fig, v)])
    w.append(table(["operation", "arch", "C++ run-time", "C API", "added", "target", "accesses", "verdict",
                    "why (if missed)"], rows))
    return "".join(w)


# The sampling profiler's hook (docs/profiling.md, "Hook cost"): interrupt
# entry to the end of the trigger's re-arm, on qemu-virt-rv64.
PROFILE = "profile."
PROFILE_TARGETS = {"profile.hook_entry_to_rearm": 400, "profile.hook_entry_to_rearm_chain8": 650,
                   "profile.hook_per_group_counter": 30}
PROFILE_TARGET_BOARD = "qemu-virt-rv64"


def profile_section(figs, checks):
    """The profiler's interrupt path: every profile.* figure, its target (on
    qemu-virt-rv64) and verdict; a target without its figure is MISSED."""
    w = ["\n## Sampling profiler: interrupt entry to the re-arm\n",
         "From the first instruction of the trap entry through the board's dispatch, the counter file's hook, "
         "the `Sampler` and the Sscofpmf trigger table (`bench/target/profile_bench.cpp`, docs/profiling.md). "
         f"Targets on {PROFILE_TARGET_BOARD} (`-Os`).\n"]
    names = list(dict.fromkeys(n for (n, b) in figs if n.startswith(PROFILE) and b))
    for n in PROFILE_TARGETS:
        if n not in names:
            names.append(n)
    rows = []
    for name in names:
        for board in BOARDS:
            kv = figs.get((name, board))
            limit = PROFILE_TARGETS.get(name) if board == PROFILE_TARGET_BOARD else None
            if kv is None and limit is None:
                continue
            n = as_int(kv.get("instructions")) if kv else None
            fig = f"{name} {ARCH[board]}"
            if limit is not None:
                v = checks.verdict("profiler hook", fig, n is not None and n <= limit)
                tgt = f"≤ {limit}"
            else:
                v, tgt = "—", "—"
            rows.append([f"`{name}`", ARCH[board], n if n is not None else "not measured", tgt, v,
                         checks.why(fig, v) if v != "—" else "—"])
    w.append(table(["figure", "arch", "instructions", "target", "verdict", "why (if missed)"], rows))
    return "\n".join(w)


def growth_sentence(base, members, figs):
    """How a table call grows, from its figures: the slope of a straight-line
    fit over n on the first layout, per path, and the accesses at both ends."""
    pts = [(n, name) for n, variant, name in members if not variant]
    if len(pts) < 2:
        return ""
    parts = []
    for board in BOARDS:
        per = []
        for p in PATHS + ("baseline",):
            ys = [(n, as_int(figs.get((name, board), {}).get(p))) for n, name in pts]
            ys = [(n, y) for n, y in ys if y is not None]
            f = fit(ys) if len(ys) >= 2 else None
            if f:
                slope, icpt, worst = f
                shape = "" if worst <= max(3, 0.05 * max(y for _, y in ys)) else ", not a straight line"
                per.append(f"{PATH_NAME.get(p, p)} {slope:.1f} per entry (+{icpt:.0f}{shape})")
        if per:
            parts.append(f"{ARCH[board]}: " + ", ".join(per))
    acc = [(n, figs.get((name, ""), {})) for n, name in pts]
    acc = [(n, as_int(a.get("mmio_reads")), as_int(a.get("mmio_writes"))) for n, a in acc if a]
    text = f"`{base}` grows linearly in instructions: " + "; ".join(parts) + "."
    if acc:
        lo, hi = acc[0], acc[-1]
        text += (f" Bus accesses go from {lo[1]}R {lo[2]}W at n={lo[0]} to {hi[1]}R {hi[2]}W at n={hi[0]}"
                 f" ({(hi[1] + hi[2] - lo[1] - lo[2]) / (hi[0] - lo[0]):.2f} per entry).")
    return text


def read_features(details):
    path = os.path.join(details or "", "features.txt")
    if not details or not os.path.exists(path):
        return []
    return [tuple(l.split()[2:4]) for l in open(path) if l.startswith("feature ") and len(l.split()) >= 4]


def read_functions(details, path, board):
    f = os.path.join(details or "", f"functions-{path}@{board}.txt")
    if not details or not os.path.exists(f):
        return []
    rows = []
    for line in open(f):
        if line.startswith("function "):
            _, size, name = line.rstrip("\n").split(None, 2)
            rows.append((int(size), name))
    return rows


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", required=True)
    ap.add_argument("--before", required=True)
    ap.add_argument("--reasons")
    ap.add_argument("--details")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    checks = Checks(parse_reasons(a.reasons))
    write(parse(a.lines), parse(a.before), checks, a.details, a.out)
    missed = sum(1 for _, _, v in checks.rows if v == "MISSED")
    print(f"perf_doc: {len(checks.rows) - missed} targets met, {missed} missed -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
