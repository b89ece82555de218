"""The diagram checker: true claims pass, false ones fail with file, line and diagram, bad ones are content errors."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

import enginekit
import pnp_process

from generator.content.errors import ContentError
from generator.engine.checker import check_diagrams, diagram_placements, load_game_diagrams, shown_position

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def game_copy(tmp_path, monkeypatch):
    """A copy of content/<game> under tmp_path/content, the working directory set to tmp_path."""
    def make(game: str, diagrams: str) -> Path:
        shutil.copytree(REPO / "content" / game, tmp_path / "content" / game)
        (tmp_path / "content" / game / "diagrams.yaml").write_text(textwrap.dedent(diagrams), encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return tmp_path / "content"
    return make


def failures(content: Path, game: str = "tactix") -> list[str]:
    return [f.format() for f in check_diagrams(game, content)]


@pytest.mark.parametrize("game", ["tactix", "tectonic"])
def test_every_diagram_in_the_content_holds(game):
    assert load_game_diagrams(game, REPO / "content"), "the game has diagrams"
    assert check_diagrams(game, REPO / "content") == []


def test_a_game_without_diagrams_has_nothing_to_check(tmp_path):
    shutil.copytree(REPO / "content" / "tactix", tmp_path / "tactix")
    (tmp_path / "tactix" / "diagrams.yaml").unlink()
    assert check_diagrams("tactix", tmp_path) == []


def test_the_wrong_fixture_fails_with_file_line_diagram_claim_and_finding(game_copy):
    content = game_copy("tactix", (FIXTURES / "wrong_diagram.yaml").read_text(encoding="utf-8"))
    assert failures(content) == [
        'content/tactix/diagrams.yaml:7: diagram "faux-virage": after the moves d3 holds B5n3 '
        'but the engine finds d3 B6n3'
    ]


def test_pnp_validate_and_build_stop_on_the_wrong_fixture_with_exit_1(game_copy, tmp_path):
    # the wrong diagram beside the game's own, which its rules and summary sheet show: a claim contradicted
    # is then the game's only error (every error is told, and bad input with it would be exit 2)
    game_copy("tactix", (FIXTURES / "wrong_diagram.yaml").read_text(encoding="utf-8") + "\n"
              + (REPO / "content" / "tactix" / "diagrams.yaml").read_text(encoding="utf-8"))
    expected = 'content/tactix/diagrams.yaml:7: diagram "faux-virage": after the moves d3 holds B5n3'
    for args in (["validate", "tactix", "--content", "content"],
                 ["build", "tactix", "--content", "content", "--out", "out"]):
        # the command in a process of its own, in the game's folder (forked from the imported command line)
        run = pnp_process.run(args, memory=None, timeout=300, cwd=tmp_path)
        assert run.returncode == 1, run.stdout + run.stderr
        assert expected in run.stdout + run.stderr
    assert not (tmp_path / "out" / "tactix").exists()


DIAGRAM = """\
- id: d
  caption: c
  position: {position}
  moves: {moves}
  expect:
    - {claim}
