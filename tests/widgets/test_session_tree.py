"""The session tree: forks found from copied message uuids, runs stepped through in order."""
from __future__ import annotations

import json
from types import SimpleNamespace

from helpers.widgets.session_tree import SessionTree, read_sessions, runs, steps


def write_session(folder, sid, entries, title=None):
    lines = [{"type": "custom-title", "customTitle": title, "sessionId": sid}] if title else []
    for uuid, role, text in entries:
        lines.append({"type": role, "uuid": uuid, "sessionId": sid, "timestamp": "2026-11-30T10:00:00Z",
                      "message": {"role": role, "content": text}})
    (folder / f"{sid}.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")


def result(sid, text="ok"):
    return SimpleNamespace(session_id=sid, num_turns=1, result=text)


def test_forks_are_found_by_their_copied_messages_and_runs_become_steps(tmp_path):
    project = tmp_path / "-tmp-atelier"
    project.mkdir()
    base = [("u1", "user", "Analyse le module."), ("a1", "assistant", "Constats…"),
            ("u2", "user", "Relis tva.py."), ("a2", "assistant", "0.196")]
    write_session(project, "origine", base, "audit")
    # Copies carry the same uuids (and timestamps): the runs' order says who came first.
    write_session(project, "fork-b", base + [("u3b", "user", "Piste B"), ("a3b", "assistant", "B")], "audit")
    write_session(project, "fork-a", base + [("u3a", "user", "Piste A"), ("a3a", "assistant", "A")], "audit")
    write_session(project, "neuve", [("n1", "user", "Résumé…"), ("n2", "assistant", "0.20")])
    done = runs([("analyse", result("origine")), ("reprise", result("origine")), ("bifurcation A", result("fork-a")),
                 ("bifurcation B", result("fork-b")), ("nouvelle", result("neuve"))])
    found = read_sessions(tmp_path, [r.session_id for r in done])
    assert found["fork-a"].parent == "origine" and found["fork-a"].copied == 4
    assert found["fork-b"].parent == "origine"            # not fork-a: same prefix, born later
    assert found["origine"].parent is None and found["neuve"].parent is None
    assert [p for _i, p in found["fork-a"].own_prompts] == ["Piste A"]
    assert [s.kind for s in steps(found, done)] == ["nouvelle session", "reprise", "bifurcation", "bifurcation", "nouvelle session"]
    tree = SessionTree(found, done)
    tree.go(2)
    assert "bifurcation A : bifurcation" in tree.drawing.value and "copie" in tree.drawing.value
    tree.go(1)
    assert "reprise : reprise" not in tree.drawing.value and ">reprise</strong>" in tree.drawing.value
    assert "nouvelle" in tree.static_text() and "<svg" in tree.static_html()


def test_a_run_whose_session_file_is_missing_is_said_not_hidden(tmp_path):
    tree = SessionTree(read_sessions(tmp_path, ["absente"]), runs({"perdue": result("absente")}))
    assert "introuvable" in tree.static_html()


def test_no_runs_says_what_to_pass(tmp_path):
    assert "ResultMessage" in SessionTree({}, []).static_html()
