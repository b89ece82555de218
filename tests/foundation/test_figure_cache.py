"""Rulebook figures kept between builds (generator/figure_cache.py, draw/recording.py): a rule edit plays every
figure again instead of making and drawing it, byte-identical to a fresh build; a changed position draws its
figure again; the kept drawings stay within their bound."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import generator.figure_cache as figure_cache
import generator.figures as figures
from generator.cli import cli
from generator.components.layout import PatternArt
from generator.draw.pdf import PdfCanvas
from generator.draw.recording import NotKept, RecordingCanvas, decode_ops, dumps, replay, state_key
from generator.draw.style import Stroke, TextStyle
from generator.draw.svg import SvgCanvas
from generator.i18n import catalogue
from tests.foundation.built import build_ok, output_bytes


def _new(content: Path, game_id: str = "demo") -> Path:
    assert CliRunner().invoke(cli, ["new", game_id, "--content", str(content), "--language", "fr"]).exit_code == 0
    return content


def _kept(out: Path) -> dict[str, dict]:
    """The figure cache's entries, by figure id."""
    entries = {}
    for path in sorted((out / figure_cache.FOLDER).glob("*.json")):
        entry = json.loads(path.read_text(encoding="utf-8"))
        entries[entry["figure"]["id"]] = entry
    return entries


@pytest.fixture
def made(monkeypatch):
    """How many times the builds that follow made a game's figures (generator/figures.game_figures)."""
    calls = []
    real = figures.game_figures

    def game_figures(game, *args, **kwargs):
        calls.append(game.id)
        return real(game, *args, **kwargs)
    monkeypatch.setattr(figures, "game_figures", game_figures)
    return calls


def test_a_rule_edit_plays_the_kept_figures_and_gives_the_bytes_of_a_fresh_build(tmp_path, made):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    assert made == ["demo"]
    kept = _kept(out)
    assert set(kept) == {"depart"} and kept["depart"]["drawings"], "the figure's drawings are kept"
    assert "demo/diagrams.yaml" in kept["depart"]["reads"], "what it is made from is checked before it is used"
    assert kept["depart"]["svg"][0].startswith("<svg"), "the HTML edition's drawing of it is kept too"
    made.clear()
    build_ok(content, out)      # nothing changed: nothing made
    assert made == []
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne ligne de règle de plus.\n", encoding="utf-8")
    build_ok(content, out)
    assert made == [], "the rulebook's figures are played again, not made again (no engine, no layout)"
    rulebook = out / "demo" / f"{catalogue('fr')('files.rules')}.pdf"
    assert "Une ligne de règle de plus." in "".join(p.extract_text() for p in PdfReader(rulebook).pages)
    fresh = tmp_path / "fresh"
    build_ok(content, fresh, "--no-cache")
    assert made == ["demo"]
    assert not (fresh / figure_cache.FOLDER).exists(), "--no-cache keeps no figure either"
    assert output_bytes(out) == output_bytes(fresh), "figures played again give the bytes of figures drawn"


def test_a_changed_position_draws_its_figure_again(tmp_path, made):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    svg = out / "demo" / catalogue("fr")("files.diagrams_folder") / "depart.svg"
    before, entry = svg.read_bytes(), _kept(out)["depart"]
    diagrams = content / "demo" / "diagrams.yaml"
    diagrams.write_text(diagrams.read_text(encoding="utf-8").replace("h8: noir", "g7: noir"), encoding="utf-8")
    made.clear()
    build_ok(content, out)
    assert made == ["demo"], "a changed input: the figure is made again"
    assert svg.read_bytes() != before, "and drawn again: the piece moved"
    assert _kept(out)["depart"]["reads"] != entry["reads"] and _kept(out)["depart"]["ops"] != entry["ops"]
    fresh = tmp_path / "fresh"
    build_ok(content, fresh, "--no-cache")
    assert output_bytes(out) == output_bytes(fresh)


def test_a_new_file_in_the_game_folder_makes_the_figures_again(tmp_path, made):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    (content / "demo" / "notes.txt").write_text("a file the loader may list\n", encoding="utf-8")
    made.clear()
    build_ok(content, out)
    assert made == ["demo"]


