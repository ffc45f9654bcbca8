"""Exercises 1.5.a–c, the trusted half (Agent SDK hooks).

1.5.a `route_heavy_parcels` and 1.5.b `normalize_amounts` are called directly, with inputs shaped
like the ones the CLI sends. 1.5.c runs the learner's `HOOKS` through the real CLI, offline, on a
private simulator, and reads the tools' own records and the simulator's log: was the heavy
parcel really never shipped, did the model receive the reason and book freight, did it read the right amounts?

Trusted side: the scenarios, the hooks' inputs and the expected decisions and amounts live here; this module never
imports play.py, and inside the sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import secrets

from .._evidence import conflicting_results, foreign_requests
from ..kit import LIMIT_KEY, Criterion, Played, Report, plain, trusted

LIMIT = 30                                   # kg: the parcel carrier's limit; heavier goes by freight
SHIP_TOOL = "mcp__expedition__ship_parcel"
ROUTE_TOOL_SHORT = "book_freight"
QUOTE_SERVER = "achats"
QUOTE_TOOLS = ("devis_lille", "devis_munich", "devis_dublin")
CLI_SECONDS = 90.0
HOOK_SECONDS = 3.0


# -- inputs shaped like the CLI's ---------------------------------------------------------------


def _played(data: object) -> Played:
    """The hook's outcome: what the player returned, or what the trusted side reports in its stead — a hook that ran
    past its time, a spent clock, a kernel that died — which is never an allowance."""
    if isinstance(data, dict) and "outcome" in data:
        data = data["outcome"]
    return Played.from_plain(data)


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
def check_parcels(limit, seed: int | None = None, *, player) -> Report:
    """Vérifie route_heavy_parcels (et MAX_PARCEL_KG) sur des poids variés, nombres et textes."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    order = f"CMD-{r.randint(1000, 9999)}"
    limit = plain(limit)

    def ask(weight) -> tuple[str | None, str, str]:
        outcome = _played(player({"kind": "hook", "hook": "route_heavy_parcels",
                                            "input": pre_input(SHIP_TOOL, {"order_id": order, "weight_kg": weight,
                                                                           "destination": "Grenoble"}),
                                            LIMIT_KEY: HOOK_SECONDS}))
        if outcome.timed_out:
            return None, "", "le hook ne rend pas la main (boucle infinie ?)"
        if outcome.error is not None:
            return None, "", _raised(outcome, f"pour weight_kg = {_shown(weight)}",
                                     "un hook qui lève ne décide rien et le CLI laisse passer l'appel : le "
                                     "colis partirait. Refusez explicitement (permissionDecision « deny »)")
        decision, reason = _decision(outcome.value)
        if outcome.value is not None and (not isinstance(outcome.value, dict) or "__type__" in outcome.value):
            kind = outcome.value.get("__type__") if isinstance(outcome.value, dict) else type(outcome.value).__name__
            return None, "", f"le hook doit renvoyer un dict, il a renvoyé {kind}"
        specific = (outcome.value or {}).get("hookSpecificOutput") or {}
        if decision == "deny" and specific.get("hookEventName") != "PreToolUse":
            return None, "", "hookSpecificOutput doit porter hookEventName = « PreToolUse »"
        return decision, reason, ""

    def judge(weights, want_deny: bool) -> tuple[bool, str]:
        for weight in weights:
            decision, _reason, problem = ask(weight)
            if problem:
                return False, problem
            if (decision == "deny") != want_deny:
                verb = "refusé" if decision == "deny" else "laissé passer"
                return False, f"weight_kg = {_shown(weight)} a été {verb}"
        return True, "poids testés : " + " ; ".join(_shown(w) for w in weights)

    heavy = [r.choice([31, 38, 45]), r.randint(50, 400) + 0.5, 31]
    light = [r.randint(1, 12), 18.75, 29]
    texts_deny, texts_allow = [f"{r.randint(31, 60)}.00", str(r.randint(100, 300))], ["12.50", "30"]
    deny_ok, deny_detail = judge(heavy, True)
    allow_ok, allow_detail = judge(light, False)
    edge_ok, edge_detail = judge([30, 30.0], False)
    if edge_ok:
        edge_ok, edge_detail = judge([30.01], True)
        edge_detail = "30 accepté, 30,01 refusé" if edge_ok else edge_detail
    text_ok, text_detail = judge(texts_deny, True)
    if text_ok:
        text_ok, text_detail = judge(texts_allow, False)
    decision, reason, problem = ask(heavy[0])
    if problem or decision != "deny":
        reason_ok, reason_detail = False, problem or "pas de refus, donc pas de raison à lire"
    elif not reason.strip():
        reason_ok, reason_detail = False, ("refus sans permissionDecisionReason : Claude ne sait ni pourquoi, ni quoi "
                                           "faire ensuite")
    elif ROUTE_TOOL_SHORT not in reason:
        reason_ok, reason_detail = False, f"la raison (« {_cut(reason)} ») doit orienter Claude vers {ROUTE_TOOL_SHORT}"
    else:
        reason_ok, reason_detail = True, f"raison : « {_cut(reason)} »"
    limit_note = "" if limit == LIMIT else f" (MAX_PARCEL_KG vaut {limit!r}, le transporteur dit {LIMIT})"
    return Report("1.5.a", [
        Criterion("refuse_au_dessus", "Un colis de plus de 30 kg est refusé (deny, en PreToolUse)", 1.25,
                  deny_ok, deny_detail),
        Criterion("accepte_en_dessous", "Un colis léger passe ({} sans deny)", 0.75, allow_ok, allow_detail),
        Criterion("limite_incluse", "30 kg tout juste est accepté ; au-delà, refusé", 0.5, edge_ok and limit == LIMIT,
                  edge_detail + limit_note),
        Criterion("poids_texte", "Les poids arrivés en texte (« 42.50 ») sont comparés comme des nombres", 0.5,
                  text_ok, text_detail),
        Criterion("raison_fret", "Le refus donne une raison qui oriente vers book_freight", 1, reason_ok,
                  reason_detail),
    ])


