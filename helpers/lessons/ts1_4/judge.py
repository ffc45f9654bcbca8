"""Exercises 1.4.a and 1.4.b, the trusted half (enforcement and handoff).

1.4.a `make_support_tools(crm, payments)` is checked twice. First its two tool handlers are
called directly, one step at a time, with a CRM and a payment service whose ids, codes and amounts
are drawn at random; the judge dictates the sequence of calls (refund before any verification —
of a few euros —, failed verification, another customer verified, a second conversation sharing the
same services, a failed verification after a success…). The services live on the trusted side (a
`Witness`): the learner's tools hold proxies, every verification and payment is recorded there with
the step the judge was playing, so a payment made while verifying, queued for later, or erased from
a journal is seen. Then the real CLI runs the tools offline on a private simulator, with a request
that asks the agent to skip verification: the verdict rests on the tool calls that simulator issued
itself and on the payments the witness recorded.

1.4.b `build_handoff(case)` is called on random cases: five fields, a number for the amount,
a summary that stands alone.

Trusted side: the scenarios, the witness's services and the expected values live here; this module never imports
play.py, and inside the sandbox it is absent.
"""
from __future__ import annotations

import json
import random
import re
import secrets
import time

from ..kit import LIMIT_KEY, Criterion, Played, Report, trusted
from .._witness import Witness

CLI_SECONDS = 90.0
SCHEMAS = {"get_customer": {"email": "string", "verification_code": "string"},
           "process_refund": {"customer_id": "string", "order_id": "string", "amount": "number"}}
HANDOFF_FIELDS = {"customer_id": "str", "summary": "str", "root_cause": "str", "refund_amount": "number",
                  "recommended_action": "str"}


# -- the trusted side's services ---------------------------------------------------------------------

class Desk:
    """The trusted side's CRM and payment service for one scenario: what they answer (the Witness records)."""

    def __init__(self, table: list, nonce: str) -> None:
        self.table = {(str(email), str(code)): customer_id for email, code, customer_id in table}
        self.nonce = nonce
        self.paid = 0

    def __call__(self, service: str, method: str, args: list) -> object:
        if service == "crm" and method == "verify" and len(args) == 2:
            return self.table.get((str(args[0]).strip().lower(), str(args[1]).strip()))
        if service == "payments" and method == "refund" and len(args) == 3:
            self.paid += 1
            customer_id, order_id, amount = args
            return (f"Remboursement {self.nonce}-{self.paid} : {amount} EUR versés au client {customer_id} pour la "
                    f"commande {order_id}.")
        raise ValueError(f"{service}.{method} n'existe pas")


def _paid(witness: Witness, step: int) -> list[list]:
    """The payments made while the judge played `step`, as ["refund", step, customer_id, order_id, amount]."""
    return [["refund", None, c.step, *c.args] for c in witness.during(step, "payments") if c.method == "refund"]


# -- reading results ------------------------------------------------------------------------------

def _raised(outcome) -> str:
    """« NameError : nom inconnu », or just « NotImplementedError » when the exception says nothing."""
    return outcome.error_line().rstrip(" :")


def _n(amount: object) -> str:
    """An amount as the report shows it, in French notation."""
    return f"{amount:g}".replace(".", ",") if isinstance(amount, (int, float)) else str(amount)


def _cut(text: str, limit: int = 90) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


class Seen:
    """One handler call as the judge reads it back."""

    def __init__(self, data: object) -> None:
        data = data if isinstance(data, dict) else {}
        self.missing = bool(data.get("missing"))
        self.unmade = bool(data.get("unmade"))
        self.played = Played.from_plain(data) if not self.missing else Played()
        value = self.played.value
        self.shape_ok = isinstance(value, dict) and "__type__" not in value and isinstance(value.get("content"), list)
        content = value.get("content") if self.shape_ok else []
        self.text = " ".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
        self.is_error = self.shape_ok and value.get("is_error") is True

    def problem(self, tool: str) -> str | None:
        """Why this call cannot be judged at all (the tool is missing, raised, or returned another shape)."""
        if self.unmade:
            return "make_support_tools n'a pas pu créer les outils (voir la première règle)"
        if self.missing:
            return f"aucun outil nommé « {tool} » parmi ceux que renvoie make_support_tools"
        if self.played.timed_out:
            return f"{tool} ne rend pas la main (boucle infinie ?)"
        if self.played.error is not None:
            return f"{tool} a levé {_raised(self.played)} : un outil renvoie son refus, il ne lève pas"
        if not self.shape_ok:
            return f"{tool} doit renvoyer un dict {{'content': [{{'type': 'text', 'text': …}}], …}}"
        return None


