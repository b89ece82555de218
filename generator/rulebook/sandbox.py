"""The Jinja sandbox of rules files: plain data only, and a bound on the text and the time a template may take.

Jinja's immutable sandbox already refuses Python internals. This one also
refuses attributes of anything that is not plain template data (a Record, a
string, a number, a list; see template_data.py), and bounds the work a few
bytes of template can ask for *before* the work is done: no value longer
than MAX_TEXT characters or items (`*`, `+`, `~`, `%`, `join`, format widths,
string methods and filters are measured from their operands, and a macro's or
a `{% set %}` block's text is counted as it is built), no integer of more than
MAX_INT_BITS bits, no output longer than the rules text limit, no rendering
longer than MAX_SECONDS, inside filters too (a loop, a macro calling itself,
`wordwrap(1)` on a long text). Each refusal is a `TemplateLimit`, which
expressions.py turns into a ContentError at the line.

Rendering also records where each piece of the output comes from (the
template line of a literal text or of an expression), so every expanded line
knows its source line in one pass (`Rendered.line_map`).
"""

from __future__ import annotations

import functools
import math
import re
import sys
import time
from collections.abc import Mapping, Set
from dataclasses import dataclass
from pathlib import PurePath
from string import Formatter
from typing import Any, Callable

from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Context
from jinja2.nodes import EvalContext
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedFormatter

from ..content import limits
from ..content.errors import did_you_mean
from .template_data import Record

MAX_TEXT = limits.TEMPLATE_VALUE_CHARS.default      # characters (or items) of one value built by a template
MAX_INT_BITS = limits.TEMPLATE_INT_BITS.default     # bits of one integer a template computes
MAX_OUTPUT = limits.RULES_TEXT_CHARS.default        # characters of a whole rules file once expanded
MAX_SECONDS = 10.0          # a real rules file takes milliseconds
_DIGITS = re.compile(r"\d+")
# A %-conversion: flags, width, precision (each a number or '*').
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([a-zA-Z%])")
# A str.format spec once its nested fields are replaced: the width and the precision.
_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?[a-zA-Z%]?$")
# Callables whose integer arguments say how much text to build.
_SIZE_ARGUMENTS = {"center", "ljust", "rjust", "zfill", "expandtabs", "indent", "wordwrap", "truncate",
                   "batch", "slice", "lipsum", "format", "format_map"}
# Filters that turn any value into text: their value is measured first.
_TEXT_FILTERS = {"string", "pprint", "tojson", "e", "escape", "forceescape", "urlencode", "xmlattr", "safe",
                 "urlize", "title", "capitalize", "upper", "lower", "trim", "striptags", "wordcount"}


class TemplateLimit(Exception):
    """A template asked for more text or time than a rules file may take; `line` if known here."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def text_size(value: Any, budget: int = MAX_TEXT) -> int:
    """About how many characters str(value) makes, counted no further than `budget` (then more than it).

    Counting walks the value once and stops as soon as it passes the budget: a list of 3000 references to a
    text of 900 000 characters is known too long after two of them, without the text ever being built."""
    size = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            size += len(item) + 2
        elif isinstance(item, bool) or item is None:
            size += 5
        elif isinstance(item, int):
            size += int(item.bit_length() * 0.302) + 2
        elif isinstance(item, float):
            size += 24
        elif isinstance(item, range):
            size += 24
        elif isinstance(item, Mapping):
            size += 2
            for key in item:     # keys and values, each with its separator
                stack.append(key)
                stack.append(item[key])
                size += 4
                if size > budget:
                    return size
        elif isinstance(item, (list, tuple, Set)):
            size += 2 + 2 * len(item)
            if size > budget:
                return size
            stack.extend(item)
        else:
            size += 64       # a function, an Undefined, a generator: a short text
        if size > budget:
            return size
    return size


def check_text(value: Any, what: str = "a value") -> Any:
    """`value` if it makes a text within MAX_TEXT characters; a TemplateLimit before it is built otherwise."""
    if text_size(value) > MAX_TEXT:
        raise TemplateLimit(f"{what} would make a text longer than the limit of {MAX_TEXT} characters")
    return value


def _check_size(value: Any) -> Any:
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > MAX_TEXT:
        raise TemplateLimit(f"a value of {len(value)} characters or items is longer than the limit of {MAX_TEXT}")
    return value


def _refuse(what: str) -> TemplateLimit:
    return TemplateLimit(f"{what} would build more than the limit of {MAX_TEXT} characters")


def _check_arguments(name: str, args: tuple, kwargs: dict) -> None:
    if name not in _SIZE_ARGUMENTS:
        return
    for arg in (*args, *kwargs.values()):
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_TEXT:
            raise _refuse(f"{name}({arg})")


def _check_join(items: Any, separator: Any, what: str) -> list:
    """The items of a join as a list, once their text and the separators between them are known to fit."""
    items = list(items) if not isinstance(items, (list, tuple, str)) else items
    _check_size(items)
    sep = len(separator) if isinstance(separator, str) else 0
    if text_size(items) - 2 * len(items) + sep * len(items) > MAX_TEXT:
        raise _refuse(what)
    return items


def _check_percent(fmt: str, values: Any) -> None:
    """`fmt % values`: the widths (written or given by '*') and the values' text, before formatting."""
    specs = _PERCENT.findall(fmt)
    numbers = [v for v in (values if isinstance(values, tuple) else (values,)) if isinstance(v, int)]
    for width, precision, _ in specs:
        for part in (width, precision):
            if part == "*" and any(abs(n) > MAX_TEXT for n in numbers) or part.isdigit() and int(part) > MAX_TEXT:
                raise _refuse("'%' format: a width")
    each = text_size(values)
    if isinstance(values, Mapping):      # '%(a)s' may name the same value many times
        each = max((text_size(v) for v in values.values()), default=0) * len(specs)
    if len(fmt) + each > MAX_TEXT:
        raise _refuse("'%' format")


