"""The mock exam's bank: data (bank.toml, one entry a question, checked against its schema), big enough, fair
(letters and lengths), across 1.1–1.7 and the exam's four scenarios, each question pointing at a heading that
exists in its lesson; the graded exam asks others."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import tomllib

from helpers.lessons import exercise
from helpers.lessons.ts2_1 import BANK, GRADED_TS
from helpers.lessons.ts2_1 import bank
from helpers.lessons.headings import heading_cells, key
from helpers.lessons.ts2_1.lessons import LESSONS
from helpers.widgets.quiz import LETTERS

ROOT = Path(__file__).resolve().parents[2]
MASTER = ROOT / "source" / "2.1-examen-blanc" / "2.1-examen-blanc.ipynb"
SCENARIOS = {"support client", "recherche multi-agents", "productivité des développeurs", "CI"}


def answer(q) -> str:
    return next(letter for letter in LETTERS if q.is_correct(letter))


def test_the_bank_is_data_one_toml_entry_a_question_with_every_field_and_nothing_else():
    raw = tomllib.loads(bank.SOURCE.read_text(encoding="utf-8"))
    assert set(raw) == {"question"}
    for entry in raw["question"]:
        assert set(entry) == set(bank.FIELDS), entry.get("id")
        assert list(entry["options"]) == list(LETTERS) and list(entry["why"]) == list(LETTERS), entry["id"]
        assert all(isinstance(entry[k], str) and entry[k].strip() for k in bank.FIELDS if k not in ("options", "why"))
        assert entry["ts"] in LESSONS and entry["scenario"] in SCENARIOS, entry["id"]
        assert re.fullmatch(r"2\.1\.e\d\d", entry["id"]) and re.fullmatch(r"[0-9a-f]{16}", entry["answer_key"])
    assert [q.id for q in BANK] == [entry["id"] for entry in raw["question"]]
    code = Path(bank.__file__).read_text(encoding="utf-8")
    assert "Juste" not in code and len(code.splitlines()) < 80   # no question lives in the code


@pytest.mark.parametrize("broken, said", [
    ({"title": None}, "champs attendus"),
    ({"options": {"A": "x", "B": "y", "C": "z"}}, "A, B, C et D"),
    ({"ts": "3.1"}, "inconnu"),
    ({"stem": "  "}, "non vide"),
])
def test_a_malformed_entry_is_refused_in_french_with_its_id(broken, said):
    raw = dict(tomllib.loads(bank.SOURCE.read_text(encoding="utf-8"))["question"][0])
    raw.update(broken)
    raw = {k: v for k, v in raw.items() if v is not None}
    with pytest.raises(bank.BankError, match=said) as error:
        bank.entry(raw)
    assert raw["id"] in str(error.value)


def test_at_least_sixty_questions_over_the_seven_task_statements_and_four_scenarios():
    assert len(BANK) >= 60 and len({q.id for q in BANK}) == len(BANK) and len({q.stem for q in BANK}) == len(BANK)
    per_ts = Counter(q.ts for q in BANK)
    assert set(per_ts) == set(LESSONS) and min(per_ts.values()) >= 8
    per_scenario = Counter(q.scenario for q in BANK)
    assert set(per_scenario) == SCENARIOS and min(per_scenario.values()) >= 10


def test_one_answer_and_an_explanation_for_every_option():
    for q in BANK:
        assert list(q.options) == list(LETTERS) and list(q.why) == list(LETTERS)
        assert sum(q.is_correct(letter) for letter in LETTERS) == 1, q.id
        assert all(len(q.why[letter]) > 40 for letter in LETTERS), q.id


def test_answers_are_balanced_over_the_letters():
    letters = Counter(answer(q) for q in BANK)
    assert max(letters.values()) - min(letters.values()) <= 3, letters


def test_the_length_of_an_option_gives_nothing_away():
    ranks = Counter(sorted(len(t) for t in q.options.values()).index(len(q.options[answer(q)])) for q in BANK)
    assert ranks[3] <= len(BANK) // 4, "la bonne réponse est trop souvent la plus longue"
    assert ranks[0] <= len(BANK) // 3, "la bonne réponse est trop souvent la plus courte"


def headings(ts: str) -> set[str] | None:
    master = next((ROOT / "source").glob(f"{LESSONS[ts].split('/')[0]}/*.ipynb"), None)
    if master is None:
        return None
    cells = json.loads(master.read_text())["cells"]
    return {line[3:].strip() for c in cells if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines() if line.startswith("## ")}


@pytest.mark.parametrize("ts", sorted(LESSONS))
def test_each_question_points_at_a_heading_of_its_lesson(ts):
    found = headings(ts)
    if found is None:
        pytest.skip(f"la leçon {ts} n'est pas encore dans ce dépôt")
    for q in (q for q in BANK if q.ts == ts):
        assert q.section in found, (q.id, q.section)
        assert q.link.startswith(f"../{LESSONS[ts]}#cell-id=")


@pytest.mark.parametrize("ts", sorted(LESSONS))
def test_each_link_lands_on_the_cell_whose_first_heading_it_names(ts):
    """JupyterLab reaches a heading with an accent only by its cell (helpers/lessons/headings.py); the cell must
    open on that heading, not on another one above it."""
    path = ROOT / "release" / LESSONS[ts]
    cells = {c["id"]: c for c in json.loads(path.read_text())["cells"]}
    assert heading_cells(path), path
    for q in (q for q in BANK if q.ts == ts):
        cell = cells[q.link.split("#cell-id=")[1]]
        first = next(line for line in "".join(cell["source"]).splitlines() if line.startswith("#"))
        assert key(first) == key(q.section), (q.id, q.section, first)


def test_the_graded_exam_asks_other_questions_one_or_two_per_task_statement():
    assert exercise("2.1.q").names == ("reponses_examen",) and exercise("2.1.q").questions == tuple(GRADED_TS)
    assert set(GRADED_TS.values()) == set(LESSONS)
    cells = json.loads(MASTER.read_text())["cells"]
    markdown = next("".join(c["source"]) for c in cells if "**Question 1.**" in "".join(c["source"]))
    stems = re.findall(r"\*\*Question \d+\.\*\* (.+)", markdown)
    assert len(stems) == len(GRADED_TS)
    bank_stems = {q.stem for q in BANK}
    assert not bank_stems & set(stems)
    key = next("".join(c["source"]) for c in cells if "CORRIGE = {" in "".join(c["source"]))
    titles = re.findall(r'"title": "(\d\.\d) — ', key)
    assert titles == [GRADED_TS[f"q{n}"] for n in range(1, len(GRADED_TS) + 1)]
