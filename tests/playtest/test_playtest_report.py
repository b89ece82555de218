"""The playtest report: its statistics worked out by hand, its words, its PDF read back, the design notes."""

from __future__ import annotations

import io
import re
import shutil
from dataclasses import replace

import pdfplumber
import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.content.errors import ContentError
from generator.content.playtest_notes import read_playtest_notes
from generator.engine.playtest import GameRecord, PlaytestReport, make_setup, play_games
from generator.i18n import catalogue
from generator.playtest.notes import notes_data
from generator.playtest.session import playtest_runs
from generator.playtest.sheet import BAR_A, histogram, nice_width, report_pdf
from generator.playtest.stats import binomial_tail, newcombe, quartiles, wilson
from generator.playtest.summary import compare, summarize
from generator.playtest.table import as_text, render


# --- statistics, against values worked out by hand ---------------------------------------------------
def test_wilson_interval_of_known_counts():
    # 0 of 10: centre = (z²/20) / (1 + z²/10) = 0.19207 / 1.38415 = 0.13877, half-width the same.
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-5)
    # 5 of 10: centre 0.5, half = z sqrt(0.025 + z²/400) / (1 + z²/10) = 1.95996 * 0.186 / 1.38415 = 0.26339.
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    # 10 of 10 mirrors 0 of 10.
    assert wilson(10, 10) == pytest.approx((1 - 0.27753, 1.0), abs=1e-5)
    # Newcombe (1998), table I: 81 of 263, 0.2553 to 0.3662.
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_difference_of_two_proportions_by_newcombes_hybrid_score_interval():
    # Newcombe (1998), table II, example (a): 56/70 against 48/80, method 10: +0.0524 to +0.3339.
    d, low, high = newcombe(56, 70, 48, 80)
    assert d == pytest.approx(0.2) and low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)
    # The same counts both sides: no difference, an interval around zero.
    d, low, high = newcombe(5, 10, 5, 10)
    assert d == 0 and low < 0 < high and low == pytest.approx(-high)


def test_quartiles_interpolate_between_sorted_values():
    # 1..8: positions 1.75, 3.5, 5.25 of 0..7 -> 2.75, 4.5, 6.25.
    assert quartiles([8, 1, 7, 2, 6, 3, 5, 4]) == (2.75, 4.5, 6.25)
    assert quartiles([3, 1, 2]) == (1.5, 2, 2.5)
    assert quartiles([7]) == (7, 7, 7)


def test_histogram_bins_are_round():
    assert nice_width(400, 20) == 20 and nice_width(12, 20) == 1 and nice_width(95, 20) == 5
    assert histogram([0, 4, 5, 19], 5) == [2, 1, 0, 1]


# --- the figures of a run -------------------------------------------------------------------------------
def _report(records):
    return PlaytestReport(make_setup("tactix", seed=9, max_plies=100), records)


def _record(i, winner, plies=50, capped=False, key="king_captured"):
    return GameRecord(i, winner, "" if capped else key, "", plies, capped, "blanc", 10, 300, 40)


def test_summary_counts_seats_the_first_player_and_capped_games():
    records = [_record(0, "blanc", 10), _record(1, "blanc", 20), _record(2, "noir", 30),
               _record(3, None, 100, capped=True)]
    s = summarize(_report(records))
    assert [(line.player, line.wins.k, line.wins.n) for line in s.seats] == [("blanc", 2, 4), ("noir", 1, 4)]
    assert (s.first.k, s.capped.k, s.draws.k) == (2, 1, 0)
    assert s.lengths == (15.0, 20.0, 25.0)          # 10, 20, 30: the capped game left out
    assert s.endings == (("king_captured", 3),)


def test_comparison_says_whether_a_difference_is_significant():
    same = summarize(_report([_record(i, "blanc") for i in range(10)] + [_record(10 + i, "noir") for i in range(10)]))
    other = summarize(_report([_record(i, "blanc") for i in range(19)] + [_record(19, "noir")]))
    seat = {d.seat: d for d in compare(same, other) if d.measure == "seat"}
    assert seat["blanc"].diff == pytest.approx(0.45) and seat["blanc"].significant
    twin = {d.seat: d for d in compare(same, same) if d.measure == "seat"}
    assert twin["blanc"].diff == 0 and twin["blanc"].significant is False


