"""Arithmetic said in a request: an expression (« 17 fois 25 », "2 ** 10"), a statistic of a list, an operation."""
from __future__ import annotations

import ast
import re

NUM = r"(\d+(?:[.,]\d+)?)"
PEOPLE = r"(?:personnes?|people|persons?|adultes?|adults?|passagers?|passengers?|invités?|guests?|participants?)"


OPERATIONS = [  # (pattern, kind, factor: None = the number the pattern read, a constant, or a function of it)
    (re.compile(rf"{NUM}\s*%\s*(?:de\s+)?(?:TVA|VAT|tax\w*|taxe\w*)|(?:TVA|VAT|TTC|tax\w*|taxe\w*)\D{{0,20}}?{NUM}\s*%",
                re.I), "mul", lambda p: round(1 + p / 100, 10)),
    (re.compile(rf"{NUM}\s*%\s*(?:de\s+)?(?:réduction|remise|rabais|discount|off)|"
                rf"(?:réduction|remise|rabais|discount)\s+(?:de\s+|of\s+)?{NUM}\s*%", re.I), "mul", lambda p: round(1 - p / 100, 10)),
    (re.compile(rf"(?:divis\w*|partag\w*|répart\w*|split\w*|shar\w*)\s+(?:\w+\s+)?(?:en|entre|among|between|by|par|in|"
                rf"into)\s+{NUM}|(?:par personne|per person|chacun|each)\D{{0,30}}?{NUM}\s*{PEOPLE}|"
                rf"{NUM}\s*{PEOPLE}\D{{0,30}}?(?:par personne|per person|chacun|each)", re.I), "div", None),
    (re.compile(rf"\b(?:pour|for)\s+{NUM}\s*{PEOPLE}|\b{NUM}\s*{PEOPLE}\b", re.I), "mul", None),
    (re.compile(rf"\b(?:times|fois|x|×)\s*{NUM}\b", re.I), "mul", None),
    (re.compile(rf"multipli\w*\s+par\s+{NUM}|multiplied\s+by\s+{NUM}", re.I), "mul", None),
    (re.compile(rf"divis\w*\s+par\s+{NUM}|divided\s+by\s+{NUM}", re.I), "div", None),
    (re.compile(r"\b(?:la\s+)?moitié\b|\bhalf\b", re.I), "div", 2),
    (re.compile(r"\b(?:le\s+)?tiers\b|\b(?:a|one)\s+third\b", re.I), "div", 3),
    (re.compile(r"\b(?:le\s+)?quart\b|\b(?:a|one)\s+quarter\b", re.I), "div", 4),
    (re.compile(rf"{NUM}\s*%\s*(?:de|d'|of)\b", re.I), "mul", lambda p: round(p / 100, 10)),
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
# An expression reader: numbers (thousands separators by the request's locale, decimals, scientific notation),
# operators in symbols or words (French and English), brackets. The longest run of tokens that parses wins.
_NUMBER = (r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])"          # 1,984,135 (English thousands)
           r"|\d{1,3}(?:[\u202f\u00a0 ]\d{3})+(?:,\d+)?(?!\d)"   # 1 984 135,5 (French thousands)
           r"|\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?")
_WORD_OPERATORS = [
    (r"multipli\w*\s+(?:par|by)|times|fois", "*"), (r"divid\w*\s+by|divis\w*\s+par|over", "/"),
    (r"to the power of|raised to(?: the power of)?|(?:à la\s+)?puissance", "**"), (r"plus", "+"),
    (r"minus|moins", "-"), (r"squared|au carré", "** 2"), (r"cubed|au cube", "** 3"),
]
_TOKEN = re.compile(
    r"(?P<num>(?<![\w.\-])(?:" + _NUMBER + r"))(?![\w\-]*[A-Za-z])"
    r"|(?P<sci>[×x*]\s*10\s*(?:\^|\*\*)\s*[-−]?\d+)"
    r"|(?P<op>\*\*|[-+*/×÷^−]|(?<=\d\s)x(?=\s*\d))"
    r"|(?P<word>\b(?:" + "|".join(w for w, _ in _WORD_OPERATORS) + r")\b)"
    r"|(?P<open>\()|(?P<close>\))", re.I)


def _number(raw: str, lang: str) -> str:
    raw = raw.replace("\u202f", "").replace("\u00a0", "")
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw) and (raw.count(",") > 1 or lang == "en" or "." in raw):
        return raw.replace(",", "")
    if re.fullmatch(r"\d{1,3}(?: \d{3})+(?:,\d+)?", raw):
        return raw.replace(" ", "").replace(",", ".")
    return raw.replace(",", ".")


