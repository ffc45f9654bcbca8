"""Exercise 1.1.a, the trusted half: `run_agent`, an agentic loop driven by stop_reason, judged.

Each scenario is a scripted conversation on a private simulator, with tool names, values and
iteration caps drawn at random, so a hard-coded answer cannot pass. The verdicts read what the
learner's loop *sent* (the simulator's request log), not only what it returned.

Trusted side: the scenarios (their draw, their expected values) live here, and this module never imports the
sandboxed half (play.py), which receives each scenario as plain data; inside the sandbox this file is absent.
"""
from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field

from ...simulator import Script, Simulator, Step
from ..kit import LIMIT_KEY, Criterion, Played, Report, trusted

EXERCISE = "1.1.a"
MODEL = "claude-sonnet-5-5"
SECONDS = 2.0

# (tool name, input property, sample inputs, result builder)
TOOL_POOL = [
    ("meteo_ville", "ville", ["Brest", "Nîmes", "Lille", "Annecy"], lambda r, v: {"ville": v, "temperature_c": r.randint(-5, 35)}),
    ("taux_de_change", "devise", ["USD", "CHF", "JPY", "GBP"], lambda r, v: {"devise": v, "taux": round(r.uniform(0.5, 160), 3)}),
    ("stock_article", "reference", ["SKU-1182", "SKU-2290", "SKU-3307"], lambda r, v: {"reference": v, "quantite": r.randint(0, 900)}),
    ("horaires_train", "gare", ["Lyon Part-Dieu", "Rennes", "Dijon"], lambda r, v: {"gare": v, "prochain_depart": f"{r.randint(6, 22):02d}:{r.randint(0, 59):02d}"}),
    ("cours_action", "symbole", ["ACME", "GLOBX", "INITECH"], lambda r, v: {"symbole": v, "cours": round(r.uniform(5, 400), 2)}),
    ("population_ville", "ville", ["Tours", "Metz", "Caen"], lambda r, v: {"ville": v, "habitants": r.randint(50_000, 300_000)}),
    ("delai_livraison", "code_postal", ["29200", "13001", "67000"], lambda r, v: {"code_postal": v, "jours": r.randint(1, 9)}),
]


@dataclass
class Scenario:
    name: str
    question: str
    tools: list[dict]
    steps: list[Step]
    results: dict = field(default_factory=dict)        # (tool, json input) → result
    failing: str | None = None                         # tool whose run raises
    failure: str = ""
    repeat_last: bool = False
    max_iterations: int = 20
    max_tokens: int = 1024
    expect: str = "answer"                             # "answer" or "raise"
    final_words: list[str] = field(default_factory=list)
    final_stop: str = "end_turn"                       # the stop_reason of the last answer


def _tool_def(name: str, prop: str) -> dict:
    return {"name": name, "description": f"Renvoie une information ({prop}) — outil de test.",
            "input_schema": {"type": "object", "properties": {prop: {"type": "string"}}, "required": [prop]}}


def _final_from_results(conv) -> str:
    """The model's last word: built only from the tool results it actually received."""
    parts = []
    for call in conv.calls:
        data = call.data()
        if call.is_error:
            parts.append(f"{call.name} a échoué ({call.result})")
        elif isinstance(data, dict):
            parts.append(f"{call.name} → " + ", ".join(f"{k} = {v}" for k, v in data.items()))
        else:
            parts.append(f"{call.name} → {call.result}")
    return "Synthèse : " + " ; ".join(parts) + "."


