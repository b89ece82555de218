"""PuXes engine: positions worked out by hand from seeds/puxes.fr.txt and the contract, move by move.

Dice faces (contract): die c carries its character and SYMBOLS[(c-1+k) % 8], k = 0..4, with SYMBOLS =
pirate smiley soleil bombe pi aum yinyang sablier. Set A (and D) = characters 1-10, B (and C) = 11-20:
  A: oni(1) pirate smiley soleil bombe pi     kaeru(2) smiley soleil bombe pi aum
     kala(3) soleil bombe pi aum yinyang      petitgris(4) bombe pi aum yinyang sablier
     passeur(5) pi aum yinyang sablier pirate bascule(6) aum yinyang sablier pirate smiley
     decret(7) yinyang sablier pirate smiley soleil   repli(8) sablier pirate smiley soleil bombe
     sangsue(9) like oni                      sonneur(10) like kaeru
  B: miroir(11) soleil bombe pi aum yinyang   jumeau(12) bombe pi aum yinyang sablier
     girouette(13) pi aum yinyang sablier pirate     veinard(14) aum yinyang sablier pirate smiley
     rukura(15) yinyang sablier pirate smiley soleil parieur(16) sablier pirate smiley soleil bombe
     gaucher(17) like oni                     fortune(18) like kaeru
     charmeur(19) like kala                   gardien(20) like petitgris
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from enginekit import check_protocol, play, reason
from generator.engine import CHANCE, ClaimContext, NotationError, get_engine
from generator.engine.games import puxes

E = get_engine("puxes")

A_ORACLES = {"passeur": "pi", "bascule": "aum", "decret": "yinyang", "repli": "sablier"}
B_ORACLES = {"rukura": "yinyang", "parieur": "sablier", "gaucher": "pirate", "fortune": "smiley"}
B_UNROLLED = {"miroir": None, "jumeau": None, "girouette": None, "veinard": None}


def pos(a_heroes, b_heroes=None, a_oracles=None, b_oracles=None, trait="A", variant=None, **extra):
    """A two-player position, A to move after his roll (phase pouvoirs) unless `extra` says otherwise."""
    data = {"trait": trait,
            "A": {"heros": a_heroes, "oracles": A_ORACLES if a_oracles is None else a_oracles},
            "B": {"heros": B_UNROLLED if b_heroes is None else b_heroes,
                  "oracles": B_ORACLES if b_oracles is None else b_oracles}}
    for key, value in extra.items():
        if key in ("A", "B"):
            data[key].update(value)
        else:
            data[key] = value
    return E.read_position(data, variant=variant)


def legal(p):
    return E.legal_moves(p)


def claim(p, kind, value):
    return E.check_claim(kind, value, ClaimContext(E, p, p, ()))


# --- the dice ------------------------------------------------------------------------------------------------

def test_the_dice_carry_the_contract_faces():
    assert puxes.faces_of("oni") == ("oni", "pirate", "smiley", "soleil", "bombe", "pi")
    assert puxes.faces_of("repli") == ("repli", "sablier", "pirate", "smiley", "soleil", "bombe")
    assert puxes.faces_of("gardien") == ("gardien", "bombe", "pi", "aum", "yinyang", "sablier")
    assert len(puxes.CHARACTERS) == 20 == len(puxes.SKILLS)
    assert {c for c, (_, passive) in puxes.SKILLS.items() if passive} == {"oni", "gaucher", "gardien"}


def test_a_position_refuses_a_face_the_die_lacks_and_a_die_given_twice():
    with pytest.raises(NotationError, match="no face 'pirate'"):
        pos({"kaeru": "pirate"})
    with pytest.raises(NotationError, match="twice"):
        pos({"oni": "oni"}, a_oracles={"oni": "pi"})
    with pytest.raises(NotationError, match="not a die of set A"):
        pos({"miroir": "miroir"})


# --- the start --------------------------------------------------------------------------------------------

def test_the_start_every_player_rolls_and_the_most_characters_begins_keeping_his_roll():
    p = E.initial(players=2)
    assert E.to_move(p) == CHANCE
    odds = E.chance_outcomes(p)
    assert len(odds) == 6 ** 4 and all(q == Fraction(1, 1296) for _, q in odds)
    p = play(E, p, "=oni,smiley,kala,pi")              # A: oni, kala = 2 characters
    assert E.to_move(p) == CHANCE                      # B rolls
    p = play(E, p, "=miroir,bombe,pi,aum")             # B: 1 character
    assert E.to_move(p) == "A" and E.write_position(p)["phase"] == "pouvoirs"
    assert E.write_position(p)["A"]["heros"] == {"oni": "oni", "kaeru": "smiley", "kala": "kala", "petitgris": "pi"}
    assert list(E.write_position(p)["B"]["heros"].values()) == [None] * 4   # B's start roll is set aside
    assert E.protection(p)[0] == ["A"]


def test_the_start_tied_players_roll_again():
    p = E.initial(players=2)
    p = play(E, p, "=oni,smiley,soleil,bombe", "=miroir,bombe,pi,aum")    # 1 against 1
    assert E.to_move(p) == CHANCE and E.write_position(p)["depart"]["lancent"] == ["A", "B"]
    p = play(E, p, "=pirate,smiley,soleil,bombe", "=soleil,jumeau,pi,aum")    # 0 against 1: B begins
    assert E.to_move(p) == "B"
    assert E.write_position(p)["B"]["heros"] == {"miroir": "soleil", "jumeau": "jumeau", "girouette": "pi",
                                                 "veinard": "aum"}
    assert list(E.write_position(p)["A"]["heros"].values()) == [None] * 4


# --- the seed's examples ----------------------------------------------------------------------------------------

def test_seed_example_oni_kala_kaeru():
    p = pos({"oni": None, "kala": None, "kaeru": None, "petitgris": None}, phase="lancer")
    assert E.to_move(p) == CHANCE
    assert dict(E.chance_outcomes(p))["=oni,kala,kaeru,pi"] == Fraction(1, 1296)
    p = play(E, p, "=oni,kala,kaeru,pi")
    assert E.passives(p) == {"A": ["oni"]} and E.actives(p) == ["kaeru", "kala"]
    assert claim(p, "passives", {"A": ["oni"]}) is None and claim(p, "actives", ["kaeru", "kala"]) is None
    assert claim(p, "protection", "A") is None and claim(p, "actives", ["kala"]) is not None
    # one active only: after Kaeru's, Kâla's is gone
    q = play(E, p, "pouvoir kaeru")
    assert E.actives(q) == [] and reason(E, q, "pouvoir kala") == "no_power"
    # Oni's passive holds until A's next roll, during B's turn too: B's Miroir is cancelled
    q = play(E, q, "A.passeur>pi", "fin", "fin", "=miroir,bombe,pirate,smiley")
    assert E.to_move(q) == "B" and E.passives(q) == {"A": ["oni"]}
    assert E.actives(q) == [] and reason(E, q, "pouvoir miroir kala") == "cancelled"
    assert E.movable(q) == ["B.gaucher", "B.fortune"]
    # A's next roll without Oni ends the Protection
    q = play(E, q, "B.gaucher>pirate", "fin", "=pirate,kala,kaeru,pi")
    assert E.passives(q) == {} and E.protection(q)[0] == []


def test_seed_example_smiley_only_the_smiley_oracle_moves_once():
    p = pos({"oni": "smiley", "kaeru": "smiley", "kala": "yinyang", "petitgris": "sablier"},
            a_oracles={"passeur": "pirate", "bascule": "smiley", "decret": "soleil", "repli": "bombe"})
    assert E.movable(p) == ["A.bascule"] and E.flicks_left(p) == 1 and E.actives(p) == []
    assert claim(p, "movable", ["A.bascule"]) is None and claim(p, "flicks", 1) is None
    assert claim(p, "movable", ["A.bascule", "A.passeur"]) is not None
    assert reason(E, p, "A.passeur>pirate") == "not_movable"
    assert reason(E, p, "passe") == "must_flick"
    assert not E.can_wake(p)                             # a pair of smileys, but no oracle asleep
    assert reason(E, p, "reveil A.sonneur=pi") == "no_sleeper"
    p = play(E, p, "A.bascule>pirate", "fin")            # once: the turn ends, B rolls
    assert E.to_move(p) == CHANCE and E.write_position(p)["trait"] == "B"


# --- moving and waking ------------------------------------------------------------------------------------------

def test_a_character_on_a_hero_lets_any_oracle_showing_a_character_move():
    p = pos({"oni": "pi", "kaeru": "kaeru", "kala": "bombe", "petitgris": "bombe"},
            a_oracles={"passeur": "passeur", "bascule": "bascule", "decret": "yinyang", "repli": "sablier"})
    assert E.movable(p) == ["A.passeur", "A.bascule"]
    q = pos({"oni": "pi", "kaeru": "soleil", "kala": "bombe", "petitgris": "bombe"},
            a_oracles={"passeur": "passeur", "bascule": "bascule", "decret": "yinyang", "repli": "sablier"})
    assert E.movable(q) == [] and "passe" in legal(q)


def test_a_pair_of_symbols_wakes_an_oracle_instead_of_moving_and_of_any_active_power():
    heroes = {"oni": "bombe", "kaeru": "kaeru", "kala": "bombe", "petitgris": "sablier"}
    p = pos(heroes, A={"endormis": ["sonneur"]})
    assert E.can_wake(p) and claim(p, "can_wake", True) is None
    assert "reveil A.sonneur=pi" in legal(p) and len([m for m in legal(p) if m.startswith("reveil")]) == 6
    q = play(E, p, "reveil A.sonneur=sonneur")
    assert E.write_position(q)["A"]["oracles"]["sonneur"] == "sonneur" and "endormis" not in E.write_position(q)["A"]
    assert E.to_move(q) == CHANCE and E.write_position(q)["trait"] == "B"      # no move after waking
    # after an active power, no waking
    r = play(E, p, "pouvoir kaeru")
    assert reason(E, r, "reveil A.sonneur=pi") == "no_wake"
    # a pair of characters is no pair
    s2 = pos({"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "sablier"}, A={"endormis": ["sonneur"]})
    assert not E.can_wake(s2) and reason(E, s2, "reveil A.sonneur=pi") == "no_pair"


def test_a_flick_enters_its_results_from_a_finite_list_then_oracles_out_fall_asleep():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "A.passeur>aum")
    moves = legal(p)
    assert "touche B.rukura" in moves and "sort A.passeur" in moves and "tombe B" in moves and "fin" in moves
    assert "sacre A.passeur" in moves and "touche A.passeur" not in moves
    p = play(E, p, "touche B.rukura", "sort B.rukura", "sort B.gaucher")
    assert "touche B.rukura" not in legal(p) and "sacre B.rukura" not in legal(p)
    p = play(E, p, "fin")
    w = E.write_position(p)
    assert w["B"]["endormis"] == ["rukura", "gaucher"] and w["A"]["oracles"]["passeur"] == "aum"
    assert claim(p, "asleep", ["B.rukura", "B.gaucher"]) is None


def test_a_sacred_garden_landing_changes_nothing_but_is_recorded_in_the_flick():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    q = play(E, p, "A.passeur>pi", "sacre A.passeur")
    assert E.write_position(q)["tour"]["tir"]["evenements"] == ["sacre A.passeur"]
    q = play(E, q, "fin")
    assert E.write_position(q)["A"]["oracles"] == A_ORACLES


# --- temples and the end -----------------------------------------------------------------------------------------

def test_a_clean_dixe_eliminates_the_owner():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "A.passeur>pi", "tombe B", "fin")
    assert E.outcome(p).winner == "A" and legal(p) == [] and claim(p, "eliminated", ["B"]) is None


def test_a_dixe_touching_an_oracle_is_void_the_oracle_sleeps_defenders_come_back():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "A.passeur>pi", "touche B.rukura", "sort B.gaucher", "tombe B", "fin")
    w = E.write_position(p)
    assert E.outcome(p) is None and w["B"]["temple"] == "debout"
    assert w["A"]["endormis"] == ["passeur"] and "endormis" not in w["B"]      # B.gaucher is put back
    q = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    for bad in (["sort A.passeur", "tombe B"], ["sort B"]):      # the oracle, or the temple, out of the area
        r = play(E, q, "A.passeur>pi", *bad, "fin")
        assert E.outcome(r) is None and "passeur" in E.write_position(r)["A"]["endormis"]


def test_felling_ones_own_temple_voids_the_shot_and_the_oracle_sleeps():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "A.passeur>pi", "sort B.rukura", "tombe A", "fin")
    w = E.write_position(p)
    assert w["A"]["temple"] == "debout" and w["A"]["endormis"] == ["passeur"] and "endormis" not in w["B"]


def test_all_oracles_asleep_eliminates():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, b_oracles={"rukura": "pirate"},
            B={"endormis": ["parieur", "gaucher", "fortune"]})
    p = play(E, p, "A.passeur>pi", "sort B.rukura", "fin")
    assert E.outcome(p).winner == "A"


def test_three_players_an_eliminated_player_leaves_and_play_skips_him():
    data = {"joueurs": ["A", "B", "C"], "trait": "A",
            "A": {"heros": {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, "oracles": A_ORACLES},
            "B": {"heros": B_UNROLLED, "oracles": B_ORACLES},
            "C": {"heros": {"miroir": None, "jumeau": None, "girouette": None, "veinard": None},
                  "oracles": {"rukura": "pirate", "parieur": "pirate", "gaucher": "pi", "fortune": "pi"}}}
    p = E.read_position(data)
    p = play(E, p, "A.passeur>pi", "tombe B", "fin")
    w = E.write_position(p)
    assert E.outcome(p) is None and w["B"]["elimine"] is True and w["B"]["oracles"] == {}
    assert w["trait"] == "C" and "tombe B" not in legal(play(E, p, "=miroir,bombe,pi,aum", "C.gaucher>pi"))


def test_blitz_the_eliminator_takes_the_oracles_still_in_play():
    data = {"joueurs": ["A", "B", "C", "D"], "trait": "A",
            "A": {"heros": {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, "oracles": A_ORACLES},
            "B": {"heros": B_UNROLLED, "oracles": B_ORACLES, "endormis": []}}
    p = E.read_position(data, variant="blitz")
    p = play(E, p, "A.passeur>pi", "sort B.gaucher", "fin")       # no DiXe here: B.gaucher sleeps
    assert "gaucher" in E.write_position(p)["B"]["endormis"]
    p = E.read_position(data, variant="blitz")
    p = play(E, p, "A.passeur>pi", "tombe B", "fin")
    w = E.write_position(p)
    assert w["B"]["elimine"] and w["B"]["oracles"] == {}
    assert list(w["A"]["oracles"]) == ["passeur", "bascule", "decret", "repli", "B.rukura", "B.parieur",
                                       "B.gaucher", "B.fortune"]
    assert ("B.rukura", "B-oracle", "yinyang") in E.placements(p)


def test_advanced_temples_fall_in_two_steps():
    heroes = {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}
    p = pos(heroes, variant="avance")
    p = play(E, p, "A.passeur>pi", "tombe B", "fin")
    assert E.outcome(p) is None and E.write_position(p)["B"]["temple"] == "ebranle"
    q = pos(heroes, variant="avance", B={"temple": "ebranle"})
    q = play(E, q, "A.passeur>pi", "tombe B", "fin")
    assert E.outcome(q).winner == "A"


def test_two_temples_both_must_fall():
    heroes = {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}
    p = E.initial("deux-temples")
    assert len(E.write_position(p)["A"]["oracles"]) == 6 and E.write_position(p)["A"]["temple"] == ["debout"] * 2
    p = pos(heroes, variant="deux-temples")
    p = play(E, p, "A.passeur>pi", "tombe B2", "fin")
    assert E.outcome(p) is None and E.write_position(p)["B"]["temple"] == ["debout", "tombe"]
    q = pos(heroes, variant="deux-temples", B={"temple": ["debout", "tombe"]})
    assert "tombe B2" not in legal(play(E, q, "A.passeur>pi"))
    q = play(E, q, "A.passeur>pi", "tombe B1", "fin")
    assert E.outcome(q).winner == "A"


def test_teams_a_player_without_temple_plays_on_but_cannot_wake_and_partners_share_powers():
    four = {"joueurs": ["A", "B", "C", "D"], "trait": "A",
            "A": {"heros": {"oni": "bombe", "kaeru": "pi", "kala": "bombe", "petitgris": "sablier"},
                  "oracles": A_ORACLES, "endormis": [], "temple": "tombe"},
            "C": {"heros": {"miroir": None, "jumeau": None, "girouette": None, "veinard": "veinard"},
                  "oracles": {"rukura": "pirate", "parieur": "pirate", "gaucher": "pi", "fortune": "pi"}}}
    p = E.read_position(four, variant="equipes")
    assert E.outcome(p) is None and E.movable(p) == ["A.passeur", "A.repli"]
    assert E.actives(p) == ["C.veinard"]                          # the partner's visible power
    four["A"]["endormis"] = ["sonneur"]
    p = E.read_position(four, variant="equipes")
    assert not E.can_wake(p) and reason(E, p, "reveil A.sonneur=pi") == "no_wake"   # pair of bombes, no temple
    q = play(E, p, "pouvoir C.veinard", "A.passeur>pi", "fin")
    assert E.write_position(q)["tour"]["etape"] == "relance"
    # B (the other team) fells C's temple: both temples of A+C are down, B+D win
    p = E.read_position({**four, "trait": "B",
                         "B": {"heros": {"miroir": "pi", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"},
                               "oracles": B_ORACLES}}, variant="equipes")
    p = play(E, p, "B.parieur>sablier", "tombe C", "fin")
    assert E.outcome(p).winner == "B" and "team B+D" in E.outcome(p).reason
    assert "tombe A" not in legal(play(E, E.read_position({**four, "trait": "B", "B": {
        "heros": {"miroir": "pi", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"},
        "oracles": B_ORACLES}}, variant="equipes"), "B.parieur>sablier"))


def test_toddlers_roll_nothing_and_only_a_character_dixes():
    p = E.initial("tout-petits")
    assert E.to_move(p) == "A" and len(E.movable(p)) == 4
    p = E.read_position({"A": {"heros": {}, "oracles": {"passeur": "passeur", "bascule": "aum"}},
                         "B": {"heros": {}, "oracles": B_ORACLES}}, variant="tout-petits")
    q = play(E, p, "A.bascule>aum", "sort B.rukura", "tombe B", "fin")        # a symbol: nothing counts
    assert E.outcome(q) is None and "endormis" not in E.write_position(q)["B"]
    assert E.to_move(q) == "B" and E.write_position(q)["phase"] == "pouvoirs"
    q = play(E, p, "A.passeur>pi", "tombe B", "fin")                            # a character: DiXed
    assert E.outcome(q).winner == "A"


def test_youngest_players_no_powers_but_characters_still_match():
    p = pos({"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "sablier"},
            a_oracles={"passeur": "passeur", "bascule": "aum"}, variant="sans-pouvoirs")
    assert E.actives(p) == [] and E.passives(p) == {} and E.movable(p) == ["A.passeur"]
    assert reason(E, p, "pouvoir kaeru") == "no_power"


def test_cliff_an_oracle_out_is_lost_for_good():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, variant="falaise")
    p = play(E, p, "A.passeur>pi", "sort B.rukura", "fin")
    w = E.write_position(p)
    assert w["B"]["perdus"] == ["rukura"] and "endormis" not in w["B"]


def test_fortress_occupant_spits_and_an_opponent_newcomer_puts_it_to_sleep():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, variant="forteresse")
    p = play(E, p, "A.passeur>pi", "forteresse A.passeur", "fin")
    assert E.write_position(p)["forteresse"] == "A.passeur"
    # B's newcomer takes the place, A.passeur sleeps
    q = play(E, p, "=miroir,bombe,pirate,aum", "B.gaucher>pirate", "forteresse B.gaucher", "fin")
    assert E.write_position(q)["forteresse"] == "B.gaucher" and E.write_position(q)["A"]["endormis"] == ["passeur"]
    # A's next turn: he may spit once from the fortress, before flicking
    r = play(E, p, "=miroir,bombe,pirate,aum", "B.gaucher>pirate", "fin", "=pirate,smiley,soleil,bombe")
    assert "crache" in legal(r)
    r = play(E, r, "crache", "sort B.rukura", "fin")
    assert "crache" not in legal(r) and "rukura" in E.write_position(r)["B"]["endormis"]


# --- the powers ----------------------------------------------------------------------------------------------------

def four_players(a_heroes, d_heroes, trait="A", **extra):
    """A, B, C, D, each alone; A and D carry the same characters (two Onis can meet)."""
    data = {"joueurs": ["A", "B", "C", "D"], "trait": trait,
            "A": {"heros": a_heroes, "oracles": A_ORACLES},
            "D": {"heros": d_heroes, "oracles": {"passeur": "pi", "bascule": "aum", "decret": "yinyang",
                                                  "repli": "sablier"}}}
    data.update(extra)
    return E.read_position(data)


def test_protection_the_first_oni_rules_the_second_takes_over_when_it_disappears():
    # D rolled last (trait A now): D's Oni appeared after... no: A rolled before D? seat order A B C D, A to move
    # means D rolled last, so A's Oni (rolled before) came first.
    p = four_players({"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "pi"},
                     {"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "pi"}, oni=["A", "D"])
    assert E.protection(p)[0] == ["A"] and E.passives(p) == {"A": ["oni"]}
    assert E.actives(p) == ["kaeru"]
    # A rolls again (his next turn) without Oni: D's Oni takes over and cancels A
    p = four_players({"oni": None, "kaeru": None, "kala": None, "petitgris": None},
                     {"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "pi"}, phase="lancer",
                     trait="A", oni=["D"])
    p = play(E, p, "=pi,kaeru,pi,pi")
    assert E.protection(p)[0] == ["D"] and E.actives(p) == [] and reason(E, p, "pouvoir kaeru") == "cancelled"
    # an Oni rolled again appears anew: it comes after the other one
    p = four_players({"oni": None, "kaeru": None, "kala": None, "petitgris": None},
                     {"oni": "oni", "kaeru": "kaeru", "kala": "pi", "petitgris": "pi"}, phase="lancer", oni=["D"])
    p = play(E, p, "=oni,kaeru,pi,pi")
    assert E.write_position(p).get("oni") is None and E.protection(p)[0] == ["D"]   # D's first, the default order
    assert E.passives(p) == {"D": ["oni"]}


def test_vampirisation_glues_one_touched_oracle_and_the_pair_resists_protection():
    p = four_players({"oni": "pi", "sangsue": "sangsue", "kala": "aum", "petitgris": "sablier"},
                     {"oni": "pi", "kaeru": "kaeru", "kala": "pi", "petitgris": "pi"})
    assert E.protection(p)[0] == [] and E.actives(p) == ["sangsue"]
    p = play(E, p, "pouvoir sangsue", "A.passeur>pi", "touche D.repli", "touche A.bascule", "fin")
    assert set(legal(p)) == {"vampirise D.repli", "vampirise A.bascule"}       # one of them, compulsory
    p = play(E, p, "vampirise D.repli")
    assert E.write_position(p)["colles"] == {"D.repli": "A.passeur"}
    # D's Oni appears: the pair, once glued, resists Protection; D cannot flick its glued oracle
    q = E.read_position({**E.write_position(p), "trait": "D", "phase": "pouvoirs",
                         "D": {"heros": {"oni": "oni", "kaeru": "pi", "kala": "pi", "petitgris": "pi"},
                               "oracles": {"passeur": "pi", "bascule": "aum", "decret": "yinyang",
                                           "repli": "sablier"}}})
    assert E.protection(q)[0] == ["D"] and E.write_position(q)["colles"] == {"D.repli": "A.passeur"}
    assert "D.repli" not in E.movable(q) and reason(E, q, "D.repli>sablier") == "immobilised"
    # a shot touching it frees it
    q = play(E, q, "D.passeur>pi", "touche A.passeur", "fin")
    assert "colles" not in E.write_position(q)


def test_protection_stops_vampirisation_from_being_activated():
    # four players, A's Oni rules; D shows Sangsue: cancelled like every opposing power (issue 28, fault 11)
    p = four_players({"oni": "oni", "kaeru": "pi", "kala": "pi", "petitgris": "pi"},
                     {"oni": "pi", "sangsue": "sangsue", "kala": "aum", "petitgris": "sablier"}, trait="D", oni=["A"])
    assert E.protection(p)[0] == ["A"] and E.actives(p) == []
    assert "pouvoir sangsue" not in legal(p) and reason(E, p, "pouvoir sangsue") == "cancelled"


def test_only_one_friendly_oracle_touched_is_vampirised_compulsorily():
    p = pos({"oni": "pi", "sangsue": "sangsue", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "pouvoir sangsue", "A.passeur>pi", "touche A.bascule", "fin")
    assert legal(p) == ["vampirise A.bascule"]


def test_seduction_immobilises_until_the_next_roll_and_a_knocked_petit_gris_sends_it_to_sleep():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "petitgris"})
    assert "pouvoir petitgris B.gaucher" in legal(p)
    p = play(E, p, "pouvoir petitgris B.gaucher", "A.passeur>pi", "fin", "=miroir,bombe,pirate,smiley")
    assert E.write_position(p)["immobilises"] == {"B.gaucher": "A.petitgris"}
    assert E.movable(p) == ["B.fortune"] and reason(E, p, "B.gaucher>pirate") == "immobilised"
    q = play(E, p, "B.fortune>smiley", "touche B.gaucher", "renverse B.gaucher", "fin")
    w = E.write_position(q)
    assert "immobilises" not in w and w["B"]["endormis"] == ["gaucher"] and w["A"]["heros"]["petitgris"] is None
    r = play(E, p, "B.fortune>smiley", "fin", "=pi,pi,pi,pi")           # A rolls: Petit gris comes back
    assert "immobilises" not in E.write_position(r)


def test_transport_carries_the_touched_oracle_with_the_flicked_one():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "passeur": "passeur"},
            a_oracles={"petitgris": "pi", "bascule": "aum", "decret": "yinyang", "repli": "sablier"})
    q = play(E, p, "pouvoir passeur", "A.petitgris>pi", "touche B.rukura", "sort B.rukura", "fin")
    assert legal(q) == ["transporte B.rukura", "fin"]
    assert "endormis" not in E.write_position(play(E, q, "transporte B.rukura"))["B"]
    assert E.write_position(play(E, q, "fin"))["B"]["endormis"] == ["rukura"]
    # the flicked oracle out: the carried one goes with it
    q = play(E, p, "pouvoir passeur", "A.petitgris>pi", "touche B.rukura", "sort A.petitgris", "fin",
             "transporte B.rukura")
    assert E.write_position(q)["B"]["endormis"] == ["rukura"]


def test_retrograde_swaps_an_opponent_oracle_with_one_of_its_owners_heroes():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "bascule": "bascule"},
            a_oracles={"petitgris": "pi", "passeur": "aum", "decret": "yinyang", "repli": "sablier"},
            b_heroes={"miroir": "miroir", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"})
    assert "pouvoir bascule B.rukura B.miroir" in legal(p)
    p = play(E, p, "pouvoir bascule B.rukura B.miroir")
    w = E.write_position(p)
    assert list(w["B"]["oracles"].items())[0] == ("miroir", "miroir")
    assert list(w["B"]["heros"].items())[0] == ("rukura", "yinyang")


def test_decret_plays_any_oracle():
    p = pos({"oni": "pi", "decret": "decret", "kala": "pi", "petitgris": "pi"},
            a_oracles={"passeur": "pi", "bascule": "aum", "kaeru": "smiley", "repli": "sablier"})
    assert E.movable(p) == ["A.passeur"]
    assert E.movable(play(E, p, "pouvoir decret")) == ["A.passeur", "A.bascule", "A.kaeru", "A.repli"]


def test_retraite_puts_back_an_oracle_keeping_its_face_but_never_one_of_a_glued_pair():
    p = pos({"oni": "pi", "repli": "repli", "kala": "pi", "petitgris": "pi"},
            a_oracles={"passeur": "pi", "bascule": "aum", "kaeru": "smiley", "decret": "sablier"},
            colles={"B.rukura": "A.bascule"})
    # A.bascule holds B.rukura: no power separates a Vampirisation pair, Retraite neither
    assert "pouvoir repli A.passeur" in legal(p) and "pouvoir repli A.bascule" not in legal(p)
    assert reason(E, p, "pouvoir repli A.bascule") == "target"
    q = play(E, p, "pouvoir repli A.passeur")
    assert E.write_position(q)["colles"] == {"B.rukura": "A.bascule"}
    assert E.write_position(q)["A"]["oracles"]["passeur"] == "pi"


def test_attrape_moi_wakes_an_oracle_that_may_not_move_this_turn():
    p = pos({"oni": "pi", "sonneur": "sonneur", "kala": "aum", "petitgris": "sablier"},
            a_oracles={"passeur": "pi"}, A={"endormis": ["bascule"]})
    p = play(E, p, "pouvoir sonneur A.bascule=aum")
    assert E.write_position(p)["A"]["oracles"] == {"passeur": "pi", "bascule": "aum"}
    assert E.movable(p) == ["A.passeur"]                                   # aum matches, but it was just woken


def test_imitation_uses_a_visible_opponent_hero_power_with_the_miroir_die():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "petitgris"}, trait="B",
            b_heroes={"miroir": "miroir", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"})
    assert E.actives(p) == ["miroir"]
    assert "pouvoir miroir petitgris A.passeur" in legal(p)
    p = play(E, p, "pouvoir miroir petitgris A.passeur")
    assert E.write_position(p)["immobilises"] == {"A.passeur": "B.miroir"}
    assert E.write_position(p)["tour"]["pouvoir"] == "petitgris"


def test_coup_double_moves_two_oracles_showing_the_same_symbol_as_a_hero():
    b_oracles = {"rukura": "pirate", "parieur": "pirate", "gaucher": "pi", "fortune": "bombe"}
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B", b_oracles=b_oracles,
            b_heroes={"miroir": "bombe", "jumeau": "jumeau", "girouette": "pirate", "veinard": "sablier"})
    assert "jumeau" in E.actives(p)
    p = play(E, p, "pouvoir jumeau")
    assert E.flicks_left(p) == 2
    p = play(E, p, "B.rukura>smiley", "fin")
    assert E.movable(p) == ["B.parieur"] and "fin" in legal(p)
    p = play(E, p, "B.parieur>pirate", "fin")
    assert E.to_move(p) == CHANCE and E.write_position(p)["trait"] == "A"
    # without two oracles on one hero's symbol, no Coup double
    q = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "bombe", "jumeau": "jumeau", "girouette": "pirate", "veinard": "sablier"})
    assert "jumeau" not in E.actives(q)


def test_furtif_a_second_flick_only_when_the_first_touched_nothing():
    heroes = {"oni": "pi", "kaeru": "pi", "kala": "kala", "petitgris": "sablier"}
    p = play(E, pos(heroes), "pouvoir kala", "A.passeur>aum", "fin")
    assert E.movable(p) == ["A.passeur"] and E.flicks_left(p) == 1
    p = play(E, p, "A.passeur>pi", "fin")
    assert E.to_move(p) == CHANCE
    q = play(E, pos(heroes), "pouvoir kala", "A.passeur>aum", "touche B.rukura", "fin")
    assert E.to_move(q) == CHANCE                                           # something touched: turn over


def test_changement_d_avis_changes_a_symbol_never_into_a_character():
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "soleil", "jumeau": "pi", "girouette": "girouette", "veinard": "sablier"})
    assert E.movable(p) == ["B.parieur"]
    q = play(E, p, "pouvoir girouette B.rukura=soleil")
    assert E.write_position(q)["B"]["oracles"]["rukura"] == "soleil"
    assert E.movable(q) == ["B.rukura", "B.parieur"]
    assert reason(E, p, "pouvoir girouette B.rukura=rukura") == "target"


def test_coup_de_bol_rerolls_two_heroes_after_the_move_and_replays_on_a_symbol():
    p = pos(None or {"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "bombe", "jumeau": "pi", "girouette": "pi", "veinard": "veinard"},
            b_oracles={"rukura": "pirate", "parieur": "bombe", "gaucher": "soleil", "fortune": "smiley"})
    p = play(E, p, "pouvoir veinard", "B.parieur>bombe", "fin")
    assert "relance miroir,veinard" in legal(p) and len(legal(p)) == 6 + 1
    p = play(E, p, "relance miroir,veinard")
    assert E.to_move(p) == CHANCE and len(E.chance_outcomes(p)) == 36
    q = play(E, p, "=yinyang,smiley")                                      # smiley: B.fortune may replay
    assert E.movable(q) == ["B.fortune"] and "fin" in legal(q) and not any(m.startswith("reveil") for m in legal(q))
    r = play(E, p, "=yinyang,yinyang")                                     # no oracle on yinyang/pi: over
    assert E.to_move(r) == CHANCE and E.write_position(r)["trait"] == "A"


def test_contamination_turns_rukura_into_an_oracle_for_good_and_ends_the_turn():
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"rukura": "rukura", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"},
            b_oracles={"miroir": "pi", "parieur": "sablier", "gaucher": "pirate", "fortune": "smiley"})
    p = play(E, p, "pouvoir rukura A.bascule")
    w = E.write_position(p)
    assert w["A"]["endormis"] == ["bascule"] and w["B"]["oracles"]["rukura"] == "rukura"
    assert list(w["B"]["heros"]) == ["jumeau", "girouette", "veinard"] and w["trait"] == "A"
    # B now rolls three heroes
    p = play(E, p, "=pi,pi,pi,pi", "A.passeur>pi", "fin")
    assert len(E.chance_outcomes(p)) == 6 ** 3


def test_retente_ta_chance_rerolls_every_hero_and_then_no_waking():
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "pi", "jumeau": "pi", "girouette": "aum", "parieur": "parieur"},
            b_oracles={"rukura": "pirate", "veinard": "smiley", "gaucher": "pirate", "fortune": "bombe"},
            B={"endormis": ["charmeur"]})
    assert E.can_wake(p)
    p = play(E, p, "pouvoir parieur")
    assert E.to_move(p) == CHANCE and len(E.chance_outcomes(p)) == 1296
    p = play(E, p, "=bombe,bombe,pirate,smiley")
    assert not E.can_wake(p) and E.movable(p) == ["B.rukura", "B.veinard", "B.gaucher", "B.fortune"]


def test_ambidextre_and_immunite_are_passives_and_immunite_saves_an_oracle_whose_face_the_next_player_sets():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"},
            b_heroes={"miroir": "pi", "gaucher": "gaucher", "gardien": "gardien", "veinard": "sablier"},
            b_oracles={"rukura": "yinyang", "parieur": "sablier", "jumeau": "bombe", "fortune": "smiley"})
    assert E.passives(p) == {"B": ["gaucher", "gardien"]}
    p = play(E, p, "A.passeur>pi", "sort B.rukura", "fin")
    w = E.write_position(p)
    assert "endormis" not in w["B"] and w["phase"] == "visage" and w["sauves"] == ["B.rukura"]
    assert E.to_move(p) == "B" and len(legal(p)) == 6
    p = play(E, p, "face B.rukura=pirate")
    assert E.write_position(p)["B"]["oracles"]["rukura"] == "pirate" and E.to_move(p) == CHANCE


def test_mega_coup_de_bol_needs_the_new_symbol_on_another_hero():
    b = {"miroir": "pi", "fortune": "fortune", "girouette": "pirate", "veinard": "smiley"}
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B", b_heroes=b,
            b_oracles={"rukura": "pirate", "parieur": "bombe", "gaucher": "soleil", "jumeau": "bombe"})
    q = play(E, p, "pouvoir fortune", "B.rukura>smiley", "fin")             # pirate (girouette), smiley (veinard)
    assert E.movable(q) == ["B.rukura"]
    q = play(E, p, "pouvoir fortune", "B.rukura>pirate", "fin")             # pirate again: the same hero
    assert E.to_move(q) == CHANCE
    q = play(E, p, "pouvoir fortune", "B.rukura>soleil", "fin")             # no hero shows soleil
    assert E.to_move(q) == CHANCE


def test_charme_spits_after_the_move_unless_an_opponent_oracle_or_a_temple_was_touched():
    b = {"miroir": "pi", "charmeur": "charmeur", "girouette": "pirate", "veinard": "smiley"}
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B", b_heroes=b)
    q = play(E, p, "pouvoir charmeur", "B.gaucher>pirate", "touche B.fortune", "fin")
    assert E.write_position(q)["tour"]["etape"] == "crachat"
    q = play(E, q, "sort A.decret", "fin")
    assert E.write_position(q)["A"]["endormis"] == ["decret"]
    q = play(E, p, "pouvoir charmeur", "B.gaucher>pirate", "touche A.passeur", "fin")
    assert E.to_move(q) == CHANCE


def test_coup_de_langue_spits_after_the_move():
    p = pos({"oni": "pi", "kaeru": "kaeru", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "pouvoir kaeru", "A.passeur>pi", "fin")
    assert E.write_position(p)["tour"]["etape"] == "crachat" and "tombe B" not in legal(p)   # a spit never DiXes
    p = play(E, p, "touche B.rukura", "fin")
    assert E.to_move(p) == CHANCE and "endormis" not in E.write_position(p)["B"]


def test_protection_cancels_immunite_and_lifts_seduction_at_once():
    # D shows Oni (first), A's Gardien... set A has no Gardien: B's Gardien under D's Oni
    data = {"joueurs": ["A", "B", "C", "D"], "trait": "D", "oni": ["D"],
            "B": {"heros": {"miroir": "pi", "gaucher": "gaucher", "gardien": "gardien", "veinard": "sablier"},
                  "oracles": {"rukura": "yinyang", "parieur": "sablier", "jumeau": "bombe", "fortune": "smiley"}},
            "D": {"heros": {"oni": "oni", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"},
                  "oracles": {"passeur": "pi", "bascule": "aum", "decret": "yinyang", "repli": "sablier"}}}
    p = E.read_position(data)
    assert E.passives(p) == {"D": ["oni"]}
    p = play(E, p, "D.passeur>pi", "sort B.rukura", "fin")
    assert E.write_position(p)["B"]["endormis"] == ["rukura"]
    # A's Petit gris holds D.passeur; D rolls Oni: Petit gris goes back at once
    data = {"joueurs": ["A", "B", "C", "D"], "trait": "D", "phase": "lancer",
            "immobilises": {"D.bascule": "A.petitgris"},
            "A": {"heros": {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "petitgris"}, "oracles": A_ORACLES},
            "D": {"heros": {"oni": None, "kaeru": None, "kala": None, "petitgris": None},
                  "oracles": {"passeur": "pi", "bascule": "aum", "decret": "yinyang", "repli": "sablier"}}}
    p = play(E, E.read_position(data), "=oni,pi,aum,sablier")
    assert "immobilises" not in E.write_position(p) and "D.bascule" in E.movable(p)


# --- notation, protocol, playouts ------------------------------------------------------------------------------

def test_illegal_reasons():
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, phase="lancer")
    assert reason(E, p, "A.passeur>pi") == "chance"
    assert reason(E, p, "=oni,oni,kala,pi") == "faces" and reason(E, p, "=oni,kala") == "faces"
    q = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    assert reason(E, q, "=oni,kala,kaeru,pi") == "not_rolling"
    assert reason(E, q, "pouvoir kala") == "no_power"
    assert reason(E, q, "A.passeur>oni") == "faces"
    assert reason(E, q, "fin") == "not_now"
    with pytest.raises(NotationError):
        E.parse_move(q, "flick passeur")
    assert E.parse_move(q, "  A.passeur>pi ") == "A.passeur>pi"
    assert E.parse_move(play(E, q, "A.passeur>pi"), "fin") == "fin"


def test_own_powers_may_be_named_with_the_set_letter():
    p = pos({"oni": "pi", "kaeru": "kaeru", "kala": "aum", "petitgris": "sablier"})
    assert E.parse_move(p, "pouvoir A.kaeru") == "pouvoir kaeru"


def test_every_reachable_position_is_written_and_read_back(tmp_path):
    import random
    for variant in E.variants:
        players = len(E.initial(variant).players)
        for seed in range(3):
            rng = random.Random(seed)
            p = E.initial(variant, players=players, seed=seed)
            for _ in range(400):
                if E.to_move(p) != CHANCE:
                    assert E.read_position(E.write_position(p), E.to_move(p), variant) == p
                m = E.random_move(p, rng)
                if m is None:
                    break
                p = E.play(p, m)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_protocol_holds_over_long_playouts(players):
    met = check_protocol(E, players=players, plies=400, seed=players + 10)
    assert len(met) > 10


def test_random_playouts_reach_an_end_in_every_variant():
    import random
    for variant in E.variants:
        ended = 0
        for seed in range(5):
            rng = random.Random(seed)
            p = E.initial(variant, players=len(E.initial(variant).players), seed=seed)
            for _ in range(5000):
                m = E.random_move(p, rng)
                if m is None:
                    ended += 1
                    break
                p = E.play(p, m)
        assert ended == 5, variant


def test_nothing_is_hidden_and_placements_show_every_die():
    p = pos({"oni": "oni", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, A={"endormis": ["sonneur"]},
            b_oracles={}, B={"temple": "tombe", "elimine": True}, phase="fin")
    assert E.observation(p, "B") == E.write_position(p)
    places = E.placements(p)
    assert ("A.oni", "A-heros", "oni") in places and ("A.sonneur", "A-endormi", None) in places
    assert ("A.passeur", "A-oracle", "pi") in places and ("B.temple", "B-temple-tombe", "tombe") in places


# --- the figures of the seed's examples, through the diagram checker ---------------------------------------------

SEED_FIGURES = """
- id: exemple-oni-kala-kaeru
  caption: "A lance : Oni, Kâla et Kaeru."
  "on": des
  show: {die: oni}
  position:
    trait: A
    phase: lancer
    A:
      heros: {oni: ~, kala: ~, kaeru: ~, petitgris: ~}
      oracles: {passeur: pi, bascule: aum, decret: yinyang, repli: sablier}
    B:
      heros: {miroir: ~, jumeau: ~, girouette: ~, veinard: ~}
      oracles: {rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}
  moves: ["=oni,kala,kaeru,pi"]
  expect:
    - passives: {A: [oni]}
    - actives: [kala, kaeru]
    - legal: ["pouvoir kaeru", "pouvoir kala"]
    - protection: A

