"""Praxis in every edition: each variant of game.yaml is a rule of the engine, rewrites the rulebook where it
changes a rule, and every figure an edition shows holds under that edition's rules."""

from __future__ import annotations

import functools
from pathlib import Path

import pypdf
import pytest

from generator.build import validate_games
from generator.content import load_game
from generator.content.diagrams import for_edition
from generator.engine import get_engine
from generator.engine.checker import check_diagrams, load_game_diagrams
from generator.figures import game_figures
from generator.rulebook import read_rulebook

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAME = load_game(CONTENT, "praxis")
DIAGRAMS = load_game_diagrams("praxis", CONTENT, GAME.components)
VARIANTS = {v.id: v for v in GAME.info.variants}
pytestmark = pytest.mark.xdist_group("game-praxis")     # with the other readers of its build (tests/conftest.py)


@functools.cache
def _figures():
    """The game's figures, made when a test first asks, not when every worker imports this module to collect it."""
    return game_figures(GAME, CONTENT, diagrams=DIAGRAMS)


# Figures that do not hold under a variant, and the figures each variant's edition shows in its rules.
NOT_UNDER = {"points": {"impair-en-ligne", "pair-en-diagonale"}, "rentree-1": {"retour-au-de-blanc"},
             "effet-et-collection": {"pose-puis-collection"},
             "sans-couleurs": {"collection-score", "pose-puis-collection", "portail-autre-couleur", "fin-de-partie"}}
OWN = {"points": {"variante-points-un-deux", "variante-points-trois", "variante-points-six"},
       "rentree-1": {"variante-rentree-1"}, "petit-plateau": {"variante-petit-plateau"},
       "sans-couleurs": {"variante-sans-couleurs-portail", "variante-sans-couleurs-score"}}


def shown(variant_id: str | None) -> list[str]:
    """The figures of the rulebook of an edition, in reading order (rules, then appendices)."""
    return [f.id for f in read_rulebook(GAME, figures=_figures(), variant=VARIANTS.get(variant_id)).figures]


def test_the_eight_proposals_are_the_engines_variants():
    assert set(VARIANTS) == set(get_engine("praxis").variants) and len(VARIANTS) == 8
    assert all(v.changes for v in VARIANTS.values())


@pytest.mark.parametrize("variant_id", [None, *sorted(VARIANTS)])
def test_every_figure_holds_under_the_rules_of_each_edition(variant_id):
    assert check_diagrams("praxis", CONTENT, for_edition(DIAGRAMS, variant_id), GAME.components) == []


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_an_edition_shows_its_variants_figures_in_the_rules_and_none_that_fail_under_it(variant_id):
    figures = shown(variant_id)
    assert not NOT_UNDER.get(variant_id, set()) & set(figures)
    assert len(figures) == len(set(figures)), "a figure shown twice"
    own = {d.id for d in DIAGRAMS if d.variant == variant_id}
    assert own <= set(figures)
    assert OWN.get(variant_id, set()) <= set(figures)
    # every figure of the edition that names no variant holds under it (checked above), or says where not
    by_id = {d.id: d for d in DIAGRAMS}
    assert all(by_id[f].variant in (None, variant_id) or by_id[f].variant in VARIANTS for f in figures)


def test_the_plain_edition_shows_every_figure_but_the_one_written_for_the_points_edition():
    figures = shown(None)
    assert set(figures) == {d.id for d in DIAGRAMS} - {"variante-points-un-deux"}


def test_validate_checks_every_edition(tmp_path):
    # a figure that holds in the plain rules but not under one variant fails validate, naming the variant
    import shutil
    shutil.copytree(CONTENT / "praxis", tmp_path / "praxis")
    path = tmp_path / "praxis" / "diagrams.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  except_variants: [rentree-1]\n", ""),
                    encoding="utf-8")
    from generator.build import Contradicted, GamesFailed
    with pytest.raises(GamesFailed) as err:
        validate_games(tmp_path, ["praxis"])
    [(game_id, failure)] = err.value.failures
    assert game_id == "praxis" and isinstance(failure, Contradicted), "a contradicted claim, the only error"
    assert 'diagram "retour-au-de-blanc": under variant rentree-1' in str(failure.args)