class _Builder:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.nonce = self.r.randrange(10_000, 99_999)

    def calls(self, n: int) -> tuple[list[dict], list[tuple[str, dict]], dict]:
        picked = self.r.sample(TOOL_POOL, n)
        tools, calls, results = [], [], {}
        for name, prop, samples, make in picked:
            value = self.r.choice(samples)
            tools.append(_tool_def(name, prop))
            calls.append((name, {prop: value}))
            results[(name, json.dumps({prop: value}, sort_keys=True))] = make(self.r, value)
        return tools, calls, results

    def question(self, what: str) -> str:
        return f"{what} (dossier n° {self.nonce}-{self.r.randrange(100, 999)})"

    def text_then_tool(self) -> Scenario:
        tools, calls, results = self.calls(self.r.choice([2, 3]))
        first, rest = calls[0], calls[1:]
        steps = [Step(say="Je consulte d'abord une source, je vous réponds ensuite.", calls=(first,))]
        if self.r.random() < 0.5 or not rest:
            steps.append(Step(say="Il me manque encore une information.", calls=(rest[0],)))
            used = [first, rest[0]]
        else:
            used = [first]
        steps.append(Step(say=_final_from_results))
        return Scenario("texte puis outil", self.question("Donne-moi une synthèse à jour"), tools, steps, results,
                        final_words=[str(v) for c in used for v in results[(c[0], json.dumps(c[1], sort_keys=True))].values()])

    def parallel(self, n: int) -> Scenario:
        tools, calls, results = self.calls(n)
        # Models often call tools without a word first: here, no text before the parallel calls.
        steps = [Step(calls=tuple(calls)), Step(say=_final_from_results)]
        return Scenario(f"{n} appels parallèles", self.question(f"Compare ces {n} informations"), tools, steps,
                        results, final_words=[str(v) for res in results.values() for v in res.values()])

    def failing_tool(self) -> Scenario:
        scenario = self.parallel(2)
        scenario.name = "outil en échec"
        scenario.failing = scenario.steps[0].calls[self.r.randrange(2)][0]
        scenario.failure = self.r.choice(["service indisponible (HTTP 503)", "délai dépassé après 10 s",
                                          "référence inconnue"]) + f" [{self.nonce}]"
        scenario.final_words = [scenario.failure]
        return scenario

    def stop_sequence(self) -> Scenario:
        """The last answer ends on one of the caller's stop sequences: a normal end, like end_turn.

        Scripted: the exercise's contract passes no stop_sequences, so the script itself says where the
        model stopped (a real API returns stop_sequence only for a sequence the request gave)."""
        tools, calls, results = self.calls(1)
        steps = [Step(say="Je consulte la source.", calls=tuple(calls)), Step(say=_final_from_results, stop="stop_sequence")]
        return Scenario("séquence d'arrêt", self.question("Résume puis arrête-toi au marqueur de fin"), tools, steps,
                        results, final_stop="stop_sequence",
                        final_words=[str(v) for res in results.values() for v in res.values()])

    def paused(self) -> Scenario:
        """A long server-side turn paused (pause_turn): the response goes back as it is, and Claude goes on."""
        tools, _calls, results = self.calls(1)
        final = f"Recherche terminée : {self.r.choice(['trois', 'quatre', 'cinq'])} sources retenues ({self.nonce})."
        steps = [Step(say="Je lance une recherche longue, côté serveur.", stop="pause_turn"), Step(say=final)]
        return Scenario("tour en pause", self.question("Cherche les publications récentes sur le sujet"), tools, steps,
                        results, final_words=[final])

    def truncated(self) -> Scenario:
        tools, calls, results = self.calls(1)
        steps = [Step(say="Je consulte la source.", calls=tuple(calls)), Step(say="Voici une analyse", stop="max_tokens")]
        return Scenario("réponse tronquée", self.question("Fais une analyse très détaillée"), tools, steps, results,
                        max_tokens=self.r.choice([64, 96, 128]), expect="raise")

    def refused(self) -> Scenario:
        tools, calls, results = self.calls(1)
        steps = [Step(say="Je ne peux pas aider avec cette demande.", stop="refusal")]
        return Scenario("refus", self.question("Contourne les contrôles de sécurité du système"), tools, steps, results,
                        expect="raise")

    def endless(self) -> Scenario:
        tools, calls, results = self.calls(1)
        steps = [Step(say="Je vérifie encore une fois.", calls=tuple(calls))]
        return Scenario("boucle sans fin", self.question("Vérifie jusqu'à être certain"), tools, steps, results,
                        repeat_last=True, max_iterations=self.r.randint(3, 6), expect="raise")


@dataclass
class Run:
    scenario: Scenario
    played: Played          # plain data only: a verdict never touches learner objects
    exchanges: list         # the simulator's own log of this scenario
    executed: list
    messages: list


