"""Bad content in decks, tiles and counters: a ContentError naming the file and the element's line."""

from __future__ import annotations

import pytest

from comphelp import items_of
from generator.content.errors import ContentError

HEAD = """\
    kind: deck
    id: d
    name: D
    width_mm: 50
    height_mm: 80
"""


def error_of(make_component, text: str, files=None) -> ContentError:
    with pytest.raises(ContentError) as err:
        comp, folder, _ = make_component(HEAD + text, files=files)
        items_of(comp, folder)
    return err.value


def test_unknown_field_names_the_element_line_and_suggests(make_component):
    err = error_of(make_component, """\
    front:
      - background: {colour: "#FFFFFF"}
      - text: {text: "{sut} {value}", x: 8, y: 10}
    fields:
      - {suit: Fire, value: 3}
    """)
    assert err.path.name == "comp.yaml" and err.line == 8
    assert "unknown field 'sut'" in err.message and "did you mean 'suit'" in err.message
    assert "front element 2 (text), row 1 (line 10)" in err.message


def test_a_misspelt_field_in_a_condition_is_an_error_not_a_silent_face(make_component):
    # `typ` for `type`: no row would match, every Spell card would lose its band without a word.
    err = error_of(make_component, """\
    front:
      - background: {colour: "#FFFFFF"}
      - rect: {x: 0, y: 0, w: 56, h: 12, fill: "#7030A0"}
        when: {typ: Spell}
      - text: {text: "{title}", x: 8, y: 20}
        unless: {rarety: common}
    fields:
      - {type: Spell, title: Fireball, rarity: rare}
      - {type: Attack, title: Sword, rarity: common}
    """)
    told = str(err)     # both mistakes in one run, each at its element's line
    assert "comp.yaml:8: deck 'd', front element 2 (rect): when: unknown field 'typ' (did you mean 'type'?)" in told
    assert "comp.yaml:10: deck 'd', front element 3 (text): unless: unknown field 'rarety' " \
           "(did you mean 'rarity'?)" in told


def test_a_condition_may_name_a_field_only_some_rows_have_and_index_or_id(make_component):
    comp, folder, _ = make_component(HEAD + """\
    front:
      - background: {colour: "#FFFFFF"}
      - text: {text: "R", x: 8, y: 20}
        when: {rare: oui}
      - text: {text: "1", x: 8, y: 40}
        when: {index: 1}
    fields:
      - {title: A, rare: oui}
      - {title: B}
    """)
    assert len(items_of(comp, folder)) == 2


def test_missing_asset_names_the_file_and_line(make_component):
    err = error_of(make_component, """\
    front:
      - image: {file: "{art}.png", x: 5, y: 5, w: 20, h: 20}
    fields:
      - {art: dragon}
    """)
    assert err.line == 7 and "image file 'dragon.png' not found" in err.message


def test_text_that_cannot_fit_its_box_is_an_error(make_component):
    err = error_of(make_component, """\
    front:
      - text: {text: "Une phrase bien trop longue pour une si petite boîte", x: 8, y: 8, w: 20, h: 5}
    """)
    assert err.line == 7 and "does not fit" in err.message and "7" in err.message


def test_text_leaving_the_safe_zone_is_an_error(make_component):
    err = error_of(make_component, """\
    front:
      - text: {text: "Bord", x: 4, y: 10}
    """)
    assert err.line == 7 and "outside the safe zone" in err.message


def test_a_row_value_that_is_not_a_colour_names_the_csv_row(make_component):
    err = error_of(make_component, """\
    table: rows.csv
    front:
      - rect: {x: 8, y: 8, w: 5, h: 5, fill: "{ink}"}
    """, files={"rows.csv": "ink\n#FF0000\nred\n"})
    assert err.line == 8
    assert "row 2 (rows.csv:3)" in err.message and "'red', which is not a colour" in err.message


def test_unknown_icon_suggests_a_name(make_component):
    err = error_of(make_component, """\
    front:
      - icon: {name: hart, cx: 20, cy: 20, size: 10}
    """)
    assert err.line == 7 and "did you mean 'heart'" in err.message


def test_missing_glyph_is_refused(make_component):
    err = error_of(make_component, """\
    front:
      - text: {text: "A ⊕ B", x: 8, y: 8}
    """)
    assert err.line == 7 and "U+2295" in err.message


def test_too_small_text_is_refused_at_load(make_component):
    err = error_of(make_component, """\
    front:
      - text: {text: "tiny", x: 8, y: 8, size_pt: 6}
    """)
    assert err.line == 7 and "below the minimum 7" in err.message


def test_element_with_two_shapes_or_a_typo(make_component):
    err = error_of(make_component, """\
    front:
      - {rect: {fill: "#000000"}, circle: {cx: 1, cy: 1, r: 1, fill: "#000000"}}
    """)
    assert err.line == 7 and "exactly one of" in err.message
    err = error_of(make_component, """\
    front:
      - rectangle: {fill: "#000000"}
    """)
    assert err.line == 7 and "did you mean 'rect'" in err.message


def test_csv_row_with_the_wrong_number_of_values(make_component):
    err = error_of(make_component, """\
    table: rows.csv
    front: []
    """, files={"rows.csv": "name,count\nA,1\nB,2,extra\n"})
    assert err.path.name == "rows.csv" and err.line == 3 and "3 values for 2 columns" in err.message


def test_bad_count_and_unknown_named_back(make_component):
    err = error_of(make_component, """\
    front: []
    fields:
      - {count: many}
    """)
    assert err.line == 8 and "expected a whole number" in err.message
    err = error_of(make_component, """\
    front: []
    backs:
      a: [{background: {colour: "#000000"}}]
    fields:
      - {back: b}
    """)
    assert err.line == 10 and "back 'b' is not one of 'backs' (a)" in err.message


def test_size_needs_a_preset_or_both_dimensions(make_component):
    with pytest.raises(ContentError, match="size preset"):
        make_component("""\
        kind: deck
        id: d
        name: D
        width_mm: 50
        front: []
        """)


def test_broken_svg_asset_is_a_content_error_at_the_element(make_component):
    err = error_of(make_component, """\
    front:
      - image: {file: art.svg, x: 5, y: 5, w: 20, h: 20}
    """, files={"assets/art.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                  '<text>x</text></svg>'})
    assert err.line == 7 and "<text> is not supported" in err.message and "art.svg" in err.message


def test_hairline_strokes_are_refused(make_component):
    err = error_of(make_component, """\
    front:
      - line: {x1: 8, y1: 8, x2: 20, y2: 8, stroke_mm: 0.05}
    """)
    assert err.line == 7 and "thinner than" in err.message
