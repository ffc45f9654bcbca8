"""« Vérifier » clicked twenty times in one kernel, as JupyterLab clicks it (a comm message on the shell channel):
a run_agent without a turn limit, then a correct one, then the first again… Every click ends, and the kernel's
memory stays where it was (in 1.1, before: stuck on « Vérification en cours… » by the 3rd click, the kernel at 1.9 GB).
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOOPS = (ROOT / "tests" / "solutions" / "loops.py").read_text()
CLICKS = 20


class Kernel:
    def __init__(self, folder: Path) -> None:
        from jupyter_client.manager import start_new_kernel
        self.manager, self.client = start_new_kernel(kernel_name="python3", cwd=str(folder), startup_timeout=120)
        self.pid = int(self.run("import os; print(os.getpid())"))

    def run(self, code: str, timeout: float = 120) -> str:
        msg_id = self.client.execute(code)
        return self._until_idle(msg_id, timeout)

    def click(self, model_id: str, timeout: float = 120) -> float:
        started = time.monotonic()
        msg = self.client.session.msg("comm_msg", {"comm_id": model_id,
                                                   "data": {"method": "custom", "content": {"event": "click"}}})
        self.client.shell_channel.send(msg)
        self._until_idle(msg["header"]["msg_id"], timeout)
        return time.monotonic() - started

    def _until_idle(self, msg_id: str, timeout: float) -> str:
        out, deadline = [], time.monotonic() + timeout
        while True:
            msg = self.client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                raise AssertionError("\n".join(msg["content"]["traceback"]))
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return "".join(out).strip()

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        return int(re.search(r"^VmRSS:\s+(\d+)", status, re.M).group(1)) / 1024

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@pytest.mark.slow
def test_twenty_clicks_in_one_kernel_each_end_and_the_kernels_memory_stays_flat(tmp_path):
    kernel = Kernel(tmp_path)
    try:
        kernel.run(LOOPS + "\ncorrect = run_agent")
        model_id = kernel.run("import helpers\nbutton = helpers.verify_button('1.1.a')\nprint(button.button.model_id)")
        seen = []
        for click in range(CLICKS):
            version = ["no_cap", "correct", "no_cap"][click % 3]
            kernel.run(f"run_agent = {version}")
            seconds = kernel.click(model_id)
            score = kernel.run("import re\nprint(re.search(r'Vérification 1.1.a\\W*([\\d,]+) / 10', "
                               "button.output.value).group(1))")
            seen.append((version, round(seconds, 1), score, round(kernel.rss_mb())))
            if click == 1:
                settled = kernel.rss_mb()
        assert all(score == "10" for version, _, score, _ in seen if version == "correct"), seen
        assert all(score != "10" for version, _, score, _ in seen if version == "no_cap"), seen
        assert max(seconds for _, seconds, _, _ in seen) < 60, seen
        assert kernel.rss_mb() - settled < 30, f"le noyau a grandi de {kernel.rss_mb() - settled:.0f} Mo : {seen}"
        assert kernel.run("print(button.button.disabled)") == "False"
    finally:
        kernel.close()
