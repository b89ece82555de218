"""SVG backend: the mm canvas as SVG elements (draw/svgxml.py, svgwrite's bytes), one page per file.

The viewBox is the page in millimetres, so coordinates are written as they
come. The glyphs used are subset from the same TrueType files the PDF embeds
and inlined as @font-face, so the SVG needs no installed font.

A build renders many SVGs per game. Inside `sharing_font_faces()`, an SVG
writes a marker where its @font-face rules go and records its glyphs; the
build then calls `SharedFontFaces.embed` on each file, which puts in one
subset per face holding every glyph of the game's SVGs: subset once per game,
each file still standalone.
"""

from __future__ import annotations

import base64
import functools
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterator, Sequence

from . import fonts
from .canvas import Canvas
from .geometry import PathOp, Point
from .style import Stroke, TextStyle
from .svgxml import Drawing

FONT_FAMILY = "PnP Fira Sans"
_MARKER = re.compile(rb"/\*pnp-font-faces:([01 ]*)\*/")   # faces as "bi" digits: "00 10" = regular and bold


def font_face_css(faces, chars_of) -> str:
    """@font-face rules of `faces` ((bold, italic) pairs), each face subset to chars_of(face)."""
    rules = []
    for (bold, italic) in sorted(faces):
        data = base64.b64encode(fonts.subset_font(bold, italic, "".join(sorted(chars_of((bold, italic)))))).decode("ascii")
        rules.append(
            f"@font-face{{font-family:'{FONT_FAMILY}';font-weight:{700 if bold else 400};"
            f"font-style:{'italic' if italic else 'normal'};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")
    return "".join(rules)


class SharedFontFaces:
    """The glyphs a set of SVGs uses, per face, and their @font-face rules: one subset per face for all of them."""

    def __init__(self) -> None:
        self.used: dict[tuple[bool, bool], set[str]] = {}
        self._css: dict[tuple[bool, bool], str] = {}

    def marker(self, used: dict[tuple[bool, bool], set[str]]) -> str:
        """Record an SVG's glyphs; the marker its style gets instead of rules."""
        for face, chars in used.items():
            self.used.setdefault(face, set()).update(chars)
        return "/*pnp-font-faces:" + " ".join(f"{bold:d}{italic:d}" for bold, italic in sorted(used)) + "*/"

    def embed(self, svg: bytes) -> bytes:
        """The SVG with its marker replaced by the shared subsets of the faces it uses (unchanged without one)."""
        return _MARKER.sub(lambda m: self._rules(m.group(1).decode("ascii")).encode("ascii"), svg, count=1)

    def _rules(self, faces_text: str) -> str:
        faces = [(code[0] == "1", code[1] == "1") for code in faces_text.split()]
        for face in faces:
            if face not in self._css:
                self._css[face] = font_face_css([face], self.used.__getitem__)
        return "".join(self._css[face] for face in faces)


_SHARING: ContextVar[SharedFontFaces | None] = ContextVar("pnp_shared_font_faces", default=None)


@contextmanager
def sharing_font_faces() -> Iterator[SharedFontFaces]:
    """SVGs written inside share their font subsets; pass each through the yielded object's `embed`."""
    shared = SharedFontFaces()
    token = _SHARING.set(shared)
    try:
        yield shared
    finally:
        _SHARING.reset(token)


