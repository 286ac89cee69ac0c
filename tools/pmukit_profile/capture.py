# SPDX-License-Identifier: Apache-2.0
"""Reading pmukit captures: the text form ("@pmu:" lines in a console log)
and the RAM dump of a SampleRing. Both are checked as the format allows
(frame CRCs and sequence, the trailer's count and stream CRC, the dump's
header CRC and ring indices); any doubt raises ProfileError."""

import base64
import binascii
import struct
import zlib
from dataclasses import dataclass, field
from typing import List, Optional

from . import ProfileError

LINE_PREFIX = '@pmu:'
STREAM_MAGIC = b'PMUK'
DUMP_MAGIC = b'PMUD'
VERSION_MAJOR = 1
UNITS = {0: 'other', 1: 'safesu', 2: 'cm', 3: 'riscv', 4: 'ame'}
ARCHS = {0: 'host', 1: 'riscv', 2: 'sparc'}
CHAINS = {0: 'none', 1: 'riscv-fp', 2: 'sparc-windows'}
IMAGE_KINDS = {0: 'none', 1: 'gnu-build-id', 2: 'text-crc32'}
FLAG_DELTA_SATURATED = 0x01
FLAG_CHAIN_TRUNCATED = 0x02
FLAG_SSPESA = 0x04


@dataclass
class Counter:
    unit: str
    index: int
    width: int
    name: str


@dataclass
class Header:
    version: str
    arch: str
    word_bits: int
    big_endian: bool
    image_kind: str
    image_id: bytes
    text_start: int
    text_size: int
    board: str
    trigger: Counter
    period: int
    jitter_bits: int
    chain: str
    max_depth: int
    sspesa_words: int
    group: List[Counter]

    @property
    def slot_words(self):
        return 2 + self.max_depth + len(self.group) + self.sspesa_words


@dataclass
class Sample:
    pc: int
    hart: int
    flags: int
    chain: List[int]
    deltas: List[int]
    sspesa: List[int] = field(default_factory=list)


@dataclass
class Capture:
    header: Header
    samples: List[Sample]
    dropped: int
    source: str               # 'text' or 'dump'
    where: str                # file (and line or offset) for messages
    drained: int = 0          # dump only: samples the drainer had taken


class _Reader:
    """Bytes with a cursor; running past the end is a truncated record."""

    def __init__(self, data, what):
        self.data = data
        self.pos = 0
        self.what = what

    def left(self):
        return len(self.data) - self.pos

    def u8(self):
        if self.pos >= len(self.data):
            raise _Truncated(self.what)
        self.pos += 1
        return self.data[self.pos - 1]

    def take(self, n):
        if self.left() < n:
            raise _Truncated(self.what)
        self.pos += n
        return bytes(self.data[self.pos - n:self.pos])

    def uleb(self):
        value = shift = 0
        while True:
            b = self.u8()
            value |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return value
            if shift > 70:
                raise ProfileError(f'{self.what}: corrupted (an integer runs on)')

    def u32le(self):
        return struct.unpack('<I', self.take(4))[0]

    def string(self):
        raw = self.take(self.uleb())
        try:
            return raw.decode('utf-8')
        except UnicodeDecodeError:
            raise ProfileError(f'{self.what}: corrupted (a name is not text)')


class _Truncated(Exception):
    pass


def _counter(r):
    unit = UNITS.get(r.u8(), 'other')
    index = r.uleb()
    width = r.u8()
    return Counter(unit, index, width, r.string())


def parse_header(r: _Reader) -> Header:
    """The header record at r (type byte included)."""
    if r.u8() != ord('H'):
        raise ProfileError(f'{r.what}: corrupted (the capture does not start with its header)')
    body = _Reader(r.take(r.uleb()), r.what)
    if body.take(4) != STREAM_MAGIC:
        raise ProfileError(f'{r.what}: not a pmukit capture (bad magic)')
    major, minor = body.u8(), body.u8()
    if major != VERSION_MAJOR:
        raise ProfileError(f'{r.what}: capture format {major}.{minor}; this tool reads {VERSION_MAJOR}.x')
    arch = ARCHS.get(body.u8(), 'unknown')
    word_bits = body.u8()
    big_endian = body.u8() == 1
    image_kind = IMAGE_KINDS.get(body.u8(), 'unknown')
    image_id = body.take(body.u8())
    text_start, text_size = body.uleb(), body.uleb()
    board = body.string()
    trigger = _counter(body)
    period, jitter_bits = body.uleb(), body.u8()
    chain = CHAINS.get(body.u8(), 'unknown')
    max_depth, sspesa_words = body.u8(), body.u8()
    group = [_counter(body) for _ in range(body.u8())]
    # Bytes left in the body are fields of a later minor version: skipped.
    return Header(f'{major}.{minor}', arch, word_bits, big_endian, image_kind, image_id, text_start,
                  text_size, board, trigger, period, jitter_bits, chain, max_depth, sspesa_words, group)


