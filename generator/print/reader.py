"""The reader's preflight: what a player sees on the printed page, checked in the PDF the build just made.

Where preflight.py checks what a printer needs (fonts, boxes, hairlines), this checks what a reader needs,
in the order of what it costs him:

- small_text: text under a floor once every transform is applied (figures are drawn scaled): min_text_pt
  for running text (a line set as part of a paragraph: another line of its size starts at its left edge one
  leading above or below), min_label_pt for every other string (labels, coordinates, figure marks);
- faint_text: text whose colour stands out from its ground (the last area filled under it, else the paper) by
  less than min_text_contrast, WCAG's contrast ratio (board coordinates in a light grey: issue 25);
- tool_words: words of our tool (the catalogue's `preflight.tool_words`: commands, options, "rules engine")
  in player material; the print guide's section for designers (`print.guide.designer_title`) is exempt;
- page_fill: a rulebook page filled less than min_page_fill of its text block, unless the next page opens a
  section (a level-1 heading), or opens with a figure (or a heading with its figure) that needed more than the
  room left even at its least size (the layout records both: honest white space) and nothing after a floating
  figure could have come up in its place without breaking a rule (_could_fill) on a page that holds text
  or figures already set at their least (too large to read smaller, a figure keeps its page; a page of figures
  alone set larger is told: smaller, two would share it, or the section's text would run round them), or it is
  the last page; the last page of any document, and any page but the cover that no heading opens (a
  section's or the contents' last lines carried over: form `carried`), under min_last_page_fill; a rulebook's
  last page holding one short section alone, opened at its top, under min_lone_section_fill (form `alone`: the
  credits left behind; on an imposed booklet only where a page less saves a sheet); sheet_fill: a
  sheet of items whose lone row or small share could have gone elsewhere, or a tiled piece's page holding a thin
  strip of it that another of its pages could have taken (form `tile`);
- page_break: a heading, a figure without its caption, or a list's first item (the list going on over the
  page) ending a page; a heading with fewer than min_lines_under_heading lines of its section under it on its
  page, the rest on the next (form `lines`: a section wholly that short, the next heading on the page, is fine);
  a figure set inside a paragraph or a list, between two of its parts (form `inside`); table_split: a table
  split with fewer than min_table_rows body rows on one side of the break;
- figure_distance: a rulebook figure standing more than max_figure_distance_pages pages after the text that
  announces it (the text block right before it in the rules, before any figure of its run);
- clipped_text: text cut by the clip it is drawn in (its frame) or running off the page's trim, or a label
  cut short with an ellipsis to fit (a running head, a name: what was cut is lost to the reader); cut_text:
  text crossing the trim of the item it is printed on;
- struck_text: a printed word a line runs through (a stroked line, a filled rule, a border, a grid line, a cut
  line: preflight's Findings.lines), across its letters' middle band, not an underline nor a border beside it; a
  light line under dark letters (a board's grid under a label), a band the word is printed on, and a line under
  an area filled after it (a piece's disc over its grid) are not told;
- figure_frame: a rulebook figure whose art runs past its frame by more than max_figure_overhang_mm (the
  rulebook does not clip a figure: it lands on the caption or the text), or whose crop cuts a mark of its component
  (a ruler leaving the frame, its words beyond it), or that prints what carries a mark the caption relies on
  smaller than can be made out: a picture (form `pictured`: a gnome's gesture, its face and hands) under
  min_pictured_mm, a piece's mark (form `piece`: a pawn's facing) under min_marked_piece_mm; all measured as
  the figure is drawn (the layout's record);
- seam: on a piece tiled over sheets, a seam (once the sheets are glued) within seam_clearance_mm of the
  piece's text, or cutting across a zone a sheet could hold (a turned or polygonal zone by its outline), beyond
  the game's seam_zone_cuts, or running beside a zone's border, outside it, closer than seam_border_clearance_mm
  and not on it (form `border`);
- bleed: an item whose art stops at its trim on an edge while it bleeds on others (no neighbour sharing
  the cut); a piece in a band under a host (band_edges) whose cut edge keeps less bleed than its others, or
  whose crop marks are shorter than a whole mark;
- assembly: a piece tiled over sheets whose assembly plan is not the first page or fills under min_page_fill
  of it (form `plan_fill`: the room under the plan holds the piece's key), whose own text holds a
  sheet's name as a word ("Oracle C4" on a mat whose sheets' notes say "la feuille C4 se colle ici"), or whose
  text tells a joint the sheets do not make (the catalogue's `preflight.butt_joint_words`, "bord à bord",
  on sheets laid over one another's strips); and a note on a sheet's overlap strip ("la feuille D4 se colle
  ici") struck by a line of the piece (a zone's outline) or lying over its text (sheet_notes).

Each warning names the content that causes it where the build knows it (the component file, the rules
file's line, the diagram's line in diagrams.yaml), else the output file and page. The thresholds are
generator/reader_thresholds.py, each overridable per game in game.yaml. The PDF is read once
(preflight.read_pdf, as a file we wrote: without pypdf), from the bytes the build has in memory.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from ..draw import outline
from ..draw.style import luminance_ratio
from ..reader_thresholds import value as threshold
from .marks import MARK_CLEARANCE_MM, MARK_LEN_MM, MARK_OFFSET_MM, stack_height
from .preflight import PT_PER_MM, PdfRead, TextRun, read_pdf
from .sheet_names import printed_as_word

KINDS = ("small_text", "faint_text", "tool_words", "page_fill", "sheet_fill", "page_break", "table_split", "figure_distance",
         "clipped_text", "cut_text", "struck_text", "figure_frame", "seam", "bleed", "assembly")
MAX_PER_KIND_AND_FILE = 12     # a defect repeated on every sheet is told a dozen times, then counted
_ITEM_PAGES = ("sheet", "fold", "dice", "stickers", "card")
_TILE_PAGES = ("tile",)
FURNITURE_MM = 12.0            # a page's head and foot: its label, its folio, not what it holds


@dataclass(frozen=True)
class ReaderWarning:
    """One thing a reader would stumble on: its kind (KINDS), the output file and page it is seen on, the
    content file and line that cause it when known, and the facts its sentence gives
    (templates/catalogues/<language>/preflight.yaml: preflight.warning.<kind>)."""
    kind: str
    file: str
    page: Optional[int]
    source: Optional[str] = None
    line: Optional[int] = None
    facts: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict) -> "ReaderWarning":
        return ReaderWarning(data["kind"], data["file"], data.get("page"), data.get("source"), data.get("line"),
                             dict(data.get("facts") or {}))

    def describe(self, words) -> str:
        """'rules.fr.md:12: a heading ends the page (regles.pdf p. 5)' in the game's language."""
        facts = {k: (words.number(v, 1) if isinstance(v, float) else v) for k, v in self.facts.items()}
        if "what" in facts:
            facts["what"] = words(f"preflight.what.{facts['what']}")
        form = facts.pop("form", None)     # a kind said in more than one way (sheet_fill: a lone row, a share)
        sentence = words(f"preflight.warning.{self.kind}" + (f"_{form}" if form else ""), **facts)
        seen = words("preflight.seen_on", file=self.file, page=self.page) if self.page else self.file
        if self.source:
            where = f"{self.source}:{self.line}" if self.line else self.source
            return f"{where}: {sentence} ({seen})"
        return f"{seen}: {sentence}"


@dataclass
class Subject:
    """A PDF handed to the reader's preflight and what its maker knows of it."""
    name: str                              # the output file
    data: bytes = b""                      # its bytes (or `read`, already read)
    read: Optional[PdfRead] = None
    role: str = "other"                    # rulebook | sheets | guide | other
    source: Optional[tuple] = None         # (path, line) of the content it is made from
    entry: Optional[dict] = None           # its manifest entry (pages, items with their trims)
    layout: Optional[dict] = None          # a rulebook's pages as laid out (rulebook/pdf.py `Layout.as_dict`)
    rules_path: Optional[str] = None       # the rules file the layout's lines are in
    figure_sources: dict = field(default_factory=dict)    # figure id -> (path, line) of its diagram
    search: tuple = ()                     # content files where a tool word may have been written
    partners: tuple = ()                   # components of its stock printed the same way whose sheets could
                                           # take its pieces (their ids: kinds.faces.stock_partners)


@dataclass
class Report:
    """The reader's preflight of a game, a unit or a file: pages checked, warnings."""
    pages: int = 0
    warnings: list = field(default_factory=list)

    def add(self, other: "Report") -> None:
        self.pages += other.pages
        self.warnings.extend(other.warnings)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for w in self.warnings:
            out[w.kind] = out.get(w.kind, 0) + 1
        return {kind: out[kind] for kind in KINDS if kind in out}

    def as_dict(self) -> dict:
        return {"pages": self.pages, "warnings": [w.as_dict() for w in self.warnings]}

    @staticmethod
    def from_dict(data: dict | None) -> "Report":
        data = data or {}
        return Report(int(data.get("pages", 0)), [ReaderWarning.from_dict(w) for w in data.get("warnings", [])])

    def summary(self) -> dict:
        """What manifest.json and the gallery say: pages checked, warnings by kind."""
        return {"pages": self.pages, "warnings": len(self.warnings), "by_kind": self.counts()}


def reading_summary(name: str, report: Report, words) -> str:
    """'tactix : lecture : 40 pages vérifiées, 3 avertissements (2 textes trop petits, 1 page peu remplie)'."""
    pages = words("preflight.pages", count=report.pages)
    if not report.warnings:
        return words("preflight.summary_clean", game=name, pages=pages)
    kinds = ", ".join(words(f"preflight.kind.{kind}", count=n) for kind, n in report.counts().items())
    return words("preflight.summary", game=name, pages=pages,
                 warnings=f"{words('preflight.warnings', count=len(report.warnings))} ({kinds})")


