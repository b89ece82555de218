"""A small rules text or text sheet cannot ask for minutes or gigabytes: each stage of the rulebook (template,
Markdown, layout, figures) is linear or bounded, and what is costly by nature (headings, figures placed, icons,
the length of the text and of one block, pages) is refused with exit 2 at the file and line that asks for it.

Each case runs the real command line in a process of its own (forked from the imported command line:
tests/pnp_process.py), its address space bounded as prlimit bounds it and its time by the test's own timeout:
before these bounds, each one ran for minutes or ran out of memory.
"""

import shutil
import subprocess
from pathlib import Path

import pnp_process
import pytest

from generator.content import limits

MEMORY = 1_500_000_000       # bytes of address space for one `pnp` process
TIMEOUT = 90                 # seconds: every case below is refused or read in a few seconds when idle


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory):
    """A game made by `pnp new` (a board, a deck, counters, one diagram 'depart'), and a text sheet."""
    root = tmp_path_factory.mktemp("scaffold")
    made = pnp_process.run(["new", "mini", "--content", str(root), "--language", "fr"], memory=None,
                           timeout=TIMEOUT, module="generator")
    assert made.returncode == 0, made.stderr
    game = root / "mini"
    (game / "aide.yaml").write_text("kind: sheet\nid: aide\nname: Aide de jeu\nsource: aide.fr.md\n",
                                    encoding="utf-8")
    (game / "aide.fr.md").write_text("# Aide\n\nUn tour : lancer, poser, marquer.\n", encoding="utf-8")
    yaml = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(yaml.replace("  - counters.yaml\n", "  - counters.yaml\n  - aide.yaml\n"),
                                    encoding="utf-8")
    return game


@pytest.fixture
def game(scaffold, tmp_path):
    folder = tmp_path / "content" / "mini"
    shutil.copytree(scaffold, folder)
    return folder


def _pnp(game: Path, *args: str) -> subprocess.CompletedProcess:
    """`prlimit --as=MEMORY python -m generator <args> --content <game's folder>`, forked from the imported command
    line (tests/pnp_process.py): the same limit, exit code and output, without the interpreter's start."""
    return pnp_process.run([*args, "--content", str(game.parent)], memory=MEMORY, timeout=TIMEOUT,
                           module="generator")


def _refused(game: Path, file: str, text: str, line: int, *expected: str) -> str:
    (game / file).write_text(text, encoding="utf-8")
    result = _pnp(game, "validate", "mini")
    output = result.stdout + result.stderr
    assert result.returncode == 2, output[-2000:]
    assert f"{file}:{line}:" in output, output[-2000:]
    assert "Traceback" not in output and "MemoryError" not in output
    for words in expected:
        assert words in output, output[-2000:]
    return output


HEAD = "# Règles\n\nTexte.\n\n"     # the case's text starts on line 5


# --- item 5: rules text that cost unbounded time -----------------------------------------------------------------

@pytest.mark.parametrize("file", ["rules.fr.md", "aide.fr.md"])
@pytest.mark.parametrize("text", [":star: " * 100_000, "*a **a " * 100_000, "l\n" * 100_000],
                         ids=["icons", "emphasis", "short-lines"])
def test_a_text_too_long_once_expanded_is_refused(game, file, text):
    text = HEAD + text + "\n"
    first_over = text[:limits.RULES_TEXT_CHARS.default].count("\n") + 1    # the line of the first character over
    _refused(game, file, text, first_over, "characters", str(limits.RULES_TEXT_CHARS.default))


@pytest.mark.parametrize("file", ["rules.fr.md", "aide.fr.md"])
def test_a_block_too_long_is_refused_at_its_line(game, file):
    _refused(game, file, HEAD + "*a **a " * 3_000 + "\n", 5, "this block", str(limits.RULES_BLOCK_CHARS.default))


@pytest.mark.parametrize("file", ["rules.fr.md", "aide.fr.md"])
def test_too_many_icons_are_refused_at_the_first_one_over(game, file):
    paragraph = ":star: " * 1_000 + "\n\n"       # one paragraph a line, with a blank line after each
    _refused(game, file, HEAD + paragraph * 5, 9, "icons", str(limits.RULES_ICONS.default))


