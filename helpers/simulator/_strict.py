"""What the real Messages API refuses, with its own wording.

`check_request` returns None for a request the real API accepts, or a `Rejection` carrying the
HTTP status and the message the real API sends. A learner's broken loop therefore fails offline
exactly where it would fail online.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
MAX_OUTPUT_TOKENS = 128_000
# Under these betas (sent by Claude Code) a `system` turn may appear inside `messages`.
SYSTEM_TURN_BETAS = ("per-turn-control-2026-07-01", "mid-conversation-tool-changes-2026-07-01",
                     "mid-conversation-output-config-2026-07-01")
# Mid-conversation system messages need no beta from Claude Opus 4.8 on (docs: « Mid-conversation system messages »,
# « What's new in Claude Opus 4.8 »). The models released before it refuse the role; the pinned CLI draws the same line
# (it sends one to every model it does not know to be older than claude-opus-4-8, and retries without on this 400).
BEFORE_SYSTEM_TURNS = ("claude-3-", "claude-opus-4-0", "claude-sonnet-4-0", "claude-opus-4-1", "claude-sonnet-4-5",
                       "claude-haiku-4-5", "claude-opus-4-5", "claude-opus-4-6", "claude-sonnet-4-6", "claude-opus-4-7")
USER_ONLY = ("tool_result",)
ASSISTANT_ONLY = ("tool_use", "thinking", "redacted_thinking", "server_tool_use")


@dataclass(frozen=True)
class Rejection:
    status: int
    message: str
    error_type: str = "invalid_request_error"


def _blocks(message: dict) -> list[dict]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def check_request(body: object, known_models: set[str], betas: set[str] = frozenset()) -> Rejection | None:
    if not isinstance(body, dict):
        return Rejection(400, "There was an error parsing the body of your request.")
    for field in ("model", "max_tokens", "messages"):
        if field not in body:
            return Rejection(400, f"{field}: Field required")
    max_tokens = body["max_tokens"]
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        return Rejection(400, "max_tokens: Input should be a valid integer")
    if max_tokens < 1:
        return Rejection(400, "max_tokens: Input should be greater than or equal to 1")
    model = body["model"]
    if not isinstance(model, str) or model not in known_models:
        return Rejection(404, f"model: {model}", "not_found_error")
    if max_tokens > MAX_OUTPUT_TOKENS:
        return Rejection(400, f"max_tokens: {max_tokens} > {MAX_OUTPUT_TOKENS}, which is the maximum allowed "
                              f"number of output tokens for {model}")
    temperature = body.get("temperature")
    if temperature is not None and not (isinstance(temperature, (int, float)) and 0 <= temperature <= 1):
        return Rejection(400, "temperature: Input should be less than or equal to 1")
    rejection = (_check_tools(body.get("tools")) or _check_tool_choice(body.get("tool_choice"), body.get("tools"))
                 or _check_cache_control(body))
    if rejection:
        return rejection
    under_betas = bool(betas & set(SYSTEM_TURN_BETAS))
    return _check_messages(body["messages"], has_tools=bool(body.get("tools")), leading_system=under_betas,
                           allow_system_turns=under_betas or not model.startswith(BEFORE_SYSTEM_TURNS)) or \
        _check_thinking(body, betas)


THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
INTERLEAVED_BETA = "interleaved-thinking-2025-05-14"


def _check_thinking(body: dict, betas: set[str]) -> Rejection | None:
    """Manual extended thinking (`{type: "enabled", budget_tokens}`), as documented (Thinking; Thinking in tool and
    multi-turn workflows) and in the API's own words: a budget of at least 1024 tokens and below `max_tokens` (except
    under the interleaved-thinking beta), no forced tool use, and, in a tool loop, the final assistant message
    passed back starting with its thinking block. Adaptive thinking has none of these constraints (the model may not
    think, and it supports forced tools). Not checked: that a thinking block comes back unmodified (its signature)."""
    thinking = body.get("thinking")
    if not isinstance(thinking, dict) or thinking.get("type") != "enabled":
        return None
    budget = thinking.get("budget_tokens")
    if not isinstance(budget, int) or isinstance(budget, bool):
        return Rejection(400, "thinking.enabled.budget_tokens: Field required" if budget is None
                         else "thinking.enabled.budget_tokens: Input should be a valid integer")
    if budget < 1024:
        return Rejection(400, "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024")
    if budget >= body["max_tokens"] and INTERLEAVED_BETA not in betas:
        return Rejection(400, "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
                              f"documentation at {THINKING_DOCS}#max-tokens-and-context-window-size")
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        return Rejection(400, "Thinking may not be enabled when tool_choice forces tool use.")
    messages = [m for m in body["messages"] if isinstance(m, dict)]
    last = messages[-1] if messages else {}
    if last.get("role") != "user" or not any(b.get("type") == "tool_result" for b in _blocks(last)):
        return None
    index = max(i for i, m in enumerate(body["messages"]) if m is last) - 1
    final = body["messages"][index] if index >= 0 else {}
    blocks = _blocks(final) if isinstance(final, dict) and final.get("role") == "assistant" else []
    if blocks and blocks[0].get("type") not in ("thinking", "redacted_thinking"):
        return Rejection(400, f"messages.{index}.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
                              f"`{blocks[0].get('type')}`. When `thinking` is enabled, a final `assistant` message must "
                              "start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` "
                              "blocks). We recommend you include thinking blocks from previous turns. To avoid this "
                              f"requirement, disable `thinking`. Please consult our documentation at {THINKING_DOCS}")
    return None


MAX_CACHE_BREAKPOINTS = 4
TTL_SECONDS = {"5m": 300, "1h": 3600}


def _cache_breakpoints(body: dict) -> list[tuple[str, dict]]:
    """(path, cache_control) of every breakpoint, in the order the API processes them: tools, system, messages."""
    found: list[tuple[str, dict]] = []
    tools = body.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if isinstance(tool, dict) and isinstance(tool.get("cache_control"), dict):
            found.append((f"tools.{i}", tool["cache_control"]))
    system = body.get("system")
    for i, block in enumerate(system if isinstance(system, list) else []):
        if isinstance(block, dict) and isinstance(block.get("cache_control"), dict):
            found.append((f"system.{i}", block["cache_control"]))
    messages = body.get("messages")
    for m, message in enumerate(messages if isinstance(messages, list) else []):
        content = message.get("content") if isinstance(message, dict) else None
        for i, block in enumerate(content if isinstance(content, list) else []):
            if isinstance(block, dict) and isinstance(block.get("cache_control"), dict):
                found.append((f"messages.{m}.content.{i}", block["cache_control"]))
    return found


def _check_cache_control(body: dict) -> Rejection | None:
    """The prompt-caching rules the real API enforces: at most four breakpoints, and a longer TTL never after a
    shorter one in processing order (the prompt-caching guide: when TTLs are mixed, the longer ones come first).
    The wording is the real API's."""
    points = _cache_breakpoints(body)
    if len(points) > MAX_CACHE_BREAKPOINTS:
        return Rejection(400, f"A maximum of {MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. "
                              f"Found {len(points)}.")
    shortest: str | None = None
    for path, control in points:
        ttl = control.get("ttl", "5m")
        if ttl not in TTL_SECONDS:
            continue    # an unknown ttl: the API's own validation message is not known here, accept
        if shortest and TTL_SECONDS[ttl] > TTL_SECONDS[shortest]:
            return Rejection(400, f"{path}.cache_control.ttl: a ttl='{ttl}' cache_control block must not come after "
                                  f"a ttl='{shortest}' cache_control block. Note that blocks are processed in the "
                                  "following order: `tools`, `system`, `messages`.")
        shortest = ttl if shortest is None or TTL_SECONDS[ttl] < TTL_SECONDS[shortest] else shortest
    return None