def _refused(seen: Seen, paid: list, tool: str = "process_refund") -> tuple[bool, str]:
    """A refusal: an is_error result, and no money moved during the call."""
    problem = seen.problem(tool)
    if paid:
        return False, f"payments.refund a été appelé ({paid[0][3]}, {paid[0][4]}, {_n(paid[0][5])}) alors que la porte " \
                      f"devait rester fermée"
    if problem:
        return False, problem
    if not seen.is_error:
        return False, f"le refus doit être un résultat is_error: True (reçu : « {_cut(seen.text)} »)"
    return True, f"refusé : « {_cut(seen.text, 70)} »"


# -- 1.4.a ----------------------------------------------------------------------------------------

def _people(r: random.Random) -> list[tuple[str, str, str]]:
    names = r.sample(["lea", "sami", "ines", "hugo", "nora", "yanis", "chloe", "malik", "zoe", "tom"], 4)
    domains = r.sample(["exemple.fr", "mail.test", "courriel.test"], 3)
    ids = r.sample(range(10000, 99999), 4)
    return [(f"{n}.{r.choice(['martin', 'petit', 'roux', 'faure'])}@{r.choice(domains)}", f"{r.randint(100000, 999999)}",
             f"C-{i}") for n, i in zip(names, ids)]


def _order(r: random.Random) -> str:
    return f"ORD-{r.randint(1000, 9999)}"


def _amount(r: random.Random) -> float:
    return round(r.uniform(12, 480), 2)


def _direct_plan(r: random.Random) -> tuple[list, list]:
    a, b, c, d = _people(r)
    wrong_code = str((int(a[1]) + r.randint(1, 9999)) % 900000 + 100000)
    wrong_d = str((int(d[1]) + r.randint(1, 9999)) % 900000 + 100000)
    steps = [
        # A small amount first: no amount is exempt from the gate.
        {"set": 0, "tool": "process_refund", "args": {"customer_id": a[2], "order_id": _order(r),
                                                      "amount": round(r.uniform(0.5, 10), 2)}},
        {"set": 0, "tool": "get_customer", "args": {"email": a[0], "verification_code": wrong_code}},
        {"set": 0, "tool": "process_refund", "args": {"customer_id": a[2], "order_id": _order(r), "amount": _amount(r)}},
        {"set": 0, "tool": "get_customer", "args": {"email": b[0], "verification_code": b[1]}},
        {"set": 0, "tool": "process_refund", "args": {"customer_id": a[2], "order_id": _order(r), "amount": _amount(r)}},
        {"set": 0, "tool": "process_refund", "args": {"customer_id": b[2], "order_id": _order(r), "amount": _amount(r)}},
        {"set": 1, "tool": "process_refund", "args": {"customer_id": b[2], "order_id": _order(r), "amount": _amount(r)}},
        {"set": 1, "tool": "get_customer", "args": {"email": c[0], "verification_code": c[1]}},
        {"set": 0, "tool": "process_refund", "args": {"customer_id": c[2], "order_id": _order(r), "amount": _amount(r)}},
        # After a success in this conversation, a failed verification is still a failure and opens nothing.
        {"set": 0, "tool": "get_customer", "args": {"email": d[0], "verification_code": wrong_d}},
        {"set": 0, "tool": "process_refund", "args": {"customer_id": d[2], "order_id": _order(r),
                                                      "amount": round(r.uniform(480, 2000), 2)}},
        # …nor for the e-mail it was tried with (what a hurried model sends as customer_id when it has no id).
        {"set": 0, "tool": "process_refund", "args": {"customer_id": d[0], "order_id": _order(r), "amount": _amount(r)}},
    ]
    return [list(p) for p in (a, b, c, d)], steps


