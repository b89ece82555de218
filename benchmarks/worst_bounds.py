"""Time and peak memory of the worst inputs the limits of issue 23 allow (inputs, tables, images, mats and workers),
and of the hostile inputs they refuse, against the normal build of the peer deck in the same run.

Each case is a fresh Python process running the CLI on a game written into a temporary folder; it reports its
own peak resident memory (VmHWM).

    python benchmarks/worst_bounds.py [--only NAME ...]

Results are recorded by hand in benchmarks/RESULTS-limits.md, section "Inputs, tables, images, mats and workers".
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from worst_case_memory import _peer_game  # noqa: E402



def _deck_with(game: Path, element: str) -> None:
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    (game / "deck.yaml").write_text(deck.replace("back:\n", f"  - {element}\nback:\n", 1), encoding="utf-8")


def _table(game: Path, name: str) -> None:
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    (game / "deck.yaml").write_text(deck[:deck.index("fields:")] + f"table: {name}\n", encoding="utf-8")


def _with_mat(game: Path, text: str) -> None:
    (game / "mat.yaml").write_text(text, encoding="utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("  - deck.yaml\n", "  - mat.yaml\n"),
                                    encoding="utf-8")


def case_distinct_cards(folder: Path, limits) -> list[str]:
    """4999 different cards from a CSV (items_per_game 5000): the build and its gallery."""
    game = _peer_game(folder)
    _table(game, "cards.csv")
    rows = ["nn,suit,value,bg,ink"] + [f"{i:04d},Fire,{i % 13 + 1},#FDE2E2,#B22222" for i in range(4999)]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return ["build", "peer-deck"]


def case_pattern(folder: Path, limits) -> list[str]:
    """A 1 m mat under one pattern of just under pattern_marks dots."""
    game = _peer_game(folder)
    side = 2.0 * (limits.PATTERN_MARKS.default ** 0.5 - 2)          # (side / 2 + 2)^2 dots
    _with_mat(game, f"kind: mat\nid: tapis\nname: Tapis\nwidth_mm: 1000\nheight_mm: 1000\nelements:\n"
                    f"  - pattern: {{kind: dots, spacing_mm: 2, stroke_mm: 0.4, x: 2, y: 2, w: {side:g}, "
                    f"h: {side:g}}}\n")
    return ["build", "peer-deck"]


def case_pattern_refused(folder: Path, limits) -> list[str]:
    """A 5 m mat under 0.5 mm dots: 10^8 dots, refused before drawing."""
    game = _peer_game(folder)
    _with_mat(game, "kind: mat\nid: tapis\nname: Tapis\nwidth_mm: 5000\nheight_mm: 5000\nelements:\n"
                    "  - pattern: {kind: dots, spacing_mm: 0.5, stroke_mm: 0.2}\n")
    return ["build", "peer-deck"]


def _svg(game: Path, body: str) -> None:
    (game / "assets").mkdir(exist_ok=True)
    (game / "assets" / "art.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>', encoding="utf-8")
    _deck_with(game, "image: {file: art.svg, x: 10, y: 60, w: 20, h: 20}")


def case_svg_path(folder: Path, limits) -> list[str]:
    """A card art of one path of just under svg_path_segments segments, on the 48 cards."""
    game = _peer_game(folder)
    n = limits.SVG_PATH_SEGMENTS.default - 10
    _svg(game, '<path d="M0 0 ' + " ".join(f"L{i % 100} {i * 7 % 100}" for i in range(n)) + '"/>')
    return ["build", "peer-deck"]


def case_svg_path_refused(folder: Path, limits) -> list[str]:
    """An 8 MB path: refused while its data is read."""
    game = _peer_game(folder)
    _svg(game, '<path d="M0 0 ' + " ".join(f"L{i % 10} {i % 7}" for i in range(1_000_000)) + '"/>')
    return ["build", "peer-deck"]


def _png_noise(width: int, height: int) -> bytes:
    import os
    import struct

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + os.urandom(width * 3) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


def case_image(folder: Path, limits) -> list[str]:
    """A card art of incompressible noise just under image_file_bytes (4000 x 4000 px, 48 MB)."""
    game = _peer_game(folder)
    (game / "assets").mkdir()
    (game / "assets" / "art.png").write_bytes(_png_noise(4000, 4000))
    _deck_with(game, "image: {file: art.png, x: 10, y: 60, w: 20, h: 20}")
    return ["build", "peer-deck"]


def case_gif_named_png(folder: Path, limits) -> list[str]:
    """A GIF of 13 000 x 13 000 px named .png: refused by its first bytes."""
    game = _peer_game(folder)
    (game / "assets").mkdir()
    gif = (b"GIF89a" + (13_000).to_bytes(2, "little") * 2 + b"\x80\x00\x00\x00\x00\x00\xff\xff\xff"
           + b"\x2c\x00\x00\x00\x00" + (13_000).to_bytes(2, "little") * 2 + b"\x00\x02\x02\x44\x01\x00\x3b")
    (game / "assets" / "art.png").write_bytes(gif)
    _deck_with(game, "image: {file: art.png, x: 10, y: 60, w: 20, h: 20}")
    return ["build", "peer-deck"]


def case_xlsx_xfd(folder: Path, limits) -> list[str]:
    """5000 rows with a value in column XFD: refused at the first."""
    import openpyxl
    game = _peer_game(folder)
    _table(game, "cards.xlsx")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["nn", "suit", "value", "bg", "ink"])
    for row in range(2, 5002):
        sheet.append(["01", "Fire", row, "#FDE2E2", "#B22222"])
        sheet.cell(row=row, column=16_384, value="x")
    book.save(game / "cards.xlsx")
    return ["validate", "peer-deck"]


def case_xlsx_at_limit(folder: Path, limits) -> list[str]:
    """5000 rows of 60 columns (just under xlsx_unpacked_bytes), formatting in column XFD on every row."""
    import openpyxl
    game = _peer_game(folder)
    _table(game, "cards.xlsx")
    book = openpyxl.Workbook()
    sheet = book.active
    extra = [f"f{i}" for i in range(55)]       # 60 columns: 200 would pass xlsx_unpacked_bytes first
    sheet.append(["nn", "suit", "value", "bg", "ink", *extra])
    for row in range(2, 5002):
        sheet.append(["01", "Fire", row % 13 + 1, "#FDE2E2", "#B22222", *extra])
        sheet.cell(row=row, column=16_384).number_format = "0.00"
    book.save(game / "cards.xlsx")
    return ["validate", "peer-deck"]


def case_expression(folder: Path, limits) -> list[str]:
    """A mat number of just under expression_chars characters (a sum of 500 terms)."""
    game = _peer_game(folder)
    terms = "+".join(["1"] * (limits.EXPRESSION_CHARS.default // 2))
    _with_mat(game, f'kind: mat\nid: tapis\nname: Tapis\nwidth_mm: 200\nheight_mm: 200\nnumbers:\n  S: "{terms}"\n')
    return ["validate", "peer-deck"]


def case_rules_gigabyte(folder: Path, limits) -> list[str]:
    """A rules file of 1 GB (sparse): refused from its size."""
    game = _peer_game(folder)
    rules = game / "rules.en.md"
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "rules: rules.en.md\n", encoding="utf-8")
    with open(rules, "a", encoding="utf-8") as handle:
        handle.truncate(1_000_000_000)
    return ["build", "peer-deck"]


def case_check_print(folder: Path, limits) -> list[str]:
    """check-print of a 'PDF' just past pdf_check_bytes (sparse): the limit is read, then refused."""
    big = folder / "big.pdf"
    with open(big, "wb") as handle:
        handle.write(b"%PDF-1.4\n")
        handle.truncate(limits.PDF_CHECK_BYTES.default + 1_000_000)
    return ["check-print", str(big)]


def case_playtest(folder: Path, limits) -> list[str]:
    """pnp playtest tactix --games 100000 --max-plies 100000 --agents mc: refused before any game."""
    return ["playtest", "tactix", "--games", "100000", "--max-plies", "100000", "--agents", "mc"]


CASES = {
    "peer-deck": lambda folder, limits: (_peer_game(folder), ["build", "peer-deck"])[1],
    "cards-4999-distinct": case_distinct_cards,
    "pattern-at-limit": case_pattern,
    "pattern-5m-0.5mm": case_pattern_refused,
    "svg-path-at-limit": case_svg_path,
    "svg-path-8MB": case_svg_path_refused,
    "image-file-at-limit": case_image,
    "gif-named-png": case_gif_named_png,
    "xlsx-at-limit": case_xlsx_at_limit,
    "xlsx-xfd": case_xlsx_xfd,
    "expression-at-limit": case_expression,
    "rules-1GB": case_rules_gigabyte,
    "check-print-at-limit": case_check_print,
    "playtest-10^12": case_playtest,
}
_CONTENT_FREE = {"check-print-at-limit", "playtest-10^12"}


def run_case(name: str) -> dict:
    from generator.content import limits
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        content.mkdir()
        args = CASES[name](content, limits)
        if name not in _CONTENT_FREE:
            args += ["--content", str(content)]
        if args[0] == "build":
            args += ["--out", str(Path(tmp) / "out"), "--jobs", "1"]
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--child", json.dumps(args)], cwd=ROOT,
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{name}: the child failed:\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    report["seconds"] = seconds
    return report


def _child(args: list[str]) -> None:
    """Run the CLI in this process, then print its peak memory as JSON on the last line of stdout: VmHWM, the
    high-water mark of this process's own memory (ru_maxrss would count the parent's, which made the content:
    Linux keeps it across fork and exec)."""
    from click.testing import CliRunner

    from generator.cli import cli
    result = CliRunner().invoke(cli, args)
    status = Path("/proc/self/status").read_text()
    peak_kb = int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1])
    print(json.dumps({"exit": result.exit_code, "rss_kb": peak_kb, "stderr": result.stderr[-300:]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=sorted(CASES))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(json.loads(args.child))
        return
    names = args.only or list(CASES)
    if "peer-deck" not in names:
        names.insert(0, "peer-deck")
    base = None
    print(f"{'case':22} {'exit':>4} {'peak RSS':>10} {'x peer':>7} {'time':>8}  message")
    for name in names:
        r = run_case(name)
        base = base or r["rss_kb"]
        message = r["stderr"].strip().splitlines()[-1][:90] if r["stderr"].strip() else ""
        print(f"{name:22} {r['exit']:>4} {r['rss_kb'] / 1024:>7.0f} MB {r['rss_kb'] / base:>6.2f}x "
              f"{r['seconds']:>7.1f}s  {message}", flush=True)


if __name__ == "__main__":
    main()
