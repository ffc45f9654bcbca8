"""`coordinate` (1.2.a): correct variants and the classic wrong ones, each written out as a learner would."""
from __future__ import annotations

import concurrent.futures
import json
import threading

import anthropic
from claude_agent_sdk import AgentDefinition

# The research team a learner defines for the Agent SDK (lessons 1.2 and 1.3): least privilege per subagent.
AGENTS = {
    "web-researcher": AgentDefinition(description="Cherche des sources publiques récentes.",
                                      prompt="Tu cherches des sources publiques. Rends des findings JSON.",
                                      tools=["WebSearch", "WebFetch"]),
    "doc-analyst": AgentDefinition(description="Analyse les documents internes.",
                                   prompt="Tu lis les documents internes. Rends des findings JSON.",
                                   tools=["Read", "Grep"]),
    "synthesizer": AgentDefinition(description="Rédige la synthèse finale à partir des findings fournis.",
                                   prompt="Rédige une synthèse où chaque affirmation garde sa source.", tools=[]),
}


# -- correct ---------------------------------------------------------------------------------------

def coordinate(client, topic, subtopics, *, model, max_tokens=1024):
    def ask(subtopic):
        prompt = (f"Sujet : {topic}\nSous-thème : {subtopic}\n"
                  'Réponds uniquement par un objet JSON {"findings": [...]} ; chaque finding porte claim, '
                  "source_url, document_name, page_number et confidence.")
        response = client.messages.create(model=model, max_tokens=max_tokens,
                                          messages=[{"role": "user", "content": prompt}])
        if response.stop_reason != "end_turn":
            return None
        text = "".join(block.text for block in response.content if block.type == "text")
        try:
            data = json.loads(text)
        except ValueError:
            return None
        findings = data.get("findings") if isinstance(data, dict) else None
        if not isinstance(findings, list) or not all(isinstance(f, dict) for f in findings):
            return None
        return findings

    def research(subtopic):
        for _ in range(2):
            try:
                findings = ask(subtopic)
            except anthropic.APIError:
                findings = None
            if findings is not None:
                return findings
        return None

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, len(subtopics))) as pool:
        results = list(pool.map(research, subtopics))
    report = {"findings": [], "gaps": []}
    for subtopic, findings in zip(subtopics, results):
        if findings is None:
            report["gaps"].append(subtopic)
        else:
            report["findings"].extend(findings)
    return report


def coordinate_threads(client, topic, subtopics, *, model, max_tokens=1024):
    """Threads started by hand, a system prompt, another wording."""
    results = {}

    def valid(response):
        if response.stop_reason != "end_turn":
            return None
        try:
            data = json.loads(response.content[0].text)
        except (ValueError, IndexError, AttributeError):
            return None
        if isinstance(data, dict) and isinstance(data.get("findings"), list) \
                and all(isinstance(f, dict) for f in data["findings"]):
            return data["findings"]
        return None

    def worker(subtopic):
        for attempt in (1, 2):
            try:
                response = client.messages.create(
                    model=model, max_tokens=max_tokens,
                    system="Tu es un subagent de recherche. Tu réponds en JSON strict, sans texte autour.",
                    messages=[{"role": "user", "content": f"Travaille le volet « {subtopic} » du sujet « {topic} ». "
                                                          f"Format : JSON avec une clé findings."}])
            except anthropic.APIError:
                continue
            found = valid(response)
            if found is not None:
                results[subtopic] = found
                return

    threads = [threading.Thread(target=worker, args=(s,)) for s in subtopics]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"findings": [f for s in subtopics if s in results for f in results[s]],
            "gaps": [s for s in subtopics if s not in results]}


