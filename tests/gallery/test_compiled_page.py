"""The gallery page's template compiled ahead of time (generator/gallery_page.py, issue 26): it is the template of
today, it writes, on the gallery's own runtime (generator/gallery_runtime.py: Jinja not imported), the very page
the template compiled by Jinja at run time writes, and a template edited since is compiled from its text again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import gallery, gallery_page

ROOT = Path(__file__).resolve().parents[2]


def test_the_compiled_page_is_the_template_of_today():
    # fails after an edit of templates/gallery/index.html.j2 or an upgrade of Jinja: run `make gallery-page`
    assert (ROOT / "generator" / "gallery_page.py").read_text(encoding="utf-8") == gallery.compiled_page()


@pytest.fixture(scope="module")
def views(shared_build) -> list[dict]:
    """What the page shows of a built deck (every PDF, its faces, the guide), as write_gallery hands it over."""
    built = shared_build("peer-deck", content=ROOT / "benchmarks")
    assert built.exit_code == 0, built.output
    manifests = gallery._manifests(built.out)
    return [gallery._game_view(gid, manifest, {}, False) for gid, manifest in manifests.items()]


def _page(views: list[dict], monkeypatch, *, jinja: bool) -> str:
    """The page with a failed game's banner: through the compiled code on the gallery's runtime, or (jinja)
    through Jinja compiling the template's text now."""
    failures = [("casse", ["casse/board.yaml:3: unknown key 'colour_of_the_sky'", "et <la> suite & \"fin\""])]
    with monkeypatch.context() as patch:
        if jinja:
            patch.setattr(gallery_page, "LEAN_RUNTIME", False)
            patch.setattr(gallery, "_page_template", lambda env: env.get_template(gallery.PAGE_TEMPLATE))
        return gallery.gallery_html(views, failures)


def test_the_compiled_template_writes_the_page_the_template_writes(views, monkeypatch):
    assert gallery_page.LEAN_RUNTIME, "the compiled page runs on generator/gallery_runtime.py"
    compiled = _page(views, monkeypatch, jinja=False)
    fresh = _page(views, monkeypatch, jinja=True)
    assert "peer-deck" in compiled and "colour_of_the_sky" in compiled and "peers.pdf" in compiled
    assert "et &lt;la&gt; suite &amp; &#34;fin&#34;" in compiled        # escaped as Jinja's autoescape does
    assert compiled == fresh


def test_the_compiled_template_is_used_only_for_the_text_it_was_compiled_from(monkeypatch):
    assert gallery._compiled_page_current()
    monkeypatch.setattr(gallery_page, "SOURCE_SHA256", "0" * 64)      # the template edited since
    assert not gallery._compiled_page_current()
    monkeypatch.undo()
    from generator import cache
    monkeypatch.setattr(cache, "library_version", lambda project: "0.0")   # another Jinja
    assert not gallery._compiled_page_current()


def test_a_page_not_compiled_from_the_template_of_today_is_jinja_s(views, monkeypatch):
    """The template edited since `make gallery-page`: Jinja compiles its text, the gallery's runtime is not used."""
    from generator import gallery_runtime
    monkeypatch.setattr(gallery_page, "SOURCE_SHA256", "0" * 64)
    monkeypatch.setattr(gallery_runtime, "render", lambda *a: pytest.fail("the stale compiled page was used"))
    assert "peers.pdf" in gallery.gallery_html(views, [])


def test_the_compiled_code_keeps_jinja_s_runtime_for_what_the_gallery_s_lacks():
    """A template that uses `loop` (LoopContext) is compiled on Jinja's runtime, LEAN_RUNTIME false."""
    env = gallery._page_environment()
    code = env.compile("{% for x in xs %}{{ loop.index }}{{ x }}{% endfor %}", "t.j2", None, raw=True,
                       defer_init=True)
    kept, lean = gallery._on_lean_runtime(code)
    assert (kept, lean) == (code, False)
    code = env.compile("{{ words('a') }} {{ xs|join(', ') }} {{ xs|length }}", "t.j2", None, raw=True,
                       defer_init=True)
    rewritten, lean = gallery._on_lean_runtime(code)
    assert lean and rewritten.startswith("from .gallery_runtime import ") and "jinja2" not in rewritten
