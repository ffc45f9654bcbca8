"""Arithmetic the model does or asks a tool to do: which operation a request names, and its value."""
from __future__ import annotations

import ast
import operator
import re

EXPRESSION = re.compile(r"-?\d+(?:[.,]\d+)?(?:\s*[-+*/×÷x]\s*-?\d+(?:[.,]\d+)?)+")
OPERATIONS = [  # (pattern, kind, operand given by the pattern)
    (re.compile(r"\b(?:times|fois|x|×)\s*(\d+(?:[.,]\d+)?)\b", re.I), "mul", None),
    (re.compile(r"multipli\w*\s+par\s+(\d+(?:[.,]\d+)?)|multiplied\s+by\s+(\d+(?:[.,]\d+)?)", re.I), "mul", None),
    (re.compile(r"divis\w*\s+par\s+(\d+(?:[.,]\d+)?)|divided\s+by\s+(\d+(?:[.,]\d+)?)", re.I), "div", None),
    (re.compile(r"\b(?:le\s+)?double\b|\btwice\b", re.I), "mul", 2),
    (re.compile(r"\b(?:le\s+)?triple\b", re.I), "mul", 3),
    (re.compile(r"\bmoyenne\b|\baverage\b|\bmean\b", re.I), "mean", None),
    (re.compile(r"\b(?:différence|difference|écart|de plus que|de moins que|soustrai\w*|subtract\w*|minus|moins)\b",
                re.I), "sub", None),
    (re.compile(r"\b(?:rapport|ratio|fois plus)\b", re.I), "ratio", None),
    (re.compile(r"\b(?:multipli\w*|produit|product|multiply|times|fois)\b|[×*]", re.I), "product", None),
    (re.compile(r"\b(?:divis\w*|divide\w*|quotient)\b|[÷]", re.I), "ratio", None),
    (re.compile(r"\b(?:somme|total|additionn\w*|ensemble|cumul\w*|réunies|ajout\w*|sum|add|plus|combined|together)\b"
                r"|\+", re.I), "sum", None),
]
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def fmt(n: float) -> str:
    """A number as a tool expects it: 42, 12.5."""
    return str(int(n)) if float(n).is_integer() else repr(round(n, 10))


def written_expression(text: str) -> str | None:
    """An expression the user wrote (« 17 + 25 », "3 x 4"), normalised for a calculator."""
    m = EXPRESSION.search(text)
    if not m:
        return None
    return re.sub(r"\s*([-+*/])\s*", r" \1 ", m.group(0).replace(",", ".").replace("×", "*").replace("÷", "/")
                  .replace("x", "*")).strip()


def operation(text: str) -> tuple[str, float | None]:
    for pattern, kind, operand in OPERATIONS:
        m = pattern.search(text)
        if m:
            given = next((g for g in m.groups() if g), None) if m.groups() else None
            factor = operand if operand is not None else (float(given.replace(",", ".")) if given else None)
            return kind, factor
    return "sum", None


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


def format_fr(n: float) -> str:
    """French formatting: 1 044 500 or 12,5."""
    if float(n).is_integer():
        return f"{int(n):,}".replace(",", "\u202f")
    return f"{n:,.2f}".replace(",", "\u202f").replace(".", ",")


def format_en(n: float) -> str:
    return f"{int(n):,}" if float(n).is_integer() else f"{n:,.2f}"
