"""The real Agent SDK CLI, offline, end to end: MCP tools, hooks, subagents, sessions."""
from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from claude_agent_sdk import AgentDefinition, AssistantMessage, HookMatcher, ResultMessage, query

import helpers
from solutions.support import ASK_REFUND, support_server

pytestmark = [pytest.mark.cli, pytest.mark.timeout(120)]


def run(prompt: str, **options) -> list:
    async def go():
        return [m async for m in query(prompt=prompt, options=helpers.agent_options(**options))]
    return anyio.run(go)



def test_a_pretooluse_deny_stops_an_mcp_tool_and_the_model_reads_the_reason():
    executed: list = []
    reason = "Remboursement > 500 : refusé. Appelez escalate_to_human avec le dossier."

    async def deny_big_refunds(input_data, tool_use_id, context):
        if float(input_data["tool_input"].get("amount", 0)) > 500:
            return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                           "permissionDecisionReason": reason}}
        return {}

    mark = helpers.simulator().log.mark()
    messages = run(ASK_REFUND, mcp_servers={"support": support_server(executed)},
                   allowed_tools=["mcp__support__get_customer", "mcp__support__lookup_order",
                                  "mcp__support__process_refund", "mcp__support__escalate_to_human"],
                   hooks={"PreToolUse": [HookMatcher(matcher="mcp__support__process_refund",
                                                     hooks=[deny_big_refunds])]})
    names = [name for name, _ in executed]
    assert "process_refund" not in names
    assert names[-1] == "escalate_to_human"
    assert executed[-1][1]["customer_id"] == "C-2048" and executed[-1][1]["order_id"] == "ORD-7781"
    denied = [b for e in helpers.simulator().log.since(mark) for m in e.messages if m["role"] == "user"
              and isinstance(m["content"], list) for b in m["content"]
              if b.get("type") == "tool_result" and b.get("is_error")]
    assert denied and reason in json.dumps(denied[0], ensure_ascii=False)
    result = [m for m in messages if isinstance(m, ResultMessage)][-1]
    assert result.subtype == "success" and "conseiller" in result.result


def test_a_plain_tool_name_matcher_does_not_match_the_mcp_name():
    executed: list = []

    async def deny_all(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "non"}}

    run(ASK_REFUND, mcp_servers={"support": support_server(executed, amount=40)},
        allowed_tools=["mcp__support__get_customer", "mcp__support__lookup_order", "mcp__support__process_refund"],
        hooks={"PreToolUse": [HookMatcher(matcher="process_refund", hooks=[deny_all])]})
    assert "process_refund" in [name for name, _ in executed]


def test_two_subagents_run_in_parallel_each_with_only_its_own_context():
    mark = helpers.simulator().log.mark()
    messages = run(
        "Les technologies de stockage d'énergie en 2026",
        system_prompt="Tu coordonnes une recherche : lance les subagents en parallèle puis fais la synthèse.",
        allowed_tools=["Agent"],
        agents={
            "web-researcher": AgentDefinition(description="Cherche des sources publiques sur un sous-thème.",
                                              prompt="Tu es le chercheur web.", tools=["WebSearch"]),
            "doc-analyst": AgentDefinition(description="Analyse les documents internes.",
                                           prompt="Tu es l'analyste de documents.", tools=["Read"]),
        })
    log = helpers.simulator().log.since(mark)
    coordinator = [e for e in log if "cc_is_subagent=true" not in json.dumps(e.request.get("system"))]
    subagents = [e for e in log if "cc_is_subagent=true" in json.dumps(e.request.get("system"))]
    launch = coordinator[0].response["content"]
    assert sorted(b["input"]["subagent_type"] for b in launch if b["type"] == "tool_use") == ["doc-analyst", "web-researcher"]
    by_agent = {}
    for e in subagents:
        tools = [t["name"] for t in e.request["tools"]]
        first_user = e.messages[0]["content"]
        assert "Les technologies de stockage" in first_user and "Tu coordonnes" not in json.dumps(e.request)
        by_agent["web" if "chercheur web" in json.dumps(e.request["system"]) else "doc"] = tools
    assert by_agent == {"web": ["WebSearch"], "doc": ["Read"]}
    final = [m for m in messages if isinstance(m, ResultMessage)][-1].result
    assert "web-researcher" in final and "doc-analyst" in final and "Synthèse" in final