def _parse_sample(r, h):
    flags = r.u8()
    hart, pc, depth = r.uleb(), r.uleb(), r.uleb()
    if depth > h.max_depth:
        raise ProfileError(f'{r.what}: corrupted (a call chain deeper than the header allows)')
    chain = [r.uleb() for _ in range(depth)]
    deltas = [r.uleb() for _ in h.group]
    sspesa = [r.uleb() for _ in range(h.sspesa_words)]
    return Sample(pc, hart, flags, chain, deltas, sspesa)


def parse_stream(stream: bytes, where: str) -> Capture:
    """A whole record stream: header, samples, trailer."""
    r = _Reader(stream, where)
    samples = []
    try:
        header = parse_header(r)
        while True:
            kind = r.u8()
            if kind == ord('S'):
                samples.append(_parse_sample(r, header))
            elif kind == ord('T'):
                end = r.pos - 1
                count, dropped, crc = r.uleb(), r.uleb(), r.u32le()
                break
            else:  # a record type of a later version: length-prefixed, skipped
                r.take(r.uleb())
    except _Truncated:
        raise ProfileError(f'{where}: truncated: the capture ends without its trailer, after '
                           f'{len(samples)} samples (the image stopped, or the log was cut, before '
                           f'CaptureWriter::end)')
    if r.left() != 0:
        raise ProfileError(f'{where}: corrupted (bytes after the trailer)')
    if zlib.crc32(stream[:end]) != crc:
        raise ProfileError(f'{where}: corrupted (the stream checksum in the trailer does not match)')
    if count != len(samples):
        raise ProfileError(f'{where}: corrupted (the trailer counts {count} samples, the capture holds '
                           f'{len(samples)})')
    return Capture(header, samples, dropped, 'text', where)


