"""The gallery (output/index.html) read in a real headless Chromium, driven by Playwright.

One output folder is built for every test (two good games and a broken one, so the page has cards, figures and
an error banner) and one browser is started for all of them. Playwright's own browser download is not used:
the system's Chromium is (Debian: apt-get install -y chromium; another path through PNP_CHROMIUM). Without it
the browser tests are skipped and the run's summary says why, except in CI, where they fail: .ci/run
installs it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GOOD_GAMES = ("lutinades", "tactix")
BROKEN = "casse"
_missing: list[str] = []        # why the browser tests were skipped, for the run's summary


def chromium_path() -> str | None:
    path = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    return path if path and Path(path).is_file() else None


def _no_browser(reason: str):
    message = f"browser tests not run: {reason}"
    if os.environ.get("CI"):
        pytest.fail(message + "; .ci/run installs Chromium and Playwright, so CI must have them")
    if message not in _missing:
        _missing.append(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for every browser test."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _no_browser("the Python package playwright is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        _no_browser("no Chromium found (Debian: apt-get install -y chromium, or set PNP_CHROMIUM)")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Error as err:
            _no_browser(f"Chromium at {path} does not start: {str(err).splitlines()[0]}")
        yield chromium
        chromium.close()


def pytest_terminal_summary(terminalreporter):
    for message in _missing:
        terminalreporter.write_line(f"NOTE: {message}", yellow=True, bold=True)


@pytest.fixture(scope="session")
def gallery_out(shared_folder, shared_build) -> Path:
    """An output folder from one build of two good games and a broken one (exit 2: the good ones are written),
    then `pnp gallery`, which draws the thumbnails the build left to draw (a copy: the build is shared)."""
    def make_content(content: Path) -> None:
        for game_id in GOOD_GAMES:
            shutil.copytree(ROOT / "content" / game_id, content / game_id)
        assert CliRunner().invoke(cli, ["new", BROKEN, "--content", str(content), "--language", "fr"]).exit_code == 0
        board = content / BROKEN / "board.yaml"
        board.write_text(board.read_text(encoding="utf-8") + "colour_of_the_sky: blue\n", encoding="utf-8")
    built = shared_build(content=shared_folder("gallery-content", make_content))
    assert built.exit_code == 2, built.output

    def draw(folder: Path) -> None:
        shutil.copytree(built.out, folder / "out", symlinks=True)
        result = CliRunner().invoke(cli, ["gallery", "--out", str(folder / "out")])
        assert result.exit_code == 0 and result.output.startswith("galerie à jour : "), result.output
    return shared_folder("gallery-drawn", draw) / "out"


@pytest.fixture
def page(browser, gallery_out):
    """The gallery open from file://, every message of its console and every request recorded."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    tab.console_messages, tab.page_errors, tab.requests, tab.failed_requests = [], [], [], []
    tab.on("console", lambda message: tab.console_messages.append(message))
    tab.on("pageerror", lambda error: tab.page_errors.append(error))
    tab.on("request", lambda request: tab.requests.append(request.url))
    tab.on("requestfailed", lambda request: tab.failed_requests.append(request.url))
    tab.goto((gallery_out / "index.html").as_uri())
    tab.wait_for_load_state("load")
    yield tab
    context.close()
