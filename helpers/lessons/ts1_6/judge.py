"""Exercise 1.6.a, the trusted half: `review_pull_request`, per-file passes then one integration pass.

Two random pull requests (4–7 files, then 10–15, one of them long in each), local defects and one
cross-file mismatch planted. The verdict reads the simulator's log: which file contents each request carried, whether
the integration request came after every local answer and what it carried, and whether the
function returned what the reviewer actually said.

Trusted side: the draw of the pull requests (their seeds) and what each review should find live here; this module
never imports play.py, and inside the sandbox it is absent (scenario.py, the generator a notebook also uses, is
public: without the seed it draws nothing of a graded run).
"""
from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass
from functools import cached_property

from ...simulator import Simulator
from ...simulator._playbooks.review import unescape
from ..kit import LIMIT_KEY, Criterion, normalized, Played, Report, trusted
from . import scenario

EXERCISE = "1.6.a"
MODEL = "claude-sonnet-5-5"
SECONDS = 6.0
LATENCY = 0.04      # the reviewer "thinks" a little: an integration sent too early overlaps a local pass
# The judge's own work stays linear in what it reads and bounded: it analyses at most this many requests per pull
# request (a correct function sends one per file, plus one), and at most this much of each request's text.
EXTRA_REQUESTS = 8
TEXT_FACTOR, TEXT_EXTRA = 3, 40_000


def squeeze(text: str) -> str:
    """Text as the checks compare it: unescaped, NFKC, no format characters (a zero-width space between the letters
    of a line of code hides nothing from a model), whitespace runs as one space."""
    return " ".join(normalized(unescape(text)).split())


def prompt_of(exchange, room: int | None = None) -> str:
    """Everything the request asked: system and messages, as one squeezed text (its first `room` characters)."""
    from ...simulator._conversation import block_text
    request = exchange.request if isinstance(exchange.request, dict) else {}
    parts = [block_text(request.get("system"))] if request.get("system") else []
    parts += [block_text(m.get("content")) for m in exchange.messages if isinstance(m, dict)]
    text = "\n".join(parts)
    return squeeze(text if room is None else text[:room])


@dataclass
class Review:
    """One pull request, played: what each request carried, and what the function returned."""
    pr: scenario.PullRequest
    played: Played
    exchanges: list

    def __post_init__(self) -> None:
        sources = self.pr.sources
        accepted = [e for e in self.exchanges if e.ok]
        cap = len(sources) * 2 + EXTRA_REQUESTS
        self.flooded = len(accepted) if len(accepted) > cap else 0
        self.exchanges = accepted[:cap]
        room = TEXT_FACTOR * sum(len(s) for s in sources.values()) + TEXT_EXTRA
        self.full = {p: squeeze(s) for p, s in sources.items()}
        counts: dict[str, int] = {}
        for s in sources.values():
            for line in {squeeze(x) for x in s.splitlines() if x.strip()}:
                counts[line] = counts.get(line, 0) + 1
        self.own = {p: [x for x in {squeeze(y) for y in s.splitlines() if y.strip()} if counts[x] == 1]
                    for p, s in sources.items()}
        self.prompts = [prompt_of(e, room) for e in self.exchanges]
        self.carried = [[p for p in sources if self._carries(text, p)] for text in self.prompts]
        self.local_index = {}        # path → indexes of the requests that reviewed it alone
        self.locals = set()
        for i, paths in enumerate(self.carried):
            # One file's code, and not a request that names the other files too (an integration pass that carries
            # one small file's signature lines — half its own lines — is still the integration pass).
            if len(paths) == 1 and sum(p in self.prompts[i] for p in sources if p != paths[0]) < 2:
                self.local_index.setdefault(paths[0], []).append(i)
                self.locals.add(i)
        self.replies = [_json(e) for e in self.exchanges]
        # Code: a line of one file only (not its heading comment nor its docstring), which no local result quotes —
        # a single such line in the integration pass is code carried there (a signature line, an import, a body line).
        said = squeeze(json.dumps([self.local_result(p) for p in self.local_index], ensure_ascii=False))
        self.code = {p: [x for x in lines if len(x) >= 12 and not x.startswith(("#", '"""')) and x not in said]
                     for p, lines in self.own.items()}

    def _carries(self, text: str, path: str) -> bool:
        own = self.own[path]
        return bool(own) and sum(1 for line in own if line in text) * 2 >= len(own)

    def code_in(self, text: str) -> dict[str, str]:
        """path → the first line of that file's code found in `text`."""
        found = {}
        for path, lines in self.code.items():
            line = next((x for x in lines if x in text), None)
            if line is not None:
                found[path] = line
        return found

    def local_result(self, path: str) -> dict | None:
        indexes = self.local_index.get(path) or []
        return self.replies[indexes[-1]] if indexes else None

    def results_in(self, text: str) -> int:
        """How many pieces of local results (findings, interface lines) a request carries."""
        n = 0
        for path in self.local_index:
            result = self.local_result(path) or {}
            pieces = [d.get("finding", "") for d in result.get("findings") or [] if isinstance(d, dict)]
            iface = result.get("interface") or {}
            pieces += list(iface.get("exports") or []) + list(iface.get("imports") or [])
            n += sum(1 for piece in pieces if piece and squeeze(piece) in text)
        return n

    @cached_property
    def integrations(self) -> list[int]:
        """Requests that are not a local pass and carry local results (or review several files at once after them)."""
        out = []
        for i, paths in enumerate(self.carried):
            if i in self.locals:
                continue
            if self.results_in(self.prompts[i]) or (not paths and sum(p in self.prompts[i] for p in self.full) >= 2):
                out.append(i)
        return out

    @cached_property
    def single_passes(self) -> list[int]:
        """Requests reviewing several files' code at once, with no local results: no local pass there."""
        integrations = set(self.integrations)
        return [i for i, paths in enumerate(self.carried) if len(paths) >= 2 and i not in integrations]


