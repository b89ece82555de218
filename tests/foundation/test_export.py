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


# Tabletop Simulator's saved-object format, field by field (TTS wiki "Save File Format"; TTS Mod Manager's
# "Saved Object" table: a save whose outer fields are empty or at their defaults, its objects in ObjectStates).
SAVED_OBJECT = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
                "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
                "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
TRANSFORM_KEYS = {f"{what}{axis}" for what in ("pos", "rot", "scale") for axis in "XYZ"}
OBJECT_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "CustomDeck", "Hands", "SidewaysCard"}
DECK_KEYS = OBJECT_KEYS | {"DeckIDs", "ContainedObjects"}
CARD_KEYS = OBJECT_KEYS | {"CardID"}
CUSTOM_DECK_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}


def check_tts_saved_object(data: dict, folder: Path) -> list[dict]:
    """What Tabletop Simulator's loader needs of a saved object (Saves/Saved Objects/*.json), pinned key by key:
    the save's outer fields empty, ObjectStates one Card or DeckCustom; a deck's DeckIDs are its cards' CardIDs
    in order; each CardID is a CustomDeck entry * 100 + a slot of that entry's grid (at most 10 x 7, the last
    slot kept for the hidden card); every object has a full Transform, lying face down; every image URL names a
    file of the export folder, whose pixels divide into the grid. Returns the cards."""
    assert {k: v for k, v in data.items() if k != "ObjectStates"} == SAVED_OBJECT
    assert len(data["ObjectStates"]) == 1
    [state] = data["ObjectStates"]
    cards = state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]
    if state["Name"] == "DeckCustom":
        assert set(state) == DECK_KEYS and state["Hands"] is False
        assert state["DeckIDs"] == [card["CardID"] for card in cards] and len(cards) >= 2
        assert all(isinstance(n, int) for n in state["DeckIDs"])
    else:
        assert state["Name"] == "Card"
    for obj in [state] + cards:
        transform = obj["Transform"]
        assert set(transform) == TRANSFORM_KEYS and all(isinstance(v, float) for v in transform.values())
        assert (transform["rotY"], transform["rotZ"], transform["scaleY"]) == (180.0, 180.0, 1.0)    # face down
        assert len(obj["GUID"]) == 6 and int(obj["GUID"], 16) >= 0 and obj["SidewaysCard"] is False
    assert len({obj["GUID"] for obj in [state] + cards}) == len(cards) + (state is not cards[0])
    for card in cards:
        assert set(card) == CARD_KEYS and card["Name"] == "Card" and card["Hands"] is True
        assert isinstance(card["Nickname"], str) and isinstance(card["CardID"], int)
        entry, slot = divmod(card["CardID"], 100)
        assert entry >= 1 and list(card["CustomDeck"]) == [str(entry)]
        deck = card["CustomDeck"][str(entry)]
        if state["Name"] == "DeckCustom":
            assert state["CustomDeck"][str(entry)] == deck
        assert set(deck) == CUSTOM_DECK_KEYS and isinstance(deck["UniqueBack"], bool)
        assert (deck["NumWidth"], deck["NumHeight"]) == (10, 7)
        assert 0 <= slot < deck["NumWidth"] * deck["NumHeight"] - 1
        assert deck["Type"] == 0 and deck["BackIsHidden"] is True
        for key in ("FaceURL", "BackURL"):
            assert deck[key].startswith("file://") and Path(deck[key][len("file://"):]).parent == folder
    return cards


def _slot(image: Image.Image, n: int, x: float = 0.5, y: float = 0.5):
    cell_w, cell_h = image.width / 10, image.height / 7
    column, row = n % 10, n // 10
    return image.getpixel((int(column * cell_w + x * cell_w), int(row * cell_h + y * cell_h)))