def session_file(session_id: str) -> Path:
    return next((helpers.workspace() / "claude" / "projects").glob(f"*/{session_id}.jsonl"))


def test_resume_keeps_the_history_and_fork_branches_off_leaving_the_original_intact():
    first = [m for m in run("Le projet s'appelle Orion.") if isinstance(m, ResultMessage)][-1]
    original = first.session_id
    resumed = [m for m in run("Rappelle-moi ce que je t'ai demandé plus tôt.", resume=original)
               if isinstance(m, (ResultMessage, AssistantMessage))]
    assert "Orion" in resumed[-1].result and resumed[-1].session_id == original
    before = session_file(original).read_text()
    forked = [m for m in run("Rappelle-moi ce que je t'ai demandé plus tôt.", resume=original, fork_session=True)
              if isinstance(m, ResultMessage)][-1]
    assert forked.session_id != original
    assert "Orion" in forked.result
    assert session_file(original).read_text() == before
    assert session_file(forked.session_id).exists()


def test_the_clis_simple_mode_runs_offline():
    """CLAUDE_CODE_SIMPLE=1 (what `--bare` sets) ends each request with an effort-only system message, empty
    content: the real API accepts it (« Per-message effort »), so the simulator must too."""
    messages = run("Bonjour", env={"CLAUDE_CODE_SIMPLE": "1"})
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.subtype == "success" and not result.is_error, result


def test_thinking_turned_on_in_the_agent_sdk_brings_thinking_blocks_offline():
    from claude_agent_sdk import ThinkingBlock
    messages = run("Combien font 17 fois 23 ?", thinking={"type": "enabled", "budget_tokens": 2000})
    blocks = [b for m in messages if isinstance(m, AssistantMessage) for b in m.content]
    thoughts = [b for b in blocks if isinstance(b, ThinkingBlock)]
    assert thoughts and "17 * 23" in thoughts[0].thinking and thoughts[0].signature
    assert [m for m in messages if isinstance(m, ResultMessage)][-1].result == "17 * 23 = 391."


def test_a_claude_sonnet_5_session_opens_without_a_refused_request():
    """The pinned CLI opens each session with an environment note as a `system` message right after the user's
    (messages.1), with no beta header for claude-sonnet-5. The real API takes it from Claude Opus 4.8 on (docs,
    « Mid-conversation system messages »): the simulator refused it with `messages.1.role`, and the CLI retried."""
    mark = helpers.simulator().log.mark()
    messages = run("Bonjour", model="claude-sonnet-5", max_turns=1)
    log = helpers.simulator().log.since(mark)
    assert [e.status for e in log] == [200], [e.error_message for e in log]
    assert log[0].request["messages"][1]["role"] == "system"
    assert [m for m in messages if isinstance(m, ResultMessage)][-1].subtype == "success"


# -- What the lessons and the mock exam say of the pinned CLI (1.2 Workflow, 1.3 disallowed_tools, 1.7 names) --------