def _json(exchange) -> dict | None:
    if not exchange.ok or not isinstance(exchange.response, dict):
        return None
    text = "".join(b.get("text", "") for b in exchange.response.get("content", []) if b.get("type") == "text")
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _names(paths) -> str:
    paths = list(paths)
    shown = ", ".join(paths[:3]) + (f" et {len(paths) - 3} autre(s)" if len(paths) > 3 else "")
    return shown


def _failed(review: Review) -> str | None:
    p = review.played
    if p.timed_out:
        return f"la fonction tournait encore après {SECONDS:g} s ({len(review.exchanges)} requêtes envoyées)"
    if p.raised:
        return f"votre fonction a levé {p.error_line()}" + (f" ({p.where})" if p.where else "")
    return None


def _local_passes(review: Review) -> tuple[bool, str]:
    if review.single_passes:
        i = review.single_passes[0]
        return False, (f"une requête relit {len(review.carried[i])} fichiers d'un coup ({_names(review.carried[i])}) : "
                       f"chaque passe locale ne doit voir qu'un fichier")
    if not review.local_index:
        why = _failed(review)
        return False, why or "aucune requête ne relit un fichier seul"
    for path, indexes in review.local_index.items():
        i = indexes[-1]
        exchange, text = review.exchanges[i], review.prompts[i]
        messages = exchange.messages
        if len(messages) != 1 or messages[0].get("role") != "user":
            return False, (f"la passe locale de {path} envoie {len(messages)} messages : un seul message user est "
                           f"attendu (messages=[…] d'un seul élément)")
        if review.full[path] not in text:
            return False, f"la passe locale de {path} ne contient pas le fichier en entier"
        # The file's own first line is « # path »: the path must be given besides the file's content.
        if path not in text.replace(review.full[path], " ", 1):
            return False, (f"la passe locale de {path} ne donne pas le chemin du fichier (hors de son contenu : sa "
                           f"première ligne de commentaire ne dit rien au relecteur de l'endroit où il se trouve)")
        # A local pass sees its file alone: no other file's findings (they would steer its attention).
        for other in review.local_index:
            result = review.local_result(other) if other != path else None
            seen = [d.get("finding", "") for d in (result or {}).get("findings") or [] if isinstance(d, dict)
                    and d.get("finding") and squeeze(d["finding"]) in text]
            if seen:
                return False, (f"la passe locale de {path} reçoit un constat de {other} (« {seen[0][:60]} ») : "
                               f"chaque passe locale ne voit que son fichier")
    return True, f"{len(review.local_index)} passes locales, un fichier chacune, contenu complet et chemin"


