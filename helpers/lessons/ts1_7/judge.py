"""Exercises 1.7.a and 1.7.b, the trusted half (sessions).

1.7.a `fresh_session_prompt` is called directly on random findings, with two files sharing a base
name in different folders. 1.7.b `explore_forks` runs through the real CLI, offline, on a private
simulator: the learner's side starts the original session, then calls the function; the verdict
reads the simulator's log (which session each request belonged to, what history it carried) and,
as a second witness, the original session file's hash before and after.

Trusted side: the findings drawn, the prompts and what each verdict expects live here; this module never imports
play.py, and inside the sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import re
import secrets
import tempfile

from ...simulator._conversation import _REMINDER, block_text
from ...simulator._playbooks.review import unescape
from .._evidence import client_marks
from ..kit import LIMIT_KEY, Criterion, Played, Report, normalized, read_files, trusted

CLI_SECONDS = 40.0      # per call (origin, then forks): both fit in nbgrader's 120 s per cell


def squeeze(text: str) -> str:
    return " ".join(normalized(unescape(text)).split())


# -- 1.7.a ------------------------------------------------------------------------------------------

FOLDERS = ["facturation", "livraison", "catalogue", "compte", "paiement", "stock"]
NAMES = ["utils.py", "regles.py", "modeles.py", "api.py", "export.py", "calculs.py", "taxes.py", "validation.py"]
FINDINGS = [
    "la fonction {f} ignore les montants négatifs",
    "{c} vaut {v} et sert de plafond à tout le module",
    "{f} relit la base à chaque appel (aucun cache)",
    "le format de date attendu par {f} est JJ/MM/AAAA",
    "{f} lève ValueError quand la liste est vide",
    "{c} est dupliquée ailleurs avec la valeur {v}",
    "aucun test ne couvre {f}",
    "{f} arrondit au centime supérieur",
]


def _findings_case(r: random.Random) -> dict:
    folders = r.sample(FOLDERS, 4)
    twin = r.choice(NAMES)
    files = [f"{folders[0]}/{twin}", f"{folders[1]}/{twin}"]          # same base name, two folders
    while len(files) < r.randint(5, 7):
        path = f"{r.choice(folders)}/{r.choice(NAMES)}"
        if path not in files:
            files.append(path)
    findings, tokens = [], {}
    for n, path in enumerate(files):
        for _ in range(r.randint(1, 2)):
            template = r.choice(FINDINGS)
            names = {"f": f"{r.choice(['calcul', 'charge', 'valide', 'prepare'])}_{r.randint(10, 99)}{n}",
                     "c": f"SEUIL_{r.randint(100, 999)}{n}", "v": r.randint(2, 900)}
            text = template.format(**names)
            text = text[0].upper() + text[1:]
            findings.append({"file": path, "finding": text})
            tokens[text] = names["c"] if "{c}" in template else names["f"]   # what names this finding alone
    r.shuffle(findings)
    changed = [files[0]] + r.sample(files[2:], r.randint(0, 2))
    extra = f"{folders[3]}/nouveau_{r.randint(10, 99)}.py"                 # changed, with no finding about it
    if r.random() < 0.7:
        changed.append(extra)
    r.shuffle(changed)
    return {"findings": findings, "changed": changed, "twin": files[1], "tokens": tokens}


def _judge_prompt(case: dict, played: Played) -> dict[str, tuple[bool, str]]:
    keys = ("valides", "perimes", "a_relire")
    if played.timed_out or played.raised:
        why = ("la fonction ne rend pas la main" if played.timed_out else
               f"votre fonction a levé {played.error_line()}" + (f" ({played.where})" if played.where else ""))
        return {k: (False, why) for k in keys}
    if not isinstance(played.value, str) or not played.value.strip():
        kind = played.value.get("__type__") if isinstance(played.value, dict) else type(played.value).__name__
        return {k: (False, f"la fonction doit renvoyer le prompt (une chaîne non vide), pas {kind}") for k in keys}
    prompt = squeeze(played.value)
    changed = set(case["changed"])
    valid = [f for f in case["findings"] if f["file"] not in changed]
    stale = [f for f in case["findings"] if f["file"] in changed]
    out = {}
    missing = [f for f in valid if squeeze(f["finding"]) not in prompt]
    if missing:
        f = missing[0]
        hint = (" : ce fichier n'a pas changé, seul son homonyme dans un autre répertoire a changé ; comparez les "
                "chemins complets" if f["file"] == case["twin"] else "")
        out["valides"] = (False, f"le constat encore valide « {f['finding']} » ({f['file']}) manque{hint}")
    elif (alone := next((f for f in valid if not _with_its_file(prompt, f)), None)) is not None:
        out["valides"] = (False, f"le constat « {alone['finding']} » est repris sans son fichier ({alone['file']}) : la "
                                 f"nouvelle session ne sait pas où il s'applique")
    else:
        out["valides"] = (True, f"{len(valid)} constats valides, tous présents avec leur fichier")
    # Kept as is, truncated or reworded: the identifier the finding is about gives it away.
    kept = [f for f in stale if squeeze(f["finding"]) in prompt or case["tokens"][f["finding"]] in prompt]
    if kept:
        out["perimes"] = (False, f"le constat « {kept[0]['finding']} » porte sur {kept[0]['file']}, qui a changé : il "
                                 f"ne doit pas figurer dans le prompt, même signalé comme périmé (il pèserait encore "
                                 f"sur le raisonnement)")
    else:
        out["perimes"] = (True, f"{len(stale)} constats périmés écartés")
    unlisted = [p for p in case["changed"] if p not in prompt]
    # The instructions are read in the prompt as written (lines kept), the findings' own words taken out of it.
    instructions = normalized(unescape(played.value))
    for f in case["findings"]:
        instructions = instructions.replace(normalized(f["finding"]), ". ")
    told = reread_instructions(instructions)
    if unlisted:
        out["a_relire"] = (False, f"le fichier modifié {unlisted[0]} n'est pas listé : la nouvelle session doit savoir "
                                  f"quoi relire avant de conclure")
    elif told["negated"]:
        out["a_relire"] = (False, f"le prompt dit de ne pas relire (« {told['negated'][0]} ») : les fichiers modifiés "
                                  f"sont justement ceux à relire avant de conclure")
    elif not told["asked"]:
        out["a_relire"] = (False, "les fichiers modifiés sont nommés, mais rien ne demande de les relire (« à relire "
                                  "avant de conclure », « relisez… ») : la nouvelle session les prendrait pour acquis")
    else:
        out["a_relire"] = (True, f"{len(changed)} fichiers modifiés listés")
    return out


# « À relire » is an instruction: a verb of (re)reading or checking, not negated. The words that negate it in the same
# sentence before the verb are counted: « ne … pas » counts once, « sans », « inutile »… once each; an odd count is a
# negation (« ne relisez pas », « inutile de relire »), an even one is not (« ne concluez pas sans relire »).
REREAD = re.compile(r"(?i)\b(?:re-?li(?:re|s|sez|t|sons|ez)|relu(?:e|s|es)?|relecture|(?:re)?lis(?:ez)?|lire|"
                    r"(?:re)?vérifi\w*|revoi\w*|revo(?:ir|yez)|r?éexamin\w*|examin\w*|rouvr\w*|re-?read\w*|"
                    r"re-?check\w*|check\w*|review\w*|inspect\w*)\b")
NEGATIONS = re.compile(r"(?i)\b(?:ne|n['’]|sans|inutile|évite[rz]?|jamais|aucun\w*|pas|plus|rien|"
                       r"don['’]?t|do\s+not|no\s+need|without|skip\w*|never|not|ignore[rz]?|oubli\w*|omet\w*|omettre)\b|n['’]")


def reread_instructions(prompt: str) -> dict[str, list[str]]:
    """The (re)reading instructions of a prompt: {"asked": [...], "negated": [...]}, each as its sentence's start."""
    out: dict[str, list[str]] = {"asked": [], "negated": []}
    for m in REREAD.finditer(prompt):
        sentence = re.split(r"[.!?\n;]", prompt[max(0, m.start() - 80):m.start()])[-1]
        words = [w.lower().replace("’", "'") for w in NEGATIONS.findall(sentence)]
        ne = sum(1 for w in words if w in ("ne", "n'"))
        paired = sum(1 for w in words if w in ("pas", "plus", "jamais", "rien", "aucun"))
        others = sum(1 for w in words if w not in ("ne", "n'", "pas", "plus", "jamais", "rien", "aucun"))
        count = max(ne, paired) + others         # « ne … pas » once; a lone « pas » (« pas besoin ») once
        out["negated" if count % 2 else "asked"].append((sentence + m.group(0)).strip()[-60:])
    return out


