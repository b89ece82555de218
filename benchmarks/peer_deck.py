"""Time the peer benchmark deck (/work/shared/bench/peer-deck.md), median of whole-process runs.

Two ways to render it, both starting a fresh Python process per run, as the
peers' timings do (Squib, cartuli and a raw reportlab script were timed the
same way):

  faces  load benchmarks/peer-deck, build the 48 cards with the layout
         engine, and impose them here on A4 portrait, 3 x 3 cards, 3 mm gaps,
         crop marks, backs mirrored for long-edge duplex: 6 pages of fronts,
         6 of backs. Independent of the print layer, so it times our faces.
  build  `pnp build peer-deck --content benchmarks` (the whole pipeline:
         print layer, manifest, previews), once the build knows decks.

    python benchmarks/peer_deck.py [--mode faces|build] [--runs 3] [--out DIR]

Prints one line per run and the median; results are recorded by hand in
benchmarks/peer-deck/RESULTS.md with the machine they ran on.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
A4_MM = (210.0, 297.0)
GAP_MM = 3.0
MARK_MM, MARK_OFFSET_MM = 5.0, 2.0   # crop marks 5 mm long, 2 mm off the trim (STYLE.md)


def render_faces(out: Path) -> int:
    """Render the deck onto sheets in one process; returns the page count."""
    sys.path.insert(0, str(ROOT))
    from generator.components import card
    from generator.content.loader import load_game
    from generator.draw.pdf import PdfCanvas
    from generator.draw.style import Stroke

    game = load_game(ROOT / "benchmarks", "peer-deck")
    items = card.items(game.components[0], game.folder)
    cards = [it for it in items for _ in range(it.copies)]
    face = cards[0].front
    bw, bh = face.bleed_width_mm, face.bleed_height_mm
    cols, rows = 3, 3
    x0 = (A4_MM[0] - cols * bw - (cols - 1) * GAP_MM) / 2
    y0 = (A4_MM[1] - rows * bh - (rows - 1) * GAP_MM) / 2
    mark = Stroke("#000000", 0.25 * 25.4 / 72)
    pdf = PdfCanvas(title="Peer deck")

    def sheet(batch, side: str) -> None:
        pdf.begin_page(*A4_MM)
        for i, it in enumerate(batch):
            col, row = i % cols, i // cols
            if side == "back":
                col = cols - 1 - col          # long-edge duplex: a back sits behind its front
            x, y = x0 + col * (bw + GAP_MM), y0 + row * (bh + GAP_MM)
            with pdf.group(translate=(x, y)):
                (it.front if side == "front" else it.back).draw(pdf)
        # Crop marks outside the block of cards, one per cut line, so none falls on a neighbour's art.
        left, top = x0 + face.bleed_mm, y0 + face.bleed_mm
        right = x0 + cols * bw + (cols - 1) * GAP_MM - face.bleed_mm
        bottom = y0 + rows * bh + (rows - 1) * GAP_MM - face.bleed_mm
        edge = face.bleed_mm + MARK_OFFSET_MM
        for c in range(cols):
            for cx in (left + c * (bw + GAP_MM), left + c * (bw + GAP_MM) + face.width_mm):
                # The spec's 3 x 3 block leaves 4.5 mm above and below: marks shrink to stay on the page.
                pdf.line(cx, max(0.0, top - edge - MARK_MM), cx, top - edge, mark)
                pdf.line(cx, bottom + edge, cx, min(A4_MM[1], bottom + edge + MARK_MM), mark)
        for r in range(rows):
            for cy in (top + r * (bh + GAP_MM), top + r * (bh + GAP_MM) + face.height_mm):
                pdf.line(left - edge - MARK_MM, cy, left - edge, cy, mark)
                pdf.line(right + edge, cy, right + edge + MARK_MM, cy, mark)

    per_page = cols * rows
    batches = [cards[i:i + per_page] for i in range(0, len(cards), per_page)]
    for batch in batches:
        sheet(batch, "front")
    for batch in batches:
        sheet(batch, "back")
    data = pdf.finish()
    out.mkdir(parents=True, exist_ok=True)
    (out / "peer-deck.pdf").write_bytes(data)
    return pdf.page_count


def one_run(mode: str, out: Path) -> float:
    if mode == "faces":
        cmd = [sys.executable, str(Path(__file__).resolve()), "--once", "--out", str(out)]
    else:
        cmd = [sys.executable, "-m", "generator.cli", "build", "peer-deck", "--content", str(ROOT / "benchmarks"),
               "--out", str(out)]
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"run failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["faces", "build"], default="faces")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None, help="where outputs go (default: a temporary folder)")
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)   # the timed child process
    args = parser.parse_args()
    if args.once:
        render_faces(args.out)
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        times = []
        for i in range(args.runs):
            t = one_run(args.mode, out)
            times.append(t)
            print(f"run {i + 1}: {t:.3f} s")
        print(f"median of {args.runs} ({args.mode}): {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
