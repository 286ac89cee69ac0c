# SPDX-License-Identifier: Apache-2.0
"""Is this ELF the image the capture was taken from? The capture names its
image by GNU build id or by a CRC-32 of its code; either must match."""

from . import ProfileError


def check(capture, elf, readelf='readelf', unidentified_ok=False):
    h = capture.header
    if h.arch in ('riscv', 'sparc') and elf.machine != h.arch:
        raise ProfileError(f'{elf.path} is a {elf.machine} ELF; the capture comes from a {h.arch} image')
    if h.image_kind == 'gnu-build-id':
        want = h.image_id.hex()
        got = elf.build_id(readelf)
        if got is None:
            raise ProfileError(f'the capture names build id {want}; {elf.path} has no build id: it is not the '
                               f'image the capture was taken from (or was linked without --build-id)')
        if got != want:
            raise ProfileError(f'the capture was taken from another image: build id {want} in the capture, '
                               f'{got} in {elf.path}')
    elif h.image_kind == 'text-crc32':
        want = int.from_bytes(h.image_id, 'little')
        got = elf.text_crc32(h.text_start, h.text_size)
        if got != want:
            raise ProfileError(f'the capture was taken from another image: the CRC-32 of its code '
                               f'({h.text_start:#x}, {h.text_size} bytes) is {want:08x} in the capture, '
                               f'{got:08x} in {elf.path}')
    elif not unidentified_ok:
        raise ProfileError(f'the capture carries no image id, so nothing shows that {elf.path} is its image; '
                           f'pass --no-image-check to symbolize it anyway')
