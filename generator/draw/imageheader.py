"""What an image file is and its size in pixels, read from its first bytes and its header without decoding it.

A compressed image of a few kB can decode to gigabytes (a "decompression bomb"), and a file's name says
nothing of its content (a GIF named .png, a log named .jpg); the header says both first, so a caller can
refuse the file before reportlab or PIL read it whole or decode it. Only the bytes of the header are read:
a JPEG's metadata segments are skipped by their lengths, however long they are.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import NamedTuple, Optional

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (baseline, progressive, lossless...): they carry the height and width.
_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_JPEG_STANDALONE = {0x01, *range(0xD0, 0xD8)}     # markers without a length (TEM, RSTn)
# What other files begin with, to name them in a refusal: every format PIL opens that a designer may save.
_OTHER_MAGIC = ((b"GIF87a", "GIF"), (b"GIF89a", "GIF"), (b"BM", "BMP"), (b"II*\x00", "TIFF"),
                (b"MM\x00*", "TIFF"), (b"\x00\x00\x01\x00", "ICO"), (b"8BPS", "PSD"), (b"%PDF", "PDF"),
                (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"), (b"\xff\x4f\xff\x51", "JPEG 2000"), (b"qoif", "QOI"))


class ImageHeader(NamedTuple):
    format: Optional[str]      # "PNG", "JPEG", another format's name, or None when the content is not known
    size: Optional[tuple[int, int]]   # (width, height) for PNG and JPEG; None when the header is damaged


def read_header(path: Path) -> ImageHeader:
    """The format and size of an image from its first bytes (OSError passes to the caller)."""
    with open(path, "rb") as handle:
        head = handle.read(32)
        if head.startswith(PNG_SIGNATURE):
            size = struct.unpack(">II", head[16:24]) if head[12:16] == b"IHDR" and len(head) >= 24 else None
            return ImageHeader("PNG", size)
        if head.startswith(b"\xff\xd8"):
            handle.seek(2)
            return ImageHeader("JPEG", _jpeg_size(handle))
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return ImageHeader("WebP", None)
    for magic, name in _OTHER_MAGIC:
        if head.startswith(magic):
            return ImageHeader(name, None)
    return ImageHeader(None, None)


def _jpeg_size(handle) -> Optional[tuple[int, int]]:
    """The size in the first start-of-frame segment, each segment before it skipped by its length."""
    while True:
        marker = handle.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        while marker[1] == 0xFF:             # fill bytes
            marker = marker[1:] + handle.read(1)
            if len(marker) < 2:
                return None
        kind = marker[1]
        if kind in _JPEG_STANDALONE:
            continue
        if kind in (0xD9, 0xDA):             # end of image, or the scan without a frame before it
            return None
        length = handle.read(2)
        if len(length) < 2 or struct.unpack(">H", length)[0] < 2:
            return None
        if kind in _JPEG_SOF:
            frame = handle.read(5)
            if len(frame) < 5:
                return None
            height, width = struct.unpack(">HH", frame[1:5])
            return width, height
        handle.seek(struct.unpack(">H", length)[0] - 2, 1)