@functools.lru_cache(maxsize=1 << 16)
def num(v: float) -> str:
    """Short, stable number formatting (0.001 mm is far below any printer's resolution). Kept for the last
    numbers written: PuXes' SVGs write 640,000 numbers, 35,000 of them different (a die's icon at the same
    place on every net). Equal numbers (1 and 1.0, 0.0 and -0.0) are written alike, so sharing is exact."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def new_drawing(size: tuple[str, str]) -> Drawing:
    """An empty `<svg>` of that width and height (the tests draw through svgwrite's Drawing in its place)."""
    return Drawing(size)


class SvgCanvas(Canvas):
    def __init__(self, width_mm: float, height_mm: float, *, title: str = "", embed_fonts: bool = True):
        self.width_mm, self.height_mm = width_mm, height_mm
        self.dwg = new_drawing((f"{num(width_mm)}mm", f"{num(height_mm)}mm"))
        self.dwg.viewbox(0, 0, width_mm, height_mm)
        if title:
            self.dwg.set_desc(title=title)
        self._stack = [self.dwg]
        self._ids = 0
        self._used: dict[tuple[bool, bool], set[str]] = {}
        self._art: dict[tuple, str] = {}        # Canvas.repeated: the id of each drawing in <defs>
        self.embed_fonts = embed_fonts

    def _next_id(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}{self._ids}"

    def _add(self, element) -> None:
        self._stack[-1].add(element)

    @staticmethod
    def _paint(fill: str | None, stroke: Stroke | None) -> dict:
        attrs = {"fill": fill if fill is not None else "none"}
        if stroke is not None:
            attrs["stroke"] = stroke.colour
            attrs["stroke_width"] = num(stroke.width_mm)
            if stroke.cap != "butt":
                attrs["stroke_linecap"] = stroke.cap
            if stroke.join != "miter":
                attrs["stroke_linejoin"] = stroke.join
            if stroke.dash_mm:
                attrs["stroke_dasharray"] = ",".join(num(d) for d in stroke.dash_mm)
        return attrs

    def _rect(self, x, y, w, h, fill, stroke, radius):
        if fill is None and stroke is None:
            return
        extra = {"rx": num(radius), "ry": num(radius)} if radius > 0 else {}
        self._add(self.dwg.rect(insert=(num(x), num(y)), size=(num(w), num(h)), **extra,
                                **self._paint(fill, stroke)))

    def _circle(self, cx, cy, r, fill, stroke):
        if fill is None and stroke is None:
            return
        self._add(self.dwg.circle(center=(num(cx), num(cy)), r=num(r), **self._paint(fill, stroke)))

    def _path(self, ops: Sequence[PathOp], fill, stroke, even_odd):
        if fill is None and stroke is None:
            return
        parts = []
        for op in ops:
            if op[0] == "Z":
                parts.append("Z")
            else:
                parts.append(op[0] + " ".join(map(num, op[1:])))
        attrs = self._paint(fill, stroke)
        if even_odd:
            attrs["fill_rule"] = "evenodd"
        self._add(self.dwg.path(d=" ".join(parts), **attrs))

    def _text_run(self, x, y, text, style: TextStyle):
        self._used.setdefault((style.bold, style.italic), set()).update(text)
        # The embedded face comes first; the generic family only shows if a viewer ignores @font-face.
        attrs = {"font_family": f"'{FONT_FAMILY}', sans-serif", "font_size": num(style.size_mm), "fill": style.colour}
        if style.bold:
            attrs["font_weight"] = "bold"
        if style.italic:
            attrs["font_style"] = "italic"
        element = self.dwg.text(text, insert=(num(x), num(y)), **attrs)
        if text != text.strip() or "  " in text:
            element.attribs["xml:space"] = "preserve"
        self._add(element)

    def image(self, x, y, w, h, source):
        path = Path(source)
        if path.suffix.lower() == ".svg":
            from .svgimport import draw_svg_file      # only for a drawing that places an SVG file
            draw_svg_file(self, path, x, y, w, h)
            return
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        mime = "image/png" if path.suffix.lower() == ".png" else "image/jpeg"
        self._add(self.dwg.image(href=f"data:{mime};base64,{data}", insert=(num(x), num(y)),
                                 size=(num(w), num(h)), preserveAspectRatio="none"))

    def repeated(self, key: tuple, w: float, h: float, draw: Callable[[Canvas], None], *,
                 at: Point = (0.0, 0.0)) -> None:
        """A group in <defs> per drawing (its clip the box), then a <use> wherever it is placed."""
        full = self._repeat_key(key, w, h)
        ref = self._art.get(full)
        if ref is None:
            ref = self._art[full] = self._next_id("art")
            art = self.dwg.g(id=ref)
            self.dwg.defs.add(art)
            self._stack.append(art)
            try:
                with self.group(clip=(0.0, 0.0, w, h)):
                    draw(self)
            finally:
                self._stack.pop()
        use = self.dwg.use(f"#{ref}")
        if at != (0.0, 0.0):
            use.attribs["x"], use.attribs["y"] = num(at[0]), num(at[1])
        self._add(use)

    @contextmanager
    def group(self, *, translate: Point = (0.0, 0.0), rotate_deg: float = 0.0, scale: float = 1.0,
              clip=None, name=None) -> Iterator[None]:
        transform = []
        if translate != (0.0, 0.0) and translate != (0, 0):
            transform.append(f"translate({num(translate[0])} {num(translate[1])})")
        if rotate_deg:
            transform.append(f"rotate({num(rotate_deg)})")
        if scale != 1.0:
            transform.append(f"scale({num(scale)})")
        g = self.dwg.g()
        if transform:
            g.attribs["transform"] = " ".join(transform)
        if name:
            g.attribs["id"] = name
        self._add(g)
        self._stack.append(g)
        inner = g
        if clip is not None:
            clip_id = self._next_id("clip")
            cp = self.dwg.clipPath(id=clip_id)
            cp.add(self.dwg.rect(insert=(num(clip[0]), num(clip[1])), size=(num(clip[2]), num(clip[3]))))
            self.dwg.defs.add(cp)
            inner = self.dwg.g(clip_path=f"url(#{clip_id})")
            g.add(inner)
            self._stack.append(inner)
        outer, self.scale = self.scale, self.scale * scale
        try:
            yield
        finally:
            self.scale = outer
            self._stack.pop()
            if inner is not g:
                self._stack.pop()

    def _font_css(self) -> str:
        shared = _SHARING.get()
        if shared is not None:
            return shared.marker(self._used)
        return font_face_css(self._used, self._used.__getitem__)

    def tostring(self) -> str:
        if self.embed_fonts and self._used:
            self.dwg.defs.add(self.dwg.style(self._font_css()))
        return self.dwg.tostring()
