"""pnp playtest's referee and agents: seeds, --jobs, the cap, and what an agent is allowed to see."""

from __future__ import annotations

import random

import pytest

import signs
from generator.engine import _cache, get_engine
from generator.engine.agents import AgentRefused, GreedyAgent, RandomAgent, Seat, make_agent
from generator.engine.core import HIDDEN
from generator.engine.playtest import make_setup, play_game, play_games, playtest


def test_the_same_seed_gives_the_same_games_whatever_the_number_of_processes():
    setup = make_setup("tactix", agents=("random",), seed=7)
    alone, shared = play_games(setup, 20, jobs=1), play_games(setup, 20, jobs=2)
    assert alone == shared
    assert [r.index for r in shared] == list(range(20))
    # Each game depends on its own seed only: game 13 played alone is game 13 of the run.
    assert play_game(setup, 13) == alone[13]
    # ... and a different master seed deals other games.
    assert play_games(make_setup("tactix", seed=8), 20) != alone


def test_determinism_holds_for_agents_that_sample_hidden_information():
    setup = make_setup("lutinades", players=4, agents=("greedy", "mc", "random"), seed=3)
    assert play_games(setup, 10, jobs=1) == play_games(setup, 10, jobs=2)


def test_games_stopped_at_the_ply_limit_are_counted_as_capped_not_as_draws():
    report = playtest("tactix", 5, seed=1, max_plies=6)
    assert report.unfinished == 5 and not report.wins and not report.lengths
    assert all(r.capped and r.plies == 6 and r.winner is None for r in report.records)


def test_agents_are_given_to_seats_in_order_and_the_last_one_fills_the_rest():
    assert make_setup("lutinades", players=4, agents=("greedy", "random")).agents == \
        ("greedy", "random", "random", "random")
    with pytest.raises(AgentRefused, match="3 agents for 2 players"):
        make_setup("tactix", agents=("random", "random", "greedy"))
    with pytest.raises(AgentRefused, match="unknown agent 'clever'"):
        make_setup("tactix", agents=("clever",))


def test_a_greedy_player_beats_a_random_one_at_tactix():
    report = playtest("tactix", 10, seed=1, agents=("greedy", "random"))
    assert report.wins["blanc"] >= 9


class Spy:
    """An agent that records every Seat it is handed and plays at random."""

    def __init__(self):
        self.seats: list[Seat] = []

    def choose(self, seat: Seat, rng: random.Random):
        self.seats.append(seat)
        return rng.choice(seat.moves)


@pytest.mark.parametrize("game, players", [("praxis", 2), ("lutinades", 4)])
def test_an_agent_sees_its_observation_never_the_referees_view(game, players):
    engine = get_engine(game)
    setup = make_setup(game, players=players, agents=("random",), seed=2, max_plies=60)
    spies = [Spy() for _ in setup.seats]
    play_game(setup, 0, spies)
    seats = [s for spy in spies for s in spy.seats]
    assert seats
    # A seat holds nothing but these: no position (what it sees is computed by a closure of the referee's).
    assert Seat.__slots__ == ("player", "moves", "engine", "sample", "_observe", "_seen")
    assert not any(isinstance(getattr(seats[0], name), type(seats[0].sample(random.Random(0))))
                   for name in ("player", "moves", "engine", "observation"))
    hidden_somewhere = False
    rng = random.Random(0)
    for seat in seats:
        sample = seat.sample(rng)
        # Every position the agent can draw looks, to him, exactly like what he was shown ...
        assert engine.observation(sample, seat.player) == seat.observation
        # ... and what he was shown hides something from him (the others' hands, the pile, a gesture).
        if engine.write_position(sample) != seat.observation:
            hidden_somewhere = True
    assert hidden_somewhere