- id: exemple-oni-tour-de-b
  caption: "Au tour de B, la Protection d'Oni annule ses pouvoirs."
  "on": des
  show: {die: oni}
  position:
    trait: A
    A:
      heros: {oni: oni, kala: kala, kaeru: kaeru, petitgris: pi}
      oracles: {passeur: pi, bascule: aum, decret: yinyang, repli: sablier}
    B:
      heros: {miroir: ~, jumeau: ~, girouette: ~, veinard: ~}
      oracles: {rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}
  moves: ["pouvoir kaeru", "A.passeur>pi", "fin", "fin", "=miroir,bombe,pirate,smiley"]
  expect:
    - to_move: B
    - passives: {A: [oni]}
    - actives: []
    - movable: [B.gaucher, B.fortune]
    - illegal: {move: "pouvoir miroir kaeru", reason: cancelled}

- id: exemple-smiley
  caption: "Seul l'oracle smiley peut être déplacé, une fois."
  "on": des
  show: {die: oni}
  position:
    trait: A
    A:
      heros: {oni: smiley, kaeru: smiley, kala: yinyang, petitgris: sablier}
      oracles: {passeur: pirate, bascule: smiley, decret: soleil, repli: bombe}
    B:
      heros: {miroir: ~, jumeau: ~, girouette: ~, veinard: ~}
      oracles: {rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}
  expect:
    - movable: [A.bascule]
    - flicks: 1
    - actives: []
    - illegal: {move: "A.passeur>pirate", reason: not_movable}
    - can_wake: false

