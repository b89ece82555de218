"""The objects of a PDF we wrote, read through its cross-reference table: the page tree, boxes, resources, fonts,
forms and streams the preflights read, without pypdf.

Importing pypdf cost a deck build about a sixth of its CPU (issue 26), to read back files whose every byte we
wrote: reportlab's, and the booklet and shop files pypdf itself writes, all with a classic cross-reference table
and every object at its offset. `read(data)` returns the pages of such a file, or None for anything else (a
cross-reference stream, an object stream, encryption, an object not where the table says): the caller then
reads it with pypdf. `pnp check-print` of a file from elsewhere always goes through pypdf.

The objects answer as pypdf's do, so one interpreter (preflight.py) reads both: names are str ("/Font"),
numbers int or float, strings bytes, arrays lists, dictionaries dicts whose `[key]` resolves a reference and
whose `.get(key)` may return one (`Ref`: `get_object()`, `idnum`), streams dicts with their raw bytes in `_data`
and `get_data()` decoded (ASCII85 and Flate, reportlab's filters).
"""

from __future__ import annotations

import re
from typing import Optional

from ..pagehash import xref_offsets
from .pdf_content import _hex, _string, a85decode

_DELIMITER = re.compile(rb"[\s()<>\[\]{}/%]")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_OBJ = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj\b")
_REF_TAIL = re.compile(rb"\s+(\d+)\s+R\b")
_STREAM = re.compile(rb"stream\r?\n")
_WHITE = b" \t\r\n\x00\x0c"
INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")   # page attributes a page takes from its tree


class PdfObjectError(Exception):
    """The file is not one this module reads (the caller falls back to pypdf): not a ValueError, so that no
    reader of a page takes it for that page's own fault."""


class Ref:
    """An indirect reference `N G R`: resolved on demand, standing in for its object where one is expected."""
    __slots__ = ("idnum", "_doc")

    def __init__(self, idnum: int, doc: "Document"):
        self.idnum = idnum
        self._doc = doc

    def get_object(self):
        return self._doc.object(self.idnum)

    def __getitem__(self, key):
        return self.get_object()[key]

    def __iter__(self):
        return iter(self.get_object())

    def __len__(self) -> int:
        return len(self.get_object())

    def __contains__(self, key) -> bool:
        return key in self.get_object()

    def get(self, key, default=None):
        return self.get_object().get(key, default)

    def __repr__(self) -> str:
        return f"Ref({self.idnum})"


class PdfArray(list):
    def get_object(self):
        return self


class PdfDict(dict):
    def get_object(self):
        return self

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        return value.get_object() if isinstance(value, Ref) else value


class PdfStream(PdfDict):
    """A stream: its dictionary, its bytes as written (`_data`) and decoded (`get_data()`)."""
    _data: bytes = b""

    def get_data(self) -> bytes:
        import zlib
        filters = self.get("/Filter")
        names = [] if filters is None else [filters] if isinstance(filters, str) else list(filters)
        if self.get("/DecodeParms") is not None:
            raise PdfObjectError("a stream with decode parameters")
        data = self._data
        for name in names:
            if name in ("/ASCII85Decode", "/A85"):
                data = a85decode(data)
            elif name in ("/FlateDecode", "/Fl"):
                data = zlib.decompress(data)
            else:
                raise PdfObjectError(f"a stream filtered with {name}")
        return data