def summary_line(summary: dict, words) -> str:
    """The same line from what manifest.json records (Report.summary), without the game's name (the gallery)."""
    pages = words("preflight.pages", count=summary.get("pages", 0))
    counts = summary.get("by_kind", {})
    if not counts:
        return words("preflight.line_clean", pages=pages)
    kinds = ", ".join(words(f"preflight.kind.{kind}", count=n) for kind, n in counts.items())
    return words("preflight.line", pages=pages,
                 warnings=f"{words('preflight.warnings', count=summary.get('warnings', 0))} ({kinds})")


def check(subject: Subject, words, overrides: dict | None = None) -> Report:
    """Every check that applies to the subject, in the order of KINDS."""
    read = subject.read or read_pdf(subject.data, ours=True)     # bytes the build just wrote
    found: list[ReaderWarning] = []
    found += small_text(subject, read, overrides)
    found += faint_text(subject, read, overrides)
    found += tool_words(subject, read, words)
    found += one_warning_a_page(page_fill(subject, read, overrides), figures_alone(subject, overrides))
    found += sheet_fill(subject, overrides) + tile_fill(subject, overrides)
    found += page_breaks(subject, overrides)
    found += figure_distance(subject, overrides)
    found += clipped_text(subject, read)
    found += struck_text(subject, read)
    found += figure_frames(subject, overrides)
    found += seams(subject, read, overrides)
    found += bleed(subject, overrides)
    found += band_edges(subject, read)
    found += assembly(subject, read, words, overrides)
    return Report(len(read.pages), _capped(found))


def _capped(found: list[ReaderWarning]) -> list[ReaderWarning]:
    kept, seen = [], {}
    for w in found:
        key = (w.kind, w.file)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= MAX_PER_KIND_AND_FILE:
            kept.append(w)
    return kept


def _where(subject: Subject) -> tuple[Optional[str], Optional[int]]:
    if subject.source is None:
        return None, None
    path, line = subject.source
    return str(path), line


def _warn(subject: Subject, kind: str, page: Optional[int], source=None, **facts) -> ReaderWarning:
    """A warning about the subject: at `source` (path, line), else at the content the subject comes from."""
    path, line = source if source is not None else _where(subject)
    return ReaderWarning(kind, subject.name, page, str(path) if path else None, line, facts)


# --- a. text too small ---------------------------------------------------------------------------------------
def running_text(runs: list[TextRun]) -> set[int]:
    """Indices of the runs set as running text: a line with another line of its size starting at its left edge,
    one leading (1 to 1.8 sizes) above or below."""
    starts: dict = {}
    for i, run in enumerate(runs):
        key = round(run.size_pt * 4)
        starts.setdefault(key, []).append((round(run.x), run.y, i))
    out: set[int] = set()
    for key, lines in starts.items():
        size = key / 4
        by_x: dict = {}
        for x, y, i in lines:
            by_x.setdefault(x, []).append((y, i))
        for x in list(by_x):
            column = sorted(by_x.get(x, []) + by_x.get(x - 1, []) + by_x.get(x + 1, []))
            for (y0, i0), (y1, i1) in zip(column, column[1:]):
                if size * 0.95 <= y1 - y0 <= size * 1.8:
                    out.update((i0, i1))
    return out


def small_text(subject: Subject, read: PdfRead, overrides: dict | None) -> list[ReaderWarning]:
    body_floor, label_floor = threshold("min_text_pt", overrides), threshold("min_label_pt", overrides)
    out = []
    for page in read.pages:
        if page.found is None:
            continue
        runs = [r for r in page.found.runs if r.text.strip()]
        body = running_text(runs)
        worst = None
        count = 0
        for i, run in enumerate(runs):
            if run.size_pt >= body_floor - 0.05:
                continue
            in_figure = _figure_at(subject, page.number, run.box)      # a figure's words are its marks
            floor = body_floor if i in body and not in_figure else label_floor
            if run.size_pt < floor - 0.05:
                count += 1
                if worst is None or run.size_pt < worst[0].size_pt:
                    worst = (run, floor, in_figure)
        if worst is None:
            continue
        run, floor, in_figure = worst
        source = in_figure or _where(subject)
        out.append(_warn(subject, "small_text", page.number, source, size=round(run.size_pt, 1), floor=floor,
                         text=_sample(run.text), count=count))
    return out


def faint_text(subject: Subject, read: PdfRead, overrides: dict | None) -> list[ReaderWarning]:
    """Text whose colour stands out from its ground by less than min_text_contrast (WCAG's contrast ratio of
    their relative luminances): the ground is the last area filled under the middle of the text before it was
    shown, else the paper; text on a pattern, a picture or a run of paths (no one colour) is not told."""
    least = threshold("min_text_contrast", overrides)
    out = []
    for page in read.pages:
        found = page.found
        if found is None:
            continue
        worst, count = None, 0
        for i, run in enumerate(found.runs):
            if not run.text.strip() or run.luminance is None:
                continue
            ground = _ground(found.grounds, i, run.box)
            if ground is None:
                continue
            ratio = luminance_ratio(run.luminance, ground)
            if ratio < least - 0.005:
                count += 1
                if worst is None or ratio < worst[1]:
                    worst = (run, ratio)
        if worst is None:
            continue
        run, ratio = worst
        source = _figure_at(subject, page.number, run.box) or _where(subject)
        out.append(_warn(subject, "faint_text", page.number, source, ratio=round(ratio, 1), least=least,
                         text=_sample(run.text), count=count))
    return out


