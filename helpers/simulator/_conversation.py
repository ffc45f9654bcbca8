"""A read-only view of a Messages API request, as the simulated model reads it."""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from functools import cached_property

# Claude Code's own tools: the simulated model prefers the application's tools to these.
CLI_TOOLS = frozenset({
    "Agent", "Task", "Bash", "Edit", "Read", "Write", "Glob", "Grep", "WebFetch", "WebSearch", "NotebookEdit",
    "TodoWrite", "Skill", "SendMessage", "TaskStop", "ListAgents", "Monitor", "CronCreate", "CronDelete",
    "CronList", "EnterWorktree", "ExitWorktree", "ReportFindings", "ScheduleWakeup", "Workflow", "ToolSearch",
})
# Claude Code's own markup in a conversation: its notes (<system-reminder>), the reports of background agents
# (<task-notification>), its local commands, and the line that insists on a structured output. The simulated model
# reads past them: they are context, never what the user said, never part of an answer.
_REMINDER = re.compile(r"<(system-reminder|task-notification|local-command-std(?:out|err)|command-(?:name|message|args))"
                       r">.*?</\1>|^\[structured-output-enforce\][^\n]*$", re.S | re.M)
# A request from Claude Code names its version in the system prompt (its billing line).
_CLI_MARK = "cc_version="


def clean(text: str) -> str:
    """`text` without Claude Code's markup."""
    return _REMINDER.sub("", text or "").strip()


