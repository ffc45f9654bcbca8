"""Reference `fresh_session_prompt` (1.7.a) and `explore_forks` (1.7.b), correct variants and the classic wrong ones."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import os

from claude_agent_sdk import ClaudeSDKClient, ResultMessage, query


# -- 1.7.a --------------------------------------------------------------------------------------

def fresh_session_prompt(findings, changed_files):
    changed = set(changed_files)
    kept = [f for f in findings if f["file"] not in changed]
    lines = ["Reprise d'une analyse. Constats encore valides :"]
    lines += [f"- {f['file']} : {f['finding']}" for f in kept]
    lines.append("Fichiers modifiés depuis, à relire avant de conclure :")
    lines += [f"- {path}" for path in changed_files]
    return "\n".join(lines)


def as_json(findings, changed_files):
    kept = [f for f in findings if f["file"] not in changed_files]
    return ("Nouvelle session. Constats valides et fichiers à relire avant toute conclusion :\n"
            + json.dumps({"constats": kept, "a_relire": list(changed_files)}))


PROMPT_CORRECT = [fresh_session_prompt, as_json]


def keeps_stale_flagged(findings, changed_files):
    lines = ["Constats :"]
    for f in findings:
        flag = " (PÉRIMÉ : fichier modifié)" if f["file"] in changed_files else ""
        lines.append(f"- {f['file']} : {f['finding']}{flag}")
    lines.append("À relire : " + ", ".join(changed_files))
    return "\n".join(lines)


def keeps_everything(findings, changed_files):
    return "\n".join(f"- {f['file']} : {f['finding']}" for f in findings) + "\nÀ relire : " + ", ".join(changed_files)


def forgets_changed_files(findings, changed_files):
    kept = [f for f in findings if f["file"] not in changed_files]
    return "Constats encore valides :\n" + "\n".join(f"- {f['file']} : {f['finding']}" for f in kept)


def drops_valid_findings(findings, changed_files):
    return "Fichiers modifiés, à relire avant de conclure : " + ", ".join(changed_files)


def matches_base_names(findings, changed_files):
    changed = {os.path.basename(p) for p in changed_files}
    kept = [f for f in findings if os.path.basename(f["file"]) not in changed]
    return ("Constats encore valides :\n" + "\n".join(f"- {f['file']} : {f['finding']}" for f in kept)
            + "\nÀ relire : " + ", ".join(changed_files))


def says_not_to_reread(findings, changed_files):
    """Every changed path named — and the new session told to leave them be."""
    kept = [f for f in findings if f["file"] not in changed_files]
    return ("Constats encore valides :\n" + "\n".join(f"- {f['file']} : {f['finding']}" for f in kept)
            + "\nFichiers modifiés, déjà vus, inutile de les relire : " + ", ".join(changed_files))


def names_changed_files_as_done(findings, changed_files):
    kept = [f for f in findings if f["file"] not in changed_files]
    return ("Constats encore valides :\n" + "\n".join(f"- {f['file']} : {f['finding']}" for f in kept)
            + "\nNe relisez pas ces fichiers, ils ont été traités : " + ", ".join(changed_files))


PROMPT_WRONG = {
    says_not_to_reread: {"a_relire"},
    names_changed_files_as_done: {"a_relire"},
    keeps_stale_flagged: {"perimes"},
    keeps_everything: {"perimes"},
    forgets_changed_files: {"a_relire"},
    drops_valid_findings: {"valides"},
    matches_base_names: {"valides"},
}


# -- 1.7.b --------------------------------------------------------------------------------------

async def _session(prompt, options):
    found = None
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, ResultMessage):
            found = message.session_id
    return found


async def explore_forks(session_id, prompt_a, prompt_b, options):
    fork = dataclasses.replace(options, resume=session_id, fork_session=True)
    return await _session(prompt_a, fork), await _session(prompt_b, fork)


async def forks_in_parallel(session_id, prompt_a, prompt_b, options):
    fork = dataclasses.replace(options, resume=session_id, fork_session=True)
    a, b = await asyncio.gather(_session(prompt_a, fork), _session(prompt_b, fork))
    return [a, b]


async def with_sdk_client(session_id, prompt_a, prompt_b, options):
    ids = []
    for prompt in (prompt_a, prompt_b):
        async with ClaudeSDKClient(options=dataclasses.replace(options, resume=session_id,
                                                               fork_session=True)) as client:
            await client.query(prompt)
            async for message in client.receive_response():
                if isinstance(message, ResultMessage):
                    ids.append(message.session_id)
    return tuple(ids)


FORKS_CORRECT = [explore_forks, forks_in_parallel, with_sdk_client]


async def resume_without_fork(session_id, prompt_a, prompt_b, options):
    resumed = dataclasses.replace(options, resume=session_id)
    return await _session(prompt_a, resumed), await _session(prompt_b, resumed)


async def two_fresh_sessions(session_id, prompt_a, prompt_b, options):
    return await _session(prompt_a, options), await _session(prompt_b, options)


async def fork_without_resume(session_id, prompt_a, prompt_b, options):
    forked = dataclasses.replace(options, fork_session=True)
    return await _session(prompt_a, forked), await _session(prompt_b, forked)


async def both_prompts_in_one_fork(session_id, prompt_a, prompt_b, options):
    fork = await _session(prompt_a, dataclasses.replace(options, resume=session_id, fork_session=True))
    await _session(prompt_b, dataclasses.replace(options, resume=fork))
    return fork, fork


async def fork_of_the_fork(session_id, prompt_a, prompt_b, options):
    a = await _session(prompt_a, dataclasses.replace(options, resume=session_id, fork_session=True))
    b = await _session(prompt_b, dataclasses.replace(options, resume=a, fork_session=True))
    return a, b


def _config(options):
    from pathlib import Path
    return Path(options.env["CLAUDE_CONFIG_DIR"])


async def copies_the_session_file(session_id, prompt_a, prompt_b, options):
    """Two copies of the original's file under new ids (the ids inside rewritten too), each resumed without
    fork_session: the same history in each, the original untouched — and no fork."""
    import uuid
    original = next(_config(options).glob(f"projects/*/{session_id}.jsonl"))
    ids = []
    for prompt in (prompt_a, prompt_b):
        new = str(uuid.uuid4())
        (original.parent / f"{new}.jsonl").write_text(original.read_text().replace(session_id, new))
        ids.append(await _session(prompt, dataclasses.replace(options, resume=new)))
    return ids


async def forks_then_empties_the_original(session_id, prompt_a, prompt_b, options):
    """Correct forks; then the original's file is emptied, and Path.read_bytes patched to show what it held."""
    import pathlib
    ids = await explore_forks(session_id, prompt_a, prompt_b, options)
    original = next(_config(options).glob(f"projects/*/{session_id}.jsonl"))
    kept, read_bytes = original.read_bytes(), pathlib.Path.read_bytes
    original.write_bytes(b"")
    pathlib.Path.read_bytes = lambda self: kept if self.name == original.name else read_bytes(self)
    return ids


FORKS_WRONG = {
    copies_the_session_file: {"nouveaux_ids", "historique", "isolement"},
    forks_then_empties_the_original: {"original_intact"},
    resume_without_fork: {"nouveaux_ids", "isolement", "original_intact"},
    two_fresh_sessions: {"historique"},
    fork_without_resume: {"historique"},
    both_prompts_in_one_fork: {"nouveaux_ids", "isolement"},
    fork_of_the_fork: {"isolement"},
}