def test_binomial_tail_of_known_counts():
    # 6 of 6 at one half: 1/64. 8 of 10: (45 + 10 + 1) / 1024. 2 of 3 at one third: 3 (1/9)(2/3) + 1/27 = 7/27.
    assert binomial_tail(6, 6, 0.5) == pytest.approx(1 / 64)
    assert binomial_tail(8, 10, 0.5) == pytest.approx(56 / 1024)
    assert binomial_tail(2, 3, 1 / 3) == pytest.approx(7 / 27)
    assert binomial_tail(0, 5, 0.3) == 1.0 and binomial_tail(6, 5, 0.3) == 0.0


def test_agents_against_each_other_are_tested_on_the_games_someone_won():
    setup = make_setup("tactix", seed=9, max_plies=100, agents=("mc", "random"))
    records = ([_record(i, "blanc") for i in range(7)] + [_record(7, "noir"), _record(8, "noir"),
               _record(9, None, key="repetition"), _record(10, None, 100, capped=True)])
    mc, rand = summarize(PlaytestReport(setup, records)).agents
    # 7 of the 9 games someone won (the draw and the capped game say nothing): p = (36 + 9 + 1) / 512.
    assert (mc.agent, mc.seats, mc.wins.k, mc.wins.n, mc.fair) == ("mc", 1, 7, 9, 0.5)
    assert mc.p_value == pytest.approx(46 / 512) and not mc.beats_the_others
    assert (rand.wins.k, rand.beats_the_others) == (2, False)
    more = summarize(PlaytestReport(setup, [_record(i, "blanc") for i in range(9)] + [_record(9, "noir")])).agents[0]
    assert more.p_value == pytest.approx(11 / 1024) and more.beats_the_others
    # Three players, mc in one seat: its fair share is a third of the games won, the other agent's two thirds.
    three = make_setup("lutinades", players=3, agents=("mc", "greedy"))
    lines = summarize(PlaytestReport(three, [GameRecord(i, "anne", "most_cards", "", 20, False, "anne", 9, 30, 5)
                                             for i in range(3)])).agents
    assert [(a.agent, a.seats, a.fair) for a in lines] == [("mc", 1, 1 / 3), ("greedy", 2, 2 / 3)]
    assert lines[0].p_value == pytest.approx(1 / 27)
    # One agent in every seat: nothing to test.
    assert summarize(_report(records)).agents == ()


def test_rotated_seats_count_each_game_for_the_agent_in_the_winners_seat():
    # The first seat wins every game. Seats fixed, that is all the agent in it: 10 of 10, p = 1/1024, "beats".
    # Seats rotated, the agents change seats each game (mc in blanc in games 0, 2, ..., in noir in 1, 3, ...):
    # 5 of 10 each, the seat's advantage counts for neither.
    fixed = make_setup("tactix", seed=9, max_plies=100, agents=("mc", "random"))
    rotated = make_setup("tactix", seed=9, max_plies=100, agents=("mc", "random"), rotate=True)
    records = [_record(i, "blanc") for i in range(10)]
    mc = summarize(PlaytestReport(fixed, records)).agents[0]
    assert (mc.wins.k, mc.wins.n) == (10, 10) and mc.beats_the_others
    s = summarize(PlaytestReport(rotated, records))
    assert [(a.agent, a.seats, a.wins.k, a.wins.n, a.fair) for a in s.agents] == [("mc", 1, 5, 10, 0.5),
                                                                              ("random", 1, 5, 10, 0.5)]
    assert not any(a.beats_the_others for a in s.agents)
    assert [(line.player, line.agent, line.wins.k) for line in s.seats] == [("blanc", "mc/random", 10),
                                                                          ("noir", "random/mc", 0)]
    # Three players, mc in one seat: it sits in anne, bruno, chloe in turn; anne wins games 0 and 3 (mc's), 1.
    three = make_setup("lutinades", players=3, agents=("mc", "greedy"), rotate=True)
    assert [three.seating(i) for i in range(4)] == [("mc", "greedy", "greedy"), ("greedy", "mc", "greedy"),
                                                    ("greedy", "greedy", "mc"), ("mc", "greedy", "greedy")]
    lines = summarize(PlaytestReport(three, [GameRecord(i, "anne", "most_cards", "", 20, False, "anne", 9, 30, 5)
                                             for i in range(4)])).agents
    assert [(a.agent, a.seats, a.wins.k, a.fair) for a in lines] == [("mc", 1, 2, 1 / 3), ("greedy", 2, 2, 2 / 3)]


