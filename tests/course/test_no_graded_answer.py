"""No graded answer reaches learners: neither a graded question's right letter nor its key's texts (title,
explanations) appears anywhere in the learner edition or in release/, whatever module or notebook holds it.

The key of every graded check lives only in its master notebook's hidden test (`CORRIGE = {…}`); this test
reads every key from source/, then searches every text the learners receive: files as they are, notebooks'
cells unescaped, and Python modules as the strings they define (implicit concatenation joined, so that a
sentence cut over two lines is still found). A title alone is no secret (a rehearsal question may share it);
a letter alone proves nothing (« B » is everywhere): a letter
counts as given away when an answer phrase (« la bonne réponse était B », "answer": "B") stands near
something that names the graded question (its title, the opening of its stem, its right option's text),
when a module's string « B » follows such a name closely (a table of titles and letters), or when the widgets' stored form of an answer (quiz.key) of a graded question is found.
"""
from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ANSWER_PHRASE = re.compile(r"(?:bonne\s+réponse\s+(?:était|est)|réponse\s+juste|corrigé|answer|right|correct)"
                           r"\W{0,12}([ABCD])\b", re.I)


@dataclass(frozen=True)
class Graded:
    assignment: str
    qid: str
    answer: str
    title: str
    why: tuple[str, ...]
    stem: str = ""
    right_option: str = ""


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _keys(master: Path) -> list[dict]:
    keys = []
    for cell in json.loads(master.read_text())["cells"]:
        source = "".join(cell["source"])
        for body in re.findall(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", source, re.S):
            for node in ast.walk(ast.parse(body)):
                if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "CORRIGE" for t in node.targets):
                    keys.append(ast.literal_eval(node.value))
    return keys


def _question_text(release: Path, number: int) -> tuple[str, dict[str, str]]:
    """The stem and options of « Question n » in the student notebook (what learners see, on purpose)."""
    text = "\n".join("".join(c["source"]) for c in json.loads(release.read_text())["cells"] if c["cell_type"] == "markdown")
    found = re.search(rf"\*\*Question {number}\.\*\*(.*?)(?=\*\*Question {number + 1}\.\*\*|\Z)", text, re.S)
    if not found:
        return "", {}
    block = found.group(1)
    options = dict(re.findall(r"\*\*([ABCD])\.\*\*\s*(.+)", block))
    stem = block.split("- **A.**")[0]
    return normalise(stem), {k: normalise(v) for k, v in options.items()}


def graded_questions() -> list[Graded]:
    out = []
    for master in sorted((ROOT / "source").glob("*/*.ipynb")):
        release = ROOT / "release" / master.parent.name / master.name
        for key in _keys(master):
            for number, (qid, entry) in enumerate(key.items(), start=1):
                stem, options = _question_text(release, number) if release.is_file() else ("", {})
                answer = entry["answer"].strip().upper()
                out.append(Graded(master.parent.name, qid, answer, normalise(entry["title"]),
                                  tuple(normalise(w) for w in entry["why"].values()), stem, options.get(answer, "")))
    return out


GRADED = graded_questions()


def test_every_graded_check_has_a_key_and_its_question_is_found_in_the_student_notebook():
    assignments = {g.assignment for g in GRADED}
    assert len(assignments) >= 8 and len(GRADED) >= 25
    for g in GRADED:
        assert g.answer in "ABCD" and len(g.why) == 4 and g.title, g
        assert g.stem and g.right_option, f"{g.assignment} {g.qid} : question introuvable dans release/"


def _python_strings(text: str) -> str:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return ""
    return " | ".join(normalise(n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str))