def coordinate_futures(client, topic, subtopics, *, model, max_tokens=1024):
    """submit / as_completed, results put back in order afterwards; content as a list of text blocks."""
    def once(subtopic):
        response = client.messages.create(model=model, max_tokens=max_tokens, messages=[{
            "role": "user", "content": [{"type": "text", "text": f"Topic: {topic}. Subtopic: {subtopic}. Reply "
                                                                 f"with a JSON object {{\"findings\": [...]}}."}]}])
        if response.stop_reason != "end_turn":
            raise ValueError("réponse inachevée")
        data = json.loads(response.content[0].text)
        if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
            raise ValueError("forme inattendue")
        if not all(isinstance(f, dict) for f in data["findings"]):
            raise ValueError("finding qui n'est pas un objet")
        return data["findings"]

    def twice(subtopic):
        try:
            return once(subtopic)
        except (anthropic.APIError, ValueError):
            try:
                return once(subtopic)
            except (anthropic.APIError, ValueError):
                return None

    done = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        futures = {pool.submit(twice, s): s for s in subtopics}
        for future in concurrent.futures.as_completed(futures):
            done[futures[future]] = future.result()
    return {"findings": [f for s in subtopics for f in (done[s] or [])],
            "gaps": [s for s in subtopics if done[s] is None]}


# -- wrong -----------------------------------------------------------------------------------------

def _prompt(topic, subtopic):
    return f"Sujet : {topic}\nSous-thème : {subtopic}\nRéponds en JSON {{\"findings\": [...]}}."


def _parse(response):
    if response.stop_reason != "end_turn":
        return None
    try:
        data = json.loads(response.content[0].text)
    except ValueError:
        return None
    if isinstance(data, dict) and isinstance(data.get("findings"), list):
        return data["findings"]
    return None


def _research(client, topic, subtopic, model, max_tokens):
    for _ in range(2):
        try:
            found = _parse(client.messages.create(model=model, max_tokens=max_tokens,
                                                  messages=[{"role": "user", "content": _prompt(topic, subtopic)}]))
        except anthropic.APIError:
            found = None
        if found is not None:
            return found
    return None


def _assemble(subtopics, results):
    return {"findings": [f for s, r in zip(subtopics, results) if r is not None for f in r],
            "gaps": [s for s, r in zip(subtopics, results) if r is None]}


def sequential(client, topic, subtopics, *, model, max_tokens=1024):
    results = [_research(client, topic, s, model, max_tokens) for s in subtopics]
    return _assemble(subtopics, results)


def shared_conversation(client, topic, subtopics, *, model, max_tokens=1024):
    """One conversation for every subagent: each one sees the others' questions and answers."""
    messages, results = [], []
    for subtopic in subtopics:
        messages.append({"role": "user", "content": _prompt(topic, subtopic)})
        response = client.messages.create(model=model, max_tokens=max_tokens, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        results.append(_parse(response))
    return _assemble(subtopics, results)


def all_in_one_request(client, topic, subtopics, *, model, max_tokens=1024):
    if not subtopics:
        return {"findings": [], "gaps": []}
    prompt = f"Sujet : {topic}\nSous-thèmes : {', '.join(subtopics)}\nRéponds en JSON {{\"findings\": [...]}}."
    response = client.messages.create(model=model, max_tokens=max_tokens,
                                      messages=[{"role": "user", "content": prompt}])
    findings = _parse(response)
    return {"findings": findings or [], "gaps": [] if findings is not None else list(subtopics)}


def forgets_the_last_subtopic(client, topic, subtopics, *, model, max_tokens=1024):
    kept = subtopics[:-1]
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(lambda s: _research(client, topic, s, model, max_tokens), kept))
    return _assemble(kept, results)


def drops_metadata(client, topic, subtopics, *, model, max_tokens=1024):
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(lambda s: _research(client, topic, s, model, max_tokens), subtopics))
    report = _assemble(subtopics, results)
    report["findings"] = [{"claim": f["claim"], "source_url": f.get("source_url")} for f in report["findings"]]
    return report


def no_retry(client, topic, subtopics, *, model, max_tokens=1024):
    def once(subtopic):
        try:
            return _parse(client.messages.create(model=model, max_tokens=max_tokens,
                                                 messages=[{"role": "user", "content": _prompt(topic, subtopic)}]))
        except anthropic.APIError:
            return None
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(once, subtopics))
    return _assemble(subtopics, results)


def decoys_then_sequential(client, topic, subtopics, *, model, max_tokens=1024):
    """Hostile: one throw-away request per subtopic, all at once, answers ignored; then the real work, one subtopic
    after the other, each asked once. The first request of each subtopic overlaps the others, and each subtopic gets
    two requests: neither is parallel work nor a retry."""
    def throw_away(subtopic):
        try:
            client.messages.create(model=model, max_tokens=max_tokens,
                                   messages=[{"role": "user", "content": _prompt(topic, subtopic)}])
        except anthropic.APIError:
            pass
    with concurrent.futures.ThreadPoolExecutor() as pool:
        list(pool.map(throw_away, subtopics))
    results = []
    for subtopic in subtopics:
        try:
            results.append(_parse(client.messages.create(model=model, max_tokens=max_tokens, messages=[
                {"role": "user", "content": _prompt(topic, subtopic)}])))
        except anthropic.APIError:
            results.append(None)
    return _assemble(subtopics, results)


