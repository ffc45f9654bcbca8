"""Exercise 1.2.a, the trusted half: `coordinate`, a coordinator that hands each subtopic to an isolated subagent.

The subagents are simulated by a private simulator whose model plays one part per scenario: it
recognises the subtopic a request names, waits a little (each subtopic its own time, so that
requests sent one after another cannot overlap and replies come back out of order), and answers
as the scenario says — valid findings, prose, JSON of the wrong shape, a reply cut at max_tokens,
or, through injected faults, an API error: a 429, a 500 or 529, a connection dropped without an answer
(APIConnectionError) — every retryable error class of the SDK. The verdicts read the simulator's request log: what
each request carried, when it was sent and answered, how many attempts each subtopic got.

Trusted side: the scenarios and what each should give live here; this module never imports play.py, and inside the
sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import secrets
import threading
import time
from dataclasses import dataclass, field

from ...simulator import Simulator
from ...simulator._model import Reply
from ..kit import LIMIT_KEY, Criterion, Played, Report, trusted

EXERCISE = "1.2.a"
MODEL = "claude-sonnet-5-5"
SECONDS = 12.0
LATENCY = 0.05           # every answer (Simulator(latency=…))
STEP = 0.08              # and each subtopic its own extra delay: the first one listed answers last
# In the « en parallèle » scenario, no answer leaves before every subtopic's first request has arrived (or BARRIER
# seconds passed): requests sent together overlap however slow the machine is, requests sent one after the other
# never do — the verdict reads the log, and no longer depends on how fast threads start under load.
BARRIER = 1.0

# Topics, each with subtopics that never contain one another (a request names exactly one).
TOPICS = [
    ("la mobilité urbaine en 2030", ["transports en commun", "vélos-cargos", "autopartage", "logistique urbaine",
                                     "trottinettes partagées", "zones à faibles émissions"]),
    ("l'IA générative dans les industries créatives", ["musique", "édition et écriture", "cinéma d'animation",
                                                       "jeu vidéo", "photographie", "illustration de presse"]),
    ("le recyclage des batteries lithium-ion", ["collecte des petites batteries", "hydrométallurgie",
                                                "démontage des packs", "seconde vie stationnaire",
                                                "réglementation européenne", "sécurité du stockage"]),
    ("la rénovation énergétique des écoles", ["isolation des toitures", "pompes à chaleur", "ventilation",
                                              "financement public", "chantiers en site occupé", "confort d'été"]),
]
CLAIMS = ["{s} : l'adoption progresse plus vite dans les grandes villes",
          "{s} : le coût reste le premier frein cité",
          "{s} : les retours d'expérience divergent selon les régions",
          "{s} : un cadre réglementaire est en préparation",
          "{s} : les données publiques restent lacunaires",
          "{s} : deux études récentes concluent à un effet positif"]
EXTRA_KEYS = [("retrieved_by", ["web-researcher", "doc-analyst"]), ("published_at", ["2025-11-03", "2026-02-17"]),
              ("excerpt", ["« chiffres provisoires »", "tableau 3, note b"])]
PROSE = "Voici ce que j'ai trouvé sur {s} : plusieurs sources convergent, je vous résume l'essentiel en quelques mots."


@dataclass
class Scenario:
    name: str
    topic: str
    subtopics: list[str]
    max_tokens: int
    findings: dict[str, list[dict]] = field(default_factory=dict)   # what a good reply carries
    plans: dict[str, list[str]] = field(default_factory=dict)      # per attempt: ok, prose, shape, cut
    decoys: dict[str, list[dict]] = field(default_factory=dict)    # what a cut reply carries
    barrier: bool = False                                          # answers wait for every subtopic (BARRIER)
    faults: list[str] = field(default_factory=list)                # injected faults, for the next requests in turn

    def delay(self, subtopic: str) -> float:
        return STEP * (len(self.subtopics) - self.subtopics.index(subtopic))

    def expected(self, faulted: dict[str, int] | None = None) -> dict:
        """What coordinate must return: findings of the subtopics that succeed within two attempts, gaps."""
        findings, gaps = [], []
        for s in self.subtopics:
            plan = ["api"] * (faulted or {}).get(s, 0) + self.plans.get(s, ["ok"])
            if "ok" in plan[:2]:
                findings += self.findings[s]
            else:
                gaps.append(s)
        return {"findings": findings, "gaps": gaps}


class Desk:
    """The simulated subagents of the scenario being played (a playbook of the private simulator)."""
    name = "sous-agents de la vérification"

    def __init__(self) -> None:
        self.scenario: Scenario | None = None
        self.attempts: dict[str, int] = {}
        self.arrived: set[str] = set()
        self._lock = threading.Lock()
        self._all_arrived = threading.Condition(self._lock)

    def load(self, scenario: Scenario) -> None:
        with self._lock:
            self.scenario, self.attempts, self.arrived = scenario, {}, set()

    def _wait_for_the_others(self, scenario: Scenario, named: list[str]) -> None:
        with self._all_arrived:
            self.arrived.update(named)
            self._all_arrived.notify_all()
            self._all_arrived.wait_for(lambda: self.arrived >= set(scenario.subtopics), timeout=BARRIER)

    def respond(self, conv) -> Reply:
        scenario = self.scenario
        named = named_subtopics(scenario, user_text(conv.body)) if scenario else []
        if not named:
            return Reply().say("Je ne sais pas quel volet traiter : aucun sous-thème de la liste n'est nommé.")
        if scenario.barrier:
            self._wait_for_the_others(scenario, named)
        time.sleep(max(scenario.delay(s) for s in named))
        if len(named) > 1:   # several subtopics in one request: the model answers for all of them at once
            return Reply().say(json.dumps({"findings": [f for s in named for f in scenario.findings[s]]},
                                          ensure_ascii=False))
        subtopic = named[0]
        with self._lock:
            self.attempts[subtopic] = attempt = self.attempts.get(subtopic, 0) + 1
        plan = scenario.plans.get(subtopic, ["ok"])
        outcome = plan[min(attempt, len(plan)) - 1]
        if outcome == "prose":
            return Reply().say(PROSE.format(s=subtopic))
        if outcome == "shape":
            return Reply().say(json.dumps({"resultats": scenario.findings[subtopic]}, ensure_ascii=False))
        if outcome == "cut":   # complete, parseable JSON — and still a reply cut at max_tokens
            return Reply(stop_reason="max_tokens").say(json.dumps({"findings": scenario.decoys[subtopic]},
                                                                  ensure_ascii=False))
        return Reply().say(json.dumps({"findings": scenario.findings[subtopic]}, ensure_ascii=False))


def user_text(request: object) -> str:
    """The text of every user message of a request."""
    if not isinstance(request, dict):
        return ""
    parts = []
    for message in request.get("messages") or []:
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts += [str(b.get("text", "")) for b in content if isinstance(b, dict)]
    return "\n".join(parts)


def system_text(request: object) -> str:
    system = request.get("system") if isinstance(request, dict) else None
    if isinstance(system, list):
        return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))
    return str(system or "")


def named_subtopics(scenario: Scenario, text: str) -> list[str]:
    return [s for s in scenario.subtopics if s in text]


# -- scenarios -------------------------------------------------------------------------------------

class _Builder:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.nonce = self.r.randrange(1000, 9999)
        self.topic, self.pool = self.r.choice(TOPICS)
        self.fault_kind = self.r.choice(["server_error", "overloaded"])

    def _finding(self, subtopic: str, claim: str | None = None) -> dict:
        r = self.r
        slug = f"{self.pool.index(subtopic) + 1:02d}{r.randrange(100, 999)}"
        web = r.random() < 0.6
        finding = {
            "claim": claim or r.choice(CLAIMS).format(s=subtopic) + f" (dossier {self.nonce}-{r.randrange(10, 99)})",
            "source_url": f"https://exemple.org/{slug}/{self.nonce}-{r.randrange(100, 999)}" if web else None,
            "document_name": None if web else f"note-{slug}-{r.randrange(10, 99)}.pdf",
            "page_number": None if web else r.randrange(1, 120),
            "confidence": r.choice(["high", "medium", "low", round(r.uniform(0.3, 0.95), 2)]),
        }
        if r.random() < 0.5:
            key, values = r.choice(EXTRA_KEYS)
            finding[key] = r.choice(values)
        return finding

    def _findings(self, subtopic: str, n: int) -> list[dict]:
        return [self._finding(subtopic) for _ in range(n)]

    def _scenario(self, name: str, count: int) -> Scenario:
        subtopics = self.r.sample(self.pool, count)
        scenario = Scenario(name, self.topic, subtopics, max_tokens=self.r.choice([600, 800, 900, 1200]))
        for s in subtopics:
            scenario.findings[s] = self._findings(s, self.r.randint(1, 2))
        return scenario

    def parallel(self) -> Scenario:
        scenario = self._scenario("en parallèle", self.r.choice([3, 4]))
        scenario.barrier = True
        # Two findings with the same claim and different sources: both must come back.
        twice = self.r.choice(scenario.subtopics)
        first = scenario.findings[twice][0]
        other = dict(first, source_url=f"https://exemple.org/autre-source/{self.nonce}", document_name=None,
                     page_number=None)
        scenario.findings[twice].insert(1, other)
        return scenario

    def faulty_replies(self) -> Scenario:
        scenario = self._scenario("réponses défaillantes", 5)
        # Fixed places (the subtopics are drawn): every submission meets the same trouble at the same place.
        plans = [["prose", "ok"], ["cut", "cut", "cut", "ok"], ["ok"], ["prose", "prose", "prose", "ok"],
                 ["shape", "ok"]]
        scenario.plans = dict(zip(scenario.subtopics, plans))
        for s, plan in scenario.plans.items():
            if "cut" in plan:
                scenario.decoys[s] = [dict(self._finding(s, f"{s} : réponse coupée, à ne pas garder ({self.nonce})"))]
        return scenario

    def api_error(self) -> Scenario:
        scenario = self._scenario("erreur d'API", 4)
        # The first three requests to arrive fail, each its own way — every retryable error class of the SDK: a 429
        # (RateLimitError), a 500 or 529 (InternalServerError, OverloadedError), a connection dropped before any
        # answer (APIConnectionError, as a timeout is); the fourth subtopic's first answer is valid.
        scenario.faults = ["rate_limit", self.fault_kind, "disconnect"]
        return scenario

    def api_errors_twice(self) -> Scenario:
        scenario = self._scenario("deux erreurs d'API", 1)
        scenario.faults = [self.fault_kind, self.fault_kind]
        return scenario

    def empty(self) -> Scenario:
        return Scenario("aucun sous-thème", self.topic, [], max_tokens=600)


@dataclass
class Run:
    scenario: Scenario
    played: Played
    exchanges: list
    fault_kind: str = ""

    def __post_init__(self) -> None:
        # Evidence is what the simulator answered: accepted requests, and those an injected fault hit. A request it
        # refused (malformed, or not for this scenario) carries no body and proves nothing.
        self.exchanges = [e for e in self.exchanges if e.ok or e.fault]

    @property
    def value(self) -> object:
        return self.played.value

    def requests_for(self, subtopic: str) -> list:
        return [e for e in self.exchanges if named_subtopics(self.scenario, user_text(e.request)) == [subtopic]]

    def fault_kinds(self, subtopic: str) -> list[str]:
        """The injected faults that hit this subtopic's requests, in order."""
        return [e.fault for e in self.requests_for(subtopic) if e.fault and not e.ok]

    def faulted(self) -> dict[str, int]:
        """subtopic → how many of its requests got an injected API error."""
        out: dict[str, int] = {}
        for e in self.exchanges:
            named = named_subtopics(self.scenario, user_text(e.request))
            if e.fault and not e.ok and len(named) == 1:
                out[named[0]] = out.get(named[0], 0) + 1
        return out