- id: lancer
  caption: "Chaque lancer de quatre héros a une chance sur 1296."
  "on": des
  show: {die: oni}
  position: {trait: A, phase: lancer}
  expect:
    - to_move: chance
    - chance: {outcomes: {"=oni,kaeru,kala,pi": 1/1296, "=pirate,smiley,soleil,bombe": 1/1296}}
"""


def seed_figures_game(tmp_path, text=SEED_FIGURES):
    """A scratch game `puxes` (pnp new) with a dice component and the figures of the seed's examples."""
    from generator.scaffold import new_game
    new_game(tmp_path, "puxes")
    folder = tmp_path / "puxes"
    (folder / "des.yaml").write_text("kind: dice\nid: des\nname: DiXes\nsize_mm: 25\nform: net\ndice:\n"
                                     "  - {id: oni, name: Oni, faces: [oni, pirate, smiley, soleil, bombe, pi]}\n",
                                     encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game.replace("  - counters.yaml\n", "  - counters.yaml\n  - des.yaml\n"),
                                      encoding="utf-8")
    (folder / "diagrams.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_seed_examples_are_checked_figures(tmp_path):
    from generator.engine.checker import check_diagrams
    assert check_diagrams("puxes", seed_figures_game(tmp_path)) == []


def test_a_false_claim_on_a_seed_example_fails_at_its_line(tmp_path):
    from generator.engine.checker import check_diagrams
    wrong = SEED_FIGURES.replace("    - movable: [A.bascule]", "    - movable: [A.bascule, A.passeur]")
    failures = check_diagrams("puxes", seed_figures_game(tmp_path, wrong))
    assert len(failures) == 1 and "A.bascule, A.passeur but the engine finds A.bascule" in failures[0].message


def test_evaluate_weighs_oracles_and_temples_and_knows_the_end():
    even = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    # Even in oracles and temples: only the odds of a flick forced by each player's next roll differ.
    assert E.evaluate(even, "A") == pytest.approx(math.tanh(0.25 * puxes.FLICK_COST * (
        E.forced_flick(even, "B") - E.forced_flick(even, "A"))), abs=1e-12)
    assert E.evaluate(even, "A") == pytest.approx(-E.evaluate(even, "B"), abs=1e-12)
    ahead = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, B={"endormis": ["fortune"]},
                b_oracles={"rukura": "yinyang", "parieur": "sablier", "gaucher": "pirate"})
    assert E.evaluate(ahead, "A") > 0 > E.evaluate(ahead, "B")
    won = play(E, even, "A.passeur>pi", "tombe B", "fin")
    assert E.evaluate(won, "A") == 1.0 and E.evaluate(won, "B") == -1.0