def _with_its_file(prompt: str, finding: dict, reach: int = 160) -> bool:
    """The finding's full path stands next to it (same line, same JSON object): within `reach` characters."""
    text, path = squeeze(finding["finding"]), finding["file"]
    start = prompt.find(text)
    while start != -1:
        if path in prompt[max(0, start - reach):start + len(text) + reach]:
            return True
        start = prompt.find(text, start + 1)
    return False


PROMPT_RULES = [
    ("valides", "Tous les constats sur des fichiers inchangés sont repris (chemins complets comparés)", 1.5),
    ("perimes", "Aucun constat sur un fichier modifié, pas même signalé comme périmé", 1.5),
    ("a_relire", "Chaque fichier modifié est listé, à relire avant de conclure", 1),
]


@trusted
def check_prompt(seed: int | None = None, *, player) -> Report:
    """Vérifie fresh_session_prompt sur des constats tirés au hasard ; renvoie le rapport détaillé."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    verdicts = []
    for _ in range(3):
        case = _findings_case(r)
        data = player({"kind": "prompt", "findings": case["findings"], "changed": case["changed"], LIMIT_KEY: 3})
        verdicts.append(_judge_prompt(case, Played.from_plain((data or {}).get("outcome"))))
    criteria = []
    for key, rule, points in PROMPT_RULES:
        failed = next((v[key][1] for v in verdicts if not v[key][0]), None)
        criteria.append(Criterion(key, rule, points, failed is None, failed or verdicts[-1][key][1]))
    return Report("1.7.a", criteria)


# -- 1.7.b : forks on the real CLI ------------------------------------------------------------------

def session_of(exchange) -> str | None:
    """The session a request belongs to: the CLI says it in a header and in metadata.user_id."""
    header = (exchange.headers or {}).get("x-claude-code-session-id")
    if header:
        return header
    try:
        return json.loads(exchange.request["metadata"]["user_id"]).get("session_id")
    except (KeyError, TypeError, ValueError):
        return None


def transcript(exchange, *, with_reply: bool = False) -> list[tuple[str, str]]:
    """The conversation a request carried, as (role, text) turns, Claude Code's reminders left out."""
    out = []
    for message in exchange.messages:
        if message.get("role") not in ("user", "assistant"):
            continue
        text = squeeze(_REMINDER.sub("", block_text(message.get("content"))))
        if text:
            out.append((message["role"], text))
    if with_reply and exchange.ok and isinstance(exchange.response, dict):
        text = squeeze(block_text(exchange.response.get("content")))
        if text:
            out.append(("assistant", text))
    return out


