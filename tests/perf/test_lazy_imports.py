"""Each command imports what it needs (issue 9): `pnp build` of a deck loads no rulebook stack, `pnp --help` no
drawing code. Run in a fresh interpreter, which reports its sys.modules as it exits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs generator.cli.main as `pnp` would, then writes the names of every module it imported to a file.
_DRIVER = """
import atexit, json, sys
report = sys.argv[1]
atexit.register(lambda: open(report, "w").write(json.dumps(sorted(sys.modules))))
from generator.cli import main
sys.argv = ["pnp"] + sys.argv[2:]
main()
"""

RULEBOOK_STACK = ("jinja2", "markdown_it", "pypdf", "reportlab.platypus", "generator.rulebook")
FIGURE_STACK = ("generator.figures", "generator.components.diagram")    # a game without diagrams draws no figure


def _modules_imported_by(tmp_path: Path, *args: str) -> set[str]:
    report = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", _DRIVER, str(report), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return set(json.loads(report.read_text()))


def _under(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_building_a_deck_loads_no_rulebook_markdown_pypdf_nor_jinja(tmp_path):
    """The gallery page (output/index.html), which a build writes when something changed, is the template
    compiled ahead of time on the gallery's own runtime: a deck build does not import Jinja (issue 26). The
    reader's preflight reads the deck's PDFs back through their cross-reference table (print/pdf_objects.py),
    never with pypdf: files we just wrote (issue 26); a rebuild with nothing changed reads nothing."""
    build = ("build", "peer-deck", "--content", str(ROOT / "benchmarks"), "--out", str(tmp_path / "out"),
             "--jobs", "1")                                                           # one process sees every import
    modules = _modules_imported_by(tmp_path, *build)
    assert (tmp_path / "out" / "peer-deck" / "manifest.json").is_file(), "the deck was built"
    assert "generator.build" in modules and "reportlab.pdfgen.canvas" in modules, "the driver saw the build"
    # fonts are cut by reportlab (draw/fonts.py), versions read without importlib.metadata (cache.py,
    # gallery.py); no diagram, no rules engine; no SVG file placed, no SVG reader. The previews and cut files
    # are written by draw/svgxml.py, not svgwrite: its validators, and the urllib.request, http, email, ssl and
    # socket modules it imports, were a tenth of the deck's CPU.
    # The gallery's thumbnails are not drawn by pnp build (pnp gallery, pnp watch): no rasteriser.
    for package in RULEBOOK_STACK + FIGURE_STACK + ("fontTools", "importlib.metadata", "generator.engine",
                                                    "generator.figure_proof", "generator.draw.svgimport",
                                                    "pypdfium2", "generator.raster"):
        assert _under(modules, package) == [], f"a deck build imported {package}"
    assert (tmp_path / "out" / "index.html").is_file() and "generator.gallery_runtime" in modules
    assert sorted(p.name for p in (tmp_path / "out" / "peer-deck").glob("*.svg"))[:3] == [
        "peers-back.svg", "peers-front.svg", "peers-p01-cut.svg"], "the deck's previews and cut files were written"
    assert "generator.draw.svgxml" in modules
    for package in ("svgwrite", "urllib.request", "http", "email", "ssl", "socket"):
        assert _under(modules, package) == [], f"a deck build imported {package}"
    # The models of the other kinds and the diagrams' are not made (content/models: names on first use);
    # the languages' catalogues are read domain by domain, the other language not at all.
    assert {"generator.content.models.deck", "generator.content.models.game"} <= modules
    for module in ("board", "mat", "form", "map", "dice", "tiles", "counters", "sheet"):
        assert f"generator.content.models.{module}" not in modules, f"a deck build made the {module} models"
    assert "generator.content.diagrams" not in modules, "a deck without diagrams.yaml loaded the diagrams' models"
    # templates/ found without importlib.resources (and the zip modules it brings); a first build swaps no
    # folder (outfolder._exchange's ctypes)
    for module in ("importlib.resources", "importlib.readers", "zipfile", "ctypes"):
        assert module not in modules, f"a deck build imported {module}"
    again = _modules_imported_by(tmp_path, *build)
    assert "generator.build" in again
    for package in RULEBOOK_STACK + ("pypdfium2", "svgwrite"):
        assert _under(again, package) == [], f"a rebuild with nothing changed imported {package}"
    # Nothing changed: no game is loaded (its record says what the terminal tells), nothing drawn (issue 26).
    for module in ("generator.content.loader", "generator.content.models", "generator.content.schema",
                   "generator.content.diagrams", "generator.draw.canvas", "reportlab", "PIL"):
        assert _under(again, module) == [], f"a rebuild with nothing changed imported {module}"


def test_building_a_game_with_rules_does_load_the_rulebook_stack(tmp_path):
    """The other side of the test above: the driver does see the rulebook stack when a game needs it."""
    modules = _modules_imported_by(tmp_path, "build", "tactix", "--content", str(ROOT / "content"),
                                   "--out", str(tmp_path / "out"), "--jobs", "1")
    assert "generator.rulebook" in modules and "jinja2" in modules and "reportlab.platypus" in modules


def test_help_imports_no_reportlab_and_no_build(tmp_path):
    modules = _modules_imported_by(tmp_path, "--help")
    assert "generator.cli" in modules
    for package in ("reportlab", "svgwrite", "fontTools", "PIL", "generator.build", "generator.draw") + RULEBOOK_STACK:
        assert _under(modules, package) == [], f"pnp --help imported {package}"
