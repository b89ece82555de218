"""The reader's preflight thresholds (print/reader.py), in one place, each with the reason for its number.

A game may set one for itself in game.yaml, with its reason (content/loader.py checks the name, the value
within `lowest..highest` and a reason that says something):

    preflight:
      min_text_pt: {value: 5.5, reason: "the rulebook is printed at A4 only"}

Imports nothing of the layers: the content layer checks the overrides, the print layer applies them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Threshold:
    name: str
    value: float
    lowest: float          # what a game may set it to, at the least and the most
    highest: float
    unit: str
    reason: str


THRESHOLDS: dict[str, Threshold] = {t.name: t for t in (
    Threshold("min_text_pt", 6.0, 4.0, 12.0, "pt",
              "running text (rules, card text: lines set as a paragraph) under 6 pt is read with a magnifier; "
              "STYLE.md's smallest body size"),
    Threshold("min_label_pt", 6.0, 3.0, 12.0, "pt",
              "a label, a coordinate or a mark in a figure under 6 pt cannot be read at arm's length on the "
              "table, and a figure drawn smaller shrinks its labels with it: at 5 pt, board coordinates printed "
              "at 5.4-5.6 pt in Tectonic's, Tactix's and Armada's figures passed (issue 25); the same floor as "
              "running text"),
    Threshold("min_text_contrast", 4.5, 2.0, 21.0, "ratio",
              "text standing out from its ground by less than 4.5 to 1 (WCAG's floor for small print) fades at "
              "arm's length and in a cheap print: the Praxis board's coordinates in a light grey, 3.3 to 1 on "
              "its cream ground, were read as decoration though the rules name squares (issue 25)"),
    Threshold("min_page_fill", 0.75, 0.3, 1.0, "share",
              "a rulebook page whose text stops before three quarters of its text block leaves a quarter of a "
              "page blank: the float of rulebook/pdf.py already refuses that much (FLOAT_MIN_ROOM)"),
    Threshold("min_sheet_fill", 0.3, 0.05, 1.0, "share",
              "a sheet of items covering under 30 % of its printable area is mostly blank card stock; flagged "
              "only where the items could have gone on the document's other sheets or been spread evenly"),
    Threshold("min_text_beside_figures", 5, 0, 20, "lines",
              "figures at the top of a page leave room for this many lines of the text that follows (set "
              "smaller to do so): a page of figures alone, its text on the next page, reads as an insert; only "
              "figures too large to leave it even at their least size may fill a page"),
    Threshold("min_lines_under_heading", 3, 1, 10, "lines",
              "a heading at the foot of a page with one or two lines of its section under it, the rest over the "
              "page, is read as the next page's heading left behind: the eye finds the section where it goes on"),
    Threshold("min_table_rows", 3, 1, 10, "rows",
              "a table split after its header and one or two rows (Praxis' scoring table in the booklet: five "
              "rows, then two over the page) leaves a scrap to be read with the other page; each side keeps "
              "three rows at least, the header repeated over the page (rulebook/pdf.py RulesTable)"),
    Threshold("max_figure_distance_pages", 1, 0, 10, "pages",
              "a figure more than a page after the sentence announcing it (the next page: a page turned, or the "
              "facing page) is read without the text it illustrates, leafing back and forth"),
    Threshold("min_last_page_fill", 0.1, 0.0, 1.0, "share",
              "the last page of a document holding under a tenth of a page (a name, a line) costs a sheet "
              "for nothing"),
    Threshold("min_lone_section_fill", 0.3, 0.0, 1.0, "share",
              "a rulebook's last page that a section opens and holds alone, filled under this share (Tectonic's "
              "credits, Annexe B, alone on the A4 page 14 at 22 % and the booklet's page 19 at 25 %), reads as left "
              "behind and costs a page: the page before, its text said a little shorter, takes it under its end"),
    Threshold("seam_clearance_mm", 2.0, 0.0, 20.0, "mm",
              "a seam (where two tiled sheets are glued) this close to a zone's edge or a label runs through "
              "it: glue, a cut and a slight offset land on what the player must read"),
    Threshold("seam_border_clearance_mm", 5.0, 0.0, 20.0, "mm",
              "a seam running beside a zone's border, outside it, closer than this (PuXes' 2-player mat: 1 mm off its "
              "public gardens) reads once glued as the border drawn twice or crooked: a sheet laid by hand lands "
              "a millimetre or two off its marks, and a cut edge 2 to 4 mm off a drawn line looks like a slip of "
              "it. 5 mm keeps the two apart to the eye; a seam on the border itself (within 0.5 mm) hides in its "
              "stroke and may stay"),
    Threshold("max_figure_overhang_mm", 1.5, 0.0, 10.0, "mm",
              "a figure's art reaching further past its frame than the gap the rulebook leaves round it (half a "
              "line of text) runs over its caption or the text: a line leaving the frame, a piece on its edge; "
              "a numbered mark on an item's corner overhangs it by about 1 mm and stays in the gap"),
    Threshold("seam_zone_cuts", 0, 0, 6, "zones",
              "a seam across a zone (a garden, the square a piece stands on) parts it over two sheets, where glue, "
              "a cut a hair off and an offset land; a piece that no layout of its sheets keeps whole may have this "
              "many zones cut in one file, its assembly plan saying where (print/tiling.py chooses the cuts that "
              "do least harm: through a zone's end, not its middle)"),
    Threshold("min_pictured_mm", 11.0, 5.0, 40.0, "mm",
              "a picture a figure's caption relies on (a gnome making a gesture: which hand, which way its face "
              "looks), its box printed under 11 mm, leaves a dot for a face and a blur for a hand: the malins "
              "gnomes of Lutinades' aid at 66e77a1, 12 mm boxes on the card, were printed at 9.5 mm (the gnome in "
              "them about 6 mm) and the mirror rule was not seen; today's smallest print at 12.6 mm"),
    Threshold("min_marked_piece_mm", 5.0, 2.0, 20.0, "mm",
              "a piece whose mark the caption relies on (a pawn's nose for its facing) printed under 5 mm leaves "
              "the mark a millimetre or less, read as a speck of ink"),
    Threshold("min_bleed_mm", 0.5, 0.0, 5.0, "mm",
              "art reaching this far past a cut edge is bled; less, and a cut slightly off shows white"),
)}


def value(name: str, overrides: dict | None = None) -> float:
    """A threshold's value for a game: its override in game.yaml, else ours."""
    if overrides and name in overrides:
        return overrides[name]
    return THRESHOLDS[name].value


def check_override(name: str, raw, reason) -> str | None:
    """Why game.yaml's `preflight: {name: {value, reason}}` is refused, or None when it is right."""
    threshold = THRESHOLDS.get(name)
    if threshold is None:
        return f"preflight: no threshold '{name}'; thresholds: {', '.join(sorted(THRESHOLDS))}"
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return f"preflight.{name}: expected a number, found {raw!r}"
    if not threshold.lowest <= raw <= threshold.highest:
        return (f"preflight.{name}: {raw} is outside {threshold.lowest:g}..{threshold.highest:g} "
                f"({threshold.unit}; ours is {threshold.value:g}: {threshold.reason})")
    if not isinstance(reason, str) or len(reason.split()) < 2:
        return f"preflight.{name}: say why this game needs {raw:g} rather than {threshold.value:g} (reason: ...)"
    return None
