"""Choosing tools from meaning: the request against each tool's name, description and parameters.

A tool scores by the concepts it shares with the request (the synonym table: « météo » and
"weather" are one concept) and by shared meaningful words. Its name counts most, then its
description, then its parameters. No tool above the threshold: the model answers in text.
"""
from __future__ import annotations

from functools import lru_cache
import json

from . import _lexicon as lex

THRESHOLD = 2.0
AMBIGUOUS = frozenset({"plus", "total", "fois", "times", "moins", "minus", "produit", "product", "+", "-", "*", "/",
                       "×", "÷", "combien"})
ARITHMETIC = frozenset({"sum", "product", "difference", "quotient", "calc"})


@lru_cache(maxsize=512)
def _profile(name: str, description: str, params: str) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    short = name.rsplit("__", 1)[-1]           # mcp__server__tool → tool
    name_tokens, desc_tokens, param_tokens = lex.words(short), lex.words(description), lex.words(params)
    return (frozenset(lex.concepts(name_tokens)), frozenset(lex.concepts(desc_tokens) | lex.concepts(param_tokens)),
            frozenset(lex.meaningful(name_tokens)), frozenset(lex.meaningful(desc_tokens + param_tokens)))


def profile(tool: dict) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    schema = tool.get("input_schema") or {}
    props = schema.get("properties") or {} if isinstance(schema, dict) else {}
    params = " ".join(f"{k} {v.get('description', '')}" if isinstance(v, dict) else str(k) for k, v in props.items())
    return _profile(str(tool.get("name", "")), str(tool.get("description") or ""), params)


@lru_cache(maxsize=512)
def request_profile(text: str) -> tuple[frozenset, frozenset]:
    tokens = lex.words(text)
    found = lex.concepts(tokens)
    if not any(ch.isdigit() for ch in text):
        # « plus », « fois », "times" without numbers are just words; « additionne », "add" still ask to compute.
        found = lex.concepts([t for t in tokens if t not in AMBIGUOUS])
    if found & {"sum", "product", "difference", "quotient"}:
        found.add("calc")
    return frozenset(found), frozenset(lex.meaningful(tokens))


def score(tool: dict, text: str) -> float:
    asked, said = request_profile(text)
    name_concepts, other_concepts, name_words, other_words = profile(tool)
    points = 3.0 * len(asked & name_concepts) + 2.0 * len(asked & (other_concepts - name_concepts))
    points += 1.5 * len(said & name_words) + 0.5 * len(said & (other_words - name_words))
    return points


def ranked(tools: dict[str, dict], text: str) -> list[tuple[float, str]]:
    """(score, name) of every tool, best first; ties keep the order the tools were given in."""
    scored = [(score(tool, text), index, name) for index, (name, tool) in enumerate(tools.items())]
    return [(s, name) for s, _, name in sorted(scored, key=lambda x: (-x[0], x[1]))]


def relevant(tools: dict[str, dict], text: str) -> list[str]:
    """The tools worth calling for this request, best first: above the threshold and close to the best."""
    order = ranked(tools, text)
    if not order or order[0][0] < THRESHOLD:
        return []
    best = order[0][0]
    asked, said = request_profile(text)
    chosen = []
    for s, name in order:
        if s < THRESHOLD:
            continue
        name_concepts, _, name_words, _ = profile(tools[name])
        by_name = bool(asked & name_concepts or said & name_words)
        if not chosen or (s >= best * 0.6 and by_name) or ("calc" in asked and is_arithmetic(tools[name])):
            chosen.append(name)
    return chosen


def is_arithmetic(tool: dict) -> bool:
    name_concepts, other_concepts, _, _ = profile(tool)
    return bool((name_concepts | other_concepts) & ARITHMETIC) and not (name_concepts - ARITHMETIC)


def is_lookup(tool: dict) -> bool:
    name_concepts, other_concepts, _, _ = profile(tool)
    return "search" in name_concepts or "population" in (name_concepts | other_concepts)


def describe(tool: dict) -> str:
    return json.dumps(tool.get("name"))