def _texts(exchanges) -> str:
    return " ".join(t for e in exchanges for _r, t in transcript(e))


FORK_RULES = [
    ("nouveaux_ids", "Deux nouvelles sessions : deux identifiants distincts, différents de l'original", 1.5),
    ("historique", "Chaque bifurcation repart de l'historique de la session d'origine, puis suit sa propre piste", 1.5),
    ("isolement", "Aucune bifurcation ne voit la piste de l'autre", 1.5),
    ("original_intact", "La session d'origine reste intacte : aucune requête en son nom, fichier inchangé octet pour "
                        "octet", 1.5),
]


def _consistent(exchange) -> bool:
    """The session id the header claims is the one the CLI also writes in metadata.user_id."""
    header = (exchange.headers or {}).get("x-claude-code-session-id")
    try:
        inside = json.loads(exchange.request["metadata"]["user_id"]).get("session_id")
    except (KeyError, TypeError, ValueError, AttributeError):
        inside = None
    return bool(header) and header == inside


def _from_the_cli(requests: list, setup: list, original: str) -> bool:
    """A session's requests come from the CLI that ran the original one: one of them at least carries the same
    session id in header and metadata, and the same client marks as a request of the original session."""
    clients = {client_marks(e) for e in setup if session_of(e) == original}
    return any(_consistent(e) and client_marks(e) in clients for e in requests)


def _by_session(log: list) -> dict[str, list]:
    out: dict[str, list] = {}
    for e in log:
        sid = session_of(e)
        if sid:
            out.setdefault(sid, []).append(e)
    return out


