"""What decks, tiles and counters share: a table of rows (inline or CSV), each row one item drawn
from the component's layouts, `count` copies of it."""

from __future__ import annotations

import csv
import io
import math
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .. import limits
from ..errors import Collector, ContentError, did_you_mean
from ..paths import plain_name
from ..schema import Name, Where, derived, read_bytes_beside, read_text_beside, spec
from ..yamlfile import LocatedList
from .elements import FIELD_NAME, SCALAR, LayoutElement, scalar_text
from .figure import FigureSpec, FigureTarget
from .material import MaterialLine
from .stock import GREYBOARD, Stock, face_set_stock
from ..layouts import face_schema

ELEMENTS = {"type": "array", "items": {"$ref": "#/definitions/LayoutElement"}}

@dataclass(frozen=True)
class Row:
    """One row of a component's table: field values as text, how many copies, where it was written."""
    values: types.MappingProxyType
    count: int
    index: int                      # 1-based position in the table
    path: Optional[Path]
    line: Optional[int]

    def get(self, key: str, default: Optional[str] = None) -> Optional[str]:
        return self.values.get(key, default)


def _make_row(values: dict, index: int, where: Where, defaults) -> tuple[Row, list]:
    """The row, and the errors of its values. A wrong count or id is told and the row still made (one copy, as
    a stand-in): its back, layout and faces are checked too, so that a row's every mistake comes in one run
    (its component fails all the same: nothing of it is printed)."""
    out = dict(defaults)
    count = None
    errors = Collector()
    for key, raw in values.items():
        if not FIELD_NAME.match(str(key)):
            raise where.error(f"field name '{key}' must start with a letter and hold only letters, digits, _ or -")
        text = scalar_text(raw, where, key)
        if len(text) > limits.CELL_CHARS.default:
            raise where.error(limits.exceeded(limits.CELL_CHARS, len(text), f"field '{key}': characters"))
        if text == "" and key in out:
            continue   # an empty cell (a CSV gap) means "not given": the default stays
        if key in ("count", "quantity"):
            with errors.attempt():
                if count is not None:
                    raise where.error("give 'count' or 'quantity', not both")
                try:
                    count = int(text)
                except ValueError:
                    count = 1
                    raise where.error(f"{key}: expected a whole number, found {text!r}") from None
                if count < 0:
                    count = 1
                    raise where.error(f"{key}: {int(text)} is below 0")
                try:
                    limits.check(limits.COPIES_PER_ROW, count, f"{key}", where.path, where.line)
                except ContentError:
                    count = 1
                    raise
        out[key] = text
    if count is None:
        count = 1
    out.setdefault("count", str(count))
    if out.get("id"):       # an item's id names its images under `pnp export`: a plain name, as every id
        with errors.attempt():
            plain_name(out["id"], where, f"row {index}: id")
    return Row(types.MappingProxyType(out), count, index, where.path, where.line), errors.errors


