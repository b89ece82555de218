"""The assembly plan of a tiled board fills its page with what a player needs at hand while assembling: the
board's key at print size (a map's legend, which the plan draws too small to read), then the steps (issue 25: 3d
Run's plan left over 40 % of its A4 blank under twenty icons without a name; Praxis' a third)."""

from __future__ import annotations

import io
import json

import pdfplumber
import yaml

from generator.components.face import Item
from generator.i18n import catalogue
from generator.print import PrintOptions, tile_face
from generator.print.preflight import read_pdf
from generator.print.reader import Subject, assembly
from printkit import synthetic_face


def _plan_fill(doc) -> list:
    """The reader's preflight's `plan_fill` warnings of a tiled document (print/reader.py assembly)."""
    entry = {"file": "plateau.pdf", "pages": [{"page": p.number, "kind": p.kind, "width_mm": p.width_mm,
                                               "height_mm": p.height_mm, "tile": p.tile, "items": []}
                                              for p in doc.pages]}
    subject = Subject("plateau.pdf", data=doc.pdf, role="sheets", entry=entry)
    return [w for w in assembly(subject, read_pdf(doc.pdf, ours=True), catalogue("fr"))
            if w.facts.get("form") == "plan_fill"]


def test_the_plan_of_a_square_board_says_how_to_assemble_in_the_room_under_it():
    # a 380 mm square board on A4 (Praxis' size class): the plan as wide as the page, the steps under its note
    item = Item("plateau", "plateau", synthetic_face(0, "front", 380.0, 380.0))
    doc = tile_face(item, PrintOptions(), game_title="Essai", component_name="Plateau")
    assert doc.pages[0].kind == "map"
    with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
        plan = pdf.pages[0]
        text = " ".join(plan.extract_text().split()).replace("’", "'")
        words = plan.extract_words()
    assert "Pour assembler" in text
    for step in ("1. Coupez chaque feuille le long des traits de coupe", "2. Posez la feuille A1, puis chaque feuille",
                 "3. Collez l'ensemble sur du carton, puis coupez le pourtour."):
        assert step in text
    note = min(w["top"] for w in words if w["text"] == "bandes")
    assert note < min(w["top"] for w in words if w["text"] == "assembler")
    assert _plan_fill(doc) == []


def test_the_3d_run_plan_names_every_icon_of_its_legend_at_print_size(game_build, content_dir):
    built = game_build("3d-run").out
    level = yaml.safe_load((content_dir / "3d-run" / "niveau.yaml").read_text(encoding="utf-8"))
    used = set((content_dir / "3d-run" / level["grid_file"]).read_text(encoding="utf-8"))
    names = [s["name"] for ch, s in level["legend"].items() if s.get("in_legend", True) and ch in used]
    assert len(names) == 20
    with pdfplumber.open(built / "niveau.pdf") as pdf:
        plan = pdf.pages[0]
        lines = plan.extract_text_lines()
        chars = plan.chars
    text = " ".join(line["text"] for line in lines)
    assert "plan d'assemblage" in text.replace("’", "'")
    for name in names:
        assert name in text, name
    # each name at 7 pt or more (STYLE.md's least for what a player reads), below the plan's note, on the page
    note_bottom = max(line["bottom"] for line in lines if "recouvrement" in line["text"])
    legend = [c for c in chars if c["top"] > note_bottom and c["bottom"] < plan.height - 12 / 25.4 * 72]
    assert legend and min(c["size"] for c in legend) >= 7.0 - 0.01
    data = (built / "niveau.pdf").read_bytes()
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == "niveau.pdf")
    found = assembly(Subject("niveau.pdf", data=data, role="sheets", entry=entry), read_pdf(data, ours=True),
                     catalogue("fr"))
    assert [w for w in found if w.facts.get("form") == "plan_fill"] == []