def _ground(grounds: list, shown: int, box) -> Optional[float]:
    """The luminance under the middle of `box` when the run `shown` was drawn (1.0: the paper; None: no one
    colour)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    ground: Optional[float] = 1.0
    for area, before, luminance in grounds:
        if before > shown:
            break
        if area[0] <= cx <= area[2] and area[1] <= cy <= area[3]:
            ground = luminance
    return ground


def _sample(text: str, length: int = 24) -> str:
    text = " ".join(text.split())
    return text if len(text) <= length else text[:length - 1] + "…"


def _figure_at(subject: Subject, page: int, box) -> Optional[tuple]:
    """The diagram drawn where `box` is on a rulebook page (its line in diagrams.yaml), if the layout says."""
    if not subject.layout:
        return None
    for flow in subject.layout["flows"]:
        if flow["page"] == page and flow["kind"] == "figure" and flow["bottom"] - 1 <= box[1] and \
                box[3] <= flow["top"] + 1:
            return subject.figure_sources.get(flow.get("figure")) or (subject.rules_path, flow.get("line"))
    return None


# --- b. our tool's words -------------------------------------------------------------------------------------
def tool_word_patterns(words) -> list[tuple[str, re.Pattern]]:
    """The catalogue's `preflight.tool_words` ("|"-separated), each matched as a whole word, its first letter
    in either case (a sentence may open with it), the rest as written: "pnp" is not "PnP Forge"."""
    out = []
    for term in (t.strip() for t in words("preflight.tool_words").split("|")):
        if not term:
            continue
        first = re.escape(term[0])
        head = f"[{term[0].lower()}{term[0].upper()}]" if term[0].isalpha() else first
        out.append((term, re.compile(rf"(?<![\w-]){head}{re.escape(term[1:])}(?!\w)")))
    return out


def page_text(runs: list[TextRun]) -> str:
    """A page's strings joined in drawing order: a string continuing the previous one on its baseline joins it,
    any other starts a new word, and white space of any kind is one space."""
    parts, last = [], None
    for run in runs:
        if last is not None and not (abs(run.y - last.y) < 0.5 and abs(run.box[0] - last.box[2]) < 1.0):
            parts.append(" ")
        parts.append(run.text)
        last = run
    return re.sub(r"[\s\u00a0\u202f\u2009]+", " ", "".join(parts))


def tool_words(subject: Subject, read: PdfRead, words) -> list[ReaderWarning]:
    patterns = tool_word_patterns(words)
    designer = words("print.guide.designer_title").strip()
    out = []
    exempt = False
    for page in read.pages:
        if page.found is None:
            continue
        text = page_text(page.found.runs)
        if subject.role == "guide" and designer:
            at = text.find(designer)
            if exempt:
                continue
            if at >= 0:
                text, exempt = text[:at], True
        for term, pattern in patterns:
            if pattern.search(text):
                out.append(_warn(subject, "tool_words", page.number, _written_at(subject, pattern), word=term))
    return out


def _written_at(subject: Subject, pattern: re.Pattern) -> tuple:
    """The first line of the subject's content files holding the word; else the subject's own source, or
    nothing (then the warning names the output page: the word is ours, from a catalogue)."""
    for path in subject.search:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for n, line in enumerate(_printed_lines(text, str(path).endswith((".yaml", ".yml"))), start=1):
            if pattern.search(line):
                return str(path), n
    return None, None


def _printed_lines(text: str, yaml: bool) -> list[str]:
    """The file's lines with what is never printed blanked: Jinja comments ({# ... #}, over lines too), a YAML
    comment line (a word of the tool in a designer's note is his business)."""
    text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    lines = text.split("\n")
    if yaml:
        lines = ["" if line.lstrip().startswith("#") else line for line in lines]
    return lines


# --- c. pages that waste paper -------------------------------------------------------------------------------
def page_fill(subject: Subject, read: PdfRead, overrides: dict | None) -> list[ReaderWarning]:
    out = []
    least = threshold("min_page_fill", overrides)
    last_least = threshold("min_last_page_fill", overrides)
    if subject.layout:
        pages = subject.layout["pages"]
        flows = subject.layout["flows"]
        on_page = _flows_by_page(flows)
        last = max((p["page"] for p in pages), default=0)
        for p in pages:
            n, fill = p["page"], p["fill"]
            if n == last:
                if fill < last_least and last > 1:
                    out.append(_warn(subject, "page_fill", n, _opening(subject, flows, n), fill=_pc(fill),
                                     least=_pc(last_least)))
                elif _lone_section(on_page.get(n, []), p, overrides) and last > 2 and _saves_a_sheet(subject.layout, last):
                    out.append(_warn(subject, "page_fill", n, _opening(subject, flows, n), fill=_pc(fill),
                                     least=_pc(threshold("min_lone_section_fill", overrides)), form="alone"))
                continue
            if p.get("kind") != "cover" and not p.get("opens_heading") and fill < last_least:
                # a few lines carried over (the contents' last row, a section's last lines): no excuse holds, the
                # page before could have held them set a little tighter
                out.append(_warn(subject, "page_fill", n, _opening(subject, flows, n), fill=_pc(fill),
                                 least=_pc(last_least), form="carried"))
                continue
            nxt = on_page.get(n + 1, [None])[0]
            if p.get("kind") in ("cover", "contents") or nxt is None or \
                    (nxt["kind"] == "heading" and nxt.get("level", 9) <= 1):
                continue       # a section's last page, the cover, the contents
            here = on_page.get(n, [])
            figures_only = _figures_only(here)
            # a page of figures alone keeps the excuse only if they are set at their least already: too large to
            # read smaller, each has its page (the issue's own exception); set larger, smaller they could share
            figures = [f for f in here if f["kind"] == "figure"]
            at_least = not figures_only or all("least" in f and f["top"] - f["bottom"] <= f["least"] + LEAST_SLACK_PT
                                                for f in figures)
            if nxt.get("least", 0) > p.get("room", float("inf")) and at_least and \
                    not _could_fill(flows, on_page, p, overrides):
                continue       # the figure opening the next page did not fit in what was left, even set smaller,
                               # and nothing after it could have come up in its place
            if fill < least:
                out.append(_warn(subject, "page_fill", n, _opening(subject, flows, n + 1), fill=_pc(fill),
                                 least=_pc(least), **({"form": "figures"} if figures_only else {})))
        return out
    if subject.role == "sheets" or len(read.pages) < 2:
        return out
    page = read.pages[-1]
    sides = {p["page"]: p.get("side") for p in (subject.entry or {}).get("pages", [])}
    if page.found is None or sides.get(page.number) == "back":
        return out                # a back holds what its front needs (the calibration sheet's scales)
    share = _content_share(page)
    if share < last_least:
        out.append(_warn(subject, "page_fill", page.number, None, fill=_pc(share), least=_pc(last_least)))
    return out


LEAST_SLACK_PT = 0.5     # a figure's height and its least height, as the layout rounds them


def _lone_section(here: list[dict], page: dict, overrides: dict | None) -> bool:
    """The last page holds one short section alone: a level-1 heading opens it, no other level-1 heading follows on
    it, and it is filled under min_lone_section_fill (the credits left behind by the notes that filled the page
    before)."""
    if not page.get("opens_heading") or page.get("kind") in ("cover", "contents") or not here:
        return False
    tops = [f for f in here if f["kind"] == "heading" and f.get("level", 9) <= 1]
    return bool(tops) and tops[0] is here[0] and len(tops) == 1 and \
        page["fill"] < threshold("min_lone_section_fill", overrides)


def _saves_a_sheet(layout: dict, last: int) -> bool:
    """A page less would print on fewer sheets: always for pages printed one by one; on an imposed booklet
    (`pages_per_sheet`, 4) only where the count crosses a sheet (a 29th page is an eighth sheet, a 4th is not:
    the page left over would print as a notes page anyway)."""
    per_sheet = layout.get("pages_per_sheet", 1)
    return -(-(last - 1) // per_sheet) < -(-last // per_sheet)


def _announced_page(flows: list[dict], text: dict) -> int:
    """The page of the figure a text flow announces (the figure right after its block in the rules, no other
    text between), or 0."""
    line = text.get("line")
    if line is None:
        return 0
    after = [f for f in flows if f.get("line") is not None and f["line"] > line]
    if not after:
        return 0
    first = min(after, key=lambda f: f["line"])
    return first["page"] if first["kind"] == "figure" else 0


def _could_fill(flows: list[dict], on_page: dict, page: dict, overrides: dict | None) -> Optional[dict]:
    """The flow after the figures opening the next page that could have come up to this page in their place
    (text flows round a figure that waits), or None. A floating figure (not led by its heading or the sentence
    announcing it: those stand with it) opens the next page; what follows it and the figures sharing that page
    could have been set here while they waited, unless that breaks a rule:
    - it is in the appendices (line None: floats never pass their opening);
    - it leads a figure of its own (the sentence or heading right above it: the group would pass the waiting
      figure, out of their order);
    - what it takes with it (a heading its min_lines_under_heading lines, a sentence the list it leads, a list's
      first item the next) announces a figure set after the next page: here, it would stand too far from it;
    - it needs more than the room: a paragraph or a list item its first two lines (a paragraph never leaves one
      alone), a heading its lines and the space round it, a table, a quote or code whole; half a line spare, as
      the layout allows for a split's rounding.
    Measured from the layout's record: the page's `room` and line, each flow's height, `space` and `least`."""
    n, room, line = page["page"], page.get("room"), page.get("line")
    if room is None or line is None or not on_page.get(n + 1) or on_page[n + 1][0]["kind"] != "figure":
        return None
    following = [flow for m in sorted(on_page) if m > n for flow in on_page[m]]
    k = 0
    while k < len(following) and following[k]["kind"] in _FIGURE_FLOWS:
        k += 1
    if k == len(following) or following[k].get("line") is None:
        return None
    if "least" in following[k] and k + 1 < len(following) and following[k + 1]["kind"] == "figure" \
            and following[k + 1].get("least") == following[k]["least"]:
        return None         # a heading or a sentence leading its figure: the group comes whole, after the others
    lines = threshold("min_lines_under_heading", overrides) * line
    most = n + threshold("max_figure_distance_pages", overrides)
    need, text, taking = 0.0, 0.0, True
    for flow in following[k:]:
        if not taking:
            break
        if flow["kind"] in _FIGURE_FLOWS or (flow["kind"] == "heading" and need):
            return None     # a figure in its lines (it would pass the waiting one), a heading under a heading
        height = flow["top"] - flow["bottom"]
        if flow["kind"] == "heading":
            need += height + flow.get("space", line)
            continue
        if flow["kind"] in ("paragraph", "list_item", "list_first") and not flow.get("bound") \
                and flow["kind"] != "list_first":
            taken = min(height, max(2 * line, lines - text) if need else 2 * line)
        else:
            taken = height  # a table, a quote, a sentence leading a list, a list's first item: whole, and what
        need, text = need + taken, text + taken          # they lead comes too
        if _announced_page(flows, flow) > most:
            return None
        taking = flow.get("bound") or flow["kind"] == "list_first" or (following[k]["kind"] == "heading"
                                                                        and text < lines)
    return following[k] if need + line / 2 <= room else None


_FIGURE_FLOWS = {"figure", "caption"}   # a page of figures alone: smaller, or with text round them, it fills


def _flows_by_page(flows: list[dict]) -> dict[int, list[dict]]:
    """The layout's flows grouped by their page, in order."""
    pages: dict[int, list[dict]] = {}
    for flow in flows:
        pages.setdefault(flow["page"], []).append(flow)
    return pages


def _figures_only(here: list[dict]) -> bool:
    """The flows of a page are figures and their captions, nothing else."""
    return bool(here) and {flow["kind"] for flow in here} <= _FIGURE_FLOWS


def figures_alone(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """A rulebook page holding figures and nothing else while text follows them on the next page (a page_fill
    warning, form `figures_text`): it could have held min_text_beside_figures lines of that text (under its heading,
    where one opens it) had its figures been set at their least size. A page its figures fill even at their least
    size is honest; so is one followed by another figure or by nothing, or by a heading whose lines and figure
    (what it recorded it needed under it) would not have fitted under them at their least."""
    if not subject.layout:
        return []
    lines = threshold("min_text_beside_figures", overrides)
    flows = subject.layout["flows"]
    on_page = _flows_by_page(flows)
    out = []
    for p in subject.layout["pages"]:
        n = p["page"]
        here = on_page.get(n, [])
        after = next((f for f in flows if f["page"] > n), None)
        if not _figures_only(here) or after is None or after["kind"] in _FIGURE_FLOWS or "height" not in p:
            continue
        least = sum(f.get("least", f["top"] - f["bottom"]) for f in here if f["kind"] == "figure")
        # (a heading with the space round it, as the layout records it; about a line)
        need = lines * p["line"] + (after["top"] - after["bottom"] + after.get("space", p["line"])
                                    if after["kind"] == "heading" else 0.0)
        # a heading that went over with its lines and its figure (rulebook/pdf.py) records what it needed
        need = max(need, after.get("least", 0.0) if after["kind"] == "heading" else 0.0)
        if least + need <= p["height"]:
            out.append(_warn(subject, "page_fill", n, (subject.rules_path, after.get("line")), form="figures_text",
                             figures=sum(f["kind"] == "figure" for f in here), lines=int(lines)))
    return out


def one_warning_a_page(fill: list[ReaderWarning], alone: list[ReaderWarning]) -> list[ReaderWarning]:
    """page_fill and figures_alone both look at a page of figures alone, one at its fill, the other at the text it
    kept away: one defect, one warning. A page page_fill tells is not told again by figures_alone (whose
    other pages stand: filled over the share, they could still have held the text after them)."""
    told = {(w.file, w.page) for w in fill}
    return fill + [w for w in alone if (w.file, w.page) not in told]


def _pc(share: float) -> int:
    return int(round(share * 100))


def _opening(subject: Subject, flows: list, page: int) -> tuple:
    """The rules line that opens a page (what did not fit on the page before), or the rules file."""
    for flow in flows:
        if flow["page"] == page and flow.get("line"):
            return subject.rules_path, flow["line"]
    return (subject.rules_path, None) if subject.rules_path else (None, None)


def _content_share(page, largest: float = 0.5) -> float:
    """How much of the page's height its text and filled areas span (a full-page background left out: an area
    filling `largest` of the page or more)."""
    media = page.media
    height = media[3] - media[1]
    area = (media[2] - media[0]) * height
    margin = FURNITURE_MM * PT_PER_MM       # a running head or foot (the page's label) is not content
    body = (media[1] + margin, media[3] - margin)
    boxes = [r.box for r in page.found.runs if r.text.strip() and r.box[1] >= body[0] and r.box[3] <= body[1]]
    boxes += [b for b in page.found.fills if (b[2] - b[0]) * (b[3] - b[1]) < largest * area
              and b[1] >= body[0] and b[3] <= body[1]]
    if not boxes:
        return 0.0
    return (max(b[3] for b in boxes) - min(b[1] for b in boxes)) / height


def sheet_fill(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """Sheets of items: the last sheet holding one row where the others hold several (spread them), or a sheet
    whose items cover under min_sheet_fill of the page, alone or last in its document (share a sheet), unless
    its print entry says why it shares with no other (`alone`: the component's `sheet_alone`, also in the guide);
    a reason is no excuse when a component of the same stock printed the same way could have taken the pieces
    (`partners`, form `partner`: its `sheet_with`)."""
    if not subject.entry:
        return []
    alone = bool((subject.entry.get("print") or {}).get("alone"))    # the content says why, the guide too
    least = threshold("min_sheet_fill", overrides)
    pages = [p for p in subject.entry.get("pages", []) if p.get("kind") in _ITEM_PAGES and p.get("items")
             and p.get("side") != "back"]
    if not pages:
        return []
    rows = [len({round(i["trim_mm"][1], 1) for i in p["items"]}) for p in pages]
    out = []
    for index, (p, n_rows) in enumerate(zip(pages, rows)):
        area = p["width_mm"] * p["height_mm"]
        share = sum(_footprint(boxes) for boxes in _by_piece(p["items"]).values()) / area
        last = index == len(pages) - 1
        others = rows[:index] + rows[index + 1:]
        if last and n_rows == 1 and others and max(others) >= 3:
            out.append(_warn(subject, "sheet_fill", p["page"], form="row", others=max(others)))
        elif share < least and (last or len(pages) == 1) and subject.partners:
            out.append(_warn(subject, "sheet_fill", p["page"], form="partner", fill=_pc(share), least=_pc(least),
                             partners=", ".join(subject.partners)))
        elif share < least and (last or len(pages) == 1) and not alone:
            out.append(_warn(subject, "sheet_fill", p["page"], fill=_pc(share), least=_pc(least)))
    return out


def tile_fill(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """Sheets of a piece tiled over pages (form `tile`): a page whose windows cover under min_sheet_fill of it (a
    row of sheets along a mat's garden, held between two rows no seam may cross: 77 mm of an A4) while another
    page of the file, of the same size, could have taken its windows too, one above the other (print/tiling.py
    packs them so). Whether they fit is judged against the tallest stack a page of that size already holds, a
    height its paper is known to take."""
    least = threshold("min_sheet_fill", overrides)
    pages = [p for p in (subject.entry or {}).get("pages", []) if p.get("kind") in _TILE_PAGES and p.get("items")]
    size = lambda p: (round(p["width_mm"], 1), round(p["height_mm"], 1))             # noqa: E731
    heights = lambda p: [i["art_mm"][3] for i in p["items"]]                          # noqa: E731
    room: dict = {}
    for p in pages:
        room[size(p)] = max(room.get(size(p), 0.0), stack_height(heights(p)))
    out = []
    for p in pages:
        share = sum(i["art_mm"][2] * i["art_mm"][3] for i in p["items"]) / (p["width_mm"] * p["height_mm"])
        if share >= least:
            continue
        other = next((q for q in pages if q is not p and size(q) == size(p)
                      and stack_height(heights(p) + heights(q)) <= room[size(p)] + 0.05), None)
        if other is not None:
            out.append(_warn(subject, "sheet_fill", p["page"], form="tile", fill=_pc(share), least=_pc(least),
                             other=other["page"]))
    return out


def _by_piece(items: list[dict]) -> dict[tuple, list]:
    """The trims of a page by piece (item and copy): a card is one trim, a die's net or its block of stickers six."""
    pieces: dict[tuple, list] = {}
    for i in items:
        pieces.setdefault((i["id"], i.get("copy", 1)), []).append(i["trim_mm"])
    return pieces


def _footprint(trims: list) -> float:
    """The paper one piece takes: the box round its faces (a net's faces and the corners its cross leaves, which
    no other net can use; a die's stickers and the gutters that hold their numbers)."""
    x0 = min(t[0] for t in trims)
    y0 = min(t[1] for t in trims)
    x1 = max(t[0] + t[2] for t in trims)
    y1 = max(t[1] + t[3] for t in trims)
    return (x1 - x0) * (y1 - y0)


# --- d. bad page breaks --------------------------------------------------------------------------------------
def page_breaks(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    if not subject.layout:
        return []
    least_rows = int(threshold("min_table_rows", overrides))
    flows = subject.layout["flows"]
    out = []
    for here, after in zip(flows, flows[1:] + [None]):
        where = _rules_line(subject, here)
        if here["kind"] == "table" and here.get("split") and here.get("rows", 0) < least_rows:
            out.append(_warn(subject, "table_split", here["page"], where, rows=here.get("rows", 0),
                             least=least_rows))
            continue
        if after is None or after["page"] == here["page"]:
            continue
        if here["kind"] == "heading":
            out.append(_warn(subject, "page_break", here["page"], where, what="heading"))
        elif here["kind"] == "figure":
            out.append(_warn(subject, "page_break", here["page"], where, what="figure"))
        elif here["kind"] == "list_first" and after["kind"] == "list_item":
            out.append(_warn(subject, "page_break", here["page"], where, what="list"))
    return out + _headings_with_few_lines(subject, overrides) + _blocks_split_by_figures(subject)


_SPLIT_KINDS = {"paragraph": "paragraph", "list_first": "list", "list_item": "list"}


def _blocks_split_by_figures(subject: Subject) -> list[ReaderWarning]:
    """A figure set inside a text block (form `inside`): between two parts of one paragraph, or between two items
    of one list, read as the block's end (the list's last items, the paragraph's last lines, found under a figure
    they do not belong to). A paragraph's lines after a page break are recorded `continued`, a list's items by
    its rules line; a figure authored inside a list item (its line between the items' own lines, `item`) stands
    where the author put it, and one the same template line made (a macro) cannot be told from it."""
    flows = subject.layout["flows"]
    out = []
    for i, flow in enumerate(flows):
        block = _SPLIT_KINDS.get(flow["kind"])
        if not block or flow["kind"] == "list_first" or not flow.get("line") or i == 0 or \
                (block == "paragraph" and not flow.get("continued")):
            continue
        figures, k = [], i - 1
        while k >= 0 and flows[k]["kind"] in _FIGURE_FLOWS:
            figures.append(flows[k])
            k -= 1
        before = flows[k] if k >= 0 else None
        if not figures or before is None or before.get("line") != flow["line"] or \
                _SPLIT_KINDS.get(before["kind"]) != block:
            continue
        for figure in figures[::-1]:
            at = figure.get("line")
            if figure["kind"] != "figure" or at == flow["line"] or \
                    (block == "list" and before.get("item", flow["line"]) < (at or 0) < flow.get("item", flow["line"])):
                continue
            out.append(_warn(subject, "page_break", figure["page"], _rules_line(subject, figure), form="inside",
                             figure=figure.get("figure", "?"), what=f"{block}_block", text_line=flow["line"]))
    return out


def _rules_line(subject: Subject, flow: dict) -> tuple:
    """Where a laid-out flow comes from in the rules (path, line), or nowhere (a flow the furniture makes)."""
    return (subject.rules_path, flow["line"]) if flow.get("line") else (None, None)


def _headings_with_few_lines(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """A heading whose section goes on over the page with fewer than min_lines_under_heading lines under it here:
    the flows after it on its page (their heights over the page's line, its subsections' headings and text
    included), up to the page's end, where the next flow is not the next heading of its level or above (a
    section ending with the page, or wholly under the heading, is fine; a section whose subsections go on over
    the page is not). A heading with nothing under it is page_break's own case."""
    least = threshold("min_lines_under_heading", overrides)
    flows = subject.layout["flows"]
    lines_of = {p["page"]: p.get("line") for p in subject.layout["pages"]}
    out = []
    for i, here in enumerate(flows):
        if here["kind"] != "heading" or not lines_of.get(here["page"]):
            continue
        ends = lambda f: f["kind"] == "heading" and f.get("level", 1) <= here.get("level", 1)   # its section's end
        under = []
        for flow in flows[i + 1:]:
            if ends(flow) or flow["page"] != here["page"]:
                break
            under.append(flow)
        rest = flows[i + 1 + len(under):]
        if not under or not rest or ends(rest[0]) or rest[0]["page"] == here["page"]:
            continue
        lines = sum(f["top"] - f["bottom"] for f in under) / lines_of[here["page"]]
        if round(lines, 1) < least:
            out.append(_warn(subject, "page_break", here["page"], _rules_line(subject, here), form="lines", lines=max(1, round(lines)),
                             least=int(least)))
    return out


def figure_distance(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """A figure laid out more than max_figure_distance_pages pages after the sentence that announces it: the text
    block right before it in the rules (a run of figures after one sentence all hang on it), where that block
    ends. A reader leafs back and forth between them. Figures of the appendices (no rules line) are left out."""
    if not subject.layout:
        return []
    most = int(threshold("max_figure_distance_pages", overrides))
    flows = subject.layout["flows"]
    ends: dict[int, int] = {}        # rules line of a text block -> the last page it is on
    for flow in flows:
        if flow.get("line") and flow["kind"] not in _FIGURE_FLOWS:
            ends[flow["line"]] = max(ends.get(flow["line"], 0), flow["page"])
    out = []
    for flow in flows:
        if flow["kind"] != "figure" or not flow.get("line"):
            continue
        before = max((line for line in ends if line < flow["line"]), default=None)
        if before is None:
            continue
        apart = flow["page"] - ends[before]
        if apart > most:
            out.append(_warn(subject, "figure_distance", flow["page"], (subject.rules_path, flow["line"]),
                             figure=flow.get("figure", "?"), pages=apart, text_line=before,
                             text_page=ends[before], most=most))
    return out


# --- e. text clipped, text across a cut ----------------------------------------------------------------------
def clipped_text(subject: Subject, read: PdfRead) -> list[ReaderWarning]:
    out = []
    trims = _item_trims(subject)
    kinds = {p["page"]: p.get("kind") for p in (subject.entry or {}).get("pages", [])}
    for page in read.pages:
        if page.found is None:
            continue
        if kinds.get(page.number) in _TILE_PAGES:
            continue          # a sheet's window clips the piece by design: seams() says where that hurts
        # cut by the clip it is drawn in, or running off the page's trim (the paper's edge: nothing clips it,
        # the cut does)
        edge = page.trim or page.media
        cut = [r for r in page.found.runs if r.text.strip() and (r.clipped or _crosses(r.box, edge))]
        if cut:
            run = cut[0]
            source = _figure_at(subject, page.number, run.box) or _where(subject)
            out.append(_warn(subject, "clipped_text", page.number, source, text=_sample(run.text), count=len(cut)))
        short = [r for r in shortened(page.found.runs) if not _in_flow(subject, page.number, r.box)]
        if short:
            source = _cut_from(subject, short[0].text) or _figure_at(subject, page.number, short[0].box) \
                or _where(subject)
            out.append(_warn(subject, "clipped_text", page.number, source, form="shortened",
                             text=_sample(short[0].text, 40), count=len(short)))
        crossing = []
        for run in page.found.runs:
            if not run.text.strip():
                continue
            for item in trims.get(page.number, ()):
                if _crosses(run.box, item):
                    crossing.append(run)
                    break
        if crossing:
            out.append(_warn(subject, "cut_text", page.number, None, text=_sample(crossing[0].text),
                             count=len(crossing)))
    return out


def shortened(runs: list[TextRun]) -> list[TextRun]:
    """Labels cut short to fit, an ellipsis for their end (a running head, a die's name on its tab): a string
    ending in "…" straight after a letter or a digit that is not running text (a sentence may trail off; a
    label the layout shortened has lost its end). On a rulebook page, only what lies outside its text
    (`_in_flow`)."""
    shown = [r for r in runs if r.text.strip()]
    body = running_text(shown)
    return [r for i, r in enumerate(shown) if i not in body and _CUT_SHORT.search(r.text)]


_CUT_SHORT = re.compile(r"\w\s?…\s*$")     # a word or a number cut: "bandes de recouvrement de 1…"


def _cut_from(subject: Subject, text: str) -> Optional[tuple]:
    """Where the whole of a shortened label is written (game.yaml's licence for a running head): the first line
    of the subject's content files holding its last three words before the ellipsis."""
    tail = re.findall(r"\w+", text.rstrip().rstrip("…"))[-3:]        # words only: "d’après" is "d'après"
    if len(tail) < 2:
        return None
    where = _written_at(subject, re.compile(r"\W+".join(re.escape(w) for w in tail)))
    return where if where[0] else None


def _in_flow(subject: Subject, page: int, box) -> bool:
    """Whether `box` lies in a block the rulebook's layout set on the page (its text, a figure): what the
    writer wrote, where an ellipsis is his; the page's head and foot are the layout's own."""
    if not subject.layout:
        return False
    middle = (box[1] + box[3]) / 2          # a line's box runs past its block's by the font's ascent
    return any(flow["page"] == page and flow["bottom"] - 1 <= middle <= flow["top"] + 1
               for flow in subject.layout["flows"])


# --- e'. text struck by a line ------------------------------------------------------------------------------
STRIKE_BAND_EM = (0.15, 0.55)   # a word's middle band, over its baseline: a line there runs through its letters
                                # (an underline lies under 0.15 em, a rule over a heading above its capitals)
STRIKE_INSET_EM = 0.1           # a word's first and last tenth of an em: a line beside the word (a table's
                                # border, a frame) that grazes its edge does not cross it
STRIKE_LEAST_EM = 0.2           # the least length of line inside the word's band: a line's end touching it is not
BODY_EM = (-0.05, 0.75)         # the body of a word's letters: a line covering it whole, drawn before, is a band
                                # the word is printed on (a label on a coloured strip), not a line through it
FAINT_UNDER = 0.4               # a line drawn before the word this much lighter than its letters lies under them
_STRIKE_CELL_PT = 36            # lines are looked up by the half-inch squares of the page they cross


def struck_text(subject: Subject, read: PdfRead) -> list[ReaderWarning]:
    """A printed word struck by a line (Findings.lines: a stroked line, a rule, a border, a grid line, a cut
    line) that runs through its middle band (STRIKE_BAND_EM over its baseline, in the word's own frame: turned
    text is read turned), for at least STRIKE_LEAST_EM, between its ends less STRIKE_INSET_EM: not an underline,
    not a table's border beside a cell's text, not a line stopping at the word's edge. A line drawn before the word
    and wider than its letters' body is the band it is printed on. One warning a page, naming the first word, at
    the figure it is drawn in when a rulebook's layout says."""
    out = []
    for page in read.pages:
        if page.found is None or not page.found.lines or not page.found.runs:
            continue
        cells: dict = {}
        for k, line in enumerate(page.found.lines):
            x0, y0, x1, y1, half = line[:5]
            for cell in _cells((min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half)):
                cells.setdefault(cell, []).append(k)
        struck = []
        for index, run in enumerate(page.found.runs):
            if not run.text.strip():
                continue
            near = {k for cell in _cells(run.box) for k in cells.get(cell, ())}
            if not near:
                continue
            word = _struck_word(run, index, [(k, page.found.lines[k]) for k in sorted(near)], page.found.covers)
            if word:
                struck.append((run, word))
        if struck:
            run, word = struck[0]
            source = _figure_at(subject, page.number, run.box) or _where(subject)
            out.append(_warn(subject, "struck_text", page.number, source, word=_sample(word), text=_sample(run.text, 40),
                             count=len(struck)))
    return out


def _cells(box) -> list[tuple[int, int]]:
    """The squares of _STRIKE_CELL_PT a box (pt) touches."""
    n = _STRIKE_CELL_PT
    return [(cx, cy) for cx in range(math.floor(box[0] / n), math.floor(box[2] / n) + 1)
            for cy in range(math.floor(box[1] / n), math.floor(box[3] / n) + 1)]


def _struck_word(run: TextRun, index: int, lines: list, covers: list) -> Optional[str]:
    """The first word of the run a line strikes (struck_text), or None. `lines`: (index, line) of Findings.lines;
    `covers`: Findings.covers, where an area filled after a line hides it (a ship's disc over the grid it stands
    on, its letter on the disc)."""
    size = run.size_pt
    dx, dy, ux, uy = run.frame
    band = (STRIKE_BAND_EM[0] * size, STRIKE_BAND_EM[1] * size)
    inset, least = STRIKE_INSET_EM * size, STRIKE_LEAST_EM * size
    local = []                  # each line in the run's frame: along its baseline, up from it
    for k, (x0, y0, x1, y1, half, shown, light) in lines:
        if shown <= index and light >= run.ink + FAINT_UNDER:
            continue            # a light line under dark letters (a board's grid under its label): read through
        a = ((x0 - run.x) * dx + (y0 - run.y) * dy, (x0 - run.x) * ux + (y0 - run.y) * uy)
        b = ((x1 - run.x) * dx + (y1 - run.y) * dy, (x1 - run.x) * ux + (y1 - run.y) * uy)
        if min(a[1], b[1]) - half > band[1] or max(a[1], b[1]) + half < band[0]:
            continue
        if abs(a[1] - b[1]) < 0.01 and shown <= index and a[1] - half <= BODY_EM[0] * size and \
                a[1] + half >= BODY_EM[1] * size:
            continue            # the band the word is printed on
        local.append((a, b, half, (x0, y0, x1, y1), k))
    if not local:
        return None
    for start, end, word in _words(run):
        box = (start + inset, band[0], end - inset, band[1])
        if box[2] <= box[0]:
            continue
        for a, b, half, drawn, k in local:
            grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            span = outline.segment_in_box(a, b, grown)
            if span is None or (span[1] - span[0]) * math.dist(a, b) < least:
                continue
            # where it strikes the word, on the page
            ends = [(drawn[0] + (drawn[2] - drawn[0]) * t, drawn[1] + (drawn[3] - drawn[1]) * t) for t in span]
            c = run.clip
            if c is not None and not all(c[0] <= x <= c[2] and c[1] <= y <= c[3] for x, y in ends):
                continue                     # the word is not printed there (outside its clip)
            if _covered(ends, k, covers):
                continue
            return word
    return None


def _covered(points: list, line: int, covers: list) -> bool:
    """Whether an area filled after the line `line` (its index in Findings.lines) holds all the points."""
    for box, after, shape in covers:
        if after <= line or not all(box[0] - 0.01 <= x <= box[2] + 0.01 and box[1] - 0.01 <= y <= box[3] + 0.01
                                    for x, y in points):
            continue
        if shape is None or outline.holds(outline.convex_hull(shape), points, 0.01):
            return True
    return False


def _words(run: TextRun):
    """The run's words (what white space separates) with where each starts and ends along its baseline (pt)."""
    text, ends = run.text, run.char_ends()
    if len(ends) != len(text):
        return
    start = None
    for i, ch in enumerate(text + " "):
        if i < len(text) and not ch.isspace():
            if start is None:
                start = i
        elif start is not None:
            yield (ends[start - 1] if start else 0.0), ends[i - 1], text[start:i]
            start = None


# --- f. seams of a tiled piece ------------------------------------------------------------------------------
def figure_frames(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """A rulebook figure out of its frame, from what the layout measured as it set it (rulebook/pdf.py
    figure_frame_record): its art past its box by more than max_figure_overhang_mm, marks of its component cut by
    its crop (Figure.cut), or a picture or a piece carrying a mark the caption relies on (a gesture pictured, a
    facing) printed under min_pictured_mm or min_marked_piece_mm. A PDF read back cannot tell it: art placed from a form reads as the form's whole box, and
    a path's points are not its ink. Told at the figure's diagram."""
    if not subject.layout:
        return []
    most = threshold("max_figure_overhang_mm", overrides)
    least = {"pictured": threshold("min_pictured_mm", overrides), "piece": threshold("min_marked_piece_mm", overrides)}
    out = []
    for flow in subject.layout["flows"]:
        if flow["kind"] != "figure":
            continue
        figure = flow.get("figure")
        where = subject.figure_sources.get(figure) or (subject.rules_path, flow.get("line"))
        overhang = max(flow.get("overhang_mm") or [0.0])
        if overhang > most:
            out.append(_warn(subject, "figure_frame", flow["page"], where, figure=figure, mm=round(overhang, 1)))
        if flow.get("cut"):
            out.append(_warn(subject, "figure_frame", flow["page"], where, form="cut", figure=figure,
                             count=len(flow["cut"]), marks=" / ".join(m for m in flow["cut"] if m)))
        for mm, piece, place, kind in flow.get("marked") or ():
            if mm < least[kind]:
                out.append(_warn(subject, "figure_frame", flow["page"], where, form=kind, figure=figure,
                                 piece=piece, place=place, mm=mm, least=least[kind]))
    return out


def seams(subject: Subject, read: PdfRead, overrides: dict | None) -> list[ReaderWarning]:
    """A piece tiled over sheets (tile pages of the manifest): where a seam runs through what the player reads
    once the sheets are glued. Each sheet is laid with its left and top edges on the sheets before it, so a
    seam is the left or top edge of a window that starts inside the piece; the edges under the next sheets
    are hidden. A seam is looked at on the sheet lying under it (the window it runs across), where both
    sides of it are printed: text of the piece (drawn in the window's clip) within seam_clearance_mm of it,
    and a zone (an area filled or outlined, wider and taller than SEAM_ZONE_MIN_MM) that it cuts across: a zone
    turned with its group or drawn as a polygon by its outline (_Zone), not by a box that would cut too much. A
    zone longer than the longest side of any sheet's window is cut whatever the seams: it is not told; nor are
    the zones cut in a file when there are no more than the game's seam_zone_cuts (a piece no layout keeps
    whole, its assembly plan saying where)."""
    clearance = threshold("seam_clearance_mm", overrides)
    border = threshold("seam_border_clearance_mm", overrides)
    pages = {page.number: page for page in read.pages if page.found is not None}
    tiles = []      # (page number, window, texts, zones), all in the piece's trim millimetres
    for p in (subject.entry or {}).get("pages", []):
        if p.get("kind") not in _TILE_PAGES or p["page"] not in pages:
            continue
        found = pages[p["page"]].found
        for item in p.get("items", []):
            tx, ty = item["trim_mm"][:2]
            ax, ay, aw, ah = item["art_mm"]
            window = (ax - tx, ay - ty, ax - tx + aw, ay - ty + ah)
            texts = [(r, _shift(_mm_box(r.box, p["height_mm"]), tx, ty)) for r in found.runs
                     if r.framed and r.text.strip()]
            zones = [_zone(b, found.shapes.get(b), p["height_mm"], tx, ty)
                     for b in _less(found.fills + found.outlines, found.patterns)]
            # the piece's background, clipped to the window, is no zone: it would hold every zone and hide them
            zones = [z for z in zones if z is not None and _inside(z.box, window) and not _holds(z.box, window)]
            tiles.append((p["page"], window, texts, zones))
    # The seams: where a window starts inside the piece (the first ones start in its bleed, left of the trim).
    # A vertical seam runs down its own row of sheets only (rows may be staggered, print/tiling.py).
    def row(window) -> tuple:
        return round(window[1], 1), round(window[3], 1)
    across = {}
    for t in tiles:
        if t[1][0] > 0:
            across.setdefault(row(t[1]), set()).add(round(t[1][0], 3))
    downs = sorted({round(t[1][1], 3) for t in tiles if t[1][1] > 0})
    # A zone is told when a sheet could hold it, whichever way the paper turns (rows may turn: Tiling.row_pages):
    # the longest side of any window, along either axis.
    side = max((max(t[1][2] - t[1][0], t[1][3] - t[1][1]) for t in tiles), default=0.0)
    longest = (side, side)
    out, zone_warnings, cut_in_file = [], [], []
    for page, window, texts, zones in tiles:
        # Each seam across this window, as the segment seen on it: up to the first seam across it (beyond it,
        # the next row or column of sheets covers this one).
        cuts = (sorted(across.get(row(window), ())), downs)
        inner = [[c for c in cuts[axis] if window[axis] + 1e-6 < c < window[axis + 2] - 1e-6] for axis in (0, 1)]
        segments = [(axis, at, window[1 - axis], inner[1 - axis][0] if inner[1 - axis] else window[3 - axis])
                    for axis in (0, 1) for at in inner[axis]]
        crossed, cut_zones, beside = [], [], []
        for axis, at, lo, hi in segments:
            crossed += [r for r, b in texts if b[axis] - clearance < at < b[axis + 2] + clearance
                        and b[1 - axis] < hi and b[3 - axis] > lo and r not in crossed]
            across_zones = [z for z in zones if z.across(axis, at, lo, hi)]
            # beside a border: not a zone inside one the seam cuts (told as cut), nor in the gutter between two
            # zones (a map's cells drawn inside their grid lines, the seam on the line: the gap is the board's own)
            sides = {z: z.beside(axis, at, lo, hi, border, window, longest[axis]) for z in zones
                     if not any(o != z and o.holds(z) for o in across_zones)}
            if not ({-1, 1} <= set(sides.values())):
                beside += [z for z, side in sides.items() if side and z not in beside]
            for z in across_zones:
                # a zone's pattern, a place drawn in it: the zone holding them is told (a zone's fill and its
                # outline hold each other: neither hides the other, they are counted as one below)
                if any(o != z and o.holds(z) and not z.holds(o) and o.shorter(axis, longest[axis])
                       for o in across_zones):
                    continue
                if z.hull is not None:       # its whole outline is on every sheet that shows part of it
                    whole = outline.bounds(z.hull)
                else:
                    whole = _whole_zone(z.box, axis, window, tiles)
                if whole is not None and whole[axis + 2] - whole[axis] < longest[axis]:
                    cut_zones.append(z)
        if crossed:
            out.append(_warn(subject, "seam", page, text=_sample(crossed[0].text), count=len(crossed)))
        if beside:
            out.append(_warn(subject, "seam", page, form="border", count=len(beside), least=border))
        if cut_zones:
            told: list = []
            for z in cut_zones:
                if not any(o.holds(z) and z.holds(o) for o in told):
                    told.append(z)
            zone_warnings.append(_warn(subject, "seam", page, form="zone", count=len(told)))
            cut_in_file += [z for z in told if not any(o.holds(z) and z.holds(o) for o in cut_in_file)]
    # A piece no layout keeps whole: the game says how many zones its seams may cut (seam_zone_cuts, with its
    # reason; the assembly plan says where they go). Beyond that, every cut is told.
    if len(cut_in_file) > threshold("seam_zone_cuts", overrides):
        out += zone_warnings
    return out


SEAM_ZONE_MIN_MM = 3.0      # smaller areas are a line's arrowhead or a pattern's dot, not a zone
SEAM_ZONE_TOL_MM = 0.5      # a seam on a zone's edge (a board's grid line) runs along it, not across
BORDER_ZONE_MIN_MM = 10.0   # a smaller shape (a pictogram in a map's square) has no border a seam beside it doubles
SEAM_ON_BORDER_MM = 1.0     # a seam this near a zone's border is on it: within its stroke (0.3 mm each side of a
                            # 0.6 mm outline) and the half millimetre the tiler's 1 mm steps leave
_EDGE_MM = 0.3


@dataclass(frozen=True)
class _Zone:
    """A zone on a tiled sheet, in the piece's trim mm: its box as the sheet shows it (cut to the window), and,
    for a zone that is not its box (turned with its group, a polygon), its whole outline (convex): a seam is
    then measured against the zone itself, not against a box half as large again that would cut too much."""
    box: tuple
    hull: Optional[tuple] = None

    def across(self, axis: int, at: float, lo: float, hi: float) -> bool:
        """Whether a seam along `axis` at `at`, running from lo to hi on the other axis, cuts across the zone
        (not along its edge)."""
        if self.hull is None:
            z = self.box
            return z[axis] + SEAM_ZONE_TOL_MM < at < z[axis + 2] - SEAM_ZONE_TOL_MM and z[1 - axis] < hi \
                and z[3 - axis] > lo
        extent = outline.extent_in_band(self.hull, axis, lo, hi)
        return extent is not None and extent[0] + SEAM_ZONE_TOL_MM < at < extent[1] - SEAM_ZONE_TOL_MM

    def beside(self, axis: int, at: float, lo: float, hi: float, clearance: float, window, longest: float) -> int:
        """Whether a seam along `axis` at `at`, running from lo to hi, runs beside the zone's border, outside it and
        closer than `clearance` but not on it (within SEAM_ON_BORDER_MM): once glued, the border reads as drawn
        twice or crooked. A zone's edge on the window's own edge (where the sheet's clip cut it) is no border, nor
        is the edge of a zone longer than any sheet (PuXes' play circle) or under BORDER_ZONE_MIN_MM across.
        -1: the zone lies before the seam, 1: after it, 0: not beside it."""
        if self.hull is not None:
            extent = outline.extent_in_band(self.hull, axis, lo, hi)
            whole = outline.bounds(self.hull)
            if whole[axis + 2] - whole[axis] >= longest:
                return 0
        else:
            whole = self.box
            extent = (whole[axis], whole[axis + 2]) if whole[1 - axis] < hi and whole[3 - axis] > lo else None
        if extent is None or extent[0] < at < extent[1] or \
                min(whole[2] - whole[0], whole[3] - whole[1]) < BORDER_ZONE_MIN_MM:
            return 0
        edges = [e for e in extent if abs(e - window[axis]) > _EDGE_MM and abs(e - window[axis + 2]) > _EDGE_MM]
        if not any(SEAM_ON_BORDER_MM < abs(at - e) < clearance for e in edges):
            return 0
        return 1 if extent[0] >= at else -1

    def shorter(self, axis: int, length: float) -> bool:
        """Whether the zone may be shorter than `length` along `axis` (a turned one as a whole; a zone longer than
        every sheet, PuXes' play circle, is cut whatever the seams: it hides none of the zones it holds)."""
        if self.hull is None:
            return True
        x0, y0, x1, y1 = outline.bounds(self.hull)
        return (x1 - x0, y1 - y0)[axis] < length

    def corners(self) -> list:
        return list(self.hull) if self.hull is not None else outline.box_corners(*self.box)

    def holds(self, other: "_Zone", tol: float = 1.5) -> bool:
        if self.hull is None:
            return all(_holds(self.box, (x, y, x, y), tol) for x, y in other.corners())
        return outline.holds(self.hull, other.corners(), tol)


def _zone(box_pt, points_pt, page_h_mm: float, tx: float, ty: float) -> Optional[_Zone]:
    """A filled or outlined path of a tile page as a zone of the piece (trim mm), or None when it is none: an area
    under SEAM_ZONE_MIN_MM across (a pattern's dot, an arrowhead, a line drawn turned)."""
    box = _shift(_mm_box(box_pt, page_h_mm), tx, ty)
    if points_pt is not None:
        hull = outline.convex_hull([(x / PT_PER_MM - tx, page_h_mm - y / PT_PER_MM - ty) for x, y in points_pt])
        if outline.width(hull) <= SEAM_ZONE_MIN_MM:
            return None
        if not outline.is_box(hull):
            return _Zone(box, tuple(hull))
    return _Zone(box) if min(box[2] - box[0], box[3] - box[1]) > SEAM_ZONE_MIN_MM else None


def _whole_zone(zone, axis: int, window, tiles) -> Optional[tuple]:
    """The zone as the piece has it, along `axis`: as seen on this sheet when it ends there, else joined to the
    part on the sheet beside (starting at that window's edge, the same extent across). None when it starts
    before this window or runs on past the next one too (longer than a sheet either way)."""
    lo, hi = axis, axis + 2
    if zone[lo] <= window[lo] + _EDGE_MM or zone[1 - axis] <= window[1 - axis] + _EDGE_MM \
            or zone[3 - axis] >= window[3 - axis] - _EDGE_MM:
        return None
    if zone[hi] < window[hi] - _EDGE_MM:
        return zone
    for _, other, _, zones in tiles:
        if other[lo] <= window[lo] + _EDGE_MM or other[lo] >= zone[hi]:
            continue
        for z in (z.box for z in zones if z.hull is None):
            if abs(z[lo] - other[lo]) < _EDGE_MM and abs(z[1 - axis] - zone[1 - axis]) < _EDGE_MM \
                    and abs(z[3 - axis] - zone[3 - axis]) < _EDGE_MM and z[hi] < other[hi] - _EDGE_MM:
                return tuple(zone[k] if k != hi else z[hi] for k in range(4))
    return None


def _holds(outer, inner, tol: float = 1.5) -> bool:
    return outer[0] - tol <= inner[0] and outer[1] - tol <= inner[1] and inner[2] <= outer[2] + tol \
        and inner[3] <= outer[3] + tol


def _shift(box, dx: float, dy: float) -> tuple:
    return (box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy)


def _inside(box, window) -> bool:
    return box[0] >= window[0] - 0.05 and box[1] >= window[1] - 0.05 and box[2] <= window[2] + 0.05 \
        and box[3] <= window[3] + 0.05


def _mm_box(box, page_h_mm: float) -> tuple:
    """A box in PDF points (y up) as (x0, y0, x1, y1) in page millimetres from the top-left."""
    return (box[0] / PT_PER_MM, page_h_mm - box[3] / PT_PER_MM, box[2] / PT_PER_MM, page_h_mm - box[1] / PT_PER_MM)


def _item_trims(subject: Subject) -> dict[int, list]:
    """Per page, each item's trim in PDF points (y up), from the manifest entry."""
    out: dict[int, list] = {}
    for p in (subject.entry or {}).get("pages", []):
        if p.get("printer_correction") is not None:
            continue
        h = p["height_mm"]
        out[p["page"]] = [(x * PT_PER_MM, (h - y - ih) * PT_PER_MM, (x + iw) * PT_PER_MM, (h - y) * PT_PER_MM)
                          for x, y, iw, ih in (i["trim_mm"] for i in p.get("items", []))]
    return out


def _crosses(box, item, tol: float = 0.3) -> bool:
    """Whether text straddles an edge of the item: partly inside it, partly outside."""
    inside = _overlap_area(box, item)
    area = max((box[2] - box[0]) * (box[3] - box[1]), 1e-9)
    return tol * 0 < inside < area * 0.97 and inside > area * 0.03


def _overlap_area(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


# --- g. bleed missing on a cut edge --------------------------------------------------------------------------
def bleed(subject: Subject, overrides: dict | None) -> list[ReaderWarning]:
    """An item whose art (the manifest's art_mm) reaches past its trim on some edges and stops at it on another
    where no neighbour shares the cut: cut a hair off, that edge shows white."""
    least = threshold("min_bleed_mm", overrides)
    out = []
    for p in (subject.entry or {}).get("pages", []):
        if p.get("kind") not in _ITEM_PAGES:
            continue              # a board's tiles overlap at their seams; a rulebook page is not cut
        items = p.get("items", [])
        for item in items:
            x, y, w, h = item["trim_mm"]
            ax, ay, aw, ah = item["art_mm"]
            reach = {"left": x - ax, "top": y - ay, "right": ax + aw - x - w, "bottom": ay + ah - y - h}
            if not any(v >= least for v in reach.values()):
                continue          # art without bleed anywhere: drawn to its trim by design (a sheet, a form)
            bare = [edge for edge, v in reach.items() if v < least and not _neighbour(item, items, edge)]
            if bare:
                out.append(_warn(subject, "bleed", p["page"], None, item=item["id"], edges=", ".join(bare)))
                break             # one item a page says it: the sheet's layout is what to look at
    return out


def _neighbour(item: dict, items: list, edge: str, tol: float = 0.05) -> bool:
    """Whether another item's trim shares this edge's cut line (their art meets there)."""
    x, y, w, h = item["trim_mm"]
    for other in items:
        if other is item:
            continue
        ox, oy, ow, oh = other["trim_mm"]
        overlap_v = min(y + h, oy + oh) - max(y, oy) > tol
        overlap_h = min(x + w, ox + ow) - max(x, ox) > tol
        if edge == "left" and overlap_v and abs(ox + ow - x) < tol:
            return True
        if edge == "right" and overlap_v and abs(ox - (x + w)) < tol:
            return True
        if edge == "top" and overlap_h and abs(oy + oh - y) < tol:
            return True
        if edge == "bottom" and overlap_h and abs(oy - (y + h)) < tol:
            return True
    return False


def band_edges(subject: Subject, read: PdfRead) -> list[ReaderWarning]:
    """Pieces laid in a band under a host (on an item page, pieces of another size than the page's first: a
    form's pawns, a board's ships, a sheet's second size): every cut edge without a neighbour keeps the bleed the
    piece keeps on its others (form `short`: art stopping 1.7 mm past a 9 mm pawn's top where its sides have
    3 mm), and every crop mark starting at the piece's art is whole (form `marks`: MARK_LEN_MM, read in the PDF).
    A sheet's own grid may keep less bleed outside its block to leave its marks room (sheet.fit_axis); a band
    need not: it is laid where the whole of both fit (sheet.full_edge)."""
    pages = {page.number: page for page in read.pages if page.found is not None}
    out = []
    for p in (subject.entry or {}).get("pages", []):
        items = p.get("items", [])
        if p.get("kind") not in _ITEM_PAGES or not items:
            continue
        host = tuple(round(v, 2) for v in items[0]["trim_mm"][2:])
        band = [i for i in items if tuple(round(v, 2) for v in i["trim_mm"][2:]) != host]
        if not band:
            continue
        found = pages.get(p["page"]).found if p["page"] in pages else None
        marks = [_mm_box(b, p["height_mm"]) for b in (found.outlines if found else ())]
        for item in band:
            x, y, w, h = item["trim_mm"]
            ax, ay, aw, ah = item["art_mm"]
            reach = {"left": x - ax, "top": y - ay, "right": ax + aw - x - w, "bottom": ay + ah - y - h}
            whole = max(reach.values())
            cut = [edge for edge in reach if not _neighbour(item, items, edge)]
            short = [edge for edge in cut if reach[edge] < whole - 0.05]
            if whole > 0 and short:
                out.append(_warn(subject, "bleed", p["page"], None, form="short", item=item["id"],
                                 mm=round(min(reach[e] for e in short), 1), whole=round(whole, 1)))
                continue
            # the marks on the piece's cut lines whose near end starts where a mark starts beyond its art
            lengths = []
            for m in marks:
                x0, y0, x1, y1 = m
                if x1 - x0 < 0.05 and any(abs(x0 - at) < 0.05 for at in (x, x + w)):
                    near = min(abs(y1 - ay), abs(y0 - (ay + ah)))
                    if (y1 <= ay or y0 >= ay + ah) and near <= max(MARK_OFFSET_MM, MARK_CLEARANCE_MM) + 0.1:
                        lengths.append(y1 - y0)
                elif y1 - y0 < 0.05 and any(abs(y0 - at) < 0.05 for at in (y, y + h)):
                    near = min(abs(x1 - ax), abs(x0 - (ax + aw)))
                    if (x1 <= ax or x0 >= ax + aw) and near <= max(MARK_OFFSET_MM, MARK_CLEARANCE_MM) + 0.1:
                        lengths.append(x1 - x0)
            if lengths and min(lengths) < MARK_LEN_MM - 0.05:
                out.append(_warn(subject, "bleed", p["page"], None, form="marks", item=item["id"],
                                 mm=round(min(lengths), 1), least=MARK_LEN_MM))
    return out


# --- h. a tiled piece's assembly ------------------------------------------------------------------------------
def assembly(subject: Subject, read: PdfRead, words, overrides: dict | None = None) -> list[ReaderWarning]:
    """A piece tiled over sheets (the manifest's tile pages; its assembly plan a `map` page): the plan comes
    before the sheets (a player reads how they go together before cutting any); the plan's page is filled to
    min_page_fill (form `plan_fill`: 3d Run's plan left 44 % of its A4 blank under a legend of icons without
    names); the piece's own text holds no sheet's name as a word ("la feuille C4 se colle ici" beside the piece's
    "Oracle C4" reads as a place of it); and it tells no butt joint (`preflight.butt_joint_words`) where the
    sheets lie over one another's strips."""
    pages = (subject.entry or {}).get("pages", [])
    tiles = [p for p in pages if p.get("kind") in _TILE_PAGES]
    if not tiles:
        return []
    out = []
    plans = [p["page"] for p in pages if p.get("kind") == "map"]
    if plans and min(plans) > min(p["page"] for p in tiles):
        out.append(_warn(subject, "assembly", min(plans), form="plan_last", first=min(p["page"] for p in tiles)))
    read_pages = {page.number: page for page in read.pages if page.found is not None}
    least = threshold("min_page_fill", overrides)
    for number in plans:
        # the plan's board is one large fill, which is content: only a background of the whole page is not
        share = _content_share(read_pages[number], largest=0.9) if number in read_pages else 1.0
        if share < least:
            out.append(_warn(subject, "assembly", number, form="plan_fill", fill=_pc(share), least=_pc(least)))
    names = {n.strip() for p in tiles for n in str(p.get("tile") or "").split(",") if n.strip()}
    piece, notes = [], []          # the piece's text (drawn in its window's clip), the sheets' own
    for p in tiles:
        page = read_pages.get(p["page"])
        if page is not None:
            for run in page.found.runs:
                if run.text.strip():
                    (piece if run.framed else notes).append(run.text)
    clashes = []                   # (name, the piece's text, the sheets' note), one warning for them all
    for name in sorted(names):
        # "la feuille C4 se colle ici" beside "Oracle C4" still reads as a place of the game: a sheet's name
        # is no word the piece prints, "feuille" before it or not (print/sheet_names.py chooses them so)
        clash = [t for t in piece if printed_as_word(name, t)]
        if clash:
            note = next((t for t in notes if printed_as_word(name, t)), words("print.tiling.sheet", name=name))
            clashes.append((name, clash[0], note))
    if clashes:
        name, text, note = clashes[0]
        out.append(_warn(subject, "assembly", None, form="names", name=name, text=_sample(text), note=_sample(note),
                         count=len(clashes)))
    if _overlapping(tiles):
        for term in (t.strip() for t in words("preflight.butt_joint_words").split("|")):
            pattern = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.I)
            said = next((t for t in piece if pattern.search(" ".join(t.split()))), None)
            if said is not None:
                where = _written_at(subject, pattern)
                out.append(_warn(subject, "assembly", None, where if where[0] else None, form="joint", words=term,
                                 text=_sample(said, 40)))
    return out + sheet_notes(subject, read, tiles)


NOTE_TOL_MM = 0.2      # a line grazing a note's box (its font's ascent and descent, not its glyphs) is not told


def sheet_notes(subject: Subject, read: PdfRead, tiles: list[dict]) -> list[ReaderWarning]:
    """The notes a tiling writes on a sheet's overlap strips ("la feuille D4 se colle ici": text drawn inside a
    window's art but outside its clip), each struck by a zone's outline (a square, a turned square by its own
    outline, a circle by its flattened curve; the window's own edge, where the clip cuts a zone, is none; lines are
    not told) or lying over the piece's text (a label): one warning a page, naming the first."""
    out = []
    read_pages = {page.number: page for page in read.pages if page.found is not None}
    for p in tiles:
        page = read_pages.get(p["page"])
        if page is None:
            continue
        found, height = page.found, p["height_mm"]
        for item in p.get("items", []):
            ax, ay, aw, ah = item["art_mm"]
            art = (ax, ay, ax + aw, ay + ah)
            notes = [(r, _mm_box(r.box, height)) for r in found.runs if not r.framed and r.text.strip()]
            notes = [(r, b) for r, b in notes if _inside(b, art)]
            if not notes:
                continue
            labels = [(r, _mm_box(r.box, height)) for r in found.runs if r.framed and r.text.strip()]
            lines = [_drawn_edges(b, found.shapes.get(b), height, art) for b in _less(found.outlines, found.patterns)]
            for run, box in notes:
                inner = (box[0] + NOTE_TOL_MM, box[1] + NOTE_TOL_MM, box[2] - NOTE_TOL_MM, box[3] - NOTE_TOL_MM)
                under = next((r.text for r, b in labels if _overlap_area(b, inner) > 0), None)
                struck = any(outline.strikes(edge, inner) for edges in lines for edge in edges)
                if under is not None:
                    out.append(_warn(subject, "assembly", p["page"], form="note_label", note=_sample(run.text),
                                     text=_sample(under)))
                    break
                if struck:
                    out.append(_warn(subject, "assembly", p["page"], form="note_line", note=_sample(run.text)))
                    break
    return out


def _less(boxes: list, patterns: list) -> list:
    """The boxes less one of each of the patterns' (Findings.patterns: a form's run known by its box only, which
    may equal the box of the zone it fills)."""
    left = list(boxes)
    for b in patterns:
        if b in left:
            left.remove(b)
    return left


def _drawn_edges(box_pt, points_pt, page_h_mm: float, art) -> list[list[tuple]]:
    """The outline a stroked zone draws on a tile page, as segments in page mm: its own when it is not its box
    (turned; a circle, by its flattened curves: the play circle of PuXes' 3-player mat), else its box's edges less
    those on the window's edge (where the clip cut it). A line drawn (a ruler's arrow) and lines drawn inside an
    outline (a hatching, a cross), whose points are not all on it, are no zone's outline."""
    if points_pt is not None:
        points = [(x / PT_PER_MM, page_h_mm - y / PT_PER_MM) for x, y in points_pt]
        hull = outline.convex_hull(points)
        if outline.width(hull) <= SEAM_ZONE_MIN_MM or not outline.on_hull(points, hull, _EDGE_MM):
            return []
        if not outline.is_box(hull):
            return [[hull[i - 1], hull[i]] for i in range(len(hull))]
    x0, y0, x1, y1 = _mm_box(box_pt, page_h_mm)
    if min(x1 - x0, y1 - y0) <= SEAM_ZONE_MIN_MM:
        return []                   # a line (a board's grid line), not a zone
    edges = []
    for axis, at, lo, hi in ((0, x0, y0, y1), (0, x1, y0, y1), (1, y0, x0, x1), (1, y1, x0, x1)):
        if abs(at - art[axis]) < _EDGE_MM or abs(at - art[axis + 2]) < _EDGE_MM:
            continue
        edges.append([(at, lo), (at, hi)] if axis == 0 else [(lo, at), (hi, at)])
    return edges


def _overlapping(tiles: list[dict]) -> bool:
    """Whether the sheets of a tiled piece overlap (each laid over a strip of the one before) rather than meet
    edge to edge: two windows (in the piece's trim millimetres) sharing more than a millimetre."""
    windows = []
    for p in tiles:
        for item in p.get("items", []):
            tx, ty = item["trim_mm"][:2]
            ax, ay, aw, ah = item["art_mm"]
            windows.append((ax - tx, ay - ty, ax - tx + aw, ay - ty + ah))
    return any(a != b and min(a[2], b[2]) - max(a[0], b[0]) > 1.0 and min(a[3], b[3]) - max(a[1], b[1]) > 1.0
               for k, a in enumerate(windows) for b in windows[k + 1:])


# --- any PDF (pnp check-print) -------------------------------------------------------------------------------
def check_file(path: Path, read: PdfRead) -> tuple[Report, str, Optional[tuple[str, dict]]]:
    """The checks that need only the PDF (and manifest.json beside it, when it lists the file: its items' trims,
    the game's language, and the game's own thresholds, game.yaml's `preflight:`, which the build writes there):
    no layout, no content files. The report, the language its words are in, and (game, thresholds) when the
    game's own were applied (a mat the game allows two zone cuts is read as its build reads it)."""
    import json
    entry, language, data = None, "fr", {}
    manifest = Path(path).parent / "manifest.json"
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            language = (data.get("about") or {}).get("language", language)
            entry = next((f for f in data.get("files", []) if f.get("file") == Path(path).name), None)
        except (OSError, ValueError, AttributeError):
            entry, data = None, {}
    from ..i18n import LANGUAGES, catalogue
    language = language if language in LANGUAGES else "fr"
    items = bool(entry) and any(p.get("items") for p in entry.get("pages", []))
    subject = Subject(Path(path).name, read=read, role="sheets" if items else "other", entry=entry)
    game = manifest_thresholds(data) if entry is not None else None
    return check(subject, catalogue(language), game[1] if game else None), language, game


def manifest_thresholds(manifest: dict) -> Optional[tuple[str, dict]]:
    """The game a manifest names and the thresholds its game.yaml sets (`preflight.thresholds`: name -> {value,
    reason}, as the build wrote them), each held to what game.yaml may say (reader_thresholds.check_override: a
    hand-edited manifest sets nothing out of bounds); None when it sets none."""
    from ..reader_thresholds import check_override
    game = manifest.get("game") if isinstance(manifest, dict) else None
    said = (manifest.get("preflight") or {}).get("thresholds") if isinstance(manifest, dict) else None
    if not isinstance(game, str) or not isinstance(said, dict):
        return None
    kept = {name: o["value"] for name, o in sorted(said.items())
            if isinstance(o, dict) and check_override(name, o.get("value"), o.get("reason")) is None}
    return (game, kept) if kept else None
