"""Write 16-bit mono PCM as Ogg Vorbis, byte for byte the same on every run.

Used by :mod:`.music` for ``sounds/music.ogg`` (the 24 s loop is 1 MB as WAV,
about 130 KB as Vorbis; pygame-ce plays both). The encoder is libsndfile with libvorbis,
as bundled in the ``soundfile`` wheels (a development dependency: the game never
encodes). libsndfile starts every Ogg stream with a random serial number, so the
pages are rewritten with a fixed one (and their checksums recomputed): the output
then depends on the samples and the libvorbis version only.
"""

from __future__ import annotations

import io
import struct
from array import array
from pathlib import Path

#: libsndfile's "compression level" for Vorbis: 0 is the best quality, 1 the smallest file.
#: 0.5 is about 43 kbit/s for 22050 Hz mono, transparent for the game's synthesised music.
COMPRESSION_LEVEL = 0.5
#: The Ogg stream serial number written into every page (any fixed value does).
SERIAL = 0x7AC0CA7


def ogg_vorbis_bytes(pcm: array, rate: int, level: float = COMPRESSION_LEVEL) -> bytes:
    """``pcm`` (``array('h')``, mono, native byte order) encoded as Ogg Vorbis."""
    import numpy as np  # soundfile needs numpy; both are development dependencies
    import soundfile

    samples = np.frombuffer(pcm.tobytes(), dtype=np.int16)
    out = io.BytesIO()
    soundfile.write(out, samples, rate, format="OGG", subtype="VORBIS", compression_level=level)
    return with_serial(out.getvalue(), SERIAL)


def write_ogg_vorbis(path: Path, pcm: array, rate: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(ogg_vorbis_bytes(pcm, rate))


def with_serial(data: bytes, serial: int) -> bytes:
    """The Ogg stream ``data`` with every page's serial number set to ``serial``."""
    pages, at = [], 0
    while at < len(data):
        if data[at : at + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {at}")
        count = data[at + 26]
        size = 27 + count + sum(data[at + 27 : at + 27 + count])
        page = bytearray(data[at : at + size])
        struct.pack_into("<I", page, 14, serial)
        struct.pack_into("<I", page, 22, 0)
        struct.pack_into("<I", page, 22, ogg_crc(bytes(page)))
        pages.append(bytes(page))
        at += size
    return b"".join(pages)


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
        table.append(crc & 0xFFFFFFFF)
    return table


_TABLE = _crc_table()


def ogg_crc(page: bytes) -> int:
    """The Ogg page checksum (CRC-32, polynomial 0x04C11DB7, not reflected, no final xor)."""
    crc = 0
    for byte in page:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _TABLE[(crc >> 24) ^ byte]
    return crc
