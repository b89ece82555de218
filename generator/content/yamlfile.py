"""YAML reading that remembers where every value came from.

PyYAML's composed nodes carry marks; we turn them into plain dicts and lists
that also know the line of each key and item, so checks far from the parser
can still say `file:line`.

The reader is bounded (content/limits.py): file size, nesting depth, and the number of values once every
alias is expanded, counted while the file is composed, so a "billion laughs" file of a few hundred bytes
is refused before it costs memory. A control character or an unreadable number is a ContentError with its
line, never a traceback.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.reader import Reader
from yaml.resolver import Resolver

try:
    from yaml.cyaml import CParser as _Parser           # libyaml: PyYAML's wheels ship it
except ImportError:                                       # a PyYAML built without it: the same events, slower
    from yaml.parser import Parser
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, Parser):
        def __init__(self, text: str):
            Reader.__init__(self, text)
            Scanner.__init__(self)
            Parser.__init__(self)

from . import limits
from .errors import ContentError


class LocatedDict(dict):
    """A mapping that knows its file, its own line and the line of each key."""

    path: Path
    line: int
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A sequence that knows its file, its own line and the line of each item."""

    path: Path
    line: int
    item_lines: list

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _BoundedLoader(Composer, _Parser, SafeConstructor, Resolver):
    """A safe loader that counts, while it composes, how deep values nest and how many values the file
    holds once every alias is expanded, and refuses an alias to the value that contains it.

    libyaml (PyYAML's C parser) scans and parses; PyYAML's Python composer, first in the MRO, builds the nodes
    from its events so that these bounds hold before any recursion (libyaml's own composer recurses in C, where
    a file of a million `[` would overflow the stack). The events carry libyaml's marks: lines as before."""

    def __init__(self, text: str, path: Path):
        _Parser.__init__(self, text)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        Composer.__init__(self)
        self.path = path
        self.depth = 0
        self.expanded = 0                       # values so far, each alias counted as what it repeats
        self.anchor_sizes: dict[str, int] = {}
        self.open_anchors: set[str] = set()

    def compose_node(self, parent, index):
        event = self.peek_event()
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open_anchors:
                raise ContentError(self.path, line, f"alias '*{event.anchor}' refers to the value that contains it")
            self._count(self.anchor_sizes.get(event.anchor, 1), line)
            return Composer.compose_node(self, parent, index)
        self.depth += 1
        if self.depth > limits.YAML_DEPTH.default:
            raise ContentError(self.path, line, limits.exceeded(limits.YAML_DEPTH, self.depth, "nesting depth"))
        self._count(1, line)
        before, anchor = self.expanded, event.anchor
        if anchor is not None:
            self.open_anchors.add(anchor)
        node = Composer.compose_node(self, parent, index)
        if anchor is not None:
            self.open_anchors.discard(anchor)
            self.anchor_sizes[anchor] = self.expanded - before + 1
        self.depth -= 1
        return node

    def _count(self, n: int, line: int) -> None:
        self.expanded += n
        if self.expanded > limits.YAML_NODES.default:
            raise ContentError(self.path, line, limits.exceeded(
                limits.YAML_NODES, "more", "values in this file (each alias counted as the values it repeats)"))


def _scalar(node: yaml.Node, path: Path, loader: yaml.SafeLoader) -> Any:
    line = node.start_mark.line + 1
    try:
        value = loader.construct_object(node, deep=True)
    except (ValueError, OverflowError) as err:   # a 5000-digit number, a 30 February
        if node.tag.endswith(":int"):
            raise ContentError(path, line, f"a number of {len(str(node.value))} digits: content numbers are at "
                                           f"most {limits.MAX_ABS_NUMBER}") from None
        raise ContentError(path, line, f"cannot read the value {str(node.value)[:40]!r}: {err}") from None
    if isinstance(value, str) and len(value) > limits.TEXT_CHARS.default:
        raise ContentError(path, line, limits.exceeded(limits.TEXT_CHARS, len(value), "characters in one text"))
    return value


