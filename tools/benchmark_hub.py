"""Load on a hub: N learners run « Run All » on a notebook (default 1.5, the Agent SDK lesson) at once, through the hub.

    sudo .venv/bin/python tools/benchmark_hub.py --learners 1,4,8      # a benchmark you run, not a test

It installs a throw-away hub (/srv/cours-hub-mesure), creates the learners, logs each in, starts their servers,
gives each the student notebook, then for each N: N kernels started through the hub, every code cell executed in
order over the kernel's websocket (what « Run All » sends), all N at once. Measured per learner: the wall time of
the notebook (kernel start included), the CPU seconds its account spent (every process of the account, children
included, from /proc), and the peak memory of its server (PSS summed over its processes: shared pages counted
once across accounts, from /proc/PID/smaps_rollup). Everything is removed at the end.

On a shared machine the wall time depends on the neighbours; CPU seconds and memory much less: the sizing in the
README is made from those, as ratios (learners per core, per GiB).
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import importlib.util
import json
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

import requests
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
spec = importlib.util.spec_from_file_location("test_hub", ROOT / "tests" / "hub" / "test_hub.py")


def load_cohort_class():
    """The end-to-end test's Cohort (hub set-up, PAM login, tear-down), reused as is."""
    os.environ.setdefault("COURS_CAPTURES", "/tmp/cours-captures-hub")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=1)
def hub_module():
    hub_spec = importlib.util.spec_from_file_location("cours_hub", ROOT / "hub" / "cours_hub.py")
    module = importlib.util.module_from_spec(hub_spec)
    hub_spec.loader.exec_module(module)
    return module


def account_processes(uid: int) -> list[int]:
    return hub_module().processes_of(uid)


def cpu_seconds(uid: int) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in account_processes(uid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15])      # utime stime cutime cstime
        except (OSError, IndexError):
            pass
    return total / ticks


def session_processes(sid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid and entry.stat().st_uid == 0:
                    out.append(int(entry.name))
            except OSError:
                pass
    return out


def pss_mib(uid: int | None = None, pids: list[int] | None = None) -> float:
    total = 0
    for pid in account_processes(uid) if pids is None else pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


async def run_all(hub, name: str, notebook: dict) -> float:
    """Kernel started through the hub, then every code cell executed in order: what « Run All » sends."""
    base, headers = f"{hub.url}/user/{name}", hub.tokens[name]
    start = time.monotonic()
    kernel = (await asyncio.to_thread(requests.post, f"{base}/api/kernels", json={"name": "python3"}, headers=headers,
                                      timeout=300)).json()
    url = f"ws://127.0.0.1:{hub.port}/user/{name}/api/kernels/{kernel['id']}/channels"
    from tornado.httpclient import HTTPRequest
    ws = await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=300, request_timeout=900),
                                 max_message_size=64 * 2**20)
    session = uuid.uuid4().hex
    try:
        for cell in notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            msg_id = uuid.uuid4().hex
            await ws.write_message(json.dumps({
                "header": {"msg_id": msg_id, "username": name, "session": session, "msg_type": "execute_request",
                           "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"code": "".join(cell["source"]), "silent": False, "store_history": True,
                            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
            while True:
                reply = json.loads(await ws.read_message())
                if reply.get("msg_type") == "execute_reply" and reply["parent_header"].get("msg_id") == msg_id:
                    break
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{name} : cellule en erreur {reply['content'].get('ename')}")
    finally:
        ws.close()
        await asyncio.to_thread(requests.delete, f"{base}/api/kernels/{kernel['id']}", headers=headers, timeout=60)
    return time.monotonic() - start


def measure(hub, names: list[str], notebook: dict) -> dict:
    import pwd
    uids = {n: pwd.getpwnam(n).pw_uid for n in names}
    before = {n: cpu_seconds(u) for n, u in uids.items()}
    idle = {n: pss_mib(u) for n, u in uids.items()}
    peak = dict(idle)
    done = threading.Event()

    def sample():
        while not done.is_set():
            for n, u in uids.items():
                peak[n] = max(peak[n], pss_mib(u))
            time.sleep(0.5)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()

    async def everyone():
        return await asyncio.gather(*(run_all(hub, n, notebook) for n in names))

    try:
        walls = asyncio.run(everyone())
    finally:
        done.set()
        sampler.join()
    cpu = [cpu_seconds(uids[n]) - before[n] for n in names]
    return {"N": len(names), "mur_s": statistics.median(walls), "mur_max_s": max(walls),
            "cpu_s": statistics.median(cpu), "pss_repos_mio": statistics.median(idle.values()),
            "pss_pic_mio": statistics.median(peak.values())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", default="1,4", help="tailles de cohorte mesurées, dans l'ordre (ex. 1,4,8)")
    parser.add_argument("--notebook", default="release/1.5-hooks-agent-sdk/1.5-hooks-agent-sdk.ipynb")
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("La mesure crée des comptes Unix : lancez-la en root (sudo).")
    sizes = [int(x) for x in args.learners.split(",")]
    test_hub = load_cohort_class()
    notebook = json.loads((ROOT / args.notebook).read_text())
    hub = test_hub.Cohort()
    learners = [f"{hub.ana}{i}" for i in range(max(sizes))]
    hub.passwords.update({n: "m" + uuid.uuid4().hex for n in learners})
    rows = []
    try:
        hub.open()
        for n in learners:
            test_hub.cours_hub.add_account(n, hub.layout.learners, hub.passwords[n])
            hub.login(n)
            hub.server(n, "PUT", f"api/contents/{Path(args.notebook).name}",
                       json={"type": "notebook", "format": "json", "content": notebook})
        hub_pss = pss_mib(pids=session_processes(hub.process.pid))
        for size in sizes:
            rows.append(measure(hub, learners[:size], notebook))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        for n in learners:
            test_hub.cours_hub.remove_account(n)
        hub.close()
    alone = rows[0]
    print(f"\nNotebook {args.notebook}, {os.cpu_count()} cœurs, hub et proxy (root) ≈ {hub_pss:.0f} Mio PSS")
    print("| apprenants à la fois | mur (médiane) | mur / seul | CPU par apprenant | mémoire par serveur (pic, PSS) |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['N']} | {r['mur_s']:.1f} s | ×{r['mur_s'] / alone['mur_s']:.2f} | {r['cpu_s']:.1f} s | "
              f"{r['pss_pic_mio']:.0f} Mio (repos {r['pss_repos_mio']:.0f}) |")


if __name__ == "__main__":
    main()
