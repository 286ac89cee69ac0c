# SPDX-License-Identifier: Apache-2.0
"""tools/object_ram.py on a linked fixture (object_ram_fixture.cpp): sizes
and the bss/data/rodata placement of each static object in the scope."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CXX = os.environ.get("BENCH_CXX", "riscv64-unknown-elf-g++")
OBJDUMP = os.environ.get("BENCH_OBJDUMP", "riscv64-unknown-elf-objdump")
ARCH = os.environ.get("BENCH_ARCH_FLAGS", "-march=rv64imac -mabi=lp64 -mcmodel=medany").split()


class FixtureObjects(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        elf = os.path.join(cls.tmp.name, "fixture.elf")
        subprocess.run([CXX, *ARCH, "-Os", "-fdata-sections", "-nostdlib", "-nostartfiles", "-Wl,--gc-sections",
                        "-Wl,-e,ram_fixture_entry", "-o", elf, os.path.join(HERE, "object_ram_fixture.cpp")],
                       check=True)
        out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "object_ram.py"), "--objdump", OBJDUMP,
                              "--elf", elf, "--scope", "bench_ram::"], capture_output=True, text=True,
                             check=True).stdout
        cls.found = {}
        for line in out.splitlines():
            _, size, kind, section, name = line.split(None, 4)
            cls.found[name] = (int(size), kind, section)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_zero_initialised_objects_are_bss(self):
        self.assertEqual(self.found["bench_ram::zero"][:2], (4, "bss"))
        self.assertEqual(self.found["bench_ram::big"][:2], (64, "bss"))
        self.assertIn(self.found["bench_ram::big"][2], (".bss", ".sbss"))

    def test_initialised_objects_are_data(self):
        self.assertEqual(self.found["bench_ram::one"][:2], (4, "data"))
        self.assertEqual(self.found["bench_ram::big_set"][:2], (64, "data"))

    def test_constants_are_rodata(self):
        self.assertEqual(self.found["bench_ram::ro"], (64, "rodata", ".rodata"))

    def test_a_hidden_object_is_counted(self):
        self.assertEqual(self.found["bench_ram::hidden"][:2], (64, "bss"))

    def test_only_the_scope(self):
        self.assertEqual(sorted(self.found), ["bench_ram::big", "bench_ram::big_set", "bench_ram::hidden",
                                              "bench_ram::one", "bench_ram::ro", "bench_ram::zero"])


if __name__ == "__main__":
    unittest.main()
