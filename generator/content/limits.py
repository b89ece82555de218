"""Every bound on the work a content file may ask of a build, in one place, each with its reason.

Content comes from designers and from other people's games: a few hundred bytes must not be able to ask
for gigabytes or minutes. Each limit below is a named number with the reason it is what it is. Those a
designer may honestly need more of (copies, items, table rows, map cells) are *raisable*: game.yaml
may say, e.g.

    limits:
      items_per_game: 20000

and the loader applies it while it reads that game, up to the limit's hard maximum, which no content can
pass. The others protect the reader itself (YAML, SVG, image headers) and are fixed.

A refusal is a ContentError naming the file, the line, the limit and, for a raisable one, how to raise it
(`exceeded`).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from dataclasses import dataclass
from typing import Iterator, Mapping, Optional

from .errors import ContentError


@dataclass(frozen=True)
class Limit:
    """One bound: its name (the key under `limits:` when raisable), default, hard maximum and reason."""
    name: str
    default: int
    hard_max: int        # equal to `default` when content cannot raise it
    reason: str

    @property
    def raisable(self) -> bool:
        return self.hard_max > self.default


def _limit(name: str, default: int, reason: str, hard_max: Optional[int] = None) -> Limit:
    return Limit(name, default, default if hard_max is None else hard_max, reason)


# --- raisable: a designer may need more (game.yaml `limits:`) ---------------------------------------------------
COPIES_PER_ROW = _limit(
    "copies_per_row", 1_000, hard_max=20_000,
    reason="a row's count is printed copies: 1000 of one card is already 110 sheets of 9; a typo of a few "
           "zeros (count: 100000000) must not ask for millions of faces")
ITEMS_PER_GAME = _limit(
    "items_per_game", 5_000, hard_max=50_000,
    reason="every item is drawn and imposed in memory before the game's files are written; 5000 items is "
           "about 560 card sheets, more than any print-and-play game ships")
TABLE_ROWS = _limit(
    "table_rows", 5_000, hard_max=50_000,
    reason="each row is one design (a face drawn, a cell checked); the largest real table has a few dozen")
MAP_CELLS = _limit(
    "map_cells", 10_000, hard_max=40_000,
    reason="columns x rows of a map: every cell is drawn on every page the map is tiled onto, so the work grows "
           "as the square of the cells; 100 x 100 cells at 10 mm is already a metre square (benchmarks/"
           "RESULTS-limits.md: 200 x 200 takes about 450 MB)")

# --- fixed: they protect the readers themselves, or bound what the raisable ones already bound --------------------
PAGES_PER_OUTPUT = _limit(
    "pages_per_output", 2_000,
    reason="one PDF is held in memory until it is written; 2000 pages is far beyond any printed game, and the "
           "items, map and mat limits keep real content well below it")
YAML_FILE_BYTES = _limit(
    "yaml_file_bytes", 2_000_000,
    reason="the largest real content file is about 11 kB; 2 MB of YAML is read in about a second")
TEXT_FILE_BYTES = _limit(
    "text_file_bytes", 5_000_000,
    reason="tables, map texts and rule texts are read whole; a device file or a log must not be")
YAML_DEPTH = _limit(
    "yaml_depth", 50,
    reason="content nests a few levels (a layout in a face in a component); the parser and the model "
           "builder recurse once per level, and Python's stack does not bound itself gracefully")
YAML_NODES = _limit(
    "yaml_nodes", 200_000,
    reason="values of one file, counting every alias as the values it repeats: a 'billion laughs' file of a "
           "few hundred bytes expands to 10^9 values; real files hold a few thousand")
XLSX_UNPACKED_BYTES = _limit(
    "xlsx_unpacked_bytes", 20_000_000,
    reason="a .xlsx table is a zip of XML that the reader unpacks; a few kB of zip can unpack to gigabytes (a zip "
           "bomb), so its members' sizes are added up from the zip's directory before anything is read; a table "
           "of a few hundred cards unpacks to well under 1 MB")
TABLE_COLUMNS = _limit(
    "table_columns", 200,
    reason="each column is a field offered to every element of every row")
CELL_CHARS = _limit(
    "cell_chars", 10_000,
    reason="a table cell is a card's text; 10 000 characters does not fit on any card")
TEXT_CHARS = _limit(
    "text_chars", 100_000,
    reason="one text value of a content file (a map block, a description); typesetting is quadratic in places")
GAME_ICONS = _limit(
    "game_icons", 500,
    reason="a game's own icons (assets/icons/*.svg) are each parsed at every load; a game uses a few dozen")
SVG_FILE_BYTES = _limit(
    "svg_file_bytes", 10_000_000,
    reason="an SVG asset is parsed whole into a tree; icons and art are a few hundred kB")
SVG_DEPTH = _limit(
    "svg_depth", 64,
    reason="nested groups and <use> references are followed by recursion")
SVG_ELEMENTS = _limit(
    "svg_elements", 20_000,
    reason="elements of one SVG asset after every <use> is expanded (a detailed illustration has a few thousand; "
           "each costs about 0.1 ms to replay): a <use> of a group of <use>s doubles at "
           "every level, so 30 levels would be 10^9 shapes")
IMAGE_PIXELS = _limit(
    "image_pixels", 80_000_000,
    reason="a PNG or JPEG is decoded whole (3-4 bytes a pixel): 80 megapixels is an A2 poster at 400 dpi; the "
           "header is read first, so a 'decompression bomb' is refused before it is decoded")
PERFT_LEAVES = _limit(
    "perft_leaves", 2_000_000,
    reason="perft grows by the branching factor at every ply (armada's depth 3 is 1.7 million leaves, about "
           "10 s; its depth 5 would be days); the count of each depth foretells the next, so a depth past this "
           "is refused before it runs")
SCORE_TILES = _limit(
    "score_tiles", 108,
    reason="a whole box of Praxis effect tiles: no player can collect more, and the best split of all 108 "
           "takes about a tenth of a second (benchmarks/praxis_score.py)")

# --- fixed: the rulebook and text sheets (rules.*.md, a sheet's Markdown): template, Markdown, layout -------------
# Each stage is linear in what it reads; these bound what is costly by nature (benchmarks/rulebook_limits.py,
# benchmarks/RESULTS-limits.md "Rulebook text and templates").
TEMPLATE_VALUE_CHARS = _limit(
    "template_value_chars", 1_000_000,
    reason="one value a rules template builds (a text, a list): measured from its operands before it is "
           "built, so `'x' * 10**10` or a join of 3000 long texts never takes the memory it asks for")
TEMPLATE_INT_BITS = _limit(
    "template_int_bits", 4_096,
    reason="an integer a rules template computes (a count, a score): 4096 bits is a number of 1233 digits; "
           "`9 ** 99999999` would take minutes and megabytes")
RULES_TEXT_CHARS = _limit(
    "rules_text_chars", 200_000,
    reason="a rules text once its expressions are expanded: every character is read as Markdown and typeset "
           "twice (full page and booklet); the longest of our rulebooks (Praxis) is 25 000 characters, and "
           "200 000 is a book of about 55 A4 pages (benchmarks/RESULTS-limits.md)")
RULES_BLOCK_CHARS = _limit(
    "rules_block_chars", 20_000,
    reason="one paragraph, list, table or quote of a rules text: a block is typeset whole, then split page "
           "after page, each split setting again what is left of it, so its cost grows as its square; 20 000 "
           "characters is eight pages of one paragraph (ours have at most 1 500)")
RULES_HEADINGS = _limit(
    "rules_headings", 200,
    reason="each heading is a line of the contents, a bookmark and an anchor, and the book is typeset again "
           "until the contents' page numbers hold; Praxis has 43, appendices included")
RULES_FIGURES = _limit(
    "rules_figures", 100,
    reason="figures placed in a rules text (a diagram placed twice counts twice): each is drawn in both PDF "
           "editions and in the HTML, and imposed in the booklet; Praxis places 34")
RULES_ICONS = _limit(
    "rules_icons", 2_000,
    reason="icons named in a rules text (`:star:`): each is drawn as vector paths in both PDF editions and "
           "inlined in the HTML; Praxis names 13")
RULEBOOK_PAGES = _limit(
    "rulebook_pages", 300,
    reason="pages of one edition of a rulebook, counted as it is typeset: the limits above keep a rules text "
           "well within it; a page more is refused before the next is set")

# --- inputs, tables, images, mats and workers (issue 23: items 3, 4, 6, 9, 10, and playtest's bound) --------------
# Each is checked before the work it bounds starts: from a file's size on disk, an image's header, a table's
# declared cells, a pattern's box and spacing, a playtest's games x plies x agent.
IMAGE_FILE_BYTES = _limit(
    "image_file_bytes", 50_000_000,
    reason="an image asset (any extension: PNG, JPEG, GIF, WebP...) is read whole before it is identified; "
           "a print-quality A3 photo is a few tens of MB, and a 1 GB file named .png must not be read")
MARKDOWN_FILE_BYTES = _limit(
    "markdown_file_bytes", 1_000_000,
    reason="a rulebook or a player aid's Markdown is read whole, then templated and typeset; the longest real "
           "rulebook is about 40 kB")
RULES_TABLE_COLUMNS = _limit(
    "rules_table_columns", 16,
    reason="a table of a rulebook or a sheet spans the text's width (12 cm in an A5 booklet): 16 columns leave "
           "7 mm each; reportlab cannot lay out a row wider than the page")
EXPRESSION_CHARS = _limit(
    "expression_chars", 1_000,
    reason="an expression of a mat's numbers is geometry in a few terms (the longest real one has 30 characters); "
           "reading and working it out recurse once per term")
PATTERN_MARKS = _limit(
    "pattern_marks", 60_000,
    reason="dots, checks, lines or waves of one pattern, counted from its box and spacing before it is drawn; "
           "each is drawn on every page a mat is tiled onto, into the PDF, the SVG and the gallery's images: "
           "250 000 dots took 800 MB and minutes (benchmarks/RESULTS-limits.md); 60 000 is a 70 cm square at 3 mm")
SVG_PATH_SEGMENTS = _limit(
    "svg_path_segments", 200_000,
    reason="segments of every path of one SVG asset, counted while its path data is read: each is drawn on "
           "every face that shows the asset; a detailed illustration has a few tens of thousands")
PDF_CHECK_BYTES = _limit(
    "pdf_check_bytes", 500_000_000,
    reason="pnp check-print reads a PDF whole; our largest output (a 90 cm mat tiled on A4) is a few MB, a "
           "print shop's file a few hundred")
PLAYTEST_PLIES = _limit(
    "playtest_plies", 20_000_000,
    reason="games x the most plies a game may last x the agent's cost of a ply (random 1, greedy 10, mc 100: "
           "engine/agents.py), counted before any game is played: the default playtest (100 games of at most "
           "400 plies) 500 times over with random agents, 5 times with mc; the slowest engine plays a few "
           "hundred random plies a second")
# An SVG's viewBox sides and every coordinate: within these, so that scaling it to millimetres stays a finite,
# printable number (a viewBox of 1e-300 scales by 10^300; reportlab cannot write that).
SVG_MIN_VIEWBOX = 1e-6
SVG_MAX_COORDINATE = 1e9

# Every number a content file gives: finite, and never beyond this (a size of 10^300 mm is a typo, and
# reportlab and the geometry overflow long before).
MAX_ABS_NUMBER = 1_000_000
# A length in mm (a field named *_mm) with no maximum of its own: 10 m, beyond any sheet, board or mat.
MAX_LENGTH_MM = 10_000

RAISABLE = {limit.name: limit for limit in (COPIES_PER_ROW, ITEMS_PER_GAME, TABLE_ROWS, MAP_CELLS)}

_raised: contextvars.ContextVar[Mapping[str, int]] = contextvars.ContextVar("raised_limits", default={})


def value(limit: Limit) -> int:
    """The bound in force: the game's raised value while it is loaded, else the default."""
    return _raised.get().get(limit.name, limit.default)