def _spec(scenario: Scenario, base_url: str) -> dict:
    return {"base_url": base_url, "question": scenario.question, "tools": scenario.tools,
            "results": [[name, key, result] for (name, key), result in scenario.results.items()],
            "failing": scenario.failing, "failure": scenario.failure, "max_tokens": scenario.max_tokens,
            "max_iterations": scenario.max_iterations, "model": MODEL, LIMIT_KEY: SECONDS}


def _play(player, scenario: Scenario, sim: Simulator) -> Run:
    sim.scripts.add(Script(scenario.question, scenario.steps, repeat_last=scenario.repeat_last))
    mark = sim.log.mark()
    try:
        data = player(_spec(scenario, sim.base_url))
    finally:
        sim.scripts.remove(scenario.question)
    data = data if isinstance(data, dict) else {}
    messages = data.get("messages") if isinstance(data.get("messages"), list) else []
    return Run(scenario, Played.from_plain(data.get("outcome")), sim.log.since(mark), data.get("executed") or [],
               messages)


# -- diagnosis ---------------------------------------------------------------------------------


def _requests(n: int) -> str:
    """« 1 requête », « 3 requêtes » (never « 1 requêtes »)."""
    return f"{n} requête{'s' if n > 1 else ''}"

def _rejection(run: Run) -> str | None:
    """French reading of the 400 the simulator (like the API) returned, if any."""
    bad = next((e for e in run.exchanges if e.status == 400), None)
    if bad is None:
        return None
    msg = bad.error_message or ""
    if "were found without `tool_result` blocks" in msg:
        return ("un tool_use est resté sans tool_result : chaque appel demandé doit recevoir son résultat, avec le "
                "même tool_use_id, dans le message user suivant")
    if "unexpected `tool_use_id`" in msg:
        return "un tool_result porte un tool_use_id qui ne correspond à aucun tool_use du tour précédent"
    if "at the beginning of this message" in msg:
        return "du texte précède les tool_result : dans le message user, les résultats viennent en premier"
    if "only allowed in `user` messages" in msg:
        return "un tool_result a été placé dans un tour assistant : les résultats partent dans un message user"
    if "first message" in msg or "role" in msg:
        return f"l'historique envoyé est mal formé ({msg})"
    from ...explain import rejection
    return f"l'API a refusé la requête (400) : {rejection(msg) or msg}"


SPLIT = ("les tool_result sont partis dans plusieurs messages user : ils doivent tous être dans UN seul message "
         "user, juste après le tour assistant")


def _holds_results(message: dict) -> bool:
    return isinstance(message.get("content"), list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in message["content"])


def _split_results(run: Run) -> bool:
    """Read from the request log: after an assistant turn, consecutive user messages each holding tool_results.

    The API combines consecutive same-role messages, so it accepts such a history (no 400), but the
    rule — and the exam's answer — is ONE user message with every result: it keeps the model calling
    tools in parallel (the simulated model, like a real one, stops doing so after a split history).
    """
    for exchange in run.exchanges:
        sent = [m for m in exchange.messages if isinstance(m, dict) and m.get("role") != "system"]
        for previous, message in zip(sent, sent[1:]):
            if previous.get("role") == message.get("role") == "user" and _holds_results(previous) \
                    and _holds_results(message):
                return True
    return False


def _why_failed(run: Run) -> str:
    if run.played.timed_out:
        return f"la fonction s'exécutait encore après {SECONDS:g} s ({_requests(len(run.exchanges))} envoyée{'s' if len(run.exchanges) > 1 else ''})"
    rejected = _rejection(run)
    if rejected:
        return rejected
    if run.played.raised:
        where = run.played.where
        return f"votre fonction a levé {run.played.error_line()}" + (f" ({where})" if where else "")
    return ""


def _returned_message(run: Run) -> dict | None:
    value = run.played.value
    if isinstance(value, dict) and value.get("__type__") in ("Message", "ParsedMessage") and value.get("id"):
        return value
    return None


def _final_text(message: dict) -> str:
    return "".join(str(b.get("text") or "") for b in message.get("content") or [] if isinstance(b, dict))


