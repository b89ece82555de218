"""What reading captions as statements (figure_proof._caption_pieces: count phrases and named pieces) adds to the
figure proof, per game, in one process: the proof with it, then without it, each the median of ROUNDS interleaved
rounds on the same figures; prints the ratio, what RESULTS-figure-proof.md records:

    python benchmarks/caption_reading.py [ROUNDS] [GAME ...]
    BENCH caption_reading_over_proof_armada 0.21
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import generator.figure_proof as proof
from generator.build import own_icons
from generator.content import load_game
from generator.engine.checker import load_game_diagrams
from generator.figures import game_figures

CONTENT = Path(__file__).resolve().parents[1] / "content"


def main(rounds: int, games: list[str]) -> None:
    reading = proof._caption_pieces
    for gid in games:
        game = load_game(CONTENT, gid)
        diagrams = load_game_diagrams(gid, CONTENT, game.components)
        with own_icons(game):
            figures = game_figures(game, CONTENT, diagrams=diagrams)
            whole, bare = [], []
            for _ in range(rounds):
                start = time.process_time()
                proof.prove_figures(game, diagrams, figures)
                whole.append(time.process_time() - start)
                proof._caption_pieces = lambda *args: []
                try:
                    start = time.process_time()
                    proof.prove_figures(game, diagrams, figures)
                    bare.append(time.process_time() - start)
                finally:
                    proof._caption_pieces = reading
        added = statistics.median(whole) - statistics.median(bare)
        print(f"BENCH caption_reading_over_proof_{gid} {added / statistics.median(whole):.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5,
         sys.argv[2:] or sorted(p.name for p in CONTENT.iterdir() if (p / "diagrams.yaml").is_file()))
