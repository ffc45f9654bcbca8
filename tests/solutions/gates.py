"""Notebook 1.4, written out whole as learners would: correct gates and handoffs, and the classic wrong ones.

Each wrong `make_support_tools` / `build_handoff` is a complete function with one mistake, named after it;
MISTAKES maps each name to the rules of the check it must break.
"""
from __future__ import annotations

import json
import re

from claude_agent_sdk import tool


def text(message):
    return {"content": [{"type": "text", "text": message}]}


def refusal(message):
    return {"content": [{"type": "text", "text": message}], "is_error": True}


REFUSED = "Refusé : ce client n'est pas vérifié. Appelez d'abord get_customer avec son e-mail et son code."
FAILED = "Vérification échouée : l'e-mail ou le code ne correspond pas. Redemandez-les au client."


# -- correct variants -----------------------------------------------------------------------------

def make_support_tools(crm, payments):
    """The reference: a closure over this conversation's set of verified customers."""
    verified = set()

    @tool("get_customer", "Vérifie l'identité du client (e-mail et code reçu).",
          {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        verified.add(customer_id)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse une commande d'un client vérifié par get_customer.",
          {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if args["customer_id"] not in verified:
            return refusal(REFUSED)
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


class SupportDesk:
    """A small class: one instance per conversation, the verified customer as an attribute."""

    def __init__(self, crm, payments):
        self.crm = crm
        self.payments = payments
        self.verified_id = None

    async def get_customer(self, args):
        customer_id = self.crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        self.verified_id = customer_id
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    async def process_refund(self, args):
        if self.verified_id is None or args["customer_id"] != self.verified_id:
            return refusal("Remboursement impossible : vérifiez d'abord ce client avec get_customer.")
        return text(self.payments.refund(args["customer_id"], args["order_id"], args["amount"]))


def make_support_tools_class(crm, payments):
    desk = SupportDesk(crm, payments)
    schema = {"type": "object", "properties": {"customer_id": {"type": "string"}, "order_id": {"type": "string"},
                                               "amount": {"type": "number"}},
              "required": ["customer_id", "order_id", "amount"]}
    return (tool("get_customer", "Vérifie un client.", {"email": str, "verification_code": str})(desk.get_customer),
            tool("process_refund", "Rembourse un client vérifié.", schema)(desk.process_refund))


def make_support_tools_dict_state(crm, payments):
    """A dict as the conversation's state, the refusal worded differently."""
    state = {"verified": []}

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        found = crm.verify(args["email"].strip(), args["verification_code"].strip())
        if not found:
            return {"content": [{"type": "text", "text": "Échec de la vérification : code invalide."}],
                    "is_error": True}
        state["verified"].append(found)
        return {"content": [{"type": "text", "text": json.dumps({"customer_id": found, "verified": True})}]}

    @tool("process_refund", "Rembourse une commande.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if args["customer_id"] in state["verified"]:
            confirmation = payments.refund(args["customer_id"], args["order_id"], args["amount"])
            return {"content": [{"type": "text", "text": confirmation}]}
        return {"content": [{"type": "text", "text": f"Client {args['customer_id']} non vérifié dans cette "
                                                       f"conversation : appelez get_customer, puis réessayez."}],
                "is_error": True}

    return get_customer, process_refund


CORRECT = ["make_support_tools", "make_support_tools_class", "make_support_tools_dict_state"]


# -- wrong ones -----------------------------------------------------------------------------------

def no_gate(crm, payments):
    """The rule lives in the description only (« prompt only »): nothing refuses."""
    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "IMPORTANT : n'appelez cet outil qu'APRÈS get_customer.",
          {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


VERIFIED_EVERYWHERE = set()   # one set for every conversation of the process


def shared_state(crm, payments):
    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        VERIFIED_EVERYWHERE.add(customer_id)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if args["customer_id"] not in VERIFIED_EVERYWHERE:
            return refusal(REFUSED)
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


def any_verified_customer(crm, payments):
    state = {"verified": False}

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        state["verified"] = True
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if not state["verified"]:                  # someone was verified… but who?
            return refusal(REFUSED)
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


def failed_verification_unlocks(crm, payments):
    state = {"checked": False, "customer_id": None}

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        state["checked"] = True                    # set before knowing the answer
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        state["customer_id"] = customer_id
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if not state["checked"]:
            return refusal(REFUSED)
        if state["customer_id"] not in (None, args["customer_id"]):
            return refusal(REFUSED)
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


def refusal_without_is_error(crm, payments):
    verified = set()

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        verified.add(customer_id)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if args["customer_id"] not in verified:
            return text(REFUSED)                   # reads like a success to the model
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


def refusal_says_nothing(crm, payments):
    verified = set()

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        verified.add(customer_id)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if args["customer_id"] not in verified:
            return refusal("Opération non autorisée.")
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


def refund_before_check(crm, payments):
    verified = set()

    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        verified.add(customer_id)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        confirmation = payments.refund(args["customer_id"], args["order_id"], args["amount"])
        if args["customer_id"] not in verified:   # too late: the money has left
            return refusal(REFUSED)
        return text(confirmation)

    return get_customer, process_refund


def checks_id_format(crm, payments):
    @tool("get_customer", "Vérifie l'identité du client.", {"email": str, "verification_code": str})
    async def get_customer(args):
        customer_id = crm.verify(args["email"], args["verification_code"])
        if customer_id is None:
            return refusal(FAILED)
        return text(json.dumps({"customer_id": customer_id, "verified": True}))

    @tool("process_refund", "Rembourse un client vérifié.", {"customer_id": str, "order_id": str, "amount": float})
    async def process_refund(args):
        if not re.fullmatch(r"C-\d+", args["customer_id"]):   # a well-formed id is not a verified one
            return refusal(REFUSED)
        return text(payments.refund(args["customer_id"], args["order_id"], args["amount"]))

    return get_customer, process_refund


TOOL_MISTAKES = {
    "no_gate": {"refus_sans_verification", "meme_client", "etat_par_appel", "cli"},
    "shared_state": {"etat_par_appel"},
    "any_verified_customer": {"meme_client"},
    "failed_verification_unlocks": {"verification_echec"},
    "refusal_without_is_error": {"refus_sans_verification", "cli"},
    "refusal_says_nothing": {"refus_dit_quoi_faire", "cli"},
    "refund_before_check": {"refus_sans_verification", "cli"},
    "checks_id_format": {"refus_sans_verification", "cli"},
}


# -- 1.4.b: handoffs ------------------------------------------------------------------------------

def euros(text):
    """« 1 249,90 € » → 1249.9"""
    digits = "".join(ch for ch in text if ch.isdigit() or ch == ",")
    return float(digits.replace(",", "."))


def build_handoff(case):
    amount = euros(case["amount"])
    return {
        "customer_id": case["customer_id"],
        "summary": (f"Le client {case['customer_id']} demande {case['request']} (commande {case['order_id']}, "
                    f"{amount:.2f} €). Dossier transmis : {case['reason']}."),
        "root_cause": case["reason"],
        "refund_amount": amount,
        "recommended_action": f"Décider du remboursement de {amount:.2f} € pour la commande {case['order_id']}, "
                              f"puis prévenir le client.",
    }


def build_handoff_dataclass(case):
    """Variant: a dataclass turned into a dict; the amount parsed with a regular expression."""
    from dataclasses import asdict, dataclass

    @dataclass
    class Handoff:
        customer_id: str
        summary: str
        root_cause: str
        refund_amount: float
        recommended_action: str

    number = re.sub(r"[^\d,]", "", case["amount"]).replace(",", ".")
    amount = float(number)
    shown = case["amount"]
    return asdict(Handoff(
        customer_id=case["customer_id"],
        summary=f"Commande {case['order_id']} : le client demande {case['request']}, soit {shown}. "
                f"Escaladé car {case['reason']}.",
        root_cause=case["reason"],
        refund_amount=amount,
        recommended_action=f"Examiner la commande {case['order_id']} et valider ou refuser le remboursement.",
    ))


HANDOFF_CORRECT = ["build_handoff", "build_handoff_dataclass"]


def missing_field(case):
    amount = euros(case["amount"])
    return {
        "customer_id": case["customer_id"],
        "summary": f"Le client demande {case['request']} (commande {case['order_id']}, {amount} €) : "
                   f"{case['reason']}.",
        "root_cause": case["reason"],
        "refund_amount": amount,
    }


def amount_as_text(case):
    return {
        "customer_id": case["customer_id"],
        "summary": f"Le client demande {case['request']} (commande {case['order_id']}, {case['amount']}) : "
                   f"{case['reason']}.",
        "root_cause": case["reason"],
        "refund_amount": case["amount"],
        "recommended_action": f"Traiter le remboursement de la commande {case['order_id']}.",
    }


def summary_points_to_transcript(case):
    return {
        "customer_id": case["customer_id"],
        "summary": "Voir la conversation ci-dessus : le client n'est pas satisfait.",
        "root_cause": case["reason"],
        "refund_amount": euros(case["amount"]),
        "recommended_action": f"Reprendre la commande {case['order_id']} avec le client.",
    }


HANDOFF_MISTAKES = {
    "missing_field": {"champs", "cause_et_action"},
    "amount_as_text": {"champs", "montant"},
    "summary_points_to_transcript": {"resume_autonome"},
}