# -- 1.5.b ------------------------------------------------------------------------------------

def euros(value: float) -> str:
    """An amount in French notation, as the answer must state it: 2450.0 → « 2 450,00 € »."""
    return f"{value:,.2f}".replace(",", "\u202f").replace(".", ",") + "\u00a0€"


def as_cents(cents: int) -> int:
    return cents                                    # the Lille portal's notation: an integer number of cents


def as_comma(cents: int) -> str:
    """The Munich portal's notation: « 2.450,00 » (dot for thousands, comma for decimals)."""
    return f"{cents / 100:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")


def as_point(cents: int) -> str:
    """The Dublin portal's notation: « 2,450.00 » (comma for thousands, dot for decimals)."""
    return f"{cents / 100:,.2f}"


@trusted
def check_amounts(seed: int | None = None, *, player) -> Report:
    """Vérifie normalize_amounts : centimes, « 2.450,00 » et « 2,450.00 » deviennent des euros, rien d'autre ne change."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    quote = f"DEV-{r.randint(1000, 9999)}"

    def run(data: dict) -> tuple[object, str]:
        tool = f"mcp__{QUOTE_SERVER}__{r.choice(QUOTE_TOOLS)}"
        outcome = _played(player({"kind": "hook", "hook": "normalize_amounts",
                                            "input": post_input(tool, {"quote_id": quote}, data), LIMIT_KEY: HOOK_SECONDS}))
        if outcome.timed_out:
            return None, "le hook ne rend pas la main (boucle infinie ?)"
        if outcome.error is not None:
            return None, _raised(outcome, "", "un hook qui lève ne change rien et le CLI laisse passer la sortie "
                                              "de l'outil telle quelle : Claude lirait les montants d'origine")
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

    def same(got: object, wanted: object) -> bool:
        """Equal as JSON, an amount being equal to the cent (1234.5 and 1234.50 are one amount; "1234.5" is text)."""
        if isinstance(wanted, dict):
            return isinstance(got, dict) and got.keys() == wanted.keys() and all(same(got[k], wanted[k]) for k in wanted)
        if isinstance(wanted, list):
            return isinstance(got, list) and len(got) == len(wanted) and all(map(same, got, wanted))
        if isinstance(wanted, float):
            return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(got - wanted) < 0.005
        return type(got) is type(wanted) and got == wanted

    def first_difference(got: object, wanted: object, sent: object, path: str = "") -> tuple[str, object, object, object]:
        if isinstance(wanted, dict) and isinstance(got, dict):
            for k in wanted:
                if k not in got:
                    return f"{path}{k}", sent.get(k) if isinstance(sent, dict) else None, "(disparu)", wanted[k]
                if not same(got[k], wanted[k]):
                    return first_difference(got[k], wanted[k], sent.get(k) if isinstance(sent, dict) else None,
                                            f"{path}{k}")
        if isinstance(wanted, list) and isinstance(got, list) and len(got) == len(wanted):
            for i, (g, w) in enumerate(zip(got, wanted)):
                if not same(g, w):
                    return first_difference(g, w, sent[i] if isinstance(sent, list) and i < len(sent) else None,
                                            f"{path}[{i}].")
        return path.rstrip(".") or "?", sent, got, wanted

    def expect(data: dict, wanted: dict) -> tuple[bool, str]:
        got, how = run(data)
        if got is None:
            return False, how
        if not same(got, wanted):
            key, sent, shown, want = first_difference(got, wanted, data)
            return False, f"{key} : {sent!r} est devenu {shown!r}, attendu {want!r}"
        return True, ""

    def cents(low: int, high: int) -> int:
        return r.randint(low, high) * 100 + r.choice([0, 40, 75, r.randint(1, 99)])

    c1, c2, c3, c4 = (cents(1_000, 9_999) for _ in range(4))
    small = cents(12, 99)
    days = r.randint(5, 30)
    cents_ok, cents_detail = expect({"devis": quote, "montant_ht": as_cents(c1), "delai_jours": days},
                                    {"devis": quote, "montant_ht": c1 / 100, "delai_jours": days})
    point_ok, point_detail = expect({"devis": quote, "montant_ht": as_point(c2), "montant_ttc": as_point(c3)},
                                    {"devis": quote, "montant_ht": c2 / 100, "montant_ttc": c3 / 100})
    comma_ok, comma_detail = expect({"devis": quote, "montant_ht": as_comma(c4)}, {"devis": quote, "montant_ht": c4 / 100})
    if comma_ok:
        comma_ok, comma_detail = expect({"devis": quote, "montant_ht": as_comma(small)},
                                        {"devis": quote, "montant_ht": small / 100})
    nested_ok, nested_detail = expect(
        {"devis": quote, "lignes": [{"article": "palettes", "quantite": 40, "montant": as_comma(c2)},
                                    {"article": "transport", "quantite": 1, "montant": as_cents(small)}]},
        {"devis": quote, "lignes": [{"article": "palettes", "quantite": 40, "montant": c2 / 100},
                                    {"article": "transport", "quantite": 1, "montant": small / 100}]})
    plain = {"devis": quote, "montant_ht": c3 / 100, "delai_jours": days, "reference": f"{r.randint(10, 99)}.{days:03d}"}
    got, how = run(plain)
    if got is None:
        shape_ok, shape_detail = False, how
    elif how != "blocs":
        shape_ok, shape_detail = False, ("l'outil renvoie une liste de blocs [{'type': 'text', 'text': …}] : renvoyez la "
                                         "même forme, avec le JSON normalisé dans le texte")
    elif not same(got, plain):
        key, sent, shown, want = first_difference(got, plain, plain)
        shape_ok, shape_detail = False, (f"{key} : {sent!r} est devenu {shown!r} ; un montant déjà en euros (nombre "
                                         f"décimal) et les champs qui ne sont pas des montants ne changent pas")
    else:
        shape_ok, shape_detail = True, "liste de blocs texte, JSON, autres champs intacts"
    return Report("1.5.b", [
        Criterion("centimes", "Un entier (des centimes) devient un nombre d'euros", 1, cents_ok, cents_detail or "ok"),
        Criterion("texte_point", "« 2,450.00 » (point décimal) devient 2450.0", 0.5, point_ok, point_detail or "ok"),
        Criterion("texte_virgule", "« 2.450,00 » (virgule décimale) devient 2450.0 sans confondre milliers et "
                  "décimales", 1.25, comma_ok, comma_detail or "ok"),
        Criterion("meme_forme", "La sortie garde la forme de celle de l'outil, les autres champs intacts", 0.75,
                  shape_ok, shape_detail),
        Criterion("imbrique", "Les montants imbriqués (listes, sous-objets) sont normalisés aussi", 0.5, nested_ok,
                  nested_detail or "ok"),
    ])


# -- 1.5.c : the real CLI ------------------------------------------------------------------------

@trusted
def check_end_to_end(seed: int | None = None, *, player) -> Report:
    """Exécute HOOKS dans le vrai CLI, hors ligne : colis lourd et colis léger, puis trois devis.

    The verdict rests on this process's own simulator log (what the model was sent and answered);
    what the learner's side reports about its tools is only a second witness.
    """
    from ...simulator import Simulator
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    sim = Simulator().start()
    try:
        results = {}
        # Fixed weights on either side of the limit: every submission meets the same cases, so its grade
        # never depends on the draw (the boundary itself, 30 kg, is 1.5.a's business).
        # The heavy load's weight arrives as text, as some order services send it: a hook comparing "42.50" > 30 fails
        # open.
        for label, weight, as_text in (("lourd", 42.5, True), ("leger", 12, False)):
            order = f"CMD-{r.randint(1000, 9999)}"
            prompt = (f"Bonjour, ici l'atelier de {r.choice(['Voiron', 'Annecy', 'Valence'])}. Pouvez-vous expédier "
                      f"la commande {order} aujourd'hui ?")
            mark = sim.log.mark()
            data = player({"kind": "cli", "scenario": "shipping", "prompt": prompt, "base_url": sim.base_url,
                           "weight": f"{weight:.2f}" if as_text else weight, "as_text": as_text,
                           LIMIT_KEY: CLI_SECONDS})
            results[label] = (weight, data if isinstance(data, dict) else {}, sim.log.since(mark))
            if results[label][1].get("problem"):
                problem = results[label][1]["problem"]
                return Report("1.5.c", [Criterion(k, rule, pts, False, problem) for k, rule, pts in _E2E_RULES])

        # Three suppliers price the same order, each in its own notation. The cheapest quote comes in cents and the
        # dearest in the Munich notation: read unaided (cents taken for euros, « 2.450,00 » for 2,45 €), the ranking
        # comes out reversed.
        prices = sorted(r.sample(range(1_200, 9_800), 3))
        truth = {tool: price * 100 + r.choice([0, 50, 90]) for tool, price in zip(
            ("devis_lille", "devis_dublin", "devis_munich"), prices)}
        shown = {"devis_lille": as_cents, "devis_munich": as_comma, "devis_dublin": as_point}
        formats = {tool: shown[tool](truth[tool]) for tool in QUOTE_TOOLS}
        ids = [f"DEV-{r.randint(100, 999)}{i}" for i in range(3)]
        prompt = (f"Trois fournisseurs ont chiffré la même commande de palettes : devis {ids[0]}, {ids[1]} et {ids[2]}. "
                  f"Classez-les du moins cher au plus cher.")
        mark = sim.log.mark()
        data = player({"kind": "cli", "scenario": "quotes", "prompt": prompt, "base_url": sim.base_url,
                       "formats": formats, "server": QUOTE_SERVER, LIMIT_KEY: CLI_SECONDS})
        results["montants"] = ({t: c / 100 for t, c in truth.items()}, data if isinstance(data, dict) else {},
                               sim.log.since(mark))
    finally:
        sim.stop()
    return Report("1.5.c", [_judge_heavy(results["lourd"]), _judge_light(results["leger"]),
                            _judge_amounts(results["montants"])])


_E2E_RULES = [
    ("colis_lourd_route", "Vrai CLI : au-delà de 30 kg, ship_parcel ne s'exécute jamais et Claude passe par "
                          "book_freight", 1.5),
    ("colis_leger", "Vrai CLI : un colis léger part normalement", 1),
    ("montants_lus", "Vrai CLI : Claude lit les trois montants justes et classe les devis", 1.5),
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


def _shown_kg(weight: float) -> str:
    return f"{weight:g} kg".replace(".", ",")


def _judge_heavy(result) -> Criterion:
    weight, data, log = result
    key, rule, points = _E2E_RULES[0]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    if _ran(log, data.get("executed"), "ship_parcel"):
        return Criterion(key, rule, points, False, f"ship_parcel s'est exécuté pour {_shown_kg(weight)} : le refus doit "
                                                   f"venir AVANT l'exécution (PreToolUse), avec un matcher qui vise "
                                                   f"{SHIP_TOOL}")
    refused = [b for b in _tool_results(log, "ship_parcel") if b.get("is_error")]
    if not refused:
        return Criterion(key, rule, points, False, "Claude n'a reçu aucun refus pour ce colis")
    if not _ran(log, [], ROUTE_TOOL_SHORT):
        return Criterion(key, rule, points, False, f"le colis a été bloqué, mais Claude n'est pas passé par "
                                                   f"{ROUTE_TOOL_SHORT} : la raison du refus doit l'y orienter")
    return Criterion(key, rule, points, True, f"{_shown_kg(weight)} : refusé avant exécution, fret réservé")


def _judge_light(result) -> Criterion:
    weight, data, log = result
    key, rule, points = _E2E_RULES[1]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    if not _ran(log, [], "ship_parcel"):
        return Criterion(key, rule, points, False, f"le colis de {_shown_kg(weight)} n'est pas parti : seul ce qui "
                                                   f"dépasse 30 kg doit être refusé")
    return Criterion(key, rule, points, True, f"colis de {_shown_kg(weight)} expédié")


def _judge_amounts(result) -> Criterion:
    truth, data, log = result
    key, rule, points = _E2E_RULES[2]
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution n'a pas abouti à temps")
    if (doubt := _doubtful(log)):
        return Criterion(key, rule, points, False, doubt)
    finals = [e for e in log if e.ok and e.stop_reason == "end_turn"]
    answer = "".join(b.get("text", "") for b in finals[-1].response["content"]) if finals else ""
    wanted = " → ".join(f"{tool} ({euros(value)})" for tool, value in sorted(truth.items(), key=lambda kv: kv[1]))
    if wanted in answer:
        return Criterion(key, rule, points, True, "montants lus en euros, classement juste")
    wrong = [tool for tool, value in truth.items() if f"{tool} : montant_ht = {euros(value)}" not in answer]
    detail = (f"Claude a mal lu le montant de {', '.join(wrong)} : le hook PostToolUse doit lui donner des nombres "
              f"d'euros" if wrong else "le classement donné par Claude est faux")
    if not finals:
        detail = "Claude n'a pas donné de réponse finale"
    return Criterion(key, rule, points, False, detail)


# -- the registry's entry points: learner code only through `player`, learner values as plain data,
#    `seed` fixing the draw (grading: one draw per submission) --

@trusted
def judge_parcels(player, values: list, seed: int | None = None) -> Report:
    return check_parcels(values[0] if values else None, seed, player=player)


@trusted
def judge_amounts(player, values: list, seed: int | None = None) -> Report:
    return check_amounts(seed, player=player)


@trusted
def judge_end_to_end(player, values: list, seed: int | None = None) -> Report:
    return check_end_to_end(seed, player=player)