"""


@pytest.mark.parametrize("position, moves, claim, message", [
    ("start", "[]", "legal_moves: {from: c1, moves: [c1-c3, c1-d2]}",
     "the legal moves of c1 are c1-c3, c1-d2 but the engine finds c1-b2, c1-d2, c1-c3; missing: c1-b2"),
    ("start", "[]", "legal_moves: {from: c1, moves: [c1-c3, c1-d2, c1-b2, c1-e1]}",
     'the legal moves of c1 are c1-c3, c1-d2, c1-b2, c1-e1 but "c1-e1" is illegal (own_piece: e1 holds a blanc die)'),
    ("start", "[]", "legal: [d1-d6]",
     '"d1-d6" is legal but the engine finds it illegal (distance: d6 is 5 squares away and the die shows 6 on top)'),
    ("start", "[]", "illegal: {move: d1-d7, reason: blocked}",
     '"d1-d7" is illegal (blocked: a piece stands on the way) but the engine finds it legal'),
    ("start", "[a1-d3]", "winner: blanc", "blanc wins but the game goes on"),
    ("start", "[a1-d3]", "to_move: blanc", "blanc is to move but the engine finds noir to move"),
    ("start", "[a1-d3]", "captures: [d3]", "the moves give captures [d3] but the engine finds captures []"),
    ("'{e7: B2, e9: NR, e1: BR}'", "[e7xe9]", "winner: noir", "noir wins but blanc wins (the enemy king is captured)"),
    ("'{e7: B2, e9: NR, e1: BR}'", "[e7xe9]", "position: {e9: B5, e1: BR}",
     "the position after the moves has e9 B5 but the engine finds e9 B5n3"),
    ("start", "[a1-a5]", "winner: none",
     'move 1 "a1-a5" is legal but the engine finds it illegal (distance: a5 is 4 squares away and the die shows 5 on top)'),
])
def test_each_kind_of_false_claim_says_what_was_claimed_and_what_the_engine_finds(game_copy, position, moves,
                                                                                 claim, message):
    content = game_copy("tactix", DIAGRAM.format(position=position.strip("'"), moves=moves, claim=claim))
    (failure,) = failures(content)
    line = 4 if "move 1" in message else 6
    assert failure == f'content/tactix/diagrams.yaml:{line}: diagram "d": {message}'


def test_tectonic_flips_recolours_and_reserve_claims_fail_with_findings(game_copy):
    content = game_copy("tectonic", """\
        - id: t
          caption: c
          position: {b5: MB, e6: PN, f5: CRN, a1: CB}
          moves: [b5-e5*f5]
          expect:
            - flips: [f5]
            - recolours: []
            - reserve: {blanc: {colline: 2}}
        """)
    # White takes the red black colline f5 over with a colline of his reserve: one of his two is spent.
    assert failures(content, "tectonic") == [
        'content/tectonic/diagrams.yaml:6: diagram "t": the moves give flips [f5] but the engine finds flips []',
        'content/tectonic/diagrams.yaml:7: diagram "t": the moves give recolours [] but the engine finds recolours [f5]',
        'content/tectonic/diagrams.yaml:8: diagram "t": blanc has 2 colline in reserve '
        "but the engine finds 1 for blanc's colline",
    ]


@pytest.mark.parametrize("body, line, message", [
    ("position: {e1: BR, z9: NR}\n  expect: []", 3, "'z9' is not a square"),
    ("position: {e1: BR, e9: NR}\n  moves: [e1-e2, e9-e99]", 4, "not a square"),
    ("position: start\n  expect:\n    - legal: [d1d7]", 5, "is not a Tactix move"),
    ("position: start\n  expect:\n    - winer: blanc", 5, "unknown claim 'winer' (did you mean 'winner'?)"),
    ("position: start\n  expect:\n    - illegal: {move: d1-d6, reason: far}", 5, "unknown reason 'far'"),
    ("position: start\n  expect:\n    - flips: [d1]", 5, "unknown claim 'flips'"),
    ("position: start\n  expect:\n    - winner: personne", 5, "'personne' is not one of blanc, noir, none, draw"),
    ("position: start\n  show: {crop: [a1, k9]}", 4, "'k9' is not a square of the 9x9 board"),
    ("position: start\n  variant: rapide", 4, "unknown variant 'rapide'"),
    ("position: start\n  to_move: rouge", 4, "to_move: 'rouge' is not a player"),
    ("positon: start", 3, "unknown key 'positon' (did you mean 'position'?)"),
])
def test_malformed_diagrams_are_content_errors_at_their_line(game_copy, body, line, message):
    content = game_copy("tactix", f"- id: d\n  caption: c\n  {body}\n")
    with pytest.raises(ContentError) as err:
        check_diagrams("tactix", content)
    assert err.value.line == line, err.value.format()
    assert message in err.value.message
    assert str(err.value.path).endswith("content/tactix/diagrams.yaml")


def test_duplicate_diagram_ids_are_refused(game_copy):
    content = game_copy("tactix", "- {id: d, caption: c, position: start}\n- {id: d, caption: c, position: start}\n")
    with pytest.raises(ContentError, match="already used on line 1"):
        check_diagrams("tactix", content)


def test_the_picture_shows_the_position_before_or_after_the_moves():
    diagrams = {d.id: d for d in load_game_diagrams("tactix", REPO / "content")}
    after = dict((sq, (style, value)) for sq, style, value in diagram_placements("tactix", diagrams["bascule-virage"]))
    assert after["d3"] == ("blanc", "6") and "a1" not in after
    still = diagrams["chemin-barre"]                      # no move: its position as given
    assert not still.moves
    placed = diagram_placements("tactix", still)
    assert ("d4", "blanc", "3") in placed and ("e1", "roi_blanc", None) in placed
    # `state: before`, the exception to the convention: the position before a1-d3, nothing ghosted.
    from dataclasses import replace
    from generator.engine.checker import diagram_ghosts
    moved = diagrams["bascule-virage"]
    assert diagram_ghosts("tactix", moved) == [("a1", "blanc", "5")]
    asked = replace(moved, show=replace(moved.show, state="before"))
    assert ("a1", "blanc", "5") in diagram_placements("tactix", asked) and diagram_ghosts("tactix", asked) == []
    tect = {d.id: d for d in load_game_diagrams("tectonic", REPO / "content")}
    from generator.engine import get_engine
    assert get_engine("tectonic").write_position(shown_position("tectonic", tect["retournement"]))["f5"] == "CRN"


# --- chance claims ------------------------------------------------------------------

DUEL = """\
- id: duel
  caption: c
  position: {{d4: B3, d6: duel/jaune, e7: R3, h1: R2}}
  moves: {moves}
  expect:
    - chance: {claim}