def test_praxis_samples_deal_the_others_hands_again_and_keep_the_players_own():
    engine = get_engine("praxis")
    position = engine.initial(players=2, seed=4)
    truth = engine.write_position(position)
    rng = random.Random(1)
    samples = [engine.write_position(engine.determinize(position, "bleu", rng)) for _ in range(5)]
    assert all(s["mains"]["bleu"] == truth["mains"]["bleu"] for s in samples)
    assert all(len(s["mains"]["rouge"]) == len(truth["mains"]["rouge"]) for s in samples)
    assert any(s["mains"]["rouge"] != truth["mains"]["rouge"] for s in samples)
    assert sorted(samples[0]["mains"]["rouge"] + samples[0]["pioche"]) == \
        sorted(truth["mains"]["rouge"] + truth["pioche"])


def test_lutinades_samples_draw_again_the_gestures_not_yet_revealed():
    engine = get_engine("lutinades")
    position = engine.read_position({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne",
                                     "carte": "haut-2-1", "pioche": ["bas-3-1", "haut-1-2"],
                                     "gestes": {"bruno": "haut"}})
    seen = engine.observation(position, "chloe")
    assert seen["gestes"] == {"bruno": HIDDEN}
    rng = random.Random(3)
    gestures = {engine.determinize(position, "chloe", rng).gestures[1] for _ in range(40)}
    assert len(gestures) > 1          # bruno's gesture is not read from the referee's view
    # The picker does not see the card he turned: his samples draw it from the pile's cards.
    cards = {engine.determinize(position, "anne", rng).card.id for _ in range(40)}
    assert cards == {"haut-2-1", "bas-3-1", "haut-1-2"}


def test_any_engine_of_the_protocol_plays_with_the_random_agent_and_refuses_greedy_without_evaluation(
        monkeypatch):
    """A game with hidden cards, simultaneous choices and dice, no evaluation (the shape of a new engine)."""
    monkeypatch.setitem(_cache, "signes", signs.ENGINE)
    report = playtest("signes", 6, seed=1, players=3)
    assert report.games == 6 and sum(report.wins.values()) + report.unfinished == 6
    with pytest.raises(AgentRefused, match="signes has no evaluation"):
        make_setup("signes", players=3, agents=("greedy",))


def test_greedy_takes_a_winning_move_when_there_is_one():
    engine = get_engine("tactix")
    # White's king on e8 steps to e9, black's start square: a win at once.
    position = engine.read_position({"e8": "BR", "a9": "NR", "a1": "B2"}, "blanc")
    moves = tuple(engine.legal_moves(position))
    seat = Seat("blanc", lambda: engine.observation(position, "blanc"), moves, engine,
                lambda rng: engine.determinize(position, "blanc", rng))
    chosen = GreedyAgent().choose(seat, random.Random(0))
    assert engine.format_move(position, chosen) == "e8-e9"
    assert isinstance(make_agent("random"), RandomAgent)


def test_a_dexterity_result_is_drawn_never_chosen_by_the_agent():
    # PuXes: after a flick the player only tells what his hand did (`touche X`, `sort X`, `tombe B`,
    # `fin`); an agent asked there would declare every temple felled. Such steps happen in this game,
    # and the agents are never asked at one: their moves are strategy (which oracle, which power).
    setup = make_setup("puxes", agents=("random",), seed=4, max_plies=300)
    spies = [Spy() for _ in setup.seats]
    record = play_game(setup, 0, spies)
    asked = [str(m) for spy in spies for s in spy.seats for m in s.moves]
    assert asked and record.decisions > sum(len(spy.seats) for spy in spies)    # results were entered too
    assert not any(m == "fin" or m.startswith(("touche ", "sort ", "tombe ")) for m in asked)


def test_the_ismcts_agent_spends_its_budget_one_sample_per_playout(monkeypatch):
    import generator.engine.agents as agents
    monkeypatch.setattr(agents, "ISMCTS_PLAYOUTS", 7)
    engine = get_engine("lutinades")
    position = engine.initial(players=4, seed=5)
    player = engine.to_move(position)
    drawn = []

    def sample(rng):
        drawn.append(1)
        return engine.determinize(position, player, rng)
    moves = engine.legal_moves_of(position, player)
    assert len(moves) > 1
    seat = Seat(player, lambda: engine.observation(position, player), tuple(moves), engine, sample)
    move = make_agent("ismcts").choose(seat, random.Random(1))
    assert move in moves and len(drawn) == 1 + 7        # the greedy ranking's sample, then one a playout
    drawn.clear()
    assert make_agent("ismcts").choose(seat, random.Random(1)) == move and len(drawn) == 8


