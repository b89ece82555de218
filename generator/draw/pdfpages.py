"""A page's drawing kept and played again: what a sheet unchanged since the last build costs (`pnp watch`).

reportlab writes a page as the operators drawn on it, and the document as
those pages plus what they share: the fonts (a TrueType font's subsets give
each character a code in the order the document first draws it, so a page's
bytes depend on the pages before it), the form XObjects, images. A page is
kept (`PageRecorder`) as its operators and what it changed of that shared
state, and with the *state it started from* (`document_state`): played again
only on a document in that very state, it leaves the document exactly as
drawing it would (the same operators, the same codes assigned): the file's
bytes are those of a fresh build. A page that added objects to the document
(a form or an image drawn first there) is not kept: those are made again by
drawing it.

The caller says which pages are the same (`key`: a hash of everything the
page draws); this module only guarantees the document's side.
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont


def _rl(canvas):
    return canvas.reportlab_canvas


def _ttf_states(doc) -> list[tuple[str, object]]:
    """(font name, its state in this document) of every TrueType font the document has drawn with, by name."""
    found = []
    for font in pdfmetrics._fonts.values():
        if isinstance(font, TTFont) and doc in font.state:
            found.append((font.fontName, font.state[doc]))
    return sorted(found, key=lambda pair: pair[0])


def document_state(canvas) -> str:
    """A hash of everything of the document a page's drawing reads: which fonts are named how, each TrueType
    font's codes so far, the objects made (their count), the forms drawn once and named (draw.pdf `repeated`),
    the current page's graphics-state dictionary."""
    c = _rl(canvas)
    doc = c._doc
    parts = [repr(sorted(doc.fontMapping.items())), repr([f.fontName for f in doc.delayedFonts]),
             repr(doc.objectcounter), repr(list(c.__dict__.get("_pnp_forms", {}).items())),
             repr(list(c._extgstate._c.items())), repr(sorted(c._colorsUsed.items())), repr(len(c._formsinuse))]
    for name, state in _ttf_states(doc):
        parts.append(repr((name, state.internalName, state.nextCode, state.frozen, state.subsets)))
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class PageRecord:
    """A page's drawing: its operators and what it changed of the document."""
    code: tuple[str, ...]
    forms: tuple[str, ...]
    colours: tuple
    extgstate: tuple
    font_mapping: tuple
    delayed_fonts: tuple[str, ...]
    fonts: tuple            # (name, internalName, nextCode, frozen, subsets, assignments) after the page

    @property
    def size(self) -> int:
        return sum(len(s) for s in self.code) + 64 * len(self.code)


class PageRecorder:
    """Opened after begin_page, closed (`finish`) before the page ends: what was drawn in between."""

    def __init__(self, canvas):
        self.canvas = canvas
        c = _rl(canvas)
        self._code, self._forms = len(c._code), len(c._formsinuse)
        self._colours = dict(c._colorsUsed)
        self._extg = dict(c._extgstate._c)
        self._objects = c._doc.objectcounter
        self._annotations = len(c._annotationrefs)

    def finish(self) -> PageRecord | None:
        """The record, or None when the page made objects of the document (not kept) or is inside a form."""
        c = _rl(self.canvas)
        doc = c._doc
        if doc.objectcounter != self._objects or len(c._annotationrefs) != self._annotations or c._codeStack:
            return None
        fonts = tuple((name, state.internalName, state.nextCode, state.frozen,
                       tuple(tuple(subset) for subset in state.subsets), tuple(state.assignments.items()))
                      for name, state in _ttf_states(doc))
        return PageRecord(code=tuple(c._code[self._code:]), forms=tuple(c._formsinuse[self._forms:]),
                          colours=tuple((k, v) for k, v in c._colorsUsed.items() if k not in self._colours),
                          extgstate=tuple((k, v) for k, v in c._extgstate._c.items() if k not in self._extg),
                          font_mapping=tuple(doc.fontMapping.items()),
                          delayed_fonts=tuple(f.fontName for f in doc.delayedFonts), fonts=fonts)


