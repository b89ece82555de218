"""Where one `pnp build` spends its CPU, without a profiler's overhead: each step wrapped with a CPU clock.

cProfile (bench.py --profile) names the functions but inflates pure-Python code several times over; this
times the steps as they run, in one fresh process (`--jobs 1`: every step in this process, none in a worker):

    python benchmarks/breakdown.py peer-deck --content benchmarks
    python benchmarks/breakdown.py --content content            # every game

Steps nest (a unit's rendering includes the font subsets of its SVGs; the reader's preflight includes
reading the PDFs back): each line is the CPU spent inside that step, imports made on its way included. A
step's function is wrapped where the build looks it up, once its module is imported (a hook on imports),
so that wrapping imports nothing the build would not.
"""

from __future__ import annotations

import importlib.abc
import sys
import time

T0 = time.process_time()

import generator.cli as cli          # noqa: E402  (the imports are what the first line times)
import generator.build as build      # noqa: E402

IMPORTED = time.process_time()

SPENT: dict[str, float] = {}
CALLS: dict[str, int] = {}

# module -> [(attribute, label)]: the steps of today's build (generator/build.py), wrapped in every module
# named here that holds the function (a name imported with `from ... import` is wrapped where it was bound).
STEPS = {
    "generator.build": [
        ("load_telling_all", "load content"),
        ("_diagrams", "read diagrams"),
        ("_figures", "draw figures"),
        ("_render_unit_outputs", "render units (in memory)"),
        ("read_unit", "reader's preflight of the units"),
        ("_finish", "print guide, manifest (+ its preflight)"),
        ("_write_game", "write the game (finish included)"),
        ("_gallery_step", "gallery: what to update"),
    ],
    "generator.draw.fonts": [("subset_font", "font subsets (SVG)"), ("_register", "fonts parsed (reportlab)")],
    "generator.print.cutfile": [("cut_svg", "cut files (SVG, svgwrite import included)")],
    "generator.print.calibration": [("calibration_page", "calibration page")],
    "generator.print.sheet": [("impose_sheets", "impose sheets")],
    "generator.components.card": [("items", "card faces laid out")],
    "generator.print.preflight": [("read_pdf", "read PDFs back (preflight.read_pdf)")],
    "generator.print.reader": [("read_pdf", "read PDFs back (preflight.read_pdf)")],
    "generator.gallery": [("write_gallery", "gallery: index.html and thumbnails"),
                          ("gallery_html", "gallery: the page (Jinja)"),
                          ("_update_thumbnails", "gallery: thumbnails")],
}


def timed(label: str, fn):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[label] = SPENT.get(label, 0.0) + time.process_time() - start
            CALLS[label] = CALLS.get(label, 0) + 1
    wrapper.breakdown_step = label
    return wrapper


def _wrap(module) -> None:
    for name, label in STEPS.get(module.__name__, ()):
        fn = getattr(module, name, None)
        if fn is None:
            print(f"breakdown.py: {module.__name__}.{name} is gone: update STEPS", file=sys.stderr)
        elif not hasattr(fn, "breakdown_step"):     # (lru_cache and contextmanager set __wrapped__)
            setattr(module, name, timed(label, fn))


class _WrapOnImport(importlib.abc.MetaPathFinder):
    """Wraps a module's steps as soon as the build imports it."""

    def find_spec(self, fullname, path, target=None):
        if fullname not in STEPS:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        original = loader.exec_module

        def exec_module(module):
            original(module)
            _wrap(module)
        loader.exec_module = exec_module
        return spec


def main() -> None:
    for name in STEPS:
        if name in sys.modules:
            _wrap(sys.modules[name])
    sys.meta_path.insert(0, _WrapOnImport())
    sys.argv = ["pnp", "build", *sys.argv[1:], "--jobs", "1", "--out", "/tmp/pnp-breakdown-out"]
    start = time.process_time()
    try:
        cli.main()
    except SystemExit:
        pass
    total = time.process_time() - T0
    print(f"{'python start + imports of cli, build':44} {IMPORTED - T0:6.3f} s")
    for label, spent in sorted(SPENT.items(), key=lambda kv: -kv[1]):
        print(f"{label:44} {spent:6.3f} s  ({CALLS[label]} calls)")
    print(f"{'the command, all told':44} {time.process_time() - start:6.3f} s")
    print(f"{'process CPU after interpreter start':44} {total:6.3f} s")


if __name__ == "__main__":
    main()
