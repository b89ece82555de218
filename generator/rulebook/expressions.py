"""Jinja expressions in rules.fr.md, evaluated in a sandbox before the Markdown is read.

A rules file is content, not code: it may read the game's data (title,
components, counts) and place diagrams, nothing more. The immutable sandbox
refuses attributes that lead to Python internals, StrictUndefined turns a
typo into an error, and the loader refuses every file. Whatever goes wrong
becomes a ContentError naming the rules file and the line of the expression.

Figures are placed with markers (private-use characters the Markdown reader
recognises), so the figure's number, id and source line travel with it.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from jinja2 import BaseLoader, StrictUndefined, TemplateNotFound, TemplateSyntaxError, Undefined, pass_environment
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError

from ..content import limits
from ..content.errors import ContentError, content_error
from ..content.playtest_notes import read_playtest_notes
from .figures import Figure, FigureLookup
from .material import MaterialLine, MaterialList, material_list, setup_counts
from .sandbox import RulesSandbox, TemplateLimit, check_text, render
from .template_data import plain

# Markers put in the expanded text; U+E000-U+E003 are private use and never typed by an author.
FIGURE_OPEN, FIGURE_CLOSE = "\ue000", "\ue001"
REF_OPEN, REF_CLOSE = "\ue002", "\ue003"
_MARKERS = (FIGURE_OPEN, FIGURE_CLOSE, REF_OPEN, REF_CLOSE)
# Characters that would change the Markdown meaning of a value inserted into the text.
_MARKDOWN_SPECIAL = "\\`*_[]<>#|~"
_ESCAPED = str.maketrans({ch: "\\" + ch for ch in _MARKDOWN_SPECIAL} | {m: "" for m in _MARKERS})


class MarkdownText(str):
    """Text a helper returns as Markdown on purpose (a list, a figure marker): inserted unescaped."""
    template_value = True   # template_data.plain keeps it as it is


@dataclass(frozen=True)
class FigureUse:
    """A diagram placed in the text: its number in the book, id, figure and the rules line that placed it."""
    number: int
    id: str
    figure: Figure
    line: int | None


@dataclass(frozen=True)
class FigureRef:
    """A reference to a figure ("figure 3") made in the text, resolved once every figure is placed."""
    id: str
    line: int | None


@dataclass
class Expansion:
    """The rules text with every expression evaluated, and the way back to the source lines."""
    text: str
    path: Path
    line_map: list[int]                    # expanded line index (0-based) -> source line (1-based)
    figures: list[FigureUse] = field(default_factory=list)
    refs: list[FigureRef] = field(default_factory=list)

    def source_line(self, expanded_line: int) -> int:
        """1-based source line of a 0-based line of the expanded text."""
        if not self.line_map:
            return 1
        return self.line_map[min(max(expanded_line, 0), len(self.line_map) - 1)]


class _NoFiles(BaseLoader):
    """Rules read no file: include, import and extends all fail here."""

    def get_source(self, environment, template):
        raise TemplateNotFound(template)


class _HelperError(Exception):
    """A helper refused its arguments; becomes a ContentError at the calling line."""


@pass_environment
def _finalize(env, value: Any) -> Any:
    if isinstance(value, MarkdownText):
        return value
    if isinstance(value, MaterialList):
        return MarkdownText(str(value))
    if isinstance(value, Undefined):
        # a typo or an unsafe attribute, printed: its own clear error, kept while the text goes on, so that every
        # misspelt name the text prints is told in one run (one used otherwise, in a test or a loop, stops it)
        try:
            value._fail_with_undefined_error()
        except UndefinedError as err:
            if env.printed_unknowns is None:
                raise
            env.printed_unknowns.append((_calling_line(env.rules_filename), str(err)))
            return ""
    check_text(value, "this expression")     # its text measured before it is made
    if callable(value):
        # Printing a function would also print its memory address: different on every run.
        raise _HelperError(f"this expression gives a function ({getattr(value, '__name__', 'callable')}); "
                           "call it with parentheses")
    text = value if isinstance(value, str) else str(value)
    return text.translate(_ESCAPED)


def _kept_undefined(env) -> type:
    """The environment's undefined: a misspelt name used rather than printed (in an `{% if %}` or `{% for %}`
    head, a comparison, a filter, a sum) has its error kept like a printed one, and then acts as nothing (false,
    empty, zero), so that the rest of the text is still read and every mistake told in one run. Outside expand()
    (nothing keeps the errors) it fails at once, as StrictUndefined does."""

    class KeptUndefined(StrictUndefined):
        __slots__ = ()

        def _keep(self, answer: Any = None) -> Any:
            # an unsafe attribute (SecurityError) is no typo: it stops the text, as before
            if env.printed_unknowns is None or self._undefined_exception is not UndefinedError:
                self._fail_with_undefined_error()
            env.printed_unknowns.append((_calling_line(env.rules_filename), self._undefined_message))
            return self if answer is None else answer

        def __getattr__(self, name: str) -> Any:
            if name[:2] == "__" and name[-2:] == "__":
                raise AttributeError(name)
            return self._keep()

        def __bool__(self) -> bool:
            return self._keep(False)

        def __iter__(self):
            return self._keep(iter(()))

        def __len__(self) -> int:
            return self._keep(0)

        def __contains__(self, item: Any) -> bool:
            return self._keep(False)

        def __str__(self) -> str:
            return self._keep("")

        def __eq__(self, other: Any) -> bool:
            return self._keep(False)

        def __ne__(self, other: Any) -> bool:
            return self._keep(True)

        def __hash__(self) -> int:
            return id(self)

        def _nothing(self, *args: Any, **kwargs: Any) -> Any:
            return self._keep()

        def _false(self, *args: Any) -> bool:
            return self._keep(False)

        __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _nothing
        __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _nothing
        __pos__ = __neg__ = __pow__ = __rpow__ = __call__ = __getitem__ = _nothing
        __lt__ = __le__ = __gt__ = __ge__ = _false

        def __int__(self) -> int:
            return self._keep(0)

        def __float__(self) -> float:
            return self._keep(0.0)

    return KeptUndefined


def make_environment() -> RulesSandbox:
    env = RulesSandbox(
        undefined=StrictUndefined,
        autoescape=False,
        loader=_NoFiles(),
        finalize=_finalize,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.printed_unknowns, env.rules_filename = None, None     # set by expand(): where printed typos are kept
    env.undefined = _kept_undefined(env)
    return env


def game_context(game: Any) -> dict[str, Any]:
    """What a rules file may read: the game's info, its components by id, and helpers over them.

    Every value is plain data (template_data.plain): a template reads what the models hold, never
    their methods or the paths of their files.
    """
    models = {c.id: c for c in game.components}
    material = plain(material_list(game.components, game.info.language))
    components = _Components(plain(models), material)

    def materiel() -> MaterialList:
        return material

    def setup_counts_of(board_id: Any) -> Mapping[str, int]:
        if board_id not in models:
            raise _HelperError(f"setup_counts({board_id!r}): no component '{board_id}' "
                               f"(components: {', '.join(models)})")
        return plain(setup_counts(models[board_id]))

    info = plain(game.info)
    return {
        "game": info,
        "components": components,
        "variants": info["variants"],
        "assumptions": info["assumptions"],
        "playtest": plain(read_playtest_notes(getattr(game, "folder", None))),
        "materiel": materiel,
        "setup_counts": setup_counts_of,
    }


class _Components(dict):
    """Every component by id (`components.plateau.grid.columns`), and, called, the list of material:
    `{{ components() }}` is the English name of `{{ materiel() }}`. Plain data both ways: a dict, and the
    material list it was given (its attribute is private, so a template cannot reach it but by the call)."""

    def __init__(self, by_id: Mapping[str, Any], material: Any):
        super().__init__(by_id)
        self._material = material

    def __call__(self) -> Any:
        return self._material


def expand(source: str, path: Path, context: Mapping[str, Any], figures: FigureLookup, *,
           first_number: int = 1) -> Expansion:
    """Evaluate the expressions of a rules file; figures are numbered from `first_number`."""
    path = Path(path)
    filename = str(path)
    for lineno, text in enumerate(source.splitlines(), start=1):
        for marker in _MARKERS:
            if marker in text:
                raise ContentError(path, lineno, f"character U+{ord(marker):04X} is reserved; remove it")
    env = make_environment()
    expansion = Expansion("", path, [])

    def diagram(figure_id: Any) -> MarkdownText:
        figure_id = str(figure_id)
        line = _calling_line(filename)
        figure = _find_figure(figures, figure_id)
        number = first_number + len(expansion.figures)
        if number > limits.value(limits.RULES_FIGURES):
            raise TemplateLimit(limits.exceeded(limits.RULES_FIGURES, number, "figures placed"), line)
        expansion.figures.append(FigureUse(number, figure_id, figure, line))
        # The Markdown reader splits the paragraph around the marker: the figure is a block of its own.
        return MarkdownText(f"{FIGURE_OPEN}{len(expansion.figures) - 1}{FIGURE_CLOSE}")

    def figure_ref(figure_id: Any) -> MarkdownText:
        figure_id = str(figure_id)
        _find_figure(figures, figure_id)
        expansion.refs.append(FigureRef(figure_id, _calling_line(filename)))
        return MarkdownText(f"{REF_OPEN}{len(expansion.refs) - 1}{REF_CLOSE}")

    # Values the caller adds (the edition, the variant) are made plain here too; helpers stay callable.
    env.globals.update({key: value if callable(value) else plain(value) for key, value in context.items()})
    env.globals["diagram"] = diagram
    env.globals["figure_ref"] = figure_ref
    env.printed_unknowns, env.rules_filename = [], filename
    try:
        rendered = _render(env, source, path, filename)
    except ContentError as err:
        raise content_error([*_printed_unknowns(env, path), err]) from None
    printed = _printed_unknowns(env, path)
    if printed:
        raise content_error(printed)
    expansion.text = rendered.text
    expansion.line_map = rendered.line_map
    return expansion


def _printed_unknowns(env, path: Path) -> list[ContentError]:
    return [ContentError(path, line, f"unknown name or attribute: {message}") for line, message in env.printed_unknowns]


def _render(env, source: str, path: Path, filename: str):
    """The template rendered, or the ContentError at the line of what stopped it."""
    try:
        code = env.compile(source, name=path.name, filename=filename)
        template = env.template_class.from_code(env, code, env.make_globals(None), None)
        rendered = render(template)
    except ContentError:
        raise
    except TemplateLimit as err:
        raise ContentError(path, err.line or _error_line(filename, err), f"{err}: over the limit of what a rules file may ask (it is text, not a program)") from None
    except RecursionError:
        raise ContentError(path, None, "the template calls itself too deeply (a macro that never stops?)") from None
    except TemplateSyntaxError as err:
        raise ContentError(path, err.lineno, f"expression syntax error: {err.message}") from None
    except TemplateNotFound as err:
        raise ContentError(path, _error_line(filename, err),
                           f"a rules file cannot include, import or extend files ('{err.name}')") from None
    except SecurityError as err:
        raise ContentError(path, _error_line(filename, err), f"not allowed in a rules file: {err}") from None
    except UndefinedError as err:
        raise ContentError(path, _error_line(filename, err), f"unknown name or attribute: {err}") from None
    except _HelperError as err:
        raise ContentError(path, _error_line(filename, err), str(err)) from None
    except TemplateError as err:
        raise ContentError(path, _error_line(filename, err), f"expression error: {err}") from None
    except Exception as err:  # any Python error inside an expression is the content's fault
        raise ContentError(path, _error_line(filename, err),
                           f"expression error: {type(err).__name__}: {err}") from None
    return rendered


def _find_figure(figures: FigureLookup, figure_id: str) -> Figure:
    try:
        return figures.get(figure_id)
    except KeyError:
        known = figures.known_ids()
        if known is None:
            raise _HelperError(f"unknown diagram '{figure_id}'") from None
        close = difflib.get_close_matches(figure_id, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise _HelperError(f"unknown diagram '{figure_id}'{hint}; diagrams: {', '.join(known) or 'none'}") from None


def _calling_line(filename: str) -> int | None:
    """The rules line of the expression being evaluated: the innermost frame of the compiled template."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == filename:
            template = frame.f_globals.get("__jinja_template__")
            if template is not None:
                return template.get_corresponding_lineno(frame.f_lineno)
        frame = frame.f_back
    return None


def _error_line(filename: str, err: BaseException) -> int | None:
    """Jinja rewrites tracebacks so template frames carry the template's lines; take the innermost."""
    line = None
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


__all__ = ["expand", "game_context", "Expansion", "FigureUse", "FigureRef", "MarkdownText", "MaterialLine",
           "FIGURE_OPEN", "FIGURE_CLOSE", "REF_OPEN", "REF_CLOSE"]
