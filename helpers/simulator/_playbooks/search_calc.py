"""Lab 1.1: a question that needs a search tool and, when there is one, a calculator.

Turn 1: a short « Je cherche… » and one search per entity (parallel calls when there are several).
Turn 2: the numbers read from the search results go into one calculator call (without a calculator
tool, the model does the arithmetic itself and answers). Last turn: the answer, built from the
results. A failed tool is reported, never invented around.
"""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._model import Reply, playbook, text
from .reading import first_number, fmt_number

SEARCH_WORDS = ("search", "recherche", "chercher", "lookup_fact", "wiki")
CALC_WORDS = ("calc", "calcul", "compute", "math")
MEASURES = ("population", "superficie", "surface", "hauteur", "altitude", "longueur", "distance",
            "prix", "nombre d'habitants", "habitants", "budget", "chiffre d'affaires", "taille", "âge")
ENTITY = re.compile(r"\b(?:de|d'|du|à)\s*((?:[A-ZÉÈÀÂÎ][\w'-]+)(?:[\s-](?:[A-ZÉÈÀÂÎ][\w'-]+|sur|en|de|la|le))*)")
OPERATIONS = [  # (pattern, kind, operand)
    (re.compile(r"multipli\w*\s+par\s+(\d+(?:[.,]\d+)?)", re.I), "mul", None),
    (re.compile(r"divis\w*\s+par\s+(\d+(?:[.,]\d+)?)", re.I), "div", None),
    (re.compile(r"\b(?:le\s+)?double\b", re.I), "mul", 2),
    (re.compile(r"\b(?:le\s+)?triple\b", re.I), "mul", 3),
    (re.compile(r"\bmoyenne\b", re.I), "mean", None),
    (re.compile(r"\b(?:différence|écart|de plus que|de moins que)\b", re.I), "sub", None),
    (re.compile(r"\b(?:rapport|ratio|fois plus)\b", re.I), "ratio", None),
    (re.compile(r"\b(?:somme|total|additionn\w*|ensemble|cumul\w*|réunies|ajout\w*)\b", re.I), "sum", None),
]


def _find_tool(conv: Conversation, words: tuple[str, ...]) -> str | None:
    for name in conv.app_tools:
        if any(w in name.lower() for w in words):
            return name
    return None


def _input_key(tool: dict, preferred: tuple[str, ...]) -> str:
    props = list((tool.get("input_schema") or {}).get("properties", {}))
    for key in preferred:
        if key in props:
            return key
    return props[0] if props else preferred[0]


def _plan(question: str) -> tuple[str, list[str]]:
    lowered = question.lower()
    measure = next((m for m in MEASURES if m in lowered), "")
    entities = []
    for m in ENTITY.finditer(question):
        name = re.sub(r"\s+(?:sur|en|de|la|le)$", "", m.group(1).strip())
        if name and name not in entities and name.lower() not in ("quelle", "quel", "combien"):
            entities.append(name)
    return measure, entities


def _expression(question: str, numbers: list[float]) -> str:
    values = [fmt(n) for n in numbers]
    for pattern, kind, operand in OPERATIONS:
        m = pattern.search(question)
        if not m:
            continue
        factor = operand if operand is not None else (m.group(1).replace(",", ".") if m.groups() else None)
        if kind == "mul" and factor is not None:
            return f"({' + '.join(values)}) * {factor}" if len(values) > 1 else f"{values[0]} * {factor}"
        if kind == "div" and factor is not None:
            return f"({' + '.join(values)}) / {factor}" if len(values) > 1 else f"{values[0]} / {factor}"
        if kind == "mean" and len(values) > 1:
            return f"({' + '.join(values)}) / {len(values)}"
        if kind == "sub" and len(values) > 1:
            return f"{values[0]} - {values[1]}"
        if kind == "ratio" and len(values) > 1:
            return f"{values[0]} / {values[1]}"
        if kind == "sum":
            return " + ".join(values)
    return " + ".join(values)


def _evaluate(expression: str) -> float:
    import ast
    import operator
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}

    def value(node):
        if isinstance(node, ast.Constant):
            return float(node.value)
        return ops[type(node.op)](value(node.left), value(node.right))
    return value(ast.parse(expression, mode="eval").body)


def fmt(n: float) -> str:
    return str(int(n)) if float(n).is_integer() else repr(n)


@playbook("recherche + calcul")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    search, calc = _find_tool(conv, SEARCH_WORDS), _find_tool(conv, CALC_WORDS)
    if not search or conv.is_subagent:
        return None
    question = conv.first_user_text
    measure, entities = _plan(question)
    if not measure and not any(pattern.search(question) for pattern, _, _ in OPERATIONS):
        return None     # not a figure to look up and compute: the general engine searches and quotes
    query_key = _input_key(conv.tools[search], ("query", "q", "requete", "requête", "question", "terms"))
    expr_key = _input_key(conv.tools[calc], ("expression", "expr", "formula", "calcul", "input")) if calc else ""
    searches, calcs = conv.calls_to(search), conv.calls_to(calc)

    if not searches:
        queries = [f"{measure} de {e}".strip() for e in entities] if entities else [question]
        intro = "Je cherche d'abord " + (" et ".join(f"« {q} »" for q in queries)) + (
            ", puis je ferai le calcul." if calc else ".")
        reply = Reply().say(intro)
        for q in queries:
            reply.call(search, {query_key: q})
        return reply

    failed = [c for c in searches + calcs if c.is_error]
    if failed:
        c = failed[0]
        return text(f"L'outil {c.name} a renvoyé une erreur ({c.result}). Je ne peux donc pas donner de "
                    f"chiffre fiable : mieux vaut réessayer plus tard que deviner.")

    numbers = [first_number(c.data()) for c in searches]
    if any(n is None for n in numbers):
        return text("La recherche n'a pas renvoyé de nombre exploitable ; je ne peux pas faire le calcul.")

    found = " ; ".join(f"{c.input.get(query_key, '?')} : {fmt_number(n)}" for c, n in zip(searches, numbers))
    if not calc:
        expression = _expression(question, numbers)
        value = _evaluate(expression)
        return text(f"D'après la recherche — {found}. Sans calculatrice, je fais le calcul moi-même : "
                    f"{expression} = {fmt_number(value)}.")
    if not calcs:
        expression = _expression(question, numbers)
        return Reply().say("J'ai les chiffres. Je fais le calcul.").call(calc, {expr_key: expression})

    result = first_number(calcs[-1].data())
    shown = fmt_number(result) if result is not None else str(calcs[-1].result)
    return text(f"D'après la recherche — {found}. Le calcul ({calcs[-1].input.get(expr_key, '')}) donne "
                f"{shown}.")
