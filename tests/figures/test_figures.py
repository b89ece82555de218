"""Figures on any component: a game without an engine illustrates its rules on a board, a map, a mat,
a hand of cards and a die's faces; claims need an engine; every name a figure uses is checked."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.build import BuildOptions, build_games
from generator.cli import cli
from generator.content import ContentError, load_game
from generator.engine.checker import check_diagrams
from generator.figures import figure_count, game_figures

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
GAME = "croisee"
ACCENT_RGB = (0.753, 0.224, 0.169)      # #C0392B, the one accent colour of every figure
CAPTIONS = {
    "depart": "Les deux pions au départ",
    "plateau-debut": "La mise en place.",
    "riviere": "Le pion traverse la rivière",
    "main": "Une main de trois cartes",
    "tableau": "Deux cartes posées face visible.",
    "faces-course": "Les six faces du dé de course.",
    "faces-meteo": "Trois faces du dé de météo.",
    "reserve": "La réserve, où l",
    "tresor": "Les jetons d’or et d’argent, ronds.",
}


@pytest.fixture(scope="module")
def croisee_build(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build_games(FIXTURES, out, [GAME], BuildOptions())
    return out / GAME


@pytest.fixture
def croisee_copy(tmp_path):
    """A copy of the fixture game whose diagrams.yaml the test writes."""
    def make(diagrams: str) -> Path:
        content = tmp_path / "content"        # its own folder: an output beside it, never inside
        shutil.copytree(FIXTURES / GAME, content / GAME)
        (content / GAME / "diagrams.yaml").write_text(textwrap.dedent(diagrams), encoding="utf-8")
        return content
    return make


def _is_accent(colour) -> bool:
    return isinstance(colour, tuple) and len(colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(colour, ACCENT_RGB))


def test_a_game_without_engine_has_its_figures_in_the_rulebook_numbered_with_captions_and_vectors(croisee_build):
    with pdfplumber.open(croisee_build / "regles.pdf") as pdf:
        pages = [(page.extract_text() or "", page) for page in pdf.pages]
        text = "\n".join(t for t, _ in pages)
        for number, (figure_id, caption) in enumerate(CAPTIONS.items(), start=1):
            assert re.search(rf"Figure {number} — {re.escape(caption)}", text), (figure_id, number)
        figure_pages = [page for t, page in pages if "Figure " in t]
        for page in figure_pages:
            shapes = page.rects + page.curves + page.lines
            assert len(shapes) >= 8, "a figure is vector art, not text alone"
            assert any(_is_accent(s.get("non_stroking_color")) or _is_accent(s.get("stroking_color"))
                       for s in shapes), "marks, arrows and highlights are drawn in the accent colour"


def test_every_figure_is_also_written_as_an_svg_of_the_component_s_own_drawing(croisee_build):
    svgs = {p.stem: p.read_text(encoding="utf-8") for p in (croisee_build / "diagrams").glob("*.svg")}
    assert sorted(svgs) == sorted(CAPTIONS)
    assert (croisee_build / "regles.html").read_text(encoding="utf-8").count("<svg") == len(CAPTIONS)
    for figure_id, svg in svgs.items():
        if figure_id != "plateau-debut":       # the only figure with no mark, arrow or highlight
            assert "#C0392B" in svg.upper(), figure_id
    # The map's rocks and river, the card backs and fronts, the mat's zone: each drawn by its own code.
    assert "#6D6256" in svgs["riviere"].upper() and "#CFE8F6" in svgs["riviere"].upper()
    assert "#2F3F6D" in svgs["main"].upper(), "the last card of the hand lies face down, its back shown"
    assert "#FFF8E7" in svgs["main"].upper(), "the first cards of the hand show their fronts"
    assert "Lune" in svgs["tableau"] and "Soleil" in svgs["tableau"]
    assert "#CDE8C4" in svgs["reserve"].upper() and "Réserve" in svgs["reserve"]


def test_each_figure_is_cropped_to_what_it_names():
    figures = game_figures(load_game(FIXTURES, GAME), FIXTURES)
    # The net is the cross of the printed patterns: three faces wide, four tall; the row holds three faces.
    net, row = figures["faces-course"], figures["faces-meteo"]
    assert net.width_mm / net.height_mm == pytest.approx(3 / 4)
    assert row.width_mm / row.height_mm == pytest.approx((3 * 14 + 2 * 3) / 14)
    # The mat's 'Réserve' zone (120 x 80 mm) with 5 mm of the mat round it, not the whole 300 x 200 mat.
    assert figures["reserve"].width_mm / figures["reserve"].height_mm == pytest.approx(130 / 90)
    # The map crop [a1, f5]: 6 x 5 cells and a margin of coordinates all round.
    riviere = figures["riviere"]
    assert (riviere.width_mm - 10) / (riviere.height_mm - 10) == pytest.approx(6 / 5)


def test_figures_fit_the_rulebook_column():
    game = load_game(FIXTURES, GAME)
    for figure in game_figures(game, FIXTURES).values():
        assert 10 < figure.width_mm <= 120.0 + 1e-6 and 10 < figure.height_mm <= 150.0


def test_the_croisee_illustrations_need_no_engine_and_are_counted_as_such():
    game = load_game(FIXTURES, GAME)
    assert check_diagrams(GAME, FIXTURES) == []
    count = figure_count(game, FIXTURES)
    assert (count.checked, count.illustrations) == (0, len(CAPTIONS))


def test_a_claim_in_a_game_without_engine_is_refused_with_file_and_line(croisee_copy):
    content = croisee_copy("""\
        - id: depart
          caption: Le rouge avance.
          on: plateau
          position: {a1: rouge}
          expect:
            - legal: [a1-a2]
        """)
    with pytest.raises(ContentError) as err:
        check_diagrams(GAME, content)
    assert "diagrams.yaml:5: diagram 'depart': expect: game 'croisee' has no rules engine" in err.value.format()
    result = CliRunner().invoke(cli, ["validate", GAME, "--content", str(content)])
    assert result.exit_code == 2 and "diagrams.yaml:5: diagram 'depart': expect" in result.output


@pytest.mark.parametrize("show, line, expected", [
    ("on: cartes\n  show:\n    items: [soleil, lunne]", 4, "'cartes' has no item 'lunne' (did you mean 'lune'?)"),
    ("on: cartes\n  show:\n    items: [soleil, 7]", 4, "'cartes' has no item '7'"),
    ("on: cartes\n  show:\n    items: [comete]", 4, "row 4 of 'cartes' (comete) has count 0"),
    ("on: cartes\n  show:\n    items: [{item: lune, side: back}, soleil]\n    marks: [{at: etoile, label: '1'}]", 5,
     "'etoile' is not one of the items shown (lune, soleil)"),
    ("on: carte\n  show:\n    crop: [a1, k5]", 4, "'k5' is not a cell of the 10x5 map 'carte'"),
    ("on: carts\n  show:\n    items: [1]", 2, "on: no component 'carts' (did you mean 'cartes'?)"),
    ("on: des\n  show:\n    die: meteor", 4, "die: 'meteor' is not a die of 'des' (did you mean 'meteo'?)"),
    ("on: des\n  show:\n    faces: [1, 7]", 4, "faces: 7 is not a face of a die"),
    ("on: des\n  show:\n    faces: [1, 2]\n    highlight: [3]", 5, "'3' is not a face shown in the figure (1, 2)"),
    ("on: aire\n  show:\n    zone: Reserve", 4, "mat 'aire' has no zone 'Reserve' (did you mean 'Réserve'?)"),
    ("on: plateau\n  show:\n    marks: [{at: g1, label: '1'}]", 4, "'g1' is not a square of the 6x6 board 'plateau'"),
    ("on: plateau\n  show:\n    items: [1]", 4, "show: 'items' does not apply to board 'plateau'"),
    ("on: plateau\n  position: {a1: rouje}", 3, "position: a1: no piece style 'rouje' (did you mean 'rouge'?)"),
    ("on: jetons\n  show:\n    items: [1, 2]\n    arrange: fan", 5, "a fan lays items over one another"),
])
def test_every_name_a_figure_uses_is_checked_with_file_line_and_a_hint(croisee_copy, show, line, expected):
    content = croisee_copy(f"- id: faux\n  caption: Faux.\n  {show}\n")
    for args in (["validate", GAME, "--content", str(content)],
                 ["build", GAME, "--content", str(content), "--out", str(content.parent / "out")]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, result.output
        assert f"diagrams.yaml:{line + 1}: diagram 'faux': " in result.output, result.output
        assert expected in result.output, result.output


@pytest.mark.parametrize("game, checked", [("tactix", 9), ("tectonic", 21), ("praxis", 35), ("armada", 11)])
def test_the_four_games_figures_are_all_still_checked_and_drawn(game, checked):
    content = ROOT / "content"
    assert check_diagrams(game, content) == []
    count = figure_count(load_game(content, game), content)
    assert (count.checked, count.illustrations) == (checked, 0)
    figures = game_figures(load_game(content, game), content)
    assert len(figures) == checked
    for figure in figures.values():
        assert figure.svg().count("<path") + figure.svg().count("<rect") >= 10, figure.id   # grid, pieces, accents


def test_validate_and_build_print_the_figures_checked_and_illustrations_of_each_game(tmp_path):
    runner = CliRunner()
    shutil.copytree(FIXTURES / GAME, tmp_path / "content" / GAME)
    shutil.copytree(ROOT / "content" / "tactix", tmp_path / "content" / "tactix")
    result = runner.invoke(cli, ["validate", GAME, "tactix", "--content", str(tmp_path / "content")])
    assert result.exit_code == 0, result.output
    assert "croisee : 0 figure vérifiée, 9 illustrations" in result.output.splitlines()
    assert "tactix : 9 figures vérifiées, 0 illustration" in result.output.splitlines()
    game_yaml = tmp_path / "content" / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("language: fr", "language: en"),
                         encoding="utf-8")
    result = runner.invoke(cli, ["build", GAME, "--content", str(tmp_path / "content"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert any(line.startswith("croisee: 0 figures checked, 9 illustrations · ") for line in result.output.splitlines())


def test_an_illustration_in_a_game_with_an_engine_is_drawn_from_the_engine_and_counted_apart(tmp_path):
    shutil.copytree(ROOT / "content" / "tactix", tmp_path / "tactix")
    diagrams = tmp_path / "tactix" / "diagrams.yaml"
    diagrams.write_text(diagrams.read_text(encoding="utf-8") + textwrap.dedent("""
        - id: depart-illustre
          caption: La position de départ.
          position: start
        - id: couronnes
          caption: Le dé-roi porte une couronne sur chaque face.
          on: des
          show: {die: roi-noir, faces: [1, 2]}
        """), encoding="utf-8")
    game = load_game(tmp_path, "tactix")
    assert check_diagrams("tactix", tmp_path) == []
    count = figure_count(game, tmp_path)
    assert (count.checked, count.illustrations) == (9, 2)
    figures = game_figures(game, tmp_path)
    assert "#2B2B2B" in figures["couronnes"].svg().upper()       # the black king die's own fill
    assert figures["depart-illustre"].svg().count("<circle") >= 18 * 2   # the pips of the start position's 18 dice


def test_the_scaffold_s_figure_format_builds_in_a_new_game(tmp_path):
    runner = CliRunner()
    content = tmp_path / "content"
    assert runner.invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    diagrams = content / "demo" / "diagrams.yaml"
    diagrams.write_text(diagrams.read_text(encoding="utf-8") + textwrap.dedent("""\
        - id: premier-coup
          caption: Blanc avance d'une case.
          on: plateau
          position: {a1: blanc, h8: noir}
          show:
            marks: [{at: a2, label: "1"}]
            arrows: [{path: [a1, a2]}]
            highlight: [a2]
        """), encoding="utf-8")
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + '\n{{ diagram("premier-coup") }}\n', encoding="utf-8")
    result = runner.invoke(cli, ["build", "demo", "--content", str(content), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert any(line.startswith("demo : 0 figure vérifiée, 2 illustrations · ") for line in result.output.splitlines())
    assert (tmp_path / "out" / "demo" / "diagrams" / "premier-coup.svg").is_file()
    with pdfplumber.open(tmp_path / "out" / "demo" / "regles.pdf") as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    assert "Figure 1 — La position de départ" in text          # the scaffold's own illustration
    assert "Figure 2 — Blanc avance d’une case." in text


def test_an_engine_with_figure_items_fills_a_hand_that_show_does_not_list(tmp_path, monkeypatch):
    from generator.engine import get_engine
    shutil.copytree(ROOT / "content" / "tactix", tmp_path / "tactix")
    for name in ("cartes.yaml", "cartes.csv"):
        shutil.copy(FIXTURES / GAME / name, tmp_path / "tactix" / name)
    game_yaml = tmp_path / "tactix" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("  - summary.yaml\n",
                                                                       "  - summary.yaml\n  - cartes.yaml\n"),
                         encoding="utf-8")
    (tmp_path / "tactix" / "diagrams.yaml").write_text(textwrap.dedent("""\
        - id: main-du-joueur
          caption: La main que le moteur donne au joueur.
          on: cartes
          position: start
        """), encoding="utf-8")
    asked = []

    def figure_items(position, component_id):
        asked.append(component_id)
        return ["lune", ("etoile", "back")]
    monkeypatch.setattr(get_engine("tactix"), "figure_items", figure_items, raising=False)
    figure = game_figures(load_game(tmp_path, "tactix"), tmp_path)["main-du-joueur"]
    assert asked == ["cartes"]
    svg = figure.svg()
    assert "Lune" in svg and "#2F3F6D" in svg.upper() and "Soleil" not in svg



@pytest.mark.parametrize("shape, corner_mm", [("round", 0.0), ("hex", 0.0), ("triangle", 0.0), ("rect", 3.0)])
def test_an_item_s_cut_outline_in_a_figure_is_its_trim(shape, corner_mm):
    """The page masks what the cut takes away along this outline: it must be the trim's own shape (a round
    counter's outline once came out as a circle of the whole width in radius, spilling over the page)."""
    from generator.components.diagram.items import _cut_ops
    from generator.components.face import Face
    face = Face(20.0, 20.0, bleed_mm=3.0, shape=shape, corner_mm=corner_mm, draw=lambda canvas: None)
    points = [(op[i], op[i + 1]) for op in _cut_ops(face) if op[0] != "Z" for i in range(1, len(op), 2)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert min(xs) == pytest.approx(3.0, abs=1e-9) and max(xs) == pytest.approx(23.0, abs=1e-9)
    assert min(ys) == pytest.approx(3.0, abs=1e-9) and max(ys) == pytest.approx(23.0, abs=1e-9)