"""


def test_a_true_chance_claim_holds_and_a_falsified_one_names_the_odds(tmp_path):
    assert check_diagrams("praxis", REPO / "content") == []
    found, line = enginekit.falsify_claim("praxis", tmp_path, 'outcomes: {"=gagne": 21/36, "=perd": 15/36}',
                                          'outcomes: {"=gagne": 2/3, "=perd": 15/36}')
    assert [f.line for f in found] == [line - 1]       # the claim's line: `- chance:`, one above `outcomes`
    assert found[0].message == 'after the moves, =gagne has probability 2/3 but the engine finds =gagne 7/12'
    assert found[0].format().endswith(f'praxis/diagrams.yaml:{line - 1}: diagram "duel-chances": '
                                      f'{found[0].message}')


@pytest.mark.parametrize("moves, claim, message", [
    ("[]", '{after: d4-d6>e7, outcomes: {"=gagne": 7/12, "=perd": 5/12}}', None),
    ("[d4-d6>e7]", '{outcomes: {"=gagne|=perd": 1, "=gagne": 21/36}}', None),
    ("[d4-d6>e7]", '{outcomes: {"=gagne": 1/2}}', "after the moves, =gagne has probability 1/2 but the engine "
                                                  "finds =gagne 7/12"),
    ("[d4-d6>e7]", '{outcomes: {"=gagne": 1/36}}', "after the moves, =gagne has probability 1/36 but the engine "
                                                   "finds =gagne 21/36 (7/12)"),
    ("[]", '{outcomes: {"=gagne": 1}}', "chance acts after the moves but the engine finds bleu to move"),
    ("[]", '{after: d4-d5>e7, outcomes: {"=gagne": 1}}', '"d4-d5>e7" is legal but the engine finds it illegal'),
])
def test_chance_claims_hold_or_say_the_exact_odds_the_engine_finds(game_copy, moves, claim, message):
    content = game_copy("praxis", DUEL.format(moves=moves, claim=claim))
    found = failures(content, "praxis")
    if message is None:
        assert found == []
    else:
        (failure,) = found
        assert failure.startswith('content/praxis/diagrams.yaml:6: diagram "duel": ' + message), failure


@pytest.mark.parametrize("claim, message", [
    ('{outcomes: {"=gagne": 0.58}}', "is not an exact probability: write a fraction such as 7/12"),
    ('{outcomes: {"=gagne": 7/5}}', "not a probability between 0 and 1"),
    ('{outcomes: {"=gagne": "sept"}}', "is not an exact probability"),
    ('{after: d4-d6>e7}', "expected {after: move, outcomes: {outcome: probability, ...}}"),
    ('{odds: {"=gagne": 1}}', "expected {after: move, outcomes"),
    ('{after: d4-d6>e7, outcomes: {"gagne!": 1}}', "is not a Praxis move"),
])
def test_malformed_chance_claims_are_content_errors_at_their_line(game_copy, claim, message):
    content = game_copy("praxis", DUEL.format(moves="[]", claim=claim))
    with pytest.raises(ContentError) as err:
        check_diagrams("praxis", content)
    assert err.value.line == 6 and message in err.value.message, err.value.format()


# --- editions: a figure checked under the variant of the build -------------------------------------------

EDITION = """\
- id: roi-au-centre
  caption: Le roi blanc arrive en e5.
  {extra}
  position: {{e4: BR, e9: NR}}
  moves: [e4-e5]
  expect:
    - winner: none
"""


def _edition_failures(content: Path, variant):
    from generator.content.diagrams import for_edition
    diagrams = for_edition(load_game_diagrams("tactix", content), variant)
    return [f.format() for f in check_diagrams("tactix", content, diagrams)]


def test_a_figure_without_variant_is_checked_under_the_variant_of_the_edition(game_copy):
    content = game_copy("tactix", EDITION.format(extra=""))
    assert _edition_failures(content, None) == []
    assert _edition_failures(content, "centre") == [
        'content/tactix/diagrams.yaml:7: diagram "roi-au-centre": under variant centre, the game goes on '
        'but blanc wins (the king reached the centre e5)']


def test_except_variants_keeps_a_figure_under_the_plain_rules_in_that_edition(game_copy):
    content = game_copy("tactix", EDITION.format(extra="except_variants: [centre]"))
    assert _edition_failures(content, "centre") == []


def test_a_figure_naming_its_variant_keeps_it_in_every_edition(game_copy):
    content = game_copy("tactix", EDITION.format(extra="variant: centre").replace("winner: none", "winner: blanc"))
    assert _edition_failures(content, None) == [] and _edition_failures(content, "centre") == []


def test_an_unknown_variant_in_except_variants_is_a_content_error_at_its_line(game_copy):
    content = game_copy("tactix", EDITION.format(extra="except_variants: [centr]"))
    with pytest.raises(ContentError, match=r"diagrams.yaml:3: .*unknown variant 'centr'"):
        check_diagrams("tactix", content)