def test_the_kept_figures_stay_within_their_bound(tmp_path, monkeypatch):
    content = _new(_new(tmp_path / "content"), "autre")
    build_ok(content, tmp_path / "unbounded")
    sizes = sorted(p.stat().st_size for p in (tmp_path / "unbounded" / figure_cache.FOLDER).glob("*.json"))
    assert len(sizes) == 2, "one figure a game"
    # a bound that holds one of them: the one written first goes
    monkeypatch.setattr(figure_cache, "FIGURES_BYTES", sizes[-1] + sizes[0] - 1)
    out = tmp_path / "out"
    build_ok(content, out)
    left = list((out / figure_cache.FOLDER).glob("*.json"))
    assert len(left) == 1 and left[0].stat().st_size <= figure_cache.FIGURES_BYTES
    # a figure's drawings larger than ENTRY_BYTES are not kept at all
    monkeypatch.setattr(figure_cache, "ENTRY_BYTES", 100)
    build_ok(content, tmp_path / "small")
    assert not list((tmp_path / "small" / figure_cache.FOLDER).glob("*.json"))


def _drawing(canvas) -> None:
    """Every primitive a figure may reach: shapes, text, a turned and clipped group, repeated art."""
    canvas.rect(2, 2, 30, 20, fill="#E0D0C0", stroke=Stroke("#222222", 0.3), radius=1.5)
    canvas.circle(12, 12, 4, fill="#C0392B")
    canvas.polyline([(1, 1), (20, 5), (25, 25)], stroke=Stroke("#0000FF", 0.4, dash_mm=(1.0, 0.5)))
    canvas.text(5, 30, "Écrit à 7 pt : é, ç, œ", TextStyle(size_pt=7.0, bold=True))
    with canvas.group(translate=(40.0, 10.0), rotate_deg=15.0, scale=0.5, clip=(0.0, 0.0, 40.0, 30.0)):
        canvas.text(1, 10, "tourné, réduit", TextStyle(size_pt=9.0, italic=True))
    art = PatternArt("dots", 20.0, 10.0, 2.0, 0.5, 45.0, "#888888")
    canvas.repeated(art.key, 20.0, 10.0, art, at=(5.0, 40.0))
    canvas.repeated(art.key, 20.0, 10.0, art, at=(30.0, 40.0))


def _pdf(draw) -> bytes:
    pdf = PdfCanvas()
    pdf.begin_page(90, 60)
    draw(pdf)
    return pdf.finish()


def test_a_drawing_recorded_and_played_again_writes_the_same_bytes():
    recorders = []

    def record(canvas):
        recorders.append(RecordingCanvas(canvas))
        _drawing(recorders[-1])
    assert _pdf(record) == _pdf(_drawing), "recording draws through, unchanged"
    ops = recorders[0].ops
    kept = decode_ops(json.loads(dumps(ops)))
    assert _pdf(lambda c: replay(ops, c)) == _pdf(_drawing)
    assert _pdf(lambda c: replay(kept, c)) == _pdf(_drawing), "kept in a file and read back: the same bytes"
    svg, again = SvgCanvas(90, 60), SvgCanvas(90, 60)
    recorder = RecordingCanvas(svg)
    _drawing(recorder)
    replay(decode_ops(json.loads(dumps(recorder.ops))), again)
    assert again.tostring() == svg.tostring()


def test_ops_are_written_as_json_tuples_as_lists_styles_tagged_floats_exact():
    ops = [("path", (("M", 0.1, 1 / 3), ("L", 2.0, -0.0)), None, Stroke("#123456", 0.25, (1.0, 0.5)), False),
           ("text", 1e-17, 5.0, "é « »", TextStyle(size_pt=7.5, bold=True))]
    assert dumps(ops) == ('[["path",[["M",0.1,0.3333333333333333],["L",2.0,-0.0]],null,{"S":["#123456",0.25,'
                          '[1.0,0.5],"butt","miter"]},false],["text",1e-17,5.0,"é « »",{"T":[7.5,"#222222",true,'
                          'false,"sans"]}]]')
    assert decode_ops(json.loads(dumps(ops))) == [("path", [["M", 0.1, 1 / 3], ["L", 2.0, -0.0]], None,
                                                    Stroke("#123456", 0.25, (1.0, 0.5)), False), ops[1]]
    with pytest.raises(NotKept):
        dumps([("image", 0.0, 0.0, 1.0, 1.0, Path("icon.png"))])