def crashes_on_a_bad_reply(client, topic, subtopics, *, model, max_tokens=1024):
    def once(subtopic):
        response = client.messages.create(model=model, max_tokens=max_tokens,
                                          messages=[{"role": "user", "content": _prompt(topic, subtopic)}])
        return json.loads(response.content[0].text)["findings"]
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(once, subtopics))
    return _assemble(subtopics, results)


def retries_forever(client, topic, subtopics, *, model, max_tokens=1024):
    def until_it_works(subtopic):
        while True:
            try:
                found = _parse(client.messages.create(model=model, max_tokens=max_tokens, messages=[
                    {"role": "user", "content": _prompt(topic, subtopic)}]))
            except anthropic.APIError:
                found = None
            if found is not None:
                return found
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(until_it_works, subtopics))
    return _assemble(subtopics, results)


def retry_still_a_gap(client, topic, subtopics, *, model, max_tokens=1024):
    def research(subtopic):
        failed = False
        for _ in range(2):
            try:
                found = _parse(client.messages.create(model=model, max_tokens=max_tokens, messages=[
                    {"role": "user", "content": _prompt(topic, subtopic)}]))
            except anthropic.APIError:
                found = None
            if found is not None:
                return found, failed
            failed = True
        return None, True
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(research, subtopics))
    return {"findings": [f for found, _ in results if found for f in found],
            "gaps": [s for s, (_, failed) in zip(subtopics, results) if failed]}


def dedupes_by_claim(client, topic, subtopics, *, model, max_tokens=1024):
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(lambda s: _research(client, topic, s, model, max_tokens), subtopics))
    report, seen, unique = _assemble(subtopics, results), set(), []
    for finding in report["findings"]:
        if finding["claim"] not in seen:
            seen.add(finding["claim"])
            unique.append(finding)
    report["findings"] = unique
    return report


def keeps_cut_replies(client, topic, subtopics, *, model, max_tokens=1024):
    """Parses the text whatever the stop_reason: a reply cut at max_tokens counts as a success."""
    def research(subtopic):
        for _ in range(2):
            try:
                response = client.messages.create(model=model, max_tokens=max_tokens, messages=[
                    {"role": "user", "content": _prompt(topic, subtopic)}])
                data = json.loads(response.content[0].text)
                if isinstance(data, dict) and isinstance(data.get("findings"), list):
                    return data["findings"]
            except (anthropic.APIError, ValueError):
                pass
        return None
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(research, subtopics))
    return _assemble(subtopics, results)


def completion_order(client, topic, subtopics, *, model, max_tokens=1024):
    """Findings appended as the subagents answer: fast ones first."""
    report = {"findings": [], "gaps": []}
    with concurrent.futures.ThreadPoolExecutor() as pool:
        futures = {pool.submit(_research, client, topic, s, model, max_tokens): s for s in subtopics}
        for future in concurrent.futures.as_completed(futures):
            found = future.result()
            if found is None:
                report["gaps"].append(futures[future])
            else:
                report["findings"].extend(found)
    return report


def retries_status_errors_only(client, topic, subtopics, *, model, max_tokens=1024):
    """Retries what has an HTTP status (429, 500, 529) but not a connection dropped without an answer: an
    APIConnectionError (or a timeout) escapes and takes the whole coordinator down."""
    def research(subtopic):
        for _ in range(2):
            try:
                found = _parse(client.messages.create(model=model, max_tokens=max_tokens, messages=[
                    {"role": "user", "content": _prompt(topic, subtopic)}]))
            except anthropic.APIStatusError:
                found = None
            if found is not None:
                return found
        return None
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(research, subtopics))
    return _assemble(subtopics, results)


def stub(client, topic, subtopics, *, model, max_tokens=1024):
    # VOTRE CODE ICI
    raise NotImplementedError()