def _check_tools(tools: object) -> Rejection | None:
    if tools is None:
        return None
    if not isinstance(tools, list):
        return Rejection(400, "tools: Input should be a valid list")
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            return Rejection(400, f"tools.{i}: Input should be a valid dictionary")
        name = tool.get("name")
        if "type" in tool and tool.get("type") not in (None, "custom"):
            continue  # server tools (web_search…) have their own shapes
        if not isinstance(name, str) or not TOOL_NAME.match(name):
            return Rejection(400, f"tools.{i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{{1,128}}$'")
        if "input_schema" not in tool:
            return Rejection(400, f"tools.{i}.custom.input_schema: Field required")
        if name in seen:
            return Rejection(400, "tools: Tool names must be unique.")
        seen.add(name)
    return None


def _check_messages(messages: object, *, has_tools: bool, allow_system_turns: bool,
                    leading_system: bool = False) -> Rejection | None:
    if not isinstance(messages, list):
        return Rejection(400, "messages: Input should be a valid list")
    if not messages:
        return Rejection(400, "messages: at least one message is required")
    roles = ("user", "assistant", "system") if allow_system_turns else ("user", "assistant")
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            return Rejection(400, f"messages.{i}: Input should be a valid dictionary")
        # A system message goes after a user turn; the first one is the top-level `system` (docs, « Mid-conversation
        # system messages »: placement).
        if message.get("role") not in roles or (i == 0 and message.get("role") == "system" and not leading_system):
            return Rejection(400, f"messages.{i}.role: Input should be 'user' or 'assistant'")
        content = message.get("content")
        if not isinstance(content, (str, list)):
            return Rejection(400, f"messages.{i}.content: Input should be a valid string or list")
        last = i == len(messages) - 1
        # « Per-message effort »: a system message may carry only an output_config ({"effort": "low"}), content
        # empty; a message with neither content nor output_config is refused.
        settings_only = message["role"] == "system" and isinstance(message.get("output_config"), dict) and \
            bool(message["output_config"])
        if (content == "" or content == []) and not (last and message["role"] == "assistant") and not settings_only:
            return Rejection(400, f"messages.{i}: all messages must have non-empty content except for the "
                                  f"optional final assistant message")
        for j, block in enumerate(content if isinstance(content, list) else []):
            if not isinstance(block, dict) or "type" not in block:
                return Rejection(400, f"messages.{i}.content.{j}.type: Field required")
            if message["role"] == "assistant" and block["type"] in USER_ONLY:
                return Rejection(400, f"messages.{i}.content.{j}: `{block['type']}` blocks are only allowed in "
                                      f"`user` messages")
            if message["role"] == "user" and block["type"] in ASSISTANT_ONLY:
                return Rejection(400, f"messages.{i}.content.{j}: `{block['type']}` blocks are only allowed in "
                                      f"`assistant` messages")
            if block["type"] in ("tool_use", "tool_result") and not has_tools:
                return Rejection(400, "Requests which include `tool_use` or `tool_result` blocks must define tools.")

    conversation = [(i, m) for i, m in enumerate(messages) if m["role"] != "system"]
    if not conversation or conversation[0][1]["role"] != "user":
        return Rejection(400, 'messages: first message must use the "user" role')

    # "Consecutive `user` or `assistant` turns in your request will be combined into a single turn"
    # (Messages API, `messages`): results split over two user messages are one turn, hence accepted.
    turns = _combined(conversation)
    for position, turn in enumerate(turns):
        i, role, blocks = turn
        if role == "user":
            previous = turns[position - 1] if position else None
            expected = {b.get("id") for _, _, b in previous[2] if b["type"] == "tool_use"} if previous else set()
            leading = True
            for where, j, block in blocks:
                if block["type"] != "tool_result":
                    leading = False
                    continue
                if block.get("tool_use_id") not in expected:
                    return Rejection(400, f"messages.{where}.content.{j}: unexpected `tool_use_id` found in "
                                          f"`tool_result` blocks: {block.get('tool_use_id')}. Each `tool_result` "
                                          f"block must have a corresponding `tool_use` block in the previous message.")
                if not leading:
                    return Rejection(400, f"messages.{where}: Did not find {len(expected)} `tool_result` block(s) at "
                                          f"the beginning of this message. Messages following `tool_use` blocks must "
                                          f"begin with a matching number of `tool_result` blocks.")
        else:
            ids = [b.get("id") for _, _, b in blocks if b["type"] == "tool_use"]
            if not ids:
                continue
            following = turns[position + 1] if position + 1 < len(turns) else None
            answered = {b.get("tool_use_id") for _, _, b in following[2] if b["type"] == "tool_result"} \
                if following else set()
            missing = [x for x in ids if x not in answered]
            if missing:
                return Rejection(400, f"messages.{i}: `tool_use` ids were found without `tool_result` blocks "
                                      f"immediately after: {', '.join(map(str, missing))}. Each `tool_use` block "
                                      f"must have a corresponding `tool_result` block in the next message.")
    return None