def _read_rows(owner, where: Where) -> tuple[tuple, tuple]:
    """The rows of `fields` (inline) or `table` (CSV next to the component file), checked: the rows (a row with
    a wrong count or id among them, as a stand-in: see _make_row), and the errors of the rows (each row on its
    own, so that check() tells them with its own in one run)."""
    defaults = dict(owner.defaults)
    if owner.fields is not None and owner.table is not None:
        raise where.error(f"{owner.kind} '{owner.id}': give 'fields' or 'table', not both")
    sheet_where = Where(where.path, (owner._key_lines or {}).get("sheet", where.line))
    if owner.sheet is not None and not (owner.table or "").lower().endswith(".xlsx"):
        raise sheet_where.error(f"{owner.kind} '{owner.id}': 'sheet' chooses a sheet of a .xlsx 'table'; "
                          f"this component has {'the table ' + repr(owner.table) if owner.table else 'no table'}")
    rows = []
    errors = Collector()     # each row is read on its own: every wrong row is told in one run
    if owner.fields is not None:
        data = owner.fields
        if not isinstance(data, list):
            raise where.error(f"{owner.kind} '{owner.id}': 'fields' must be a list of rows (mappings)")
        for i, item in enumerate(data):
            line = data.line_of(i) if isinstance(data, LocatedList) else where.line
            rwhere = Where(where.path, line)
            limits.check(limits.TABLE_ROWS, i + 1, f"{owner.kind} '{owner.id}': rows", where.path, rwhere.line)
            with errors.attempt():
                if not isinstance(item, dict):
                    raise rwhere.error(f"row {i + 1}: expected a mapping of field: value")
                row, wrong = _make_row(item, i + 1, rwhere, defaults)
                rows.append(row)
                errors.errors.extend(wrong)
    elif owner.table is not None:
        if owner.table.lower().endswith(".xlsx"):
            table, records = _xlsx_records(owner, where, sheet_where)
        else:
            table, records = _csv_records(owner, where)
        header, number = None, 0
        for line, record in records:
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header = [c.strip() for c in record]
                limits.check(limits.TABLE_COLUMNS, len(header), "columns", table, line)
                dupes = sorted({c for c in header if header.count(c) > 1})
                if dupes:
                    raise ContentError(table, line, f"column '{dupes[0]}' appears twice")
                continue
            number += 1
            limits.check(limits.TABLE_ROWS, number, "rows", table, line)
            with errors.attempt():
                if len(record) != len(header):
                    raise ContentError(table, line, f"{len(record)} values for {len(header)} columns")
                row, wrong = _make_row(dict(zip(header, (c.strip() for c in record))), number,
                                       Where(table, line), defaults)
                rows.append(row)
                errors.errors.extend(wrong)
        if header is None:
            raise ContentError(table, None, "the table is empty (a header line is needed)")
    else:
        row, wrong = _make_row({}, 1, where, defaults)
        rows.append(row)
        errors.errors.extend(wrong)
    return tuple(rows), tuple(errors.errors)


def _csv_records(owner, where: Where):
    """The table's path and its (line, cells) records: a CSV file, ',' or ';' separated, UTF-8 (BOM or not)."""
    table, text = read_text_beside(where, owner.table, f"{owner.kind} '{owner.id}'", "table file", "utf-8-sig")
    first = text.splitlines()[0] if text else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)

    def records():
        try:
            for record in reader:
                yield reader.line_num, record
        except csv.Error as err:    # a cell past the csv module's own limit, a NUL byte, a broken quote
            if "field limit" in str(err):
                raise ContentError(table, reader.line_num, limits.exceeded(
                    limits.CELL_CHARS, f"a cell of more than {csv.field_size_limit()} characters",
                    "characters in one cell")) from None
            raise ContentError(table, reader.line_num, f"cannot read this line of the table: {err}") from None
    return table, records()