def test_the_evaluation_counts_the_odds_of_a_flick_forced_by_the_next_roll():
    # A flick's results are drawn among the legal ones: it costs the flicker an oracle on average. Pirate is on
    # Oni alone among A's heroes: oracles all on pirate are forced by 1 roll in 6 (no sleeper: no waking
    # instead). On pi, aum, yinyang and bombe, only the rolls showing none of them spare him: Oni 4 faces of 6
    # (oni pirate smiley soleil), Kaeru 3, Kala 2, Petit gris 2: 48 rolls of 1,296.
    heroes = {"oni": "pi", "kaeru": "smiley", "kala": "soleil", "petitgris": "bombe"}
    wide = {"passeur": "pi", "bascule": "aum", "decret": "yinyang", "repli": "bombe"}
    pirate = pos(heroes, a_oracles=dict.fromkeys(A_ORACLES, "pirate"))
    exposed = pos(heroes, a_oracles=wide)
    assert E.forced_flick(pirate, "A") == pytest.approx(1 / 6, abs=1e-12)
    assert E.forced_flick(exposed, "A") == pytest.approx(1 - 48 / 1296, abs=1e-12)
    assert E.evaluate(pirate, "A") > E.evaluate(exposed, "A")
    # A sleeper and a pair of heroes on one symbol let him wake one instead: fewer rolls force a flick.
    waking = pos(heroes, a_oracles=wide, A={"endormis": ["sangsue"]})
    assert E.forced_flick(waking, "A") < E.forced_flick(exposed, "A")
    # The greedy agent, made to flick A.passeur (the only oracle on a symbol a hero shows), stops it on
    # pirate, the face A's next roll least often matches: before, its six faces were worth the same.
    from generator.engine.agents import GreedyAgent, Seat
    import random
    start = pos(heroes, a_oracles={"passeur": "pi", "bascule": "pirate", "decret": "pirate", "repli": "pirate"})
    moves = tuple(E.legal_moves(start))
    assert sorted(moves) == sorted(f"A.passeur>{f}" for f in puxes.faces_of("passeur"))
    seat = Seat("A", lambda: E.observation(start, "A"), moves, E, lambda rng: start)
    assert {GreedyAgent().choose(seat, random.Random(i)) for i in range(12)} == {"A.passeur>pirate"}