def test_repeated_art_is_taken_down_and_written_once_for_every_drawing_the_same_text():
    drawn = []

    def art(canvas):
        drawn.append(type(canvas).__name__)
        PatternArt("dots", 20.0, 10.0, 2.0, 0.5, 45.0, "#888888")(canvas)
    arts, texts, recorded = {}, {}, []
    for scale in (1.0, 0.8):
        recorder = RecordingCanvas(PdfCanvas(), arts)
        recorder.scale = scale
        recorder._target.begin_page(90, 60)
        recorder.repeated(("dots",), 20.0, 10.0, art, at=(5.0, 40.0))
        with recorder.group(translate=(1.0, 2.0)):
            recorder.repeated(("dots",), 20.0, 10.0, art, at=(30.0, 40.0))
            recorder.text(1, 2, "\x00pnp-art-%d\x00" % 7, TextStyle())
        recorded.append(recorder.ops)
    assert drawn.count("_ArtCalls") == 1, "the art taken down once, however often and wherever placed"
    assert drawn.count("PdfCanvas") == 2, "and drawn by each document once (its form)"
    for ops in recorded:
        assert dumps(ops, texts) == dumps(ops)
    assert len(texts) == 1
    forged = recorded[0] + [("text", 0.0, 0.0, "\x00pnp-art-%d\x00" % id(recorded[0][0][5]), TextStyle())]
    assert dumps(forged, texts) == dumps(forged), "a text holding the art's token: written plainly"


def test_a_drawing_is_kept_per_backend_and_state():
    pdf, svg = PdfCanvas(), SvgCanvas(10, 10)
    assert state_key(pdf) != state_key(svg)
    before = state_key(pdf)
    pdf.scale = 0.8
    assert state_key(pdf) != before, "a figure set smaller draws its thin lines thicker: another drawing"
    with pdf.text_floor(6.0, growth=2.5):
        assert state_key(pdf) not in (before, state_key(PdfCanvas()))


def test_a_kept_figure_naming_a_file_outside_the_content_folder_is_made_again(tmp_path, made):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    outside = tmp_path / "outside.txt"
    outside.write_text("not the game's\n", encoding="utf-8")
    path = next((out / figure_cache.FOLDER).glob("*.json"))
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["reads"]["../outside.txt"] = hashlib.sha256(outside.read_bytes()).hexdigest()
    path.write_text(json.dumps(entry), encoding="utf-8")
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne ligne.\n", encoding="utf-8")
    made.clear()
    build_ok(content, out)
    assert made == ["demo"], "nothing outside the content folder is read for a kept figure: it is made instead"


def test_a_damaged_kept_figure_is_made_again(tmp_path, made):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    path = next((out / figure_cache.FOLDER).glob("*.json"))
    path.write_bytes(path.read_bytes()[:100])
    fresh = tmp_path / "fresh"
    build_ok(content, fresh, "--no-cache")
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne ligne.\n", encoding="utf-8")
    made.clear()
    build_ok(content, out)
    assert made == ["demo"]
    build_ok(content, fresh, "--no-cache")
    assert output_bytes(out) == output_bytes(fresh)


def test_a_kept_figure_larger_than_any_written_is_not_read(tmp_path, made, monkeypatch):
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    path = next((out / figure_cache.FOLDER).glob("*.json"))
    monkeypatch.setattr(figure_cache, "ENTRY_BYTES", path.stat().st_size + 10)
    path.write_bytes(path.read_bytes() + b" " * 11)        # still a valid entry, but larger than the bound
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne ligne.\n", encoding="utf-8")
    made.clear()
    build_ok(content, out)
    assert made == ["demo"], "a file over ENTRY_BYTES is not read: the figure is made again"


def test_a_kept_figure_is_the_figure_made_field_by_field(tmp_path, made):
    import dataclasses

    import generator.build as build
    content = _new(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(content, out)
    build._forget_games()
    build._keep_figures_in(out)
    try:
        game = build._game(content, "demo", build.BuildOptions())
        made.clear()
        kept = build._figures(content, game, None)["depart"]
        assert made == [], "read from the cache"
        fresh = figures.game_figures(game, content)["depart"]
    finally:
        build._keep_figures_in(None)
        build._forget_games()
    assert (kept.id, kept.caption, kept.width_mm, kept.height_mm, kept.cut) == \
        (fresh.id, fresh.caption, fresh.width_mm, fresh.height_mm, fresh.cut)
    assert [dataclasses.astuple(s) for s in kept.shows] == [dataclasses.astuple(s) for s in fresh.shows], \
        "what the figure shows, every field (its pieces' sizes too: the reader measures them)"
    assert any(s.size_mm for s in fresh.shows)