def _check_replace(text: str, old: str, new: str) -> None:
    if len(text) + text.count(old) * len(new) > MAX_TEXT:
        raise _refuse("replace")


def _check_str_method(owner: str, name: str, args: tuple, kwargs: dict) -> None:
    """A string method called from a template: what it would build, from its operands."""
    _check_arguments(name, args, kwargs)
    if name == "replace" and len(args) >= 2:
        _check_replace(owner, str(args[0]), str(args[1]))
    elif name == "join" and args:
        _check_join(args[0], owner, "join")
    elif name == "expandtabs":
        tab = args[0] if args else kwargs.get("tabsize", 8)
        if isinstance(tab, int) and len(owner) + owner.count("\t") * tab > MAX_TEXT:
            raise _refuse("expandtabs")
    elif name == "translate" and args and isinstance(args[0], Mapping):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        if len(owner) * longest > MAX_TEXT:
            raise _refuse("translate")


def _values(args: tuple) -> list:
    """A filter's own arguments, without the context Jinja passes to some."""
    return [a for a in args if not isinstance(a, (Context, EvalContext, ImmutableSandboxedEnvironment))]


def _check_filter(name: str, args: tuple, kwargs: dict) -> tuple:
    """What a filter would build, measured from its arguments; the arguments (a join's items made a list)."""
    _check_arguments(name, args, kwargs)
    values = _values(args)
    value = values[0] if values else None
    if name in _TEXT_FILTERS:
        check_text(value, f"'{name}'")
    elif name == "join":
        items = _check_join(value, values[1] if len(values) > 1 else kwargs.get("d", ""), "join")
        args = tuple(items if a is value else a for a in args)
    elif name == "format" and isinstance(value, str):
        _check_percent(value, kwargs or tuple(values[1:]))
    elif name == "replace" and len(values) >= 3 and isinstance(value, str):
        _check_replace(value, str(values[1]), str(values[2]))
    elif name == "indent" and isinstance(value, str):
        width = values[1] if len(values) > 1 else kwargs.get("width", 4)
        width = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
        if len(value) + (value.count("\n") + 1) * width > MAX_TEXT:
            raise _refuse("indent")
    elif name == "wordwrap" and isinstance(value, str):
        width = values[1] if len(values) > 1 else kwargs.get("width", 79)
        wrap = values[3] if len(values) > 3 else kwargs.get("wrapstring") or "\n"
        if isinstance(width, int) and isinstance(wrap, str) and \
                len(value) + (len(value) // max(width, 1) + 1) * len(wrap) > MAX_TEXT:
            raise _refuse("wordwrap")
    elif name == "sum":
        start = values[2] if len(values) > 2 else kwargs.get("start", 0)
        if not isinstance(start, (int, float)):   # adding lists one to the next is quadratic, in C
            raise TemplateLimit("sum adds numbers only in a rules file")
    return args


def _bounded_filter(name: str, func: Callable) -> Callable:
    @functools.wraps(func)   # keeps jinja's pass_context marks
    def bounded(*args, **kwargs):
        args = _check_filter(name, args, kwargs)
        return _check_size(func(*args, **kwargs))
    return bounded


class _BoundedFormatter(SandboxedFormatter):
    """str.format in a template: each field's width (nested fields already replaced) and text, as it goes."""

    def vformat(self, format_string, args, kwargs):
        self.built = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        m = _SPEC.match(format_spec)
        widths = [int(n) for n in (m.groups() if m else _DIGITS.findall(format_spec)) if n]
        self.built += max(widths, default=0) + text_size(value)
        if self.built > MAX_TEXT or any(w > MAX_TEXT for w in widths):
            raise _refuse("format")
        return super().format_field(value, format_spec)


class _BoundedBuffer(list):
    """The text of a macro, a `{% set %}` block or a call block, counted as each piece is added."""
    __slots__ = ("size",)

    def __init__(self):
        super().__init__()
        self.size = 0

    def _count(self, pieces) -> None:
        self.size += sum(len(p) if isinstance(p, str) else text_size(p) for p in pieces)
        if self.size > MAX_TEXT:
            raise TemplateLimit(f"a macro or a block builds a text longer than the limit of {MAX_TEXT} characters")

    def append(self, piece) -> None:
        self._count((piece,))
        super().append(piece)

    def extend(self, pieces) -> None:
        pieces = tuple(pieces)
        self._count(pieces)
        super().extend(pieces)


class _BoundedCode(CodeGenerator):
    """Code generated for a rules template: `a ~ b` and block buffers measured as they grow, and every piece of
    the top-level output tagged with its template line (`RulesSandbox.origin`)."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.join_checked((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.new_buffer()")

    def visit_Output(self, node, frame) -> None:
        if frame.buffer is not None or frame.require_output_check:
            super().visit_Output(node, frame)
            return
        finalize = self._make_finalize()
        for child in node.nodes:
            if isinstance(child, nodes.TemplateData):
                self.writeline(f"yield environment.origin({child.lineno}, True, {child.data!r})")
                continue
            self.writeline(f"yield environment.origin({child.lineno}, False, ", child)
            self._output_child_pre(child, frame, finalize)
            self.visit(child, frame)
            self._output_child_post(child, frame, finalize)
            self.write(")")


class RulesSandbox(ImmutableSandboxedEnvironment):
    """ImmutableSandboxedEnvironment that sees plain data only and bounds sizes (time: see `render`)."""

    code_generator_class = _BoundedCode
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, **options):
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}
        self.last_origin: tuple[int, bool] = (1, True)

    def origin(self, line: int, literal: bool, text: str) -> str:
        """A piece of the top-level output, and where it comes from: a literal text starting at `line`, or
        the value of the expression at `line`."""
        self.last_origin = (line, literal)
        return text

    @staticmethod
    def new_buffer() -> list:
        return _BoundedBuffer()

    def join_checked(self, parts: tuple) -> str:
        if text_size(parts) > MAX_TEXT + 2 + 4 * len(parts):
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
                return self._no_field(obj, attribute)
        elif isinstance(obj, dict) and attribute not in obj and not hasattr(obj, attribute):
            # `components.tokns`: the names there, and the close one, never a Python class's name
            return self.undefined(f"no '{attribute}' here{did_you_mean(attribute, list(obj))}; there are: "
                                  f"{', '.join(map(str, obj)) or 'none'}", obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        # what filters read (`sort(attribute="values.cost")`, `selectattr`, `sum`, `map`, `groupby`): a misspelt
        # field is told as `card.values.cots` is, not as a Python object's missing attribute
        if isinstance(obj, Record) and isinstance(argument, str) and argument not in obj \
                and not hasattr(Record, argument):
            return self._no_field(obj, argument)
        return super().getitem(obj, argument)

    def _no_field(self, obj: Record, name: str):
        return self.undefined(f"no field '{name}' here{did_you_mean(name, list(obj))}; "
                              f"fields: {', '.join(obj) or 'none'}", obj=obj, name=name)

    def wrap_str_format(self, value: Any):
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        owner, mapping = value.__self__, value.__name__ == "format_map"
        formatter = _BoundedFormatter(self)

        def bounded(*args, **kwargs):
            if mapping:
                args, kwargs = (), (args[0] if len(args) == 1 and not kwargs else None)
                if kwargs is None:
                    return wrapped()        # jinja's own message for a wrong call
            return type(owner)(formatter.vformat(owner, args, kwargs))
        return functools.update_wrapper(bounded, value)

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_TEXT:
                    raise TemplateLimit(f"repeating {len(seq)} characters {n} times exceeds {MAX_TEXT}")
            if isinstance(left, int) and isinstance(right, int) and \
                    left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise TemplateLimit(f"a product of more than {MAX_INT_BITS} bits is too large a number for a "
                                    "rules file")
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log2(abs(left)) > MAX_INT_BITS:
                raise TemplateLimit(f"{left} ** {right} is too large a number for a rules file")
        if operator == "+" and isinstance(left, (str, bytes, list, tuple)) and isinstance(right, type(left)) \
                and len(left) + len(right) > MAX_TEXT:
            raise _refuse("'+'")
        if operator == "%" and isinstance(left, str):
            _check_percent(left, right)
        return _check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            _check_str_method(owner, getattr(__obj, "__name__", ""), args, kwargs)
        return _check_size(super().call(__context, __obj, *args, **kwargs))


def _pieces(template):
    """The template's top-level output, piece by piece; an error is raised as Jinja raises it from `generate`
    (its traceback rewritten so that the template's frames carry the template's lines)."""
    try:
        yield from template.root_render_func(template.new_context())
    except Exception:
        template.environment.handle_exception()


@dataclass(frozen=True)
class Rendered:
    """A rules template's text, and for each of its lines (0-based) the template line (1-based) it comes from."""
    text: str
    line_map: list[int]


def render(template) -> Rendered:
    """Render `template` within MAX_OUTPUT characters and MAX_SECONDS of CPU; a TemplateLimit otherwise.

    The clock is read on every line of Python run while the template renders,
    in its own code and in the filters and methods it calls, so a loop, a
    recursion or a slow filter that never writes is stopped too.
    """
    # The limit counts this thread's CPU time, so a loaded machine does not fail a good build. Reading the
    # thread's CPU clock is a system call; the wall clock is not: it is read on every line, and only once it
    # passes the deadline is the CPU time read, the deadline moved on by what the budget has left.
    cpu_start = time.thread_time()
    deadline = time.monotonic() + MAX_SECONDS

    def on_line(frame, event, arg):
        nonlocal deadline
        now = time.monotonic()
        if now > deadline:
            left = MAX_SECONDS - (time.thread_time() - cpu_start)
            if left <= 0:
                raise TemplateLimit(f"the template runs longer than the limit of {MAX_SECONDS:g} s")
            deadline = now + max(left, MAX_SECONDS / 100)
        return on_line

    def on_call(frame, event, arg):
        return on_line

    env = template.environment
    chunks, size, line_map = [], 0, []
    line_open = False     # the last line of the text so far already has its source line
    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        for chunk in _pieces(template):
            if not chunk:
                continue
            size += len(chunk)
            line, literal = env.last_origin
            if size > MAX_OUTPUT:   # at the line of the text where it passes the limit
                where = line + chunk.count("\n", 0, len(chunk) - (size - MAX_OUTPUT)) if literal else line
                raise TemplateLimit(f"the expanded text is longer than the limit of {MAX_OUTPUT} characters", where)
            if not literal and "\r" in chunk:   # the Markdown reader takes a lone CR for a line end too
                chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
            if not line_open:
                line_map.append(line)
            ends = chunk.count("\n")
            line_map.extend(range(line + 1, line + ends + 1) if literal else [line] * ends)
            line_open = not chunk.endswith("\n")
            if not line_open:
                line_map.pop()   # the line after the last line end starts with the next piece
            chunks.append(chunk)
    finally:
        sys.settrace(previous)
    return Rendered("".join(chunks), line_map)


__all__ = ["RulesSandbox", "TemplateLimit", "Rendered", "render", "check_text", "text_size",
           "MAX_TEXT", "MAX_OUTPUT", "MAX_SECONDS", "MAX_INT_BITS"]
