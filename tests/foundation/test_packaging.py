"""`pip install .` (not editable) gives a `pnp` that works from any folder: templates/ ships inside the package.

The install test builds a wheel of a copy of the source tree, installs it with
its dependencies into a fresh virtual environment (this needs the package
index) and runs `pnp new demo && pnp build demo && pnp validate demo` in a
folder outside the repository. It takes about 20 s of CPU (32 s before the
environment was made without a pip of its own and the libraries installed
uncompiled), under the ~60 s that would move it out of every
`make test`; it is marked `packaging` so that `pytest -m "not packaging"`
leaves it out offline.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.resources import templates_dir

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
# What a checkout holds that a build of the package neither needs nor should see.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "output", "build", "dist", "*.egg-info", "__pycache__",
                                    ".pytest_cache", "tmp")


def _template_files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_a_checkout_reads_the_templates_at_the_top_of_the_repository():
    """The editable install of `make test` (and a bare checkout) use templates/ itself, not a copy."""
    assert templates_dir() == TEMPLATES.resolve()


# The processes of the test compile their bytecode into the fresh environment itself (make test's cache of it,
# PYTHONPYCACHEPREFIX, would gain a copy of the installed libraries at every run).
_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}


def _run(args: list, cwd: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600, env=_ENV)
    assert proc.returncode == 0, f"{' '.join(map(str, args))}\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.mark.packaging
def test_installed_wheel_runs_new_build_and_validate_outside_the_repository(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", tmp_path / "dist", source],
         cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("pnp_forge-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name.removeprefix("generator/templates/") for name in archive.namelist()
                   if name.startswith("generator/templates/")}
    assert shipped == _template_files(TEMPLATES), "every file of templates/, whatever its extension, is in the wheel"

    # A fresh environment, the wheel and its dependencies installed into it by this pip (`--python`): a pip of
    # its own (ensurepip) would cost 8 s of CPU, and compiling every library installed 8 s more, where the
    # commands below compile only the modules they import (benchmarks/RESULTS.md, "seventh pass").
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    _run([sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet", "--no-compile",
          wheel], cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    pnp = venv / "bin" / "pnp"
    _run([pnp, "new", "demo", "--language", "fr"], cwd=elsewhere)
    _run([pnp, "build", "demo"], cwd=elsewhere)
    assert "demo" in _run([pnp, "validate", "demo"], cwd=elsewhere).stdout
    # The starter files send the designer to `pnp guide`, which needs no checkout.
    assert "`pnp guide`" in (elsewhere / "content" / "demo" / "game.yaml").read_text(encoding="utf-8")
    assert _run([pnp, "guide"], cwd=elsewhere).stdout == (ROOT / "docs" / "content-format.md").read_text(encoding="utf-8")
    # The installed package answered, not the checkout: its templates are the shipped copy.
    where = _run([venv / "bin" / "python", "-c", "from generator.resources import templates_dir; print(templates_dir())"],
                 cwd=elsewhere).stdout.strip()
    assert Path(where).is_relative_to(venv) and _template_files(Path(where)) == _template_files(TEMPLATES)
    for name in ("regles.pdf", "plateau.pdf"):
        pdf = elsewhere / "output" / "demo" / name
        assert pdf.read_bytes().startswith(b"%PDF-")
        reader = PdfReader(pdf)
        assert len(reader.pages) >= 1
    assert "Demo" in "".join(page.extract_text() for page in PdfReader(elsewhere / "output" / "demo" / "regles.pdf").pages)