def corpus(folder: Path) -> dict[str, str]:
    """Every text learners receive under `folder`, in the forms a search must see."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text()
        except (UnicodeDecodeError, OSError):
            continue
        name = str(path.relative_to(folder))
        out[name] = normalise(text)
        if path.suffix == ".ipynb":
            cells = json.loads(text)["cells"]
            out[name + " (cellules)"] = normalise("\n".join("".join(c["source"]) for c in cells))
            for cell in cells:
                if cell["cell_type"] == "code":
                    out[name + " (chaînes)"] = out.get(name + " (chaînes)", "") + " | " + _python_strings("".join(cell["source"]))
        elif path.suffix == ".py":
            out[name + " (chaînes)"] = _python_strings(text)
    return out


def leaks(texts: dict[str, str]) -> list[str]:
    from helpers.widgets.quiz import key
    found = []
    for g in GRADED:
        names = [n for n in (g.title, g.stem[:60], g.right_option) if len(n) >= 12]
        exercise = g.assignment.split("-")[0]
        hashes = {key(qid, g.answer) for qid in (g.qid, f"{exercise}.{g.qid}", f"{exercise}.q.{g.qid}")}
        for name, text in texts.items():
            for why in g.why:
                if why[:80] in text:
                    found.append(f"{name} : explication du corrigé {g.assignment} {g.qid} (« {why[:50]}… »)")
            for digest in hashes:
                if digest in text:
                    found.append(f"{name} : réponse chiffrée (quiz.key) de {g.assignment} {g.qid}")
            for ident in names:
                for at in (m.start() for m in re.finditer(re.escape(ident), text)):
                    window = text[max(0, at - 400):at + len(ident) + 400]
                    after = text[at + len(ident):at + len(ident) + 40]
                    if any(m.group(1).upper() == g.answer for m in ANSWER_PHRASE.finditer(window)) or \
                            (name.endswith("(chaînes)") and re.search(rf"\|\s*{g.answer}\s*(\||$)", after)):
                        found.append(f"{name} : la lettre juste de {g.assignment} {g.qid} ({g.answer}) près de "
                                     f"« {ident[:40]} »")
    return sorted(set(found))


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    """The learner edition as tools/learner_edition.py builds it (tests/grading/test_learner_edition.py runs the
    command itself)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import learner_edition
    return learner_edition.build(tmp_path_factory.mktemp("edition") / "cours-etudiant")


def test_no_graded_answer_is_in_the_learner_edition(edition):
    assert leaks(corpus(edition)) == []


def test_no_graded_answer_is_in_release():
    assert leaks(corpus(ROOT / "release")) == []


def test_the_search_finds_a_key_planted_anywhere(tmp_path):
    """The search itself discriminates: a module holding one graded letter, a copied explanation, a title."""
    g = next(x for x in GRADED if x.assignment.startswith("2.1"))
    (tmp_path / "a.py").write_text(f'DEMO = [("Question 1 — {g.title}", "vous avez choisi A ; la bonne "\n'
                                   f'         "réponse était {g.answer}")]\n')
    (tmp_path / "b.py").write_text(f'TEXTE = ("{g.why[1][:40]}"\n         "{g.why[1][40:]}")\n')
    (tmp_path / "c.md").write_text(f"{g.right_option}\n\nLa bonne réponse est {g.answer}.\n")
    other = "ABCD"[("ABCD".index(g.answer) + 1) % 4]
    (tmp_path / "d.py").write_text(f'TABLE = [("{g.title}", 0.3, "{other}", "{g.answer}")]\n')
    found = leaks(corpus(tmp_path))
    assert any(f.startswith("d.py (chaînes)") and "lettre juste" in f for f in found)
    assert any(f.startswith("a.py (chaînes)") and "lettre juste" in f for f in found)
    assert any(f.startswith("b.py (chaînes)") and "explication" in f for f in found)
    assert any(f.startswith("c.md") and "lettre juste" in f for f in found)


def test_the_dashboard_demo_is_made_of_practice_questions_only():
    from helpers.instructor import dashboard
    quiz = dashboard.demo().failures
    quiz = quiz[quiz["exercise"].str.endswith(".q")]
    assert len(quiz) > 10
    texts = {"démo": normalise(" ".join(quiz["rule"] + " — " + quiz["detail"]))}
    assert leaks(texts) == []
    practice = {normalise(q.title) for q in _practice_questions()}
    assert {rule.split(" — ", 1)[1].split(" — ")[-1] for rule in quiz["rule"]} <= practice


def _practice_questions():
    from helpers.lessons import ts1_1, ts1_5
    from helpers.lessons.ts2_1 import BANK
    return list(ts1_1.QUESTIONS) + list(ts1_5.QUESTIONS) + list(BANK)