def test_a_build_under_a_variant_writes_that_edition(shared_build):
    # `pnp build praxis --variant petit-plateau`, kept from one run to the next while its inputs stay (conftest)
    built = shared_build("praxis", "--variant", "petit-plateau")
    assert built.exit_code == 0, built.output
    reader = pypdf.PdfReader(built.out / "praxis" / "regles-petit-plateau.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Édition « Petit plateau »" in text
    assert "seuls servent" not in text and "36 cases de b2 à g7" in text
    assert "Praxis, règles et design de Lucas Borboleta" in text and "CC BY-NC-SA 4.0" in text


def test_a_figure_stands_on_its_heading_s_page_or_at_the_top_of_the_next(game_build):
    """A section's figure floats to the next page at most (rulebook/pdf.py), never before its heading, and a
    heading always stands with the paragraph that opens its section (tested in tests/rulebook)."""
    from generator.rulebook.markdown import FigureBlock, Heading, Paragraph
    reader = pypdf.PdfReader(game_build("praxis").out / "regles.pdf")
    heading_page: dict[str, int] = {}

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                heading_page.setdefault(item.title, reader.get_destination_page_number(item))
    walk(reader.outline)
    figure_page = {}
    for number, page in enumerate(reader.pages):
        for label in __import__("re").findall(r"Figure (\d+) —", page.extract_text()):
            figure_page[int(label)] = number
    document = read_rulebook(GAME, figures=_figures())
    blocks, pairs = document.blocks, []
    for i, block in enumerate(blocks):
        if isinstance(block, Heading):
            j = i + 1 + (i + 1 < len(blocks) and isinstance(blocks[i + 1], Paragraph))
            if j < len(blocks) and isinstance(blocks[j], FigureBlock):
                pairs.append((block.text, blocks[j].number))
    assert len(pairs) >= 10
    for title, number in pairs:
        assert 0 <= figure_page[number] - heading_page[title] <= 1, (title, number)


def rules_text(variant_id: str | None) -> str:
    """The text of an edition's rules, up to its 'Variantes' chapter (where every variant is told as a change)."""
    from generator.rulebook.markdown import Heading, ListBlock, Paragraph, Quote, Table, plain

    def text(block) -> str:
        if isinstance(block, (Paragraph, Heading)):
            return plain(block.spans)
        if isinstance(block, ListBlock):
            return " ".join(text(b) for item in block.items for b in item)
        if isinstance(block, Quote):
            return " ".join(text(b) for b in block.blocks)
        if isinstance(block, Table):
            return " ".join(plain(cell) for row in block.rows for cell in row)
        return ""
    out = []
    for block in read_rulebook(GAME, figures=_figures(), variant=VARIANTS.get(variant_id)).blocks:
        if isinstance(block, Heading) and plain(block.spans) == "Variantes":
            break
        out.append(text(block))
    return " ".join(out).replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")


# A sentence of the plain rules that a variant overturns: that edition must not state it before its annex.
OVERTURNED = {
    "teleportation-portail": "Il faut une seconde tuile Téléportation",
    "sans-couleurs": "portail libre d'une autre couleur",
    "effet-et-collection": "portail de sa couleur ne se déclenche pas",
    "rentree-1": "tenter ce retour",
}


@pytest.mark.parametrize("variant_id", sorted(OVERTURNED))
def test_an_edition_does_not_state_the_plain_rule_its_variant_overturns(variant_id):
    assert OVERTURNED[variant_id] in rules_text(None)
    assert OVERTURNED[variant_id] not in rules_text(variant_id)


def test_the_points_edition_gives_its_figures_after_the_whole_movement_text():
    """A list of the movement text is not cut by the three figures of the points edition."""
    from generator.rulebook.markdown import FigureBlock, Paragraph, plain
    blocks = read_rulebook(GAME, figures=_figures(), variant=VARIANTS["points"]).blocks
    last_text = max(i for i, b in enumerate(blocks)
                    if isinstance(b, Paragraph) and plain(b.spans).startswith("Une case ne porte jamais"))
    figures = [i for i, b in enumerate(blocks) if isinstance(b, FigureBlock) and b.id.startswith("variante-points")]
    assert figures and last_text < min(figures)
