# SPDX-License-Identifier: Apache-2.0
"""Reading captures: what the library writes comes back exactly (text and
RAM dump), and every damaged, incomplete, overflowed or empty capture is
refused with a clear message and exit status 1."""

import base64
import os
import struct
import unittest
import zlib

import support
from pmukit_profile import ProfileError, capture

SPEC = support.header_spec('0badc0de', groups=(('riscv', 0, 64, 'cycles'), ('safesu', 3, 32, 'dcache_miss'))) + \
    'sspesa 2\n'
SAMPLES = '''\
sample 0 0x80000010 c=0x80000100,0x80000200 d=1500,7 s=9,10 f=4
say console output between two drains
drain
sample 1 0x80000020 d=1000,0
sample 3 0x80000030 c=0x80000300 d=123456789,5
'''


def uleb(v):
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def frames(stream, payload=96):
    """The text form of a record stream, framed independently of the tool."""
    lines = []
    for seq, at in enumerate(range(0, len(stream), payload)):
        body = struct.pack('<H', seq) + stream[at:at + payload]
        lines.append('@pmu:' + base64.b64encode(body + struct.pack('<I', zlib.crc32(body))).decode())
    return '\n'.join(lines) + '\n'


def header_record(extra=b'', major=1, minor=0):
    body = b'PMUK' + bytes([major, minor, 1, 64, 0, 0, 0]) + uleb(0) + uleb(0) + uleb(1) + b'b' + \
        bytes([3]) + uleb(2) + bytes([64]) + uleb(1) + b'i' + uleb(100) + bytes([0, 0, 0, 0, 0]) + extra
    return b'H' + uleb(len(body)) + body


def trailer(stream, samples, dropped=0, crc=None):
    return b'T' + uleb(samples) + uleb(dropped) + struct.pack('<I', zlib.crc32(stream) if crc is None else crc)


