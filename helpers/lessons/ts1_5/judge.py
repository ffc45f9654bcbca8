"""Exercises 1.5.a–c, the trusted half (Agent SDK hooks).

1.5.a `block_large_refunds` and 1.5.b `normalize_dates` are called directly, with inputs shaped
like the ones the CLI sends. 1.5.c runs the learner's `HOOKS` through the real CLI, offline, on a
private simulator, and reads the tools' own records and the simulator's log: was the refund
really never executed, did the model receive the reason and escalate, did it read the right dates?

Trusted side: the scenarios, the hooks' inputs and the expected decisions and dates live here; this module never
imports play.py, and inside the sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import secrets
from datetime import date, datetime, timedelta, timezone

from .._evidence import conflicting_results, foreign_requests
from ..kit import LIMIT_KEY, Criterion, Played, Report, plain, trusted

LIMIT = 500
REFUND_TOOL = "mcp__support__process_refund"
DATE_SERVER = "suivi"
DATE_TOOLS = ("colis_alpha", "colis_beta", "colis_gamma")
CLI_SECONDS = 90.0
HOOK_SECONDS = 3.0


# -- inputs shaped like the CLI's ---------------------------------------------------------------

def pre_input(tool_name: str, tool_input: dict) -> dict:
    return {"session_id": "3f0c9a2e-verif", "transcript_path": "/tmp/verif.jsonl", "cwd": "/tmp",
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool_name,
            "tool_input": tool_input, "tool_use_id": "toolu_01Verification"}


def post_input(tool_name: str, tool_input: dict, data: object) -> dict:
    # For an in-process MCP tool, the CLI hands PostToolUse the result as a list of content blocks.
    return {"session_id": "3f0c9a2e-verif", "transcript_path": "/tmp/verif.jsonl", "cwd": "/tmp",
            "permission_mode": "default", "hook_event_name": "PostToolUse", "tool_name": tool_name,
            "tool_input": tool_input, "tool_use_id": "toolu_01Verification",
            "tool_response": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}]}


def _raised(outcome, where: str, point: str) -> str:
    """A hook that raised, in the lesson's terms: a stub is not written yet; anything else fails open."""
    name = outcome.error_type or "Exception"
    raised = outcome.error_line().strip().removesuffix(":").strip() or name     # « NotImplementedError : » → name
    where = f" {where}" if where else ""
    if name == "NotImplementedError":
        return f"le hook n'est pas encore écrit (il lève NotImplementedError{where})"
    return f"le hook a levé {raised}{where} ; {point}"


def _shown(amount: object) -> str:
    """An amount as the report shows it: numbers in French notation, texts quoted as received."""
    if isinstance(amount, str):
        return f"« {amount} » (texte)"
    return f"{amount:g}".replace(".", ",")


