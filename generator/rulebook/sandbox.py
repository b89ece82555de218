"""The Jinja sandbox of rules files: plain data only, and a bound on the text and the time a template may take.

Jinja's immutable sandbox already refuses Python internals. This one also
refuses attributes of anything that is not plain template data (a Record, a
string, a number, a list; see template_data.py), and bounds the work a few
bytes of template can ask for: no value longer than MAX_TEXT characters
(`*`, `~`, `+`, `%`, string methods and filters are checked before they build
it), no output longer than MAX_OUTPUT, no rendering longer than
MAX_SECONDS (a loop, a macro calling itself). Each refusal is a
`TemplateLimit`, which expressions.py turns into a ContentError at the line.
"""

from __future__ import annotations

import functools
import math
import re
import sys
import time
from pathlib import PurePath
from typing import Any, Callable

from jinja2.compiler import CodeGenerator
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .template_data import Record

MAX_TEXT = 1_000_000        # characters (or items) of one value built by a template
MAX_OUTPUT = 2_000_000      # characters of a whole rules file once expanded
MAX_SECONDS = 10.0          # a real rules file takes milliseconds
_BIG_WIDTH = re.compile(r"\d{7,}")   # a field width of a million characters or more in a format string
# Callables whose integer arguments say how much text to build.
_SIZE_ARGUMENTS = {"center", "ljust", "rjust", "zfill", "expandtabs", "indent", "wordwrap", "truncate",
                   "batch", "slice", "lipsum", "format", "format_map"}


class TemplateLimit(Exception):
    """A template asked for more text or time than a rules file may take; `line` if known here."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def _check_size(value: Any) -> Any:
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_TEXT:
        raise TemplateLimit(f"a value of {len(value)} characters or items is longer than the limit of {MAX_TEXT}")
    return value


def _check_arguments(name: str, args: tuple, kwargs: dict) -> None:
    for arg in (*args, *kwargs.values()):
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_TEXT and name in _SIZE_ARGUMENTS:
            raise TemplateLimit(f"{name}({arg}) would build more than {MAX_TEXT} characters")
        if isinstance(arg, str) and name in ("format", "format_map") and _BIG_WIDTH.search(arg):
            raise TemplateLimit(f"{name}: a width of more than {MAX_TEXT} characters")


def _bounded_filter(name: str, func: Callable) -> Callable:
    @functools.wraps(func)   # keeps jinja's pass_context marks
    def bounded(*args, **kwargs):
        _check_arguments(name, args, kwargs)
        if name == "replace" and len(args) >= 3 and isinstance(args[0], str):
            _check_replace(str(args[0]), str(args[1]), str(args[2]))
        return _check_size(func(*args, **kwargs))
    return bounded


def _check_replace(text: str, old: str, new: str) -> None:
    if len(text) + text.count(old) * len(new) > MAX_TEXT:
        raise TemplateLimit(f"replace would build more than {MAX_TEXT} characters")


class _BoundedConcat(CodeGenerator):
    """`a ~ b` goes through the environment, which checks the length of what it joins."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.join_checked((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class RulesSandbox(ImmutableSandboxedEnvironment):
    """ImmutableSandboxedEnvironment that sees plain data only and bounds sizes (time: see `render`)."""

    code_generator_class = _BoundedConcat
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, **options):
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}

    def join_checked(self, parts: tuple) -> str:
        if sum(len(p) if isinstance(p, str) else 32 for p in parts) > MAX_TEXT * 2:
            raise TemplateLimit(f"joining text longer than {MAX_TEXT} characters")
        return _check_size("".join(str(p) for p in parts))

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, PurePath) or isinstance(value, PurePath):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, Record):   # a field named like a Mapping method (`values`, `items`) is the field
            if attribute in obj:
                return obj[attribute]
            if not hasattr(Record, attribute):
                return self.undefined(f"no field '{attribute}' here; fields: {', '.join(obj) or 'none'}",
                                      obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def wrap_str_format(self, value: Any):
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:   # "{:>999999999}".format(1): the width is in the text, not an argument
            _check_arguments(value.__name__, (value.__self__,), {})
        return wrapped

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_TEXT:
                    raise TemplateLimit(f"repeating {len(seq)} characters {n} times exceeds {MAX_TEXT}")
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log2(abs(left)) > 4096:
                raise TemplateLimit(f"{left} ** {right} is too large a number for a rules file")
        if operator == "%" and isinstance(left, str) and _BIG_WIDTH.search(left):
            raise TemplateLimit(f"'%' format: a width of more than {MAX_TEXT} characters")
        return _check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        name = getattr(__obj, "__name__", "")
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            _check_arguments(name, args, kwargs)
            if name == "replace" and len(args) >= 2:
                _check_replace(owner, str(args[0]), str(args[1]))
            if name == "join" and isinstance(args[0] if args else None, (list, tuple)):
                _check_size(args[0])
        return _check_size(super().call(__context, __obj, *args, **kwargs))


def render(template, *, name: str) -> str:
    """Render `template` within MAX_OUTPUT characters and MAX_SECONDS; a TemplateLimit otherwise.

    The clock is read on every line the template's own code runs (a trace
    set on its frames only), so a loop or a recursion that never writes is
    stopped too.
    """
    deadline = time.monotonic() + MAX_SECONDS
    filename = name
    last_line = [0]   # the template's line being run, for an output that grows too long

    def on_line(frame, event, arg):
        last_line[0] = frame.f_lineno
        if time.monotonic() > deadline:
            raise TemplateLimit(f"the template runs longer than the limit of {MAX_SECONDS:g} s")
        return on_line

    def on_call(frame, event, arg):
        return on_line if frame.f_code.co_filename == filename else None

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        chunks, size = [], 0
        for chunk in template.generate():
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise TemplateLimit(f"the expanded text is longer than the limit of {MAX_OUTPUT} characters",
                                    template.get_corresponding_lineno(last_line[0]) if last_line[0] else None)
            chunks.append(chunk)
        return "".join(chunks)
    finally:
        sys.settrace(previous)


__all__ = ["RulesSandbox", "TemplateLimit", "render", "MAX_TEXT", "MAX_OUTPUT", "MAX_SECONDS"]
