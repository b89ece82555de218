"""What proving the figures (generator/figure_proof.py) costs beside drawing them, per game, in one process.

For each game: the figures made (generator/figures.game_figures: engine replays, placements, Figure objects),
then prove_figures on them, each the median of ROUNDS interleaved rounds; prints the ratio proof / figures,
what RESULTS-figure-proof.md records:

    python benchmarks/figure_proof.py [ROUNDS] [GAME ...]
    BENCH proof_over_figures_praxis 0.12
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from generator.build import own_icons
from generator.content import load_game
from generator.engine.checker import load_game_diagrams
from generator.figure_proof import prove_figures
from generator.figures import game_figures

CONTENT = Path(__file__).resolve().parents[1] / "content"


def main(rounds: int, games: list[str]) -> None:
    loaded = {}
    for gid in games:
        game = load_game(CONTENT, gid)
        loaded[gid] = (game, load_game_diagrams(gid, CONTENT, game.components))
    drawing = {gid: [] for gid in games}
    proving = {gid: [] for gid in games}
    for _ in range(rounds):
        for gid in games:
            game, diagrams = loaded[gid]
            with own_icons(game):       # a figure may lay out the game's own icons (PuXes' DiXe faces)
                start = time.process_time()
                figures = game_figures(game, CONTENT, diagrams=diagrams)
                drawn = time.process_time()
                prove_figures(game, diagrams, figures)
            drawing[gid].append(drawn - start)
            proving[gid].append(time.process_time() - drawn)
    for gid in games:
        ratio = statistics.median(proving[gid]) / statistics.median(drawing[gid])
        print(f"BENCH proof_over_figures_{gid} {ratio:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5,
         sys.argv[2:] or sorted(p.name for p in CONTENT.iterdir() if (p / "diagrams.yaml").is_file()))