def _session_bytes(files: dict[str, bytes], session_id: str | None) -> bytes | None:
    """A session's file among those the judge read (paths relative to the CLI's config folder)."""
    if not session_id:
        return None
    return next((data for path, data in sorted(files.items())
                 if path.startswith("projects/") and path.endswith(f"/{session_id}.jsonl")), None)


def _forked_by_the_cli(data: bytes | None, fork_id: str, original: str) -> bool:
    """A fork's file as the CLI writes it (observed with the pinned CLI): the original's turns are copied into the new
    session, and the original's answer keeps `requestSessionId` = the original id. A copy of the original's file
    under a new name, resumed without fork_session, has the original's own entries instead."""
    for line in (data or b"").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and entry.get("sessionId") == fork_id and entry.get("requestSessionId") == original:
            return True
    return False


def _judge_forks(spec: dict, origin: dict, data: dict, setup: list, log: list,
                 before: dict[str, bytes], after: dict[str, bytes]) -> dict[str, tuple[bool, str]]:
    """`setup`: the original session's requests; `log`: every request made while the learner's function ran;
    `before`, `after`: the session files as the judge read them itself, after the original session and at the end."""
    keys = [k for k, _r, _p in FORK_RULES]
    original = origin.get("original")
    first = next((e for e in reversed(setup) if session_of(e) == original), None)
    if not original or first is None:
        why = origin.get("setup_error") or data.get("setup_error") or "noyau indisponible"
        return {k: (False, f"la session d'origine n'a pas pu être créée ({why})") for k in keys}
    by_session = _by_session(log)
    resumed = by_session.get(original, [])
    if resumed:
        intact = (False, "la session d'origine a reçu de nouvelles requêtes : reprise sans fork_session=True, elle est "
                         "prolongée au lieu d'être copiée")
    elif _session_bytes(before, original) is None or _session_bytes(before, original) != _session_bytes(after, original):
        intact = (False, "le fichier de la session d'origine a changé (ou disparu) pendant l'exploration : relu par "
                         "le correcteur, il n'est plus celui que le CLI avait écrit")
    else:
        intact = (True, "aucune requête en son nom, fichier identique octet pour octet")
    played = Played.from_plain(data.get("outcome"))
    value = played.value
    ids = value if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value) else None
    if played.timed_out or played.raised or ids is None:
        if played.timed_out:
            why = "la fonction ne rend pas la main"
        elif played.raised:
            why = f"votre fonction a levé {played.error_line()}" + (f" ({played.where})" if played.where else "")
        else:
            why = "la fonction doit renvoyer les deux nouveaux identifiants : (id_a, id_b)"
        # Nothing explored, nothing to credit: an untouched stub leaves the original intact too.
        return {k: (False, why) for k in keys}
    out = {"original_intact": intact}
    # New ids, distinct, each one a session that really talked to the model.
    if ids[0] == ids[1]:
        out["nouveaux_ids"] = (False, "les deux pistes ont le même identifiant : une seule session pour deux pistes")
    elif original in ids:
        out["nouveaux_ids"] = (False, "un identifiant renvoyé est celui de la session d'origine : resume sans "
                                      "fork_session=True poursuit l'originale au lieu d'en créer une nouvelle")
    elif any(i not in by_session for i in ids):
        out["nouveaux_ids"] = (False, "un identifiant renvoyé ne correspond à aucune requête envoyée au modèle")
    elif any(not _from_the_cli(by_session[i], setup, original) for i in ids):
        reason = ("les requêtes d'une piste ne viennent pas du CLI comme celles de la session d'origine (en-têtes, "
                  "métadonnées ou prompt système différents) : les bifurcations se font avec query(…, resume=…, "
                  "fork_session=True), pas à la main")
        return {k: (False, reason) for k in keys}
    elif (copied := next((i for i in ids if not _forked_by_the_cli(_session_bytes(after, i), i, original)), None)):
        reason = (f"la session {copied[:8]}… n'est pas une bifurcation faite par le CLI : son fichier ne porte pas l'historique "
                  f"que fork_session=True copie (un fichier de session copié sous un autre nom, puis repris, "
                  f"n'est pas une bifurcation)")
        return {**{k: (False, reason) for k in keys}, "original_intact": intact}
    else:
        out["nouveaux_ids"] = (True, "deux nouveaux identifiants, distincts")
    # History: the original's conversation first, then the fork's own prompt.
    base = transcript(first, with_reply=True)
    problems = []
    for fork_id, prompt, label in ((ids[0], spec["prompt_a"], "A"), (ids[1], spec["prompt_b"], "B")):
        requests = by_session.get(fork_id) or []
        if not requests:
            problems.append(f"la piste {label} n'a envoyé aucune requête")
            continue
        carried = transcript(requests[0])
        if carried[:len(base)] != base:
            problems.append(f"la piste {label} ne reprend pas l'historique de la session d'origine (une session neuve "
                            f"part de zéro ; fork_session=True s'ajoute à resume=…)")
        elif squeeze(prompt) not in " ".join(t for _r, t in carried[len(base):]):
            problems.append(f"la piste {label} n'a pas reçu son prompt après l'historique d'origine")
    out["historique"] = (not problems, problems[0] if problems else "les deux bifurcations partent de l'historique d'origine")
    # Isolation: neither fork's requests carry the other's prompt.
    leaks = [label for fork_id, other, label in ((ids[0], spec["prompt_b"], "A"), (ids[1], spec["prompt_a"], "B"))
             if squeeze(other) in _texts(by_session.get(fork_id) or [])]
    out["isolement"] = (not leaks, f"la piste {leaks[0]} a vu le prompt de l'autre piste dans son historique" if leaks
                        else "chaque bifurcation ne voit que sa propre piste")
    return out


