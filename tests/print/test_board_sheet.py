"""A board on one sheet hosting pieces of its stock in the band under it (print/board_sheet.py): Armada's 40
ships under the board, read back from the built PDF in mm (the board at the top, the ships in balanced rows,
each block's crop marks clear of the other's, the ships' bleed), the guide's words, the reader's partner
warning when the ships go alone again, and a board too large for one sheet refusing its guests at its file."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import cli

MM = 72 / 25.4
RED = (0.752941, 0.223529, 0.168627)      # the Spanish ships' fill, #C0392B


def _mm(box):
    return tuple(round(v / MM, 2) for v in box)


@pytest.fixture(scope="module")
def armada(game_build):
    out = game_build("armada").out
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return out, manifest, next(f for f in manifest["files"] if f["file"] == "plateau.pdf")


def test_the_ships_print_under_the_board_on_its_one_sheet(armada):
    out, manifest, entry = armada
    assert not (out / "navires.pdf").exists() and "navires.pdf" not in [f["file"] for f in manifest["files"]]
    [page] = entry["pages"]
    board = [i for i in page["items"] if i["component"] == "plateau"]
    ships = [i for i in page["items"] if i["component"] == "navires"]
    assert len(board) == 1 and len(ships) == 40
    bx, by, bw, bh = board[0]["trim_mm"]
    # at the top of the A4 sheet: as much room above it as beside it (the 5 mm margin and 6 mm for its marks)
    assert (bw, bh) == (188.0, 188.0) and bx == pytest.approx(11.0) and by == pytest.approx(bx)
    art_bottom = board[0]["art_mm"][1] + board[0]["art_mm"][3]
    # 14 mm squares in four full rows of ten (not 13 + 13 + 13 + 1), under the board's art and its marks
    rows = sorted({s["trim_mm"][1] for s in ships})
    assert len(rows) == 4 and all(sum(s["trim_mm"][1] == y for s in ships) == 10 for y in rows)
    assert all(s["trim_mm"][2:] == [14.0, 14.0] for s in ships)
    assert min(s["art_mm"][1] for s in ships) > art_bottom + 5
    assert max(s["art_mm"][1] + s["art_mm"][3] for s in ships) < 297 - 5 - 5      # above the page label
    assert [s["id"] for s in ships[:20]] == ["espagnol"] * 20 and {s["id"] for s in ships[20:]} == {"anglais"}

    with pdfplumber.open(out / "plateau.pdf") as pdf:
        assert len(pdf.pages) == 1
        p = pdf.pages[0]
        lines = [_mm((ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in p.lines]
        reds = [_mm((r["x0"], r["top"], r["x1"], r["bottom"])) for r in p.rects
                if tuple(round(c, 6) for c in (r.get("non_stroking_color") or ())) == RED]

    def vertical(x):
        return [ln for ln in lines if abs(ln[0] - x) < 0.05 and abs(ln[2] - x) < 0.05 and ln[3] - ln[1] <= 5.05]

    # the board's own crop marks: under its bottom corners, ending above the band's first mark
    board_marks = [ln for x in (bx, bx + bw) for ln in vertical(x) if ln[1] > by + bh]
    assert len(board_marks) == 2 and all(ln[1] > art_bottom for ln in board_marks)
    x0s = sorted({s["trim_mm"][0] for s in ships})
    ship_marks = [ln for x in x0s + [x0s[-1] + 14] for ln in vertical(x) if ln[1] > art_bottom]
    # a white strip of 2 mm between the two blocks of marks: the band is cut off along it, crossing no mark
    assert ship_marks and min(ln[1] for ln in ship_marks) >= max(ln[3] for ln in board_marks) + 2 - 0.01
    top, bottom = rows[0], rows[-1] + 14
    for x in x0s + [x0s[-1] + 14]:       # every cut line across the band: a mark above and below the block
        marks = vertical(x)
        assert any(ln[3] < top - 1.5 for ln in marks) and any(ln[1] > bottom + 1.5 for ln in marks), (x, marks)
    for y in rows + [bottom]:
        sides = [ln for ln in lines if abs(ln[1] - y) < 0.05 and abs(ln[3] - y) < 0.05 and ln[2] - ln[0] <= 5.05]
        assert any(ln[2] < x0s[0] - 1.5 for ln in sides) and any(ln[0] > x0s[-1] + 14 + 1.5 for ln in sides), y
    # the red ships are red to their bleed beyond the block's outer cuts
    first = ships[0]["trim_mm"]
    assert min(r[0] for r in reds) < first[0] - 2 and min(r[1] for r in reds if r[1] > art_bottom) < first[1] - 1


def test_the_guide_says_where_the_ships_are_and_the_reader_finds_nothing(armada):
    _, manifest, entry = armada
    steps = entry["print"]["steps"]
    assert steps[1] == "Navires : sur la même feuille, sous « Plateau de L'Invincible Armada »."
    assert "Collez la feuille sur du carton avant de découper." in steps
    assert any(s.startswith("Commencez par séparer les rangées") for s in steps)
    assert "alone" not in entry["print"]
    assert manifest["preflight"]["warnings"] == 0


def test_ships_sent_back_to_their_own_sheet_are_told_the_board_could_hold_them(game_copy):
    content = game_copy("armada")
    counters = content / "armada" / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        "sheet_with: plateau", 'sheet_alone: "le plateau remplit à lui seul sa feuille"'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "armada", "--strict", "--content", str(content)])
    assert result.exit_code != 0
    said = [ln for ln in result.output.splitlines() if "counters.yaml" in ln]
    assert said and "plateau" in said[0] and "sheet_with" in said[0], result.output


def test_a_board_too_large_for_one_sheet_refuses_its_guests_at_its_file(game_copy):
    content = game_copy("armada")
    board = content / "armada" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("cell_mm: 17 ", "cell_mm: 25 "), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "armada", "--content", str(content)])
    assert result.exit_code == 2, result.output
    assert "board.yaml" in result.output and "does not fit one" in result.output and "Traceback" not in result.output
