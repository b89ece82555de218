"""Property: any mutation of the real rules files gives a document or a ContentError, never another exception.

The mutations are drawn by hypothesis from the game's own rules and summary (content/*/*.fr.md) and
from pieces of Markdown and Jinja that have broken readers before (unclosed expressions, reserved
characters, thematic breaks, deep nesting, huge repetitions). Bounded to about a hundred examples.
"""

import dataclasses
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.content.errors import ContentError
from generator.rulebook import read_rulebook
from generator.rulebook.html import render_html
from generator.rulebook.sheet import read_sheet

from rulebook_helpers import CONTENT, box_figures

SOURCES = sorted(CONTENT.glob("*/*.fr.md"))
DIAGRAM_IDS = sorted({m for path in SOURCES
                      for m in re.findall(r"(?:diagram|figure_ref)\(\"([^\"]+)\"\)", path.read_text(encoding="utf-8"))})
PIECES = [
    "{{", "}}", "{%", "%}", "{#", "#}", "{{ game.title }}", "{{ materiel() }}", "{{ diagram('nope') }}",
    "{% for i in range(10**9) %}x{% endfor %}", "{{ 'x' * 10**9 }}", "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}",
    "{{ components.values() }}", "{{ game.__class__ }}", "{% include 'x' %}", "{% set x = %}",
    "\n---\n", "\n# ", "\n###### ", "[", "](", "](#nowhere)", "`", "\n```\n", "|", "\n| a | b |\n|---|\n",
    "> ", "\n- ", "\n1. ", "*", "**", "_", "\\", "{: #anchor}", "<div>", "&amp;", "\x00", "\x07", "\ue000",
    "\ue002", "\u202e", "\t", "\r", "  \n", "> " * 50, "- " * 50, "[" * 200, "*" * 300, "é", "« »",
] + [f'{{{{ diagram("{i}") }}}}' for i in DIAGRAM_IDS[:3]]

mutation = st.tuples(st.sampled_from(["insert", "delete", "duplicate", "swap"]),
                     st.floats(0, 1), st.floats(0, 1), st.sampled_from(PIECES))


def _mutate(text: str, mutations) -> str:
    for op, a, b, piece in mutations:
        i, j = sorted((int(a * len(text)), int(b * len(text))))
        j = min(j, i + 400)
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        else:
            lines = text.split("\n")
            x, y = int(a * (len(lines) - 1)), int(b * (len(lines) - 1))
            lines[x], lines[y] = lines[y], lines[x]
            text = "\n".join(lines)
    return text


@pytest.fixture(scope="module")
def tactix_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("mutations")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(source=st.sampled_from(SOURCES), mutations=st.lists(mutation, min_size=1, max_size=5))
def test_a_mutated_rules_file_gives_a_document_or_a_content_error(tactix, tactix_folder, source, mutations):
    text = _mutate(source.read_text(encoding="utf-8"), mutations)
    name = "mutated.fr.md"
    (tactix_folder / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    game = dataclasses.replace(tactix, info=dataclasses.replace(tactix.info, rules=name), folder=tactix_folder)
    figures = box_figures(*DIAGRAM_IDS)
    try:
        document = read_rulebook(game, figures=figures)
        render_html(document, game.info, accent="#336699")
    except ContentError as err:
        assert err.path is not None and str(err)
    sheet = next(c for c in tactix.components if getattr(c, "source", None))
    try:
        read_sheet(game, dataclasses.replace(sheet, source=name), figures=figures)
    except ContentError as err:
        assert err.path is not None and str(err)
