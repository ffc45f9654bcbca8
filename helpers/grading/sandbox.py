"""The grading kernel: an ipykernel that starts inside a fence the learner's code cannot lower.

Before any learner code runs, an audit hook (PEP 578 — it cannot be removed once installed)
refuses: reading or writing the instructor's files (source/, the gradebook, other students'
folders, feedback/), writing outside the student's own folder and temporary folders, network
connections beyond the loopback, ctypes, and starting programs other than Claude Code's bundled
CLI. A file-size limit stops a disk-filling loop. Memory is watched from outside, by the grader.

    python -m helpers.grading.sandbox -f {connection_file}   (the kernelspec written by autograde.py)

Audit hooks are a fence, not a vault: the verdicts themselves never depend on this process
(see verdicts.py), so what gets through the fence still cannot earn points.
"""
from __future__ import annotations

import json
import os
import resource
import socket
import sys

POLICY_ENV = "COURS_BAC_A_SABLE"
FILE_SIZE_LIMIT = 256 * 1024 * 1024


def _norm(path: object) -> str | None:
    if isinstance(path, int):
        return None       # an already-open descriptor
    try:
        return os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None


def make_hook(policy: dict):
    denied = [os.path.realpath(p) for p in policy.get("deny", [])]
    writable = [os.path.realpath(p) for p in policy.get("writable", [])]
    allowed_programs = tuple(policy.get("programs", []))

    def inside(path: str, roots: list[str]) -> bool:
        return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)

    def refuse(what: str) -> None:
        raise PermissionError(f"[Bac à sable de correction] interdit : {what}")

    def hook(event: str, args: tuple) -> None:
        if event == "open":
            path = _norm(args[0])
            if path is None:
                return
            mode = args[1] if len(args) > 1 and isinstance(args[1], str) else "r"
            flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
            if inside(path, denied):
                refuse(f"accès à {path}")
            writing = any(c in mode for c in "wax+") or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
            if writing and not inside(path, writable):
                refuse(f"écriture dans {path}")
        elif event in ("os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
                       "os.link", "os.symlink", "shutil.rmtree", "os.utime"):
            for arg in args[:2]:
                path = _norm(arg)
                if path and (inside(path, denied) or not inside(path, writable)):
                    refuse(f"{event} sur {path}")
        elif event == "sqlite3.connect":
            path = _norm(args[0]) if args else None
            if path and inside(path, denied):
                refuse(f"ouverture de la base {path}")
        elif event in ("ctypes.dlopen", "ctypes.dlsym", "ctypes.cdata", "os.system", "os.fork", "os.forkpty",
                       "pty.spawn"):
            refuse(event)
        elif event in ("subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn"):
            program = _norm(args[0]) if args else None
            if not program or not program.endswith(allowed_programs):
                refuse(f"lancement de {args[0] if args else '?'}")
        elif event == "socket.connect":
            sock, address = args[0], args[1]
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                host = address[0] if isinstance(address, tuple) else str(address)
                if host not in ("127.0.0.1", "::1", "localhost"):
                    refuse(f"connexion réseau vers {host}")

    return hook


def install(policy: dict) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))
    sys.addaudithook(make_hook(policy))


def main() -> None:
    policy = json.loads(os.environ.get(POLICY_ENV) or "{}")
    # ipykernel and its dependencies are imported before the fence (they read their own files).
    from ipykernel import kernelapp
    install(policy)
    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
