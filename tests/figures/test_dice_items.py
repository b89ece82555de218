"""A figure of several dice, each showing one face (`show.items: [die:face, ...]`, '|' for a new row): a roll of
heroes over the oracles in play. Drawn from the dice's own faces; every die and face it names is checked."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from generator.content import ContentError, load_game
from generator.content.diagrams import load_diagrams
from generator.figures import game_figures

FIXTURES = Path(__file__).parent / "fixtures"


def _game(tmp_path: Path, items: str) -> Path:
    folder = tmp_path / "croisee"
    shutil.copytree(FIXTURES / "croisee", folder)
    (folder / "diagrams.yaml").write_text(textwrap.dedent(f"""\
        - id: lancer
          caption: Deux dés sur leur face, puis un troisième.
          "on": des
          show:
            items: {items}
            highlight: ["meteo:cross"]
        """), encoding="utf-8")
    return folder


def test_rows_of_dice_each_on_the_face_named_by_value_or_place(tmp_path):
    folder = _game(tmp_path, '[course:star, meteo:cross, "|", course:2]')
    game = load_game(folder.parent, "croisee")
    diagram, = load_diagrams(folder / "diagrams.yaml", game.components)
    dice = next(c for c in game.components if c.id == "des")
    rows = dice.rolled(diagram)
    assert [[(die.id, index) for die, index, _ in row] for row in rows] == [[("course", 5), ("meteo", 5)],
                                                                            [("course", 1)]]
    figure = game_figures(game, folder.parent)["lancer"]
    # two faces on the first row, one below: 14 mm faces, 3 mm apart
    assert figure.width_mm == pytest.approx(2 * 14 + 3) and figure.height_mm == pytest.approx(2 * 14 + 3)
    svg = figure.svg()
    assert svg.count("<path") == 2 and svg.count("<circle") == 2      # the star and the cross; two pips


@pytest.mark.parametrize("items, message", [
    ("[meteo:pi]", "die 'meteo' has no face 'pi'"),
    ("[lune:star]", "is not 'die:face' with a die of 'des'"),
    ("[course:star, course:star]", "a die is listed twice"),
])
def test_a_die_or_face_the_component_lacks_is_refused_at_its_line(tmp_path, items, message):
    folder = _game(tmp_path, items)
    with pytest.raises(ContentError) as err:
        load_diagrams(folder / "diagrams.yaml", load_game(folder.parent, "croisee").components)
    assert message in str(err.value) and "diagrams.yaml:5" in str(err.value)


def test_a_die_piece_showing_an_icon_face_draws_the_icon_not_its_name():
    from generator.components.pieces import draw_piece
    from generator.content.models import PieceStyle
    from generator.draw.svg import SvgCanvas
    canvas = SvgCanvas(30, 30)
    # a built-in icon: a game's own (PuXes's smiley) is known only while that game is built
    draw_piece(canvas, PieceStyle(shape="die", fill="#F2C4BE", size_mm=25, label="A"), 15, 15, "swords")
    svg = canvas.tostring()
    assert "swords" not in svg and svg.count("<path") == 1 and ">A<" in svg
