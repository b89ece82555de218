"""docs/content-format.md cannot go stale: every example in it is a file that this test writes into a fresh content
folder, validates, builds and checks against `pnp schema`; every kind of component has its worked example; the
README names every kind and links the guide."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import jsonschema
import pdfplumber
import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.content.models import COMPONENT_KINDS
from generator.content.schema_export import content_schema
from generator.content.yamlfile import read_yaml

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "content-format.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
# The first line of an example names its file, in the comment syntax of its language.
MARKER = re.compile(r"^(?:# file: (\S+)|\{# file: (\S+) #\}|<!-- file: (\S+) -->)$")
EXAMPLE_LANGUAGES = {"yaml", "csv", "markdown", "svg"}     # sh and text blocks are commands and listings


def guide_files() -> dict[str, str]:
    """file name (game/path) -> text, for every example of the guide, without its naming line."""
    files = {}
    for language, body in FENCE.findall(GUIDE.read_text(encoding="utf-8")):
        if language not in EXAMPLE_LANGUAGES:
            assert language in ("sh", "text"), f"a ```{language} block: an example or a command?"
            continue
        first, _, rest = body.partition("\n")
        marker = MARKER.match(first)
        assert marker, f"a ```{language} example does not name its file on its first line: {first!r}"
        name = next(g for g in marker.groups() if g)
        assert name not in files, f"two examples are {name}"
        files[name] = rest
    return files


@pytest.fixture(scope="module")
def guide_content(tmp_path_factory) -> Path:
    """A content folder holding every example: the guide's own game, and the games of content/ its examples
    add to (their blocks appended to the real file)."""
    content = tmp_path_factory.mktemp("guide") / "content"
    content.mkdir()
    (content / "schema.json").write_text("{}", encoding="utf-8")     # what `../schema.json` names
    for name, text in guide_files().items():
        game = name.split("/")[0]
        path = content / name
        if (ROOT / "content" / game).is_dir():
            if not (content / game).exists():
                shutil.copytree(ROOT / "content" / game, content / game)
            with path.open("a", encoding="utf-8") as out:
                out.write("\n" + text)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return content


def guide_games(content: Path) -> list[str]:
    return sorted(p.parent.name for p in content.glob("*/game.yaml"))


def test_every_example_names_its_file_and_every_kind_has_one():
    files = guide_files()
    kinds = {read_kind(text) for name, text in files.items() if name.endswith(".yaml")} - {None}
    assert kinds == set(COMPONENT_KINDS)
    # A figure on every kind that carries figures (all but sheets and forms).
    ids = {read_yaml_text(text)["id"]: read_kind(text) for name, text in files.items()
           if name.startswith("caravan/") and read_kind(text)}
    drawn_on = {ids[d.get("on", "board")] for d in yaml.safe_load(files["caravan/diagrams.yaml"])}
    assert drawn_on == {k for k, model in COMPONENT_KINDS.items() if model.figure_spec is not None}
    text = GUIDE.read_text(encoding="utf-8")
    for kind in COMPONENT_KINDS:
        assert f"\n### {kind}\n" in text, f"no section for the kind {kind}"
    # The icon list the guide gives is the whole list.
    from generator.draw.icons import icon_names
    icons = re.search(r"The built-in icons are: (.*?) \(", text, re.S).group(1)
    assert sorted(n.strip() for n in icons.replace("\n", " ").split(",")) == sorted(icon_names())


def read_yaml_text(text: str):
    return yaml.safe_load(text)


def read_kind(text: str):
    match = re.search(r"^kind: (\w+)$", text, re.M)
    return match.group(1) if match else None


def test_the_guide_s_examples_validate_and_build(guide_content, tmp_path):
    games = guide_games(guide_content)
    assert "caravan" in games and "tactix" in games
    runner = CliRunner()
    result = runner.invoke(cli, ["validate", *games, "--content", str(guide_content)])
    assert result.exit_code == 0, result.output
    assert "caravan" in result.output
    # The claims example is checked by Tactix's engine: a false claim would fail validate with exit 1.
    assert re.search(r"tactix\D+\d+", result.output)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "caravan", "--content", str(guide_content), "--out", str(out),
                                 "--jobs", "1"])
    assert result.exit_code == 0, result.output
    # The example follows its own advice: every figure's marks, arrows and highlights are explained.
    assert "warning:" not in result.output, result.output
    built = out / "caravan"
    rules = "".join(page.extract_text() for page in PdfReader(built / "rules.pdf").pages)
    # The rules took their numbers from the components: 6 + 4 + 2 cards, a 7 x 7 board, one figure per diagram.
    assert "There are 12 Goods cards" in rules and "7 × 7 squares" in rules
    for caption in ("A hand of three cards", "The wind die unfolded", "The three terrains", "The two coins"):
        assert caption in rules.replace("\n", " "), caption
    # The player aid's heading "The goods" stays in the column of its list (it once ended column 1 alone).
    with pdfplumber.open(built / "aid.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        heading = next(w for w in words if w["text"] == "goods")
        first_item = next(w for w in words if w["text"] == "Salt")
        assert (heading["x0"] < page.width / 2) == (first_item["x0"] < page.width / 2)
        assert 0 < first_item["top"] - heading["top"] < 30     # points: the next line down
        # "rare :star:" in the aid's list: the star drawn right after the word, on its line, as tall as a capital.
        rare = next(w for w in page.extract_words(extra_attrs=["size"]) if w["text"].startswith("rare"))
        star = [c for c in page.curves if c["fill"] and 0 < c["x0"] - rare["x1"] < rare["size"] * 0.6
                and rare["top"] - 1 < c["top"] and c["bottom"] < rare["bottom"]]
        assert len(star) == 1
        from generator.draw import icons
        ys = [v for op in icons.ICONS["star"][0] for v in op[2::2]]
        unit = icons.INLINE_EM * rare["size"] / icons.GRID
        assert star[0]["bottom"] - star[0]["top"] == pytest.approx((max(ys) - min(ys)) * unit, abs=0.05)
    cards = "".join(page.extract_text() for page in PdfReader(built / "goods.pdf").pages)
    assert cards.count("Spices") == 4 and cards.count("No. 02") == 4 and cards.count("No. 03") == 2
    # The Oasis row picks game.yaml's layout `oasis` (its `layout` field): its three tiles, and only they, say so.
    tiles = " ".join(" ".join(page.extract_text() for page in PdfReader(built / "terrain.pdf").pages).split())
    assert tiles.count("take back a coin") == 3 and tiles.count("Oasis") == 3 and tiles.count("Desert") == 6


def test_the_guide_s_example_in_french_speaks_french(guide_content, tmp_path):
    """The guide's claim for French designers: the same game with `language: fr` gets every word the generator
    adds in French (file names, the material list of `components()`, the rulebook's appendices)."""
    content = tmp_path / "content"
    shutil.copytree(guide_content / "caravan", content / "caravan")
    game = content / "caravan" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\nlanguage: en " in text
    game.write_text(text.replace("\nlanguage: en ", "\nlanguage: fr "), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "caravan", "--content", str(content), "--out", str(out),
                                      "--jobs", "1"])
    assert result.exit_code == 0, result.output
    rules = " ".join(page.extract_text() for page in PdfReader(out / "caravan" / "regles.pdf").pages)
    assert "12 × Goods cards (cartes de 63" in rules.replace("\n", " ")
    assert "Notes de conception" in rules and "Design notes" not in rules


