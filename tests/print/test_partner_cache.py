"""The cache keeps a component's reader warnings only while what they depend on holds: its sheet_fill form
`partner` names the same-stock hosts that could take its pieces (kinds.faces.stock_partners), so adding such a
host, or making another component one, must give the warning a fresh build gives (build.unit_model: the
partners are part of the unit's model). Built twice in one folder, compared with a fresh build's manifest."""

from __future__ import annotations

import json

from click.testing import CliRunner

from generator.cli import cli


def _build(content, out):
    result = CliRunner().invoke(cli, ["build", "essai", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return [ln for ln in json.loads((out / "essai" / "manifest.json").read_text(encoding="utf-8"))["preflight"]
            .get("lines", []) if "jetons.pdf" in ln]


def _game(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "essai", "--content", str(content), "--language", "fr"]).exit_code == 0
    game = content / "essai"
    counters = (game / "counters.yaml").read_text(encoding="utf-8")
    old = next(ln for ln in counters.splitlines() if ln.startswith("sheet_with:"))
    # two-sided tokens on their own sheet, with a reason: card printed both sides, a stock the board is not
    counters = counters.replace(old, 'sheet_alone: "à part, pour les ranger"')
    counters = counters.replace("count: 10}", "count: 2}").replace("count: 5}", "count: 1}")
    (game / "counters.yaml").write_text(counters + 'back:\n  - background: {colour: "{colour}"}\n', encoding="utf-8")
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    at = deck.index("back:")
    (game / "deck.yaml").write_text(deck[:at], encoding="utf-8")     # one-sided cards: no partner yet
    return content, game, deck[at:]


def test_a_partner_made_by_editing_another_component_shows_in_a_cached_build_as_in_a_fresh_one(tmp_path):
    content, game, back = _game(tmp_path)
    out = tmp_path / "out"
    assert _build(content, out) == []
    with open(game / "deck.yaml", "a", encoding="utf-8") as f:    # the cards get their back: card, both sides
        f.write(back)
    cached = _build(content, out)
    assert cached == _build(content, tmp_path / "fresh")
    assert len(cached) == 1 and "cartes" in cached[0] and "sheet_with" in cached[0]
    (game / "deck.yaml").write_text((game / "deck.yaml").read_text(encoding="utf-8").replace(back, ""),
                                    encoding="utf-8")
    assert _build(content, out) == [] == _build(content, tmp_path / "fresh2")


def test_a_partner_added_to_the_game_shows_in_a_cached_build_as_in_a_fresh_one(tmp_path):
    content, game, _ = _game(tmp_path)
    out = tmp_path / "out"
    assert _build(content, out) == []
    extra = game / "cartes-bis.yaml"
    deck = (game / "deck.yaml").read_text(encoding="utf-8").replace("id: cartes", "id: cartes-bis")
    extra.write_text(deck + 'back:\n  - background: {colour: "#24466B"}\n', encoding="utf-8")
    yaml = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(yaml.replace("  - counters.yaml", "  - counters.yaml\n  - cartes-bis.yaml"),
                                    encoding="utf-8")
    cached = _build(content, out)
    assert cached == _build(content, tmp_path / "fresh") and len(cached) == 1 and "cartes-bis" in cached[0]
