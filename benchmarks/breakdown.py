"""Where one `pnp build` spends its CPU, without a profiler's overhead: each step wrapped with a CPU clock.

cProfile (bench.py --profile) names the functions but inflates pure-Python code several times over; this
times the steps as they run. One fresh process:

    python benchmarks/breakdown.py peer-deck --content benchmarks
    python benchmarks/breakdown.py --content content            # every game
"""

from __future__ import annotations

import sys
import time

T0 = time.process_time()

import generator.cli as cli          # noqa: E402  (the imports are what the first line times)
import generator.build as build      # noqa: E402

IMPORTED = time.process_time()

from generator.draw import fonts     # noqa: E402

SPENT: dict[str, float] = {}


def timed(label: str, fn):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[label] = SPENT.get(label, 0.0) + time.process_time() - start
    return wrapper


def main() -> None:
    build.load_game = timed("load content", build.load_game)
    build.load_game_diagrams = timed("load diagrams", build.load_game_diagrams)
    build.check_game = timed("check diagrams", build.check_game)
    build.figures = timed("draw figures", build.figures)
    build._render_rulebook = timed("rulebook (3 editions)", build._render_rulebook)
    build.calibration_page = timed("calibration page", build.calibration_page)
    build.print_guide = timed("print guide", build.print_guide)
    build._gallery = timed("gallery index.html", build._gallery)
    build._write_output = timed("write files", build._write_output)
    fonts.subset_font = timed("font subsets (SVG, HTML)", fonts.subset_font)
    original_kind_of = build.kind_of

    def kind_of_timed(component):
        kind = original_kind_of(component)
        return type("TimedKind", (), {"render": staticmethod(timed(f"render {kind.name}s", kind.render))})()
    build.kind_of = kind_of_timed
    sys.argv = ["pnp", "build", *sys.argv[1:], "--out", "/tmp/pnp-breakdown-out"]
    start = time.process_time()
    try:
        cli.main()
    except SystemExit:
        pass
    total = time.process_time() - T0
    print(f"{'python start + imports of cli, build':32} {IMPORTED - T0:6.3f} s")
    for label, spent in sorted(SPENT.items(), key=lambda kv: -kv[1]):
        print(f"{label:32} {spent:6.3f} s")
    print(f"{'the command, all told':32} {time.process_time() - start:6.3f} s")
    print(f"{'process CPU after interpreter start':32} {total:6.3f} s")


if __name__ == "__main__":
    main()
