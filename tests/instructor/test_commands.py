"""The instructor's commands answer in French what they were asked, whatever was typed."""
from __future__ import annotations


def test_noter_takes_an_assignment_by_its_number_and_names_an_unknown_one(tmp_path, monkeypatch, capsys):
    """`./cours noter 1.1` said « Aucune copie soumise » (no such assignment): now 1.1 is 1.1-boucles-…,
    and a name that matches no assignment, or several, is said so with the list of assignments."""
    from helpers.grading.trusted import cohort
    (tmp_path / "nbgrader_config.py").write_text("")
    for name in ("1.1-boucles", "1.10-autre", "1.2-sous-agents"):
        (tmp_path / "source" / name).mkdir(parents=True)
    asked = []
    monkeypatch.setattr(cohort, "grade_course", lambda root, names, **kw: asked.append(names) or {("x", "y"): (True, 0, "")})
    assert cohort.main(["1.1", "--root", str(tmp_path)]) == 0
    assert cohort.main(["1.2-sous-agents", "1.10", "--root", str(tmp_path)]) == 0
    assert asked == [["1.1-boucles"], ["1.2-sous-agents", "1.10-autre"]]
    capsys.readouterr()
    assert cohort.main(["1.9", "--root", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert "Devoir inconnu : 1.9" in out and "1.1-boucles, 1.2-sous-agents, 1.10-autre" in out
    assert cohort.main(["1.", "--root", str(tmp_path)]) == 2 and asked == [["1.1-boucles"], ["1.2-sous-agents", "1.10-autre"]]
