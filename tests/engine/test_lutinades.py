"""Lutinades rounds worked out by hand from the rules (rules.fr.md), move by move, in both variants."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

from enginekit import check_protocol
from generator.engine import CHANCE, HIDDEN, IllegalMove, NotationError, get_engine
from generator.engine.games import lutinades as L

E = get_engine("lutinades")
TABLE = Path(__file__).resolve().parents[2] / "content" / "lutinades" / "panneaux.csv"


def pos(variant=None, **data):
    data.setdefault("joueurs", ["anne", "bruno", "chloe", "david"])
    return E.read_position(data, None, variant)


def play(p, *texts):
    for text in texts:
        p = E.play(p, E.parse_move(p, text))
    return p


def test_the_engines_deck_is_the_table_of_the_content_row_by_row():
    rows = list(csv.DictReader(TABLE.open(encoding="utf-8")))
    assert tuple((r["id"], int(r["count"])) for r in rows) == L.DECK
    assert sum(n for _, n in L.DECK) == 48
    for r in rows:   # the id says what the columns say, so a figure's card is the card printed
        card = L.parse_card(r["id"])
        assert (card.sens, card.small, card.big_gain, card.elf_gain) == \
            (r["sens"], r["taille"] == "petit", int(r["gros"]), int(r["petit"]))
        assert card.category(None) == r["geste"]


def test_three_to_seven_players_and_the_protocol_in_every_variant():
    assert E.players_for(3) == ("anne", "bruno", "chloe") and len(E.players_for(7)) == 7
    for n in (2, 8):
        with pytest.raises(NotationError):
            E.initial(players=n)
    for variant in (None, "malins", "grand"):
        for n in (3, 7):
            check_protocol(E, players=n, plies=60, seed=n)


def test_a_match_pays_the_picker_the_big_number_then_the_elf_the_small_one():
    # anne picks; the card turned is haut-2-1; pile b1..b6 (unknown faces).
    p = pos(carte="haut-2-1", pioche=6)
    assert E.waiting(p) == ("bruno", "chloe", "david") and E.to_move(p) == "bruno"
    p = play(p, "david:bas", "bruno:haut")           # any elf may show first
    assert E.waiting(p) == ("chloe",)
    assert E.observation(p, "chloe")["gestes"] == {"bruno": HIDDEN, "david": HIDDEN}
    assert E.observation(p, "anne")["carte"] == HIDDEN   # the picker never sees the card he turned
    assert E.observation(p, "bruno")["carte"] == "haut-2-1"
    p = play(p, "chloe:horizontal")
    # Shown together: the picker now sees every gesture (he chooses whom to follow), still not the card.
    assert E.observation(p, "anne")["gestes"] == {"bruno": "haut", "chloe": "horizontal", "david": "bas"}
    assert E.observation(p, "anne")["carte"] == HIDDEN
    assert E.waiting(p) == ("anne",)
    assert [E.format_move(p, m) for m in E.legal_moves(p)] == ["suivre:bruno", "suivre:chloe", "suivre:david"]
    p = play(p, "suivre:bruno")
    # anne takes 2 of the 6 cards, bruno 1; 3 left; bruno picks next and turns the 4th card (unknown).
    assert E.score(p) == {"anne": 2, "bruno": 1, "chloe": 0, "david": 0}
    assert len(p.pile) == 2 and E.write_position(p)["cueilleur"] == "bruno"
    assert E.write_position(p)["defausse"] == ["haut-2-1"]


def test_a_mismatch_pays_the_followed_elf_alone():
    p = play(pos(carte="haut-2-1", pioche=6), "bruno:haut", "chloe:bas", "david:bas", "suivre:chloe")
    assert E.score(p) == {"anne": 0, "bruno": 0, "chloe": 1, "david": 0}


def test_elves_all_alike_pay_the_picker_even_when_all_are_wrong():
    right = play(pos(carte="bas-3-1", pioche=9), "bruno:bas", "chloe:bas", "david:bas")
    wrong = play(pos(carte="bas-3-1", pioche=9), "bruno:haut", "chloe:haut", "david:haut")
    for p in (right, wrong):     # nobody is followed: the round is paid at once, the next picker's turn
        assert E.score(p) == {"anne": 3, "bruno": 0, "chloe": 0, "david": 0}
        assert E.write_position(p)["cueilleur"] == "bruno" and E.waiting(p) == ("anne", "chloe", "david")


def test_elves_all_alike_on_an_unknown_card_follow_nobody_the_round_stops_unpaid():
    # The pile given as a count, as the rulebook's figures give it: the card turned is `?`. All elves alike:
    # the picker follows nobody (no `suivre` to offer); he takes the big number, which `?` does not give.
    p = play(pos(carte="?", pioche=16), "bruno:haut", "chloe:haut", "david:haut")
    assert E.legal_moves(p) == [] and E.waiting(p) == () and E.outcome(p) is None and E.to_move(p) == "anne"
    with pytest.raises(IllegalMove, match="nobody is followed") as err:
        E.parse_move(p, "suivre:bruno")
    assert err.value.reason == "unknown_card"
    assert E.score(p) == {"anne": 0, "bruno": 0, "chloe": 0, "david": 0}
    assert E.read_position(E.write_position(p)) == p          # a figure may claim this position
    # grand: every elf shows the forbidden petit, nobody can be followed either
    g = play(pos("grand", carte="?", pioche=16), "bruno:petit", "chloe:petit", "david:petit")
    assert E.legal_moves(g) == [] and E.waiting(g) == ()
    # elves that differ: the picker still chooses whom to follow (the card is needed to pay him)
    assert [E.format_move(q, m) for q in [play(pos(carte="?", pioche=16), "bruno:haut", "chloe:bas", "david:haut")]
            for m in E.legal_moves(q)] == ["suivre:bruno", "suivre:chloe", "suivre:david"]


def test_a_short_pile_pays_the_picker_first_then_the_elf_what_is_left_and_the_game_ends():
    p = play(pos(carte="petit-bas-4-1", pioche=["haut-1-2", "bas-2-1", "haut-3-0"], gains={"chloe": 2}),
             "bruno:petit", "chloe:haut", "david:bas", "suivre:bruno")
    # the picker wants 4, gets the 3 cards; the elf wants 1, gets none; the pile is empty: the game is over.
    assert E.score(p) == {"anne": 3, "bruno": 0, "chloe": 2, "david": 0}
    assert E.outcome(p).winner == "anne" and E.legal_moves(p) == [] and E.waiting(p) == ()
    p = play(pos(carte="haut-2-1", pioche=2, gains={"anne": 3}), "bruno:haut", "chloe:bas", "david:bas",
             "suivre:bruno")
    assert E.score(p) == {"anne": 5, "bruno": 0, "chloe": 0, "david": 0}
    p = play(pos(carte="haut-2-1", pioche=3, gains={"bruno": 2}), "bruno:haut", "chloe:bas", "david:bas",
             "suivre:bruno")
    assert E.score(p) == {"anne": 2, "bruno": 3, "chloe": 0, "david": 0}
    assert E.outcome(p).winner == "bruno"


def test_a_shared_best_is_a_draw():
    p = play(pos(carte="haut-1-2", pioche=3, gains={"chloe": 2}), "bruno:haut", "chloe:bas", "david:bas",
             "suivre:bruno")
    assert E.score(p) == {"anne": 1, "bruno": 2, "chloe": 2, "david": 0}
    assert E.outcome(p).winner is None and "bruno, chloe" in E.outcome(p).reason


def test_small_cards_match_the_petit_gesture_whatever_way_they_point():
    p = play(pos(carte="petit-gauche-4-1", pioche=9), "bruno:horizontal", "chloe:petit", "david:bas",
             "suivre:chloe")
    assert E.score(p)["anne"] == 4 and E.score(p)["chloe"] == 1
    p = play(pos(carte="petit-gauche-4-1", pioche=9), "bruno:horizontal", "chloe:petit", "david:bas",
             "suivre:bruno")
    assert E.score(p)["anne"] == 0 and E.score(p)["bruno"] == 1


def test_malins_left_and_right_as_the_elves_see_the_card():
    base = pos("malins", carte="gauche-3-1", pioche=9)
    assert [E.format_move(base, m) for m in E.legal_moves_of(base, "bruno")] == \
        ["bruno:haut", "bruno:bas", "bruno:gauche", "bruno:droite", "bruno:petit"]
    with pytest.raises(IllegalMove) as err:
        E.parse_move(base, "bruno:horizontal")
    assert err.value.reason == "gesture"
    moves = ("bruno:gauche", "chloe:droite", "david:haut")
    assert E.score(play(base, *moves, "suivre:bruno"))["anne"] == 3          # right side: match
    mirrored = play(base, *moves, "suivre:chloe")                             # wrong side: the picker profits
    assert (E.score(mirrored)["anne"], E.score(mirrored)["chloe"]) == (3, 0)
    other = play(base, *moves, "suivre:david")                                # any other mismatch: as usual
    assert (E.score(other)["anne"], E.score(other)["david"]) == (0, 1)


def test_grand_petit_elves_are_ignored_and_put_a_card_back_shuffled_in():
    p = pos("grand", carte="petit-haut-3-1", pioche=["bas-2-1", "bas-3-1"],
            gains={"bruno": ["haut-1-2"], "david": 0})
    p = play(p, "bruno:petit", "chloe:haut", "david:petit")
    # bruno must put his card back (david has none); chance says where: 3 places, each 1/3.
    assert E.to_move(p) == CHANCE and E.waiting(p) == ()
    assert E.chance_outcomes(p) == [(L.Lands(k), Fraction(1, 3)) for k in (1, 2, 3)]
    p = play(p, "=2")
    assert [c.id for c in p.pile] == ["bas-2-1", "haut-1-2", "bas-3-1"] and E.score(p)["bruno"] == 0
    assert [E.format_move(p, m) for m in E.legal_moves(p)] == ["suivre:chloe"]
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "suivre:bruno")
    assert err.value.reason == "ignored"
    # the small card points up: in this variant it is read as haut, so chloe was right.
    p = play(p, "suivre:chloe")
    assert E.score(p) == {"anne": 3, "bruno": 0, "chloe": 0, "david": 0}
    assert E.outcome(p).winner == "anne"


def test_grand_every_elf_showing_petit_is_alike_and_pays_the_picker():
    p = play(pos("grand", carte="haut-2-1", pioche=5), "bruno:petit", "chloe:petit", "david:petit")
    assert E.score(p)["anne"] == 2 and E.write_position(p)["cueilleur"] == "bruno"


def test_wrong_moves_are_refused_with_their_reason():
    p = pos(carte="haut-2-1", pioche=3)
    for text, reason in (("anne:haut", "not_waiting"), ("suivre:bruno", "not_choosing"), ("=1", "not_choosing")):
        with pytest.raises(IllegalMove) as err:
            E.parse_move(p, text)
        assert err.value.reason == reason
    p = play(p, "bruno:haut", "chloe:bas", "david:bas")
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "suivre:anne")
    assert err.value.reason == "not_an_elf"
    for bad in ("bruno:sauter", "suivre", "=x"):
        with pytest.raises(NotationError):
            E.parse_move(p, bad)
    with pytest.raises(NotationError):
        pos(carte="haut-9")
    with pytest.raises(NotationError):
        pos(joueurs=["anne", "chloe", "bruno"])
    with pytest.raises(NotationError):
        pos(carte="haut-" + "9" * 5000 + "-1")
    with pytest.raises(NotationError):
        E.parse_move(pos(carte="haut-2-1", pioche=3), "=" + "9" * 5000)
    for huge in (10 ** 20, -1):
        with pytest.raises(NotationError, match="cards"):
            pos(carte="haut-2-1", pioche=huge)
    with pytest.raises(NotationError, match="paid at once"):    # a unanimous round never waits for a choice
        pos(carte="haut-2-1", pioche=3, gestes={"bruno": "bas", "chloe": "bas", "david": "bas"})


def test_a_whole_seeded_game_keeps_every_card_and_ends_on_an_empty_pile():
    import random
    for variant in (None, "malins", "grand"):
        p, rng = E.initial(variant, players=5, seed=7), random.Random(7)
        while E.outcome(p) is None:
            p = E.play(p, E.random_move(p, rng))
        assert p.pile == () and sum(E.score(p).values()) + len(p.discard) == 48


def test_every_rulebook_figure_holds_and_a_false_one_is_caught_at_its_line(tmp_path):
    from enginekit import falsify_claim
    from generator.engine.checker import check_diagrams
    assert check_diagrams("lutinades", TABLE.parents[1]) == []
    # the seed's ambiguity, as we chose it: all elves alike but wrong still pays the picker
    failures, line = falsify_claim("lutinades", tmp_path, "score: {anne: 3, bruno: 0, chloe: 0, david: 0}",
                                   "score: {anne: 0, bruno: 0, chloe: 0, david: 0}")
    assert [(f.line, f.diagram_id) for f in failures] == [(line, "tous-pareils")]
    assert "anne scores 0" in failures[0].message and "anne 3" in failures[0].message


def test_a_probability_over_zero_is_bad_input_at_its_line_not_an_internal_error(tmp_path):
    from enginekit import falsify_claim
    from generator.content.errors import ContentError
    with pytest.raises(ContentError, match="not an exact probability") as err:
        falsify_claim("lutinades", tmp_path, '"=1": 1/21', '"=1": 1/0')
    assert err.value.line is not None
