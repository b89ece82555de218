"""The gallery page's template compiled ahead of time (generator/gallery_page.py, issue 26): it is the template of
today, it writes the very page the template compiled at run time writes, and a template edited since is
compiled from its text again."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from click.testing import CliRunner

from generator import gallery, gallery_page
from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def test_the_compiled_page_is_the_template_of_today():
    # fails after an edit of templates/gallery/index.html.j2 or an upgrade of Jinja: run `make gallery-page`
    assert (ROOT / "generator" / "gallery_page.py").read_text(encoding="utf-8") == gallery.compiled_page()


@pytest.fixture(scope="module")
def views(tmp_path_factory) -> list[dict]:
    """What the page shows of a built deck (every PDF, its faces, the guide), as write_gallery hands it over."""
    out = tmp_path_factory.mktemp("compiled-page") / "out"
    built = CliRunner().invoke(cli, ["build", "peer-deck", "--content", str(ROOT / "benchmarks"), "--out", str(out),
                                     "--jobs", "1"])
    assert built.exit_code == 0, built.output
    manifests = gallery._manifests(out)
    return [gallery._game_view(gid, manifest, {}, False) for gid, manifest in manifests.items()]


def _page(views: list[dict], template, monkeypatch) -> str:
    failures = [("casse", ["casse/board.yaml:3: unknown key 'colour_of_the_sky'"])]
    with monkeypatch.context() as patch:
        patch.setattr(gallery, "_page_template", template)
        return gallery.gallery_html(views, failures)


def test_the_compiled_template_writes_the_page_the_template_writes(views, monkeypatch):
    compiled = _page(views, gallery._page_template, monkeypatch)
    fresh = _page(views, lambda env: env.get_template(gallery.PAGE_TEMPLATE), monkeypatch)
    assert "peer-deck" in compiled and "colour_of_the_sky" in compiled and "peers.pdf" in compiled
    assert compiled == fresh


def test_the_compiled_template_is_used_only_for_the_text_it_was_compiled_from(monkeypatch):
    env = gallery._page_environment()
    assert gallery._page_template(env).filename == gallery_page.__file__
    monkeypatch.setattr(gallery_page, "SOURCE_SHA256", "0" * 64)      # the template edited since
    assert gallery._page_template(env).filename.endswith("index.html.j2")
    monkeypatch.undo()
    monkeypatch.setattr(jinja2, "__version__", "0.0")                  # another Jinja
    assert gallery._page_template(gallery._page_environment()).filename.endswith("index.html.j2")