def _xlsx_records(owner, where: Where, sheet_where: Where):
    """The table's path and its (row number, cells) records: the `sheet` (default the first) of a .xlsx workbook, read by
    openpyxl (the optional `xlsx` extra), cell values as the spreadsheet shows them (a formula's last
    computed value). Errors name the file and the sheet's row, as a CSV's name its line."""
    import zipfile
    owner_name = f"{owner.kind} '{owner.id}'"
    table, data = read_bytes_beside(where, owner.table, owner_name, "table file")
    try:
        import openpyxl
    except ImportError:
        raise where.error(f"{owner_name}: reading '{owner.table}' needs openpyxl: pip install 'pnp-forge[xlsx]' "
                          f"(or save the sheet as CSV)") from None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except zipfile.BadZipFile:
        raise ContentError(table, None, "not a .xlsx workbook (it is not a zip file); save it again as .xlsx "
                                        "or as CSV") from None
    limits.check(limits.XLSX_UNPACKED_BYTES, unpacked, "bytes once unpacked", table, None)

    def text(cell) -> str:
        if cell is None:
            return ""
        if isinstance(cell, float) and cell.is_integer():
            return str(int(cell))
        if isinstance(cell, bool):
            return "true" if cell else "false"
        return cell.isoformat() if hasattr(cell, "isoformat") else str(cell)

    # Rows are read one at a time, each as wide as its last cell (not as the sheet's declared dimension): a cell
    # in column XFD made every row 16 384 values, all held at once. A value past the column limit is refused
    # before the row's values are read; empty cells past the header's last column are formatting, not values.
    most = limits.TABLE_COLUMNS.default
    records, width = [], None
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        if owner.sheet is None:
            sheet = book.worksheets[0]
        elif owner.sheet in book.sheetnames:
            sheet = book[owner.sheet]
        else:
            book.close()
            raise sheet_where.error(f"{owner_name}: no sheet '{owner.sheet}' in '{owner.table}'"
                              f"{did_you_mean(owner.sheet, book.sheetnames)}; sheets: {', '.join(book.sheetnames)}")
        sheet.reset_dimensions()
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if len(row) > most and row[most:].count(None) != len(row) - most:
                column = most + 1 + next(i for i, cell in enumerate(row[most:]) if cell is not None)
                raise ContentError(table, number, limits.exceeded(limits.TABLE_COLUMNS, column,
                                                                  "a value in column"))
            cells = [text(c) for c in row[:most]]
            while cells and cells[-1] == "":
                cells.pop()
            if not cells:
                continue          # a blank row (or a row of formatting): not a record, and not kept
            if width is None:
                width = len(cells)
            records.append((number, cells + [""] * (width - len(cells))))
        book.close()
    except ContentError:
        raise
    except Exception as err:   # openpyxl reports a damaged workbook in many ways; each is bad input
        raise ContentError(table, None, f"cannot read the workbook: {type(err).__name__}: {err}") from None
    return table, iter(records)


