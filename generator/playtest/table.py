"""The playtest report on the terminal: rich tables, every word from the catalogue of the game's language."""

from __future__ import annotations

import io
from typing import Sequence

from ..engine.playtest import ending_words
from ..i18n import Catalogue
from .summary import AgentLine, Difference, Share, Summary

CONSOLE_WIDTH = 100


def percent(words: Catalogue, value: float, decimals: int = 1) -> str:
    return words.number(100 * value, decimals)


def variant_name(words: Catalogue, variant: str | None) -> str:
    return variant or words("engine.report.base_rules")


def headline(s: Summary, words: Catalogue) -> list[str]:
    """The heading and the setup lines."""
    setup = s.setup
    variant = words("engine.report.variant", name=setup.variant) if setup.variant else ""
    seating = ", ".join(words("engine.report.seat_agent", seat=p, agent=a) for p, a in zip(setup.seats, setup.agents))
    return [words("engine.report.heading", game=setup.game_id, games=s.games),
            words("engine.report.setup", seed=setup.seed, plies=setup.max_plies, players=setup.players,
                  variant=variant),
            words("engine.report.agents_rotated", agents=seating, players=setup.players) if setup.rotate else
            words("engine.report.agents", agents=seating)]


def agents_test(s: Summary, words: Catalogue) -> str:
    """How to read the agents' test: the seats fixed (play the other seating too) or rotated."""
    return words("engine.report.agents_test_rotated" if s.setup.rotate else "engine.report.agents_test")


def interval_text(words: Catalogue, share: Share) -> str:
    low, high = share.interval
    return words("engine.report.range", low=percent(words, low), high=percent(words, high))


def facts(s: Summary, words: Catalogue) -> list[str]:
    """The sentences under the tables: first player, lengths, the cap, the branching."""
    low, high = s.first.interval
    out = [words("engine.report.first", rate=percent(words, s.first.rate), low=percent(words, low),
                 high=percent(words, high), fair=percent(words, s.fair),
                 advantage=signed(words, 100 * (s.first.rate - s.fair))) if s.first.n else
           words("engine.report.no_first")]
    if s.lengths:
        q1, median, q3 = s.lengths
        out.append(words("engine.report.length", median=words.number(median, 1), q1=words.number(q1, 1),
                         q3=words.number(q3, 1)))
    else:
        out.append(words("engine.report.no_length"))
    low, high = s.capped.interval
    out.append(words("engine.report.cap_share", plies=s.setup.max_plies, rate=percent(words, s.capped.rate),
                     low=percent(words, low), high=percent(words, high)))
    if s.branching is not None:
        out.append(words("engine.report.branching", mean=words.number(s.branching, 1), high=s.widest))
    return out


def signed(words: Catalogue, value: float, decimals: int = 1) -> str:
    text = words.number(abs(value), decimals)
    return ("+" if value > 0 else "−" if value < 0 else "") + text


def seat_rows(s: Summary, words: Catalogue) -> list[tuple[str, str, str, str, str]]:
    """(seat, agent, games won, rate, interval) per seat, then the draws and the capped games when any."""
    rows = [(line.player, line.agent, str(line.wins.k), words("engine.report.percent", value=percent(words, line.wins.rate)),
             interval_text(words, line.wins)) for line in s.seats]
    for key, share in (("draws", s.draws), ("capped", s.capped)):
        if share.k:
            rows.append((words(f"engine.report.{key}"), "", str(share.k),
                         words("engine.report.percent", value=percent(words, share.rate)), interval_text(words, share)))
    return rows


def p_text(words: Catalogue, p: float) -> str:
    """A p-value as a reader takes it in: three decimals, or 'below 0.001'."""
    return words("engine.report.p_below", value=words.number(0.001, 3)) if p < 0.001 else words.number(p, 3)


def agent_rows(s: Summary, words: Catalogue) -> list[tuple[str, str, str, str, str, str, str, str]]:
    """(agent, seats, games won of those someone won, rate, interval, fair share, p, beats the others?) per agent."""
    rows = []
    for line in s.agents:
        rows.append((line.agent, str(line.seats), words("engine.report.of", k=line.wins.k, n=line.wins.n),
                     words("engine.report.percent", value=percent(words, line.wins.rate)),
                     interval_text(words, line.wins), words("engine.report.percent", value=percent(words, line.fair)),
                     p_text(words, line.p_value),
                     words("engine.report.answer_yes" if line.beats_the_others else "engine.report.answer_no")))
    return rows


