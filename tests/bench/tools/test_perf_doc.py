# SPDX-License-Identifier: Apache-2.0
"""tools/perf_doc.py: every target verdict at its boundary, the access
minima it computes, the growth sentence, the before/after rows and the
reasons of misses, on synthetic bench lines."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import perf_doc  # noqa: E402

V64, V32 = "qemu-virt-rv64", "qemu-virt-rv32"
LINES = f"""
bench safesu.route(no_straddle) mmio_reads=1 mmio_writes=1
bench safesu.route(straddle) mmio_reads=3 mmio_writes=2
bench safesu.route_table(n=1) mmio_reads=1 mmio_writes=1
bench safesu.route_table(n=24) mmio_reads=0 mmio_writes=6
bench safesu.route(no_straddle)@{V64} baseline=20 compile_time=23 run_time=32
bench safesu.route(no_straddle)@{V32} baseline=25 compile_time=29 run_time=41
bench safesu.route(straddle)@{V64} baseline=40 run_time=50
bench safesu.route_table(n=1)@{V64} baseline=30 compile_time=32 run_time=40
bench safesu.route_table(n=4)@{V64} baseline=60 compile_time=62 run_time=70
bench safesu.route_table(n=24)@{V64} baseline=260 compile_time=262 run_time=270
bench safesu.overflow_hook_to_callback@{V64} baseline=28 compile_time=30 run_time=31
bench riscv.start(one)@{V64} baseline=9 compile_time=10 run_time=18
bench riscv.start(one) mmio_reads=0 mmio_writes=0 csr_accesses=2
bench size.safesu_reference_feature_set(run_time)@{V64} text=1301 functions=30
bench size.safesu_reference_feature_set(compile_time)@{V64} text=1300 functions=28
bench size.safesu_reference_feature_set(run_time)@{V32} text=1150 functions=30
bench size.safesu_reference_feature_set(with_storage)@{V64} text=1900 functions=31
bench ram.safesu_compile_time@{V64} bytes=32 kind=bss section=.sbss
bench ram.safesu_run_time@{V64} bytes=32 kind=data section=.sdata
bench ram.safesu_callbacks@{V64} bytes=100 kind=bss section=.bss
bench ram.safesu_totals@{V64} bytes=200 kind=bss section=.bss
bench size.safesu@{V64} text=5000 data=0 bss=0
bench capi.handle_check@{V64} instructions=6
bench capi.safesu.route(no_straddle)@{V64} run_time=42 c_api=48
bench capi.safesu.route(no_straddle)@{V32} run_time=39 c_api=44
bench capi.safesu.read(one)@{V64} run_time=26 c_api=33
bench capi.cm.read(one)@{V64} run_time=28
bench capi.safesu.route(no_straddle) mmio_reads=1 mmio_writes=1
bench capi.safesu.read(one) mmio_reads=1 mmio_writes=0
bench capi.riscv.start(one) mmio_reads=0 mmio_writes=0 csr_accesses=2
bench capi.riscv.start(one)@{V64} run_time=18 c_api=20
bench capi.cm.overflow_hook_to_callback@{V64} run_time=29 c_api=35
bench profile.hook_entry_to_rearm@{V64} instructions=400
bench profile.hook_entry_to_rearm@{V32} instructions=900
bench profile.hook_per_group_counter@{V64} instructions=31
bench profile.rearm@{V64} instructions=20
"""
BEFORE = f"""# a comment
bench safesu.route_one_output(no_straddle)@{V64} instructions=79
bench safesu.route_one_output(no_straddle) mmio_reads=1 mmio_writes=1
bench reg.modify@{V64} instructions=8
bench size.safesu@{V64} text=6617 data=0 bss=0
"""
REASONS = """# comment
safesu.route(straddle) * | the straddle is written through a 64-bit window
capi.safesu.read(*) * | the value is stored through the out-pointer after the call
"""


class Generated(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        files = {}
        for name, text in (("lines", LINES), ("before", BEFORE), ("reasons", REASONS)):
            files[name] = os.path.join(cls.tmp.name, name + ".txt")
            with open(files[name], "w") as f:
                f.write(text)
        os.makedirs(os.path.join(cls.tmp.name, "details"))
        with open(os.path.join(cls.tmp.name, "details", "features.txt"), "w") as f:
            f.write("feature safesu counters_enable enable_counters\n")
        with open(os.path.join(cls.tmp.name, "details", f"functions-run_time@{V64}.txt"), "w") as f:
            f.write("function    12 pmu::safesu::SafeSU::enable_counters()\ntext=12 functions=1\n")
        out = os.path.join(cls.tmp.name, "performance.md")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "perf_doc.py"), "--lines", files["lines"],
                        "--before", files["before"], "--reasons", files["reasons"], "--details",
                        os.path.join(cls.tmp.name, "details"), "--out", out], check=True, capture_output=True)
        cls.md = open(out).read()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def row(self, *cells):
        """The table row whose cells start with these."""
        for line in self.md.splitlines():
            parts = [c.strip() for c in line.strip("|").split("|")]
            if parts[: len(cells)] == list(cells):
                return parts
        self.fail(f"no row {cells} in\n{self.md}")

    def test_ratio_exactly_at_the_target_is_met(self):
        r = self.row("`safesu.route(no_straddle)`", "compile-time", "rv64")
        self.assertEqual(r[3:], ["23", "20", "1.15", "≤ 1.15", "MET", "—"])
        r = self.row("`safesu.route(no_straddle)`", "run-time", "rv64")
        self.assertEqual(r[3:], ["32", "20", "1.60", "≤ 1.60", "MET", "—"])

    def test_ratio_above_the_target_is_missed(self):
        r = self.row("`safesu.route(no_straddle)`", "compile-time", "rv32")
        self.assertEqual(r[3:], ["29", "25", "1.16", "≤ 1.15", "MISSED", "no reason recorded (bench/data/misses.txt)"])
        self.assertEqual(self.row("`safesu.route(no_straddle)`", "run-time", "rv32")[-2], "MISSED")  # 1.64

    def test_a_path_not_measured_is_missed(self):
        r = self.row("`safesu.route(straddle)`", "compile-time", "rv64")
        # the reason recorded for the figure's pattern, beside its verdict
        self.assertEqual((r[3], r[-2], r[-1]), ("not measured", "MISSED", "the straddle is written through a 64-bit window"))

    def test_a_header_only_units_run_time_path_is_judged_as_any(self):
        r = self.row("`riscv.start(one)`", "run-time", "rv64")  # the RISC-V file configured at run time
        self.assertEqual(r[3:8], ["18", "9", "2.00", "≤ 1.60", "MISSED"])
        self.assertEqual(self.row("`riscv.start(one)`", "2 CSR")[-3:], ["—", "—", "—"])

    def test_hook_needs_30_instructions_and_the_ratio(self):
        self.assertEqual(self.row("`safesu.overflow_hook_to_callback`", "compile-time", "rv64")[-2], "MET")
        r = self.row("`safesu.overflow_hook_to_callback`", "run-time", "rv64")  # 31 > 30, ratio 1.11 fine
        self.assertEqual((r[3], r[6], r[-2]), ("31", "≤ 30 and ≤ 1.60", "MISSED"))

    def test_accesses_against_the_minimum(self):
        self.assertEqual(self.row("`safesu.route(no_straddle)`", "1R 1W")[-3:], ["≤ 1R 1W", "MET", "—"])
        self.assertEqual(self.row("`safesu.route(straddle)`", "3R 2W")[-3:], ["≤ 2R 2W", "MISSED", "no reason recorded (bench/data/misses.txt)"])
        self.assertEqual(self.row("`safesu.route_table(n=24)`", "0R 6W")[-3:], ["≤ 0R 6W", "MET", "—"])

    def test_profiler_figures_have_their_targets_on_rv64(self):
        self.assertEqual(self.row("`profile.hook_entry_to_rearm`", "rv64")[2:5], ["400", "≤ 400", "MET"])
        self.assertEqual(self.row("`profile.hook_entry_to_rearm`", "rv32")[2:5], ["900", "—", "—"])
        self.assertEqual(self.row("`profile.hook_per_group_counter`", "rv64")[2:5], ["31", "≤ 30", "MISSED"])
        self.assertEqual(self.row("`profile.rearm`", "rv64")[2:5], ["20", "—", "—"])
        # a target whose figure the bench did not print is missed, not left out
        self.assertEqual(self.row("`profile.hook_entry_to_rearm_chain8`", "rv64")[2:5],
                         ["not measured", "≤ 650", "MISSED"])

    def test_crossbar_minimum(self):
        self.assertEqual(perf_doc.crossbar_minimum(24, 7), (0, 6))  # every field set: no read
        self.assertEqual(perf_doc.crossbar_minimum(24, 8), (0, 6))
        self.assertEqual(perf_doc.crossbar_minimum(1, 7), (1, 1))
        self.assertEqual(perf_doc.crossbar_minimum(5, 7), (1, 2))  # register 0 whole, register 1 partly
        self.assertEqual(perf_doc.crossbar_minimum(4, 8), (0, 1))
        self.assertEqual(perf_doc.access_max("safesu.set_weights(n=5)"), (1, 2))
        self.assertEqual(perf_doc.access_max("safesu.set_weights(n=12,6c256)"), (0, 3))
        self.assertEqual(perf_doc.access_max("safesu.read_all(n=16)"), (16, 0))

    def test_growth_sentence_from_the_figures(self):
        # run time: 40, 70, 270 at n = 1, 4, 24 is exactly 10 per entry, +30.
        m = re.search(r"`safesu.route_table` grows linearly in instructions: rv64: (.*)", self.md)
        self.assertIsNotNone(m, self.md)
        self.assertIn("run-time 10.0 per entry (+30)", m.group(1))
        self.assertIn("baseline 10.0 per entry (+20)", m.group(1))
        self.assertIn("from 1R 1W at n=1 to 0R 6W at n=24", self.md)

    def test_headline_keeps_only_the_largest_table_call(self):
        self.assertNotIn("| `safesu.route_table(n=4)` |", self.md)
        self.row("`safesu.route_table(n=24)`", "run-time", "rv64")

    def test_feature_set_size_at_and_over_the_target(self):
        self.assertEqual(self.row("compile-time", "rv64", "1300")[-2], "MET")
        self.assertEqual(self.row("run-time", "rv64", "1301")[-2], "MISSED")
        self.assertEqual(self.row("run-time", "rv32", "1150")[-3:], ["≤ 1150", "MET", "—"])
        self.assertEqual(self.row("compile-time", "rv32")[2:], ["not measured", "—", "≤ 1150", "MISSED", "no reason recorded (bench/data/misses.txt)"])
        self.assertIn("counters_enable → `enable_counters`", self.md)
        self.assertIn("| 12 | `pmu::safesu::SafeSU::enable_counters()` |", self.md)

    def test_safesu_with_storage_is_a_figure_without_a_target(self):
        # SafeSU's own size (callbacks and totals supported) is printed
        # beside the targets, judged by none, and counted in no summary.
        r = self.row("run-time `SafeSU`, callbacks and totals supported", "rv64")
        self.assertEqual(r[2:], ["1900", "31", "— (no target)", "—", "—"])
        self.assertNotIn("1900", self.row("run-time", "rv64", "1301"))

    def test_ram_needs_32_bytes_and_bss(self):
        self.assertEqual(self.row("`safesu_compile_time`", "rv64")[-2], "MET")
        self.assertEqual(self.row("`safesu_run_time`", "rv64")[-2], "MISSED")  # .sdata
        self.assertEqual(self.row("`safesu_compile_time` + `safesu_callbacks` + `safesu_totals`", "rv64")[2], "332")

    def test_before_and_after(self):
        r = self.row("`safesu.route_one_output(no_straddle)` → `safesu.route(no_straddle)`", "rv64", "instructions")
        self.assertEqual(r[3:], ["79", "compile-time 23 / run-time 32"])
        r = self.row("`safesu.route_one_output(no_straddle)` → `safesu.route(no_straddle)`", "host", "mmio_reads")
        self.assertEqual(r[3:], ["1", "1"])
        self.assertEqual(self.row("`reg.modify`", "rv64")[3:], ["8", "not measured now"])
        self.assertEqual(self.row("`size.safesu`", "rv64", "text")[3:], ["6617", "5000"])

    def test_capi_adds_at_most_the_measured_handle_check(self):
        # 42 -> 48: exactly the handle check measured on rv64 (6)
        r = self.row("`safesu.route(no_straddle)`", "rv64", "42")
        self.assertEqual(r[3:], ["48", "6", "≤ 6", "1R 1W (= C++)", "MET", "—"])
        r = self.row("`riscv.start(one)`", "rv64", "18")
        self.assertEqual((r[4], r[6], r[-2]), ("2", "2 CSR (= C++)", "MET"))
        self.assertIn("6 on rv64, not measured on rv32", self.md)
        # a hook to its callback: the hook's call, whose accesses are the hook's own row
        r = self.row("`cm.overflow_hook_to_callback`", "rv64", "29")
        self.assertEqual(r[3:], ["35", "6", "≤ 6", "—", "MET", "—"])

    def test_capi_over_the_handle_check_is_missed_with_its_cause(self):
        r = self.row("`safesu.read(one)`", "rv64", "26")
        self.assertEqual(r[3:], ["33", "7", "≤ 6", "1R 0W (= C++)", "MISSED",
                                 "the value is stored through the out-pointer after the call"])
        self.assertEqual(self.row("C API adds at most a handle check", "`capi.safesu.read(one) rv64`")[2],
                         "the value is stored through the out-pointer after the call")

    def test_capi_without_a_figure_or_an_allowance_is_missed(self):
        # no handle check measured on rv32: nothing to hold the C call to
        r = self.row("`safesu.route(no_straddle)`", "rv32", "39")
        self.assertEqual((r[4], r[5], r[-2]), ("5", "not measured", "MISSED"))
        r = self.row("`cm.read(one)`", "rv64", "28")
        self.assertEqual((r[3], r[4], r[6], r[-2]), ("not measured", "—", "not measured", "MISSED"))

    def test_capi_figures_stay_out_of_the_unit_tables(self):
        for line in self.md.splitlines():
            self.assertNotIn("`capi.", line.split("|")[1] if line.startswith("|") else "", line)
        self.assertNotIn("capi.handle_check", self.md)

    def test_summary_counts_and_reasons(self):
        m = re.search(r"## Targets: (\d+) met, (\d+) missed", self.md)
        met = len(re.findall(r"\| MET \|", self.md))
        missed_rows = len(re.findall(r"\| MISSED \|", self.md))
        self.assertEqual((int(m.group(1)), int(m.group(2))), (met, missed_rows))
        self.assertEqual(self.row("compile-time ratio", "`safesu.route(straddle) compile-time rv64`")[2],
                         "the straddle is written through a 64-bit window")
        self.assertIn("no reason recorded", self.row("compile-time ratio",
                                                     "`safesu.route(no_straddle) compile-time rv32`")[2])


if __name__ == "__main__":
    unittest.main()