def written_expression(text: str, lang: str = "fr") -> str | None:
    """An expression the user wrote (« (12851 - 593) * 301 + 76 », "1,984,135 * 9,343,116", "15910385 divided by
    193053", « 17 fois 25 », "3.5 × 10^-5", « 15 % de 80 »), normalised for a calculator; None if there is none.
    A bare hyphen between two numbers (« 2-3 approaches », a date) is a range or a name, not a subtraction."""
    text = re.sub(r"(-?\d+(?:[.,]\d+)?)\s*%\s*(?:de|d'|of)\s*(-?\d+(?:[.,]\d+)?)", r"\1 / 100 * \2", text, flags=re.I)
    runs: list[list[tuple[str, str, int, int]]] = [[]]
    last_end = None
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if last_end is not None and text[last_end:m.start()].strip():
            runs.append([])
        runs[-1].append((kind, m.group(0), m.start(), m.end()))
        last_end = m.end()
    best: tuple[int, str] | None = None
    for run in runs:
        for i in range(len(run)):
            for j in range(len(run), i, -1):
                expr = _expression(run[i:j], text, lang)
                if expr and (best is None or len(expr) > best[0]):
                    best = (len(expr), expr)
                    break
    return best[1] if best else None


def _expression(tokens: list[tuple[str, str, int, int]], text: str, lang: str) -> str | None:
    out: list[str] = []
    operators = 0
    spaced = False
    for kind, raw, start, end in tokens:
        if kind == "num":
            out.append(_number(raw, lang))
        elif kind == "sci":
            exponent = re.search(r"[-−]?\d+$", raw).group(0).replace("−", "-")
            out += ["*", "10", "**", f"({exponent})"]
            operators += 1
            spaced = True
        elif kind == "op":
            out.append({"×": "*", "x": "*", "X": "*", "÷": "/", "^": "**", "−": "-"}.get(raw, raw))
            operators += 1
            spaced = spaced or raw != "-" or text[start - 1:start].isspace() or text[end:end + 1].isspace()
        elif kind == "word":
            out.append(next(op for w, op in _WORD_OPERATORS if re.fullmatch(w, raw, re.I)))
            operators += 1
            spaced = True
        else:
            out.append(raw)
    if not operators or not spaced or not any(k == "num" for k, *_ in tokens):
        return None
    if [k for k, *_ in tokens] == ["num", "sci"]:
        return None                     # « 3.5 × 10^-5 » is one number written in scientific notation, not a sum to do
    expr = " ".join(out).replace("( ", "(").replace(" )", ")")
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError:
        return None
    if not isinstance(tree.body, ast.BinOp):
        return None                     # « + 2 » alone is a sign, not a computation
    return expr


LIST = re.compile(r"\[\s*(-?\d+(?:\.\d+)?(?:\s*[,;]\s*-?\d+(?:\.\d+)?)+)\s*\]|:\s*(-?\d+(?:\.\d+)?(?:\s*[,;]\s*"
                  r"-?\d+(?:\.\d+)?){2,})|\b(?:of|de|des|for|pour|between|entre)\s+(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*"
                  r"\s*(?:,\s*)?(?:and|et)\s+-?\d+(?:\.\d+)?)")


def statistic(text: str) -> str | None:
    """The expression of a statistic the request names over the list it gives (« population standard deviation
    of [12, 15, 18] », « la moyenne de : 4, 8, 15 »), exact (the mean as a fraction), for a calculator; None
    when it names none or gives no list."""
    from ..._words import words
    from .._arith import fmt
    found = LIST.search(text)
    if not found:
        return None
    listed = next(g for g in found.groups() if g)
    values = [v.strip() for v in re.split(r"[,;]|\band\b|\bet\b", listed) if v.strip()]
    names = words()["statistics"]
    low = text.lower()
    kind = next((k for k, cues in names.items() if k != "sample" and any(c in low for c in cues)), None)
    if kind is None:
        return None
    n = len(values)
    total = " + ".join(values)
    if kind == "sum":
        return total
    if kind == "mean":
        return f"({total}) / {n}"
    if kind == "median":
        ordered = sorted(values, key=float)
        return ordered[n // 2] if n % 2 else f"({ordered[n // 2 - 1]} + {ordered[n // 2]}) / 2"
    divisor = n - 1 if any(c in low for c in names["sample"]) else n
    mean = f"({fmt(sum(float(v) for v in values))} / {n})"
    spread = f"(({' + '.join(f'({v} - {mean}) ** 2' for v in values)}) / {divisor})"
    return spread if kind == "variance" else f"{spread} ** 0.5"


def operation(text: str) -> tuple[str, float | None]:
    """The operation a request names and its factor: « pour 3 personnes » → ("mul", 3), « TTC (20 %) » →
    ("mul", 1.2), « la moitié » → ("div", 2); ("sum", None) when it names none."""
    for pattern, kind, operand in OPERATIONS:
        m = pattern.search(text)
        if m:
            given = next((g for g in m.groups() if g), None) if m.groups() else None
            number = float(given.replace(",", ".")) if given else None
            if callable(operand):
                factor = operand(number) if number is not None else None
            else:
                factor = operand if operand is not None else number
            return kind, factor
    return "sum", None