def _play(player, scenario: Scenario, sim: Simulator, desk: Desk, fault_kind: str) -> Run:
    desk.load(scenario)
    sim.clear_faults()
    for kind in scenario.faults:
        sim.inject(kind, times=1, retry_after=0)
    mark = sim.log.mark()
    data = player({"base_url": sim.base_url, "topic": scenario.topic, "subtopics": scenario.subtopics,
                   "max_tokens": scenario.max_tokens, "model": MODEL, LIMIT_KEY: SECONDS})
    time.sleep(0.05)       # a request still in flight when the function returned is logged too
    sim.clear_faults()
    data = data if isinstance(data, dict) else {}
    return Run(scenario, Played.from_plain(data.get("outcome")), sim.log.since(mark), fault_kind)


# -- diagnosis -------------------------------------------------------------------------------------

def _canon(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _failure(run: Run) -> str | None:
    """Why the function did not return a usable result, in French; None when it did."""
    played = run.played
    if played.timed_out:
        return (f"la fonction tournait encore après {SECONDS:g} s ({len(run.exchanges)} requêtes envoyées) : "
                f"une nouvelle tentative sans fin ?")
    if played.raised:
        return f"votre fonction a levé {played.error_line()}" + (f" ({played.where})" if played.where else "")
    value = played.value
    if not isinstance(value, dict) or not isinstance(value.get("findings"), list) \
            or not isinstance(value.get("gaps"), list):
        kind = value.get("__type__") if isinstance(value, dict) and "__type__" in value else type(value).__name__
        return f"la fonction doit renvoyer {{\"findings\": [...], \"gaps\": [...]}} ; elle a renvoyé {kind}"
    return None


def _one_per_subtopic(runs: list[Run], empty: Run) -> tuple[bool, str]:
    for run in runs:
        for e in run.exchanges:
            named = named_subtopics(run.scenario, user_text(e.request))
            if len(named) > 1:
                return False, (f"une requête nomme {len(named)} sous-thèmes à la fois ({', '.join(named)}) : un "
                               f"sous-agent, donc une requête, par sous-thème")
            if not named:
                return False, "une requête ne nomme aucun des sous-thèmes tels qu'ils ont été donnés (mot pour mot)"
        # A function that crashed may have left requests unsent: the crash is judged elsewhere.
        forgotten = [s for s in run.scenario.subtopics if not run.requests_for(s)] if not run.played.raised else []
        if forgotten:
            return False, (f"« {forgotten[0]} » n'a reçu aucune requête (scénario « {run.scenario.name} ») : chaque "
                           f"sous-thème de la liste doit être confié à un sous-agent")
    if empty.exchanges:
        return False, f"avec subtopics=[], {len(empty.exchanges)} requête(s) sont parties : aucune n'était attendue"
    problem = _failure(empty)
    if problem:
        return False, f"avec subtopics=[] : {problem}"
    if _canon(empty.value) != _canon({"findings": [], "gaps": []}):
        return False, f"avec subtopics=[], la fonction a renvoyé {_canon(empty.value)[:80]} au lieu de deux listes vides"
    return True, "une requête par sous-thème, aucun oublié ; rien n'est envoyé sans sous-thème"


def _isolated(runs: list[Run]) -> tuple[bool, str]:
    seen = real = 0
    for run in runs:
        claims = {s: [str(f["claim"]) for f in run.scenario.findings.get(s, [])] for s in run.scenario.subtopics}
        for e in run.exchanges:
            messages = e.messages
            roles = [m.get("role") for m in messages if isinstance(m, dict)]
            if roles != ["user"]:
                return False, (f"une requête contient {len(roles)} message(s) ({', '.join(map(str, roles))}) : un "
                               f"sous-agent part d'une conversation neuve, avec UN message user et rien d'autre")
            content = messages[0].get("content")
            if isinstance(content, list) and any(not isinstance(b, dict) or b.get("type") != "text" for b in content):
                return False, "le message user d'un sous-agent ne doit contenir que du texte (son prompt)"
            named = named_subtopics(run.scenario, user_text(e.request))
            everything = user_text(e.request) + system_text(e.request)
            for other, texts in claims.items():
                if other not in named and any(c in everything for c in texts):
                    return False, (f"la requête de « {', '.join(named) or '?'} » contient les résultats du sous-agent "
                                   f"« {other} » : un sous-agent ne voit jamais ceux des autres")
            seen += 1
        # « Isolated » is said of real subagent requests of the scenario, not of any short request.
        # (Accepted, or hit by an injected fault: the run's exchanges are nothing else.)
        real += sum(1 for e in run.exchanges if named_subtopics(run.scenario, user_text(e.request)))
    if seen and not real:
        return False, ("aucune requête valide ne confie un des sous-thèmes à un sous-agent : rien ne montre un "
                       "contexte isolé")
    return bool(seen), f"{seen} requêtes, chacune avec un seul message user et rien d'autre" if seen else \
        "aucune requête n'a été envoyée"


def _instructions(runs: list[Run]) -> tuple[bool, str]:
    if not any(run.exchanges for run in runs):
        return False, "aucune requête n'a été envoyée"
    for run in runs:
        for e in run.exchanges:
            body = e.request if isinstance(e.request, dict) else {}
            prompt, whole = user_text(body), user_text(body) + "\n" + system_text(body)
            if body.get("model") != MODEL:
                return False, f"model={body.get('model')!r} au lieu du modèle reçu en argument ({MODEL})"
            if body.get("max_tokens") != run.scenario.max_tokens:
                return False, (f"max_tokens={body.get('max_tokens')!r} au lieu de la valeur reçue en argument "
                               f"({run.scenario.max_tokens})")
            if run.scenario.topic not in whole:
                return False, f"le sujet « {run.scenario.topic} » n'apparaît pas, mot pour mot, dans une requête"
            if not named_subtopics(run.scenario, prompt):
                return False, "le message user doit nommer le sous-thème, mot pour mot"
            if "json" not in whole.lower():
                return False, "le prompt ne demande pas une réponse en JSON"
    return True, "sujet et sous-thème nommés mot pour mot, JSON demandé, model et max_tokens transmis"


def _overlap(run: Run) -> tuple[bool, str]:
    """Judged on the last request of each subtopic — the one whose answer the function kept, where every answer is
    valid: throw-away requests fired together before a sequential pass do not make the real work parallel."""
    firsts = [r[-1] for r in (run.requests_for(s) for s in run.scenario.subtopics) if r]
    if len(firsts) < 2:
        return False, "pas assez de requêtes pour juger (scénario précédent en échec)"
    events = sorted([(e.received, 1) for e in firsts] + [(e.answered, -1) for e in firsts])
    in_flight = peak = 0
    for _, step in events:
        in_flight += step
        peak = max(peak, in_flight)
    span = max(e.answered for e in firsts) - min(e.received for e in firsts)
    if peak < 2:
        return False, (f"les {len(firsts)} requêtes sont parties l'une après l'autre ({span:.2f} s en tout) : "
                       f"lancez-les en même temps (ThreadPoolExecutor, ou des threads)")
    return True, f"jusqu'à {peak} requêtes en cours en même temps ({span:.2f} s pour {len(firsts)} sous-thèmes)"


def _compare(got: dict, want: dict) -> str | None:
    """What differs between the returned findings and the expected ones, in French; None if nothing."""
    findings, wanted = got["findings"], want["findings"]
    if [_canon(f) for f in findings] == [_canon(f) for f in wanted]:
        return None
    if len(findings) < len(wanted):
        claims = [f.get("claim") if isinstance(f, dict) else f for f in findings]
        lost = [f for f in wanted if f["claim"] not in claims]
        if not lost:
            return (f"{len(findings)} findings renvoyés pour {len(wanted)} reçus : deux findings de même claim "
                    f"mais de sources différentes sont deux findings, gardez-les tous les deux")
        return f"{len(findings)} findings renvoyés pour {len(wanted)} reçus (manque : « {lost[0]['claim'][:60]} »)"
    if sorted(_canon(f) for f in findings) == sorted(_canon(f) for f in wanted):
        return ("les findings sont là mais pas dans l'ordre de subtopics (un sous-agent qui répond vite ne passe pas "
                "devant) : rangez-les dans l'ordre des sous-thèmes")
    for index, (mine, theirs) in enumerate(zip(findings, wanted), start=1):
        if _canon(mine) == _canon(theirs):
            continue
        if not isinstance(mine, dict):
            return f"le finding n° {index} n'est plus un dict : gardez chaque finding tel quel"
        missing = [k for k in theirs if k not in mine]
        if missing:
            return (f"le finding n° {index} a perdu la clé {missing[0]!r} (valeur {json.dumps(theirs[missing[0]])}) : "
                    f"chaque finding repart tel qu'il a été reçu, métadonnées et null compris")
        changed = next((k for k in theirs if _canon(mine.get(k)) != _canon(theirs[k])), None)
        if changed:
            return f"le finding n° {index} a une valeur modifiée pour {changed!r} : ne réécrivez rien"
        return f"le finding n° {index} a des clés en plus ({', '.join(k for k in mine if k not in theirs)})"
    return f"{len(findings)} findings renvoyés pour {len(wanted)} attendus : des findings en trop"


def _intact(run: Run) -> tuple[bool, str]:
    problem = _failure(run)
    if problem:
        return False, problem
    difference = _compare(run.value, run.scenario.expected())
    if difference:
        return False, difference
    if run.value["gaps"]:
        return False, f"gaps={run.value['gaps']} alors que tous les sous-thèmes ont répondu correctement"
    n = len(run.value["findings"])
    return True, f"{n} findings renvoyés tels que reçus, dans l'ordre des sous-thèmes, doublons de claim compris"


def _attempts(run: Run, subtopic: str) -> int:
    return len(run.requests_for(subtopic))


def _claims(value: dict) -> set[str]:
    return {str(f.get("claim")) for f in value["findings"] if isinstance(f, dict)}


FAULTS = {"rate_limit": "une erreur 429 (RateLimitError)", "server_error": "une erreur 500 (InternalServerError)",
          "overloaded": "une erreur 529 (OverloadedError)",
          "disconnect": "une connexion coupée sans réponse (APIConnectionError)"}
API_ERRORS = {"APIError", "APIStatusError", "APIConnectionError", "APITimeoutError", "RateLimitError",
              "InternalServerError", "OverloadedError", "ServiceUnavailableError", "RemoteProtocolError",
              "ConnectError", "ReadTimeout"}


def _retried(faulty: Run, api: Run, parallel: Run | None = None) -> tuple[bool, str]:
    """A retry follows a failure: a second request for a subtopic whose first answer was valid is no retry (any two
    requests are not), and a second request sent before the first was answered is not a reaction to its failure."""
    if parallel is not None and not parallel.played.raised:
        extra = next((s for s in parallel.scenario.subtopics if _attempts(parallel, s) > 1), None)
        if extra:
            return False, (f"« {extra} » a reçu {_attempts(parallel, extra)} requêtes alors que sa première réponse "
                           f"était valide (scénario « {parallel.scenario.name} ») : une nouvelle tentative suit un "
                           f"échec, jamais une réponse valide")
    for run in (faulty, api):
        problem = _failure(run)
        if problem:
            if run is api and run.played.raised and run.played.error_type in API_ERRORS:
                problem += (" : une erreur d'API non rattrapée ; 429, 500, 529 et connexion coupée se réessaient "
                            "toutes (attrapez anthropic.APIError)")
            return False, f"scénario « {run.scenario.name} » : {problem}"
    recovered = [(faulty, s, {"prose": "une réponse en prose", "shape": "un JSON sans clé findings"}[plan[0]])
                 for s, plan in faulty.scenario.plans.items() if plan[0] != "ok" and plan[1:2] == ["ok"]]
    faulted = api.faulted()
    if not faulted:
        return False, "l'erreur d'API injectée n'a touché aucune requête nommant un seul sous-thème"
    recovered += [(api, s, FAULTS.get(api.fault_kinds(s)[0], "une erreur d'API")) for s in faulted]
    for run, s, what in recovered:
        if _attempts(run, s) < 2:
            hint = " : attrapez anthropic.APIError (429, 500, 529, connexion coupée…)" if run is api else ""
            return False, f"après {what} pour « {s} », aucune nouvelle tentative{hint} ; réessayez une fois"
        first, second = run.requests_for(s)[:2]
        if second.received < first.answered:
            return False, (f"la seconde requête pour « {s} » est partie avant la réponse de la première : elle ne "
                           f"répond pas à son échec ({what}) ; réessayez après avoir lu la réponse")
        if run is api and faulted[s] > 1:
            continue     # sent one after the other, both faults hit it: a gap, judged by the whole result below
        if s in run.value["gaps"]:
            return False, (f"« {s} » a réussi à la seconde tentative mais figure dans gaps : une tentative "
                           f"réussie n'est pas une lacune")
        if not {str(f["claim"]) for f in run.scenario.findings[s]} <= _claims(run.value):
            return False, f"« {s} » a réussi à la seconde tentative mais ses findings manquent"
    for run in (faulty, api):
        problem = _retried_like_the_others(run, {s for r, s, _ in recovered if r is run})
        if problem:
            return False, f"scénario « {run.scenario.name} » : {problem}"
    return True, "réponse invalide ou erreur d'API : une seconde tentative isolée, et son résultat est gardé"


def _retried_like_the_others(run: Run, retried: set[str]) -> str | None:
    """A finding that came back on a second attempt is a finding like the others: at its subtopic's place, as
    received. Judged only where the first-time findings are right (their mistakes are judged elsewhere)."""
    wanted = run.scenario.expected(run.faulted())["findings"]
    got = [f for f in run.value["findings"]]
    first_time = [f for s in run.scenario.subtopics if s not in retried for f in run.scenario.findings[s]
                  if f in wanted]
    again = [f for s in run.scenario.subtopics if s in retried for f in run.scenario.findings[s] if f in wanted]
    canon_got = [_canon(f) for f in got]
    if not again or any(_canon(f) not in canon_got for f in first_time):
        return None
    firsts = {_canon(f) for f in first_time}
    if [c for c in canon_got if c in firsts] != [_canon(f) for f in first_time]:
        return None              # the first-time findings themselves are out of order: judged by « résultats intacts »
    claims = {str(f["claim"]): f for f in again}
    changed = [f for f in got if isinstance(f, dict) and str(f.get("claim")) in claims
               and _canon(f) != _canon(claims[str(f.get("claim"))])]
    if changed:
        extra = [k for k in changed[0] if k not in claims[str(changed[0].get("claim"))]]
        return ("un finding obtenu à la seconde tentative revient modifié" + (f" (clé en plus : {extra[0]!r})"
                if extra else "") + " : il repart tel qu'il a été reçu, comme les autres")
    order = [c for c in canon_got if c in {_canon(f) for f in wanted}]
    if order != [_canon(f) for f in wanted if _canon(f) in canon_got]:
        return ("les findings obtenus à la seconde tentative ne sont pas à la place de leur sous-thème (ajoutés à "
                "la fin ?) : gardez l'ordre de subtopics, nouvelle tentative ou pas")
    return None


def _gaps(faulty: Run, twice: Run) -> tuple[bool, str]:
    for run in (faulty, twice):
        problem = _failure(run)
        if problem:
            return False, f"scénario « {run.scenario.name} » : {problem}"
    for s, plan in faulty.scenario.plans.items():
        if "ok" in plan[:2]:
            continue
        n = _attempts(faulty, s)
        why = "une réponse coupée à max_tokens" if plan[0] == "cut" else "une réponse en prose"
        if n > 2:
            return False, (f"« {s} » a reçu {n} requêtes après deux échecs ({why}) : une seule nouvelle tentative, "
                           f"puis c'est une lacune")
        if plan[0] == "cut" and {str(d["claim"]) for d in faulty.scenario.decoys[s]} & _claims(faulty.value):
            return False, (f"les findings d'une réponse arrêtée sur max_tokens ont été gardés pour « {s} » : même si "
                           f"son texte est du JSON valide, stop_reason doit valoir end_turn")
    want = faulty.scenario.expected()["gaps"]
    listed = [g for g in faulty.value["gaps"] if g in want]
    if listed != want:
        return False, f"gaps={faulty.value['gaps']} : on attendait {want} (les sous-thèmes en échec, dans l'ordre)"
    only = twice.scenario.subtopics[0]
    if _attempts(twice, only) != 2:
        return False, f"deux erreurs d'API de suite sur « {only} » : {_attempts(twice, only)} requête(s) au lieu de 2"
    if _canon(twice.value) != _canon({"findings": [], "gaps": [only]}):
        return False, f"deux erreurs d'API de suite : {_canon(twice.value)[:90]} au lieu d'une lacune « {only} »"
    return True, "deux échecs (max_tokens compris) : une lacune, sans troisième tentative, dans l'ordre des sous-thèmes"


@trusted
def check(seed: int | None = None, *, player) -> Report:
    """The report on `coordinate` over scenarios drawn from `seed`; `player(spec)` runs the learner's code."""
    seed = secrets.randbelow(2**31) if seed is None else seed
    build = _Builder(seed)
    fault_kind = build.fault_kind
    desk = Desk()
    sim = Simulator([desk], latency=LATENCY).start()
    try:
        scenarios = [build.parallel(), build.faulty_replies(), build.api_error(), build.api_errors_twice(),
                     build.empty()]
        runs = {s.name: _play(player, s, sim, desk, fault_kind) for s in scenarios}
    finally:
        sim.stop()
    parallel, faulty, api = runs["en parallèle"], runs["réponses défaillantes"], runs["erreur d'API"]
    twice, empty = runs["deux erreurs d'API"], runs["aucun sous-thème"]
    fanned = [parallel, faulty, api]

    one_ok, one_detail = _one_per_subtopic(fanned, empty)
    iso_ok, iso_detail = _isolated(fanned + [twice])
    ins_ok, ins_detail = _instructions(fanned)
    par_ok, par_detail = _overlap(parallel)
    int_ok, int_detail = _intact(parallel)
    ret_ok, ret_detail = _retried(faulty, api, parallel)
    gap_ok, gap_detail = _gaps(faulty, twice)
    return Report(EXERCISE, [
        Criterion("un_par_sous_theme", "Un sous-agent (une requête) par sous-thème, aucun oublié", 1, one_ok,
                  one_detail),
        Criterion("contexte_isole", "Contexte isolé : un seul message user, ni historique ni résultats des autres",
                  2, iso_ok, iso_detail),
        Criterion("consigne", "Le prompt nomme le sujet et le sous-thème et demande du JSON ; model, max_tokens", 1,
                  ins_ok, ins_detail),
        Criterion("en_parallele", "Les sous-agents travaillent en parallèle, pas l'un après l'autre", 2, par_ok,
                  par_detail),
        Criterion("resultats_intacts", "Chaque finding revient tel quel, dans l'ordre des sous-thèmes", 1.5, int_ok,
                  int_detail),
        Criterion("reprise", "Réponse invalide ou erreur d'API : une nouvelle tentative isolée", 1.5, ret_ok,
                  ret_detail),
        Criterion("lacunes", "Deux échecs (max_tokens compris) : le sous-thème est une lacune", 1, gap_ok, gap_detail),
    ])


@trusted
def judge(player, values: list, seed: int | None = None) -> Report:
    """The registry's entry point: the learner's code only through `player`."""
    return check(seed, player=player)