def _every_file(review: Review) -> tuple[bool, str]:
    missing = [p for p in review.full if p not in review.local_index]
    twice = [p for p, idx in review.local_index.items() if len(idx) > 1]
    if missing:
        return False, f"{len(missing)} fichier(s) sur {len(review.full)} jamais relu(s) seul(s) : {_names(missing)}"
    if twice:
        return False, f"{_names(twice)} relu(s) plusieurs fois : une passe locale par fichier suffit"
    return True, f"les {len(review.full)} fichiers, une passe chacun"


def _integration_after(review: Review) -> tuple[bool, str]:
    found = review.integrations
    if not found:
        return False, (_failed(review) or "aucune passe d'intégration : rien ne rapproche les fichiers, les défauts "
                                           "entre fichiers passent inaperçus")
    if len(found) > 1:
        return False, f"{len(found)} passes d'intégration : une seule est attendue, sur tous les résultats locaux"
    integration = review.exchanges[found[0]]
    locals_ = [review.exchanges[i] for idx in review.local_index.values() for i in idx]
    late = [e for e in locals_ if e.answered > integration.received]
    if late:
        return False, (f"la passe d'intégration est partie avant le retour de {len(late)} passe(s) locale(s) : "
                       f"attendez toutes les réponses locales")
    return True, "une passe d'intégration, après toutes les réponses locales"


def _integration_inputs(review: Review) -> tuple[bool, str]:
    found = review.integrations
    if len(found) != 1:
        return False, "il faut exactement une passe d'intégration pour juger ce qu'elle reçoit"
    text = review.prompts[found[0]]
    if not review.results_in(text):
        return False, ("la passe d'intégration ne reçoit aucun résultat local (ni constats, ni interfaces) : avec les "
                       "seuls noms de fichiers, elle n'a rien à comparer")
    for path in review.full:
        if path not in text:
            return False, f"le chemin {path} manque dans la passe d'intégration"
        result = review.local_result(path)
        if result is None:
            return False, f"{path} n'a pas eu de passe locale : son résultat ne peut pas être transmis"
        for d in result.get("findings") or []:
            if squeeze(d.get("finding", "")) not in text:
                return False, f"un constat de {path} manque ou a été modifié : « {d.get('finding', '')[:70]} »"
    # Two findings of the same text (the same defect on two lines) are two findings: each must reach the integration.
    needed: dict[str, int] = {}
    for path in review.full:
        for d in (review.local_result(path) or {}).get("findings") or []:
            if isinstance(d, dict) and d.get("finding"):
                needed[squeeze(d["finding"])] = needed.get(squeeze(d["finding"]), 0) + 1
    for said, n in needed.items():
        if text.count(said) < n:
            return False, (f"« {said[:60]} » a été relevé {n} fois (à des lignes différentes) mais n'arrive que "
                           f"{text.count(said)} fois à l'intégration : chaque constat compte, doublons de texte compris")
        iface = result.get("interface") or {}
        for line in list(iface.get("exports") or []) + list(iface.get("imports") or []):
            if squeeze(line) not in text:
                return False, (f"l'interface de {path} manque (« {line} ») : sans elle, l'intégration ne peut pas "
                               f"comparer les appels entre fichiers")
    return True, "pour chaque fichier : chemin, constats et interface"


def _integration_without_sources(review: Review) -> tuple[bool, str]:
    found = review.integrations
    if len(found) != 1:
        return False, "il faut exactement une passe d'intégration"
    reread = review.carried[found[0]]
    if reread:
        return False, (f"la passe d'intégration relit le code de {len(reread)} fichier(s) ({_names(reread)}) : elle "
                       f"doit travailler sur les résultats locaux, pas sur le texte des fichiers")
    # Not only whole files: one line of code is code (signatures pasted « to help », imports…), whatever the draw.
    quoted = review.code_in(review.prompts[found[0]])
    if quoted:
        path, line = next(iter(quoted.items()))
        return False, (f"la passe d'intégration contient du code de {len(quoted)} fichier(s), dont {path} "
                       f"(« {line[:60]} ») : les interfaces des passes locales suffisent, sans lignes de code")
    return True, "résultats locaux seulement, pas de code"


