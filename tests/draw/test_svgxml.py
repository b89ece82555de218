"""The SVG backend writes its elements itself (draw/svgxml.py), not through svgwrite, whose import cost a deck's
build a tenth of its CPU: the same drawing gives the bytes svgwrite gave, element for element."""

import base64
import struct
import zlib

import pytest
import svgwrite     # the reference: the library the backend wrote through before (a dependency still)

from generator.draw import svg
from generator.draw.style import Stroke, TextStyle


def _svgwrite_drawing(size):
    return svgwrite.Drawing(size=size, profile="full", debug=False)


def _png(path) -> None:
    """A 2 x 1 PNG: an image the SVG inlines as data."""
    raw = b"\x00\xff\x00\x00\x00\x00\xff"
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data  # noqa: E731
                                + struct.pack(">I", zlib.crc32(kind + data)))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 1, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _draw(c, png) -> None:
    """Every primitive the backend writes, with the options that change its attributes."""
    thin = Stroke("#112233", 0.25)
    fancy = Stroke("#445566", 0.5, cap="round", join="bevel", dash_mm=(1.0, 0.5))
    c.rect(10, 10, 40.5, 20.25, fill="#FDE2E2", stroke=thin)
    c.rect(12, 12, 30, 10, fill="#E2F0FD", radius=2.5)
    c.rect(0, 0, 5, 5)                                               # nothing to paint: no element
    c.circle(60.333, 70.0006, 4, stroke=fancy)
    c.path([("M", 1, 2), ("L", 30.1234, 40), ("C", 1, 2, 3, 4, 5, 6), ("Z",)], fill="#000000", even_odd=True)
    c.line(0, 0, 100, 100, fancy)
    c.polygon([(0, 0), (10, 0), (5, 8)], fill="#B22222")
    c.text(20, 30, 'Feu & <eau> "or" — été', TextStyle(size_pt=11, bold=True, colour="#1F4E8C"))
    c.text(20, 40, "  deux  espaces ", TextStyle(size_pt=8, italic=True))
    c.text(20, 50, "", TextStyle(size_pt=8))
    c.image(70, 10, 20, 10, png)
    with c.group(translate=(5, 6), rotate_deg=90, scale=0.5, clip=(0, 0, 50, 50), name="zone-1"):
        c.rect(1, 1, 2, 2, fill="#2E7D32")
        with c.group(translate=(1.5, 0)):
            c.circle(1, 1, 1, fill="#B8860B")
    c.repeated(("dot",), 3, 3, lambda inner: inner.circle(1.5, 1.5, 1, fill="#000000"))
    c.repeated(("dot",), 3, 3, lambda inner: inner.circle(1.5, 1.5, 1, fill="#000000"), at=(40, 60.5))


@pytest.mark.parametrize("title, embed_fonts", [("Carte <1> & \"dos\"\nligne", True), ("", True), ("coupe", False)])
def test_the_backend_writes_the_bytes_svgwrite_wrote(tmp_path, monkeypatch, title, embed_fonts):
    png = tmp_path / "art.png"
    _png(png)
    texts = []
    for drawing in (svg.new_drawing, _svgwrite_drawing):
        monkeypatch.setattr(svg, "new_drawing", drawing)
        canvas = svg.SvgCanvas(148.5, 210.0, title=title, embed_fonts=embed_fonts)
        _draw(canvas, png)
        texts.append(canvas.tostring())
    ours, theirs = texts
    assert "<use" in ours and "<clipPath" in ours and "<image" in ours and "xml:space" in ours
    assert ("<![CDATA[@font-face" in ours) is embed_fonts
    assert ours == theirs


def test_shared_font_faces_fill_the_same_marker(tmp_path, monkeypatch):
    """A game's SVGs share one subset per face: the marker the style holds is replaced alike."""
    png = tmp_path / "art.png"
    _png(png)
    texts = []
    for drawing in (svg.new_drawing, _svgwrite_drawing):
        monkeypatch.setattr(svg, "new_drawing", drawing)
        with svg.sharing_font_faces() as shared:
            canvas = svg.SvgCanvas(63.0, 88.0, title="face")
            _draw(canvas, png)
            texts.append(shared.embed(canvas.tostring().encode("utf-8")))
    assert b"font/ttf;base64," in texts[0]
    assert texts[0] == texts[1]
    assert f"data:image/png;base64,{base64.b64encode(png.read_bytes()).decode()}".encode() in texts[0]