def test_rotated_seats_play_each_deal_once_per_seating():
    # Two random agents, seats rotated: games 2k and 2k+1 are deal k, the very game k of a run that does not
    # rotate (its seed, the same random choices); the seats' agents only change places.
    plain = play_games(make_setup("tactix", seed=4, agents=("random",)), 3)
    rotated = play_games(make_setup("tactix", seed=4, agents=("random",), rotate=True), 6)
    assert [replace(r, index=r.index // 2) for r in rotated] == [r for r in plain for _ in range(2)]


def test_the_report_of_rotated_seats_says_so_and_refuses_a_deal_without_all_its_seatings():
    # greedy beats random at Tactix whichever seat it holds: on two deals, each seating once, 4 of 4 games.
    result = CliRunner().invoke(cli, ["playtest", "tactix", "--games", "4", "--agents", "greedy,random",
                                      "--rotate-seats", "--jobs", "1"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "places tournantes" in out and "Les places ont tourné" in " ".join(out.split())
    assert re.search(r"blanc +│ greedy/random +│ +2 │", out) and re.search(r"noir +│ random/greedy +│ +2 │", out)
    assert re.search(r"greedy +│ +1 │ +4 sur 4 │", out) and "jouez aussi l'autre placement" not in out
    english = as_text(render(playtest_runs("tactix", 2, seed=2, agents=("greedy", "random"), jobs=1,
                                           rotate=True).runs[0], catalogue("en")))
    assert "seats rotated" in english and "The seats rotated" in " ".join(english.split())
    odd = CliRunner().invoke(cli, ["playtest", "tactix", "--games", "3", "--agents", "greedy,random",
                                   "--rotate-seats"])
    assert odd.exit_code == 2 and "--games must be a multiple of 2" in odd.output and "Traceback" not in odd.output


def test_the_report_states_the_agents_test_in_its_language():
    result = playtest_runs("tactix", 4, seed=2, agents=("greedy", "random"), jobs=1)
    french = as_text(render(result.runs[0], catalogue("fr")))
    english = as_text(render(result.runs[0], catalogue("en")))
    assert "Agents face à face" in french and "test binomial unilatéral" in french and "Part égale" in french
    assert "Agents against each other" in english and "one-sided binomial test" in english
    # 4 of 4 is not enough at 5 %: p = 1/16
    assert re.search(r"greedy +│ +1 │ +4 of 4 │ +100 % │ +51 – 100 % │ +50 % │ +0.062 │ +no │", english)
    assert "Agents face" not in as_text(render(playtest_runs("tactix", 2, seed=2, jobs=1).runs[0], catalogue("fr")))
    # the one-page PDF states it too
    text = PdfReader(io.BytesIO(report_pdf(result.runs, catalogue("fr")))).pages[0].extract_text()
    assert "Gagnées / décidées" in text and "p (unilatéral)" in text and "0,062" in text
    assert "test binomial unilatéral" in " ".join(text.split())


# --- words ------------------------------------------------------------------------------------------------
def test_a_french_games_report_is_in_french_and_an_english_one_in_english():
    result = playtest_runs("tactix", 6, seed=2, compare_with="centre", jobs=1)
    french = as_text(render(result.runs[0], catalogue("fr"), result.runs[1], result.diffs))
    english = as_text(render(result.runs[0], catalogue("en"), result.runs[1], result.diffs))
    for words in ("Victoires par place", "IC 95 %", "Premier joueur", "Fins de partie", "le roi adverse est battu",
                  "Comparaison", "Significatif", "règles de base", "médiane"):
        assert words in french, words
    for words in ("Wins by seat", "Games won", "How games end", "the enemy king is taken", "Significant?"):
        assert words in english and words not in french, words
    assert "the enemy king is captured" not in french      # the engine's English reason stays out


ENDINGS = {"tactix": ("king_captured", "king_home", "centre", "blocked", "repetition", "no_capture"),
           "tectonic": ("region", "all_red", "blocked"), "praxis": ("collections", "tie"), "armada": ("points",),
           "lutinades": ("most_cards", "tie"), "3d-run": ("flags_home",),
           "puxes": ("last_standing", "team_standing", "all_out")}


@pytest.mark.parametrize("game", sorted(ENDINGS))
def test_every_engines_endings_have_words_in_both_languages(game):
    for language in ("fr", "en"):
        words = catalogue(language)
        assert {key.split(".")[-1] for key in words.entries if key.startswith(f"engine.endings.{game}.")} == \
            set(ENDINGS[game]), language


@pytest.mark.parametrize("game, players, variant", [("tactix", None, "centre"), ("tectonic", None, None),
                                                    ("praxis", 2, None), ("lutinades", 3, None)])
def test_the_endings_games_reach_carry_a_key(game, players, variant):
    report = PlaytestReport(make_setup(game, players=players, variant=variant, agents=("greedy",), seed=3),
                            [])
    from generator.engine.playtest import play_games
    records = play_games(report.setup, 4)
    assert all(r.key in ENDINGS[game] for r in records if not r.capped)
    assert any(not r.capped for r in records)


# --- the PDF --------------------------------------------------------------------------------------------------
def test_the_pdf_is_one_page_with_its_chart_and_its_words():
    result = playtest_runs("tactix", 12, seed=4, compare_with="centre", jobs=1)
    pdf = report_pdf(result.runs, catalogue("fr"), result.diffs)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for words in ("tactix : 12 parties simulées", "Victoires par place (IC 95 %)", "Longueur des parties (coups)",
                  "le roi adverse est battu", "Comparaison", "graine 4"):
        assert words.lower() in text.lower(), words
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert (page.width, page.height) == pytest.approx((595.28, 841.89), abs=0.1)      # A4
        blue = tuple(int(BAR_A[i:i + 2], 16) / 255 for i in (1, 3, 5))
        bars = [r for r in page.rects if r["fill"] and tuple(r["non_stroking_color"] or ()) == pytest.approx(blue, abs=0.01)]
        # blanc's and noir's win bars, then the histogram's bars: at least one per seat and a few lengths.
        assert len(bars) >= 4
        assert all(r["bottom"] < page.height - 42 for r in page.rects)     # nothing drawn into the bottom margin
    assert report_pdf(result.runs, catalogue("fr"), result.diffs) == pdf     # the same figures, the same bytes


# --- the CLI and the design notes -------------------------------------------------------------------------------
def test_cli_plays_prints_in_the_games_language_and_writes_the_pdf(tmp_path):
    out = tmp_path / "rapport.pdf"
    result = CliRunner().invoke(cli, ["playtest", "tactix", "--games", "4", "--agents", "greedy,random",
                                      "--jobs", "1", "--pdf", str(out)])
    assert result.exit_code == 0, result.output
    assert "Victoires par place" in result.output and "greedy" in result.output
    assert len(PdfReader(str(out)).pages) == 1
    bad = CliRunner().invoke(cli, ["playtest", "tactix", "--agents", "clever", "--games", "1"])
    assert bad.exit_code == 2 and "unknown agent 'clever'" in bad.output and "Traceback" not in bad.output


def test_into_notes_writes_the_figures_and_the_rulebook_quotes_them(tmp_path):
    content = tmp_path / "content"
    shutil.copytree("content/tactix", content / "tactix")
    (content / "tactix" / "playtest.yaml").unlink(missing_ok=True)
    result = CliRunner().invoke(cli, ["playtest", "tactix", "--games", "10", "--seed", "5", "--jobs", "1",
                                      "--into-notes", "--content", str(content)])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((content / "tactix" / "playtest.yaml").read_text(encoding="utf-8"))
    assert data["games"] == 10 and data["seed"] == 5 and data["agents"] == ["random", "random"]
    assert read_playtest_notes(content / "tactix")["first_player"] == data["first_player"]
    built = CliRunner().invoke(cli, ["build", "tactix", "--jobs", "1", "--content", str(content),
                                     "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    text = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "out" / "tactix" / "regles.pdf")).pages)
    text = " ".join(text.split())
    first = data["first_player"]
    assert "Parties simulées" in text and "10 parties" in text and "graine" not in text     # words for players
    assert f"chaque partie arrêtée au bout de {data['max_plies']} coups au plus" in text
    assert f"en gagne {first['wins']} % (intervalle de confiance à 95 % : {first['low']} à {first['high']} %)" in text
    # the games drawn by the rules and those stopped at the limit, each said as the figures have them
    assert (f"{data['draws']} % des parties ont été nulles" in text) == (data["draws"] > 0)
    if data["capped"]:
        assert f"{data['capped']} % des parties ont atteint la limite sans vainqueur" in text
    else:
        assert re.search(r"Aucune partie n.a atteint la limite", text)


def test_notes_with_a_bad_value_name_the_file(tmp_path):
    (tmp_path / "playtest.yaml").write_text("games: beaucoup\nseed: 1\n", encoding="utf-8")
    with pytest.raises(ContentError, match="playtest.yaml.*'games' must be a whole number"):
        read_playtest_notes(tmp_path)
    assert read_playtest_notes(tmp_path / "absent") is None


def test_notes_round_rates_to_whole_percents():
    s = summarize(_report([_record(0, "blanc", 11), _record(1, "noir", 20), _record(2, "blanc", 31)]))
    data = notes_data(s)
    assert data["first_player"] == {"wins": 67, "low": 21, "high": 94, "fair": 50}
    assert data["length"] == {"median": 20, "q1": 16, "q3": 26}