class Document:
    """A PDF's objects by number, each parsed the first time it is asked for."""

    def __init__(self, data: bytes, offsets: dict[int, int]):
        self.data = data
        self.offsets = offsets
        self._objects: dict = {}

    def object(self, number: int):
        if number not in self._objects:
            self._objects[number] = None        # a reference cycle resolves to null, not forever
            self._objects[number] = self._parse_object(number)
        return self._objects[number]

    def _parse_object(self, number: int):
        at = self.offsets.get(number)
        if at is None:
            return None                          # a free or missing object is null
        head = _OBJ.match(self.data, at)
        if not head or int(head.group(1)) != number:
            raise PdfObjectError(f"object {number} is not at its offset")
        value, pos = self.value(head.end())
        pos = self._skip(pos)
        if isinstance(value, PdfDict) and self.data.startswith(b"stream", pos):
            start = _STREAM.match(self.data, pos)
            if not start:
                raise PdfObjectError(f"object {number}: a stream without its line end")
            length = value.get("/Length")
            length = length.get_object() if isinstance(length, Ref) else length
            begin = start.end()
            if isinstance(length, int) and self.data.startswith(b"endstream", self._skip(begin + length)):
                end = begin + length
            else:                                # a length that does not fit: up to `endstream`
                end = self.data.find(b"endstream", begin)
                if end < 0:
                    raise PdfObjectError(f"object {number}: a stream without its end")
                end = len(self.data[begin:end].rstrip(b"\r\n")) + begin
            stream = PdfStream(value)
            stream._data = self.data[begin:end]
            return stream
        return value

    def _skip(self, pos: int) -> int:
        """Past white space and comments."""
        data, n = self.data, len(self.data)
        while pos < n:
            c = data[pos]
            if c in _WHITE:
                pos += 1
            elif c == 0x25:                      # % to the end of the line
                while pos < n and data[pos] not in b"\r\n":
                    pos += 1
            else:
                break
        return pos

    def _token_end(self, pos: int) -> int:
        found = _DELIMITER.search(self.data, pos)
        return found.start() if found else len(self.data)

    def _sequence(self, pos: int, closer: bytes) -> tuple[list, int]:
        """The objects up to `closer` (an array's or a dictionary's end) and the index after it."""
        items: list = []
        while True:
            pos = self._skip(pos)
            if self.data.startswith(closer, pos):
                return items, pos + len(closer)
            item, pos = self.value(pos)
            items.append(item)

    def value(self, pos: int):
        """The object starting at or after `pos` and the index after it."""
        data = self.data
        pos = self._skip(pos)
        c = data[pos:pos + 1]
        if c == b"/":
            end = self._token_end(pos + 1)
            raw = data[pos:end]
            if b"#" in raw:
                raw = _NAME_ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), raw)
            return raw.decode("latin-1"), end
        if c == b"<":
            if data.startswith(b"<<", pos):
                items, pos = self._sequence(pos + 2, b">>")
                keys = items[0::2]
                if len(items) % 2 or not all(isinstance(key, str) for key in keys):
                    raise PdfObjectError("a dictionary whose keys are not all names")
                return PdfDict(zip(keys, items[1::2])), pos
            close = data.find(b">", pos)
            if close < 0:
                raise PdfObjectError("an unterminated hex string")
            return _hex(data[pos:close + 1]), close + 1
        if c == b"[":
            items, pos = self._sequence(pos + 1, b"]")
            return PdfArray(items), pos
        if c == b"(":
            return _string(data, pos)
        end = self._token_end(pos)
        if end == pos:
            raise PdfObjectError(f"unexpected {c!r} at {pos}")
        token = data[pos:end]
        if token[:1] in b"0123456789+-.":
            if b"." in token:
                return float(token), end
            number = int(token)
            ref = _REF_TAIL.match(data, end)           # `N G R`: a reference
            if ref:
                return Ref(number, self), ref.end()
            return number, end
        if token == b"true":
            return True, end
        if token == b"false":
            return False, end
        if token == b"null":
            return None, end
        raise PdfObjectError(f"unexpected {token[:20]!r} at {pos}")


class OwnPdf:
    """What the preflights read of a file: its pages (with what they inherit) and its trailer's dictionaries."""

    def __init__(self, doc: Document, trailer: PdfDict):
        self.doc = doc
        self.trailer = trailer
        root = trailer.get("/Root")
        self.root = root.get_object() if isinstance(root, Ref) else root
        info = trailer.get("/Info")
        info = info.get_object() if isinstance(info, Ref) else info
        self.metadata = info if isinstance(info, dict) else None
        self.pages = self._pages()

    def _pages(self) -> list:
        if not isinstance(self.root, dict):
            raise PdfObjectError("no document catalogue")
        out: list = []
        seen: set = set()
        stack = [(self.root.get("/Pages"), {})]
        while stack:
            node, inherited = stack.pop()
            if isinstance(node, Ref):
                if node.idnum in seen:
                    raise PdfObjectError("a page tree with a cycle")
                seen.add(node.idnum)
            node = node.get_object() if node is not None else None
            if not isinstance(node, dict):
                raise PdfObjectError("a page tree node that is no dictionary")
            if node.get("/Type") == "/Pages" or ("/Kids" in node and node.get("/Type") != "/Page"):
                passed = {**inherited, **{k: dict.__getitem__(node, k) for k in INHERITED if k in node}}
                stack.extend((kid, passed) for kid in reversed(list(node["/Kids"])))
            else:
                page = PdfDict(node)
                for key, value in inherited.items():
                    page.setdefault(key, value)
                out.append(page)
        return out


def read(data: bytes) -> Optional[OwnPdf]:
    """The pages of a PDF with a classic cross-reference table, or None when it has none, is encrypted, or its
    objects are not where the table says (pypdf then reads it)."""
    offsets = xref_offsets(data)
    if not offsets:
        return None
    at = data.rfind(b"trailer")
    if at < 0:
        return None
    doc = Document(data, offsets)
    try:
        trailer, _ = doc.value(at + len(b"trailer"))
        if not isinstance(trailer, PdfDict) or "/Encrypt" in trailer:
            return None
        return OwnPdf(doc, trailer)
    except (PdfObjectError, ValueError, IndexError, KeyError, TypeError, RecursionError):
        return None
