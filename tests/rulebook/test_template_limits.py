"""A few bytes of template cannot ask for gigabytes or minutes: each is refused at its file and line."""

import time

import pytest

from generator.content.errors import ContentError
from generator.rulebook import read_rulebook, sandbox

from rulebook_helpers import box_figures


def _error(game) -> ContentError:
    with pytest.raises(ContentError) as info:
        read_rulebook(game, figures=box_figures("a"))
    return info.value


@pytest.mark.parametrize("expression", [
    "{{ 'x' * 10**10 }}",
    "{{ [1] * 10**9 }}",
    "{{ 9 ** 99999999 }}",
    "{{ 'x'.ljust(10**10) }}",
    "{{ 'x' | center(10**10) }}",
    "{{ '{:>9999999999}'.format(1) }}",
    "{{ '%9999999999d' % 1 }}",
    "{{ ('x' * 900000).replace('x', 'yyyyyyyyyy') }}",
    "{{ ('x' * 900000) | replace('x', 'yyyyyyyyyy') }}",
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}",
])
def test_building_a_huge_text_is_refused_at_its_line(game_with_rules, expression):
    game = game_with_rules(f"# Titre\n\nTexte.\n\n{expression}\n")
    started = time.process_time()
    err = _error(game)
    assert time.process_time() - started < 5
    assert (err.path.name, err.line) == ("rules.fr.md", 5)
    assert "over the limit" in err.message


@pytest.mark.parametrize("expression", [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{% macro f(n) %}{{ f(n) }}{{ f(n) }}{% endmacro %}{{ f(1) }}",
    "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}",
])
def test_a_template_that_runs_for_ever_is_stopped(game_with_rules, expression, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    game = game_with_rules(f"# Titre\n\nTexte.\n\n{expression}\n")
    started = time.process_time()
    err = _error(game)
    assert time.process_time() - started < 10
    assert err.path.name == "rules.fr.md"
    assert "limit" in err.message or "deeply" in err.message


def test_the_time_limit_leaves_no_trace_function_behind(game_with_rules, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.2)
    import sys
    before = sys.gettrace()
    _error(game_with_rules("# T\n\n{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"))
    assert sys.gettrace() is before


def test_ordinary_sizes_and_loops_still_work(game_with_rules):
    game = game_with_rules("# Titre\n\n{{ '-' * 20 }} {{ 'ab' | center(10) }} {{ 2 ** 10 }} "
                           "{% for i in range(3) %}{{ i }}{% endfor %} {{ '{:>5}'.format(7) }} {{ 'a' ~ 'b' }}\n")
    document = read_rulebook(game, figures=box_figures("a"))
    from generator.rulebook.markdown import plain
    paragraphs = [plain(b.spans) for b in document.blocks if hasattr(b, "spans") and b.line == 3]
    assert paragraphs and "1024" in paragraphs[0] and "012" in paragraphs[0] and "ab" in paragraphs[0]


def test_a_rulebook_past_its_page_limit_is_stopped_while_typeset_at_the_block_being_set(game_with_rules,
                                                                                         monkeypatch):
    from generator.content import limits
    from generator.rulebook import build_rulebook
    monkeypatch.setattr(limits, "RULEBOOK_PAGES", limits.Limit("rulebook_pages", 4, 4, "a test's small book"))
    paragraph = "Le joueur actif lance ses dés et pose une tuile sur une case libre du plateau. " * 12
    game = game_with_rules("# Titre\n\n" + "".join(f"{paragraph}\n\n" for _ in range(40)))
    with pytest.raises(ContentError) as info:
        build_rulebook(game, figures=box_figures("a"))
    err = info.value
    assert err.path.name == "rules.fr.md"
    assert err.line is not None and 3 < err.line < 3 + 2 * 40     # one of the paragraphs, not the title
    assert "pages of the rulebook" in err.message and "limit of 4" in err.message


def test_a_filter_is_stopped_at_the_time_limit_while_it_runs(game_with_rules, monkeypatch):
    # wordwrap(1) of 450 000 characters takes seconds inside one call: the clock is read inside the filter
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.2)
    game = game_with_rules("# Titre\n\n{{ ('ab ' * 150000) | wordwrap(1) | length }}\n")
    started = time.monotonic()
    err = _error(game)
    assert err.line == 3 and "runs longer than the limit" in err.message
    assert time.monotonic() - started < 2


def test_the_time_limit_counts_cpu_not_a_loaded_machines_wall_clock(game_with_rules, monkeypatch):
    # A busy machine: the wall clock runs a second on every reading while the template itself takes
    # milliseconds of CPU. The limit is the template's work, so a good rules file still renders.
    from types import SimpleNamespace
    clock = iter(range(0, 10**9))
    monkeypatch.setattr(sandbox, "time", SimpleNamespace(monotonic=lambda: float(next(clock)),
                                                         thread_time=time.thread_time))
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 5.0)
    game = game_with_rules("# Titre\n\n{% for i in range(200) %}{{ i }} {% endfor %}\n")
    document = read_rulebook(game, figures=box_figures("a"))
    from generator.rulebook.markdown import plain
    text = " ".join(plain(b.spans) for b in document.blocks if hasattr(b, "spans"))
    assert "0 1 2" in text and "199" in text