@pytest.mark.parametrize("agent, record", [("mc", (None, "", 24, True, 20, 6555)),
                                           ("ismcts", (None, "", 24, True, 20, 6808))])
def test_the_search_agents_weigh_replies_through_the_engines_shortcut_and_play_as_before(agent, record, monkeypatch,
                                                                                       content_dir):
    # The mc agent's replies and the ismcts playouts weigh their moves by Engine.move_values where the engine
    # has it (Praxis): the same values, so the same seeded game as when every move was played (recorded with
    # move_values returning None; mc's record since its replies are drawn from what the replying player sees,
    # ismcts's since its playouts' other players choose on what they see).
    import generator.engine.agents as agents
    monkeypatch.setattr(agents, "MC_SAMPLES", 2)
    setup = make_setup("praxis", agents=(agent, "greedy"), seed=5, max_plies=24, content_dir=content_dir)
    r = play_game(setup, 0)
    assert (r.winner, r.key, r.plies, r.capped, r.decisions, r.options) == record


def test_the_mc_agent_plays_its_own_turn_out_before_the_reply_and_beats_greedy_at_3d_run(monkeypatch, content_dir):
    # A 3d Run turn is many plies (each step of a movement); weighing a step where it stands, the mc agent was
    # the greedy agent again (4 of 8 seeded races each). Playing its own best steps until the turn ends
    # (MC_OWN_PLIES at most) before the next player's reply, it wins all 8, whichever seat it holds.
    import generator.engine.agents as agents
    default = agents.MC_OWN_PLIES

    def mc_wins(own: int) -> int:
        monkeypatch.setattr(agents, "MC_OWN_PLIES", own)
        wins = 0
        for seats, mc in ((("mc", "greedy"), "j1"), (("greedy", "mc"), "j2")):
            setup = make_setup("3d-run", agents=seats, seed=1, content_dir=content_dir)
            wins += sum(r.winner == mc for r in play_games(setup, 4))
        return wins
    assert mc_wins(0) == 4
    assert mc_wins(default) == 8


def test_the_mc_agents_replies_are_chosen_on_what_the_replying_player_sees():
    # Lutinades: chloe, the last elf, shows `bas` on a bas card; anne, the picker, has not seen the card. The
    # mc agent used to let anne reply on its own sample, card included: she followed chloe every time, so
    # matching the card looked like being followed for sure. Drawn from what anne sees, her reply follows
    # chloe or bruno (`haut`), as her own sample of the card says; the value chloe sees varies.
    from generator.engine.agents import after, reply_value
    engine = get_engine("lutinades")
    position = engine.read_position({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne",
                                     "carte": "bas-3-1", "pioche": ["haut-2-1", "haut-1-2", "bas-2-1", "gauche-2-1"],
                                     "gestes": {"bruno": "haut"}})
    shown = after(engine, position, engine.parse_move(position, "chloe:bas"))
    assert engine.to_move(shown) == "anne"
    seen_by_all = {reply_value(engine, shown, "chloe", random.Random(i))[0] for i in range(30)}
    drawn = {reply_value(engine, shown, "chloe", random.Random(i), hidden=True)[0] for i in range(30)}
    assert len(seen_by_all) == 1 and len(drawn) == 2


def test_the_mc_agent_draws_a_flicks_results_as_the_referee_does():
    # PuXes: after a flick the results are entered by hand (Engine.entering_results). The mc agent used to
    # weigh the position before them, the same for every flick: its choice among flicks was a coin. It now
    # draws them, one legal result at a time, and averages its playouts.
    from generator.engine.agents import after, reply_value
    from generator.engine.core import CHANCE, chance_step
    engine = get_engine("puxes")
    rng = random.Random(5)
    position = engine.initial(None, players=2, seed=5)
    while engine.to_move(position) == CHANCE:
        position = chance_step(engine, position, rng)
    player = engine.to_move(position)
    flick = next(m for m in engine.legal_moves_of(position, player) if ">" in engine.format_move(position, m))
    flicked = after(engine, position, flick)
    assert engine.entering_results(flicked)
    playouts = [reply_value(engine, flicked, player, random.Random(i)) for i in range(20)]
    assert all(drew for _value, drew, _cost in playouts)
    assert len({value for value, _drew, _cost in playouts}) > 1


