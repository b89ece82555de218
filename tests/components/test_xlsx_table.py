"""A deck's table may be a .xlsx workbook (its first sheet, through openpyxl): the same rows as the same CSV, and its
errors at the file and the sheet's row, as a CSV's at its line."""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.content.errors import ContentError
from generator.content.loader import load_component

DECK = """\
kind: deck
id: cartes
name: Cartes
size: mini
table: {table}
defaults: {{bonus: "0"}}
front:
  - background: {{colour: "#FFFFFF"}}
  - text: {{text: "{{nom}} +{{bonus}}", x: 7, y: 10, w: 36, h: 20, size_pt: 11}}
"""
ROWS = [["nom", "bonus", "count"], ["Soleil", 2, 3], ["Lune", None, 1.0], ["Étoile", 1, 2]]


def workbook(path: Path, rows, *, first_sheet_rows=None) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (first_sheet_rows or rows):
        sheet.append(row)
    sheet.cell(row=1, column=12).number_format = "0.00"     # formatting far to the right: not a column
    other = book.create_sheet("Brouillon")
    other.append(["not", "read"])
    book.save(path)
    return path


def game_folder(tmp_path: Path, table: str) -> Path:
    folder = tmp_path / "content" / "jeu"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("id: jeu\ntitle: Jeu\nauthors: [Moi]\nlicence: MIT\nplayers: '2'\n"
                                      "duration: 5 min\nages: 8+\ncomponents: [cartes.yaml]\n", encoding="utf-8")
    (folder / "cartes.yaml").write_text(DECK.format(table=table), encoding="utf-8")
    return folder


def test_an_xlsx_table_gives_the_rows_the_same_csv_gives(tmp_path):
    folder = game_folder(tmp_path, "cartes.xlsx")
    workbook(folder / "cartes.xlsx", ROWS)
    from_xlsx, _ = load_component(folder / "cartes.yaml")
    (folder / "cartes.csv").write_text("nom,bonus,count\nSoleil,2,3\nLune,,1\nÉtoile,1,2\n", encoding="utf-8")
    (folder / "cartes.yaml").write_text(DECK.format(table="cartes.csv"), encoding="utf-8")
    from_csv, _ = load_component(folder / "cartes.yaml")
    assert [dict(r.values) for r in from_xlsx.rows] == [dict(r.values) for r in from_csv.rows]
    assert [r.count for r in from_xlsx.rows] == [3, 1, 2] and from_xlsx.rows[1].get("bonus") == "0"
    assert [r.line for r in from_xlsx.rows] == [2, 3, 4] and from_xlsx.rows[0].path.name == "cartes.xlsx"


def test_a_deck_from_an_xlsx_table_builds_each_row_count_times(tmp_path):
    folder = game_folder(tmp_path, "cartes.xlsx")
    workbook(folder / "cartes.xlsx", ROWS)
    result = CliRunner().invoke(cli, ["build", "jeu", "--content", str(folder.parent), "--out", str(tmp_path / "out"),
                                      "--jobs", "1"])
    assert result.exit_code == 0, result.output
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "out" / "jeu" / "cartes.pdf").pages)
    assert text.count("Soleil +2") == 3 and text.count("Lune +0") == 1 and text.count("Étoile +1") == 2


def test_a_wrong_cell_of_a_sheet_is_named_by_file_and_row(tmp_path):
    folder = game_folder(tmp_path, "cartes.xlsx")
    workbook(folder / "cartes.xlsx", [*ROWS[:3], ["Étoile", 1, "deux"]])
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    assert refused.value.path.name == "cartes.xlsx" and refused.value.line == 4
    assert "count: expected a whole number, found 'deux'" in str(refused.value)
    workbook(folder / "cartes.xlsx", [*ROWS[:2], ["Lune", 1, 1, "en trop"]])
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    assert refused.value.line == 3 and "4 values for 3 columns" in str(refused.value)


def test_a_file_that_is_no_workbook_and_a_missing_openpyxl_are_said_plainly(tmp_path, monkeypatch):
    folder = game_folder(tmp_path, "cartes.xlsx")
    (folder / "cartes.xlsx").write_text("nom,count\nSoleil,1\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    assert refused.value.path.name == "cartes.xlsx" and "not a .xlsx workbook" in str(refused.value)
    workbook(folder / "cartes.xlsx", ROWS)
    monkeypatch.setitem(sys.modules, "openpyxl", None)       # as if the `xlsx` extra were not installed
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    assert refused.value.path.name == "cartes.yaml" and refused.value.line == 1
    assert "pip install 'pnp-forge[xlsx]'" in str(refused.value)


def test_sheet_chooses_a_sheet_of_the_workbook_by_name(tmp_path):
    folder = game_folder(tmp_path, "cartes.xlsx")
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["pas", "des", "cartes"])
    cards = book.create_sheet("Cartes")
    for row in ROWS:
        cards.append(row)
    book.save(folder / "cartes.xlsx")
    (folder / "cartes.yaml").write_text(DECK.format(table="cartes.xlsx") + "sheet: Cartes\n", encoding="utf-8")
    deck, _ = load_component(folder / "cartes.yaml")
    assert [r.get("nom") for r in deck.rows] == ["Soleil", "Lune", "Étoile"]
    (folder / "cartes.yaml").write_text(DECK.format(table="cartes.xlsx") + "sheet: Carte\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    # told at the line of `sheet:` (the last of the file), not at the mapping's first key
    sheet_line = len(DECK.format(table="cartes.xlsx").splitlines()) + 1
    assert refused.value.path.name == "cartes.yaml" and refused.value.line == sheet_line > 2
    assert "no sheet 'Carte' in 'cartes.xlsx' (did you mean 'Cartes'?); sheets: Notes, Cartes" in str(refused.value)


def test_sheet_without_a_workbook_is_an_error(tmp_path):
    folder = game_folder(tmp_path, "cartes.csv")
    (folder / "cartes.csv").write_text("nom,count\nSoleil,1\n", encoding="utf-8")
    (folder / "cartes.yaml").write_text(DECK.format(table="cartes.csv") + "sheet: Cartes\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_component(folder / "cartes.yaml")
    assert "'sheet' chooses a sheet of a .xlsx 'table'; this component has the table 'cartes.csv'" in str(refused.value)
    assert refused.value.line == len(DECK.format(table="cartes.csv").splitlines()) + 1
