"""The analysis session (1.7) as the simulated model plays it, read from requests shaped like the CLI's."""
from __future__ import annotations

import helpers
from helpers.simulator._conversation import Conversation
from helpers.simulator._playbooks import sessions

CWD = "/tmp/atelier"
NOTES = {"role": "system", "content": f"# Environment\n - Primary working directory: {CWD}\n"}
READ = {"name": "Read", "description": "Reads a file.", "input_schema": {
    "type": "object", "properties": {"file_path": {"type": "string"}}, "required": ["file_path"]}}


def body(*messages):
    return {"model": "claude-sonnet-5-5", "max_tokens": 1024, "tools": [READ], "messages": [*messages, NOTES]}


def read(call_id, path):
    return {"type": "tool_use", "id": call_id, "name": "Read", "input": {"file_path": f"{CWD}/{path}"}}


def result(call_id, text):
    return {"type": "tool_result", "tool_use_id": call_id, "content": text}


ASK = "Analyse facturation/tva.py et facturation/remise.py : relève leurs constantes."
FIRST = [
    {"role": "user", "content": ASK},
    {"role": "assistant", "content": [{"type": "text", "text": "Je lis."}, read("t1", "facturation/tva.py"),
                                      read("t2", "facturation/remise.py")]},
    {"role": "user", "content": [result("t1", "1\tTAUX_TVA = 0.196\n"), result("t2", "1\tREMISE_MAX = 0.30\n")]},
    {"role": "assistant", "content": "Constats :\n- facturation/tva.py : TAUX_TVA = 0.196\n"
                                     "- facturation/remise.py : REMISE_MAX = 0.30"},
]


def decide(b):
    return sessions.PLAYBOOK.respond(Conversation(b))


def test_files_named_in_the_request_are_read_at_once_with_absolute_paths():
    reply = decide(body({"role": "user", "content": ASK}))
    calls = [b for b in reply.blocks if b["type"] == "tool_use"]
    assert [c["input"]["file_path"] for c in calls] == [f"{CWD}/facturation/tva.py", f"{CWD}/facturation/remise.py"]


def test_a_resumed_session_that_rereads_a_changed_file_still_answers_with_the_old_value():
    again = "facturation/tva.py a changé : relis-le, puis donne le taux de TVA appliqué."
    reply = decide(body(*FIRST, {"role": "user", "content": again}))
    assert [b["input"]["file_path"] for b in reply.blocks if b["type"] == "tool_use"] == [f"{CWD}/facturation/tva.py"]
    after = decide(body(*FIRST, {"role": "user", "content": again},
                        {"role": "assistant", "content": [read("t3", "facturation/tva.py")]},
                        {"role": "user", "content": [result("t3", "1\tTAUX_TVA = 0.20\n")]}))
    assert "TAUX_TVA vaut 0.196" in after.blocks[0]["text"]


def test_a_fresh_session_with_a_summary_reads_only_the_changed_file_and_answers_right():
    summary = ("Constats encore valides :\n- facturation/remise.py : REMISE_MAX = 0.30\n"
               "À relire avant de conclure : facturation/tva.py\nQuel taux de TVA ?")
    reply = decide(body({"role": "user", "content": summary}))
    assert [b["input"]["file_path"] for b in reply.blocks if b["type"] == "tool_use"] == [f"{CWD}/facturation/tva.py"]
    after = decide(body({"role": "user", "content": summary},
                        {"role": "assistant", "content": [read("t1", "facturation/tva.py")]},
                        {"role": "user", "content": [result("t1", "1\tTAUX_TVA = 0.20\n")]}))
    assert "TAUX_TVA vaut 0.20" in after.blocks[0]["text"] and "REMISE_MAX = 0.30" in after.blocks[0]["text"]


def test_a_stale_finding_kept_in_the_summary_still_anchors_the_answer():
    summary = ("Constats :\n- facturation/tva.py : TAUX_TVA = 0.196 (périmé)\n"
               "Fichiers modifiés, à relire : facturation/tva.py\nQuel taux de TVA ?")
    after = decide(body({"role": "user", "content": summary},
                        {"role": "assistant", "content": [read("t1", "facturation/tva.py")]},
                        {"role": "user", "content": [result("t1", "1\tTAUX_TVA = 0.20\n")]}))
    assert "TAUX_TVA vaut 0.196" in after.blocks[0]["text"]


def test_other_conversations_are_left_to_other_playbooks():
    assert decide(body({"role": "user", "content": "Rappelle-moi ce que je t'ai demandé plus tôt."})) is None
    assert decide(body(*FIRST, {"role": "user", "content": "Piste A : des tests. Rappelle-moi ma demande."})) is None
    no_read = body({"role": "user", "content": ASK})
    no_read["tools"] = []
    assert decide(no_read) is None


def test_the_default_simulator_routes_cli_reads_to_this_playbook():
    sim = helpers.Simulator()
    name, _ = sim.answer(body({"role": "user", "content": ASK}))
    assert name == "session d'analyse"