def test_the_deck_sheet_holds_every_copy_on_tts_grid_and_the_back_in_the_bottom_right_slot(exported):
    saved = json.loads((exported / "actions-tts.json").read_text(encoding="utf-8"))
    cards = check_tts_saved_object(saved, exported)
    assert len(cards) == 18 and saved["ObjectStates"][0]["Nickname"] == "Cartes Action"   # 6 + 10 + 2 copies
    assert [c["CardID"] for c in cards] == list(range(100, 118))
    deck = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert (deck["NumWidth"], deck["NumHeight"], deck["UniqueBack"]) == (10, 7, False)
    image = Image.open(exported / Path(deck["FaceURL"]).name).convert("RGB")
    front = Image.open(exported / "actions" / "actions-01-recto.png").convert("RGB")
    back = Image.open(exported / "actions" / "actions-01-verso.png").convert("RGB")
    assert image.width / 10 == pytest.approx(front.width, abs=1) and image.height / 7 == pytest.approx(front.height, abs=1)
    middle = (front.width // 2, front.height // 2)
    assert _slot(image, 69) == back.getpixel(middle) == (0x24, 0x46, 0x6B)     # the back, bottom right
    assert _slot(image, 0) == front.getpixel(middle)
    assert cards[0]["Nickname"] == cards[5]["Nickname"] and cards[6]["Nickname"] != cards[0]["Nickname"]
    for n in (6, 17):      # a "Reculer" and the second "Joker": faces, not the back
        assert _slot(image, n) != (0x24, 0x46, 0x6B)
    assert _slot(image, 18) == _slot(image, 68) == (255, 255, 255)                 # empty slots
    back_alone = Image.open(exported / Path(deck["BackURL"]).name).convert("RGB")
    assert back_alone.getpixel((back_alone.width // 2, back_alone.height // 2)) == (0x24, 0x46, 0x6B)


def test_a_deck_with_two_backs_exports_a_back_per_card_on_the_same_grid(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    deck = content / "demo" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "back:\n", 'backs:\n  sort:\n    - background: {colour: "#7030A0"}\nback:\n', 1), encoding="utf-8")
    (content / "demo" / "cards.csv").write_text('name,value,text,count,back\n"Avancer",1,"Avancez.",2,\n'
                                                '"Boule de feu",3,"Brûlez.",1,sort\n', encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["export", "demo", "--content", str(content), "--out", str(out), "--dpi", "40"])
    assert result.exit_code == 0, result.output
    folder = out / "_export" / "demo"
    saved = json.loads((folder / "cartes-tts.json").read_text(encoding="utf-8"))
    cards = check_tts_saved_object(saved, folder)
    assert [c["Nickname"] for c in cards] == ["Avancer", "Avancer", "Boule de feu"]
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True
    backs = Image.open(folder / Path(entry["BackURL"]).name).convert("RGB")
    assert (backs.width, backs.height) == Image.open(folder / Path(entry["FaceURL"]).name).size
    # the shared back behind the Avancer cards, the Spell's own back behind its face (above the back's title)
    assert _slot(backs, 0, y=0.15) == _slot(backs, 1, y=0.15) == (0x24, 0x46, 0x6B)
    assert _slot(backs, 2, y=0.15) == (0x70, 0x30, 0xA0)
    # Online images: --tts-url names them there
    result = CliRunner().invoke(cli, ["export", "demo", "--content", str(content), "--out", str(out), "--dpi", "40",
                                      "--tts-url", "https://example.org/demo/"])
    entry = json.loads((folder / "cartes-tts.json").read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/demo/cartes-tts-1.png"


def test_the_same_content_gives_the_same_bytes(exported, tmp_path):
    result = CliRunner().invoke(cli, ["export", "cartes", "--content", str(FIXTURES), "--out", str(tmp_path),
                                      "--dpi", str(DPI)])
    assert result.exit_code == 0
    again = tmp_path / "_export" / "cartes"
    names = sorted(str(p.relative_to(exported)) for p in exported.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(again)) for p in again.rglob("*") if p.is_file())
    for name in names:
        if name.endswith("-tts.json"):      # its image URLs name the folder it was written to: else the same
            assert (exported / name).read_bytes().replace(exported.as_uri().encode(), b"") == \
                (again / name).read_bytes().replace(again.as_uri().encode(), b""), name
            continue
        assert (exported / name).read_bytes() == (again / name).read_bytes(), name


def test_a_game_that_does_not_load_exports_nothing_and_says_where(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
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
