"""Exercise 1.3.a, the trusted half: `synthesis_prompt`, the only thing the synthesis subagent will see.

The function is called on findings drawn at random (sources on the web or in documents, null
metadata, extra keys, two findings with the same claim, claims holding quotes, braces or line
breaks). The check reads the text it returns the way the contract says: the first JSON object
that has a "findings" key (`json.JSONDecoder.raw_decode` from each « { »), compared with what was
given, key by key and value by value.

Trusted side: the findings drawn and what must come back live here; this module never imports play.py, and inside
the sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass

from ..kit import LIMIT_KEY, Criterion, Played, Report, trusted

EXERCISE = "1.3.a"
SECONDS = 3.0

TOPICS = ["le recyclage des batteries lithium-ion", "la mobilité urbaine en 2030",
          "l'IA générative dans les industries créatives", "la rénovation énergétique des écoles",
          "les réseaux de chaleur urbains", "la sobriété numérique dans les administrations"]
CLAIMS = ["Les coûts de collecte ont baissé de {n} % depuis 2022",
          "Deux sources sur trois jugent le cadre réglementaire « encore flou »",
          "L'étude {n} contredit la précédente sur le rôle des subventions",
          "Les retours d'expérience restent rares hors des grandes villes",
          "Le tableau {n} donne un ordre de grandeur, pas une mesure",
          "Selon la note {{interne}}, le pilote a été prolongé de {n} mois",
          "Les usagers citent d'abord le prix, puis la fiabilité\n(enquête {n})"]
EXTRAS = [("retrieved_by", ["web-researcher", "doc-analyst"]), ("published_at", ["2025-09-30", "2026-01-12", None]),
          ("excerpt", ["« voir p. 4 »", 'le mot "provisoire" est souligné', ""]), ("verified", [True, False])]


@dataclass
class Scenario:
    name: str
    topic: str
    findings: list[dict]


class _Builder:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def finding(self) -> dict:
        r = self.r
        web = r.random() < 0.5
        finding = {
            "claim": r.choice(CLAIMS).format(n=r.randrange(3, 97)),
            "source_url": f"https://exemple.org/{r.choice(['rapport', 'note', 'etude'])}-{r.randrange(100, 999)}"
            if web else None,
            "document_name": None if web else f"{r.choice(['audit', 'bilan', 'compte-rendu'])}-{r.randrange(10, 99)}.pdf",
            "page_number": None if web else r.randrange(1, 200),
            "confidence": r.choice(["high", "medium", "low", round(r.uniform(0.2, 0.99), 2)]),
        }
        for key, values in r.sample(EXTRAS, r.randint(0, 2)):
            finding[key] = r.choice(values)
        return finding

    def ordinary(self) -> Scenario:
        findings = [self.finding() for _ in range(self.r.randint(4, 6))]
        twin = dict(findings[0], source_url=f"https://exemple.org/autre-{self.r.randrange(100, 999)}",
                    document_name=None, page_number=None)
        findings.insert(self.r.randrange(1, len(findings) + 1), twin)     # same claim, another source
        return Scenario("constats ordinaires", self.r.choice(TOPICS), findings)

    def tricky(self) -> Scenario:
        findings = [self.finding() for _ in range(3)]
        findings[self.r.randrange(3)]["claim"] = 'Un « devis » à {0} € : {"accolades": "dans le texte"}'
        return Scenario("textes piégeux", self.r.choice(TOPICS), findings)

    def large(self) -> Scenario:
        """More findings, and a longer claim, than any plausible cap: every one of them, whole."""
        findings = [self.finding() for _ in range(self.r.randint(14, 24))]
        long_claim = " ; ".join(c.format(n=self.r.randrange(3, 97)).replace("\n", " ")
                                for c in self.r.sample(CLAIMS, 5)) * self.r.randint(2, 4)
        findings[self.r.randrange(len(findings))]["claim"] = long_claim        # 400 to 1 200 characters
        findings[self.r.randrange(len(findings))]["published_at"] = f"2026-0{self.r.randint(1, 9)}-1{self.r.randint(0, 9)}"
        return Scenario("beaucoup de constats", self.r.choice(TOPICS), findings)

    def empty(self) -> Scenario:
        return Scenario("aucun constat", self.r.choice(TOPICS), [])


def first_findings_object(text: str) -> dict | None:
    """The first JSON object in the text that has a "findings" key (raw_decode from each « { »)."""
    decoder = json.JSONDecoder()
    position = text.find("{")
    while position != -1:
        try:
            value, _ = decoder.raw_decode(text, position)
        except ValueError:
            value = None
        if isinstance(value, dict) and "findings" in value:
            return value
        position = text.find("{", position + 1)
    return None


@dataclass
class Run:
    scenario: Scenario
    played: Played
    after: object

    @property
    def text(self) -> str | None:
        return self.played.value if isinstance(self.played.value, str) else None

    @property
    def handed(self) -> object:
        found = first_findings_object(self.text or "")
        return found.get("findings") if found else None


def _canon(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _failure(run: Run) -> str | None:
    played = run.played
    if played.timed_out:
        return f"la fonction tournait encore après {SECONDS:g} s"
    if played.raised:
        return f"votre fonction a levé {played.error_line()}" + (f" ({played.where})" if played.where else "")
    if run.text is None:
        kind = played.value.get("__type__") if isinstance(played.value, dict) and "__type__" in played.value \
            else type(played.value).__name__
        return f"la fonction doit renvoyer le prompt (une chaîne, str) ; elle a renvoyé {kind}"
    return None


def _why_no_json(text: str) -> str:
    if "'findings'" in text or "None" in text and "'claim'" in text:
        return ("le texte contient un repr Python (guillemets simples, None) au lieu de JSON : utilisez "
                "json.dumps({\"findings\": findings}, ensure_ascii=False)")
    if "findings" not in text:
        return ("aucun objet JSON avec une clé \"findings\" : des constats en prose perdent la séparation entre "
                "contenu et métadonnées")
    return "aucun objet JSON lisible avec une clé \"findings\" (json.JSONDecoder.raw_decode échoue)"


def _each(runs: list[Run], test) -> tuple[bool, str]:
    for run in runs:
        problem = _failure(run)
        if problem:
            return False, f"scénario « {run.scenario.name} » : {problem}"
        verdict = test(run)
        if verdict:
            return False, f"scénario « {run.scenario.name} » : {verdict}"
    return True, ""


def _topic(run: Run) -> str | None:
    return None if run.scenario.topic in run.text else f"le sujet « {run.scenario.topic} » n'apparaît pas, mot pour mot"


def _json(run: Run) -> str | None:
    if run.handed is None:
        return _why_no_json(run.text)
    if not isinstance(run.handed, list):
        return f"la clé \"findings\" contient {type(run.handed).__name__}, pas la liste des findings"
    return None


def _all(run: Run) -> str | None:
    handed, given = run.handed, run.scenario.findings
    if not isinstance(handed, list):
        return "pas de liste de findings à comparer"
    if len(handed) < len(given):
        return (f"{len(handed)} findings transmis pour {len(given)} reçus : aucun ne doit être laissé de côté ni "
                f"fusionné (deux findings de même claim et de sources différentes restent deux findings)")
    if len(handed) > len(given):
        return f"{len(handed)} findings transmis pour {len(given)} reçus : aucun ne doit être ajouté"
    claims = [f.get("claim") if isinstance(f, dict) else f for f in handed]
    if claims != [f["claim"] for f in given] and sorted(map(str, claims)) == sorted(str(f["claim"]) for f in given):
        return "les findings sont tous là mais pas dans l'ordre reçu"
    return None


def _pairs(handed: list, given: list[dict]) -> list[tuple[int, object, dict]]:
    """(position, handed finding, the given finding it stands for): in order when nothing was dropped, else
    each handed finding against the first unused given one with the same claim (or at the same place)."""
    if len(handed) == len(given):
        return [(i, mine, theirs) for i, (mine, theirs) in enumerate(zip(handed, given), start=1)]
    unused = list(range(len(given)))
    pairs = []
    for i, mine in enumerate(handed, start=1):
        claim = mine.get("claim") if isinstance(mine, dict) else None
        match = next((j for j in unused if given[j].get("claim") == claim), None)
        if match is None:
            match = i - 1 if i - 1 in unused else (unused[0] if unused else None)
        if match is None:
            break
        unused.remove(match)
        pairs.append((i, mine, given[match]))
    return pairs


def _metadata(run: Run) -> str | None:
    handed, given = run.handed, run.scenario.findings
    if not isinstance(handed, list):
        return "pas de liste de findings à comparer"
    for index, mine, theirs in _pairs(handed, given):
        if not isinstance(mine, dict):
            return (f"le finding n° {index} est devenu {type(mine).__name__} : chaque finding reste un objet, "
                    f"avec sa source dans ses propres champs")
        missing = sorted((k for k in theirs if k not in mine), key=lambda k: theirs[k] is None)
        if missing:
            key = missing[0]
            extra = [k for k in mine if k not in theirs]
            if extra:
                return (f"le finding n° {index} a perdu la clé {key!r} et porte {extra[0]!r} : gardez les clés telles "
                        f"qu'elles ont été reçues")
            if theirs[key] is None:
                return (f"le finding n° {index} a perdu la clé {key!r} (valeur null) : gardez les null, ils disent "
                        f"qu'il n'y a pas de telle source")
            return f"le finding n° {index} a perdu la clé {key!r} : contenu et métadonnées voyagent ensemble"
        extra = [k for k in mine if k not in theirs]
        if extra:
            return f"le finding n° {index} porte une clé ajoutée ({extra[0]!r})"
    return None


def _values(run: Run) -> str | None:
    handed, given = run.handed, run.scenario.findings
    if not isinstance(handed, list):
        return "pas de liste de findings à comparer"
    for index, mine, theirs in _pairs(handed, given):
        if not isinstance(mine, dict):
            return f"le finding n° {index} n'est plus un objet"
        changed = next((k for k in theirs if k in mine and _canon(mine[k]) != _canon(theirs[k])), None)
        if changed:
            return (f"le finding n° {index} a une valeur modifiée pour {changed!r} ({_canon(theirs[changed])[:40]} "
                    f"reçu, {_canon(mine[changed])[:40]} transmis) : ne réécrivez rien")
    if run.after is not None and _canon(run.after) != _canon(given):
        return "la liste findings reçue en argument a été modifiée : travaillez sur une copie, ou ne touchez à rien"
    return None


@trusted
def check(seed: int | None = None, *, player) -> Report:
    """The report on `synthesis_prompt` over findings drawn from `seed`; `player(spec)` runs the learner's code."""
    seed = secrets.randbelow(2**31) if seed is None else seed
    build = _Builder(seed)
    runs = []
    for scenario in (build.ordinary(), build.tricky(), build.large(), build.empty()):
        data = player({"topic": scenario.topic, "findings": scenario.findings, LIMIT_KEY: SECONDS})
        data = data if isinstance(data, dict) else {}
        runs.append(Run(scenario, Played.from_plain(data.get("outcome")), data.get("after")))
    topic_ok, topic_detail = _each(runs, _topic)
    json_ok, json_detail = _each(runs, _json)
    all_ok, all_detail = _each(runs, _all)
    meta_ok, meta_detail = _each(runs, _metadata)
    values_ok, values_detail = _each(runs, _values)
    n = len(runs[0].scenario.findings)
    return Report(EXERCISE, [
        Criterion("sujet", "Le prompt nomme le sujet", 1, topic_ok, topic_detail or "sujet cité mot pour mot"),
        Criterion("json_findings", "Un objet JSON dont la clé \"findings\" porte la liste", 1.5, json_ok,
                  json_detail or "objet {\"findings\": [...]} lu par json.JSONDecoder.raw_decode"),
        Criterion("tous_les_findings", "Tous les findings, ni omis ni fusionnés, dans l'ordre reçu", 1, all_ok,
                  all_detail or f"{n} findings sur {n}, doublons de claim compris ; liste vide transmise vide"),
        Criterion("metadonnees", "Chaque finding garde toutes ses clés, null compris", 1.5, meta_ok,
                  meta_detail or "source_url, document_name, page_number, confidence… et les null, tels quels"),
        Criterion("valeurs", "Chaque valeur arrive telle quelle ; la liste reçue n'est pas modifiée", 1, values_ok,
                  values_detail or "valeurs identiques, types compris"),
    ])


@trusted
def judge(player, values: list, seed: int | None = None) -> Report:
    """The registry's entry point: the learner's code only through `player`."""
    return check(seed, player=player)
