"""What the model writes: the short text before its calls, the answer built from the results it
actually received (never an invented value), its questions when a value is missing, its refusals.

French and English; `finish` then applies what the system prompt asked (language, JSON, brevity).
"""
from __future__ import annotations

import json
import re

from . import _arith
from ._reading import Instructions

TEMPERATURE = re.compile(r"^(?:temp|temperature|température|temperature_c|temp_c|degres|degrés|celsius)$", re.I)
CONDITION = re.compile(r"^(?:condition|conditions|description|weather|meteo|météo|ciel|sky|summary|etat|état)$", re.I)
ECHO = frozenset({"query", "q", "expression", "expr", "input", "requete", "requête", "question", "location", "city",
                  "ville", "text", "texte"})


def short(name: str) -> str:
    return name.rsplit("__", 1)[-1]


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" et " if lang == "fr" else " and ") + items[-1]


def _number(value: object, lang: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return _arith.format_fr(value) if lang == "fr" else _arith.format_en(value)


def _value(value: object, lang: str) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # Plain digits too, so the value reads exactly as the tool sent it.
        shown = _number(value, lang)
        raw = _arith.fmt(value)
        return shown if shown == raw else f"{raw}"
    return str(value)


def intro(calls: list[tuple[str, dict]], lang: str) -> str:
    """The short sentence real models often write before their calls."""
    names = list(dict.fromkeys(short(n) for n, _ in calls))
    subjects = [str(v) for _, inp in calls for v in list(inp.values())[:1] if isinstance(v, (str, int, float))]
    about = _join(list(dict.fromkeys(subjects)), lang) if len(calls) > 1 and subjects else ""
    if lang == "en":
        return f"Let me check with {_join(names, lang)}" + (f" for {about}." if about else ".")
    return f"Je consulte {_join(names, lang)}" + (f" pour {about}." if about else ".")


def summarise(name: str, tool_input: dict, data: object, lang: str) -> str:
    """One result in words, quoting the values the tool returned."""
    subject = next((str(v) for v in tool_input.values() if isinstance(v, str) and len(v) <= 30), None)
    if isinstance(data, dict):
        temp = next((k for k in data if TEMPERATURE.match(str(k))), None)
        cond = next((k for k in data if CONDITION.match(str(k)) and isinstance(data[k], str)), None)
        if temp is not None:
            unit = "°F" if "fahrenheit" in json.dumps(tool_input).lower() or "fahrenheit" in str(data).lower() else "°C"
            where = (" à " if lang == "fr" else " in ") + subject if subject else ""
            return f"{_value(data[temp], lang)} {unit}{where}" + (f" ({data[cond]})" if cond else "")
        fields = [(k, v) for k, v in data.items() if str(k).lower() not in ECHO or len(data) == 1]
        shown = ", ".join(f"{k} : {_value(v, lang)}" if lang == "fr" else f"{k}: {_value(v, lang)}"
                          for k, v in fields[:8])
        head = subject or short(name)
        return f"{head} — {shown}" if shown else head
    if isinstance(data, list):
        return f"{subject or short(name)} — " + "; ".join(_value(v, lang) for v in data[:8])
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return f"{short(name)} → {_value(data, lang)}"
    text = str(data).strip()
    if len(text) > 300:
        text = text[:299] + "…"
    return f"{subject} : « {text} »" if lang == "fr" and subject else (
        f"{subject}: \"{text}\"" if subject else (f"« {text} »" if lang == "fr" else f"\"{text}\""))


def answer(results: list[tuple[str, dict, object]], failures: list[tuple[str, dict, str]], lang: str) -> str:
    """The final answer: every result received, every failure reported as such."""
    parts = []
    if results:
        lines = [summarise(n, i, d, lang) for n, i, d in results]
        parts.append(("Voici le résultat : " if len(lines) == 1 else "Voici les résultats : ") + " ; ".join(lines) + "."
                     if lang == "fr" else ("Here is the result: " if len(lines) == 1 else "Here are the results: ")
                     + "; ".join(lines) + ".")
    for name, tool_input, message in failures:
        parts.append(failure(name, message, lang))
    return " ".join(parts) or ("Je n'ai reçu aucun résultat exploitable." if lang == "fr"
                               else "I did not receive any usable result.")


def failure(name: str, message: str, lang: str) -> str:
    text = message.strip() or ("aucun message" if lang == "fr" else "no message")
    if lang == "en":
        return (f"The tool {short(name)} failed (\"{text}\"), so I cannot give you that value without making it up.")
    return (f"L'outil {short(name)} a renvoyé une erreur (« {text} ») : je ne peux donc pas vous donner cette "
            f"valeur sans l'inventer.")


def refused(name: str, reason: str, lang: str, then: str | None = None) -> str:
    """A call refused (a hook's deny, a permission): the refusal and its reason, not « the tool failed »."""
    if lang == "en":
        text = f"My call to {short(name)} was refused: \"{reason.strip()}\"."
        return text + (f" So I used {short(then)} instead." if then else "")
    text = f"Mon appel à {short(name)} a été refusé : « {reason.strip()} »."
    return text + (f" J'ai donc fait appel à {short(then)}." if then else "")


def ask_for(tool_name: str, missing: list[str], lang: str, descriptions: dict) -> str:
    what = [descriptions.get(m) or m for m in missing]
    if lang == "en":
        return f"To use {short(tool_name)} I need {_join(what, lang)}. Could you tell me?"
    return f"Pour utiliser {short(tool_name)}, il me faut : {_join(what, lang)}. Pouvez-vous me le préciser ?"


def finish(text: str, lang: str, rules: Instructions, data: object = None) -> str:
    """Apply the system prompt's recognisable instructions to the final text."""
    if rules.brief:
        first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
        text = first
    if rules.upper:
        text = text.upper()
    if rules.json:
        payload = {"answer" if lang == "en" else "reponse": text}
        if data is not None:
            payload["data" if lang == "en" else "donnees"] = data
        return json.dumps(payload, ensure_ascii=False)
    return text
