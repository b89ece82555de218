"""The registry of component kinds: every kind in one place, and no layer outside it testing a kind."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.models import COMPONENT_KINDS, FaceSet
from generator.i18n import LANGUAGES, catalogue
from generator.kinds import Kind, kind_named, kind_names

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "generator"
KINDS_DIR = GENERATOR / "kinds"
HELPERS = {"__init__", "faces"}          # modules of the registry that are not kinds


def test_every_content_kind_has_a_registry_module_and_every_module_is_a_kind():
    modules = {p.stem for p in KINDS_DIR.glob("*.py")} - HELPERS
    assert modules == set(COMPONENT_KINDS)
    assert kind_names() == tuple(COMPONENT_KINDS)
    for name in kind_names():
        entry = kind_named(name)
        assert isinstance(entry, Kind) and entry.name == name and entry.model is COMPONENT_KINDS[name]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(COMPONENT_KINDS))
def test_every_kind_gives_a_renderer_paper_advice_guide_steps_and_material_lines(name, language):
    entry, words = kind_named(name), catalogue(language)
    assert callable(entry.render)
    assert entry.paper_advice(words).strip()
    assert all(step.strip() for step in entry.steps(words))
    assert callable(getattr(entry.model, "material_lines", None))


def test_a_kind_draws_figures_exactly_when_its_model_says_what_a_figure_on_it_may_show():
    for name in kind_names():
        entry = kind_named(name)
        spec = entry.model.figure_spec
        assert (spec is None) == (entry.figure is None), name
        if spec is not None:
            assert spec.show and set(spec.arrangements) <= {"row", "column", "fan", "net"}
            assert not spec.engine_position or spec.pieces, name


def test_asking_the_registry_loads_no_drawing_printing_or_rulebook_stack():
    code = ("import sys\n"
            "from generator.kinds import kind_named, kind_names\n"
            "[kind_named(n) for n in kind_names()]\n"
            "heavy = ('reportlab', 'pypdf', 'jinja2', 'svgwrite', 'generator.rulebook', 'generator.print',\n"
            "         'generator.components', 'generator.draw')\n"
            "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


_KIND_NAMES = "|".join(COMPONENT_KINDS) + "|cards"
_KIND_TESTS = [
    re.compile(rf"\bkind\s*(==|!=)\s*[\"']({_KIND_NAMES})[\"']"),            # kind == "deck"
    re.compile(rf"\bkind\s+(not\s+)?in\s*[(\[{{][^)\]}}]*[\"']({_KIND_NAMES})[\"']"),  # kind in ("mat", "map")
    re.compile(r"\bcomponent\.kind\s*(==|!=|\bin\b|\bnot\s+in\b)"),         # component.kind in _FACE_MODULES
    re.compile(r"\b_?[A-Z][A-Z_]*\.get\(\s*(component\.)?kind\b"),              # _STOCK_FR.get(kind, ...)
    re.compile(r"isinstance\([^)]*\b(" + "|".join(c.__name__ for c in (*COMPONENT_KINDS.values(), FaceSet)) + r")\b"),
]
# (path under generator/, stripped line) of a kind test allowed for a while; none is left.
_ELSEWHERE: set[tuple[str, str]] = set()


def test_no_layer_outside_the_registry_tests_a_component_kind():
    found = []
    for path in sorted(GENERATOR.rglob("*.py")):
        if KINDS_DIR in path.parents:
            continue
        rel = path.relative_to(GENERATOR).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if any(p.search(line) for p in _KIND_TESTS) and (rel, line.strip()) not in _ELSEWHERE:
                found.append(f"generator/{rel}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_kind_test_patterns_catch_what_the_build_used_to_write():
    old = ['    elif component.kind in _FACE_MODULES:', '        if options.shop and component.kind == "deck":',
           '    elif component.kind in ("mat", "map"):', '    if isinstance(component, Board):',
           '    if kind in ("tiles", "counters"):', '    return GuideInfo(paper_fr=_STOCK_FR.get(kind, "papier"))']
    assert all(any(p.search(line) for p in _KIND_TESTS) for line in old)


def test_rendering_a_deck_through_the_registry_loads_no_rulebook_stack():
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from generator.build import BuildOptions, GameOutput\n"
            "from generator.content import load_game\n"
            "from generator.kinds import Job, kind_of\n"
            f"game = load_game(Path({str(Path(__file__).parent / 'fixtures')!r}), 'cartes')\n"
            "deck = game.component('actions')\n"
            "out = GameOutput(game)\n"
            "kind_of(deck).render(Job(out, game, BuildOptions().print_options(game.info.language), BuildOptions()), deck)\n"
            "assert 'actions.pdf' in out.files\n"
            "print(sorted(m for m in sys.modules if m.startswith(('generator.rulebook', 'jinja2', 'reportlab.platypus'))))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_no_frozen_model_is_written_to_and_no_import_hides_halfway_down_a_module():
    """Models are made whole (derived fields go through the constructor); every import stands at the top."""
    for path in sorted((ROOT / "generator").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "object.__setattr__" not in text, path
        assert "noqa: E402" not in text, path
