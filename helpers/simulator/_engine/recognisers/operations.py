"""Operations on a text the request gives to work on: what a deterministic model can honestly do with it.

A request names an operation by its words (data/form.toml, [operations]: each operation lists groups of cue
words, one of each group must be there) and gives its input (after « Input: », inside a tag, or after a
colon). The operations read and write *lines of data*, « value: label », so that they chain the way a prompt
chain passes one step's text to the next:

- ``numbers``: the numbers of the text with what each measures (« Revenue grew by 45% » → 45%: revenue);
- ``percentages``: values put as percentages where they are points or percents, as decimals otherwise;
- ``sort``: the lines by their value, descending when asked;
- ``table``: the lines as a Markdown table, with the columns the prompt names;
- ``summary``: the given text's opening sentences, word for word (an extractive summary).

Nothing is invented: an operation whose input holds nothing to work on does not apply, and the model says
its notice instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..._words import words
from .text import given_text, occurrences, tagged

INPUT = re.compile(r"(?:^|\n)\s*(?:input|entrée|texte|text|données|data)\s*:\s*", re.I)
NUMBER = re.compile(r"(?P<pre>[$€£])?\s?(?<![\w.,])(?P<num>\d+(?:[.,]\d+)?)(?P<post>\s?%|\s?(?:points?|pts|pp)\b|"
                    r"\s?(?:€|\$|£|euros?|dollars?)|\s(?!(?:per|par|this|ce|cette|in|en|on|sur|of|de|du|des|from|to|"
                    r"contre|vs|and|et|a|à|au|the|le|la|les|compared|comparé)\b)[A-Za-zÀ-ÿ]{1,12}\b)?", re.I)
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
LINE = re.compile(r"^\s*[-*•]?\s*(?P<value>[$€£]?\s?-?\d+(?:[.,]\d+)?(?:\s?%|\s[A-Za-zÀ-ÿ]{1,12})?)\s*:\s*"
                  r"(?P<label>.+?)\s*$", re.I | re.M)
HEADER = re.compile(r"^\s*\|(?P<cells>(?:[^|\n]+\|)+)\s*$", re.M)


@dataclass
class Row:
    value: str
    label: str

    @property
    def number(self) -> float:
        return float(re.sub(r"[^\d.,-]", "", self.value).replace(",", ".") or 0)


def given_input(text: str) -> str:
    """What the operation works on: after the last « Input: », else inside the longest tag, else after a colon."""
    marked = INPUT.split(text)
    if len(marked) > 1:
        return marked[-1].strip()
    return given_text(text) if tagged(text) else text.split(":", 1)[1].strip() if ":" in text else ""


def _asked(text: str) -> list[str]:
    """The operations the request names, in the table's order (a request may name several)."""
    low = text.lower()
    out = []
    for name, groups in words()["operations"]["cues"].items():
        if all(any(occurrences(w, low) for w in group) for group in groups):
            out.append(name)
    return out


def perform(request: str, lang: str) -> str | None:
    """The answer the named operations give on the request's input, or None when none applies."""
    marked = INPUT.split(request)
    instruction = marked[0] if len(marked) > 1 else request
    names = _asked(instruction)
    if not names:
        return None
    given = given_input(request)
    if "summary" in names:
        return summary(given, instruction)
    rows = rows_of(given)
    table = None
    for name in names:
        if name == "numbers":
            rows = numbers(given, lang)
        elif name == "percentages":
            rows = [percentage(r) for r in rows]
        elif name == "sort":
            descending = any(w in instruction.lower() for w in words()["operations"]["descending"])
            rows = sorted(rows, key=lambda r: r.number, reverse=descending)
        elif name == "table":
            table = markdown(rows, instruction)
    if not rows:
        return None
    if table:
        return table
    shape = _line_shape(instruction)
    return "\n".join(shape.format(value=r.value, label=r.label) for r in rows)


def translation(request: str) -> str | None:
    """A short fixed phrase of the phrasebook (data/form.toml [phrasebook]) in the language the request asks for
    (« Traduis « bonne nuit » en espagnol » → buenas noches); None for anything the phrasebook does not hold."""
    from .. import _lexicon as lex
    from . import all_of, languages
    book = words()["phrasebook"]
    folded = lex.fold(request)
    if not any(lex.fold(c) in folded for c in book["cues"]):
        return None
    targets = languages(request)
    quoted = all_of("quoted", request)
    cue = "|".join(re.escape(lex.fold(c)) for c in book["cues"])
    said = re.search(rf"(?:{cue})\s*:?\s*(.+?)\s+(?:en|in|into|vers)\s+[a-z]+\W*$", folded)
    asked = lex.fold(quoted[0]) if quoted else (said.group(1) if said else "")
    asked = asked.strip(" '\"«»“”.!?")           # the phrase to translate, whole: never a word inside a sentence
    for row in book["rows"]:
        for code, phrase in row.items():
            if asked == lex.fold(phrase):
                wanted = next((t for t in reversed(targets) if t in row and t != code), None)
                if wanted:
                    return row[wanted]
    return None