def test_the_default_oni_order_is_the_order_of_the_last_rolls():
    a = {"oni": "oni", "kaeru": "pi", "kala": "pi", "petitgris": "pi"}
    d = {"oni": "oni", "kaeru": "pi", "kala": "pi", "petitgris": "pi"}
    # A to move, rolled: D rolled before him, so D's Oni came first
    assert E.protection(four_players(a, d))[0] == ["D"]
    # A about to roll: his Oni is from his last turn, the oldest
    assert E.protection(four_players(a, d, phase="lancer"))[0] == ["A"]
    assert E.protection(four_players(a, d, oni=["D", "A"], phase="lancer"))[0] == ["D"]


def test_a_position_names_the_key_at_fault():
    with pytest.raises(NotationError) as err:
        E.read_position({"A": {"heros": {}, "oracles": {"B.rukura": "pirate"}}})   # B's default seat holds it too
    assert "one place only" in err.value.message
    with pytest.raises(NotationError) as err:
        E.read_position({"A": {"heros": {"oni": "pi"}, "oracles": {}}, "tour": {"etape": "danse"}})
    assert err.value.key == "tour"
    with pytest.raises(NotationError) as err:
        E.read_position({"joueurs": ["A", "C"]})
    assert err.value.key == "joueurs"
    with pytest.raises(NotationError) as err:
        E.read_position({"B": {"heros": {}, "oracles": {}, "temple": "ebranle"}})
    assert err.value.key == "B" and "avance" in err.value.message


