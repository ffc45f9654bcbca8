"""Arithmetic the model does or asks a tool to do: the expression that combines values, its value, how it is shown."""
from __future__ import annotations

import ast
import operator

from .recognisers.arith import operation

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.Pow: lambda a, b: a ** b if abs(b) <= 64 and abs(a) < 1e12 else _too_big()}


def _too_big():
    raise ValueError("exponent too large")


def fmt(n: float) -> str:
    """A number as a tool expects it: 42, 12.5."""
    n = float(n)
    if n.is_integer() and abs(n) < 1e15:
        return str(int(n))
    if n != 0 and (abs(n) < 1e-4 or abs(n) >= 1e15):
        return f"{n:.6g}"       # 6.626e-34 stays 6.626e-34 (rounding to 10 places read it back as 0.0)
    return repr(round(n, 10))


def expression(text: str, values: list[float]) -> str:
    """The expression that combines `values` the way the request asks (sum when it does not say)."""
    shown = [fmt(v) for v in values]
    kind, factor = operation(text)
    if kind in ("mul", "div") and factor is not None:
        symbol = "*" if kind == "mul" else "/"
        base = f"({' + '.join(shown)})" if len(shown) > 1 else shown[0]
        return f"{base} {symbol} {fmt(factor)}"
    if kind == "mean" and len(shown) > 1:
        return f"({' + '.join(shown)}) / {len(shown)}"
    if kind == "sub" and len(shown) > 1:
        return " - ".join(shown)
    if kind == "ratio" and len(shown) > 1:
        return " / ".join(shown)
    if kind == "product" and len(shown) > 1:
        return " * ".join(shown)
    return " + ".join(shown)


def evaluate(expr: str) -> float | None:
    def value(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return float(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.left), value(node.right))
        raise ValueError(expr)
    try:
        return value(ast.parse(expr, mode="eval").body)
    except (ValueError, SyntaxError, ZeroDivisionError, RecursionError):
        return None