def test_the_workflow_tool_runs_its_scripts_agents_in_the_background_and_notifies_the_coordinator():
    """1.2: a call to Workflow (written by a simulator script, not chosen by the model) answers at once; the script's
    two agents reach the model side by side; a task notification brings the coordinator back for one more turn."""
    from claude_agent_sdk import TaskNotificationMessage, TaskStartedMessage
    from helpers.simulator._playbooks.scripted import Script, Step
    prompt = "Utilise un workflow : fais relire a.py et b.py par deux agents en parallèle."
    script = ("export const meta = { name: 'relecture', description: 'Relit deux fichiers', phases: [{ title: 'Relire' }] }\n"
              "const out = await parallel(['a.py', 'b.py'].map(f => () => agent(`Lis ${f} et donne sa constante.`, "
              "{ label: `relire:${f}`, phase: 'Relire' })))\nreturn { out }\n")
    helpers.simulator().scripts.add(Script(trigger=prompt, steps=[
        Step(say="Je lance le workflow.", calls=(("Workflow", {"script": script}),)),
        Step(say="Workflow lancé ; j'attends sa notification.")], repeat_last=True))
    mark = helpers.simulator().log.mark()
    messages = run(prompt, max_turns=6, allowed_tools=["Workflow", "Read"])
    launched = [m for m in messages if isinstance(m, TaskStartedMessage)]
    assert launched and launched[0].data.get("task_type") == "local_workflow" and launched[0].data.get("workflow_name") == "relecture"
    answer = next(b for m in messages if hasattr(m, "content") and isinstance(m.content, list)
                  for b in m.content if getattr(b, "tool_use_id", None))
    assert "Workflow launched in background" in str(answer.content)
    assert any(isinstance(m, TaskNotificationMessage) and m.data.get("status") == "completed" for m in messages)
    agents = [e for e in helpers.simulator().log.since(mark)
              if "Lis a.py" in json.dumps(e.request["messages"], ensure_ascii=False)
              or "Lis b.py" in json.dumps(e.request["messages"], ensure_ascii=False)]
    assert len(agents) >= 2                                  # the script's two agents, each with its own request


def test_resume_never_creates_a_session_and_says_why():
    """1.7 and bank e53: an unknown session id, and a value that is neither an id nor a session's title, are errors."""
    from claude_agent_sdk import ClaudeSDKError
    for value, said in (("11111111-2222-3333-4444-555555555555", "No conversation found with session ID"),
                        ("3f2a9c1b", "is not a UUID and does not match any session title")):
        with pytest.raises(ClaudeSDKError) as caught:
            run("Bonjour.", resume=value)
        assert said in str(caught.value)


def test_a_renamed_fork_is_resumed_by_its_new_name_and_the_old_name_points_at_the_original_again(monkeypatch):
    """1.7 § 3 and bank e59: a fork takes its original's name (resume by that name refuses to choose); rename_session
    gives it a title of its own; /rename does the same from a prompt, without asking the model."""
    import secrets
    from claude_agent_sdk import rename_session
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(helpers.workspace() / "claude"))   # where the SDK's functions look
    name = f"audit-{secrets.token_hex(3)}"
    result = lambda messages: next(m for m in messages if isinstance(m, ResultMessage))  # noqa: E731
    origin = result(run("Note : la constante vaut 7.", extra_args={"name": name})).session_id
    fork = result(run("Piste B.", resume=origin, fork_session=True)).session_id
    with pytest.raises(Exception, match="matches 2 sessions"):
        run("Bonjour.", resume=name)
    rename_session(fork, f"{name}-b")
    assert result(run("Où en étions-nous ?", resume=f"{name}-b")).session_id == fork
    assert result(run("Bonjour.", resume=name)).session_id == origin
    mark = helpers.simulator().log.mark()
    renamed = result(run(f"/rename {name}-c", resume=origin))
    assert f"Session renamed to: {name}-c" in renamed.result and not helpers.simulator().log.since(mark)
    assert result(run("Bonjour.", resume=f"{name}-c")).session_id == origin


def test_disallowing_agent_removes_the_launch_tool_from_every_request():
    """1.3 and bank e19: with disallowed_tools=["Agent"], no request offers the launch tool to the model."""
    agents = {"relecteur": AgentDefinition(description="Relit un fichier.", prompt="Relis.", tools=["Read"])}
    for disallowed, offered in (([], True), (["Agent"], False)):
        mark = helpers.simulator().log.mark()
        run("Relis le fichier a.py avec le relecteur.", agents=agents, disallowed_tools=disallowed, max_turns=2)
        names = {t.get("name") for e in helpers.simulator().log.since(mark) for t in e.request.get("tools") or []}
        assert ("Agent" in names) is offered, names