def replay(canvas, record: PageRecord) -> None:
    """Draw a kept page on the current page of a document in the state it was kept from (document_state)."""
    c = _rl(canvas)
    doc = c._doc
    c._code.extend(record.code)
    c._formsinuse.extend(record.forms)
    c._colorsUsed.update(record.colours)
    c._extgstate._c.update(record.extgstate)
    doc.fontMapping.clear()
    doc.fontMapping.update(record.font_mapping)
    doc.delayedFonts[:] = [pdfmetrics.getFont(name) for name in record.delayed_fonts]
    for name, internal, next_code, frozen, subsets, assignments in record.fonts:
        font = pdfmetrics.getFont(name)
        state = font._assignState(doc)
        state.internalName, state.nextCode, state.frozen = internal, next_code, frozen
        state.subsets = [list(subset) for subset in subsets]
        state.assignments = dict(assignments)


# --- the pages kept in this process ---------------------------------------------------------------------
# `pnp watch` builds in one process, inside `keeping_pages()`: the pages of its last builds are here. Outside
# it nothing is kept (a `pnp build` draws every page once; a test that changes how pages are drawn is never
# served a page drawn before).
KEPT_BYTES = 64 * 1024 * 1024        # the operators of about 2,000 card sheets; the oldest go first
_kept: dict[tuple[str, str], PageRecord] = {}
_kept_bytes = 0
_keeping = 0


_forgetting: list[Callable[[], None]] = []     # what else is kept while pages are (laid-out faces), emptied


@contextmanager
def keeping_pages() -> Iterator[None]:
    """Within the block, sheets are kept and played again; at its end, every kept page is forgotten."""
    global _keeping
    _keeping += 1
    try:
        yield
    finally:
        _keeping -= 1
        if not _keeping:
            forget_pages()
            for forget in _forgetting:
                forget()


def keeping() -> bool:
    """Whether the builds of this process keep what they drew for the next (inside keeping_pages)."""
    return _keeping > 0


def forgotten_with_pages(forget: Callable[[], None]) -> None:
    """Have `forget()` called when keeping_pages ends: a layer keeping something of its own for the next build."""
    if forget not in _forgetting:
        _forgetting.append(forget)


@dataclass
class Counts:
    """Pages drawn and pages played again since the last `reset_counts` (what a test or `-v` can read)."""
    drawn: int = 0
    replayed: int = 0


counts = Counts()


def reset_counts() -> Counts:
    """The counts so far, and zero from now on."""
    global counts
    done, counts = counts, Counts()
    return done


def forget_pages() -> None:
    global _kept_bytes
    _kept.clear()
    _kept_bytes = 0


def kept_page(key: str, state: str) -> PageRecord | None:
    record = _kept.get((key, state))
    if record is not None:
        _kept[(key, state)] = _kept.pop((key, state))      # the most recently used last
    return record


def keep_page(key: str, state: str, record: PageRecord) -> None:
    global _kept_bytes
    if record.size > KEPT_BYTES // 4:
        return
    old = _kept.pop((key, state), None)
    if old is not None:
        _kept_bytes -= old.size
    _kept[(key, state)] = record
    _kept_bytes += record.size
    while _kept_bytes > KEPT_BYTES:
        oldest = next(iter(_kept))
        _kept_bytes -= _kept.pop(oldest).size


class drawn_or_replayed:
    """`with drawn_or_replayed(canvas, key) as page: if page.draw: ...draw...`: the page played again when a
    page of that key was kept from this very document state, else drawn by the block and kept. `key` None:
    always drawn, nothing kept (a page whose inputs have no hash)."""

    def __init__(self, canvas, key: str | None):
        self.canvas, self.key = canvas, key
        self.draw = True

    def __enter__(self):
        if self.key is None or not _keeping:
            self.key = None
            counts.drawn += 1
            return self
        self.state = document_state(self.canvas)
        record = kept_page(self.key, self.state)
        if record is not None:
            replay(self.canvas, record)
            counts.replayed += 1
            self.draw = False
        else:
            counts.drawn += 1
            self.recorder = PageRecorder(self.canvas)
        return self

    def __exit__(self, kind, error, trace):
        if kind is None and self.key is not None and self.draw:
            record = self.recorder.finish()
            if record is not None:
                keep_page(self.key, self.state, record)
        return False
