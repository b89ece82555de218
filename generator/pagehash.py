"""A hash of each page of a PDF we wrote: two pages with the same hash draw the same pixels.

The gallery rasterises a page again only when its hash changed (gallery.py), so a one-card edit of a deck
draws the thumbnail of one sheet, not of every sheet. A page's hash covers everything its drawing reads: the
page object (its boxes, its content and resources) and, through every reference, the objects those name (the
content streams, fonts with their programs and encodings, images, forms), except the way back up the page
tree (`/Parent`). A reference is hashed as the hash of the object it names, not as its number, so pages
renumbered by an edit elsewhere keep their hash.

The objects are found through the file's cross-reference table and read as bytes, never parsed or
decompressed: reportlab and pypdf write classic tables. A file whose objects cannot be found that way (a
cross-reference stream, an object stream) gets no page hashes (None): each of its pages is then drawn again
whenever the file changes.
"""

from __future__ import annotations

import hashlib
import re
from typing import Optional

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_SUBSECTION = re.compile(rb"(\d+) (\d+)\s*[\r\n]+")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_PREV = re.compile(rb"/Prev (\d+)")
_REF = re.compile(rb"(\d+) (\d+) R\b")
_PARENT = re.compile(rb"/Parent \d+ \d+ R")
_PARENT_REF = re.compile(rb"/Parent (\d+) \d+ R")
_COUNT = re.compile(rb"/Count \d+")
_STREAM = re.compile(rb">>\s*stream\r?\n")
_OBJ = re.compile(rb"\s*(\d+) (\d+) obj\b")
_TYPE_PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_ROOT = re.compile(rb"/Root (\d+) \d+ R")
_PAGES = re.compile(rb"/Pages (\d+) \d+ R")


def xref_offsets(pdf: bytes) -> Optional[dict[int, int]]:
    """Object number -> offset of `N G obj`, from the classic cross-reference sections (the last first)."""
    found = _STARTXREF.search(pdf, max(0, len(pdf) - 64))
    if not found:
        return None
    offsets: dict[int, int] = {}
    at, seen = int(found.group(1)), set()
    while at not in seen:
        seen.add(at)
        if pdf[at:at + 4] != b"xref":
            return None                 # a cross-reference stream: not read here
        pos = at + 4
        while True:
            while pdf[pos:pos + 1] in (b" ", b"\r", b"\n"):
                pos += 1
            head = _SUBSECTION.match(pdf, pos)
            if not head:
                break
            first, count = int(head.group(1)), int(head.group(2))
            pos = head.end()
            for n in range(count):
                entry = _ENTRY.match(pdf, pos)
                if not entry:
                    return None
                pos = entry.end()
                while pdf[pos:pos + 1] in (b" ", b"\r", b"\n"):
                    pos += 1
                if entry.group(3) == b"n":
                    offsets.setdefault(first + n, int(entry.group(1)))
        trailer_end = pdf.find(b"startxref", pos)
        previous = _PREV.search(pdf, pos, trailer_end if trailer_end > 0 else len(pdf))
        if not previous:
            break
        at = int(previous.group(1))
    return offsets


def page_hashes(pdf: bytes) -> Optional[list[str]]:
    """The hash of each page, in order; None when the file's objects cannot be read as bytes here."""
    offsets = xref_offsets(pdf)
    if not offsets:
        return None
    ends = sorted(offsets.values()) + [len(pdf)]
    following = {start: ends[i + 1] for i, start in enumerate(ends[:-1])}
    view = memoryview(pdf)
    spans: dict[int, Optional[tuple[int, int]]] = {}

    def span(number: int) -> Optional[tuple[int, int]]:
        """Where the object's body lies (between `N G obj` and `endobj`), found by offsets only."""
        if number not in spans:
            start = offsets.get(number)
            head = _OBJ.match(pdf, start) if start is not None else None
            if not head or int(head.group(1)) != number:
                spans[number] = None
            else:
                end = pdf.rfind(b"endobj", head.end(), following[start])
                spans[number] = (head.end(), end if end >= 0 else following[start])
        return spans[number]

    def body(number: int) -> Optional[bytes]:
        where = span(number)
        return pdf[where[0]:where[1]] if where else None

    memo: dict[int, bytes] = {}

    def digest(number: int, path: frozenset) -> bytes:
        if number in memo:
            return memo[number]
        where = span(number)
        if where is None:
            return b"missing"
        if number in path:              # a cycle (an annotation naming its page): named, not followed
            return b"cycle"
        inner = path | {number}
        start, end = where
        stream = _STREAM.search(pdf, start, end)    # a stream's data is hashed as bytes: only its dictionary
        middle = stream.start() + 2 if stream else end  # refers to other objects
        head = _PARENT.sub(b"", pdf[start:middle])
        h = hashlib.sha256()
        last = 0
        for ref in _REF.finditer(head):
            h.update(head[last:ref.start()])
            h.update(digest(int(ref.group(1)), inner))
            last = ref.end()
        h.update(head[last:])
        h.update(view[middle:end])
        memo[number] = h.digest()
        return memo[number]

    def inherited(number: int) -> bytes:
        """What a page takes from the page tree above it (resources, boxes, rotation it does not set): each
        ancestor hashed without its list of pages and their count."""
        h = hashlib.sha256()
        parent = _PARENT_REF.search(body(number) or b"")
        seen = set()
        while parent and int(parent.group(1)) not in seen:
            number = int(parent.group(1))
            seen.add(number)
            data = body(number) or b""
            attributes = _COUNT.sub(b"", _KIDS.sub(b"", _PARENT.sub(b"", data)))
            last = 0
            for ref in _REF.finditer(attributes):
                h.update(attributes[last:ref.start()])
                h.update(digest(int(ref.group(1)), frozenset()))
                last = ref.end()
            h.update(attributes[last:])
            parent = _PARENT_REF.search(data)
        return h.digest()

    pages = _page_numbers(pdf, body)
    if pages is None:
        return None
    return [hashlib.sha256(digest(number, frozenset()) + inherited(number)).hexdigest() for number in pages]


def _page_numbers(pdf: bytes, body) -> Optional[list[int]]:
    """The page objects in the order of the page tree."""
    trailer = pdf.rfind(b"trailer")
    root = _ROOT.search(pdf, trailer) if trailer >= 0 else None
    catalog = body(int(root.group(1))) if root else None
    pages = _PAGES.search(catalog) if catalog else None
    if not pages:
        return None
    order: list[int] = []
    stack, seen = [int(pages.group(1))], set()
    while stack:
        number = stack.pop()
        if number in seen:
            return None
        seen.add(number)
        data = body(number)
        if data is None:
            return None
        kids = _KIDS.search(data)
        if kids and not _TYPE_PAGE.search(data):
            stack.extend(reversed([int(n) for n in re.findall(rb"(\d+) \d+ R", kids.group(1))]))
        elif _TYPE_PAGE.search(data):
            order.append(number)
        else:
            return None
    return order