def test_figure_items_are_the_dice_of_the_components_player_heroes_then_oracles():
    p = pos({"oni": "smiley", "kaeru": "smiley", "kala": "yinyang", "petitgris": "sablier"},
            a_oracles={"passeur": "pirate", "bascule": "smiley", "decret": "soleil", "repli": "bombe"})
    assert E.figure_items(p, "des-a") == ["oni:smiley", "kaeru:smiley", "kala:yinyang", "petitgris:sablier", "|",
                                          "passeur:pirate", "bascule:smiley", "decret:soleil", "repli:bombe"]
    assert E.figure_items(p, "des-b") == ["rukura:yinyang", "parieur:sablier", "gaucher:pirate", "fortune:smiley"]
    assert E.figure_items(p, "des-c") == [] and E.figure_items(p, "regles") == []


def test_waking_keeps_the_passives_oni_still_rules_in_the_next_turn():
    p = pos({"oni": "oni", "kaeru": "pi", "kala": "pi", "petitgris": "sablier"}, A={"endormis": ["sonneur"]})
    p = play(E, p, "reveil A.sonneur=pi", "=miroir,bombe,pirate,smiley")
    assert E.to_move(p) == "B" and E.protection(p)[0] == ["A"] and E.actives(p) == []


def test_a_glued_oracle_resists_the_other_powers():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "petitgris"}, colles={"B.gaucher": "B.rukura"})
    assert "pouvoir petitgris B.gaucher" not in legal(p) and "pouvoir petitgris B.rukura" in legal(p)
    assert reason(E, p, "pouvoir petitgris B.gaucher") == "target"
    q = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"rukura": "rukura", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"},
            b_oracles={"miroir": "pi", "parieur": "sablier", "gaucher": "pirate", "fortune": "smiley"},
            colles={"A.bascule": "A.passeur"})
    # neither die of the pair: the glued A.bascule, nor A.passeur that holds it (issue 28, fault 10)
    assert "pouvoir rukura A.bascule" not in legal(q) and "pouvoir rukura A.passeur" not in legal(q)
    assert "pouvoir rukura A.decret" in legal(q)


