"""The simulated reviewer (1.6): close reading of one file, attention that thins out over many, an integration pass."""
from __future__ import annotations

import json

import pytest

from conftest import MODEL
from helpers.lessons.ts1_6 import scenario


def ask(client, prompt):
    reply = client.messages.create(model=MODEL, max_tokens=2048, messages=[{"role": "user", "content": prompt}])
    return json.loads(reply.content[0].text)


@pytest.mark.parametrize("seed", range(6))
def test_one_file_alone_every_planted_defect_is_found_and_the_interface_described(client, seed):
    pr = scenario.generate(seed, 6)
    for f in pr.files:
        result = ask(client, f"Revue du fichier {f.path} :\n\n{f.source()}")
        assert len(result["findings"]) == len(f.defects), (f.path, f.defects, result)
        assert all(d["file"] == f.path and d["line"] >= 1 for d in result["findings"])
        assert [e for e in result["interface"]["exports"] if e.startswith("exporte ")]


def test_one_long_pass_reads_the_first_files_closely_and_misses_the_bug_in_file_11(client):
    pr = scenario.demo()
    result = ask(client, "Revue de cette pull request :\n\n" + "\n\n".join(pr.sources.values()))
    by_file = {}
    for d in result["findings"]:
        by_file.setdefault(d["file"], []).append(d)
    paths = list(pr.sources)
    assert paths[1] in by_file and paths[2] in by_file          # files 2 and 3: read closely
    assert paths[8] not in by_file                              # file 9: same pattern as file 2, not flagged
    assert pr.planted(paths[10]) and paths[10] not in by_file   # file 11: planted bug missed
    assert "interface" not in result


def test_the_integration_pass_compares_interfaces_and_finds_the_mismatch(client):
    pr = scenario.demo()
    local = {p: ask(client, f"Revue du fichier {p} :\n\n{s}") for p, s in pr.sources.items()}
    # ensure_ascii=True: the reviewer still reads escaped text
    cross = ask(client, "Passe d'intégration sur ces constats :\n" + json.dumps(local))
    caller, callee, name = pr.cross
    assert len(cross["findings"]) == 1
    assert cross["findings"][0]["files"] == [caller, callee] and name in cross["findings"][0]["finding"]
    names_only = ask(client, "Passe d'intégration : vérifie la cohérence entre " + ", ".join(pr.sources))
    assert names_only["findings"] == [] and "interface" in names_only["note"]


def test_an_import_cycle_and_a_missing_export_are_reported(client):
    text = ("Intégration. a/x.py : exporte f(n) ; importe g(m) depuis a/y.py\n"
            "a/y.py : exporte g(m) ; importe f(n) depuis a/x.py ; importe h() depuis a/x.py")
    findings = ask(client, text)["findings"]
    kinds = " | ".join(d["finding"] for d in findings)
    assert "n'exporte pas h" in kinds and "circulaire" in kinds


def test_a_question_without_code_or_interfaces_is_left_to_other_playbooks(client):
    reply = client.messages.create(model=MODEL, max_tokens=256, messages=[{"role": "user", "content": "Bonjour !"}])
    assert not reply.content[0].text.startswith("{")