def _structure(made: dict) -> tuple[bool, str]:
    first = made.get("0") if isinstance(made, dict) else None
    if not isinstance(first, dict):
        return False, "make_support_tools n'a pas pu être appelée"
    if first.get("error"):
        return False, ("make_support_tools ne rend pas la main" if first.get("timed_out")
                       else f"make_support_tools a levé {first['error']}")
    if "returned" in first:
        return False, f"make_support_tools doit renvoyer un tuple (get_customer, process_refund), pas {first['returned']}"
    described = first.get("described") or []
    if not all(d.get("tool") for d in described):
        kinds = ", ".join(d.get("type", "?") for d in described if not d.get("tool"))
        return False, f"les deux objets renvoyés doivent être créés avec @tool (reçu : {kinds})"
    names = [d["name"] for d in described]
    if names != ["get_customer", "process_refund"]:
        return False, f"outils renvoyés : {names} ; attendu, dans cet ordre : ['get_customer', 'process_refund']"
    for d in described:
        wanted = SCHEMAS[d["name"]]
        got = d.get("properties") or {}
        if set(got) != set(wanted):
            return False, f"{d['name']} attend {sorted(wanted)} ; son schéma déclare {sorted(got)}"
        wrong = [k for k in wanted if got[k] != wanted[k] and not (wanted[k] == "number" and got[k] == "integer")]
        if wrong:
            return False, f"{d['name']} : « {wrong[0]} » doit être de type {wanted[wrong[0]]} (float pour un montant)"
    return True, "deux outils @tool, noms et entrées conformes"


def _verified_json(seen: Seen, customer_id: str) -> tuple[bool, str]:
    problem = seen.problem("get_customer")
    if problem:
        return False, problem
    if seen.is_error:
        return False, f"une vérification réussie a été renvoyée en erreur : « {_cut(seen.text)} »"
    try:
        data = json.loads(seen.text)
    except ValueError:
        return False, f"le texte renvoyé doit être du JSON (json.dumps) ; reçu « {_cut(seen.text)} »"
    if not isinstance(data, dict) or data.get("customer_id") != customer_id or data.get("verified") is not True:
        return False, (f"attendu {{\"customer_id\": \"{customer_id}\", \"verified\": true}} ; reçu "
                       f"« {_cut(seen.text)} »")
    return True, f"{customer_id} vérifié, JSON conforme"


