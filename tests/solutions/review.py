"""Reference `review_pull_request` (1.6.a), correct variants, and the classic wrong ones, written as a learner would."""
from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor, as_completed, wait, FIRST_COMPLETED


def _ask(client, prompt, model, max_tokens):
    reply = client.messages.create(model=model, max_tokens=max_tokens,
                                   messages=[{"role": "user", "content": prompt}])
    return json.loads(reply.content[0].text)


def _local_prompt(path, source):
    return (f"Revue locale du fichier {path}. Relève ses défauts et décris son interface, "
            f"en JSON {{\"findings\": [...], \"interface\": ...}}.\n\n{source}")


def _integration_prompt(results):
    return ("Passe d'intégration : voici, pour chaque fichier, les constats locaux et l'interface. Cherche les "
            "incohérences entre fichiers (appels, flux de données), en JSON {\"findings\": [...]}.\n\n"
            + json.dumps(results, ensure_ascii=False, indent=1))


# -- correct -----------------------------------------------------------------------------------

def review_pull_request(client, files, *, model, max_tokens=1024):
    local = {}
    for path, source in files.items():
        local[path] = _ask(client, _local_prompt(path, source), model, max_tokens)
    summary = {path: {"findings": r["findings"], "interface": r["interface"]} for path, r in local.items()}
    cross = _ask(client, _integration_prompt(summary), model, max_tokens)
    return {"per_file": {path: r["findings"] for path, r in local.items()}, "cross_file": cross["findings"]}


def parallel_locals(client, files, *, model, max_tokens=1024):
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {path: pool.submit(_ask, client, _local_prompt(path, source), model, max_tokens)
                   for path, source in files.items()}
        local = {path: future.result() for path, future in futures.items()}
    cross = _ask(client, _integration_prompt(local), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def markdown_prompts(client, files, *, model, max_tokens=1024):
    """Different wording: a fenced file, and the integration as a bullet list (ensure_ascii escapes included)."""
    local = {}
    for path, source in files.items():
        prompt = f"Chemin : `{path}`\n\n```python\n{source}```\n\nAnalyse ce seul fichier (JSON)."
        local[path] = _ask(client, prompt, model, max_tokens)
    lines = ["Intégration inter-fichiers à partir des constats suivants :"]
    for path, r in local.items():
        lines.append(f"- {path}")
        lines.append(f"  constats : {json.dumps(r['findings'])}")
        lines.append(f"  interface : {json.dumps(r['interface'])}")
    cross = _ask(client, "\n".join(lines), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


CORRECT = [review_pull_request, parallel_locals, markdown_prompts]


# -- wrong -------------------------------------------------------------------------------------

def single_pass(client, files, *, model, max_tokens=1024):
    everything = "\n\n".join(files.values())
    result = _ask(client, f"Revue de cette pull request, fichier par fichier :\n\n{everything}", model, max_tokens)
    per_file = {path: [f for f in result["findings"] if f.get("file") == path] for path in files}
    return {"per_file": per_file, "cross_file": []}


def batches_of_five(client, files, *, model, max_tokens=1024):
    paths = list(files)
    per_file = {}
    for start in range(0, len(paths), 5):
        batch = paths[start:start + 5]
        text = "\n\n".join(files[p] for p in batch)
        result = _ask(client, f"Revue de ces fichiers :\n\n{text}", model, max_tokens)
        for p in batch:
            per_file[p] = [f for f in result["findings"] if f.get("file") == p]
    return {"per_file": per_file, "cross_file": []}


def locals_only(client, files, *, model, max_tokens=1024):
    per_file = {path: _ask(client, _local_prompt(path, source), model, max_tokens)["findings"]
                for path, source in files.items()}
    return {"per_file": per_file, "cross_file": []}


def integration_rereads_files(client, files, *, model, max_tokens=1024):
    local = {path: _ask(client, _local_prompt(path, source), model, max_tokens) for path, source in files.items()}
    prompt = _integration_prompt(local) + "\n\nPour mémoire, le code complet :\n\n" + "\n\n".join(files.values())
    cross = _ask(client, prompt, model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def integration_gets_names_only(client, files, *, model, max_tokens=1024):
    local = {path: _ask(client, _local_prompt(path, source), model, max_tokens) for path, source in files.items()}
    prompt = ("Passe d'intégration : vérifie la cohérence entre ces fichiers, en JSON {\"findings\": [...]} : "
              + ", ".join(files))
    cross = _ask(client, prompt, model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def local_prompts_with_other_files(client, files, *, model, max_tokens=1024):
    local = {}
    for path, source in files.items():
        others = "\n\n".join(s for p, s in files.items() if p != path)
        prompt = _local_prompt(path, source) + "\n\nContexte (autres fichiers de la PR) :\n\n" + others
        local[path] = _ask(client, prompt, model, max_tokens)
    cross = _ask(client, _integration_prompt(local), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def truncated_findings(client, files, *, model, max_tokens=1024):
    local = {}
    for path, source in files.items():
        result = _ask(client, _local_prompt(path, source), model, max_tokens)
        for finding in result["findings"]:
            finding["finding"] = finding["finding"][:40]
        local[path] = result
    cross = _ask(client, _integration_prompt(local), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def first_files_only(client, files, *, model, max_tokens=1024):
    local = {path: _ask(client, _local_prompt(path, files[path]), model, max_tokens) for path in list(files)[:8]}
    cross = _ask(client, _integration_prompt(local), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def integration_too_early(client, files, *, model, max_tokens=1024):
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = {pool.submit(_ask, client, _local_prompt(p, s), model, max_tokens): p for p, s in files.items()}
        done, _pending = wait(futures, return_when=FIRST_COMPLETED)
        ready = {futures[f]: f.result() for f in done}
        cross = _ask(client, _integration_prompt(ready), model, max_tokens)
        local = {futures[f]: f.result() for f in as_completed(futures)}
    return {"per_file": {p: local[p]["findings"] for p in files}, "cross_file": cross["findings"]}


def local_pass_without_path(client, files, *, model, max_tokens=1024):
    """The file alone, its path only in its own first line (« # path — … ») that every generated file starts with."""
    local = {path: _ask(client, f"Relis ce fichier, en JSON {{\"findings\": [...], \"interface\": ...}} :\n\n{source}",
                        model, max_tokens) for path, source in files.items()}
    cross = _ask(client, _integration_prompt(local), model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


def integration_rereads_hidden_files(client, files, *, model, max_tokens=1024):
    """Hostile: the integration pass gets every file's full source, a zero-width space between its letters."""
    local = {path: _ask(client, _local_prompt(path, source), model, max_tokens) for path, source in files.items()}
    hidden = "\n\n".join("\u200b".join(source) for source in files.values())
    cross = _ask(client, _integration_prompt(local) + "\n\n" + hidden, model, max_tokens)
    return {"per_file": {p: r["findings"] for p, r in local.items()}, "cross_file": cross["findings"]}


# mutation → the rules it must break (it may break more)
WRONG = {
    single_pass: {"passe_locale", "tous_les_fichiers", "integration_apres"},
    batches_of_five: {"passe_locale", "integration_apres"},
    locals_only: {"integration_apres", "integration_resultats", "resultat"},
    integration_rereads_files: {"integration_sans_source"},
    integration_gets_names_only: {"integration_resultats"},
    local_prompts_with_other_files: {"passe_locale"},
    truncated_findings: {"integration_resultats", "resultat"},
    first_files_only: {"tous_les_fichiers"},
    integration_too_early: {"integration_apres"},
    local_pass_without_path: {"passe_locale"},
    integration_rereads_hidden_files: {"integration_sans_source"},
}
