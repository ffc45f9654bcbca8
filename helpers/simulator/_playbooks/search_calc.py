"""Lab 1.1: a figure to look up for named places (« la population de Lyon et de Marseille »), then,
when there is one, a calculator.

Turn 1: a short « Je cherche… » and one search per entity (parallel calls when there are several).
Turn 2: the numbers read from the search results go into one calculator call (without a calculator
tool, the model does the arithmetic itself and answers). Last turn: the answer, built from the
results. A failed tool is reported, never invented around. A request that names no entity after
« de / du / à » (« le prix du billet Paris-Lyon ») is left to the general engine, which reads it
whole; the operation (« multipliée par 2 », « pour 3 personnes », « TTC ») is read by the engine's
arithmetic either way.
"""
from __future__ import annotations

import re

from .._conversation import Conversation
from .._engine import _arith
from .._reply import Reply, playbook, text
from .._engine import first_number

SEARCH_WORDS = ("search", "recherche", "chercher", "lookup_fact", "wiki")
CALC_WORDS = ("calc", "calcul", "compute", "math")
MEASURES = ("population", "superficie", "surface", "hauteur", "altitude", "longueur", "distance",
            "prix", "nombre d'habitants", "habitants", "budget", "chiffre d'affaires", "taille", "âge")
ENTITY = re.compile(r"\b(?:de|d'|du|à)\s*((?:[A-ZÉÈÀÂÎ][\w'-]+)(?:[\s-](?:[A-ZÉÈÀÂÎ][\w'-]+|sur|en|de|la|le))*)")
OPERATIONS = [  # words that say there is something to compute (the computation itself: _engine._arith)
    re.compile(r"multipli\w*\s+par\s+(\d+(?:[.,]\d+)?)", re.I),
    re.compile(r"divis\w*\s+par\s+(\d+(?:[.,]\d+)?)", re.I),
    re.compile(r"\b(?:le\s+)?double\b", re.I),
    re.compile(r"\b(?:le\s+)?triple\b", re.I),
    re.compile(r"\bmoyenne\b", re.I),
    re.compile(r"\b(?:différence|écart|de plus que|de moins que)\b", re.I),
    re.compile(r"\b(?:rapport|ratio|fois plus)\b", re.I),
    re.compile(r"\b(?:somme|total|additionn\w*|ensemble|cumul\w*|réunies|ajout\w*)\b", re.I),
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
    return _arith.expression(question, numbers)


def _evaluate(expression: str) -> float:
    value = _arith.evaluate(expression)
    return value if value is not None else float("nan")


@playbook("recherche + calcul")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    search, calc = _find_tool(conv, SEARCH_WORDS), _find_tool(conv, CALC_WORDS)
    if not search or conv.is_subagent:
        return None
    question = conv.first_user_text
    measure, entities = _plan(question)
    if not measure and not any(pattern.search(question) for pattern in OPERATIONS):
        return None     # not a figure to look up and compute: the general engine searches and quotes
    if not entities:
        return None     # no named place to look the figure up for: the general engine reads the request
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
        return text(f"L'outil {c.name} a renvoyé une erreur (« {c.result} ») : je ne peux donc pas donner de "
                    f"chiffre fiable, et mieux vaut réessayer plus tard que deviner.")

    numbers = [first_number(c.data()) for c in searches]
    if any(n is None for n in numbers):
        return text("La recherche n'a pas renvoyé de nombre exploitable ; je ne peux pas faire le calcul.")

    found = " ; ".join(f"{_capital(c.input.get(query_key, '?'))} : {fmt_number(n)}"
                       for c, n in zip(searches, numbers))
    if not calc:
        expression = _expression(question, numbers)
        value = _evaluate(expression)
        return text(f"{found}. Sans calculatrice, je fais le calcul moi-même : {expression} = {fmt_number(value)}.")
    if not calcs:
        expression = _expression(question, numbers)
        return Reply().say("J'ai les chiffres. Je fais le calcul.").call(calc, {expr_key: expression})

    result = first_number(calcs[-1].data())
    shown = fmt_number(result) if result is not None else str(calcs[-1].result)
    return text(f"{found}. {calcs[-1].input.get(expr_key, '')} = {shown}.")


def _capital(query: object) -> str:
    query = str(query)
    return query[:1].upper() + query[1:]


def fmt_number(n: float) -> str:
    """French formatting, as this scenario's answers show it: 1 044 500 or 12,5."""
    if float(n).is_integer():
        return f"{int(n):,}".replace(",", "\u202f")
    return f"{n:,.2f}".replace(",", "\u202f").replace(".", ",")