def block_text(content: object) -> str:
    """The text of a message or tool_result `content` (a string or a list of blocks)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, dict) and block.get("type") == "text":
                parts.append(block.get("text", ""))
            elif isinstance(block, str):
                parts.append(block)
        return "\n".join(parts)
    return json.dumps(content, ensure_ascii=False)


def _blocks(content: object) -> list[dict]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _has_results(message: dict) -> bool:
    return any(b.get("type") == "tool_result" for b in _blocks(message.get("content")))


@dataclass(frozen=True)
class ToolCall:
    """One tool_use the model made earlier, with the result that came back for it (if any)."""
    id: str
    name: str
    input: dict
    turn: int                     # index of the assistant turn that made the call
    result: str | None = None     # text of the tool_result
    is_error: bool = False

    @property
    def answered(self) -> bool:
        return self.result is not None

    def data(self) -> object:
        """The result parsed as JSON when it is JSON, else the text."""
        if self.result is None:
            return None
        try:
            return json.loads(self.result)
        except (ValueError, TypeError):
            pass
        text = self.result.strip()
        if text[:1] in "{[" and text[-1:] in "}]" and len(text) < 100_000:
            try:                    # str(dict) from a Python tool: {'name': 'John', 'email': …}
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                return self.result
            if isinstance(value, (dict, list)):
                return value
        return self.result


@dataclass
class Conversation:
    body: dict
    betas: frozenset[str] = field(default_factory=frozenset)

    @cached_property
    def system(self) -> str:
        system = self.body.get("system")
        text = block_text(system) if system is not None else ""
        return text

    @cached_property
    def notes(self) -> str:
        """Text of `system` turns inside `messages` (Claude Code puts its environment notes there)."""
        return "\n".join(block_text(m.get("content")) for m in self.body.get("messages", [])
                         if isinstance(m, dict) and m.get("role") == "system")

    @property
    def is_subagent(self) -> bool:
        return "cc_is_subagent=true" in self.system

    @cached_property
    def offered_tools(self) -> dict[str, dict]:
        """Every tool the request defines."""
        return {t["name"]: t for t in self.body.get("tools") or [] if isinstance(t, dict) and "name" in t}

    @cached_property
    def tool_choice(self) -> dict:
        choice = self.body.get("tool_choice")
        return choice if isinstance(choice, dict) else {"type": "auto"}

    @cached_property
    def tools(self) -> dict[str, dict]:
        """The tools the model may call this turn: none of them under tool_choice {"type": "none"}."""
        return {} if self.tool_choice.get("type") == "none" else self.offered_tools

    @cached_property
    def split_results(self) -> bool:
        """True when tool results of one assistant turn came back split over consecutive user messages."""
        messages = [m for m in self.body.get("messages", []) if isinstance(m, dict) and m.get("role") != "system"]
        for previous, message in zip(messages, messages[1:]):
            if previous.get("role") == message.get("role") == "user" and _has_results(previous) \
                    and _has_results(message):
                return True
        return False

    @cached_property
    def turns(self) -> list[dict]:
        """user / assistant turns, consecutive same-role turns merged (as the real API does)."""
        merged: list[dict] = []
        for message in self.body.get("messages", []):
            if message.get("role") not in ("user", "assistant"):
                continue
            blocks = _blocks(message.get("content"))
            if merged and merged[-1]["role"] == message["role"]:
                merged[-1]["content"].extend(blocks)
            else:
                merged.append({"role": message["role"], "content": list(blocks)})
        return merged

    @property
    def from_cli(self) -> bool:
        """The request comes from Claude Code (the Agent SDK's CLI)."""
        return _CLI_MARK in self.system

    @property
    def app_tools(self) -> dict[str, dict]:
        """The application's tools, without Claude Code's built-ins: in a request from the CLI, the application's own
        tools are its MCP tools (`mcp__server__name`), every other one is the CLI's (TaskList, StructuredOutput…)."""
        if self.from_cli:
            return {n: t for n, t in self.tools.items() if n.startswith("mcp__")}
        return {n: t for n, t in self.tools.items() if n not in CLI_TOOLS}

    def tool(self, *names: str) -> str | None:
        """The actual name of the first available tool among `names`, with or without an MCP prefix."""
        for wanted in names:
            if wanted in self.tools:
                return wanted
            for actual in self.tools:
                if actual.startswith("mcp__") and actual.rsplit("__", 1)[-1] == wanted:
                    return actual
        return None

    @cached_property
    def calls(self) -> list[ToolCall]:
        calls: list[ToolCall] = []
        results: dict[str, tuple[str, bool]] = {}
        for turn in self.turns:
            if turn["role"] == "user":
                for b in turn["content"]:
                    if b.get("type") == "tool_result":         # the CLI appends its notes to some results
                        results[b.get("tool_use_id")] = (clean(block_text(b.get("content"))), bool(b.get("is_error")))
        assistant_index = 0
        for turn in self.turns:
            if turn["role"] != "assistant":
                continue
            for b in turn["content"]:
                if b.get("type") == "tool_use":
                    result, is_error = results.get(b.get("id"), (None, False))
                    calls.append(ToolCall(b.get("id"), b.get("name", ""), b.get("input") or {},
                                          assistant_index, result, is_error))
            assistant_index += 1
        return calls

    def calls_to(self, name: str | None) -> list[ToolCall]:
        return [c for c in self.calls if name and c.name == name]

    @property
    def assistant_turns(self) -> int:
        return sum(1 for t in self.turns if t["role"] == "assistant")

    @cached_property
    def user_texts(self) -> list[str]:
        """Every text the user wrote, oldest first, without Claude Code's reminders."""
        out = []
        for turn in self.turns:
            if turn["role"] != "user":
                continue
            for b in turn["content"]:
                if b.get("type") == "text":
                    text = _REMINDER.sub("", b.get("text", "")).strip()
                    if text:
                        out.append(text)
        return out

    @cached_property
    def raw_user_texts(self) -> list[str]:
        """Every user text as sent, Claude Code's reminders and notifications included."""
        return [b.get("text", "") for t in self.turns if t["role"] == "user"
                for b in t["content"] if b.get("type") == "text"]

    @property
    def first_user_text(self) -> str:
        return self.user_texts[0] if self.user_texts else ""

    @property
    def last_user_text(self) -> str:
        return self.user_texts[-1] if self.user_texts else ""

    @property
    def last_turn_results(self) -> list[ToolCall]:
        """Calls of the latest assistant turn, if the user just answered them."""
        if len(self.turns) < 2 or self.turns[-1]["role"] != "user":
            return []
        last = self.assistant_turns - 1
        return [c for c in self.calls if c.turn == last and c.answered]

    @property
    def max_tokens(self) -> int:
        return int(self.body.get("max_tokens") or 0)

    @property
    def model(self) -> str:
        return str(self.body.get("model"))