def _convert(node: yaml.Node, path: Path, loader: yaml.SafeLoader) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = LocatedDict()
        out.path, out.line, out.key_lines = path, line, {}
        loader.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = _scalar(key_node, path, loader)
            if not isinstance(key, (str, int, float, bool)):
                raise ContentError(path, key_node.start_mark.line + 1, "a key must be a plain word or number")
            # A key is the word written: YAML 1.1 would read `on:` or `no:` as a boolean (a diagram's `on`).
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key)
            if key in out:
                raise ContentError(path, key_node.start_mark.line + 1, f"key '{key}' appears twice")
            out[key] = _convert(value_node, path, loader)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LocatedList()
        out.path, out.line, out.item_lines = path, line, []
        for item in node.value:
            out.append(_convert(item, path, loader))
            out.item_lines.append(item.start_mark.line + 1)
        return out
    return _scalar(node, path, loader)


def parse_yaml(text: str, path: Path) -> Any:
    """Parse YAML text; syntax errors become ContentError at the right line."""
    if len(text) > limits.YAML_FILE_BYTES.default:
        raise ContentError(path, None, limits.exceeded(limits.YAML_FILE_BYTES, len(text), "characters of YAML"))
    bad = Reader.NON_PRINTABLE.search(text)     # checked first and whole, as PyYAML's reader does
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise ContentError(path, line, f"character U+{ord(bad.group()):04X} is not allowed in YAML (a control "
                                       "character): remove it, or write it as an escape in double quotes")
    loader = _BoundedLoader(text, path)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _convert(node, path, loader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = err.problem or str(err)
        if err.context:
            problem = f"{problem} ({err.context})"
        lines = text.splitlines()
        if mark is not None and mark.line < len(lines) and "\t" in lines[mark.line][:mark.column + 1]:
            # YAML indents with spaces only: PyYAML's own words for a tab do not say so.
            problem = "a tab character: YAML indents with spaces only (replace the tab by spaces)"
        raise ContentError(path, line, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError(path, None, f"YAML error: {err}") from None
    except RecursionError:   # a flow collection nested past the parser's own recursion (`[[[[...`)
        raise ContentError(path, None, limits.exceeded(limits.YAML_DEPTH, "more", "nesting depth")) from None
    finally:
        loader.dispose()


def read_yaml(path: Path) -> Any:
    """Read a YAML file; a missing or unreadable file is a ContentError."""
    try:
        data = read_bounded(Path(path), limits.YAML_FILE_BYTES)
    except FileNotFoundError:
        raise ContentError(path, None, "file not found") from None
    except OSError as err:
        raise ContentError(path, None, f"cannot read: {err.strerror}") from None
    return parse_yaml(utf8_text(data, Path(path)), Path(path))


def utf8_text(data: bytes, path: Path, encoding: str = "utf-8") -> str:
    """`data`, the bytes of the file at `path`, as text; bytes that are not UTF-8 are a ContentError at the line
    of the first of them. `encoding`: "utf-8-sig" to drop a byte order mark."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ContentError(path, line, f"not UTF-8 text ({err.reason}): save the file as UTF-8") from None


def read_bounded(path: Path, limit: limits.Limit) -> bytes:
    """The bytes of a file, refused (ContentError) past `limit` without reading further: a device file or a
    huge log named as content costs at most the limit. A folder, a device or a pipe is refused before it is read
    (opened without waiting: a pipe nobody writes to would block the open). OSError and FileNotFoundError pass to
    the caller."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ContentError(path, None, "not a regular file (a folder, a device or a pipe): give a file")
        data = handle.read(limit.default + 1)
    if len(data) > limit.default:
        raise ContentError(path, None, limits.exceeded(limit, "more", "bytes in this file"))
    return data
