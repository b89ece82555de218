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


def _page(figure):
    pdf = PdfCanvas()
    pdf.begin_page(210, 297)
    with pdf.group(translate=(10, 10)):
        figure.draw(pdf)
    return pdfplumber.open(io.BytesIO(pdf.finish())).pages[0]


MM = 25.4 / 72
ACCENT_RGB = (0.752941, 0.223529, 0.168627)               # components/diagram/figure.py ACCENT, #C0392B


@pytest.mark.parametrize("figure_id", ["tapis-deux-joueurs", "tapis-trois-joueurs", "tapis-quatre-joueurs",
                                       "tapis-deux-temples"])
def test_a_whole_mat_keeps_the_labels_that_fit_their_zones_clear_of_the_places_inside_them(figure_id):
    # Enlarged to the floor, "Jardin public A" (9 pt at 1:6) grew down over the oracles' places (fig 6): a zone's
    # label is boxed in the band above the zones inside it, and left out where it does not fit there.
    figure = _figure("puxes", figure_id)                  # a whole mat or its middle, drawn 1:4.6 to 1:7.5
    page = _page(figure)
    factor = figure.width_mm / {"tapis-deux-joueurs": 220, "tapis-deux-temples": 320}.get(figure_id, 900)
    side = 25 * factor                                     # a DiXe's place: oracles, temples, the scale square
    places = [o for o in page.rects + page.curves
              if abs((o["x1"] - o["x0"]) * MM - side) < 0.3 and abs((o["bottom"] - o["top"]) * MM - side) < 0.3
              and o["object_type"] == "rect"]            # not the figure's marks (discs naming the players)
    assert len(places) >= 8
    words = page.extract_words(extra_attrs=["size"])
    assert min(w["size"] for w in words) >= FLOOR - 0.01
    discs = [o for o in page.curves if o.get("non_stroking_color") == ACCENT_RGB]      # the figure's marks
    for w in words:
        if any(d["x0"] <= w["x0"] and w["x1"] <= d["x1"] and d["top"] <= w["top"] and w["bottom"] <= d["bottom"]
               for d in discs):
            continue        # a mark's letter, set on its place on purpose
        for o in places:
            apart = (w["x1"] <= o["x0"] or w["x0"] >= o["x1"] or w["bottom"] <= o["top"] or w["top"] >= o["bottom"])
            assert apart, f"{figure_id}: '{w['text']}' lies over a place inside its zone"


def test_the_two_player_mat_from_temple_to_temple_names_its_sacred_gardens_and_leaves_out_its_rulers_and_guides():
    from generator.components.mat import ZONE_LABEL_PAD_MM
    from generator.draw.fonts import text_width_mm
    from generator.draw.style import TextStyle
    figure = _figure("puxes", "tapis-deux-joueurs")        # the mat's middle, 220 x 695 mm, drawn about 1:4.6
    page = _page(figure)
    line = " ".join(w["text"] for w in page.extract_words())
    # A's sacred garden, and B's (turned to face B: pdfplumber reads it backwards), named at the reader's 6 pt
    # floor: the whole mat at 1:6 left them out ("Jardin sacré A" needed 79 mm of a 75 mm garden), the figure
    # cropped to the gardens draws them 1:4.6, where the name takes 61 mm
    scale = figure.width_mm / 220
    assert text_width_mm("Jardin sacré A", TextStyle(size_pt=FLOOR / scale, bold=True)) <= 75 - 2 * ZONE_LABEL_PAD_MM
    assert "Jardin sacré A" in line and "ércas nidraJ" in line
    assert min(w["size"] for w in page.extract_words(extra_attrs=["size"])) >= FLOOR - 0.01
    assert "Jardin public" not in line                     # no room above the oracles' places at this scale
    assert "DiXe" not in line and "Joueur" not in line     # the ruler's, the measures' and the notes' words
    # ... and their marks: the ruler's black bars, the centre's cross and the measures' lines
    ink = (0.133333, 0.133333, 0.133333)
    assert not [o for o in page.rects if o.get("fill") and o.get("non_stroking_color") == ink]
    straight = [ln for ln in page.lines if min(abs(ln["x1"] - ln["x0"]), abs(ln["bottom"] - ln["top"])) < 0.01
                and max(abs(ln["x1"] - ln["x0"]), abs(ln["bottom"] - ln["top"])) * MM > 2]
    assert not straight                                    # (the sacred gardens' stripes run at 45°)


def test_onis_card_prints_its_every_word_at_the_floor():
    # three cards in a row drew them at half their size: the 6 pt floor left Oni's power out of its card (at 5 pt it
    # printed); drawn alone, the card keeps each word of it at 6 pt or more
    from generator.draw.icons import game_icons
    with game_icons(load_game(CONTENT, "puxes").icons):      # the game's own icons (export.py draws with them)
        words = _words(_figure("puxes", "cartes-premier-lancer"))
    texts = [text for text, _ in words]
    assert "Protection" in texts and "passif" in texts and "qu’Oni" in texts and "disparaît." in texts
    assert min(size for _, size in words) >= FLOOR - 0.01