def test_a_chance_node_of_many_outcomes_is_weighed_over_an_even_spread_of_them(monkeypatch):
    # PuXes: a turn ends on the next player's roll of four hero dice, 1,296 outcomes; weighing each made a
    # greedy or mc choice cost about a second. Past WEIGH_EXACT outcomes, every k-th is weighed, odds
    # rescaled: here exactly the value of all 1,296 (the evaluation does not read the heroes' faces).
    import generator.engine.agents as agents
    from generator.engine.core import CHANCE, chance_step
    engine = get_engine("puxes")
    rng = random.Random(2)
    position, roll = engine.initial(None, players=2, seed=2), None
    while roll is None:         # a seeded game, played at random until a move ends a turn (a wake, a pass)
        if engine.to_move(position) == CHANCE:
            position = chance_step(engine, position, rng)
            continue
        player = engine.to_move(position)
        moves = engine.legal_moves_of(position, player)
        ends = [m for m in moves if engine.to_move(agents.after(engine, position, m)) == CHANCE]
        roll = agents.after(engine, position, ends[0]) if ends else None
        position = agents.after(engine, position, rng.choice(moves))
    assert len(engine.chance_outcomes(roll)) == 1296 > agents.WEIGH_EXACT
    played = []
    real_play = type(engine).play
    monkeypatch.setattr(type(engine), "play", lambda self, p, m: played.append(m) or real_play(self, p, m))
    value = agents.weigh(engine, roll, player)
    assert len(played) == agents.WEIGH_OVER
    exact = sum(float(p) * agents.result_value(engine, real_play(engine, roll, m), player)
                for m, p in engine.chance_outcomes(roll))
    assert value == pytest.approx(exact, abs=1e-12)


