"""The content reader parses YAML with libyaml (PyYAML's C parser) and composes it in Python with our bounds:
the same `file:line` errors as PyYAML's pure-Python parser gives, and a nesting no parser could recurse into
refused before any recursion."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from generator.content import limits, yamlfile
from generator.content.errors import ContentError
from generator.content.yamlfile import parse_yaml

BROKEN = [
    "a: 1\nb: [1, 2\nc: 3\n",                 # a flow sequence never closed
    "a: 1\n  b: 2\n",                          # a key indented under a scalar
    "a: 1\na: 2\n",                            # a key twice
    "- a\nb: 1\n",                             # a mapping after a sequence
    "a: \"open\nb: 2\n",                       # a quote never closed
    "a: *nowhere\n",                           # an alias to no anchor
    "a: &x [1, *x]\n",                         # an alias inside its own anchor
    "a: 1\n---\nb: 2\n",                       # two documents
    "a:\n\t- 1\n",                             # a tab as indentation
    "a: {b: 1, c}\nd: [\n",                    # a flow mapping, then an unclosed sequence
    "a: 1\nb: \x07\n",                         # a control character
    "a: " + "[" * 60 + "]" * 60 + "\n",        # nested past the limit
    "a: 1\nk: " + "9" * 5000 + "\n",            # a number past the limit
]


class _PurePython(Reader, Scanner, Parser):
    def __init__(self, text: str):
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)


def _pure_python(monkeypatch) -> None:
    """The reader as it was: PyYAML's pure-Python reader, scanner and parser, with the same composer."""
    loader = type("PurePythonLoader", (Composer, _PurePython, SafeConstructor, Resolver),
                  {k: v for k, v in vars(yamlfile._BoundedLoader).items() if k not in ("__dict__", "__weakref__")})
    monkeypatch.setattr(yamlfile, "_Parser", _PurePython)
    monkeypatch.setattr(yamlfile, "_BoundedLoader", loader)


def _error(text: str) -> tuple[int | None, str]:
    with pytest.raises(ContentError) as err:
        parse_yaml(text, Path("broken.yaml"))
    return err.value.line, err.value.message


def test_the_reader_parses_with_libyaml():
    assert yaml.__with_libyaml__, "PyYAML's wheels ship libyaml"
    assert issubclass(yamlfile._BoundedLoader, yaml.cyaml.CParser)


@pytest.mark.parametrize("text", BROKEN)
def test_each_error_is_at_the_line_the_pure_python_parser_gives(text, monkeypatch):
    fast = _error(text)
    _pure_python(monkeypatch)
    slow = _error(text)
    assert fast[0] == slow[0] and fast[0] is not None, (fast, slow)
    # The words of a syntax error are libyaml's; the limits and our own checks say the same.
    if not slow[1].startswith("YAML syntax error"):
        assert fast[1] == slow[1]


def test_a_million_nested_brackets_are_refused_at_their_line_not_a_crash():
    text = "a: " + "[" * 1_000_000 + "\n"
    assert len(text) < limits.YAML_FILE_BYTES.default
    line, message = _error(text)
    assert line == 1 and "nesting depth" in message


def test_content_parses_as_with_the_pure_python_parser(monkeypatch):
    root = Path(__file__).resolve().parents[2]
    files = sorted(root.glob("content/*/*.yaml")) + sorted(root.glob("templates/catalogues/*/*.yaml"))
    fast = [parse_yaml(p.read_text(encoding="utf-8"), p) for p in files]
    _pure_python(monkeypatch)
    slow = [parse_yaml(p.read_text(encoding="utf-8"), p) for p in files]
    assert fast == slow
    lines = [(v.line, getattr(v, "key_lines", None)) for v in fast if hasattr(v, "line")]
    assert lines == [(v.line, getattr(v, "key_lines", None)) for v in slow if hasattr(v, "line")]


@pytest.mark.parametrize("text, line", [("a:\n\t- 1\n", 2), ("id: x\n\tname: y\n", 2), ("a:\n  b:\n  \tc: 1\n", 3)])
def test_a_tab_used_as_indentation_says_yaml_wants_spaces(text, line):
    assert _error(text) == (line, "YAML syntax error: a tab character: YAML indents with spaces only "
                                  "(replace the tab by spaces)")


def test_a_tab_inside_a_quoted_value_is_text_not_an_error():
    assert parse_yaml('name: "a\tb"\n', Path("ok.yaml")) == {"name": "a\tb"}
