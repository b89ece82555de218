"""The floor for labels (min_label_pt) is 6 pt (issue 25, "Text too small"): figures' coordinates and letters
printed at 5.4-5.6 pt passed the old 5 pt floor. A page of each, as built before the floor was raised (bad) and
after (good: the figures' text enlarged back to the floor by Canvas.text_floor), kept as fixtures
(tests/preflight/fixtures/extract.py)."""

from __future__ import annotations

import pytest

from generator.reader_thresholds import value as threshold
from tests.preflight.test_old_defects import warnings_of


def test_the_floor_for_labels_is_six_points():
    assert threshold("min_label_pt") == 6.0


@pytest.mark.parametrize("bad, good, size", [
    # Tectonic's rules p5: figures 2 and 3, board crops shrunk to the column, coordinates at 5.4 pt
    ("tectonic-figure-labels-5pt", "tectonic-figure-labels-6pt", 5.4),
    # Armada's aid: schéma 1's coordinates at 5.5 pt
    ("armada-aid-labels-5pt", "armada-aid-labels-6pt", 5.5),
])
def test_figure_labels_under_six_points_are_found_and_the_same_page_built_now_passes(bad, good, size):
    found = [w for w in warnings_of(bad) if w.kind == "small_text"]
    assert [(w.page, w.facts["size"], w.facts["floor"]) for w in found] == [(1, size, 6.0)]
    assert found[0].facts["count"] > 30                  # every coordinate of the figures, not one stray mark
    assert [w for w in warnings_of(good) if w.kind == "small_text"] == []
