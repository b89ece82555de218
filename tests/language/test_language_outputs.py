"""A game's language decides every word the generator writes: an English game's outputs hold no French
furniture word, a French game's no English one (PDF text and titles, SVG text, HTML, manifest, file names,
terminal lines).

The fixture games (tests/language/fixtures) have a board tiled over several pages, a deck, counters, dice
(nets and stickers), a text sheet, rules with a variant and design notes; their own content avoids every
listed word, so a word found was written by the generator.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli

FIXTURES = Path(__file__).resolve().parent / "fixtures"

FRENCH_WORDS = ("recto", "verso", "règles", "regles", "règle", "imprimer", "imprimez", "imprimeur", "bord", "découpe",
                "decoupe", "découpez", "plateau", "joueurs", "auteur", "auteurs", "sommaire", "sur", "feuille",
                "feuilles", "calibrage", "livret", "annexe", "papier", "carton", "patron", "patrons", "autocollants",
                "seul", "pleine", "durée", "âge", "collez", "pliez", "variante", "coupez", "pièces", "cases")
ENGLISH_WORDS = ("print", "printing", "printed", "cut", "rules", "players", "author", "authors", "contents", "sheet",
                 "sheets", "front", "glue", "paper", "booklet", "calibration", "single-sided", "double-sided", "edge",
                 "fold", "appendix", "variant", "stickers", "nets", "squares", "playing", "ages")
ENGLISH_PATTERNS = (r"\bpage \d+ of \d+",)


def _words_found(text: str, words: tuple[str, ...], patterns: tuple[str, ...] = ()) -> set[str]:
    # a command line of the tool ("pnp build port --variant NOM", in the print guide's designer section) is the
    # tool's own syntax in every language: its option names are not furniture words
    text = re.sub(r"^pnp .*$", "", text, flags=re.MULTILINE)
    found = {w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.IGNORECASE)}
    found |= {p for p in patterns if re.search(p, text, re.IGNORECASE)}
    return found


class _HtmlText(HTMLParser):
    """The text a reader sees (and the labels a screen reader speaks), without styles and inline fonts."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        self.parts.extend(v for k, v in attrs if k in ("alt", "aria-label", "title", "href", "src") and v)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def _svg_text(data: bytes) -> str:
    root = ET.fromstring(data)
    parts = []
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag in ("style", "font-face"):
            continue
        parts += [element.text or "", element.tail or ""]
    return "\n".join(parts)


def _pdf_text(path: Path) -> str:
    parts = [str((PdfReader(path).metadata or {}).get("/Title", ""))]
    with pdfplumber.open(path) as pdf:
        parts += [page.extract_text() or "" for page in pdf.pages]
    return "\n".join(parts)


# What a person reads in the manifest; `kind`, `side`, `face`, `shape` are identifiers of its schema.
_MANIFEST_WORDS = {"title", "file", "component", "label", "print", "sides", "paper", "steps", "cut_files", "files",
                   "pages", "about", "credit"}


def _manifest_strings(value, key: str = "") -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() if k in _MANIFEST_WORDS for s in _manifest_strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in _manifest_strings(v, key)]
    return [value] if isinstance(value, str) and key in _MANIFEST_WORDS else []


def output_texts(out: Path) -> dict[str, str]:
    """Every text the build wrote, by where it was read: file names, PDF pages, SVG text, HTML, manifest."""
    texts: dict[str, str] = {"file names": "\n".join(str(p.relative_to(out)) for p in sorted(out.rglob("*")))}
    for path in sorted(out.rglob("*")):
        name = str(path.relative_to(out))
        if path.suffix == ".pdf":
            texts[name] = _pdf_text(path)
        elif path.suffix == ".svg":
            texts[name] = _svg_text(path.read_bytes())
        elif path.suffix == ".html":
            parser = _HtmlText()
            parser.feed(path.read_text(encoding="utf-8"))
            texts[name] = "\n".join(parser.parts)
        elif path.name == "manifest.json":
            texts[name] = "\n".join(_manifest_strings(json.loads(path.read_text(encoding="utf-8"))))
    return texts