def _frames(text, path):
    """(line number, seq, payload) of every @pmu: line, each checked."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        at = line.find(LINE_PREFIX)
        if at < 0:
            continue
        token = line[at + len(LINE_PREFIX):].strip()
        try:
            raw = base64.b64decode(token, validate=True)
        except (binascii.Error, ValueError):
            raise ProfileError(f'{path}:{number}: corrupted capture line (not base64)')
        if len(raw) < 7 or zlib.crc32(raw[:-4]) != struct.unpack('<I', raw[-4:])[0]:
            raise ProfileError(f'{path}:{number}: corrupted capture line (frame checksum mismatch)')
        out.append((number, struct.unpack('<H', raw[:2])[0], raw[2:-4]))
    return out


def _opens_capture(seq, payload):
    if seq != 0 or payload[:1] != b'H':
        return False
    r = _Reader(payload, '')
    try:
        r.u8()
        r.uleb()
        return r.take(4) == STREAM_MAGIC
    except _Truncated:
        return False


def read_text(text: str, path: str) -> List[Capture]:
    """Every capture in a console log, in order."""
    return [parse() for parse in split_text(text, path)]


def split_text(text: str, path: str):
    """The captures of a console log, in order, each as a function that
    parses it: a capture cut short (a reset) fails only when it is read, so
    the other captures of the log stay readable."""
    frames = _frames(text, path)
    if not frames:
        raise ProfileError(f'{path}: no capture in it (no "{LINE_PREFIX}" lines)')
    runs = []  # [first line, [payloads], last seq]
    for number, seq, payload in frames:
        if _opens_capture(seq, payload):
            runs.append([number, [payload], seq])
            continue
        if not runs:
            raise ProfileError(f'{path}:{number}: truncated: capture lines without the header that opens '
                               f'them (the start of the capture is missing)')
        expected = (runs[-1][2] + 1) & 0xFFFF
        if seq != expected:
            raise ProfileError(f'{path}:{number}: truncated or corrupted: frame {seq} where frame '
                               f'{expected} was expected (capture lines are missing)')
        runs[-1][1].append(payload)
        runs[-1][2] = seq
    def parser(first, payloads):
        return lambda: parse_stream(b''.join(payloads), f'{path}:{first}')
    return [parser(first, payloads) for first, payloads, _ in runs]


_CONTROL = struct.Struct('4sBBBB10I')  # RingControl, 48 bytes; integers re-read in target order


def read_dump(data: bytes, path: str) -> Capture:
    """The SampleRing in a memory dump (its storage, or a larger dump that
    holds it: the PMUD block whose header checksum holds is used)."""
    found = []
    at = data.find(DUMP_MAGIC)
    while at >= 0:
        capture = _ring_at(data, at, path)
        if capture is not None:
            found.append(capture)
        at = data.find(DUMP_MAGIC, at + 1)
    if not found:
        raise ProfileError(f'{path}: no pmukit ring in the dump (no PMUD block with a valid header)')
    if len(found) > 1:
        raise ProfileError(f'{path}: {len(found)} pmukit rings in the dump; dump one ring\'s storage')
    return found[0]


def _ring_at(data, at, path):
    where = f'{path}@{at:#x}'
    if len(data) - at < _CONTROL.size:
        return None
    order = '>' if data[at + 5] == 1 else '<'
    version, word_bytes = data[at + 4], data[at + 6]
    (header_bytes, header_crc, slot_words, capacity, head, tail, dropped, head_pos, tail_pos,
     _) = struct.unpack_from(order + '10I', data, at + 8)
    header_at = at + _CONTROL.size
    if header_bytes < 6 or len(data) < header_at + header_bytes or \
            zlib.crc32(data[header_at:header_at + header_bytes]) != header_crc:
        return None
    if version != VERSION_MAJOR:
        raise ProfileError(f'{where}: ring format {version}; this tool reads {VERSION_MAJOR}')
    header = parse_header(_Reader(data[header_at:header_at + header_bytes], where))
    if word_bytes not in (4, 8) or header.word_bits != 8 * word_bytes or slot_words != header.slot_words:
        raise ProfileError(f'{where}: corrupted ring (its slot layout does not match its header)')
    slots_at = at + ((_CONTROL.size + header_bytes + 7) & ~7)
    end = slots_at + capacity * slot_words * word_bytes
    if end > len(data):
        raise ProfileError(f'{where}: truncated dump: the ring needs {end - at} bytes, the file holds '
                           f'{len(data) - at}')
    pending = (head - tail) & 0xFFFFFFFF
    if capacity < 2 or pending > capacity or head_pos >= capacity or tail_pos >= capacity or \
            (tail_pos + pending) % capacity != head_pos:
        raise ProfileError(f'{where}: corrupted ring (its indices are inconsistent)')
    word = struct.Struct(order + ('Q' if word_bytes == 8 else 'I'))
    samples = []
    h = header
    for k in range(pending):
        base = slots_at + ((tail_pos + k) % capacity) * slot_words * word_bytes
        words = [word.unpack_from(data, base + i * word_bytes)[0] for i in range(slot_words)]
        meta = words[1]
        depth = min((meta >> 16) & 0xFF, h.max_depth)
        d0 = 2 + h.max_depth
        samples.append(Sample(words[0], meta & 0xFFFF, (meta >> 24) & 0xFF, words[2:2 + depth],
                              words[d0:d0 + len(h.group)], words[d0 + len(h.group):]))
    return Capture(header, samples, dropped, 'dump', where, drained=tail)


def check_usable(capture: Capture):
    """Refuses captures whose profile would mislead: lost samples, none."""
    if capture.dropped:
        raise ProfileError(f'{capture.where}: the ring overflowed: {capture.dropped} samples were dropped '
                           f'(of {capture.dropped + len(capture.samples) + capture.drained}); enlarge the '
                           f'ring, drain it more often or sample with a longer period')
    if not capture.samples:
        raise ProfileError(f'{capture.where}: the capture holds no samples (did the trigger counter count '
                           f'and its overflow interrupt reach the sampler?)')


def load(path: str, dump: bool = False, index: Optional[int] = None) -> Capture:
    """The capture in a file, checked and usable."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        raise ProfileError(f'{path}: {e.strerror}')
    if dump:
        capture = read_dump(data, path)
    else:
        captures = split_text(data.decode('utf-8', errors='replace'), path)
        if index is None:
            if len(captures) > 1:
                raise ProfileError(f'{path}: {len(captures)} captures in it; choose one with --capture '
                                   f'1..{len(captures)}')
            index = 1
        if not 1 <= index <= len(captures):
            raise ProfileError(f'{path}: no capture {index} (it holds {len(captures)})')
        capture = captures[index - 1]()
    check_usable(capture)
    return capture