def _cut(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _decision(output: object) -> tuple[str | None, str]:
    if not isinstance(output, dict):
        return None, ""
    specific = output.get("hookSpecificOutput") or {}
    if not isinstance(specific, dict):
        return None, ""
    return specific.get("permissionDecision"), str(specific.get("permissionDecisionReason") or "")


# -- 1.5.a ------------------------------------------------------------------------------------

@trusted
def check_refunds(limit, seed: int | None = None, *, player) -> Report:
    """Vérifie block_large_refunds (et REFUND_LIMIT) sur des montants variés, nombres et textes."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    order = f"ORD-{r.randint(1000, 9999)}"
    limit = plain(limit)

    def ask(amount) -> tuple[str | None, str, str]:
        outcome = Played.from_plain(player({"kind": "hook", "hook": "block_large_refunds",
                                            "input": pre_input(REFUND_TOOL, {"order_id": order, "amount": amount,
                                                                             "customer_id": "C-1042"}), LIMIT_KEY: HOOK_SECONDS}))
        if outcome.timed_out:
            return None, "", "le hook ne rend pas la main (boucle infinie ?)"
        if outcome.error is not None:
            return None, "", _raised(outcome, f"pour amount = {_shown(amount)}",
                                     "un hook qui lève ne décide rien et le CLI laisse passer l'appel : le "
                                     "remboursement serait exécuté. Refusez explicitement (permissionDecision « deny »)")
        decision, reason = _decision(outcome.value)
        if outcome.value is not None and (not isinstance(outcome.value, dict) or "__type__" in outcome.value):
            kind = outcome.value.get("__type__") if isinstance(outcome.value, dict) else type(outcome.value).__name__
            return None, "", f"le hook doit renvoyer un dict, il a renvoyé {kind}"
        specific = (outcome.value or {}).get("hookSpecificOutput") or {}
        if decision == "deny" and specific.get("hookEventName") != "PreToolUse":
            return None, "", "hookSpecificOutput doit porter hookEventName = « PreToolUse »"
        return decision, reason, ""

    def judge(amounts, want_deny: bool) -> tuple[bool, str]:
        for amount in amounts:
            decision, _reason, problem = ask(amount)
            if problem:
                return False, problem
            if (decision == "deny") != want_deny:
                verb = "refusé" if decision == "deny" else "laissé passer"
                return False, f"amount = {_shown(amount)} a été {verb}"
        return True, "montants testés : " + " ; ".join(_shown(a) for a in amounts)

    big = [r.choice([650, 720, 999]), r.randint(1_000, 5_000) + 0.5, 501]
    small = [r.randint(10, 120), 250.75, 499]
    texts_deny, texts_allow = [f"{r.randint(600, 900)}.00", str(r.randint(1_200, 3_000))], ["120.50", "500"]
    deny_ok, deny_detail = judge(big, True)
    allow_ok, allow_detail = judge(small, False)
    edge_ok, edge_detail = judge([500, 500.0], False)
    if edge_ok:
        edge_ok, edge_detail = judge([500.01], True)
        edge_detail = "500 accepté, 500,01 refusé" if edge_ok else edge_detail
    text_ok, text_detail = judge(texts_deny, True)
    if text_ok:
        text_ok, text_detail = judge(texts_allow, False)
    decision, reason, problem = ask(big[0])
    if problem or decision != "deny":
        reason_ok, reason_detail = False, problem or "pas de refus, donc pas de raison à lire"
    elif not reason.strip():
        reason_ok, reason_detail = False, ("refus sans permissionDecisionReason : Claude ne sait ni pourquoi, ni quoi "
                                           "faire ensuite")
    elif "escalate_to_human" not in reason:
        reason_ok, reason_detail = False, f"la raison (« {_cut(reason)} ») doit orienter Claude vers escalate_to_human"
    else:
        reason_ok, reason_detail = True, f"raison : « {_cut(reason)} »"
    limit_note = "" if limit == LIMIT else f" (REFUND_LIMIT vaut {limit!r}, la politique dit {LIMIT})"
    return Report("1.5.a", [
        Criterion("refuse_au_dessus", "Un remboursement au-dessus de 500 est refusé (deny, en PreToolUse)", 1.25,
                  deny_ok, deny_detail),
        Criterion("accepte_en_dessous", "Un remboursement modeste passe ({} sans deny)", 0.75, allow_ok, allow_detail),
        Criterion("limite_incluse", "500 lui-même est accepté ; au-delà, refusé", 0.5, edge_ok and limit == LIMIT,
                  edge_detail + limit_note),
        Criterion("montants_texte", "Les montants arrivés en texte (« 750.00 ») sont comparés comme des nombres", 0.5,
                  text_ok, text_detail),
        Criterion("raison_escalade", "Le refus donne une raison qui oriente vers escalate_to_human", 1, reason_ok,
                  reason_detail),
    ])


# -- 1.5.b ------------------------------------------------------------------------------------

def _unix_noon(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, 12, 0, tzinfo=timezone.utc).timestamp())


def _ambiguous_day(r: random.Random) -> date:
    """A day whose DD/MM form also reads as a valid (different) MM/DD date."""
    while True:
        d = date(2025, r.randint(1, 12), r.randint(1, 12))
        if d.day != d.month:
            return d


@trusted
def check_dates(seed: int | None = None, *, player) -> Report:
    """Vérifie normalize_dates : Unix, ISO 8601 et JJ/MM/AAAA deviennent AAAA-MM-JJ, rien d'autre ne change."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    parcel = f"ORD-{r.randint(100, 999)}"

    def run(data: dict) -> tuple[object, str]:
        tool = f"mcp__{DATE_SERVER}__{r.choice(DATE_TOOLS)}"
        outcome = Played.from_plain(player({"kind": "hook", "hook": "normalize_dates",
                                            "input": post_input(tool, {"order_id": parcel}, data), LIMIT_KEY: HOOK_SECONDS}))
        if outcome.timed_out:
            return None, "le hook ne rend pas la main (boucle infinie ?)"
        if outcome.error is not None:
            return None, _raised(outcome, "", "un hook qui lève ne change rien et le CLI laisse passer la sortie "
                                              "de l'outil telle quelle : Claude lirait les dates d'origine")
        out = outcome.value
        specific = out.get("hookSpecificOutput") if isinstance(out, dict) else None
        if not isinstance(specific, dict) or "updatedToolOutput" not in specific:
            return None, "le hook doit renvoyer hookSpecificOutput avec updatedToolOutput"
        if specific.get("hookEventName") != "PostToolUse":
            return None, "hookSpecificOutput doit porter hookEventName = « PostToolUse »"
        updated = specific["updatedToolOutput"]
        if isinstance(updated, list) and updated and isinstance(updated[0], dict) and "text" in updated[0]:
            try:
                return json.loads(updated[0]["text"]), "blocs"
            except ValueError:
                return None, "le texte de updatedToolOutput n'est plus du JSON"
        if isinstance(updated, str):
            try:
                return json.loads(updated), "texte"
            except ValueError:
                return None, "updatedToolOutput n'est pas du JSON"
        return updated, "autre"

    def expect(data: dict, wanted: dict) -> tuple[bool, str]:
        got, how = run(data)
        if got is None:
            return False, how
        if got != wanted:
            diffs = [k for k in wanted if not isinstance(got, dict) or got.get(k) != wanted[k]]
            key = diffs[0] if diffs else "?"
            shown = got.get(key) if isinstance(got, dict) else got
            return False, f"{key} : {data.get(key)!r} est devenu {shown!r}, attendu {wanted.get(key)!r}"
        return True, ""

    d1, d2, d3, d4 = (date(2025, 1, 1) + timedelta(days=r.randint(0, 360)) for _ in range(4))
    amb = _ambiguous_day(r)
    late = date(2025, r.randint(1, 12), r.randint(13, 28))
    weight = r.randint(200, 5000)
    unix_ok, unix_detail = expect({"colis": parcel, "date_expedition": _unix_noon(d1), "poids_g": weight},
                                  {"colis": parcel, "date_expedition": d1.isoformat(), "poids_g": weight})
    iso_ok, iso_detail = expect({"colis": parcel, "date_expedition": f"{d2.isoformat()}T09:15:00+02:00",
                                 "date_livraison": d3.isoformat()},
                                {"colis": parcel, "date_expedition": d2.isoformat(), "date_livraison": d3.isoformat()})
    swap_ok, swap_detail = expect({"colis": parcel, "date_expedition": amb.strftime("%d/%m/%Y")},
                                  {"colis": parcel, "date_expedition": amb.isoformat()})
    if swap_ok:
        swap_ok, swap_detail = expect({"colis": parcel, "date_expedition": late.strftime("%d/%m/%Y")},
                                      {"colis": parcel, "date_expedition": late.isoformat()})
    nested_ok, nested_detail = expect(
        {"colis": parcel, "etapes": [{"lieu": "Lyon", "date": d4.strftime("%d/%m/%Y")},
                                     {"lieu": "Paris", "date": _unix_noon(d2)}]},
        {"colis": parcel, "etapes": [{"lieu": "Lyon", "date": d4.isoformat()},
                                     {"lieu": "Paris", "date": d2.isoformat()}]})
    plain = {"colis": parcel, "date_expedition": d3.isoformat(), "poids_g": weight}
    got, how = run(plain)
    if got is None:
        shape_ok, shape_detail = False, how
    elif how != "blocs":
        shape_ok, shape_detail = False, ("l'outil renvoie une liste de blocs [{'type': 'text', 'text': …}] : renvoyez la "
                                         "même forme, avec le JSON normalisé dans le texte")
    elif got != plain:
        shape_ok, shape_detail = False, "des champs qui ne sont pas des dates ont changé (ou ont disparu)"
    else:
        shape_ok, shape_detail = True, "liste de blocs texte, JSON, autres champs intacts"
    return Report("1.5.b", [
        Criterion("unix", "Un horodatage Unix devient AAAA-MM-JJ", 1, unix_ok, unix_detail or "ok"),
        Criterion("iso", "Une date ISO 8601 (avec heure) devient AAAA-MM-JJ", 0.5, iso_ok, iso_detail or "ok"),
        Criterion("jour_mois", "JJ/MM/AAAA devient AAAA-MM-JJ sans inverser jour et mois", 1.25, swap_ok,
                  swap_detail or "ok"),
        Criterion("meme_forme", "La sortie garde la forme de celle de l'outil, les autres champs intacts", 0.75,
                  shape_ok, shape_detail),
        Criterion("imbrique", "Les dates imbriquées (listes, sous-objets) sont normalisées aussi", 0.5, nested_ok,
                  nested_detail or "ok"),
    ])


# -- 1.5.c : the real CLI ------------------------------------------------------------------------

@trusted
def check_end_to_end(seed: int | None = None, *, player) -> Report:
    """Exécute HOOKS dans le vrai CLI, hors ligne : gros et petit remboursement, puis dates.

    The verdict rests on this process's own simulator log (what the model was sent and answered);
    what the learner's side reports about its tools is only a second witness.
    """
    from ...simulator import Simulator
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    sim = Simulator().start()
    try:
        results = {}
        # Fixed amounts on either side of the limit: every submission meets the same cases, so its grade
        # never depends on the draw (the boundary itself, 500, is 1.5.a's business).
        # The large amount arrives as text, as some tools send it: a hook comparing "900.00" > 500 fails open.
        for label, amount, as_text in (("gros", 900, True), ("petit", 180, False)):
            order = f"ORD-{r.randint(1000, 9999)}"
            prompt = (f"Bonjour, je suis client ({r.choice(['lea', 'sami', 'ines'])}@exemple.fr, code "
                      f"{r.randint(100000, 999999)}). Je demande le remboursement de ma commande {order}.")
            mark = sim.log.mark()
            data = player({"kind": "cli", "scenario": "refund", "prompt": prompt, "base_url": sim.base_url,
                           "amount": f"{amount}.00" if as_text else amount, "as_text": as_text, LIMIT_KEY: CLI_SECONDS})
            results[label] = (amount, data if isinstance(data, dict) else {}, sim.log.since(mark))
            if results[label][1].get("problem"):
                problem = results[label][1]["problem"]
                return Report("1.5.c", [Criterion(k, rule, pts, False, problem) for k, rule, pts in _E2E_RULES])

        # The DD/MM/YYYY source gets a day that also reads as a valid US date: misreading shows.
        ambiguous = _ambiguous_day(r)
        others = set()
        while len(others) < 2:
            candidate = date(2025, 1, 1) + timedelta(days=r.randint(0, 364))
            if candidate != ambiguous:
                others.add(candidate)
        kinds = ["unix", "iso"]
        r.shuffle(kinds)
        plan = [("slash", ambiguous)] + list(zip(kinds, sorted(others)))
        r.shuffle(plan)
        shown = {"unix": lambda d: _unix_noon(d), "iso": lambda d: f"{d.isoformat()}T08:30:00Z",
                 "slash": lambda d: d.strftime("%d/%m/%Y")}
        formats = {tool: shown[kind](day) for tool, (kind, day) in zip(DATE_TOOLS, plan)}
        truth = {tool: day for tool, (_kind, day) in zip(DATE_TOOLS, plan)}
        ids = [f"ORD-{r.randint(100, 999)}{i}" for i in range(3)]
        prompt = f"Quand les colis {ids[0]}, {ids[1]} et {ids[2]} ont-ils été expédiés, et dans quel ordre ?"
        mark = sim.log.mark()
        data = player({"kind": "cli", "scenario": "dates", "prompt": prompt, "base_url": sim.base_url,
                       "formats": formats, "server": DATE_SERVER, LIMIT_KEY: CLI_SECONDS})
        results["dates"] = (truth, data if isinstance(data, dict) else {}, sim.log.since(mark))
    finally:
        sim.stop()
    return Report("1.5.c", [_judge_big(results["gros"]), _judge_small(results["petit"]),
                            _judge_dates(results["dates"])])


_E2E_RULES = [
    ("gros_remboursement_bloque", "Vrai CLI : au-dessus de 500, process_refund ne s'exécute jamais et Claude escalade",
     1.5),
    ("petit_remboursement", "Vrai CLI : un petit remboursement s'exécute normalement", 1),
    ("dates_lues", "Vrai CLI : Claude lit les trois dates justes et les remet dans l'ordre", 1.5),
]


def _tool_results(log: list, short_name: str) -> list[dict]:
    """tool_result blocks the model received for calls to `short_name` (read from the simulator log)."""
    ids = {b.get("id") for e in log if e.ok and isinstance(e.response, dict) for b in e.response.get("content", [])
           if b.get("type") == "tool_use" and str(b.get("name", "")).rsplit("__", 1)[-1] == short_name}
    seen, out = set(), []
    for e in log:
        for m in e.messages:
            if m.get("role") == "user" and isinstance(m.get("content"), list):
                for b in m["content"]:
                    if b.get("type") == "tool_result" and b.get("tool_use_id") in ids and b.get("tool_use_id") not in seen:
                        seen.add(b["tool_use_id"])
                        out.append(b)
    return out


def _ran(log: list, reported: object, short_name: str) -> bool:
    on_the_wire = any(not b.get("is_error") for b in _tool_results(log, short_name))
    said = isinstance(reported, list) and any(isinstance(x, list) and x and x[0] == short_name for x in reported)
    return on_the_wire or said


def _doubtful(log: list) -> str | None:
    """Why the log of one CLI run cannot be read as the CLI's conversation, or None: a request that the CLI did not
    send (other user agent or system prompt than its first one), or one tool_use_id answered two different ways."""
    first = next((e for e in log if e.is_message), None)
    if first is None:
        return None
    foreign = foreign_requests(log, first)
    if foreign:
        agent = (foreign[0].headers or {}).get("user-agent", "?")[:40]
        return (f"{len(foreign)} requête(s) de ce scénario ne viennent pas du CLI (client « {agent} ») : du code qui "
                f"parle au modèle à la place du CLI ne prouve rien de ce que le CLI a fait")
    conflicts = conflicting_results(log)
    if conflicts:
        return (f"le même appel d'outil ({conflicts[0][:24]}) a reçu deux tool_result différents : deux suites d'une "
                f"même conversation, aucune ne peut être retenue")
    return None


def _judge_big(result) -> Criterion:
    amount, data, log = result
    key, rule, points = _E2E_RULES[0]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    if _ran(log, data.get("executed"), "process_refund"):
        return Criterion(key, rule, points, False, f"process_refund s'est exécuté pour {amount} : le refus doit venir "
                                                   f"AVANT l'exécution (PreToolUse), avec un matcher qui vise "
                                                   f"{REFUND_TOOL}")
    refused = [b for b in _tool_results(log, "process_refund") if b.get("is_error")]
    if not refused:
        return Criterion(key, rule, points, False, "Claude n'a reçu aucun refus pour ce remboursement")
    if not _ran(log, [], "escalate_to_human"):
        return Criterion(key, rule, points, False, "le remboursement a été bloqué, mais Claude n'a pas escaladé : la "
                                                   "raison du refus doit l'orienter vers escalate_to_human")
    return Criterion(key, rule, points, True, f"{amount} : refusé avant exécution, dossier transmis à un conseiller")


def _judge_small(result) -> Criterion:
    amount, data, log = result
    key, rule, points = _E2E_RULES[1]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    if not _ran(log, [], "process_refund"):
        return Criterion(key, rule, points, False, f"le remboursement de {amount} n'a pas été exécuté : seul ce qui "
                                                   f"dépasse 500 doit être bloqué")
    return Criterion(key, rule, points, True, f"remboursement de {amount} exécuté")


def _judge_dates(result) -> Criterion:
    truth, data, log = result
    key, rule, points = _E2E_RULES[2]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    finals = [e for e in log if e.ok and e.stop_reason == "end_turn"]
    answer = "".join(b.get("text", "") for b in finals[-1].response["content"]) if finals else ""
    wanted = " → ".join(f"{tool} ({day.isoformat()})" for tool, day in sorted(truth.items(), key=lambda kv: kv[1]))
    if wanted in answer:
        return Criterion(key, rule, points, True, "dates lues en ISO, ordre juste")
    wrong = [tool for tool, day in truth.items() if f"{tool} : date_expedition = {day.isoformat()}" not in answer]
    detail = (f"Claude a mal lu la date de {', '.join(wrong)} : le hook PostToolUse doit lui donner des dates ISO"
              if wrong else "l'ordre chronologique donné par Claude est faux")
    if not finals:
        detail = "Claude n'a pas donné de réponse finale"
    return Criterion(key, rule, points, False, detail)


# -- the registry's entry points: learner code only through `player`, learner values as plain data,
#    `seed` fixing the draw (grading: one draw per submission) --

@trusted
def judge_refunds(player, values: list, seed: int | None = None) -> Report:
    return check_refunds(values[0] if values else None, seed, player=player)


@trusted
def judge_dates(player, values: list, seed: int | None = None) -> Report:
    return check_dates(seed, player=player)


@trusted
def judge_end_to_end(player, values: list, seed: int | None = None) -> Report:
    return check_end_to_end(seed, player=player)