@contextlib.contextmanager
def raised(values: Mapping[str, int]) -> Iterator[None]:
    """Apply a game's `limits:` (already checked by `check_raised`) while the game is read."""
    token = _raised.set(dict(values))
    try:
        yield
    finally:
        _raised.reset(token)


def check_raised(values: Mapping, path, line_of) -> dict[str, int]:
    """game.yaml's `limits:`: known raisable names, whole numbers between the default and the hard maximum."""
    out = {}
    for name, raw in values.items():
        line = line_of(name)
        limit = RAISABLE.get(name)
        if limit is None:
            raise ContentError(path, line, f"limits: '{name}' cannot be changed; limits a game may raise: "
                                           f"{', '.join(sorted(RAISABLE))}")
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ContentError(path, line, f"limits.{name}: expected a whole number, found {raw!r}")
        if not limit.default <= raw <= limit.hard_max:
            raise ContentError(path, line, f"limits.{name}: {raw} is outside {limit.default}..{limit.hard_max} "
                                           f"(the default, and the most any game may ask: {limit.reason})")
        out[name] = raw
    return out


def exceeded(limit: Limit, found: int | str, what: str) -> str:
    """The message of a refusal: what was found, the limit, why, and how to raise it when content may."""
    bound = value(limit)
    amount = f"{found} is more than" if isinstance(found, int) else "more than" if found == "more" else \
        f"{found}, more than"
    text = f"{what}: {amount} the limit of {bound} ({limit.reason})"
    if limit.raisable and bound < limit.hard_max:
        text += (f"; if the game needs more, raise it in game.yaml, e.g. 'limits: {{{limit.name}: "
                 f"{min(limit.hard_max, max(bound * 2, _as_int(found)))}}}' (at most {limit.hard_max})")
    return text


def check(limit: Limit, found: int, what: str, path, line: Optional[int]) -> None:
    """Refuse `found` above the bound in force, as a ContentError at path:line."""
    if found > value(limit):
        raise ContentError(path, line, exceeded(limit, found, what))


def check_number(number: float, path, line: Optional[int], name: str) -> None:
    """A number of a content file: finite and within +-MAX_ABS_NUMBER."""
    if isinstance(number, float) and not math.isfinite(number):
        raise ContentError(path, line, f"{name}: {number} is not a finite number")
    if abs(number) > MAX_ABS_NUMBER:
        shown = number if abs(number) < 10 ** 30 else "a number of more than 30 digits"
        raise ContentError(path, line, f"{name}: {shown} is beyond the largest number content may give "
                                       f"({MAX_ABS_NUMBER:,})".replace(",", " "))


def _as_int(found: int | str) -> int:
    return found if isinstance(found, int) else 0