def _build(game: str, out: Path) -> dict[str, str]:
    runner = CliRunner()
    terminal = []
    for args in (["validate", game, "--content", str(FIXTURES)],
                 ["build", game, "--content", str(FIXTURES), "--out", str(out)],
                 ["list", "--content", str(FIXTURES)]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
        if args[0] != "list":
            terminal.append(result.output)
        else:   # pnp list names both fixture games, each in its own language: keep this game's block
            block = result.output.split(f"{game}:", 1)[1]
            terminal.append(f"{game}:" + re.split(r"\n(?=\S)", block, maxsplit=1)[0])
    texts = output_texts(out)
    texts["terminal"] = "\n".join(terminal)
    return texts


@pytest.fixture(scope="module")
def english_outputs(tmp_path_factory) -> dict[str, str]:
    return _build("harbour", tmp_path_factory.mktemp("out") / "out")


@pytest.fixture(scope="module")
def french_outputs(tmp_path_factory) -> dict[str, str]:
    return _build("port", tmp_path_factory.mktemp("out") / "out")


def test_output_file_names_follow_the_language(english_outputs, french_outputs):
    english = english_outputs["file names"].splitlines()
    french = french_outputs["file names"].splitlines()
    for name in ("rules.pdf", "rules-booklet.pdf", "rules.html", "print-guide.pdf", "calibration.pdf",
                 "wind-nets.pdf", "wind-stickers.pdf", "boats-p01-cut.svg"):
        assert f"harbour/{name}" in english
    for name in ("regles.pdf", "regles-livret.pdf", "regles.html", "guide-impression.pdf", "calibrage.pdf",
                 "vent-patrons.pdf", "vent-autocollants.pdf", "bateaux-p01-decoupe.svg"):
        assert f"port/{name}" in french


def test_each_language_outputs_its_own_furniture_words(english_outputs, french_outputs):
    """The checks below are not vacuous: each language's own outputs are full of its furniture words."""
    assert {"recto", "regles", "livret", "calibrage", "joueurs", "sommaire"} <= _words_found(
        "\n".join(french_outputs.values()), FRENCH_WORDS)
    assert {"rules", "booklet", "calibration", "players", "contents", r"\bpage \d+ of \d+"} <= _words_found(
        "\n".join(english_outputs.values()), ENGLISH_WORDS, ENGLISH_PATTERNS)


def test_english_game_outputs_hold_no_french_furniture_word(english_outputs):
    found = {where: sorted(words) for where, text in english_outputs.items()
             if (words := _words_found(text, FRENCH_WORDS))}
    assert not found, found


def test_french_game_outputs_hold_no_english_furniture_word(french_outputs):
    found = {where: sorted(words) for where, text in french_outputs.items()
             if (words := _words_found(text, ENGLISH_WORDS, ENGLISH_PATTERNS))}
    assert not found, found


def test_french_typography_only_in_french(english_outputs, french_outputs):
    """Narrow spaces before : ; ! ? and guillemets are French rules: the English rulebook has none of them."""
    english = english_outputs["harbour/rules.html"] + english_outputs["harbour/print-guide.pdf"]
    french = french_outputs["port/regles.html"]
    assert "\u202f" not in english and "«" not in english and "\u00a0" not in english
    assert "\u202f!" in french and "« régulier »".replace(" ", "\u202f") in french


# The tool's commands ("pnp build ...", "--seed") are for whoever prepares the files: the players' pages never
# name them; the print guide gives them in its last section, under the designer's heading.
_COMMAND = re.compile(r"\bpnp\b|(?<!\S)--[a-z]")
_DESIGNER_HEADINGS = {"english": "For whoever prepares the files", "french": "Pour qui prépare les fichiers"}


@pytest.mark.parametrize("language", ["english", "french"])
def test_player_files_name_no_command_and_the_guide_names_them_last(language, request):
    outputs = request.getfixturevalue(f"{language}_outputs")
    guide_name = next(name for name in outputs if name.endswith(("print-guide.pdf", "guide-impression.pdf")))
    # the gallery (index.html, beside the games' folders) and the terminal are the designer's, not the players'
    found = {name: _COMMAND.search(text).group(0) for name, text in outputs.items()
             if name not in ("file names", "terminal", "index.html", guide_name) and _COMMAND.search(text)}
    assert not found, found
    guide = outputs[guide_name]
    heading = _DESIGNER_HEADINGS[language]
    assert heading in guide
    players, designer = guide.split(heading, 1)
    assert not _COMMAND.search(players)
    # the fixture prints two-sided and has a variant: the printer's commands and the variant's are there,
    # with their "--" as typed (no dash from the French typography)
    assert "--readings A,B,C,D" in designer and "--printer" in designer and "--variant" in designer