def _returned(review: Review) -> tuple[bool, str]:
    why = _failed(review)
    if why:
        return False, why
    value = review.played.value
    if not isinstance(value, dict) or "per_file" not in value or "cross_file" not in value:
        return False, "la fonction doit renvoyer {\"per_file\": {chemin: constats}, \"cross_file\": constats}"
    per_file = value["per_file"]
    if not isinstance(per_file, dict) or set(per_file) != set(review.full):
        got = set(per_file) if isinstance(per_file, dict) else set()
        missing = [p for p in review.full if p not in got]
        return False, f"per_file doit avoir une entrée par fichier ; manquent : {_names(missing) or '?'}"
    for path in review.full:
        result = review.local_result(path)
        if result is None or per_file[path] != result.get("findings"):
            return False, f"per_file[{path!r}] diffère des constats renvoyés par la passe locale (tronqués, modifiés ?)"
    found = review.integrations
    expected = review.replies[found[-1]].get("findings") if found and review.replies[found[-1]] else None
    if expected is None or value["cross_file"] != expected:
        return False, "cross_file doit être la liste « findings » renvoyée par la passe d'intégration, telle quelle"
    return True, "constats par fichier et constats croisés, tels que reçus"


RULES = [
    ("passe_locale", "Chaque passe locale relit UN fichier : un message user, son chemin, son contenu complet", 2.5,
     _local_passes),
    ("tous_les_fichiers", "Tous les fichiers ont leur passe locale, une seule chacun", 1.5, _every_file),
    ("integration_apres", "Une seule passe d'intégration, envoyée après le retour de toutes les passes locales", 2,
     _integration_after),
    ("integration_resultats", "L'intégration reçoit, pour chaque fichier, son chemin, ses constats et son interface",
     2, _integration_inputs),
    ("integration_sans_source", "L'intégration travaille sur les résultats locaux, sans relire le code", 1,
     _integration_without_sources),
    ("resultat", "Le résultat : per_file (constats reçus, tous les fichiers) et cross_file (ceux de l'intégration)", 1,
     _returned),
]


def _flood(review: Review) -> tuple[bool, str] | None:
    """Far more requests than files: the judge reads no further, and no rule holds."""
    if not review.flooded:
        return None
    return False, (f"{review.flooded} requêtes acceptées pour {len(review.full)} fichiers : une passe par fichier et "
                   f"une intégration suffisent")


def _spec(pr: scenario.PullRequest, base_url: str, max_tokens: int) -> dict:
    return {"base_url": base_url, "files": pr.sources, "max_tokens": max_tokens, "model": MODEL, LIMIT_KEY: SECONDS}


@trusted
def check(seed: int | None = None, *, player) -> Report:
    """The report on `review_pull_request` over two pull requests drawn from `seed`; `player(spec)` runs the
    learner's code."""
    seed = secrets.randbelow(2**31) if seed is None else seed
    r = random.Random(seed)
    # Each pull request has one long file (6 000–9 000 characters, 4–6 defects, one kind twice): no length of file
    # and no number of findings is small enough to be cut without loss.
    prs = [scenario.generate(r.randrange(2**31), r.randint(4, 7), long_files=1),
           scenario.generate(r.randrange(2**31), r.randint(10, 15), long_files=1)]
    sim = Simulator(latency=LATENCY).start()
    reviews = []
    try:
        for pr in prs:
            mark = sim.log.mark()
            data = player(_spec(pr, sim.base_url, 1024))
            data = data if isinstance(data, dict) else {}
            # A pull request that timed out never skips the next one: hanging must never score better than answering.
            reviews.append(Review(pr, Played.from_plain(data.get("outcome")), sim.log.since(mark)))
    finally:
        sim.stop()
    criteria = []
    for key, rule, points, judge_one in RULES:
        verdicts = [_flood(review) or judge_one(review) for review in reviews]
        failed = [(n, detail) for n, (ok, detail) in zip((len(r.full) for r in reviews), verdicts) if not ok]
        if failed:
            n, detail = failed[0]
            criteria.append(Criterion(key, rule, points, False, f"PR de {n} fichiers : {detail}"))
        else:
            criteria.append(Criterion(key, rule, points, True, verdicts[-1][1]))
    return Report(EXERCISE, criteria)


@trusted
def judge(player, values: list, seed: int | None = None) -> Report:
    """The registry's entry point: the learner's code only through `player`."""
    return check(seed, player=player)


