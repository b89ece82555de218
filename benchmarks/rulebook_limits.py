"""Time and peak memory of the worst rules texts and templates the rulebook limits allow (generator/content/
limits.py, the block "the rulebook and text sheets"), against the rulebook of a game made by `pnp new`, in the
same run: the numbers that say a rules text cannot run away with the build.

Each case is a fresh Python process: it makes the game with `pnp new`, writes the case's rules text (or sheet
text), then typesets the rulebook in its three editions (build_rulebook: full page, booklet, HTML) or lays out
the sheet, and reports its wall time and peak resident set size (resource.getrusage, ru_maxrss in kB).

    python benchmarks/rulebook_limits.py [--only NAME ...]

Cases:
  scaffold           the rules text `pnp new` writes: what every other case is compared to
  text-at-limit      prose of just under limits.RULES_TEXT_CHARS characters, in paragraphs of 2000
  block-at-limit     one paragraph of just under limits.RULES_BLOCK_CHARS characters
  headings-at-limit  limits.RULES_HEADINGS headings, each with a line of text
  figures-at-limit   limits.RULES_FIGURES figures placed by one loop
  icons-at-limit     limits.RULES_ICONS icons, 200 a paragraph
  value-at-limit     a template value of just under limits.TEMPLATE_VALUE_CHARS characters, joined and measured
  template-time      a loop that never ends: stopped at the sandbox's time limit (refused)
  join-bomb          ([s] * 3000) | join of a 900 000-character s (refused before it is built)
  sheet-overflow     a text sheet given a text of limits.RULES_TEXT_CHARS characters (refused: one page)

Results are recorded by hand in benchmarks/RESULTS-limits.md with the machine they ran on.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROSE = ("Le joueur actif lance ses dés, choisit une tuile et la pose sur une case libre du plateau ; si elle "
         "touche une tuile de la même couleur, il marque un point. ")


def _paragraphs(chars: int, size: int = 2000) -> str:
    paragraph = (PROSE * (size // len(PROSE) + 1))[:size].rstrip() + "\n\n"
    return paragraph * (chars // len(paragraph))


def case_text(limits) -> str:
    return _paragraphs(limits.RULES_TEXT_CHARS.default - 1000)


def case_block(limits) -> str:
    return _paragraphs(limits.RULES_BLOCK_CHARS.default - 100, size=limits.RULES_BLOCK_CHARS.default - 100)


def case_headings(limits) -> str:
    return "".join(f"## Partie {i}\n\nUne ligne de texte.\n\n" for i in range(limits.RULES_HEADINGS.default - 1))


def case_figures(limits) -> str:
    return "{% for i in range(" + str(limits.RULES_FIGURES.default) + ") %}{{ diagram('depart') }}{% endfor %}\n"


def case_icons(limits) -> str:
    return ("Un tour :star: " * 200 + "\n\n") * (limits.RULES_ICONS.default // 200)


def case_value(limits) -> str:
    n = limits.TEMPLATE_VALUE_CHARS.default - 10
    return "{% set s = 'x' * " + str(n) + " %}{% set t = [s] | join %}Longueur : {{ t | length }}\n"


def case_time(limits) -> str:
    return "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"


def case_join(limits) -> str:
    return "{% set s = 'x' * 900000 %}{{ ([s] * 3000) | join }}\n"


CASES = {
    "scaffold": (None, "rules"),
    "text-at-limit": (case_text, "rules"),
    "block-at-limit": (case_block, "rules"),
    "headings-at-limit": (case_headings, "rules"),
    "figures-at-limit": (case_figures, "rules"),
    "icons-at-limit": (case_icons, "rules"),
    "value-at-limit": (case_value, "rules"),
    "template-time": (case_time, "rules"),
    "join-bomb": (case_join, "rules"),
    "sheet-overflow": (case_text, "sheet"),
}


def _child(name: str) -> None:
    """Make the game, write the case's text, typeset it; print time, peak RSS and outcome as JSON."""
    import resource

    from generator.content import limits, load_game
    from generator.content.errors import ContentError
    from generator.figures import game_figures
    make, where = CASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        subprocess.run([sys.executable, "-m", "generator", "new", "mini", "--content", str(root)], check=True,
                       capture_output=True)
        game_dir = root / "mini"
        if make is not None:
            text = "# Règles\n\n" + make(limits)
            if where == "sheet":
                (game_dir / "aide.yaml").write_text("kind: sheet\nid: aide\nname: Aide\nsource: aide.fr.md\n")
                (game_dir / "aide.fr.md").write_text(text, encoding="utf-8")
                yaml = (game_dir / "game.yaml").read_text(encoding="utf-8")
                (game_dir / "game.yaml").write_text(yaml.replace("  - counters.yaml\n",
                                                                 "  - counters.yaml\n  - aide.yaml\n"))
            else:
                (game_dir / "rules.fr.md").write_text(text, encoding="utf-8")
        game = load_game(root, "mini")
        figures = game_figures(game, root)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.monotonic()
        try:
            if where == "sheet":
                from generator.draw.pdf import PdfCanvas
                from generator.rulebook.sheet import read_sheet, render_sheet
                sheet = next(c for c in game.components if c.kind == "sheet")
                canvas = PdfCanvas(title="aide")
                canvas.begin_page(210, 297)
                render_sheet(canvas, game, sheet, read_sheet(game, sheet, figures=figures), 210, 297)
                outcome = "one page"
            else:
                from generator.rulebook import build_rulebook
                book = build_rulebook(game, figures=figures)
                outcome = f"{book.pages} + {book.booklet_pages} pages"
        except ContentError as err:
            outcome = f"refused: {err}"[:150]
        seconds = time.monotonic() - started
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "rss_kb": rss, "before_kb": before, "outcome": outcome}))


def run_case(name: str) -> dict:
    result = subprocess.run([sys.executable, __file__, "--child", name], capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        return {"seconds": float("nan"), "rss_kb": 0, "outcome": f"crashed: {result.stderr[-200:]}"}
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=sorted(CASES))
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        _child(args.child)
        return
    names = args.only or list(CASES)
    if "scaffold" not in names:
        names = ["scaffold"] + names
    base = None
    print(f"{'case':<18} {'time':>7} {'x':>6} {'peak RSS':>9} {'x':>6}  outcome")
    for name in names:
        r = run_case(name)
        base = base or r
        print(f"{name:<18} {r['seconds']:6.1f}s {r['seconds'] / base['seconds']:5.1f}x "
              f"{r['rss_kb'] // 1024:6d} MB {r['rss_kb'] / base['rss_kb']:5.2f}x  {r['outcome']}", flush=True)


if __name__ == "__main__":
    main()
