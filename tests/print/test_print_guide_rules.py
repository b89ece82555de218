"""The print guide's rules (the line over each file's heading and over the credit) stay clear of the text.

Page review of issue 25: 3d Run's guide set its credit 1 mm under the designer section's last command to keep
it on the page, and the rule drawn 2 mm above the credit ran through that command's baseline."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from generator.print import PrintOptions, print_guide
from generator.print.document import GuideInfo

CLEAR_PT = 0.5      # between a rule and the box of the text above or below it


def _crossed(pdf_bytes: bytes) -> list[tuple[int, str, float, float, float]]:
    out = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for n, page in enumerate(pdf.pages, start=1):
            words = page.extract_words()
            for line in page.lines:
                if abs(line["top"] - line["bottom"]) > 0.1:
                    continue
                y = line["top"]
                for w in words:
                    if w["x1"] < line["x0"] or w["x0"] > line["x1"]:
                        continue
                    if w["top"] - CLEAR_PT < y < w["bottom"] + CLEAR_PT:
                        out.append((n, w["text"], round(y, 2), round(w["top"], 2), round(w["bottom"], 2)))
    return out


@pytest.mark.parametrize("credit", ["Essai, un jeu de quelqu'un", "Essai, un jeu de quelqu'un " + "et encore " * 30])
def test_no_rule_of_the_print_guide_runs_through_a_line_of_text(credit):
    opts = PrintOptions()
    designer = [("head", "Pour qui prépare les fichiers"), ("para", "Versos corrigés :"),
                ("command", "pnp build essai --printer NOM")]
    crossed = []
    for n in range(1, 40):
        entries = [(f"f{i}.pdf", GuideInfo(title=f"Fichier {i}", sides="recto seul", paper_fr="papier",
                                           steps=("Une étape.",), pages=1)) for i in range(n)]
        doc = print_guide("Essai", entries, opts, credit=credit, designer=designer)
        crossed += [(n, *c) for c in _crossed(doc.pdf)]
    assert not crossed, crossed[:5]
