# SPDX-License-Identifier: Apache-2.0
"""tools/feature_size.py: the name parser, and the tool on a linked fixture
(feature_size_fixture.cpp) whose every symbol size is read back with nm."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import feature_size  # noqa: E402

CXX = os.environ.get("BENCH_CXX", "riscv64-unknown-elf-g++")
NM = os.environ.get("BENCH_NM", "riscv64-unknown-elf-nm")
ARCH = os.environ.get("BENCH_ARCH_FLAGS", "-march=rv64imac -mabi=lp64 -mcmodel=medany").split()


class QualifiedName(unittest.TestCase):
    CASES = [
        # Namespaced parameter types: the old tool split the whole line on "::".
        ("pmu::safesu::SafeSU::route_table(pmu::safesu::Route const*, unsigned long)",
         "pmu::safesu::SafeSU::route_table"),
        ("pmu::safesu::crossbar_slot(pmu::safesu::Layout const&, unsigned int) [clone .constprop.0]",
         "pmu::safesu::crossbar_slot"),
        ("pmu::safesu::SafeSU::set_selftest_mode(pmu::safesu::SelftestMode)",
         "pmu::safesu::SafeSU::set_selftest_mode"),
        # Template arguments and a return type (function templates show one).
        ("pmu::Result<unsigned int> pmu::safesu::Unit<pmu::safesu::FixedPlace<2164260864ul, "
         "pmu::safesu::k4c128> >::read(unsigned int)", "pmu::safesu::Unit::read"),
        ("pmu::Status pmu::safesu::Unit<pmu::safesu::RuntimePlace>::route(unsigned int, unsigned int) const "
         "[clone .isra.0] [clone .part.0]", "pmu::safesu::Unit::route"),
        ("long lib::pick<long>(long, long)", "lib::pick"),
        ("void (*pmu::pick_fn(int))(int)", "pmu::pick_fn"),
        ("(anonymous namespace)::helper(int)", "(anonymous namespace)::helper"),
        ("pmu::Unit::operator()(unsigned int) const", "pmu::Unit::operator()"),
        ("pmu::f()::{lambda(int)#1}::operator()(int) const", "pmu::f()::{lambda(int)#1}::operator()"),
        ("__ashldi3", "__ashldi3"),
        ("bench_ref::pmu_counters_enable()", "bench_ref::pmu_counters_enable"),
    ]

    def test_cases(self):
        for raw, want in self.CASES:
            with self.subTest(raw=raw):
                self.assertEqual(feature_size.qualified_name(raw), want)

    def test_scope_is_a_whole_namespace(self):
        self.assertTrue(feature_size.in_scope("pmu::safesu::SafeSU::route", ["pmu::"]))
        self.assertTrue(feature_size.in_scope("pmu::safesu::SafeSU::route", ["pmu::safesu"]))
        self.assertFalse(feature_size.in_scope("pmu_bench::route", ["pmu"]))
        self.assertFalse(feature_size.in_scope("bench_ref::route", ["pmu::"]))


class FixtureProgram(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.elf = os.path.join(cls.tmp.name, "fixture.elf")
        subprocess.run([CXX, *ARCH, "-O2", "-ffunction-sections", "-fno-exceptions", "-fno-rtti",
                        "-fno-asynchronous-unwind-tables", "-nostdlib", "-nostartfiles", "-Wl,--gc-sections",
                        "-Wl,-e,fixture_entry", "-o", cls.elf, os.path.join(HERE, "feature_size_fixture.cpp")],
                       check=True)
        # What nm says, read here without the tool: size of each raw name.
        out = subprocess.run([NM, "-S", "-C", cls.elf], capture_output=True, text=True, check=True).stdout
        cls.nm = {}
        for line in out.splitlines():
            parts = line.split(None, 3)
            if len(parts) == 4 and parts[2] in ("T", "t", "W"):
                cls.nm[parts[3]] = int(parts[1], 16)
        cls.out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "feature_size.py"), "--nm", NM,
                                  "--elf", cls.elf, "--count", "lib::", "--feature", "Unit::route",
                                  "--feature", "lib::scaled", "--feature", "lib::tiny", "--feature", "Box::twice"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def counted(self):
        return {line.split(None, 2)[2]: int(line.split()[1]) for line in self.out if line.startswith("function ")}

    def raw(self, start):
        names = [n for n in self.nm if n.startswith(start)]
        self.assertEqual(len(names), 1, f"the fixture has one symbol starting {start!r}: {sorted(self.nm)}")
        return names[0]

    def test_function_with_namespaced_parameters_is_counted(self):
        name = self.raw("lib::Unit::route(outer::inner::Thing const*")
        self.assertEqual(self.counted().get(name), self.nm[name])

    def test_clone_is_counted_under_its_function(self):
        name = self.raw("lib::scaled(")
        self.assertIn("[clone .", name, "GCC cloned scaled(): the fixture must keep it that way")
        self.assertEqual(self.counted().get(name), self.nm[name])
        self.assertIn("feature out-of-line lib::scaled", self.out)

    def test_template_instances_are_counted(self):
        for start in ("long lib::pick<long>(", "lib::Box<long>::twice("):
            name = self.raw(start)
            self.assertEqual(self.counted().get(name), self.nm[name])

    def test_inlined_function_is_reported_and_costs_nothing_of_its_own(self):
        self.assertFalse([n for n in self.nm if "tiny" in n], "tiny() must have been inlined away")
        self.assertIn("feature inlined lib::tiny", self.out)

    def test_total_is_exactly_the_scope(self):
        want = {n: s for n, s in self.nm.items() if n.startswith(("lib::", "long lib::"))}
        self.assertEqual(self.counted(), want)
        self.assertNotIn("unrelated", " ".join(self.counted()))
        self.assertEqual(self.out[-1], f"text={sum(want.values())} functions={len(want)} features=3/4 inlined=1")


if __name__ == "__main__":
    unittest.main()