def summary(text: str, instruction: str) -> str | None:
    """An extractive summary of the given text: its opening sentences (one when one is asked, else two), word for
    word — what a model can say of a text without making anything up."""
    sentences = [s.strip() for s in SENTENCE.split(" ".join(text.split())) if len(s.strip()) > 2]
    if not sentences or len(" ".join(sentences)) < 40:
        return None
    one = any(c in instruction.lower() for c in words()["cues"]["sentence"])
    return " ".join(sentences[:1 if one else 2])


def rows_of(text: str) -> list[Row]:
    """Lines « value: label » (or « label: value ») of a text, as rows."""
    rows = [Row(m.group("value").strip(), m.group("label").strip()) for m in LINE.finditer(text)]
    if rows:
        return rows
    flipped = re.finditer(r"^\s*[-*•]?\s*(?P<label>[^:\n]{2,60}?)\s*:\s*(?P<value>[$€£]?\s?-?\d+(?:[.,]\d+)?\s?%?)\s*$",
                          text, re.M)
    return [Row(m.group("value").strip(), m.group("label").strip()) for m in flipped]


def numbers(text: str, lang: str) -> list[Row]:
    """Each number of the text with what it measures: the sentence's subject, without its opening words and
    the verb that follows (« Our customer satisfaction score rose to 92 points » → 92: customer satisfaction);
    a second number after « from » / « de » is the earlier value."""
    table = words()["operations"]
    verbs = "|".join(re.escape(v) for v in sorted(table["verbs"], key=len, reverse=True))
    out: list[Row] = []
    for sentence in SENTENCE.split(text):
        sentence = sentence.strip()
        found = [m for m in NUMBER.finditer(sentence) if not _is_year(m, sentence)]
        if not found or sentence.endswith(":"):
            continue
        subject = re.split(rf"\b(?:{verbs})\b", sentence[:found[0].start()], maxsplit=1, flags=re.I)[0]
        words_ = [w for w in re.findall(r"[\w'-]+", subject) if w.lower() not in table["openers"]]
        label = " ".join(words_).lower().strip()
        if not label:
            continue
        for index, m in enumerate(found):
            before = sentence[:m.start()].lower().split()[-1:] or [""]
            earlier = index and before[0] in table["earlier"]
            post = (m.group("post") or "").strip()
            post = "" if re.fullmatch(r"points?|pts|pp", post, re.I) else post   # 92 points is shown 92
            value = (m.group("pre") or "") + m.group("num") + ("" if post in ("", "%") else " ") + post
            name = label if not earlier else (f"{label} (avant)" if lang == "fr" else f"previous {label}")
            out.append(Row(value.strip(), name))
    return out


def _is_year(m: re.Match, sentence: str) -> bool:
    return not m.group("post") and not m.group("pre") and len(m.group("num")) == 4 and m.group("num")[:2] in ("19", "20")


def percentage(row: Row) -> Row:
    """Points and percents as percents (92 points → 92%); other values as decimals ($43 → 43.0)."""
    if row.value.endswith("%"):
        return row
    if re.search(r"[$€£]|euros?|dollars?", row.value, re.I):
        return Row(f"{row.number:.1f}", row.label)
    if re.search(r"[A-Za-zÀ-ÿ]", row.value):
        return row                              # 3 days is neither a percent nor a bare decimal: kept as said
    return Row(f"{row.number:g}%", row.label)


def _line_shape(instruction: str) -> str:
    """« value: metric » or « metric: value », as the prompt shows it; value first when it does not say."""
    shown = re.search(r"['\"«]\s*(\w+)\s*:\s*(\w+)\s*['\"»]", instruction)
    if shown and shown.group(1).lower() in words()["operations"]["value_words"]:
        return "{value}: {label}"
    if shown and shown.group(2).lower() in words()["operations"]["value_words"]:
        return "{label}: {value}"
    return "{value}: {label}"


def markdown(rows: list[Row], instruction: str) -> str | None:
    """The rows as a Markdown table: the header and alignment row the prompt shows, the value in the column whose
    name says so, labels in the case the prompt's example row uses."""
    if not rows:
        return None
    headers = [h for h in HEADER.finditer(instruction)]
    cells = [c.strip() for c in headers[0].group("cells").split("|") if c.strip()] if headers else ["Label", "Value"]
    align = next((h.group(0).strip() for h in headers[1:2] if re.fullmatch(r"[|:\-\s]+", h.group(0))), None)
    value_words = set(words()["operations"]["value_words"])
    value_col = next((i for i, c in enumerate(cells) if c.lower() in value_words), len(cells) - 1)
    example = headers[2].group("cells") if len(headers) > 2 else ""
    titled = bool(re.search(r"\b[A-Z][a-z]+ [A-Z][a-z]+", example))
    lines = ["| " + " | ".join(cells) + " |", align or "|" + "|".join("---" for _ in cells) + "|"]
    for row in rows:
        label = row.label.title() if titled else row.label
        values = [row.value if i == value_col else label for i in range(len(cells))]
        lines.append("| " + " | ".join(values) + " |")
    return "\n".join(lines)
