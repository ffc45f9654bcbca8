"""Reference `run_agent` (1.1.a) and the classic wrong ones, each written as a learner would."""
from __future__ import annotations

import json


def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason in ("end_turn", "stop_sequence"):
            return response
        if response.stop_reason == "pause_turn":      # a paused server-side turn: send it back as it is
            continue
        if response.stop_reason != "tool_use":
            raise RuntimeError(f"Arrêt inattendu : stop_reason={response.stop_reason}")
        results = []
        for block in response.content:
            if block.type != "tool_use":
                continue
            try:
                output = run_tool(block.name, block.input)
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(output)})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": str(exc),
                                "is_error": True})
        messages.append({"role": "user", "content": results})
    raise RuntimeError(f"Plafond de {max_iterations} itérations atteint sans réponse finale")


def stops_on_text(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if any(b.type == "text" for b in response.content):
            return response
        results = [{"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))}
                   for b in response.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
    raise RuntimeError("plafond")


def one_message_per_result(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason == "end_turn":
            return response
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        for block in response.content:
            if block.type == "tool_use":
                try:
                    content, err = json.dumps(run_tool(block.name, block.input)), False
                except Exception as exc:
                    content, err = str(exc), True
                messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": err}]})
    raise RuntimeError("plafond")


def only_first_tool_use(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason in ("end_turn", "stop_sequence"):
            return response
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        block = next(b for b in response.content if b.type == "tool_use")
        try:
            result = {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(run_tool(block.name, block.input))}
        except Exception as exc:
            result = {"type": "tool_result", "tool_use_id": block.id, "content": str(exc), "is_error": True}
        messages.append({"role": "user", "content": [result]})
    raise RuntimeError("plafond")


def drops_text_blocks(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        if response.stop_reason in ("end_turn", "stop_sequence"):
            messages.append({"role": "assistant", "content": response.content})
            return response
        if response.stop_reason == "pause_turn":
            messages.append({"role": "assistant", "content": response.content})
            continue
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        calls = [b for b in response.content if b.type == "tool_use"]
        messages.append({"role": "assistant", "content": calls})
        results = []
        for b in calls:
            try:
                results.append({"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(exc), "is_error": True})
        messages.append({"role": "user", "content": results})
    raise RuntimeError("plafond")


def returns_on_max_tokens(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            if response.stop_reason == "refusal":
                raise RuntimeError("refus")
            return response
        results = []
        for b in response.content:
            if b.type == "tool_use":
                try:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))})
                except Exception as exc:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(exc), "is_error": True})
        messages.append({"role": "user", "content": results})
    raise RuntimeError("plafond")


def tool_exception_crashes(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason in ("end_turn", "stop_sequence"):
            return response
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))}
            for b in response.content if b.type == "tool_use"]})
    raise RuntimeError("plafond")


def cap_returns(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    response = None
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason in ("end_turn", "stop_sequence"):
            return response
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        results = []
        for b in response.content:
            if b.type == "tool_use":
                try:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))})
                except Exception as exc:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(exc), "is_error": True})
        messages.append({"role": "user", "content": results})
    return response


def no_cap(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    while True:
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason in ("end_turn", "stop_sequence"):
            return response
        if response.stop_reason != "tool_use":
            raise RuntimeError(response.stop_reason)
        results = []
        for b in response.content:
            if b.type == "tool_use":
                try:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input))})
                except Exception as exc:
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(exc), "is_error": True})
        messages.append({"role": "user", "content": results})


def stub(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    raise NotImplementedError()


def keeps_its_own_history(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    return run_agent(client, list(messages), tools, run_tool, model=model, max_tokens=max_tokens,
                     max_iterations=max_iterations)


def raises_on_stop_sequence(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):
    for _ in range(max_iterations):
        response = client.messages.create(model=model, max_tokens=max_tokens, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason == "end_turn":
            return response
        if response.stop_reason == "pause_turn":
            continue
        if response.stop_reason != "tool_use":
            raise RuntimeError(f"Arrêt inattendu : stop_reason={response.stop_reason}")
        results = []
        for block in response.content:
            if block.type != "tool_use":
                continue
            try:
                results.append({"type": "tool_result", "tool_use_id": block.id,
                                "content": json.dumps(run_tool(block.name, block.input))})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": str(exc),
                                "is_error": True})
        messages.append({"role": "user", "content": results})
    raise RuntimeError(f"Plafond de {max_iterations} itérations atteint sans réponse finale")