def _combined(conversation: list[tuple[int, dict]]) -> list[tuple[int, str, list[tuple[int, int, dict]]]]:
    """Turns with consecutive same-role messages combined: (first index, role, [(index, j, block)…])."""
    turns: list[tuple[int, str, list]] = []
    for i, message in conversation:
        blocks = [(i, j, b) for j, b in enumerate(_blocks(message))]
        if turns and turns[-1][1] == message["role"]:
            turns[-1][2].extend(blocks)
        else:
            turns.append((i, message["role"], blocks))
    return turns


TOOL_CHOICE_TYPES = ("auto", "any", "tool", "none")


def _check_tool_choice(choice: object, tools: object) -> Rejection | None:
    """`tool_choice` as the SDK types it; a named tool must be one of the request's tools.

    The unknown-name wording is the API's as reported by several public clients
    ("Tool 'web_search' not found in provided tools"); the docs are silent on the others, which
    follow the API's usual validation wording.
    """
    if choice is None:
        return None
    if not isinstance(choice, dict):
        return Rejection(400, "tool_choice: Input should be a valid dictionary or object to extract fields from")
    kind = choice.get("type")
    if kind not in TOOL_CHOICE_TYPES:
        return Rejection(400, f"tool_choice: Input tag '{kind}' found using 'type' does not match any of the "
                              f"expected tags: 'auto', 'any', 'tool', 'none'")
    if kind == "tool":
        name = choice.get("name")
        if not isinstance(name, str):
            return Rejection(400, "tool_choice.tool.name: Field required")
        names = {t.get("name") for t in tools or [] if isinstance(t, dict)}
        if name not in names:
            return Rejection(400, f"Tool '{name}' not found in provided tools")
    return None