def test_a_carried_oracle_is_not_held():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "passeur": "passeur"},
            a_oracles={"petitgris": "pi", "bascule": "aum", "decret": "yinyang", "repli": "sablier"})
    p = play(E, p, "pouvoir passeur", "A.petitgris>pi", "touche B.gaucher", "fin", "transporte B.gaucher",
             "=miroir,bombe,pirate,smiley")
    assert "B.gaucher" in E.movable(p)


def test_teams_the_partners_immunite_saves_my_oracles_and_cliff_mode_too():
    four = {"joueurs": ["A", "B", "C", "D"], "trait": "B",
            "B": {"heros": {"miroir": "pi", "jumeau": "pi", "girouette": "aum", "veinard": "sablier"},
                  "oracles": B_ORACLES},
            "C": {"heros": {"miroir": None, "jumeau": None, "gardien": "gardien", "veinard": None},
                  "oracles": {"rukura": "pirate", "parieur": "pirate", "gaucher": "pi", "fortune": "pi"}}}
    p = E.read_position(four, variant="equipes")
    p = play(E, p, "B.parieur>sablier", "sort A.passeur", "fin")
    assert E.write_position(p)["sauves"] == ["A.passeur"] and E.to_move(p) == "C"
    q = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, variant="falaise",
            b_heroes={"miroir": "pi", "gaucher": "gaucher", "gardien": "gardien", "veinard": "sablier"},
            b_oracles={"rukura": "yinyang", "parieur": "sablier", "jumeau": "bombe", "fortune": "smiley"})
    q = play(E, q, "A.passeur>pi", "sort B.rukura", "fin")
    assert "perdus" not in E.write_position(q)["B"] and E.write_position(q)["sauves"] == ["B.rukura"]


def test_an_oracle_pushed_back_from_a_sacred_garden_cannot_be_entered_as_out():
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "A.passeur>pi", "sacre A.passeur")
    assert "sort A.passeur" not in legal(p) and reason(E, p, "sort A.passeur") == "not_now"


