"""Peak memory of the worst builds the limits allow (generator/content/limits.py), against a normal build of
the peer deck in the same run: the number that says a hostile or enormous game cannot run away with memory.

Each case is a fresh Python process running `pnp build` (or `pnp validate`) on a game written into a temporary
folder; the child reports its own peak resident set size (resource.getrusage, ru_maxrss in kB on Linux).

    python benchmarks/worst_case_memory.py [--only NAME ...]

Cases:
  peer-deck          the 48-card peer deck (benchmarks/peer-deck): the normal build everything is compared to
  items-at-limit     the peer deck's 48 designs repeated to limits.ITEMS_PER_GAME items (default limit)
  table-at-limit     a deck of limits.TABLE_ROWS rows of one copy each, from a CSV table
  map-at-limit       a map of limits.MAP_CELLS cells (100 x 100 by default) with a label in every cell
  svg-at-limit       a card whose art is an SVG asset of just under limits.SVG_ELEMENTS elements
  yaml-at-limit      validate a component file just under limits.YAML_FILE_BYTES (a long list of rows)
  billion-laughs     validate a 'billion laughs' YAML (refused)
  copies-too-many    build a deck row of count: 100000000 (refused)
  png-bomb           build a card showing a 100 000 x 100 000 PNG (refused from its header)

Results are recorded by hand in benchmarks/RESULTS-limits.md with the machine they ran on.
"""

from __future__ import annotations

import argparse
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PEER = ROOT / "benchmarks" / "peer-deck"


def _child(args: list[str]) -> None:
    """Run the CLI in this process, then print its peak RSS as JSON on the last line of stdout."""
    import resource

    from click.testing import CliRunner

    from generator.cli import cli
    result = CliRunner().invoke(cli, args)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"exit": result.exit_code, "rss_kb": rss, "stderr": result.stderr[-300:]}))


def _peer_game(folder: Path) -> Path:
    game = folder / "peer-deck"
    shutil.copytree(PEER, game)
    return game


def case_items(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    per_row = limits.ITEMS_PER_GAME.default // 48        # 104 copies of each of the 48 designs: 4992 items
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    lines = [line[:-1] + f", count: {per_row}}}" if line.startswith("  - {nn:") else line
             for line in deck.splitlines()]
    (game / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ["build", "peer-deck"]


def case_table(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    deck = deck[:deck.index("fields:")] + "table: cards.csv\n"
    (game / "deck.yaml").write_text(deck, encoding="utf-8")
    rows = ["nn,suit,value,bg,ink"] + [f"{i % 100:02d},Fire,{i % 13 + 1},#FDE2E2,#B22222"
                                        for i in range(limits.TABLE_ROWS.default)]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return ["build", "peer-deck"]


def case_map(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    side = int(limits.MAP_CELLS.default ** 0.5)
    (game / "map.txt").write_text(("ab" * (side // 2) + "\n") * side, encoding="utf-8")
    (game / "map.yaml").write_text(
        "kind: map\nid: terrain\nname: Terrain\ncell_mm: 10\ngrid_file: map.txt\n"
        "legend:\n  a: {name: Plaine, label: p}\n  b: {name: Forêt, label: f}\n", encoding="utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace(
        "  - deck.yaml\n", "  - map.yaml\n"), encoding="utf-8")
    return ["build", "peer-deck"]


def case_svg(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    (game / "assets").mkdir()
    n = limits.SVG_ELEMENTS.default - 10
    rects = "".join(f'<rect x="{i % 100}" y="{i // 100 % 100}" width="1" height="1" fill="#{i % 256:02x}3366"/>'
                    for i in range(n))
    (game / "assets" / "art.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{rects}</svg>', encoding="utf-8")
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    deck = deck.replace("back:\n", "  - image: {file: art.svg, x: 10, y: 60, w: 20, h: 20}\nback:\n", 1)
    (game / "deck.yaml").write_text(deck, encoding="utf-8")
    return ["build", "peer-deck"]


def case_yaml(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    head, rows = deck[:deck.index("fields:")], ["fields:"]
    size = len(head) + 8
    row = '  - {nn: "01", suit: Fire, value: 1, bg: "#FDE2E2", ink: "#B22222", note: padding}\n'
    count = min((limits.YAML_FILE_BYTES.default - size) // len(row), limits.TABLE_ROWS.default)
    pad = " " * max(0, (limits.YAML_FILE_BYTES.default - size) // count - len(row) - 1)
    rows += [row.rstrip("\n") + pad for _ in range(count)]
    (game / "deck.yaml").write_text(head + "\n".join(rows) + "\n", encoding="utf-8")
    return ["validate", "peer-deck"]


def case_laughs(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    text, prev = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n', "a"
    for name in "bcdefghi":
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    (game / "deck.yaml").write_text(text, encoding="utf-8")
    return ["validate", "peer-deck"]


def case_copies(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    (game / "deck.yaml").write_text(deck.replace('ink: "#B22222"}', 'ink: "#B22222", count: 100000000}', 1))
    return ["build", "peer-deck"]


def case_png(folder: Path, limits) -> list[str]:
    game = _peer_game(folder)
    (game / "assets").mkdir()
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    (game / "assets" / "bomb.png").write_bytes(png)
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    deck = deck.replace("back:\n", "  - image: {file: bomb.png, x: 10, y: 60, w: 20, h: 20}\nback:\n", 1)
    (game / "deck.yaml").write_text(deck, encoding="utf-8")
    return ["build", "peer-deck"]


CASES = {
    "peer-deck": lambda folder, limits: (_peer_game(folder), ["build", "peer-deck"])[1],
    "items-at-limit": case_items,
    "table-at-limit": case_table,
    "map-at-limit": case_map,
    "svg-at-limit": case_svg,
    "yaml-at-limit": case_yaml,
    "billion-laughs": case_laughs,
    "copies-too-many": case_copies,
    "png-bomb": case_png,
}


def run_case(name: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from generator.content import limits
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        content.mkdir()
        args = CASES[name](content, limits) + ["--content", str(content)]
        if args[0] == "build":
            args += ["--out", str(Path(tmp) / "out")]
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--child", json.dumps(args)], cwd=ROOT,
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{name}: the child failed:\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    report["seconds"] = seconds
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=sorted(CASES))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        _child(json.loads(args.child))
        return
    names = args.only or list(CASES)
    if "peer-deck" not in names:
        names.insert(0, "peer-deck")
    base = None
    print(f"{'case':16} {'exit':>4} {'peak RSS':>10} {'x peer':>7} {'time':>8}  message")
    for name in names:
        r = run_case(name)
        base = base or r["rss_kb"]
        message = r["stderr"].strip().splitlines()[-1][:90] if r["stderr"].strip() else ""
        print(f"{name:16} {r['exit']:>4} {r['rss_kb'] / 1024:>7.0f} MB {r['rss_kb'] / base:>6.2f}x "
              f"{r['seconds']:>7.1f}s  {message}", flush=True)


if __name__ == "__main__":
    main()
