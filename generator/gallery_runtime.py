"""What the gallery page's template, compiled by Jinja ahead of time (generator/gallery_page.py), calls while it
renders, without importing Jinja: Jinja's import cost a deck's build about 35 ms of CPU (5 %), for one page
whose code is already compiled. Only what that code uses is here, with Jinja's behaviour (Environment.getattr,
Context.call, the `join` and `length` filters with autoescape, StrictUndefined); `gallery.compiled_page` keeps
Jinja's own runtime for a template that needs more (loops' `loop`, macros, namespaces...), and
tests/gallery/test_gallery_runtime.py renders the page through both.
"""

from __future__ import annotations

from markupsafe import Markup, escape, soft_str

# The names the compiled code imports from jinja2.runtime; those it may import but this runtime does not give
# (compiled_page checks the code uses none of them) stand for nothing.
LoopContext = Macro = Namespace = TemplateNotFound = TemplateReference = identity = markup_join = str_join = None
SUPPORTED = ("Markup", "TemplateRuntimeError", "Undefined", "escape", "internalcode", "missing")


class _Missing:
    def __repr__(self) -> str:
        return "missing"


missing = _Missing()


class TemplateRuntimeError(Exception):
    """A filter the compiled code names that is not here (as Jinja's, when a filter is unknown)."""


class UndefinedError(Exception):
    """The page's data lacks a name the template uses (Jinja's StrictUndefined raises then too)."""


def internalcode(fn):
    return fn


def Undefined(hint=None, obj=missing, name=None, exc=None):     # noqa: N802 (the compiled code's name)
    """StrictUndefined, told at once: the page's data are made whole by gallery._game_view."""
    raise UndefinedError(hint or f"the gallery page's data have no {name!r}" +
                         ("" if obj is missing else f" in {type(obj).__name__}"))


class _EvalContext:
    autoescape = True


def _join(eval_ctx, value, d="", attribute=None):
    """Jinja's `join` filter with autoescape on (attribute= unused by the page)."""
    if attribute is not None:
        raise TemplateRuntimeError("join(attribute=...) is not in the gallery's runtime: `make gallery-page`")
    if not hasattr(d, "__html__"):
        value = list(value)
        do_escape = False
        for idx, item in enumerate(value):
            if hasattr(item, "__html__"):
                do_escape = True
            else:
                value[idx] = str(item)
        d = escape(d) if do_escape else str(d)
        return d.join(value)
    return soft_str(d).join(map(soft_str, value))


class _Environment:
    """The compiled code's `environment`: the page's environment's settings (autoescape, StrictUndefined)."""
    undefined = staticmethod(Undefined)
    concat = staticmethod("".join)
    filters = {"join": _join, "length": len}

    @staticmethod
    def getattr(obj, attribute: str):
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return Undefined(obj=obj, name=attribute)


ENVIRONMENT = _Environment()


class Context:
    """The compiled code's `context`: the page's variables; a call passes no context (the page's data are
    plain data and the catalogue's words, none of them asks for Jinja's context)."""
    eval_ctx = _EvalContext()

    def __init__(self, variables: dict) -> None:
        self.variables = variables

    def resolve_or_missing(self, key: str):
        return self.variables.get(key, missing)

    @staticmethod
    def call(__obj, *args, **kwargs):
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        return __obj(*args, **kwargs)


def render(root, variables: dict) -> str:
    """The page: the compiled code's `root` over these variables (Template.render's concat)."""
    return "".join(root(Context(variables)))


__all__ = ["Markup", "escape", "LoopContext", "Macro", "Namespace", "TemplateNotFound", "TemplateReference",
           "identity", "markup_join", "str_join", "missing", "TemplateRuntimeError", "internalcode", "Undefined",
           "ENVIRONMENT", "render"]