@trusted
def check_forks(seed: int | None = None, *, player) -> Report:
    """Fait tourner explore_forks dans le vrai CLI, hors ligne, à partir d'une session d'origine tirée au hasard."""
    from ...simulator import Simulator
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    subject = r.choice(["le module de facturation", "l'API de livraison", "le service de comptes", "le moteur de prix"])
    code = f"{r.choice(['ALPHA', 'BRAVO', 'DELTA', 'SIGMA'])}-{r.randint(100, 999)}"
    spec = {"kind": "forks",
            "original": f"Analyse {subject} et retiens le code de l'audit : {code}.",
            "prompt_a": f"Piste A ({r.randint(10, 99)}) : esquisse des tests unitaires pour {subject}.",
            "prompt_b": f"Piste B ({r.randint(10, 99)}) : esquisse des tests de contrat pour {subject}."}
    token = f"{r.getrandbits(64):016x}"     # drawn with the scenario: same seed, same token
    # Where the CLI works and writes its sessions: in the sandbox's own /tmp under grading (the judge reads it through
    # player.view), a private folder of this process in « Vérifier ».
    local = getattr(player, "view", None) is None
    root = tempfile.mkdtemp(prefix="cours-sessions-") if local else f"/tmp/cours-sessions-{token}"
    sim = Simulator().start()
    try:
        mark = sim.log.mark()
        origin = player({"kind": "origin", "token": token, "base_url": sim.base_url, "original": spec["original"],
                         "root": root, LIMIT_KEY: CLI_SECONDS})
        before = read_files(player, f"{root}/claude")
        middle = sim.log.mark()
        ran = isinstance(origin, dict) and origin.get("original")
        data = player({**spec, "token": token, "root": root, LIMIT_KEY: CLI_SECONDS}) if ran else {}
        after = read_files(player, f"{root}/claude")
        setup = [e for e in sim.log.since(mark) if e.index < middle and e.ok]
        log = [e for e in sim.log.since(middle) if e.ok]
    finally:
        sim.stop()
        if local:
            import shutil
            shutil.rmtree(root, ignore_errors=True)
    verdict = _judge_forks(spec, origin if isinstance(origin, dict) else {}, data if isinstance(data, dict) else {},
                           setup, log, before, after)
    return Report("1.7.b", [Criterion(k, rule, pts, verdict[k][0], verdict[k][1]) for k, rule, pts in FORK_RULES])


# -- the registry's entry points: learner code only through `player` ---------------------------------

@trusted
def judge_prompt(player, values: list, seed: int | None = None) -> Report:
    return check_prompt(seed, player=player)


@trusted
def judge_forks(player, values: list, seed: int | None = None) -> Report:
    return check_forks(seed, player=player)