def agents_table(s: Summary, words: Catalogue) -> list:
    """The agents against each other, and the sentence that says how to read the test; nothing for one agent."""
    if not s.agents:
        return []
    from rich.table import Table
    from rich.text import Text
    table = Table(title=words("engine.report.agents_title"), title_justify="left")
    for key, justify in (("agent", "left"), ("seats", "right"), ("won_decided", "right"), ("rate", "right"),
                         ("interval", "right"), ("fair", "right"), ("p_value", "right"), ("beats", "right")):
        table.add_column(words(f"engine.report.{key}"), justify=justify)
    for row in agent_rows(s, words):
        table.add_row(*row)
    return [table, Text(agents_test(s, words))]


def ending_rows(s: Summary, words: Catalogue) -> list[tuple[str, str, str]]:
    rows = [(ending_words(words, s.setup.game_id, key), str(n), words("engine.report.percent",
                                                                         value=percent(words, n / s.games)))
            for key, n in s.endings]
    if s.capped.k:
        rows.append((words("engine.report.capped"), str(s.capped.k),
                     words("engine.report.percent", value=percent(words, s.capped.rate))))
    return rows


def difference_rows(diffs: Sequence[Difference], words: Catalogue) -> list[tuple[str, str, str, str, str, str]]:
    rows = []
    for d in diffs:
        if d.measure == "median":
            rows.append((words("engine.report.median_length"), words.number(d.a, 1), words.number(d.b, 1),
                         signed(words, d.diff), "", ""))
            continue
        label = {"seat": lambda: words("engine.report.seat_wins", seat=d.seat),
                 "first": lambda: words("engine.report.first_wins"),
                 "capped": lambda: words("engine.report.cap_rate")}[d.measure]()
        rows.append((label, words("engine.report.percent", value=percent(words, d.a)),
                     words("engine.report.percent", value=percent(words, d.b)), signed(words, 100 * d.diff),
                     words("engine.report.range", low=signed(words, 100 * d.low), high=signed(words, 100 * d.high)),
                     words("engine.report.answer_yes" if d.significant else "engine.report.answer_no")))
    return rows


def render(s: Summary, words: Catalogue, other: Summary | None = None,
           diffs: Sequence[Difference] = ()) -> list:
    """The rich renderables of the report, in order."""
    from rich.table import Table
    from rich.text import Text

    out: list = [Text(line, style="bold" if i == 0 else "") for i, line in enumerate(headline(s, words))]
    wins = Table(title=words("engine.report.wins_title"), title_justify="left")
    for key, justify in (("seat", "left"), ("agent", "left"), ("won", "right"), ("rate", "right"),
                         ("interval", "right")):
        wins.add_column(words(f"engine.report.{key}"), justify=justify)
    for row in seat_rows(s, words):
        wins.add_row(*row)
    out.append(wins)
    out.extend(Text(line) for line in facts(s, words))
    out.extend(agents_table(s, words))
    out.append(endings_table(s, words, None))
    if other is not None:
        table = Table(title=words("engine.report.compare_title", a=variant_name(words, s.setup.variant),
                                  b=variant_name(words, other.setup.variant)), title_justify="left")
        table.add_column(words("engine.report.measure"))
        table.add_column(variant_name(words, s.setup.variant), justify="right")
        table.add_column(variant_name(words, other.setup.variant), justify="right")
        for key in ("difference", "interval", "significant"):
            table.add_column(words(f"engine.report.{key}"), justify="right")
        for row in difference_rows(diffs, words):
            table.add_row(*row)
        out.append(table)
        out.append(Text(words("engine.report.significance", games=s.games)))
        out.append(endings_table(other, words, variant_name(words, other.setup.variant)))
    return out


def endings_table(s: Summary, words: Catalogue, variant: str | None):
    """How the games of `s` ended (the variant named when two are compared)."""
    from rich.table import Table
    title = words("engine.report.endings_of", variant=variant) if variant else words("engine.report.endings_title")
    table = Table(title=title, title_justify="left")
    for key, justify in (("ending", "left"), ("games", "right"), ("share", "right")):
        table.add_column(words(f"engine.report.{key}"), justify=justify)
    for row in ending_rows(s, words):
        table.add_row(*row)
    return table


def show(renderables: list, console=None) -> None:
    from rich.console import Console
    console = console or Console(width=None if _is_terminal() else CONSOLE_WIDTH, highlight=False)
    for item in renderables:
        console.print(item)


def _is_terminal() -> bool:
    import sys
    return sys.stdout.isatty()


def as_text(renderables: list, width: int = CONSOLE_WIDTH) -> str:
    """The report as plain text (tests, files)."""
    from rich.console import Console
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False, force_terminal=False)
    show(renderables, console)
    return buffer.getvalue()
