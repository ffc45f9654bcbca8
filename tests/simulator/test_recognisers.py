"""Recognisers (simulator/_engine/recognisers/): the only readers of values in text. Each kind finds its values in
French and English, overlaps keep the longer span, and a new kind is one class: registered, it reaches a tool's
parameter through the real HTTP simulator without any other table changing."""
from __future__ import annotations

import re

import pytest

from helpers.simulator._engine import recognisers as rc
from helpers.simulator._engine.recognisers import Recogniser, mentions, register


@pytest.mark.parametrize("text,lang,kind,value", [
    ("écrivez à anna.b@exemple.fr demain", "fr", "email", "anna.b@exemple.fr"),
    ("voir https://exemple.org/doc?id=3 svp", "fr", "url", "https://exemple.org/doc?id=3"),
    ("IBAN FR76 3000 6000 0112 3456 7890 189 merci", "fr", "iban", "FR7630006000011234567890189"),
    ("appelez le 06 12 34 56 78", "fr", "phone", "06 12 34 56 78"),
    ("la commande ORD-7781", "fr", "code", "ORD-7781"),
    ("my code is 0042", "en", "code", "0042"),
    ("Is AF1234 on time?", "en", "code", "AF1234"),
    ("le 14 mars 2027", "fr", "date", "2027-03-14"),
    ("on March 14, 2027", "en", "date", "2027-03-14"),
    ("le 3/4/2026", "fr", "date", "2026-04-03"),
    ("on 3/4/2026", "en", "date", "2026-03-04"),
    ("demain", "fr", "date", "2026-03-03"),
    ("à 10:30", "fr", "time", "10:30"),
    ("at 6pm", "en", "time", "18:00"),
    ("le 3 décembre 2026 à 14h", "fr", "datetime", "2026-12-03T14:00:00"),
    ("pendant 1h30", "fr", "duration", 5400),
    ("for 2 minutes", "en", "duration", 120),
    ("un budget de 12 345,6 €", "fr", "money", 12345.6),
    ("a budget of $12,345.6", "en", "money", 12345.6),
    ("3.5k dollars", "en", "money", 3500),
    ("un taux de 5 %", "fr", "percent", 5),
    ("19,5 degrés", "fr", "number", 19.5),
    ("the numbers 3,4,5", "en", "number", 4),
    ("trois croissants", "fr", "number", 3),
    ("a pH of 3.5e-5", "en", "number", 3.5e-5),
    ("Traduis « merci beaucoup »", "fr", "quoted", "merci beaucoup"),
    ("the function 2x^2", "en", "expression", "2x**2"),
    ("Taylor Swift and Maroon 5", "en", "name", "Maroon 5"),
    ("population of New York City, NY", "en", "name", "New York City, NY"),
    ("en allemand", "fr", "language", "allemand"),
    ("100 euros en dollars", "fr", "alias", "usd"),
    ("the dataset your_dataset_name", "en", "code", "your_dataset_name"),
    ("Open a ticket: the VPN is down.", "en", "tail", "the VPN is down"),
])
def test_each_recogniser_finds_its_kind(text, lang, kind, value):
    found = mentions(text, lang)
    assert any(m.kind == kind and m.value == value for m in found), [(m.kind, m.value) for m in found]


def test_overlapping_mentions_keep_the_longer_span():
    assert [m.kind for m in mentions("FR76 3000 6000 0112 3456 7890 189", "fr") if m.kind != "phrase"] == ["iban"]


def test_a_date_is_not_also_three_numbers_and_a_value_inside_a_date_is_never_used():
    found = [(m.kind, m.value) for m in mentions("le 14 mars 2027", "fr")]
    assert ("date", "2027-03-14") in found and not any(k == "number" for k, _ in found)


def test_the_cue_is_the_content_words_before_the_value_and_the_unit_the_word_after():
    (number,) = [m for m in mentions("a base of 10 units", "en") if m.kind == "number"]
    assert number.cue == ("base",) and number.after[0] == "unit"


def test_a_value_listed_after_another_shares_its_cue():
    paris, lyon = [m for m in mentions("la météo à Paris et à Lyon", "fr") if m.kind == "name"]
    assert lyon.cue == paris.cue


def test_the_words_of_a_conversation_are_read_by_recognisers_only():
    """No module of the engine but the recognisers, nor _form, _thinking or _constrain, imports `re` (anywhere in it,
    under any name): the values of a text are read out of it by recognisers only."""
    import ast
    from pathlib import Path
    engine = Path(rc.__file__).parent.parent
    readers = [p for p in engine.rglob("*.py") if "recognisers" not in p.relative_to(engine).parts]
    readers += [engine.parent / name for name in ("_form.py", "_thinking.py", "_constrain.py")]
    for path in readers:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            imported = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and not node.level else []
            assert not any(name == "re" or name.startswith("re.") for name in imported), path.name


def test_the_old_readers_are_gone():
    from pathlib import Path
    engine = Path(rc.__file__).parent.parent
    assert not (engine / "_reading.py").exists() and not (engine / "_filling.py").exists()


class Isbn(Recogniser):
    """A new kind: ISBN-13 (978-2-07-036822-8)."""
    kind, rank = "isbn", 1
    names = frozenset({"isbn"})
    PATTERN = re.compile(r"\b97[89][- ]?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?\d\b")

    def find(self, text, lang):
        for m in self.PATTERN.finditer(text):
            yield m.start(), m.end(), m.group(0).replace("-", "").replace(" ", ""), None


@pytest.fixture
def isbn():
    before = list(rc.REGISTRY)
    register(Isbn)
    yield
    rc.REGISTRY[:] = before
    rc.mentions.cache_clear()


def test_a_new_kind_is_one_recogniser_and_reaches_a_tool_through_the_http_simulator(isbn, client):
    """Registering the class is the whole change: the slot of a tool whose property is named so receives it."""
    from conftest import MODEL
    tools = [{"name": "find_book", "description": "Trouve un livre par son ISBN.",
              "input_schema": {"type": "object", "properties": {"isbn": {"type": "string"}}, "required": ["isbn"]}}]
    reply = client.messages.create(model=MODEL, max_tokens=300, tools=tools, messages=[
        {"role": "user", "content": "Trouve le livre 978-2-07-036822-8, s'il te plaît."}])
    calls = [b for b in reply.content if b.type == "tool_use"]
    assert [(c.name, c.input) for c in calls] == [("find_book", {"isbn": "9782070368228"})]