def test_a_position_says_who_is_out_and_when_the_game_is_over():
    heroes = {"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}
    for bad in ({"B": {"temple": "tombe"}}, {"b_oracles": {}}, {"B": {"elimine": True}}, {"phase": "fin"}):
        with pytest.raises(NotationError):
            pos(heroes, **bad)
    over = pos(heroes, b_oracles={}, B={"elimine": True}, phase="fin")
    assert E.outcome(over).winner == "A" and legal(over) == []


def test_entering_results_marks_the_dexterity_steps():
    p = pos({"oni": "pi", "kaeru": "kaeru", "kala": "aum", "petitgris": "sablier"})
    assert not E.entering_results(p)
    p = play(E, p, "pouvoir kaeru", "A.passeur>pi")
    assert E.entering_results(p)
    p = play(E, p, "fin")
    assert E.entering_results(p) and E.write_position(p)["tour"]["etape"] == "crachat"
    assert not E.entering_results(play(E, p, "fin"))


def test_a_whole_short_game_from_the_start_move_by_move():
    p = E.initial(players=2)
    # start: A rolls 1 character (kala), B 2 (miroir, veinard): B begins with his roll
    p = play(E, p, "=pirate,smiley,kala,bombe", "=miroir,pi,pi,veinard")
    # A's start roll is set aside: his heroes are picked up, so Miroir may copy any of their active powers
    assert E.to_move(p) == "B" and E.actives(p) == ["miroir", "veinard"] and E.can_wake(p) is False
    # B's oracles: rukura yinyang, parieur sablier, gaucher pirate, fortune smiley: no pi, and none shows a
    # character (which Miroir and Veinard would allow): B passes
    assert E.movable(p) == [] and "passe" in legal(p)
    p = play(E, p, "passe")
    assert E.to_move(p) == CHANCE and E.write_position(p)["trait"] == "A"
    # A rolls pi twice: A.passeur (pi) may move, and a pair of pi could wake (nobody sleeps)
    p = play(E, p, "=pi,pi,aum,sablier")
    assert E.movable(p) == ["A.passeur", "A.bascule", "A.repli"] and not E.can_wake(p)
    p = play(E, p, "A.passeur>aum", "touche B.gaucher", "sort B.gaucher", "fin")
    assert claim(p, "asleep", ["B.gaucher"]) is None
    # B rolls a pair of pi: he wakes B.gaucher instead of flicking
    p = play(E, p, "=soleil,pi,pi,aum")
    assert E.can_wake(p)
    p = play(E, p, "reveil B.gaucher=pi")
    assert claim(p, "asleep", []) is None
    # A: aum on a hero, A.passeur shows aum: a clean shot fells B's temple
    p = play(E, p, "=smiley,aum,soleil,bombe", "A.passeur>yinyang", "tombe B", "fin")
    assert E.outcome(p).winner == "A" and claim(p, "eliminated", ["B"]) is None and legal(p) == []


def test_the_rerolls_are_chance_nodes_with_exact_odds():
    p = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "pi", "jumeau": "pi", "girouette": "aum", "parieur": "parieur"},
            b_oracles={"rukura": "pirate", "veinard": "smiley", "gaucher": "pirate", "fortune": "bombe"})
    q = play(E, p, "pouvoir parieur")
    odds = E.chance_outcomes(q)
    assert len(odds) == 1296 and sum(x for _, x in odds) == 1 and odds[0] == ("=miroir,jumeau,girouette,parieur",
                                                                              Fraction(1, 1296))
    r = pos({"oni": None, "kaeru": None, "kala": None, "petitgris": None}, trait="B",
            b_heroes={"miroir": "bombe", "jumeau": "pi", "girouette": "pi", "veinard": "veinard"},
            b_oracles={"rukura": "pirate", "parieur": "bombe", "gaucher": "soleil", "fortune": "smiley"})
    r = play(E, r, "pouvoir veinard", "B.parieur>bombe", "fin", "relance jumeau,girouette")
    odds = dict(E.chance_outcomes(r))
    assert len(odds) == 36 and odds["=aum,pirate"] == Fraction(1, 36)


# --- faults found by an independent reading of the rules (issue 28) ------------------------------------------
PICKED_UP = {"oni": None, "kaeru": None, "kala": None, "petitgris": None}
A_FACES = {"passeur": "pirate", "bascule": "smiley", "decret": "soleil", "repli": "bombe"}


def test_imitation_copies_any_hero_of_an_opponent_who_picked_his_heroes_up():
    # B to move, A's heroes show nothing (set aside at the start): the seed's special case lets Miroir copy the
    # skill of B's choice among A's heroes (Oni's Protection is passive: not a power to activate)
    p = pos(PICKED_UP, {"miroir": "miroir", "jumeau": "pi", "girouette": "pi", "veinard": "aum"}, A_FACES,
            trait="B")
    moves = legal(p)
    assert {"pouvoir miroir kaeru", "pouvoir miroir kala", "pouvoir miroir petitgris A.passeur"} <= set(moves)
    assert not any(m.startswith("pouvoir miroir oni") for m in moves) and "passe" in moves
    p = play(E, p, "pouvoir miroir petitgris A.decret")
    assert E.write_position(p)["immobilises"] == {"A.decret": "B.miroir"}
    # heroes showing faces (not picked up): only the characters they show, here none
    shown = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"},
                {"miroir": "miroir", "jumeau": "pi", "girouette": "pi", "veinard": "aum"}, A_FACES, trait="B")
    assert legal(shown) == ["passe"]


def test_no_power_separates_a_vampirisation_pair():
    # A.sangsue is glued to B.fortune; A shows Bascule: Rétrogradé may not take the holder B.fortune
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "bascule": "bascule"},
            {"miroir": "soleil", "jumeau": "pi", "girouette": "aum", "veinard": "aum"},
            {"passeur": "pirate", "sangsue": "smiley"}, colles={"A.sangsue": "B.fortune"})
    moves = legal(p)
    assert "pouvoir bascule B.rukura B.miroir" in moves
    assert not any("B.fortune" in m or "A.sangsue" in m for m in moves if m.startswith("pouvoir"))
    assert reason(E, p, "pouvoir bascule B.fortune B.miroir") == "target"


def test_a_vampire_flicked_out_of_the_area_glues_nothing_and_the_turn_ends():
    p = pos({"oni": "pi", "sangsue": "sangsue", "kala": "aum", "petitgris": "sablier"})
    p = play(E, p, "pouvoir sangsue", "A.bascule>aum", "touche B.rukura", "sort A.bascule", "fin")
    w = E.write_position(p)
    assert E.to_move(p) == CHANCE and w["trait"] == "B" and w["phase"] == "lancer"
    assert "colles" not in w and w["A"]["endormis"] == ["bascule"] and "rukura" in w["B"]["oracles"]


def test_a_position_with_saved_oracles_not_listed_is_a_message():
    with pytest.raises(NotationError, match="sauves: a list"):
        pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, phase="visage", sauves=1)


def test_the_rulebook_and_the_card_put_the_oracle_under_petit_gris_to_sleep_as_the_engine_does():
    # the seed: an oracle that knocks over the Petit gris immobilising IT sleeps, i.e. the held oracle
    p = pos({"oni": "pi", "kaeru": "pi", "kala": "aum", "petitgris": "sablier"}, immobilises={"B.gaucher": "A.petitgris"})
    p = play(E, p, "A.passeur>pi", "touche B.gaucher", "renverse B.gaucher", "fin")
    w = E.write_position(p)
    assert w["B"]["endormis"] == ["gaucher"] and "passeur" in w["A"]["oracles"]
    from pathlib import Path
    content = Path(__file__).resolve().parents[2] / "content" / "puxes"
    rule = next(line for line in (content / "rules.fr.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("- **Séduction.**"))
    assert "oracle immobilisé qui s'endort" in rule and "pas celui qui a tiré" in rule
    card = next(line for line in (content / "competences.csv").read_text(encoding="utf-8").splitlines()
                if line.startswith("seduction,"))
    assert "l’oracle qu’il tenait s’endort" in card and "Un oracle qui fait tomber Petit gris s’endort" not in card


def test_item_states_say_where_a_set_s_dice_are():
    """The dice of set A (component des-a) as the position has them: in play (heroes, oracles), asleep, lost;
    the other set's dice are not told under des-a."""
    from generator.engine.core import PLAY
    s = get_engine("puxes").read_position({
        "trait": "A",
        "A": {"heros": {"oni": "bombe", "kaeru": "bombe", "kala": "soleil", "petitgris": "aum"},
              "oracles": {"passeur": "pi", "bascule": "aum"}, "endormis": ["repli"], "perdus": ["decret"]},
        "B": {"heros": {"miroir": None, "jumeau": None, "girouette": None, "veinard": None},
              "oracles": {"rukura": "yinyang", "parieur": "sablier", "gaucher": "pirate", "fortune": "smiley"}}})
    states = get_engine("puxes").item_states(s, "des-a")
    assert states["repli"] == "asleep" and states["decret"] == "lost"
    assert {states[d] for d in ("oni", "kaeru", "passeur", "bascule")} == {PLAY}
    assert "rukura" not in states