def test_the_guide_s_yaml_files_pass_the_schema(guide_content):
    validator = jsonschema.Draft7Validator(content_schema())
    files = sorted(guide_content.glob("caravan/*.yaml"))
    assert len(files) == 12
    for path in files:
        assert list(validator.iter_errors(read_yaml(path))) == [], path.name


def test_the_readme_names_every_kind_and_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/content-format.md" in readme
    for kind in COMPONENT_KINDS:
        assert re.search(rf"\b{kind}\b", readme), kind


# Words of French that an English page never holds (function words, our French file and sheet names).
FRENCH = {"le", "la", "les", "des", "du", "une", "et", "pour", "avec", "est", "dans", "sur", "aux", "elle", "jeu",
          "feuille", "pions", "verso", "recto", "regles", "règles", "livret", "calibrage", "imprimeur", "patrons",
          "decoupe", "découpe", "pièces", "plateau", "carte", "cartes", "dés"}
# The French names the guide gives on purpose, for French games: the rules function and a variant's anchor.
FRENCH_NAMED = ("materiel()", "variante-<id>")


def test_an_english_designer_meets_no_french_word_in_the_guide_outside_the_french_games():
    """Issue 27: the guide speaks English to an English designer; French stays in the examples of French games
    (a block naming a file of tactix/, a game of content/ in French) and in the two names given for French games."""
    text = GUIDE.read_text(encoding="utf-8")
    french_games = {p.parent.name for p in (ROOT / "content").glob("*/game.yaml")
                    if yaml.safe_load(p.read_text(encoding="utf-8")).get("language", "fr") == "fr"}

    def outside_french_games(match: re.Match) -> str:
        marker = MARKER.match(match.group(2).partition("\n")[0])
        name = next((g for g in marker.groups() if g), "") if marker else ""
        return "" if name.split("/")[0] in french_games else match.group(2)

    english = FENCE.sub(outside_french_games, text)
    for named in FRENCH_NAMED:
        english = english.replace(named, "")
    found = sorted({word for word in re.findall(r"[\wéèàùçêâîô]+", english.lower()) if word in FRENCH})
    assert found == [], found
