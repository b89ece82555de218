"""The size in pixels of a PNG or JPEG, read from its header without decoding it.

A compressed image of a few kB can decode to gigabytes (a "decompression bomb"); its header says so first,
so a caller can refuse it before reportlab or PIL decode it.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Optional

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (baseline, progressive, lossless...): they carry the height and width.
_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_JPEG_SCAN_BYTES = 1 << 20    # a SOF marker comes after the metadata segments; 1 MB of them is already odd


def image_size(path: Path) -> Optional[tuple[int, int]]:
    """(width, height) in pixels from the header of a PNG or JPEG; None when the header cannot be read
    (the decoder then reports the damaged file itself)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(24)
            if head.startswith(PNG_SIGNATURE) and head[12:16] == b"IHDR":
                return struct.unpack(">II", head[16:24])
            if head.startswith(b"\xff\xd8"):
                handle.seek(2)
                return _jpeg_size(handle.read(_JPEG_SCAN_BYTES))
    except OSError:
        return None
    return None


def _jpeg_size(data: bytes) -> Optional[tuple[int, int]]:
    i = 0
    while i + 9 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:          # fill byte
            i += 1
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in _JPEG_SOF:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    return None