@pytest.mark.parametrize("file", ["rules.fr.md", "aide.fr.md"])
def test_too_many_headings_are_refused_at_the_first_one_over(game, file):
    headings = "".join(f"## Partie {i}\n\n" for i in range(10_000))
    first_over = 5 + 2 * (limits.RULES_HEADINGS.default - 1)   # '# Règles' is the first heading
    _refused(game, file, HEAD + headings, first_over, "headings")


@pytest.mark.parametrize("file", ["rules.fr.md", "aide.fr.md"])
def test_a_loop_placing_too_many_figures_is_refused_at_its_line(game, file):
    _refused(game, file, HEAD + "{% for i in range(20000) %}{{ diagram('depart') }}{% endfor %}\n", 5,
             "figures placed", str(limits.RULES_FIGURES.default))


def test_the_line_map_of_a_long_loop_costs_its_lines_not_their_product(game):
    # 5000 blank source lines and 50 000 blank lines of output: difflib's map of one onto the other took hours.
    text = HEAD + "\n" * 5_000 + "{% for i in range(50000) %}\n\n{% endfor %}\n## Fin\n\n{{ diagram('inconnu') }}\n"
    (game / "rules.fr.md").write_text(text, encoding="utf-8")
    result = _pnp(game, "validate", "mini")
    output = result.stdout + result.stderr
    assert result.returncode == 2, output[-2000:]
    assert f"rules.fr.md:{5 + 5_000 + 5}: unknown diagram 'inconnu'" in output, output[-2000:]


def test_a_sheet_far_longer_than_its_page_is_refused_without_laying_it_all_out(game):
    paragraph = "Le joueur actif lance ses dés, choisit une tuile et la pose sur une case libre. " * 40 + "\n\n"
    _refused(game, "aide.fr.md", HEAD + paragraph * 50, 5 + 2 * 49, "does not fit one page")


# --- item 7: the template sandbox bounds values as they are built --------------------------------------------------

@pytest.mark.parametrize("expression, refusal", [
    ("{% set s = 'x' * 900000 %}{{ ([s] * 3000) | join }}", "join would build more than"),
    ("{% set s = 'x' * 900000 %}{{ '-'.join([s] * 3000) }}", "join would build more than"),
    ("{% set s = 'x' * 900000 %}{{ [s] * 100 }}", "would make a text longer than"),
    ("{% set s = 'x' * 900000 %}{{ '%s' % ([s] * 100,) }}", "'%' format would build more than"),
    ("{% set s = 'x' * 900000 %}{{ '{0}{0}{0}{0}'.format(s) }}", "format would build more than"),
    ("{% set t %}{% for i in range(2000) %}{{ 'x' * 900000 }}{% endfor %}{% endset %}{{ t | length }}",
     "builds a text longer than"),
    ("{% macro m() %}{% for i in range(2000) %}{{ 'x' * 900000 }}{% endfor %}{% endmacro %}{{ m() | length }}",
     "builds a text longer than"),
    ("{{ '%*s' % (999999999, 'a') }}", "'%' format: a width would build more than"),
    ("{{ '{:>{w}}'.format('a', w=999999999) }}", "format would build more than"),
    ("{{ '{:>{w[0]}}'.format('a', w=[999999999]) }}", "format would build more than"),
    ("{{ ('\\t' * 100000).expandtabs(100000) }}", "expandtabs would build more than"),
    ("{{ ('a\\n' * 400000) | indent(1000) }}", "indent would build more than"),
    ("{{ ('ab ' * 300000) | wordwrap(1) }}", "wordwrap would build more than"),
    ("{% set ns = namespace(x=7 ** 1000) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}",
     "too large a number"),
], ids=["join-filter", "join-method", "print-list", "percent-list", "format-repeat", "set-block", "macro",
        "percent-width", "format-width", "format-width-index", "expandtabs", "indent", "wordwrap", "big-int"])
def test_a_value_too_big_is_refused_before_it_is_built(game, expression, refusal):
    # Before, these were refused (if at all) once built: a MemoryError, the time limit, or "a value of N
    # characters" after the memory was taken.
    _refused(game, "rules.fr.md", HEAD + expression + "\n", 5, refusal, "over the limit of what a rules file may ask")


def test_ordinary_rules_and_sheet_still_validate(game):
    (game / "aide.fr.md").write_text(HEAD + ":star: Trois tours ; " * 20 + "\n", encoding="utf-8")
    result = _pnp(game, "validate", "mini")
    assert result.returncode == 0, (result.stdout + result.stderr)[-2000:]
