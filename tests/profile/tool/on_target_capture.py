# SPDX-License-Identifier: Apache-2.0
"""The host tool on a capture a test image made under QEMU (not one the
tests write themselves): check_target.py runs these after each profiling
image, with PMUKIT_TARGET_BOARD, PMUKIT_TARGET_ELF and PMUKIT_TARGET_LOG
naming the board, the image and its console output. The capture reads
back complete, every sample lands in a function of the image, and the
same capture cut, with a frame missing, corrupted, or against another
image, is refused with a clear message, exit status 1 and no output."""

import json
import os
import re
import unittest

import support


class TargetCapture(unittest.TestCase):
    def setUp(self):
        self.board = os.environ.get('PMUKIT_TARGET_BOARD')
        self.elf = os.environ.get('PMUKIT_TARGET_ELF')
        self.log = os.environ.get('PMUKIT_TARGET_LOG')
        if not (self.board and self.elf and self.log):
            self.skipTest('no target capture (check_target.py runs these)')
        self.dir = support.scratch(self)
        with open(self.log, errors='replace') as f:
            self.lines = f.read().splitlines(True)
        self.frames = [i for i, line in enumerate(self.lines) if line.startswith('@pmu:')]
        self.assertGreater(len(self.frames), 3, 'the image printed a capture')

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, lines):
        with open(self.path(name), 'w') as f:
            f.write(''.join(lines))
        return self.path(name)

    def report(self, capture, elf=None):
        out = self.path('profile.json')
        return support.run_tool('report', capture, '--elf', elf or self.elf, '--json', out, '--quiet'), out

    def refused(self, capture, *words, elf=None):
        r, out = self.report(capture, elf)
        self.assertEqual((r.returncode, r.stdout), (1, ''), r.stderr)
        self.assertTrue(r.stderr.startswith('pmukit-profile: error: '), r.stderr)
        for w in words:
            self.assertIn(w, r.stderr)
        self.assertFalse(os.path.exists(out), 'nothing that looks valid is written')

    def test_info_names_the_board_and_every_sample_the_image_took(self):
        counted = re.search(r'^ +(\d+) samples, 0 dropped', ''.join(self.lines), re.M)
        self.assertIsNotNone(counted, 'the image says how many samples it took')
        r = support.run_tool('info', self.log)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(f'{counted.group(1)} samples', r.stdout)
        # (The board without the '@<optimisation>' of make test's other levels.)
        self.assertIn(f"board {self.board.split('@')[0]}", r.stdout)

    def test_every_sample_and_caller_is_a_function_of_the_image(self):
        r, out = self.report(self.log)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            doc = json.load(f)
        self.assertEqual([fn['name'] for fn in doc['functions'] if fn['name'] == '??'], [])
        self.assertEqual(sum(fn['samples'] for fn in doc['functions']), doc['capture']['samples'])
        folded = self.path('stacks.txt')
        r = support.run_tool('report', self.log, '--elf', self.elf, '--folded', folded, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(folded) as f:
            stacks = [line.rsplit(' ', 1)[0].split(';') for line in f]
        self.assertTrue(stacks)
        self.assertEqual([s for s in stacks if '??' in s], [])
        self.assertLessEqual(max(len(s) for s in stacks), doc['capture']['max_depth'] + 1)

    def test_a_capture_cut_before_its_trailer_is_refused(self):
        self.refused(self.write('cut.txt', self.lines[:self.frames[-1]]), 'truncated')

    def test_a_missing_frame_is_refused(self):
        gone = self.frames[len(self.frames) // 2]
        self.refused(self.write('gap.txt', self.lines[:gone] + self.lines[gone + 1:]), 'where frame')

    def test_a_corrupted_frame_is_refused(self):
        lines = list(self.lines)
        i = self.frames[len(self.frames) // 2]
        line = lines[i]
        lines[i] = line[:40] + ('A' if line[40] != 'A' else 'B') + line[41:]
        self.refused(self.write('flip.txt', lines), 'checksum mismatch')

    def test_another_image_is_refused(self):
        # The same image with one byte of its build id changed.
        r = support.run_tool('info', self.log)
        build_id = bytes.fromhex(re.search(r'image gnu-build-id ([0-9a-f]+)', r.stdout).group(1))
        with open(self.elf, 'rb') as f:
            data = bytearray(f.read())
        at = data.find(build_id)
        self.assertGreater(at, 0, 'the ELF holds the build id the capture names')
        data[at] ^= 0xFF
        other = self.path('other.elf')
        with open(other, 'wb') as f:
            f.write(data)
        self.refused(self.log, 'taken from another image', build_id.hex(), elf=other)


if __name__ == '__main__':
    unittest.main()
