"""How the simulated model reads text: identifiers, e-mails, amounts, numbers and dates.

The date reader is deliberately naive, like a model left to cope with mixed formats: it reads
ISO 8601 correctly, takes DD/MM/YYYY for the US MM/DD/YYYY whenever both are possible, and does
not convert Unix timestamps. A PostToolUse hook that normalises dates is what fixes it.
"""
from __future__ import annotations

import json
import re
from datetime import date

ORDER_ID = re.compile(r"\b(?:ORD|CMD|CDE|CO)-?\d{3,}\b", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
CODE = re.compile(r"\bcode(?:\s+de\s+vérification)?\s*(?::|est|=)?\s*(\d{4,8})\b", re.I)
AMOUNT = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:€|eur|euros|usd|\$|dollars)", re.I)
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
SLASH_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
DATE_KEYS = ("date", "_at", "_on", "quand", "when", "day")


def order_ids(text: str) -> list[str]:
    seen: list[str] = []
    for m in ORDER_ID.findall(text):
        if m.upper() not in seen:
            seen.append(m.upper())
    return seen


def email(text: str) -> str | None:
    m = EMAIL.search(text)
    return m.group(0).rstrip(".") if m else None


def code(text: str) -> str | None:
    m = CODE.search(text)
    return m.group(1) if m else None


def stated_amount(text: str) -> float | None:
    m = AMOUNT.search(text)
    return float(m.group(1).replace(",", ".")) if m else None


def parse_json(text: str | None) -> object:
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return text


ANSWER_KEYS = ("resultat", "résultat", "result", "valeur", "value", "total", "population", "habitants", "montant",
               "amount")
ECHO_KEYS = ("query", "q", "expression", "expr", "input", "requete", "requête", "question")


def first_number(value: object) -> float | None:
    """The number a tool result gives: an answer-like field first, never an echo of the input."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict):
        keys = sorted((k for k in value if str(k).lower() not in ECHO_KEYS),
                      key=lambda k: str(k).lower() not in ANSWER_KEYS)
        for k in keys:
            n = first_number(value[k])
            if n is not None:
                return n
        return None
    if isinstance(value, list):
        for v in value:
            n = first_number(v)
            if n is not None:
                return n
        return None
    if isinstance(value, str):
        parsed = parse_json(value)
        if not isinstance(parsed, str):
            return first_number(parsed)
        m = NUMBER.search(value.replace("\u202f", "").replace(" ", ""))
        return float(m.group(0).replace(",", ".")) if m else None
    return None


def naive_date(value: object) -> str:
    """A date as the unaided model reads it, written back as it would state it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"l'horodatage {int(value)} (format non converti)"
    text = str(value).strip()
    if text.isdigit() and len(text) >= 9:
        return f"l'horodatage {text} (format non converti)"
    if ISO_DATE.match(text):
        return text[:10]
    m = SLASH_DATE.match(text)
    if m:
        first, second, year = (int(g) for g in m.groups())
        try:  # the US reading wins whenever it is a valid date
            return date(year, first, second).isoformat()
        except ValueError:
            try:
                return date(year, second, first).isoformat()
            except ValueError:
                return text
    return text


def dates_in(value: object, path: str = "") -> list[tuple[str, object]]:
    """(field, raw value) for every field that looks like a date, in document order."""
    found: list[tuple[str, object]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = f"{path}.{k}" if path else str(k)
            if isinstance(v, (dict, list)):
                found.extend(dates_in(v, key))
            elif any(marker in str(k).lower() for marker in DATE_KEYS):
                found.append((key, v))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(dates_in(v, f"{path}[{i}]"))
    return found


def fmt_number(n: float) -> str:
    """French formatting: 1 044 500 or 12,5."""
    if float(n).is_integer():
        return f"{int(n):,}".replace(",", "\u202f")
    return f"{n:,.2f}".replace(",", "\u202f").replace(".", ",")