def test_the_ismcts_playouts_let_the_others_choose_on_what_they_see():
    # Lutinades: chloe, the last elf, shows `bas` on a bas card that anne, the picker, has not seen. The ismcts
    # playouts let anne choose on chloe's sample, card included: she followed chloe every time (a determinisation
    # leak). Drawn from what anne sees, her greedy choice follows chloe or bruno as her own sample says.
    import generator.engine.agents as agents
    engine = get_engine("lutinades")
    position = engine.read_position({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne",
                                     "carte": "bas-3-1", "pioche": ["haut-2-1", "haut-1-2", "bas-2-1", "gauche-2-1"],
                                     "gestes": {"bruno": "haut"}})
    shown = agents.after(engine, position, engine.parse_move(position, "chloe:bas"))
    assert engine.to_move(shown) == "anne"

    def values(hidden: bool) -> set[float]:
        return {agents.playout_value(engine, shown, "chloe", 1, random.Random(i), hidden) for i in range(30)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(agents, "ISMCTS_EPSILON", 0.0)        # the greedy move only
        assert len(values(False)) == 1 and len(values(True)) == 2
        # ... and the agent says so: choosing for chloe, it draws positions from anne's sight for her replies.
        asked = []
        real = type(engine).determinize
        patch.setattr(type(engine), "determinize", lambda self, p, who, rng: asked.append(who) or real(self, p, who, rng))
        moves = tuple(engine.legal_moves_of(position, "chloe"))
        seat = Seat("chloe", lambda: engine.observation(position, "chloe"), moves, engine,
                    lambda rng: engine.determinize(position, "chloe", rng))
        make_agent("ismcts").choose(seat, random.Random(1))
        assert "anne" in asked


def test_the_greedy_agent_picks_the_move_the_full_ranking_put_first(content_dir):
    # The greedy agent takes the best move without sorting the others (max over the ranking's key); on every
    # choice of seeded games of every engine it picks ranked()'s first move and leaves the generator as
    # ranked() leaves it, so its games are the same as when it sorted.
    from generator.engine import engine_ids
    from generator.engine.agents import ranked
    choices = 0
    for game in engine_ids():
        setup = make_setup(game, agents=("greedy",), seed=2, max_plies=40, content_dir=content_dir)
        spies = [Spy() for _ in setup.seats]
        play_game(setup, 0, spies)
        for seat in (s for spy in spies for s in spy.seats if len(s.moves) > 1):
            new, old = random.Random(choices), random.Random(choices)
            chosen = GreedyAgent().choose(seat, new)
            assert chosen == ranked(seat, seat.sample(old), old)[0][2], game
            assert new.getstate() == old.getstate()
            choices += 1
    assert choices > 100


def test_the_mc_agents_candidates_of_a_round_meet_the_same_results():
    # PuXes: A must flick A.passeur (the only oracle on a symbol his heroes show); the face it stops on decides
    # how often his next roll forces a flick (pirate: Oni alone carries it; sablier: Petit gris, beside the
    # pirate the others show). Its results (~20 to a draw) swamped that difference when each candidate drew
    # its own. Drawn alike in a round (CommonDraws), pirate is never worse than sablier, and better whenever
    # the oracle stays in play; drawn apart, luck puts sablier ahead in some rounds.
    from generator.engine.agents import CommonDraws, after, reply_value
    engine = get_engine("puxes")
    position = engine.read_position({
        "trait": "A",
        "A": {"heros": {"oni": "pi", "kaeru": "smiley", "kala": "soleil", "petitgris": "bombe"},
              "oracles": {"passeur": "pi", "bascule": "pirate", "decret": "pirate", "repli": "pirate"}},
        "B": {"heros": {"miroir": None, "jumeau": None, "girouette": None, "veinard": None},
              "oracles": {"rukura": "yinyang", "parieur": "sablier", "gaucher": "pirate", "fortune": "smiley"}}})
    pirate, sablier = (after(engine, position, f"A.passeur>{face}") for face in ("pirate", "sablier"))

    def differences(common: bool) -> list[float]:
        out = []
        for i in range(40):
            rng, draws = random.Random(i), CommonDraws(random.Random(1000 + i))
            values = [reply_value(engine, flicked, "A", rng, False, draws.generator() if common else None)[0]
                      for flicked in (pirate, sablier)]
            out.append(values[0] - values[1])
        return out
    alike, apart = differences(True), differences(False)
    assert min(alike) >= 0 and max(alike) > 0
    assert min(apart) < 0


def test_the_mc_agent_breaks_equal_drawn_totals_by_the_greedy_value():
    # PuXes: A must flick A.bascule (aum, on Petit gris); the greedy agent ranks the faces it may stop on exactly
    # (sablier: his rolls match it least). The flick's results, drawn, mostly send the oracle to sleep, where
    # every face scores alike: the mc agent broke those ties at random and stopped it on aum or smiley in 4 of
    # 12 seeded choices. Where results were drawn, equal totals now go to the greedy agent's better value.
    engine = get_engine("puxes")
    position = engine.read_position({
        "trait": "A", "phase": "pouvoirs",
        "A": {"heros": {"oni": "pirate", "kaeru": "smiley", "kala": "bombe", "petitgris": "aum"},
              "oracles": {"bascule": "aum", "repli": "sablier"}, "endormis": ["decret", "passeur"]},
        "B": {"heros": {"miroir": "aum", "jumeau": "yinyang", "girouette": "yinyang", "veinard": "aum"},
              "oracles": {"gaucher": "pirate", "rukura": "pirate"}, "endormis": ["fortune", "parieur"]}})
    moves = tuple(engine.legal_moves_of(position, "A"))
    assert sorted(moves) == sorted(f"A.bascule>{f}" for f in ("bascule", "aum", "yinyang", "sablier", "pirate",
                                                                 "smiley"))
    seat = Seat("A", lambda: engine.observation(position, "A"), moves, engine, lambda rng: position)
    assert {GreedyAgent().choose(seat, random.Random(i)) for i in range(12)} == {"A.bascule>sablier"}
    assert {make_agent("mc").choose(seat, random.Random(i)) for i in range(12)} == {"A.bascule>sablier"}