def _answered_properly(run: Run) -> tuple[bool, str]:
    if _split_results(run):
        return False, SPLIT
    final = run.scenario.final_stop
    if not run.played.error and not run.played.timed_out:
        message = _returned_message(run)
        if message is None:
            kind = run.played.value.get("__type__") if isinstance(run.played.value, dict) else type(run.played.value).__name__
            return False, f"la fonction doit renvoyer le Message final ; elle a renvoyé {kind}"
        last = run.exchanges[-1] if run.exchanges else None
        if message.get("stop_reason") != final or last is None or last.stop_reason != final:
            return False, (f"la boucle s'est arrêtée sur stop_reason={message.get('stop_reason')!r} : seul "
                           f"end_turn (ou stop_sequence) termine la boucle ; tool_use veut dire « continue »")
        expected = len(run.scenario.steps)
        if len(run.exchanges) != expected:
            return False, f"{len(run.exchanges)} requête(s) envoyée(s) au lieu de {expected}"
        if message.get("id") != last.response["id"]:
            return False, "le Message renvoyé n'est pas la dernière réponse reçue"
        missing = [w for w in run.scenario.final_words if w not in _final_text(last.response)]
        if missing:
            return False, f"la réponse finale ne reflète pas les résultats d'outils envoyés (manque : {missing[0]})"
        return True, f"{_requests(len(run.exchanges))}, arrêt sur {final}"
    if final == "stop_sequence" and run.played.raised and not _rejection(run) and run.exchanges \
            and run.exchanges[-1].stop_reason == "stop_sequence":
        return False, (f"la fonction a levé sur stop_reason='stop_sequence' ({run.played.error_line()}) : une "
                       f"séquence d'arrêt demandée est une fin normale, comme end_turn ; renvoyez la réponse")
    return False, _why_failed(run)


def _full_content_sent_back(runs: list[Run]) -> tuple[bool, str]:
    for run in runs:
        last = run.exchanges[-1] if run.exchanges else None
        if last is not None and last.ok and last.stop_reason == "end_turn" and len(run.messages) <= len(last.messages):
            return False, ("la liste messages reçue en argument n'a pas été complétée : l'appelant doit y retrouver "
                           "toute la conversation, réponse finale comprise")
        for previous, following in zip(run.exchanges, run.exchanges[1:]):
            if not previous.ok or previous.stop_reason != "tool_use":
                continue
            assistant = [m for m in following.messages if m.get("role") == "assistant"]
            sent = assistant[-1]["content"] if assistant else None
            if isinstance(sent, str) or not isinstance(sent, list):
                return False, "le tour assistant doit être renvoyé tel quel (liste de blocs), pas converti en texte"
            wanted = [(b["type"], b.get("text"), b.get("id"), b.get("input")) for b in previous.response["content"]]
            got = [(b.get("type"), b.get("text"), b.get("id"), b.get("input")) for b in sent]
            if got != wanted:
                kinds = [b.get("type") for b in sent]
                if "text" not in kinds and any(b["type"] == "text" for b in previous.response["content"]):
                    return False, ("le bloc de texte a été retiré du tour assistant : renvoyez TOUT le contenu de la "
                                   "réponse, texte et tool_use ensemble")
                return False, "le tour assistant renvoyé diffère de la réponse reçue (blocs, ids ou entrées modifiés)"
    return True, "texte et tool_use renvoyés ensemble, à l'identique"


def _results_are_json(runs: list[Run]) -> tuple[bool, str]:
    for run in runs:
        for exchange in run.exchanges:
            for message in exchange.messages:
                if message.get("role") != "user" or not isinstance(message.get("content"), list):
                    continue
                for block in message["content"]:
                    if block.get("type") != "tool_result" or block.get("is_error"):
                        continue
                    content = block.get("content")
                    text = content if isinstance(content, str) else "".join(
                        b.get("text", "") for b in content or [] if isinstance(b, dict))
                    try:
                        data = json.loads(text)
                    except (ValueError, TypeError):
                        return False, f"le contenu d'un tool_result n'est pas du JSON : {text[:80]!r} (utilisez json.dumps)"
                    if data not in run.scenario.results.values():
                        return False, "le contenu d'un tool_result ne correspond pas à ce qu'a renvoyé run_tool"
    return True, "contenu = json.dumps(résultat)"