@dataclass(frozen=True)
class FaceSet(FigureTarget):
    """What decks, tiles and counters share: a table of rows, each giving one item drawn
    from the `front` layout (and `back`), `count` copies of it. Positions are mm from the
    bleed box's top-left corner. Besides its own fields a row offers `{index}` (1-based)
    and `{id}` (its `id` field, or '<component id>-<index>')."""
    kind: str
    id: Name
    name: str
    front: list[LayoutElement] = spec(doc="elements of the front, drawn in order, or `extends:` a layout of "
                                          "game.yaml's `layouts`", schema=face_schema(ELEMENTS))
    back: Optional[list[LayoutElement]] = spec(None, doc="the back shared by every row (none: single-sided)",
                                               schema=face_schema(ELEMENTS, nullable=True))
    backs: dict[str, list[LayoutElement]] = spec(factory=dict, doc="named backs, chosen per row by its 'back' field "
                                                 "(rows without one use `back`)",
                                                 schema={"additionalProperties": face_schema(ELEMENTS)})
    back_oriented: bool = spec(False, doc="the back has a top: keep its orientation to the front when printing")
    fields: Any = spec(None, doc="rows inline: a list of mappings field: value; 'count' (or 'quantity') copies",
                       schema={"type": ["array", "null"], "items": {
                           "type": "object", "propertyNames": {"pattern": FIELD_NAME.pattern},
                           "additionalProperties": SCALAR}})
    table: Optional[str] = spec(None, doc="rows from a CSV file next to this one (header line = field names), or "
                                          "from a sheet of a .xlsx workbook")
    sheet: Optional[str] = spec(None, doc="the sheet of a .xlsx `table` to read, by its name (default: the first)")
    defaults: dict[str, str] = spec(factory=dict, doc="field values for rows that do not give them")
    bleed_mm: float = spec(3.0, minimum=0, maximum=10)
    safe_mm: float = spec(3.0, minimum=0, maximum=20, doc="text stays this far inside the cut line")
    paper: Optional[str] = spec(None, doc="the stock the print guide advises, in the game's language "
                                          "(default: the kind's advice)")
    sheet_with: Optional[Name] = spec(None, doc="print these items on the sheets of that component of the game "
                                                 "(a deck, tiles or counters, after its own; or a form, in the band "
                                                 "under each copy; or a board on one sheet, in the band under it), "
                                                 "of the same stock printed the same way: small "
                                                 "sets share paper; the print guide names the pieces each file holds")
    sheet_alone: Optional[str] = spec(None, doc="why these sheets share with no other component: the print guide "
                                                 "says it, the reader's preflight accepts a sheet mostly blank unless "
                                                 "a component of its stock printed the same way could host it")
    _source: Optional[Where] = derived()
    _key_lines: Optional[dict] = derived(None)   # key -> its line in the component file (`sheet`'s errors)
    _rows: tuple = derived(())
    _row_errors: tuple = derived(())       # rows that could not be read: told by check() with its own errors
    _game_layouts: Any = derived(None)     # game.yaml's `layouts` (as written): a row's `layout` field picks one
    _row_fronts: Any = derived(None)       # name -> elements of each game layout some row picks as its front
    _layout_errors: tuple = derived(())    # those layouts' own errors (at game.yaml's lines): not a row's

    hosts_sheets = True      # other components may print on its n-up sheets (their `sheet_with`)

    @property
    def stock(self) -> Stock:
        """What its sheets print on (content/models/stock.py): glued onto greyboard, or card when two-sided."""
        return face_set_stock(GREYBOARD, self.back is not None or bool(self.backs))
    # A figure shows some of its items (`show.items`, or the engine's), in a row or a fan.
    figure_spec = FigureSpec(show=("items", "arrange"), arrangements=("row", "column", "fan"))

    @property
    def rows(self) -> tuple:
        return self._rows

    def trim_mm(self) -> tuple[float, float]:
        raise NotImplementedError

    def derive(self, where: Where) -> dict:
        rows, errors = _read_rows(self, where)
        fronts, wrong = _row_fronts(self, rows)
        return {"_rows": rows, "_row_errors": errors, "_row_fronts": fronts, "_layout_errors": wrong}

    def row_layout(self, row: Row) -> Optional[str]:
        """The game layout a row picks as its front (its 'layout' field), None for the component's `front`.
        Without `layouts` in game.yaml, 'layout' is a plain field; an empty cell gives none."""
        return (row.get("layout") or None) if isinstance(self._game_layouts, dict) and self._game_layouts else None

    def unknown_layout(self, row: Row, name: str) -> ContentError:
        return ContentError(row.path, row.line, f"row {row.index}: layout '{name}' is not one of game.yaml's "
                                                f"`layouts` ({', '.join(sorted(self._game_layouts))})"
                                                f"{did_you_mean(name, self._game_layouts)}")

    def item_count(self) -> int:
        """Items this component prints: every row counted with its copies (bounded per game by the loader)."""
        return sum(row.count for row in self._rows)

    def count_line(self, words, key: str, **sizes_mm: float) -> MaterialLine:
        """The line of the material list: every item counted with its row's quantity, then what one item is
        (catalogue `key`, given its sizes in mm)."""
        count = self.item_count()
        detail = words(key, count=count, **{name: words.number(v) for name, v in sizes_mm.items()})
        return MaterialLine(count, self.name, detail, self.id)

    def check(self, where: Where) -> None:
        errors = Collector()     # every wrong row is told in one run
        errors.errors.extend(self._row_errors)
        seen: dict[str, int] = {}
        for row in self._rows:
            # without `backs`, 'back' is a plain field; an empty cell gives none: the row uses `back`
            name = (row.get("back") or None) if self.backs else None
            with errors.attempt():
                if name is not None and name not in self.backs:
                    raise self.unknown_back(row, name)
            layout = self.row_layout(row)
            with errors.attempt():
                if layout is not None and layout not in self._game_layouts:
                    raise self.unknown_layout(row, layout)
            item_id = row.get("id")
            with errors.attempt():
                if item_id and item_id in seen:
                    raise ContentError(row.path, row.line, f"row {row.index}: id '{item_id}' is already used by "
                                                           f"row {seen[item_id]}")
            if item_id:
                seen.setdefault(item_id, row.index)
        for err in errors.errors:
            err.row_level = True     # a wrong row: the build may still lay out the others (schema.build)
        errors.errors.extend(self._layout_errors)     # a layout rows pick cannot be built: none is laid out
        with errors.attempt():
            if self.back is None and not self.backs and self.back_oriented:
                raise where.error(f"{self.kind} '{self.id}': back_oriented needs a back")
        errors.raise_any()

    def unknown_back(self, row: Row, name: str) -> ContentError:
        known = ", ".join(sorted(self.backs)) or "none"
        return ContentError(row.path, row.line, f"row {row.index}: back '{name}' is not one of 'backs' ({known})"
                                                f"{did_you_mean(name, self.backs)}")

    def item_ids(self) -> list[str]:
        """One id per row: the row's `id` field, else '<component>-<index>' zero-padded; all distinct."""
        width = max(2, len(str(len(self._rows))))
        ids, seen = [], {}
        for row in self._rows:
            item_id = row.get("id") or f"{self.id}-{row.index:0{width}d}"
            if item_id in seen:
                raise ContentError(row.path, row.line, f"row {row.index}: id '{item_id}' is already used by row "
                                                       f"{seen[item_id]}")
            seen[item_id] = row.index
            ids.append(item_id)
        return ids

    def check_figure(self, diagram) -> None:
        if not diagram.show.items and diagram.position is None:
            raise diagram.error(diagram.show_line("items") if "show.items" in diagram.key_lines
                                else diagram.line_of("show"),
                                f"show: items: name the {self.kind} of '{self.id}' to draw, by id or row "
                                f"number (e.g. items: [1, 2])")
        # every item named is a row of the table, told as the figures are read: not only once the faces are
        # laid out (a face's error would hide it)
        try:
            ids = self.item_ids()
        except ContentError:
            return          # told by check(), at the row
        for i, ref in enumerate(diagram.show.item_refs()):
            if ref.item not in ids and not (ref.item.isdigit() and 1 <= int(ref.item) <= len(self._rows)):
                raise diagram.error(diagram.show_line(f"items.{i}"),
                                    f"show: items: '{self.id}' has no item '{ref.item}'{did_you_mean(ref.item, ids)}; "
                                    f"items: {', '.join(ids[:12]) + (', …' if len(ids) > 12 else '')} "
                                    f"(or a row number, 1 to {len(self._rows)})")


def _row_fronts(owner: FaceSet, rows) -> tuple[dict, tuple]:
    """The elements of every game layout the rows pick (`layout` field), each built once; and the errors of
    those that cannot be built (told at game.yaml's lines). An unknown name is told by check(), at its row."""
    from ..layouts import expand
    from ..schema import convert
    layouts = owner._game_layouts
    if not isinstance(layouts, dict) or not layouts:
        return {}, ()
    fronts, errors = {}, Collector()
    for name in dict.fromkeys(owner.row_layout(row) for row in rows):
        if name is None or name not in layouts:
            continue
        with errors.attempt():
            line = layouts.line_of(name) if hasattr(layouts, "line_of") else None
            elements = expand(layouts[name], layouts, (name,))
            fronts[name] = convert(list[LayoutElement], elements, Where(getattr(layouts, "path", None), line),
                                   f"layout '{name}'")
    return fronts, tuple(errors.errors)


HEX_RATIO = 2.0 / math.sqrt(3.0)   # corner-to-corner over flat-to-flat of a regular hexagon