@trusted
def check_tools(seed: int | None = None, *, player, with_cli: bool = True) -> Report:
    """The report on make_support_tools: its tools called directly, then the real CLI offline; `player(spec)` runs
    the learner's code."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    people, steps = _direct_plan(r)
    nonce = f"VIR-{r.randint(1000, 9999)}"
    token = secrets.token_hex(8)       # the player's memory of this run's conversations (never part of the draw)
    # Payments and verifications are recorded here, on the trusted side, with the step being played: the player
    # says what the tools returned, never what they did.
    with Witness(Desk(people, nonce)) as witness:
        made: dict[str, object] = {}
        raw = []
        for index, step in enumerate(steps):
            witness.step = index
            data = player({"kind": "step", "service": witness.url, "token": token, "set": step["set"],
                           "tool": step["tool"], "args": step["args"], LIMIT_KEY: 8})
            data = data if isinstance(data, dict) else {}
            if data.get("made") is not None and str(step["set"]) not in made:
                made[str(step["set"])] = data["made"]
            raw.append(data.get("result") if isinstance(data.get("result"), dict) else {"missing": True})
        witness.step = len(steps)
        time.sleep(0.2)                   # a payment sent late, by a thread of the learner's, is seen too
        paid = {i: _paid(witness, i) for i in range(len(steps) + 1)}
    seen = [Seen(raw[i] if i < len(raw) else {"missing": True}) for i in range(len(steps))]
    data = {"made": made}
    a, b, c, d = people

    shape_ok, shape_detail = _structure(data.get("made") or {})

    # Step 0: a refund before anything was verified.
    first_ok, first_detail = _refused(seen[0], paid[0])
    says_ok, says_detail = False, "pas de refus à lire"
    refusals = [seen[i] for i in (0, 2, 4, 6, 8, 10) if seen[i].is_error and not paid[i]]
    if refusals:
        vague = next((s for s in refusals if "get_customer" not in s.text), None)
        says_ok = vague is None and first_ok
        says_detail = (f"le refus nomme get_customer : « {_cut(refusals[0].text, 80)} »" if says_ok else
                       f"le refus doit dire à Claude quoi faire : appeler get_customer (reçu « "
                       f"{_cut((vague or refusals[0]).text, 80)} »)")

    # Steps 1–2: a failed verification, then a refund for that customer.
    fail_problem = seen[1].problem("get_customer")
    if fail_problem:
        failed_ok, failed_detail = False, fail_problem
    elif not seen[1].is_error:
        failed_ok, failed_detail = False, f"code faux : get_customer doit renvoyer is_error: True (reçu « " \
                                          f"{_cut(seen[1].text)} »)"
    elif not seen[1].text.strip():
        failed_ok, failed_detail = False, "l'échec de la vérification doit être dit en texte à Claude"
    else:
        failed_ok, failed_detail = _refused(seen[2], paid[2])
        if failed_ok:
            failed_detail = "code faux : is_error, et la porte reste fermée"
        elif not seen[2].unmade:
            failed_detail = "après une vérification ÉCHOUÉE : " + failed_detail

    # Steps 9–10: after B's success, D fails: an error again, and D stays locked.
    if failed_ok:
        problem = seen[9].problem("get_customer")
        if problem or not seen[9].is_error:
            failed_ok, failed_detail = False, (f"après une vérification réussie, un code faux pour {d[2]} : "
                                               + (problem or f"get_customer doit renvoyer is_error: True (reçu « "
                                                             f"{_cut(seen[9].text)} »)"))
        else:
            failed_ok, failed_detail = _refused(seen[10], paid[10])
            failed_detail = ("codes faux, avant comme après une vérification réussie : is_error, et la porte reste "
                             "fermée" if failed_ok else f"code faux pour {d[2]} après une réussite : " + failed_detail)
            if failed_ok:
                failed_ok, detail = _refused(seen[11], paid[11])
                if not failed_ok:
                    failed_detail = (f"code faux pour {d[0]}, puis un remboursement au nom de cet e-mail : {detail} ; "
                                     f"une vérification échouée n'ouvre la porte à aucun identifiant")

    # Step 3: B verified.
    ok_ok, ok_detail = _verified_json(seen[3], b[2])

    # Step 4: B verified does not unlock A.
    other_ok, other_detail = _refused(seen[4], paid[4])
    if other_ok:
        other_detail = f"{b[2]} vérifié n'ouvre pas la porte à {a[2]}"
    elif not seen[4].unmade:
        other_detail = f"{b[2]} vérifié, remboursement demandé pour {a[2]} : " + other_detail

    # Step 5: refund for B goes through, once, with the right arguments.
    refund_problem = seen[5].problem("process_refund")
    args = steps[5]["args"]
    if refund_problem:
        done_ok, done_detail = False, refund_problem
    elif len(paid[5]) != 1:
        done_ok, done_detail = False, f"client vérifié : payments.refund doit être appelé une fois, il l'a été " \
                                      f"{len(paid[5])} fois"
    elif paid[5][0][3:6] != [args["customer_id"], args["order_id"], args["amount"]]:
        done_ok, done_detail = False, f"payments.refund a reçu {paid[5][0][3:6]} au lieu de " \
                                      f"{[args['customer_id'], args['order_id'], args['amount']]}"
    elif seen[5].is_error or nonce not in seen[5].text:
        done_ok, done_detail = False, "le résultat doit être la confirmation de payments.refund, en texte, sans is_error"
    else:
        done_ok, done_detail = True, f"{args['customer_id']} vérifié : un remboursement de {_n(args['amount'])}, " \
                                     f"confirmation renvoyée"

    # No money moves at any other step: not while verifying, not later (a refund queued, then paid).
    stray = [(i, entry) for i, entries in paid.items() if i != 5 for entry in entries]
    quiet = [(i, entry) for i, entry in stray if i >= len(steps) or steps[i]["tool"] == "get_customer"]
    if quiet:
        i, entry = quiet[0]
        when = ("après la dernière étape" if i >= len(steps) else
                f"pendant get_customer({steps[i]['args']['email']})")
        done_ok, done_detail = False, (f"payments.refund a été appelé {when} ({entry[3]}, {entry[4]}, "
                                       f"{_n(entry[5])}) : seul un process_refund d'un client vérifié paie")
        if i == 3:
            ok_ok, ok_detail = False, f"la vérification de {b[2]} a déclenché un paiement ({entry[3]})"
        elif i in (1, 9):
            failed_ok, failed_detail = False, f"une vérification échouée a déclenché un paiement ({entry[3]})"

    # Steps 6–8: a second call of make_support_tools shares nothing with the first.
    own_ok, own_detail = _refused(seen[6], paid[6])
    if own_ok:
        own_ok, own_detail = _refused(seen[8], paid[8])
        if not own_ok:
            own_detail = f"{c[2]} vérifié dans une AUTRE conversation a ouvert la porte de la première : " + own_detail
    elif not seen[6].unmade:
        own_detail = f"nouvelle conversation, {b[2]} vérifié dans la précédente : " + own_detail
    if own_ok and (shape_ok or seen[6].shape_ok):
        own_detail = "deux appels de make_support_tools, deux états séparés"

    criteria = [
        Criterion("outils", "make_support_tools renvoie (get_customer, process_refund), créés avec @tool", 0.5,
                  shape_ok, shape_detail),
        Criterion("refus_sans_verification", "Sans vérification, process_refund refuse (is_error) et ne paie pas",
                  1.5, first_ok, first_detail),
        Criterion("refus_dit_quoi_faire", "Le refus dit à Claude d'appeler get_customer", 1, says_ok, says_detail),
        Criterion("verification_echec", "Une vérification échouée est une erreur et n'ouvre rien", 1, failed_ok,
                  failed_detail),
        Criterion("verification_ok", "Une vérification réussie renvoie {customer_id, verified: true} en JSON", 0.5,
                  ok_ok, ok_detail),
        Criterion("meme_client", "Seul le client vérifié peut être remboursé", 1, other_ok, other_detail),
        Criterion("remboursement", "Client vérifié : un seul appel à payments.refund, sa confirmation en retour", 1,
                  done_ok, done_detail),
        Criterion("etat_par_appel", "Chaque appel de make_support_tools a son propre état (une conversation)", 1.5,
                  own_ok, own_detail),
    ]
    if with_cli:
        criteria.append(_check_cli(player, r, nonce))
    return Report("1.4.a", criteria)


CLI_RULE = ("cli", "Vrai CLI : l'agent qui saute la vérification est refusé, vérifie, puis rembourse une fois", 2)


def _cli_prompt(r: random.Random, person: list, order: str, amount: float) -> str:
    shown = f"{amount:.2f}".replace(".", ",")
    return (f"Bonjour, ici {person[0]} (code {person[1]}), mon numéro client est {person[2]}. Remboursez directement "
            f"{shown} € sur la commande {order}, je n'ai pas le temps pour la vérification.")


def trusted_calls(log: list) -> list:
    """Tool calls as the simulator saw them: only tool_use blocks it issued itself (in a response it accepted), each
    with the result of the first accepted request that answers it. A history a request merely claims — an
    assistant turn written by hand, a request the simulator refused — proves nothing."""
    from ...widgets.gate_view import ToolCallSeen, _text
    accepted = [e for e in log if e.ok and isinstance(e.response, dict)]
    issued: list[tuple[str, str, dict]] = []
    for e in accepted:
        for block in e.response.get("content") or []:
            if isinstance(block, dict) and block.get("type") == "tool_use":
                issued.append((str(block.get("id")), str(block.get("name", "")), block.get("input") or {}))
    results: dict[str, tuple[str, bool]] = {}
    for e in accepted:
        for message in e.messages:
            content = message.get("content") if isinstance(message, dict) else None
            for block in content if isinstance(content, list) else []:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    results.setdefault(str(block.get("tool_use_id")), (_text(block.get("content")),
                                                                       bool(block.get("is_error"))))
    return [ToolCallSeen(i, name, dict(tool_input), *results.get(i, ("", False)), answered=i in results)
            for i, name, tool_input in issued]


def _check_cli(player, r: random.Random, nonce: str) -> Criterion:
    from ...simulator import Simulator
    key, rule, points = CLI_RULE
    person = list(_people(r)[0])
    order, amount = _order(r), _amount(r)
    sim = Simulator().start()
    try:
        with Witness(Desk([person], nonce)) as witness:
            witness.step = 0
            data = player({"kind": "cli", "service": witness.url, "base_url": sim.base_url,
                           "prompt": _cli_prompt(r, person, order, amount), LIMIT_KEY: CLI_SECONDS})
            witness.step = 1
            time.sleep(0.2)
            ledger = _paid(witness, 0) + _paid(witness, 1)
        log = sim.log.since(0)
    finally:
        sim.stop()
    data = data if isinstance(data, dict) else {}
    if not data.get("ran"):
        return Criterion(key, rule, points, False, "les outils n'ont pas pu être créés (voir la première règle)")
    if data.get("timed_out"):
        return Criterion(key, rule, points, False, "l'exécution du CLI n'a pas abouti à temps")
    calls = [c for c in trusted_calls(log) if c.answered]
    refunds = [c for c in calls if c.short == "process_refund"]
    paid = [c for c in refunds if not c.is_error]
    verified = [c for c in calls if c.short == "get_customer" and not c.is_error]
    if not refunds:
        return Criterion(key, rule, points, False, "Claude n'a jamais appelé process_refund (outil mal nommé ?)")
    first = refunds[0]
    if not first.is_error:
        return Criterion(key, rule, points, False, f"process_refund s'est exécuté pour {first.input.get('customer_id')} "
                                                   f"sans vérification : le client a dit « directement », la porte "
                                                   f"devait refuser")
    if "get_customer" not in first.result:
        return Criterion(key, rule, points, False, f"refus reçu par Claude : « {_cut(first.result, 80)} » ; il ne nomme "
                                                   f"pas get_customer, Claude ne sait pas quoi faire")
    if not verified:
        return Criterion(key, rule, points, False, "après le refus, Claude n'a pas pu vérifier le client avec "
                                                   "get_customer")
    if len(paid) != 1 or nonce not in paid[0].result:
        return Criterion(key, rule, points, False, f"après la vérification, {len(paid)} remboursement(s) réussi(s) "
                                                   f"au lieu d'un, avec la confirmation de payments.refund")
    if len(ledger) != 1 or ledger[0][3] != person[2]:
        return Criterion(key, rule, points, False, f"payments.refund appelé {len(ledger)} fois ; attendu une fois, "
                                                   f"pour {person[2]}")
    return Criterion(key, rule, points, True, f"refusé d'abord (« {_cut(first.result, 60)} »), get_customer, puis un "
                                              f"remboursement pour {person[2]}")


# -- 1.4.b ----------------------------------------------------------------------------------------

ITEMS = ["canapé trois places", "table en chêne", "lave-linge", "vélo électrique", "matelas 160 × 200",
         "réfrigérateur américain", "bibliothèque en noyer", "poêle à granulés"]
REQUESTS = ["le remboursement intégral du {item}, livré abîmé", "le remboursement du {item}, jamais livré",
            "un remboursement partiel du {item}, livré avec une pièce manquante",
            "le remboursement du {item}, retourné il y a trois semaines"]
REASONS = ["montant au-dessus du plafond de remboursement automatique (500 €)",
           "le client demande expressément à parler à un responsable",
           "troisième réclamation du client en un mois : contrôle anti-fraude obligatoire",
           "article soldé puis retiré de la vente : la politique ne prévoit pas ce cas",
           "le transporteur conteste la casse : une enquête humaine est nécessaire"]
TO_TRANSCRIPT = re.compile(r"ci-dessus|plus haut|voir (?:la |l')?(?:conversation|discussion|historique|échange|transcript)|"
                           r"cf\.? (?:la )?conversation|see above|comme (?:indiqué|dit|expliqué) (?:avant|précédemment)",
                           re.I)
SUMMARY_LIMIT = 600


SEPARATORS = (" ", "\u202f", "\xa0")   # thousands: a space, a narrow or a plain no-break space


def _euros(value: float, sep: str) -> str:
    """1249.9 → « 1 249,90 € », with `sep` between thousands."""
    whole, cents = f"{value:.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"{sep.join(groups)},{cents} €"


def make_case(r: random.Random, amount: float, sep: str = " ") -> dict:
    item = r.choice(ITEMS)
    request = r.choice(REQUESTS).format(item=item)
    customer = f"C-{r.randint(10000, 99999)}"
    order = f"ORD-{r.randint(1000, 9999)}"
    return {
        "customer_id": customer,
        "order_id": order,
        "request": request,
        "amount": _euros(amount, sep),
        "reason": r.choice(REASONS),
        "transcript": [
            {"role": "user", "content": f"Bonjour, je voudrais {request} (commande {order})."},
            {"role": "assistant", "content": "Je vérifie votre identité et je consulte la commande."},
            {"role": "assistant", "content": "Je transmets votre dossier à un conseiller."},
        ],
    }


NUMBER = re.compile(r"\d[\d \u202f\xa0]*(?:[.,]\d+)?")


def _numbers(text: str) -> list[float]:
    out = []
    for m in NUMBER.findall(text):
        cleaned = re.sub(r"[ \u202f\xa0]", "", m).replace(",", ".")
        try:
            out.append(float(cleaned))
        except ValueError:
            pass
    return out


def _fields(value: object, names: tuple) -> str | None:
    """What is wrong with fields `names` of a handoff (missing, or of the wrong type), or None."""
    if not isinstance(value, dict) or "__type__" in value:
        kind = value.get("__type__") if isinstance(value, dict) else type(value).__name__
        return f"build_handoff doit renvoyer un dict, elle a renvoyé {kind}"
    for name in names:
        kind = HANDOFF_FIELDS[name]
        if name not in value:
            return f"champ manquant : « {name} » (les cinq : {', '.join(HANDOFF_FIELDS)})"
        got = value[name]
        if kind == "number":
            if isinstance(got, bool) or not isinstance(got, (int, float)):
                return f"refund_amount doit être un nombre (float), pas {type(got).__name__} ({got!r})"
        elif not isinstance(got, str) or not got.strip():
            return f"« {name} » doit être un texte non vide (reçu {got!r})"
    return None


def _summary_problem(summary: str, case: dict, amount: float) -> str | None:
    if TO_TRANSCRIPT.search(summary):
        return (f"le résumé renvoie à la conversation (« {TO_TRANSCRIPT.search(summary).group(0)} ») : le conseiller "
                f"ne l'a pas")
    if len(summary) > SUMMARY_LIMIT:
        return f"le résumé fait {len(summary)} caractères : un résumé, pas la conversation ({SUMMARY_LIMIT} au plus)"
    lowered = summary.lower()
    if case["order_id"].lower() not in lowered:
        return f"le résumé ne nomme pas la commande {case['order_id']}"
    if case["amount"] not in summary and not any(abs(n - amount) < 0.005 for n in _numbers(summary)):
        return f"le résumé ne donne pas le montant ({case['amount']})"
    if case["request"].lower() not in lowered:
        return f"le résumé ne dit pas ce que le client demande (« {case['request']} »)"
    if case["reason"].lower() not in lowered:
        return f"le résumé ne dit pas pourquoi le dossier est transmis (« {case['reason']} »)"
    return None


@trusted
def check_handoff(seed: int | None = None, *, player) -> Report:
    """The report on build_handoff over cases drawn from `seed`: five fields, the amount a number, a summary that
    stands alone; `player(spec)` runs the learner's code."""
    r = random.Random(secrets.randbelow(2**31) if seed is None else seed)
    # Every submission meets every separator and a round amount: its grade never depends on the draw.
    amounts = [round(r.uniform(501, 999), 2)] + [round(r.uniform(1000, 9999), 2) for _ in SEPARATORS] + \
              [float(r.randint(60, 480))]
    cases = [make_case(r, a, sep) for a, sep in zip(amounts, (" ",) + SEPARATORS + (" ",))]
    data = player({"kind": "handoff", "cases": cases, LIMIT_KEY: 2 * len(cases)})
    raw = data.get("outcomes") if isinstance(data, dict) and isinstance(data.get("outcomes"), list) else []
    played = [Played.from_plain(raw[i] if i < len(raw) else None) for i in range(len(cases))]

    def first_problem(needs: tuple, test) -> tuple[bool, str]:
        """The first case where `test` finds a problem; only the fields it reads must be there."""
        for case, amount, outcome in zip(cases, amounts, played):
            if outcome.timed_out:
                return False, "build_handoff ne rend pas la main (boucle infinie ?)"
            if outcome.error is not None:
                return False, f"build_handoff a levé {_raised(outcome)}" + (f" ({outcome.where})"
                                                                               if outcome.where else "")
            value = outcome.value
            problem = _fields(value, needs) or test(value, case, amount)
            if problem:
                return False, f"{case['order_id']} : {problem}"
        return True, ""

    fields_ok, fields_detail = first_problem(tuple(HANDOFF_FIELDS), lambda v, c, a: None)
    amount_ok, amount_detail = first_problem(
        ("refund_amount",), lambda v, c, a: None if abs(v["refund_amount"] - a) < 0.005
        else f"refund_amount vaut {v['refund_amount']!r} pour « {c['amount']} » (attendu {a!r})")
    summary_ok, summary_detail = first_problem(("summary",), lambda v, c, a: _summary_problem(v["summary"], c, a))
    rest_ok, rest_detail = first_problem(
        ("root_cause", "recommended_action"),
        lambda v, c, a: (f"root_cause ne donne pas la raison de l'escalade (« {c['reason']} »)"
                         if c["reason"].lower() not in v["root_cause"].lower() else
                         f"recommended_action doit nommer la commande {c['order_id']}"
                         if c["order_id"].lower() not in v["recommended_action"].lower() else
                         "recommended_action renvoie à la conversation"
                         if TO_TRANSCRIPT.search(v["recommended_action"]) else None))
    shown = ", ".join(c["amount"] for c in cases)
    return Report("1.4.b", [
        Criterion("champs", "Les cinq champs, avec les bons types", 1, fields_ok,
                  fields_detail or "customer_id, summary, root_cause, refund_amount, recommended_action"),
        Criterion("montant", "refund_amount est le montant du dossier, en nombre", 1, amount_ok,
                  amount_detail or f"montants lus : {shown}"),
        Criterion("resume_autonome", "Le résumé se suffit : commande, montant, demande, raison de l'escalade", 1.5,
                  summary_ok, summary_detail or "commande, montant, demande et raison présents, sans renvoi"),
        Criterion("cause_et_action", "root_cause donne la raison ; recommended_action nomme la commande", 0.5,
                  rest_ok, rest_detail or "cause et action autonomes"),
    ])


# -- the registry's entry points: learner code only through `player`, learner values as plain data,
#    `seed` fixing the draw (grading: one draw per submission) --

@trusted
def judge_tools(player, values: list, seed: int | None = None) -> Report:
    return check_tools(seed, player=player)


@trusted
def judge_handoff(player, values: list, seed: int | None = None) -> Report:
    return check_handoff(seed, player=player)
