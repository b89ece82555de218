"""A figure that shrinks a component keeps its labels at the reader's floor (min_label_pt): each label prints at
it or above, enlarged where it fits, left out where it does not; a row of items that would shrink them under
half their size is split into rows. Read back from the PDF the figure is drawn in, at the column's scale and
at the booklet's, as the reader's preflight reads the rulebook."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from generator.content import load_game
from generator.draw.pdf import PdfCanvas
from generator.engine.checker import load_game_diagrams
from generator.figures import game_figures
from generator.reader_thresholds import value as threshold
from tests.conftest import ROOT

CONTENT = ROOT / "content"
FLOOR = threshold("min_label_pt")


def _figure(game_id: str, figure_id: str):
    game = load_game(CONTENT, game_id)
    diagrams = [d for d in load_game_diagrams(game_id, CONTENT, game.components) if d.id == figure_id]
    return game_figures(game, CONTENT, diagrams=diagrams)[figure_id]


def _words(figure, scale: float = 1.0) -> list[tuple[str, float]]:
    """Each word of the figure drawn `scale` times its size (the rulebook shrinks a figure wider than its
    column, the booklet's column is narrower), with its printed size in pt."""
    pdf = PdfCanvas()
    pdf.begin_page(210, 297)
    with pdf.group(translate=(10, 10), scale=scale):
        figure.draw(pdf)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        return [(w["text"], round(w["size"], 2)) for w in doc.pages[0].extract_words(extra_attrs=["size"])]


@pytest.mark.parametrize("scale", [1.0, 0.8])
def test_a_row_of_eight_tiles_is_laid_in_two_rows_its_names_readable(scale):
    figure = _figure("praxis", "collection-score")        # eight tiles; in one row each would be 13 mm wide
    assert figure.height_mm > 2 * 0.5 * 32.5                 # two rows, each tile at least half its size
    words = _words(figure, scale)
    assert min(size for _, size in words) >= FLOOR - 0.01
    texts = {text for text, _ in words}
    assert {"+1", "Plus", "Moins", "Duel", "Pioche"} <= texts


def test_a_row_of_five_cards_keeps_the_small_print_of_each_card_at_the_floor():
    figure = _figure("lutinades", "grand-suivi")           # a card and four backs
    words = _words(figure, 0.8)
    assert min(size for _, size in words) >= FLOOR - 0.01
    texts = [text for text, _ in words]
    assert "cueilleur" in texts and "lutin" in texts       # 7 pt on the card: enlarged back to the floor


def test_a_whole_mat_keeps_the_labels_that_fit_their_zones_and_leaves_out_its_rulers():
    figure = _figure("puxes", "tapis-deux-joueurs")        # 60 x 90 cm drawn about 1:6
    words = _words(figure)
    assert words and min(size for _, size in words) >= FLOOR - 0.01
    line = " ".join(text for text, _ in words)
    # enlarged within their zones: A's gardens, and B's (turned to face B: pdfplumber reads them backwards)
    assert "Jardin public A" in line and "Jardin sacré A" in line
    assert "cilbup nidraJ" in line and "ércas nidraJ" in line
    assert "DiXe" not in line                              # the ruler's and scale square's marks: left out
