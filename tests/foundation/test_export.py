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


# Tabletop Simulator's own objects for tiles and counters (TTS Knowledge Base "Custom Tile", "Custom Token",
# "Save File Format"; the CustomImage of saved Custom_Tile / Custom_Token objects): a Bag whose ContainedObjects are
# the pieces, each with a CustomImage whose CustomTile (Type 0 Box, 1 Hex, 2 Circle, 3 Rounded) or CustomToken
# says its shape.
BAG_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "Bag", "ContainedObjects"}
PIECE_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "CustomImage"}
IMAGE_KEYS = {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale"}
TILE_KEYS = {"Type", "Thickness", "Stackable", "Stretch"}
TOKEN_KEYS = {"Thickness", "MergeDistancePixels", "StandUp", "Stackable"}


def check_tts_piece_bag(data: dict, folder: Path) -> list[dict]:
    """A saved object holding one Bag of tiles or counters, pinned key by key: the save's outer fields empty, the
    bag's keys, each piece a Custom_Tile of a TTS type or a Custom_Token, lying face up, its images files of the
    export folder (a token's one image, RGBA). Returns the pieces."""
    assert {k: v for k, v in data.items() if k != "ObjectStates"} == SAVED_OBJECT
    [bag] = data["ObjectStates"]
    assert set(bag) == BAG_KEYS and bag["Name"] == "Bag" and bag["Bag"] == {"Order": 0}
    pieces = bag["ContainedObjects"]
    assert pieces and len({p["GUID"] for p in pieces} | {bag["GUID"]}) == len(pieces) + 1
    for obj in [bag, *pieces]:
        assert set(obj["Transform"]) == TRANSFORM_KEYS and all(isinstance(v, float) for v in obj["Transform"].values())
        assert len(obj["GUID"]) == 6 and int(obj["GUID"], 16) >= 0
    for piece in pieces:
        assert set(piece) == PIECE_KEYS and isinstance(piece["Nickname"], str) and piece["Nickname"]
        assert (piece["Transform"]["rotX"], piece["Transform"]["rotZ"]) == (0.0, 0.0)          # face up
        assert piece["Transform"]["scaleX"] == piece["Transform"]["scaleZ"] > 0
        image = piece["CustomImage"]
        assert Path(image["ImageURL"][len("file://"):]).is_file()
        assert Path(image["ImageURL"][len("file://"):]).is_relative_to(folder)
        if piece["Name"] == "Custom_Tile":
            assert set(image) == IMAGE_KEYS | {"CustomTile"} and set(image["CustomTile"]) == TILE_KEYS
            assert image["CustomTile"]["Type"] in (0, 1, 2, 3) and image["CustomTile"]["Stretch"] is False
            assert Path(image["ImageSecondaryURL"][len("file://"):]).is_file()
        else:
            assert piece["Name"] == "Custom_Token" and image["ImageSecondaryURL"] == ""
            assert set(image) == IMAGE_KEYS | {"CustomToken"} and set(image["CustomToken"]) == TOKEN_KEYS
            assert Image.open(image["ImageURL"][len("file://"):]).mode == "RGBA"
    return pieces


def test_tiles_and_counters_are_tts_tiles_and_tokens_in_a_bag_not_cards(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "en"]).exit_code == 0
    game = content / "demo"
    (game / "hexes.yaml").write_text(
        'kind: tiles\nid: hexes\nname: Terrain\nshape: hex\nsize_mm: 40\n'
        'fields:\n  - {name: Forest, count: 3}\n  - {name: Hill, count: 2}\n'
        'front:\n  - background: {colour: "#7FB069"}\n'
        'back:\n  - background: {colour: "#5C4033"}\n', encoding="utf-8")
    (game / "wedges.yaml").write_text(
        'kind: counters\nid: wedges\nname: Wedges\nshape: triangle\nsize_mm: 24\n'
        'fields:\n  - {value: "1", count: 4}\nfront:\n  - background: {colour: "#C0392B"}\n', encoding="utf-8")
    info = game / "game.yaml"
    info.write_text(info.read_text(encoding="utf-8").replace("  - counters.yaml\n",
                                                             "  - counters.yaml\n  - hexes.yaml\n  - wedges.yaml\n"),
                    encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["export", "demo", "--content", str(content), "--out", str(out), "--dpi", "50"])
    assert result.exit_code == 0, result.output
    folder = out / "_export" / "demo"
    assert not list(folder.glob("hexes-tts-*.png")) and not list(folder.glob("tokens-tts-*.png"))   # no deck sheets
    # round counters: Circle tiles, one per copy (10 + 5), scaled to their 20 mm
    tokens = check_tts_piece_bag(json.loads((folder / "tokens-tts.json").read_text(encoding="utf-8")), folder)
    assert len(tokens) == 15 and {p["Name"] for p in tokens} == {"Custom_Tile"}
    assert {p["CustomImage"]["CustomTile"]["Type"] for p in tokens} == {2}
    assert tokens[0]["Transform"]["scaleX"] == pytest.approx(20 / 50.8, abs=1e-4)
    # hex tiles: Hex tiles with their own back below
    saved = json.loads((folder / "hexes-tts.json").read_text(encoding="utf-8"))
    hexes = check_tts_piece_bag(saved, folder)
    assert saved["ObjectStates"][0]["Nickname"] == "Terrain"
    assert [p["Nickname"] for p in hexes] == ["Forest"] * 3 + ["Hill"] * 2
    assert {p["CustomImage"]["CustomTile"]["Type"] for p in hexes} == {1}
    back = Image.open(hexes[0]["CustomImage"]["ImageSecondaryURL"][len("file://"):]).convert("RGB")
    assert back.getpixel((back.width // 2, back.height // 2)) == (0x5C, 0x40, 0x33)
    # triangles (no TTS tile has their shape): tokens cut along the image's transparency
    wedges = check_tts_piece_bag(json.loads((folder / "wedges-tts.json").read_text(encoding="utf-8")), folder)
    assert len(wedges) == 4 and {p["Name"] for p in wedges} == {"Custom_Token"}
    cut = Image.open(wedges[0]["CustomImage"]["ImageURL"][len("file://"):])
    assert cut.getpixel((1, 1))[3] == 0 and cut.getpixel((cut.width - 2, 1))[3] == 0          # the top corners
    assert cut.getpixel((cut.width // 2, cut.height * 3 // 4)) == (0xC0, 0x39, 0x2B, 255)     # inside: the art
    # the deck stays a deck
    check_tts_saved_object(json.loads((folder / "cards-tts.json").read_text(encoding="utf-8")), folder)


def test_a_piece_s_image_stays_within_tts_size_limit():
    from generator.components.face import Face
    from generator.export import TTS_MAX_PX, piece_dpi
    small, large = Face(40.0, 40.0, lambda c: None), Face(300.0, 200.0, lambda c: None)
    assert piece_dpi([small], 300) == 300                        # a counter at the asked resolution
    dpi = piece_dpi([small, large], 1200)                         # a 300 mm tile at 1200 dpi would be 14,173 px
    assert round(300 / 25.4 * dpi) <= TTS_MAX_PX and dpi == pytest.approx(TTS_MAX_PX / (300 / 25.4))
