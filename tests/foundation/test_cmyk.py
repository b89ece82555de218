"""--cmyk: every PDF of a game, rulebook and booklet included, sets colours in CMYK only."""

from __future__ import annotations

import re

from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli

COLOUR_OPS = re.compile(r"(?<![\w/])(rg|RG|k|K|g|G|sc|SC|scn|SCN)(?![\w])")


def _streams(page):
    yield page.get_contents().get_data()
    resources = page.get("/Resources") or {}
    for ref in (resources.get("/XObject") or {}).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            yield xobject.get_data()


def colour_operators(path) -> set[str]:
    ops = set()
    for page in PdfReader(path).pages:
        for data in _streams(page):
            text = re.sub(r"\((?:\\.|[^\\)])*\)", "()", data.decode("latin-1"))
            ops |= set(COLOUR_OPS.findall(text))
    return ops


def test_every_pdf_of_a_cmyk_build_is_cmyk_only(content_dir, tmp_path):
    result = CliRunner().invoke(cli, ["build", "tactix", "--cmyk", "--content", str(content_dir), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdfs = sorted((tmp_path / "tactix").rglob("*.pdf"))
    assert {p.name for p in pdfs} >= {"regles.pdf", "regles-livret.pdf", "plateau.pdf", "resume.pdf"}
    for path in pdfs:
        ops = colour_operators(path)
        assert ops and ops <= {"k", "K"}, f"{path.name}: {sorted(ops)}"


def test_default_build_is_rgb(tactix_build):
    assert "rg" in colour_operators(tactix_build / "regles.pdf")
