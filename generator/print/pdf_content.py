"""A PDF content stream as (operands, operator) pairs, read by one regular expression.

pypdf's ContentStream builds an object for every number (a tiled board's sheet holds half a million), which
made reading our own files back cost as much as writing them; the preflights read every page of every build,
so they read the bytes here instead: numbers as floats, names and operators as str, strings as their bytes
(escapes resolved), arrays as lists, dictionaries (marked content, inline image settings) as dicts. An inline
image (BI ... ID data EI) is one operation, "INLINE IMAGE", whose operand is {"settings": {...}}.
"""

from __future__ import annotations

import re
from typing import Iterator

_TOKEN = re.compile(rb"""
    (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<str>\()
  | (?P<dict><<|>>)
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<arr>[\[\]])
  | (?P<op>[A-Za-z'"][A-Za-z0-9*'"]*)
  | (?P<comment>%[^\r\n]*)
  | (?P<space>\s+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_END_OF_IMAGE = re.compile(rb"\sEI(?=\s|$)")


def _string(data: bytes, start: int) -> tuple[bytes, int]:
    """The literal string opening at data[start] == '(' and the index after its closing parenthesis."""
    out = bytearray()
    depth, i, n = 1, start + 1, len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:                     # backslash
            i += 1
            if i >= n:
                break
            e = data[i]
            if e in _ESCAPES:
                out += _ESCAPES[e]
            elif 0x30 <= e <= 0x37:       # up to three octal digits
                j = i
                while j < min(i + 3, n) and 0x30 <= data[j] <= 0x37:
                    j += 1
                out.append(int(data[i:j], 8) & 0xFF)
                i = j - 1
            elif e in (0x0A, 0x0D):       # a line continued
                if e == 0x0D and i + 1 < n and data[i + 1] == 0x0A:
                    i += 1
            else:
                out.append(e)
        elif c == 0x28:
            depth += 1
            out.append(c)
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
            out.append(c)
        else:
            out.append(c)
        i += 1
    return bytes(out), n


def _hex(token: bytes) -> bytes:
    digits = re.sub(rb"\s", b"", token[1:-1])
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))


_SPECIAL = re.compile(rb"[()\[\]<>%{}]")
_NUMBER_START = frozenset(b"0123456789+-.")
_INLINE_IMAGE = re.compile(rb"(?:^|\s)BI\s")


def operations(data: bytes) -> Iterator[tuple[list, str]]:
    """Every operation of a content stream, in order. The runs between strings, arrays and dictionaries are
    split on white space by bytes.split (in C): a sheet of tiles is mostly numbers and path operators."""
    if _INLINE_IMAGE.search(data):
        yield from _operations_by_token(data)
        return
    stack: list = []
    frames: list = []
    pos, n = 0, len(data)
    search = _SPECIAL.search
    numbers = _NUMBER_START
    while pos < n:
        m = search(data, pos)
        end = m.start() if m else n
        for token in data[pos:end].split():
            c = token[0]
            if c in numbers:
                try:
                    stack.append(float(token))
                except ValueError:
                    pass
            elif c == 0x2F:
                stack.append(token.decode("latin-1"))
            elif frames:
                stack.append({b"true": True, b"false": False}.get(token))
            else:
                yield stack, token.decode("latin-1")
                stack = []
        if m is None:
            break
        c = data[end]
        if c == 0x28:                                   # (
            value, pos = _string(data, end)
            stack.append(value)
        elif c == 0x25:                                 # % comment to the end of the line
            eol = re.compile(rb"[\r\n]").search(data, end)
            pos = eol.end() if eol else n
        elif c == 0x3C and data[end + 1:end + 2] != b"<":   # <hex>
            close = data.find(b">", end)
            close = n - 1 if close < 0 else close
            stack.append(_hex(data[end:close + 1]))
            pos = close + 1
        elif c in (0x5B, 0x3C):                         # [ or <<
            frames.append((stack, c))
            stack = []
            pos = end + (2 if c == 0x3C else 1)
        elif c in (0x5D, 0x3E):                         # ] or >>
            pos = end + (2 if c == 0x3E and data[end + 1:end + 2] == b">" else 1)
            if not frames:
                continue
            items = stack
            stack, opener = frames.pop()
            stack.append(items if opener == 0x5B else dict(zip(items[0::2], items[1::2])))
        else:                                           # ) { } out of place: skipped, as readers do
            pos = end + 1


def _operations_by_token(data: bytes) -> Iterator[tuple[list, str]]:
    """operations() one token at a time: for a stream with an inline image, whose data is not PDF syntax."""
    stack: list = []          # the operands so far, arrays and dictionaries being built nested
    frames: list = []         # the enclosing lists/dicts under construction
    pos, n = 0, len(data)
    match = _TOKEN.match
    while pos < n:
        m = match(data, pos)
        kind = m.lastgroup
        pos = m.end()
        if kind == "space" or kind == "comment":
            continue
        if kind == "num":
            value = float(m.group())
        elif kind == "name":
            value = m.group().decode("latin-1")
        elif kind == "str":
            value, pos = _string(data, m.start())
        elif kind == "hex":
            value = _hex(m.group())
        elif kind == "arr" or kind == "dict":
            token = m.group()
            if token in (b"[", b"<<"):
                frames.append((stack, token))
                stack = []
                continue
            if not frames:
                continue                  # an unbalanced closer: ignored, as readers do
            items = stack
            stack, opener = frames.pop()
            value = items if opener == b"[" else dict(zip(items[0::2], items[1::2]))
        elif kind == "op":
            op = m.group().decode("latin-1")
            if frames:                    # true/false/null inside an array or a dictionary
                stack.append({"true": True, "false": False}.get(op))
                continue
            if op == "BI":
                end = data.find(b"ID", pos)
                if end < 0:
                    return
                settings = [value for ops, _ in operations(data[pos:end] + b" _end_") for value in ops]
                image_end = _END_OF_IMAGE.search(data, end + 3)
                pos = image_end.end() if image_end else n
                yield [{"settings": dict(zip(settings[0::2], settings[1::2]))}], "INLINE IMAGE"
                stack = []
                continue
            yield stack, op
            stack = []
            continue
        else:
            continue
        stack.append(value)


# --- stream data ---------------------------------------------------------------------------------------
_A85_SPACE = b" \t\r\n\x00\x0c"


def a85decode(data: bytes) -> bytes:
    """ASCII85 (as reportlab writes every stream) a group of five at a time: base64.a85decode goes a byte at a
    time and took a third of the time of reading a sheet of tiles back."""
    import struct
    body = data.translate(None, _A85_SPACE)
    if body.startswith(b"<~"):
        body = body[2:]
    end = body.find(b"~>")
    if end >= 0:
        body = body[:end]
    body = body.replace(b"z", b"!!!!!")
    pad = -len(body) % 5
    body += b"u" * pad
    d = body.translate(_A85_VALUES)
    words = [(((a * 85 + b) * 85 + c) * 85 + e) * 85 + f
             for a, b, c, e, f in zip(d[0::5], d[1::5], d[2::5], d[3::5], d[4::5])]
    if any(w > 0xFFFFFFFF for w in words):
        raise ValueError("ASCII85 group out of range")
    out = struct.pack(f">{len(words)}I", *words)
    return out[:len(out) - pad] if pad else out


_A85_VALUES = bytes((c - 33) % 256 for c in range(256))


def stream_bytes(stream) -> bytes:
    """A pypdf stream's decoded data: ASCII85 and Flate (reportlab's filters) decoded here, quickly; any other
    filter, or parameters, by pypdf."""
    import zlib
    stream = stream.get_object()
    filters = stream.get("/Filter")
    if filters is None:
        return stream.get_data()
    names = [str(f) for f in (filters if isinstance(filters, list) or hasattr(filters, "__len__")
                              and not isinstance(filters, str) else [filters])]
    if stream.get("/DecodeParms") is not None or any(n not in ("/ASCII85Decode", "/A85", "/FlateDecode", "/Fl")
                                                     for n in names):
        return stream.get_data()
    data = stream._data
    for name in names:
        data = a85decode(data) if name in ("/ASCII85Decode", "/A85") else zlib.decompress(data)
    return data


def page_content(page) -> bytes:
    """The page's content streams, joined (a page may have an array of them)."""
    contents = page.get("/Contents")
    if contents is None:
        return b""
    contents = contents.get_object()
    if isinstance(contents, list) or type(contents).__name__ == "ArrayObject":
        return b"\n".join(stream_bytes(part) for part in contents)
    return stream_bytes(contents)