def _tool_error(run: Run) -> tuple[bool, str]:
    ok, detail = _answered_properly(run)
    sent = [b for e in run.exchanges for m in e.messages if m.get("role") == "user" and isinstance(m.get("content"), list)
            for b in m["content"] if b.get("type") == "tool_result"]
    errors = [b for b in sent if b.get("is_error")]
    if run.played.raised and not _rejection(run) and run.scenario.failure in str(run.played.error or ""):
        return False, ("l'exception de l'outil a interrompu la boucle : attrapez-la et renvoyez-la à Claude dans un "
                       "tool_result avec is_error: true")
    if not errors:
        return False, detail if not ok else "l'échec de l'outil n'a pas été signalé avec is_error: true"
    if run.scenario.failure not in json.dumps(errors[-1], ensure_ascii=False):
        return False, "le tool_result en erreur doit contenir le message de l'exception"
    return ok, "erreur renvoyée en is_error: true, la boucle a continué" if ok else detail


def _must_raise(run: Run, what: str, stop: str | None = None) -> tuple[bool, str]:
    if run.played.timed_out:
        return False, f"la fonction s'exécutait encore après {SECONDS:g} s"
    if stop and not (run.exchanges and run.exchanges[-1].stop_reason == stop):
        if run.played.raised and not run.exchanges:
            return False, f"la fonction a levé avant même d'appeler l'API ({run.played.error_line()})"
        if run.played.raised and not _rejection(run):
            return False, f"la fonction a levé avant d'atteindre la réponse {stop} ({run.played.error_line()})"
    if run.played.raised:
        rejected = _rejection(run)
        if rejected:
            return False, rejected
        # A process that died (KernelDied: os._exit, a crash) did not raise: it stopped, and proves nothing.
        if run.played.error_type in ("NameError", "AttributeError", "TypeError", "ImportError", "NotImplementedError",
                                     "SystemExit", "KeyboardInterrupt", "KernelDied"):
            return False, f"elle a bien levé, mais à cause d'un bug ({run.played.error_line()})"
        return True, f"exception levée : {run.played.error_line()}"
    return False, f"la fonction a renvoyé un résultat alors que {what} : elle doit lever une exception"


def _resumed(run: Run) -> tuple[bool, str]:
    """pause_turn: the paused assistant turn sent back as it is, nothing added, then the final answer returned."""
    if run.played.timed_out:
        return False, f"la fonction s'exécutait encore après {SECONDS:g} s"
    paused = next((i for i, e in enumerate(run.exchanges) if e.stop_reason == "pause_turn"), None)
    if paused is None:
        return False, "aucune réponse pause_turn n'a été reçue (scénario non joué)"
    later = run.exchanges[paused + 1:paused + 2]
    if not later:
        what = (f"a levé {run.played.error_line()}" if run.played.raised else "a renvoyé la réponse en pause")
        return False, (f"après stop_reason pause_turn, la fonction {what} : ce n'est pas une fin, renvoyez la requête "
                       f"avec la réponse ajoutée telle quelle à l'historique")
    sent = [m for m in later[0].messages if isinstance(m, dict) and m.get("role") != "system"]
    reply = run.exchanges[paused].response.get("content") if isinstance(run.exchanges[paused].response, dict) else None
    if not sent or sent[-1].get("role") != "assistant":
        return False, ("après pause_turn, la requête suivante doit finir par le tour assistant en pause, tel quel (sans "
                       "message user ajouté, pas de « continue »)")
    content = sent[-1].get("content")
    texts = [b.get("text") for b in content if isinstance(b, dict)] if isinstance(content, list) else [content]
    if [b.get("text") for b in reply or [] if isinstance(b, dict)] != texts:
        return False, "après pause_turn, le tour assistant renvoyé n'est pas la réponse reçue, telle quelle"
    return _answered_properly(run)


def _cap(run: Run) -> tuple[bool, str]:
    n, cap = len(run.exchanges), run.scenario.max_iterations
    if run.played.timed_out:
        return False, f"pas de plafond : {_requests(n)} envoyée{'s' if n > 1 else ''} et la boucle s'exécutait encore (max_iterations={cap})"
    if not run.played.raised:
        return False, (f"après {_requests(n)}, la fonction a renvoyé un résultat : atteindre max_iterations doit lever une "
                       f"exception, pas rendre une réponse inachevée")
    if n != cap:
        return False, f"{_requests(n)} envoyée{'s' if n > 1 else ''} pour max_iterations={cap} : le plafond compte les requêtes"
    ok, detail = _must_raise(run, "le plafond est atteint")
    return ok, detail if not ok else f"exception après exactement {_requests(cap)}"