class CaptureTest(unittest.TestCase):
    def setUp(self):
        self.dir = support.scratch(self)

    def write(self, name, content, mode='w'):
        path = os.path.join(self.dir, name)
        with open(path, mode) as f:
            f.write(content)
        return path

    def refused(self, path, *words, dump=False):
        """The tool exits 1 with an error naming 'words', and prints nothing else."""
        out = support.run_tool('info', path, *(['--dump'] if dump else []))
        self.assertEqual(out.returncode, 1, out.stdout + out.stderr)
        self.assertEqual(out.stdout, '')
        self.assertTrue(out.stderr.startswith('pmukit-profile: error: '), out.stderr)
        for w in words:
            self.assertIn(w, out.stderr)
        return out.stderr

    def test_text_capture_reads_back_what_the_library_wrote(self):
        path = support.make_capture(self.dir, SPEC + SAMPLES)
        c = capture.load(path)
        h = c.header
        self.assertEqual((h.version, h.arch, h.word_bits, h.big_endian), ('1.0', 'riscv', 64, False))
        self.assertEqual((h.image_kind, h.image_id.hex(), h.board), ('gnu-build-id', '0badc0de', 'test-board'))
        self.assertEqual((h.trigger.name, h.trigger.unit, h.trigger.index, h.period), ('instret', 'riscv', 2, 1000))
        self.assertEqual((h.chain, h.max_depth, h.sspesa_words), ('riscv-fp', 4, 2))
        self.assertEqual([(g.unit, g.index, g.width, g.name) for g in h.group],
                         [('riscv', 0, 64, 'cycles'), ('safesu', 3, 32, 'dcache_miss')])
        self.assertEqual([(s.hart, s.pc, s.chain, s.deltas, s.flags) for s in c.samples], [
            (0, 0x80000010, [0x80000100, 0x80000200], [1500, 7], 4),
            (1, 0x80000020, [], [1000, 0], 0),
            (3, 0x80000030, [0x80000300], [123456789, 5], 0),
        ])
        self.assertEqual(c.samples[0].sspesa, [9, 10])
        self.assertEqual(c.dropped, 0)

    def test_ram_dump_reads_back_the_same_samples(self):
        text, dump = support.make_capture(self.dir, SPEC + SAMPLES.replace('drain\n', ''), dump=True)
        from_text, from_dump = capture.load(text), capture.load(dump, dump=True)
        self.assertEqual(from_dump.header, from_text.header)
        self.assertEqual(from_dump.samples, from_text.samples)
        self.assertEqual((from_dump.source, from_dump.drained), ('dump', 0))

    def test_a_dump_inside_a_larger_memory_image_is_found(self):
        _, dump = support.make_capture(self.dir, SPEC + 'sample 0 0x80000010 d=1,2\n', dump=True)
        with open(dump, 'rb') as f:
            ring = f.read()
        wide = self.write('ram.bin', b'PMUD' + bytes(1000) + ring + bytes(64), 'wb')
        self.assertEqual(capture.load(wide, dump=True).samples[0].pc, 0x80000010)

    def test_a_dump_after_a_drain_holds_the_rest_and_says_so(self):
        text, dump = support.make_capture(self.dir, SPEC + SAMPLES, dump=True)
        c = capture.load(dump, dump=True)
        self.assertEqual(c.drained, 1)
        self.assertEqual([s.pc for s in c.samples], [0x80000020, 0x80000030])

    def test_ring_overflow_is_refused(self):
        spec = SPEC + 'ring 2\n' + ''.join(f'sample 0 {0x80000000 + 4 * i} d=1,1\n' for i in range(5))
        text, dump = support.make_capture(self.dir, spec, dump=True)
        self.refused(text, 'ring overflowed', '3 samples were dropped (of 5)')
        self.refused(dump, 'ring overflowed', '3 samples were dropped', dump=True)

    def test_empty_capture_is_refused(self):
        text, dump = support.make_capture(self.dir, SPEC, dump=True)
        self.refused(text, 'no samples')
        self.refused(dump, 'no samples', dump=True)

    def test_a_capture_cut_before_its_trailer_is_refused(self):
        path = support.make_capture(self.dir, SPEC + SAMPLES)
        lines = open(path).read().splitlines(True)
        self.refused(self.write('cut.txt', ''.join(lines[:-1])), 'truncated', 'without its trailer')
        self.refused(self.write('cut2.txt', ''.join(lines[1:])), 'truncated', 'start of the capture is missing')

    def test_a_missing_line_is_refused(self):
        spec = SPEC + ''.join(f'sample 0 {0x80000000 + 4 * i} c=0x80001000 d=100000,3\n' for i in range(40))
        lines = [l for l in open(support.make_capture(self.dir, spec)).read().splitlines(True)
                 if l.startswith('@pmu:')]
        self.assertGreater(len(lines), 4)
        self.refused(self.write('gap.txt', ''.join(lines[:2] + lines[3:])), 'frame 3 where frame 2 was expected')

    def test_a_corrupted_line_is_refused(self):
        lines = open(support.make_capture(self.dir, SPEC + SAMPLES)).read().splitlines(True)
        line = lines[0]
        flipped = line[:20] + ('A' if line[20] != 'A' else 'B') + line[21:]
        self.refused(self.write('flip.txt', ''.join([flipped] + lines[1:])), 'checksum mismatch', 'flip.txt:1')
        self.refused(self.write('junk.txt', ''.join([line[:20] + '#' + line[21:]] + lines[1:])), 'not base64')

    def test_a_truncated_or_corrupted_dump_is_refused(self):
        _, dump = support.make_capture(self.dir, SPEC + SAMPLES.replace('drain\n', ''), dump=True)
        data = open(dump, 'rb').read()
        self.refused(self.write('short.bin', data[:-8], 'wb'), 'truncated dump', dump=True)
        bad_head = bytearray(data)
        bad_head[28:32] = struct.pack('<I', 99)  # RingControl::head
        self.refused(self.write('head.bin', bytes(bad_head), 'wb'), 'indices are inconsistent', dump=True)
        bad_header = bytearray(data)
        bad_header[60] ^= 0xFF  # inside the header record: its CRC fails
        self.refused(self.write('hdr.bin', bytes(bad_header), 'wb'), 'no pmukit ring', dump=True)

    def test_stream_checksum_and_sample_count_are_checked(self):
        stream = header_record() + b'S\x00\x00\x10\x00'
        self.refused(self.write('crc.txt', frames(stream + trailer(stream, 1, crc=1234))), 'stream checksum')
        self.refused(self.write('count.txt', frames(stream + trailer(stream, 2))), 'counts 2 samples')

    def test_later_minor_versions_are_read_and_other_majors_refused(self):
        stream = header_record(extra=b'\x07\x07', minor=3) + b'X' + uleb(3) + b'abc' + b'S\x00\x01\x22\x00'
        path = self.write('minor.txt', frames(stream + trailer(stream, 1)))
        c = capture.load(path)
        self.assertEqual((c.header.version, c.samples[0].hart, c.samples[0].pc), ('1.3', 1, 0x22))
        stream = header_record(major=2) + b'S\x00\x01\x22\x00'
        self.refused(self.write('major.txt', frames(stream + trailer(stream, 1))), 'format 2.0')

    def test_several_captures_in_one_log_need_a_choice(self):
        a = open(support.make_capture(self.dir, SPEC + 'sample 0 0x80000010 d=1,2\n', 'a')).read()
        b = open(support.make_capture(self.dir, SPEC + 'sample 0 0x80000020 d=1,2\n'
                                      'sample 0 0x80000024 d=1,2\n', 'b')).read()
        both = self.write('both.txt', 'boot\n' + a + 'reset\n' + b)
        self.refused(both, '2 captures', '--capture')
        self.assertEqual(len(capture.load(both, index=2).samples), 2)
        with self.assertRaises(ProfileError):
            capture.load(both, index=3)

    def test_a_cut_capture_leaves_the_others_of_the_log_readable(self):
        # The firmware reset in the middle of capture 1, then wrote capture 2.
        a = open(support.make_capture(self.dir, SPEC + SAMPLES, 'a')).read().splitlines(True)
        b = open(support.make_capture(self.dir, SPEC + 'sample 0 0x80000020 d=1,2\n', 'b')).read()
        log = self.write('cut_then_whole.txt', 'boot\n' + ''.join(a[:-1]) + 'reset\n' + b)
        self.assertEqual(len(capture.load(log, index=2).samples), 1)
        out = support.run_tool('info', log, '--capture', '2')
        self.assertEqual(out.returncode, 0, out.stderr)
        with self.assertRaisesRegex(ProfileError, 'truncated'):
            capture.load(log, index=1)

    def test_a_file_without_a_capture_is_refused(self):
        self.refused(self.write('none.txt', 'hello\nverdict: PASS\n'), 'no capture in it')
        self.refused(self.write('none.bin', bytes(256), 'wb'), 'no pmukit ring', dump=True)
        self.refused(os.path.join(self.dir, 'absent.txt'), 'absent.txt')


if __name__ == '__main__':
    unittest.main()
