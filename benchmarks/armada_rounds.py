"""Armada's rounds as the playtest's matches play them: which side wins each round, how many stall, what the loser took.

`pnp playtest armada` reports matches (who wins, on points); a designer also wants the rounds inside them.
The matches are the playtest's own (engine/playtest.py `play_game`: game i from seed "S:i", the same agents,
the same cap), each round read on the position where it ends, before `manche` clears the board.

    python benchmarks/armada_rounds.py [GAMES] [AGENT ...]     # default: 100 matches, the default agent
    python benchmarks/armada_rounds.py 40 mc greedy            # mc as joueur1, greedy as joueur2
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from generator.engine.agents import make_agent
from generator.engine.playtest import make_setup, play_game


def rounds_of(count: int, agents: tuple[str, ...]) -> dict:
    setup = make_setup("armada", agents=agents, seed=1)
    engine = setup.engine
    ends: list = []
    thinking = []           # non-empty while an agent chooses: its look-ahead plays are not the match's
    play = engine.play

    def watching(position, move):
        reached = play(position, move)
        if thinking:
            return reached
        if move.next_round:                             # a round over, read before the board is cleared
            ends.append(position)
        elif engine.outcome(reached) is not None:       # the last round: the match is over
            ends.append(reached)
        return reached

    def watched(agent):
        choose = agent.choose

        def choosing(seat, rng):
            thinking.append(agent)
            try:
                return choose(seat, rng)
            finally:
                thinking.pop()
        agent.choose = choosing
        return agent

    players = [watched(make_agent(name)) for name in setup.agents]
    engine.play = watching          # this process's engine only: every ply of the referee passes here
    try:
        records = [play_game(setup, i, players) for i in range(count)]
    finally:
        del engine.play
    sides = Counter((p.round, p.round_winner() or "nobody") for p in ends)
    return {"matches": count, "agents": setup.agents, "rounds": len(ends), "won_by": sides,
            "stalled": sum(p.stalled() for p in ends),
            # the English won while the Spanish stood one pawn short: a Spanish player whose 11th pawn would
            # lose the match (its points too few) puts it off, and the English catch up
            "one_short": sum(p.round_winner() == "anglais" and p.taken_by_spanish == 10 for p in ends),
            "loser_took": statistics.median(min(p.taken_by_spanish, p.taken_by_english) for p in ends),
            "rounds_per_match": Counter(p.round for p in ends if engine.outcome(p) is not None),
            "capped": sum(r.capped for r in records)}


if __name__ == "__main__":
    args = sys.argv[1:]
    n = int(args[0]) if args else 100
    m = rounds_of(n, tuple(args[1:]))
    print(f"{m['matches']} matches ({', '.join(m['agents'])}), {m['rounds']} rounds: won by "
          f"{', '.join(f'round {r} {side} {v}' for (r, side), v in sorted(m['won_by'].items()))}; stalled {m['stalled']}; "
          f"won by the English with the Spanish at 10 pawns taken {m['one_short']}; "
          f"the loser's pawns taken, median {m['loser_took']}; rounds per finished match "
          f"{dict(sorted(m['rounds_per_match'].items()))}; capped {m['capped']}")