@trusted
def check(seed: int | None = None, *, player) -> Report:
    """The report on `run_agent` over scenarios drawn from `seed` (a fresh draw when None).

    `player(spec)` runs the learner's code for one scenario and returns plain data: under grading, in a player in
    the sandbox; in « Vérifier », in a child of the learner's kernel (lessons.check); in the tests, here (ts1_1/checks.py).
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    build = _Builder(seed)
    sim = Simulator().start()
    try:
        scenarios = [build.text_then_tool(), build.parallel(2), build.parallel(3), build.failing_tool(),
                     build.stop_sequence(), build.paused(), build.truncated(), build.refused(), build.endless()]
        runs = {s.name: _play(player, s, sim) for s in scenarios}
    finally:
        sim.stop()

    text_ok, text_detail = _answered_properly(runs["texte puis outil"])
    p2_ok, p2_detail = _answered_properly(runs["2 appels parallèles"])
    p3_ok, p3_detail = _answered_properly(runs["3 appels parallèles"])
    normal = [runs["texte puis outil"], runs["2 appels parallèles"], runs["3 appels parallèles"]]
    full_ok, full_detail = _full_content_sent_back(normal)
    json_ok, json_detail = _results_are_json(normal)
    err_ok, err_detail = _tool_error(runs["outil en échec"])
    seq_ok, seq_detail = _answered_properly(runs["séquence d'arrêt"])
    cut_ok, cut_detail = _must_raise(runs["réponse tronquée"], "stop_reason valait max_tokens (réponse tronquée)",
                                     "max_tokens")
    ref_ok, ref_detail = _must_raise(runs["refus"], "stop_reason valait refusal", "refusal")
    cap_ok, cap_detail = _cap(runs["boucle sans fin"])
    pause_ok, pause_detail = _resumed(runs["tour en pause"])
    return Report(EXERCISE, [
        Criterion("texte_puis_outil", "Du texte avant un tool_use n'arrête pas la boucle ; arrêt sur end_turn", 1.5,
                  text_ok, text_detail),
        Criterion("contenu_complet", "Le tour assistant repart en entier (texte + tool_use)", 1, full_ok and text_ok,
                  full_detail if text_ok else "scénario précédent en échec"),
        Criterion("paralleles_2", "Deux appels parallèles : deux tool_result dans UN message user", 1.5, p2_ok,
                  p2_detail),
        Criterion("paralleles_3", "Trois appels parallèles : trois tool_result, mêmes ids, un seul message", 1, p3_ok,
                  p3_detail),
        Criterion("resultat_json", "Le contenu d'un tool_result est le JSON du résultat", 0.5,
                  json_ok and (text_ok or p2_ok),
                  json_detail if (text_ok or p2_ok) else "aucun résultat n'a pu être vérifié (scénarios en échec)"),
        Criterion("outil_en_echec", "Un outil qui lève une exception : tool_result is_error, la boucle continue", 1.5,
                  err_ok, err_detail),
        Criterion("stop_sequence", "stop_reason stop_sequence : fin normale, la réponse est renvoyée", 0.5, seq_ok,
                  seq_detail),
        Criterion("pause_turn", "stop_reason pause_turn : la réponse repart telle quelle, la boucle continue", 0.5,
                  pause_ok, pause_detail),
        Criterion("max_tokens", "stop_reason max_tokens : exception, jamais une réponse tronquée", 0.5, cut_ok,
                  cut_detail),
        Criterion("refus", "stop_reason refusal : exception", 0.5, ref_ok, ref_detail),
        Criterion("plafond", "max_iterations atteint : exception après exactement ce nombre de requêtes", 1, cap_ok,
                  cap_detail),
    ])


@trusted
def judge(player, values: list, seed: int | None = None) -> Report:
    """The registry's entry point: the learner's code only through `player`; `seed` fixes the draw (grading)."""
    return check(seed, player=player)
