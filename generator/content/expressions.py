"""Arithmetic on named numbers, for geometry written as a few numbers (a mat's `numbers:`).

An expression is Python-like arithmetic: numbers, names, + - * / ( ), and the functions
min, max, abs, sqrt, sin and cos (angles in degrees). Nothing else is evaluated: no attribute,
no call of anything outside that list, so content can never run code.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from typing import Mapping, Optional

from . import limits

FUNCTIONS = {
    "min": min,
    "max": max,
    "abs": abs,
    "sqrt": math.sqrt,
    "sin": lambda deg: math.sin(math.radians(deg)),
    "cos": lambda deg: math.cos(math.radians(deg)),
}
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
BRACED = re.compile(r"^\s*\{([^{}]+)\}\s*$")      # a whole value '{expression}'
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ExpressionError(ValueError):
    """An expression that cannot be read or worked out; the message says why, for a ContentError; `name`:
    the named number being worked out, if any."""

    def __init__(self, message: str, name: Optional[str] = None):
        super().__init__(message)
        self.name = name


def evaluate(text: str, env: Mapping[str, float]) -> float:
    """The value of `text` with the names of `env`; an ExpressionError naming what is wrong."""
    if len(str(text)) > limits.EXPRESSION_CHARS.default:   # parsing and working out recurse once per term
        raise ExpressionError(limits.exceeded(limits.EXPRESSION_CHARS, len(str(text)),
                                              "characters in one expression"))
    try:
        value = _eval(_parse(text).body, env, text)
    except (RecursionError, MemoryError):     # nesting the length limit lets through on a small stack
        raise ExpressionError(f"'{str(text)[:40]}…' nests too deeply") from None
    if not math.isfinite(value):
        raise ExpressionError(f"'{text}' is not a finite number")
    return float(value)


def _parse(text: str) -> ast.Expression:
    try:
        return ast.parse(str(text).strip(), mode="eval")
    except SyntaxError:
        raise ExpressionError(f"'{text}' is not an arithmetic expression") from None


def _eval(node, env: Mapping[str, float], text: str) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.Name):
        if node.id not in env:
            known = ", ".join(sorted(env)) or "none"
            raise ExpressionError(f"'{text}': unknown name '{node.id}' (known: {known})")
        return float(env[node.id])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _eval(node.operand, env, text)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _eval(node.left, env, text), _eval(node.right, env, text)
        if isinstance(node.op, ast.Div) and right == 0:
            raise ExpressionError(f"'{text}' divides by zero")
        return _BINARY[type(node.op)](left, right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
            and not node.keywords and node.args):
        args = [_eval(a, env, text) for a in node.args]
        try:
            return float(FUNCTIONS[node.func.id](*args))
        except (TypeError, ValueError):
            raise ExpressionError(f"'{text}': {node.func.id} cannot take these values") from None
    raise ExpressionError(f"'{text}': only numbers, names, + - * / ( ) and "
                          f"{', '.join(FUNCTIONS)} are allowed")


def work_out(numbers: Mapping[str, object], env: Mapping[str, float]) -> dict[str, float]:
    """Named numbers in order, each a number or an expression of `env` and the names before it."""
    out = dict(env)
    for name, raw in numbers.items():
        if not NAME.match(str(name)):
            raise ExpressionError(f"number name '{name}' must be a letter then letters, digits or _", name)
        if name in FUNCTIONS:
            raise ExpressionError(f"number name '{name}' is a function's name", name)
        try:
            out[name] = float(raw) if isinstance(raw, (int, float)) else evaluate(str(raw), out)
        except ExpressionError as err:
            raise ExpressionError(str(err), name) from None
    return out
