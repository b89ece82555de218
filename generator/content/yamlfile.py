"""YAML reading that remembers where every value came from.

PyYAML's composed nodes carry marks; we turn them into plain dicts and lists
that also know the line of each key and item, so checks far from the parser
can still say `file:line`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

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


def _convert(node: yaml.Node, path: Path, loader: yaml.SafeLoader) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = LocatedDict()
        out.path, out.line, out.key_lines = path, line, {}
        loader.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
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
    return loader.construct_object(node, deep=True)


def parse_yaml(text: str, path: Path) -> Any:
    """Parse YAML text; syntax errors become ContentError at the right line."""
    try:
        loader = yaml.SafeLoader(text)   # the reader refuses control characters at once
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise ContentError(path, line, f"character U+{err.character:04X} is not allowed in YAML; "
                                       "remove it or write it as an escape in double quotes") from None
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
        raise ContentError(path, line, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError(path, None, f"YAML error: {err}") from None
    finally:
        loader.dispose()


def read_yaml(path: Path) -> Any:
    """Read a YAML file; a missing or unreadable file is a ContentError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, None, "file not found") from None
    except UnicodeDecodeError as err:
        raise ContentError(path, None, f"not UTF-8 text ({err.reason})") from None
    except OSError as err:
        raise ContentError(path, None, f"cannot read: {err.strerror}") from None
    return parse_yaml(text, Path(path))
