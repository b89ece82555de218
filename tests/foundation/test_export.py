"""`pnp export`: every card, tile and counter face as a PNG of its trim at the stated resolution, and a Tabletop
Simulator deck sheet per set, read back pixel by pixel against the single faces."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import cli
from generator.content import load_game
from generator.kinds import kind_of

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "kinds" / "fixtures"
DPI = 100


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export")
    result = CliRunner().invoke(cli, ["export", "cartes", "--content", str(FIXTURES), "--out", str(out),
                                      "--dpi", str(DPI)])
    assert result.exit_code == 0, result.output
    assert "fichiers écrits" in result.output
    return out / "_export" / "cartes"


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def test_every_face_of_every_set_is_a_png_of_its_trim_at_the_stated_resolution(exported):
    game = load_game(FIXTURES, "cartes")
    sets = 0
    for component in game.components:
        make = kind_of(component).items
        if make is None:
            continue
        sets += 1
        for item in make(component, game.folder):
            for side, face in (("recto", item.front), ("verso", item.back)):
                path = exported / component.id / f"{item.id}-{side}.png"
                if face is None:
                    assert not path.exists()
                    continue
                image = Image.open(path)
                assert abs(image.width - _px(face.width_mm)) <= 1 and abs(image.height - _px(face.height_mm)) <= 1
                assert image.mode == "RGB"
                assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.5)
    assert sets == 3          # the deck, the tiles and the counters; the dice are not cut out one by one


def test_the_deck_sheet_holds_every_copy_and_the_back_in_the_bottom_right_slot(exported):
    described = json.loads((exported / "actions-tts.json").read_text(encoding="utf-8"))
    [sheet] = described["sheets"]
    assert (sheet["columns"], sheet["rows"], sheet["cards"]) == (10, 2, 18)     # 6 + 10 + 2 copies, then the back
    image = Image.open(exported / sheet["face_image"]).convert("RGB")
    front = Image.open(exported / "actions" / "actions-01-recto.png").convert("RGB")
    back = Image.open(exported / "actions" / "actions-01-verso.png").convert("RGB")
    cell_w, cell_h = image.width / 10, image.height / 2
    assert cell_w == pytest.approx(front.width, abs=1) and cell_h == pytest.approx(front.height, abs=1)

    def slot(column: int, row: int, x: float, y: float):
        return image.getpixel((int(column * cell_w + x * cell_w), int(row * cell_h + y * cell_h)))

    middle = (front.width // 2, front.height // 2)
    assert slot(9, 1, 0.5, 0.5) == back.getpixel(middle) == (0x24, 0x46, 0x6B)     # the back, bottom right
    assert slot(0, 0, 0.5, 0.5) == front.getpixel(middle)
    for column, row in ((6, 0), (7, 1)):      # a "Reculer" and the second "Joker": faces, not the back
        assert slot(column, row, 0.5, 0.5) != (0x24, 0x46, 0x6B)
    assert slot(8, 1, 0.5, 0.5) == (255, 255, 255)                                  # the empty slot
    back_alone = Image.open(exported / described["back_image"]).convert("RGB")
    assert back_alone.getpixel((back_alone.width // 2, back_alone.height // 2)) == (0x24, 0x46, 0x6B)


def test_the_same_content_gives_the_same_bytes(exported, tmp_path):
    result = CliRunner().invoke(cli, ["export", "cartes", "--content", str(FIXTURES), "--out", str(tmp_path),
                                      "--dpi", str(DPI)])
    assert result.exit_code == 0
    again = tmp_path / "_export" / "cartes"
    names = sorted(str(p.relative_to(exported)) for p in exported.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(again)) for p in again.rglob("*") if p.is_file())
    for name in names:
        assert (exported / name).read_bytes() == (again / name).read_bytes(), name


def test_a_game_that_does_not_load_exports_nothing_and_says_where(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content)]).exit_code == 0
    (content / "demo" / "game.yaml").write_text("id: demo\ntitle: [\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["export", "demo", "--content", str(content), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "game.yaml:" in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "out" / "_export" / "demo").exists()


def test_a_png_decodes_to_the_pixels_it_was_given():
    from generator.export import png
    rows = [bytes([255, 0, 0, 0, 255, 0]), bytes([0, 0, 255, 255, 255, 255])]
    image = Image.open(io.BytesIO(png(2, 2, rows, 150)))
    assert [image.getpixel((x, y)) for y in range(2) for x in range(2)] == [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    assert image.info["dpi"] == pytest.approx((150, 150), abs=0.5)
