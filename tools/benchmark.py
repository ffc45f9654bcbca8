"""Figures for the maintainers' notes (not a test): simulator throughput and latency, one offline
Agent SDK round trip, and the time of the offline test-suite.

    .venv/bin/python tools/benchmark.py            # everything
    .venv/bin/python tools/benchmark.py --no-suite # skip the test-suite run
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import anyio
import httpx

import helpers

ROOT = Path(__file__).resolve().parent.parent
BODY = {"model": "claude-sonnet-5-5", "max_tokens": 512,
        "tools": [{"name": "search", "description": "Recherche.", "input_schema": {"type": "object", "properties": {
            "query": {"type": "string"}}}},
                  {"name": "calculator", "description": "Calcul.", "input_schema": {"type": "object", "properties": {
                      "expression": {"type": "string"}}}}],
        "messages": [{"role": "user", "content": "Quelle est la population de Lyon et de Marseille réunies ?"}]}


# A learner's own tool and question: answered by the general engine, not by a course scenario.
LEARNER_BODY = {"model": "claude-sonnet-5-5", "max_tokens": 512, "system": "Réponds en français.",
                "tools": [{"name": "get_weather", "description": "Get the current weather in a given location.",
                           "input_schema": {"type": "object", "properties": {
                               "location": {"type": "string", "description": "The city"},
                               "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
                               "required": ["location"]}}],
                "messages": [{"role": "user", "content": "Quel temps fait-il à Paris et à Tokyo ?"}]}


def latencies(url: str, n: int, stream: bool, body: dict = BODY) -> list[float]:
    out = []
    with httpx.Client(headers={"x-api-key": "k", "anthropic-version": "2023-06-01"}) as http:
        for _ in range(n):
            t = time.perf_counter()
            r = http.post(url, json=dict(body, stream=stream))
            r.read()
            out.append(time.perf_counter() - t)
    return out


def main() -> None:
    sim = helpers.simulator()
    url = sim.base_url + "/v1/messages"
    latencies(url, 20, False)  # warm-up
    for stream in (False, True):
        lat = sorted(latencies(url, 400, stream))
        print(f"simulateur, {'SSE' if stream else 'JSON'} : p50 {statistics.median(lat) * 1000:.2f} ms, "
              f"p99 {lat[int(len(lat) * 0.99)] * 1000:.2f} ms (400 requêtes séquentielles)")
    lat = sorted(latencies(url, 400, False, LEARNER_BODY))
    print(f"simulateur, JSON, outil d'un apprenant (moteur général) : p50 {statistics.median(lat) * 1000:.2f} ms, "
          f"p99 {lat[int(len(lat) * 0.99)] * 1000:.2f} ms")
    n, workers = 2000, 8
    t = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda _: latencies(url, n // workers, False), range(workers)))
    print(f"simulateur, débit : {n / (time.perf_counter() - t):.0f} requêtes/s ({workers} clients en parallèle)")

    from claude_agent_sdk import query

    async def one_query():
        return [m async for m in query(prompt="Bonjour", options=helpers.agent_options(max_turns=1))]
    for label in ("à froid", "à chaud"):
        t = time.perf_counter()
        anyio.run(one_query)
        print(f"Agent SDK, un query() hors ligne ({label}) : {time.perf_counter() - t:.2f} s")

    if "--no-suite" not in sys.argv:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT, check=False)
        print(f"suite de tests complète (hors ligne) : {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
