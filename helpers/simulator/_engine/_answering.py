"""What the model writes: the short text before its calls, the answer built from the results it
actually received (never an invented value), its questions when a value is missing, its refusals.

Answers read like a model's, not like a dump of the tool's JSON: « 17 + 25 = 42. », « Utilisateur 42 :
Ada Lovelace, formule pro. », « 250 EUR = 367,5 CAD. », « Il fait 8 °C à Lille (couvert). ». Every value
comes from a result; fields that only repeat the request are left out; a result that reports an error
in its data (`{"error": …}`, `"status": "error"`) is a failure, said as such.

French and English; `finish` then applies what the system prompt asked (language, JSON, brevity).
"""
from __future__ import annotations

import json

from . import _arith, _lexicon as lex
from .recognisers.instructions import Instructions
from .recognisers.text import is_clock, unit_letter

TEMPERATURE = frozenset("temp temperature température temperature_c temp_c degres degrés celsius".split())
CONDITION = frozenset("condition conditions description weather meteo météo ciel sky summary etat état".split())
ECHO = frozenset({"query", "q", "expression", "expr", "input", "requete", "requête", "question", "location", "city",
                  "ville", "text", "texte"})
NAME_KEYS = ("name", "nom", "full_name", "fullname", "title", "titre", "label", "libelle", "libellé")
TRANSLATION_KEYS = ("translation", "traduction", "translated_text", "translated", "texte_traduit")
DEFINITION_KEYS = ("definition", "définition", "meaning", "sens")
ERROR_KEYS = ("error", "erreur", "errors", "error_message", "message_erreur", "err")
FAILED_STATUS = frozenset({"error", "erreur", "failed", "failure", "fail", "echec", "ko", "ko!"})
REASON_KEYS = ("message", "detail", "details", "reason", "raison", "description", "msg")
MONEY_KEYS = ("price", "prix", "amount", "montant", "total", "value", "valeur", "result", "resultat", "résultat",
              "converted", "montant_converti", "converted_amount", "cost", "cout", "coût", "balance", "solde", "last",
              "last_price", "close", "open_price")
REPEATS = frozenset({"query", "q", "expression", "expr", "input", "requete", "requête", "question"})
RESULT_KEYS = ("result", "resultat", "résultat", "value", "valeur", "total", "sum", "somme", "product", "produit",
               "difference", "différence", "quotient", "answer", "converted", "converted_amount", "montant_converti",
               "amount", "montant")
RAW_NUMBER_KEYS = frozenset("id code zip postal cp year annee année number numero numéro no ref port phone tel".split())
LABELS_FR = {"price": "prix", "status": "statut", "amount": "montant", "result": "résultat", "value": "valeur",
             "priority": "priorité", "currency": "devise", "quantity": "quantité", "time": "heure", "summary": "résumé",
             "name": "nom", "plan": "formule", "total": "total", "count": "nombre", "city": "ville", "country": "pays",
             "unit": "unité", "subscribed": "inscrit", "sent": "envoyé", "created": "créé", "email": "e-mail",
             "balance": "solde", "stock": "stock", "available": "disponible", "title": "titre", "date": "date",
             "confirmation": "confirmation", "days": "jours", "rate": "taux", "distance": "distance",
             "duration": "durée", "size": "taille", "cart size": "articles au panier", "population": "population",
             "temperature": "température", "humidity": "humidité", "wind": "vent", "message": "message",
             "customer id": "identifiant client", "user id": "identifiant utilisateur",
             "cost": "coût", "fee": "frais", "fees": "frais", "weight": "poids", "delay": "retard", "tax": "taxe",
             "room": "salle", "start": "début", "end": "fin", "booking id": "numéro de réservation",
             "order id": "numéro de commande", "recipient": "destinataire", "subject": "objet", "to": "à"}
# Short words that are not acronyms (labels of LABELS_FR are not either: tax, fee…).
WORDS_NOT_ACRONYMS = frozenset({"age", "day", "max", "min", "low", "high", "net", "new", "old", "top", "end", "due",
                                "way", "key", "tag"})
NOUNS_FR = {"balance": "solde", "user": "utilisateur", "users": "utilisateurs", "order": "commande", "invoice": "facture",
            "ticket": "ticket", "customer": "client", "account": "compte", "product": "produit", "employee": "employé",
            "booking": "réservation", "reservation": "réservation", "item": "article", "book": "livre",
            "package": "colis", "parcel": "colis", "payment": "paiement", "flight": "vol", "member": "membre",
            "train": "train", "loan": "emprunt"}
VERBS = frozenset(lex.fold(w) for w in """
get fetch lookup look check find search list show read retrieve load query obtain recupere recuperer obtenir
consulte consulter cherche chercher trouve trouver lis lire affiche afficher voir info infos details detail status
by for of
""".split())


def short(name: str) -> str:
    return name.rsplit("__", 1)[-1]


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" et " if lang == "fr" else " and ") + items[-1]


def _number(value: float, lang: str, raw: bool = False) -> str:
    """A number as a French or English reader expects it: 367,5 / 66 700 000 / 66,700,000; `raw` keeps the
    digits as sent (ids, codes, years)."""
    if raw:
        return _arith.fmt(value)
    if float(value).is_integer():
        n = int(value)
        if abs(n) < 10000:
            return str(n)
        return f"{n:,}".replace(",", "\u202f") if lang == "fr" else f"{n:,}"
    text = _arith.fmt(value)
    return text.replace(".", ",") if lang == "fr" else text


def _value(value: object, lang: str, key: str = "") -> str:
    if isinstance(value, bool):
        return ("oui" if value else "non") if lang == "fr" else ("yes" if value else "no")
    if isinstance(value, (int, float)):
        return _number(value, lang, raw=not RAW_NUMBER_KEYS.isdisjoint(key.lower().split("_")))
    if value is None:
        return "—"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return ", ".join(_value(v, lang) for v in value[:8])
        return (" ; " if lang == "fr" else "; ").join(_item(v, lang) for v in value[:8])   # records, not JSON
    if isinstance(value, dict):
        return ", ".join(_pair(k, v, lang) for k, v in list(value.items())[:6])
    return str(value).strip()


UNITS = frozenset("eur usd gbp chf jpy cad aud cny km kg cm mm ms pct percent pourcent min minutes ml cl mg g".split())
UNIT_SHOWN = {"pct": "%", "percent": "%", "pourcent": "%", "minutes": "min", **{u: u for u in ("km", "kg", "cm", "mm", "ms", "min", "ml",
                                                                            "cl", "mg", "g")}}


def _unit(key: object, value: object) -> tuple[str, str]:
    """The key without the unit it carries, and that unit as a reader writes it: ("cost", " EUR") for cost_eur,
    ("rate", " %") for rate_pct; the key itself and "" when it carries none (or the value is no number)."""
    base, _, code = str(key).rpartition("_")
    code = code.lower()
    if not isinstance(value, (int, float)) or isinstance(value, bool) or code not in UNITS or \
            not any("a" <= c <= "z" or "A" <= c <= "Z" for c in base) or "\n" in base:
        return str(key), ""
    return base, " " + UNIT_SHOWN.get(code, code.upper())          # currencies as ISO codes


def _pair(key: object, value: object, lang: str) -> str:
    """« label valeur », with a unit the key carries moved after the value: cost_eur 18.9 → « coût 18,9 EUR »,
    distance_km 12 → « distance 12 km », rate_pct 4.5 → « taux 4,5 % »."""
    base, shown = _unit(key, value)
    if lang == "en" and shown == " %":
        shown = "%"                             # "change -1.2%"; « variation -1,2 % » in French
    label = _label(base, lang)
    if label.lower() in COUNTED and isinstance(value, (int, float)) and not isinstance(value, bool) and not shown:
        return f"{_value(value, lang, base)} {label}"     # "35 minutes", « 4 portions », not "minutes 35"
    return f"{label} {_value(value, lang, base)}{shown}"


def _label(key: object, lang: str) -> str:
    words = " ".join(lex.words(str(key))) or str(key)
    if len(words) <= 3 and words.isalpha() and words not in WORDS_NOT_ACRONYMS and words not in LABELS_FR:
        return words.upper()                    # aqi → AQI, usd → USD
    return LABELS_FR.get(words, words) if lang == "fr" else words


def failure_in(data: object) -> str | None:
    """The error a result reports in its own data, without is_error: {"error": "service down"},
    {"status": "error", "message": "city not found"}, {"success": false, …}. None when it reports none."""
    if not isinstance(data, dict):
        return None
    for key, value in data.items():
        if str(key).lower() in ERROR_KEYS and value not in (None, False, "", [], {}):
            if isinstance(value, dict):
                inner = next((value[k] for k in REASON_KEYS if value.get(k)), None)
                return str(inner) if inner else json.dumps(value, ensure_ascii=False)
            return _value(value, "en") if not isinstance(value, str) else value
    status = data.get("status", data.get("statut"))
    if (isinstance(status, str) and lex.fold(status) in FAILED_STATUS) or data.get("success") is False \
            or data.get("ok") is False:
        reason = next((data[k] for k in REASON_KEYS if data.get(k)), None)
        return str(reason) if reason else str(status or "échec")
    return None


def _varying(inputs: list[dict]) -> str | None:
    """The input field that tells several calls apart (warehouse in three calls for one sku), when one does."""
    if len(inputs) < 2:
        return None
    keys = [k for k in inputs[0] if all(k in i for i in inputs)]
    return next((k for k in keys if len({json.dumps(i[k], sort_keys=True) for i in inputs}) > 1), None)


OPERATION_CONCEPTS = frozenset({"calc", "sum", "product", "difference", "quotient"})
# A tool whose name opens with one of these looks something up (get_weather); a calculator or print_entities does not.
LOOKUP_VERBS = frozenset({"get", "fetch", "lookup", "look", "find", "retrieve", "read", "query", "show", "list", "search"})
CHECK_VERBS = frozenset({"check", "verify", "validate", "track"})
# A tool's name that opens with one of these says what it does: "Let me book the room", "Let me print the summary".
KNOWN_VERBS = VERBS | CHECK_VERBS | lex.WRITE_VERBS | lex.REQUEST_VERBS | {"print", "save", "record", "log", "extract",
                                                                          "store"}
# What the model says it does, in French, by the verb a tool's name opens with; a write not listed is « Je m'en occupe ».
FRENCH_LEADS = {"calculate": "Je calcule", "compute": "Je calcule", "convert": "Je fais la conversion",
                "translate": "Je traduis", "send": "J'envoie le message", "book": "Je réserve", "reserve": "Je réserve",
                "set": "Je fais le réglage", "cancel": "J'annule", "update": "Je fais la mise à jour"}


def intro(calls: list[tuple[str, dict]], lang: str) -> str:
    """The short sentence real models often write before their calls, in words, never a tool's name: "Let me look
    up the stock price for NVDA and AAPL.", "Let me verify the code.", "Let me check the weather and the news.",
    « Je vérifie pour Paris et Tokyo. »."""
    names = list(dict.fromkeys(short(n) for n, _ in calls))
    varying = _varying([inp for _, inp in calls])
    subjects = [str(v).rstrip(" .") for _, inp in calls for v in ([inp[varying]] if varying in inp else
                                                                 list(inp.values())[:1])
                if isinstance(v, (str, int, float))]
    about = _join(list(dict.fromkeys(subjects)), lang) if len(calls) > 1 and len(names) == 1 and subjects else ""
    verbs = [(lex.words(n) or [""])[0] for n in names]
    counting = all(lex.concepts(lex.words(n)) & OPERATION_CONCEPTS for n in names)
    if lang == "en":
        nouns = [_noun(n, "en") for n in names]
        objects = list(dict.fromkeys(" ".join(lex.words(n)[1:]) for n in names))
        things = _join([f"the {' '.join(lex.words(n))}" for n in names], lang)
        if all(v in LOOKUP_VERBS for v in verbs) and all(nouns):
            lead = f"Let me look up the {_join(list(dict.fromkeys(nouns)), lang)}"
        elif len(set(verbs)) == 1 and all(objects) and verbs[0] in KNOWN_VERBS:
            lead = f"Let me {verbs[0]} the {_join(objects, lang)}"
        elif counting:
            return "Let me calculate that."
        elif not any(v in KNOWN_VERBS for v in verbs):
            lead = f"Let me check {things}"                 # weather, news: "Let me check the weather."
        else:
            return "Let me check" + (f" for {about}." if about else " that.")
        return lead + (f" for {about}." if about else ".")
    if counting:
        return "Je calcule."
    if all(v in LOOKUP_VERBS | CHECK_VERBS for v in verbs) or not any(
            v in VERBS | lex.WRITE_VERBS | set(FRENCH_LEADS) for v in verbs):
        return "Je vérifie" + (f" pour {about}." if about else ".")
    lead = FRENCH_LEADS.get(verbs[0]) if len(set(verbs)) == 1 else None
    return (lead or "Je m'en occupe") + (f" pour {about}." if about else ".")


# -- one result in words ------------------------------------------------------------------------------------------

def _noun(name: str, lang: str) -> str | None:
    """What a tool is about, from its name: get_user → "user" (« utilisateur »); None in French when the
    lexicon has no French word for it (an English noun would read badly in a French sentence)."""
    words = [w for w in lex.words(short(name)) if w not in VERBS and not w.isdigit()]
    if not words:
        return None
    noun = " ".join(words)
    return NOUNS_FR.get(noun) if lang == "fr" else noun


def _subject(name: str, tool_input: dict, lang: str) -> str | None:
    """Who or what the call was about, as a reader names it: « Lille », "AAPL", « Utilisateur 42 »."""
    for key, value in tool_input.items():
        if isinstance(value, bool):
            continue
        owner, _, last = lex.fold(key).rpartition("_")
        if last in ("id", "number", "numero", "no", "num") and isinstance(value, (int, str)):
            # The parameter's own noun first (account_id → « compte »), else the tool's (get_user → user).
            noun = (_noun(owner, lang) if owner else None) or _noun(name, lang)
            shown = _value(value, lang, "id")
            return f"{noun[0].upper()}{noun[1:]} {shown}" if noun else shown
        if isinstance(value, str) and 0 < len(value) <= 40:
            return value
    return None


COUNTED = frozenset("""minutes hours days seconds weeks months years nights calories kcal servings portions people
persons guests pages steps points km miles kg grams heures jours semaines mois ans nuits personnes invités""".split())
BODY_KEYS = frozenset({"body", "message", "content", "text", "corps", "contenu", "texte", "html", "markdown"})
DONE_FLAGS = ("ok", "success", "done", "subscribed", "sent", "created", "booked", "added", "deleted", "updated",
              "saved", "cancelled", "canceled", "confirmed", "inscrit", "envoye", "cree", "reserve", "ajoute",
              "supprime", "annule", "confirme")


def _done(name: str, tool_input: dict, data: dict, lang: str) -> str | None:
    """An action that reports success with a flag ({"ok": true}, {"sent": true, "id": …}): « C'est fait »,
    what it was done with, and what the tool gave back (an id, a confirmation)."""
    flags = [k for k, v in data.items() if lex.fold(str(k)) in DONE_FLAGS and v is True]
    if not flags:
        return None
    rest = {k: v for k, v in data.items() if k not in flags and not _echoes(k, v, tool_input)}
    # What it was done with, each value under its name (« salle Everest, date 2026-03-03, début 10:30 »).
    given = ", ".join(_pair(k, v, lang) for k, v in tool_input.items() if not isinstance(v, (dict, list)) and
                      len(str(v).split()) <= 6 and lex.fold(str(k)) not in BODY_KEYS)   # a body is not said back
    noun = _noun(name, lang)
    verb = next(iter(lex.words(short(name))), "")
    if noun and verb in lex.WRITE_VERBS:
        noun = " ".join(w for w in noun.split() if w != verb) or None      # cancel_order: the order, not « cancel order »
    if lang == "fr":
        head = "C'est fait" + (f" ({noun})" if noun else "") + (f" : {given}" if given else "")
    else:
        head = "Done" + (f" ({noun})" if noun else "") + (f": {given}" if given else "")
    tail = ", ".join(_pair(k, v, lang) for k, v in rest.items())
    return head + ((" ; " if lang == "fr" else "; ") + tail if tail else "") + "."


def _echoes(key: object, value: object, tool_input: dict) -> bool:
    """A field that only repeats the request (the query sent, the city asked about)."""
    if str(key).lower() in REPEATS:
        return True
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # A number repeats the request only under the same name: 6 eggs for 6 servings is an answer.
        return any(value == v and lex.fold(str(key)) == lex.fold(str(k)) for k, v in tool_input.items())
    return any(value == v or (isinstance(value, str) and isinstance(v, str) and value.lower() == v.lower())
               for v in tool_input.values() if not isinstance(v, bool))


def _fields(data: dict, tool_input: dict, lang: str) -> list[str]:
    """The fields worth saying, as « label valeur », a name first, without what only repeats the request."""
    kept = [(k, v) for k, v in data.items() if not _echoes(k, v, tool_input)] or list(data.items())
    currency = next((v for k, v in kept if str(k).lower() in ("currency", "devise") and isinstance(v, str)), None)
    money = [k for k, v in kept if str(k).lower() in MONEY_KEYS and isinstance(v, (int, float))]
    out = []
    named = next(((k, v) for k, v in kept if str(k).lower() in NAME_KEYS and isinstance(v, str)), None)
    if named:
        out.append(named[1])
    for key, value in kept:
        if named and key == named[0]:
            continue
        if currency and len(money) == 1 and str(key).lower() in ("currency", "devise"):
            continue
        if currency and len(money) == 1 and key == money[0]:
            out.append(f"{_label(key, lang)} {_value(value, lang, str(key))} {currency}")
        else:
            out.append(_pair(key, value, lang))
    return out[:8]


def _first_number(data: object) -> float | None:
    if isinstance(data, bool):
        return None
    if isinstance(data, (int, float)):
        return float(data)
    if isinstance(data, dict):
        keys = sorted(data, key=lambda k: str(k).lower() not in RESULT_KEYS)
        for key in keys:
            if str(key).lower() in ECHO or not RAW_NUMBER_KEYS.isdisjoint(str(key).lower().split("_")):
                continue
            n = _first_number(data[key])
            if n is not None:
                return n
        return None
    if isinstance(data, list):
        return next((n for n in map(_first_number, data) if n is not None), None)
    if isinstance(data, str):
        said = data.strip().replace(",", ".")
        parts = (said[1:] if said.startswith("-") else said).split(".")
        return float(said) if len(parts) <= 2 and all(p.isdecimal() for p in parts) else None
    return None


OPERATOR = {"sum": "+", "product": "×", "difference": "−", "quotient": "÷"}


def arithmetic(tool_input: dict, data: object, operation: str | None, lang: str) -> str | None:
    """« 17 + 25 = 42 », « 45 * 3 = 135 »: the computation the tool did, with the value it returned."""
    value = _first_number(data)
    if value is None:
        return None
    expression = next((v for v in tool_input.values() if isinstance(v, str) and any(c.isdecimal() for c in v)), None)
    if expression is None:
        operands = [v for v in tool_input.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if len(operands) >= 2 and operation in OPERATOR:
            expression = f" {OPERATOR[operation]} ".join(_number(v, lang) for v in operands)
        elif len(operands) >= 2:
            expression = ", ".join(_number(v, lang) for v in operands)
    if expression is None:
        return _number(value, lang)
    return f"{expression} = {_number(value, lang)}"


def conversion(tool_input: dict, data: object, ends: tuple[str, str], lang: str) -> str | None:
    """« 250 EUR = 367,5 CAD »: an amount converted from one end of a pair to the other."""
    value = _first_number(data)
    amount = next((v for v in tool_input.values() if isinstance(v, (int, float)) and not isinstance(v, bool)), None)
    source, target = (tool_input.get(ends[0]), tool_input.get(ends[1]))
    if value is None or amount is None or not isinstance(source, str) or not isinstance(target, str):
        return None
    return f"{_number(amount, lang)} {source} = {_number(value, lang)} {target}"


def _temperature_unit(key: str, tool_input: dict, data: dict) -> str:
    """°C or °F as the tool says it (its key, its input, its result); a bare « ° » when it says neither: 65 from a
    tool that names no unit is not claimed to be Celsius."""
    said = (key + " " + json.dumps(tool_input) + " " + json.dumps(data, default=str)).lower()
    if "fahrenheit" in said or unit_letter(said, "f"):
        return "°F"
    if "celsius" in said or unit_letter(said, "c"):
        return "°C"
    return "°"


def summarise(name: str, tool_input: dict, data: object, lang: str, subject: str | None = None) -> str:
    """One result in words, quoting the values the tool returned; `subject`: what the call was about, when
    the caller knows better (« Paris → Montréal »)."""
    subject = subject or _subject(name, tool_input, lang)
    sep = " : " if lang == "fr" else ": "
    if isinstance(data, dict):
        done = _done(name, tool_input, data, lang) if _writes(name) else None
        if done:
            return done                        # a thermostat set to 19.5 is done, not a weather report
        temp = next((k for k in data if str(k).lower() in TEMPERATURE), None)
        cond = next((k for k in data if str(k).lower() in CONDITION and isinstance(data[k], str)), None)
        if temp is not None and isinstance(data[temp], (int, float)):
            unit = _temperature_unit(str(temp), tool_input, data)
            where = ((" à " if lang == "fr" else " in ") + subject) if subject else ""
            return f"{_value(data[temp], lang)} {unit}{where}" + (f" ({data[cond]})" if cond else "")
        clock = next((k for k in data if str(k).lower() in ("time", "heure", "local_time", "heure_locale")
                      and isinstance(data[k], str) and is_clock(data[k])), None)
        if clock and subject:
            return (f"Il est {data[clock]} à {subject}" if lang == "fr" else f"It is {data[clock]} in {subject}")
        said = next((k for k in data if str(k).lower() in TRANSLATION_KEYS and isinstance(data[k], str)), None)
        if said:
            return (f"Traduction : « {data[said]} »" if lang == "fr" else f'Translation: "{data[said]}"')
        meaning = next((k for k in data if str(k).lower() in DEFINITION_KEYS and isinstance(data[k], str)), None)
        if meaning:
            word = data.get("word") or data.get("mot") or subject
            return f"{word}{sep}{data[meaning]}" if word else data[meaning]
        done = _done(name, tool_input, data, lang)
        if done:
            return done
        kept = [v for k, v in data.items() if not _echoes(k, v, tool_input)]
        if len(kept) == 1 and isinstance(kept[0], list):
            return summarise(name, tool_input, kept[0], lang, subject)   # {"loans": [...]}: the list is the answer
        flags = [(k, v) for k, v in data.items() if isinstance(v, bool) and not _echoes(k, v, tool_input)]
        if subject and len(flags) == 1 and len(kept) == 1 and lang == "en":
            key, value = flags[0]                # "0042 is valid.", not "0042: valid yes."
            return f"{subject} is {'' if value else 'not '}{_label(key, lang)}"
        state = next((k for k, v in data.items() if str(k).lower() in ("status", "state") and isinstance(v, str)), None)
        if subject and state and lang == "en" and len(str(data[state]).split()) <= 3:
            rest = _fields({k: v for k, v in data.items() if k != state}, tool_input, lang)
            return f"{subject} is {data[state]}" + (f" ({', '.join(rest)})" if rest else "")   # "… is delayed (…)"
        fields = _fields(data, tool_input, lang)
        body = ", ".join(fields)
        return f"{subject}{sep}{body}" if subject and body else (body or subject or short(name))
    if isinstance(data, list):
        if not data:
            return f"{subject}{sep}" + ("aucun résultat" if lang == "fr" else "no results") if subject else (
                "Aucun résultat" if lang == "fr" else "No results")
        items = "; ".join(_item(v, lang) for v in data[:8]) if lang == "en" else " ; ".join(
            _item(v, lang) for v in data[:8])
        return f"{subject}{sep}{items}" if subject else items
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        label = subject or _noun(name, lang) or short(name)
        return f"{label}{sep}{_value(data, lang)}"
    flag = {"true": True, "false": False}.get(str(data).strip().lower()) if isinstance(data, (bool, str)) else None
    if flag is not None and _writes(name):
        # A write that answers with a bare flag (cancel_order → True): said as done, or as not done.
        if flag:
            return _done(name, tool_input, {"ok": True}, lang)
        given = ", ".join(_value(v, lang, str(k)) for k, v in tool_input.items() if not isinstance(v, (dict, list)))
        return (f"Ce n'est pas fait ({short(name)}" + (f" : {given}" if given else "") + ") : l'outil a répondu « false »"
                if lang == "fr" else f"Not done ({short(name)}" + (f": {given}" if given else "")
                + "): the tool answered false")
    text = str(data).strip()
    if len(text) > 300:
        text = text[:299] + "…"
    quoted = f"« {text} »" if lang == "fr" else f'"{text}"'
    return f"{subject}{sep}{quoted}" if subject else quoted


def _writes(name: str) -> bool:
    from .plan import writes
    return writes({"name": name}) is not None


def _item(value: object, lang: str) -> str:
    """One element of a list result: « 09:30 – Réunion d'équipe », « AC 871 (prix 612) »."""
    if not isinstance(value, dict):
        return _value(value, lang)
    words = [str(v) for v in value.values() if isinstance(v, str)]
    others = [_pair(k, v, lang) for k, v in value.items() if not isinstance(v, str)]
    head = " – ".join(words)
    if head and others:
        return f"{head} ({', '.join(others)})"
    return head or ", ".join(others)


def _together(lines: list[tuple[str, dict, object]], lang: str) -> str | None:
    """Several calls of one tool, each with one field to say: « AQI : Delhi 182, Beijing 97, Paris 41 »."""
    if len(lines) < 2 or len({n for n, _, _ in lines}) != 1:
        return None
    rows = []
    key = None
    varying = _varying([i for _, i, _ in lines])
    for name, tool_input, data in lines:
        told = tool_input.get(varying) if varying else None
        subject = _subject(name, tool_input, lang)
        if isinstance(told, str) and told and (not subject or told not in subject):
            subject = told                       # the field that differs names the row, not the one they share
        if not isinstance(data, dict) or not subject:
            return None
        kept = [(k, v) for k, v in data.items() if not _echoes(k, v, tool_input)]
        currency = next((v for k, v in kept if str(k).lower() in ("currency", "devise")), None)
        kept = [(k, v) for k, v in kept if str(k).lower() not in ("currency", "devise")]
        if len(kept) != 1 or (key is not None and kept[0][0] != key):
            return None
        key = kept[0][0]
        base, unit = _unit(key, kept[0][1])
        rows.append(f"{subject} {_value(kept[0][1], lang, base)}{unit}" + (f" {currency}" if currency else ""))
    label = _label(_unit(key, 0)[0], lang)
    return f"{label[0].upper()}{label[1:]}" + (" : " if lang == "fr" else ": ") + ", ".join(rows)


def _means(result: tuple[str, dict, object], later: list[tuple[str, dict, object]]) -> bool:
    """A lookup whose answer a later action used (find_contact, then send_email to the address it gave): a step,
    not what the user asked to hear about."""
    name, _input, data = result
    given = {str(v) for v in (data.values() if isinstance(data, dict) else [data]) if isinstance(v, (str, int))
             and len(str(v)) > 2}
    return not _writes(name) and any(_writes(n) and given & {str(v) for v in i.values()} for n, i, _d in later)


def answer(results: list[tuple[str, dict, object]], failures: list[tuple[str, dict, str]], lang: str,
           describe=None) -> str:
    """The final answer: every result received, in sentences, and every failure reported as such.
    `describe(name, input, data)` may say a result in a form the tool's kind calls for (a computation, a
    conversion); otherwise `summarise` does."""
    sentences: list[str] = []
    results = [r for index, r in enumerate(results) if not _means(r, results[index + 1:])]
    weather = [(n, i, d) for n, i, d in results if isinstance(d, dict) and not _writes(n) and any(
        str(k).lower() in TEMPERATURE and isinstance(v, (int, float)) for k, v in d.items())]
    plain = [r for r in results if r not in weather]
    if weather:
        said = _join([summarise(n, i, d, lang) for n, i, d in weather], lang)
        sentences.append(("Il fait " if lang == "fr" else "It is ") + said)
    special = [(r, describe(*r) if describe else None) for r in plain]
    rest = [r for r, s in special if s is None]
    grouped = _together(rest, lang)
    if grouped:
        sentences.append(grouped)
    else:
        sentences.extend(summarise(n, i, d, lang) for n, i, d in rest)
    sentences.extend(s for _, s in special if s)
    for name, tool_input, message in failures:
        single = len([v for v in tool_input.values() if not isinstance(v, bool)]) == 1
        sentences.append(failure(name, message, lang, _subject(name, tool_input, lang) if single else None))
    if not sentences:
        return "Je n'ai reçu aucun résultat exploitable." if lang == "fr" else "I did not receive any usable result."
    return " ".join(_sentence(s) for s in sentences)


def _sentence(text: str) -> str:
    """A capital first (on a word, not on an identifier or an address), a full stop last; a sentence the tool wrote is
    given as a sentence, not in quotes."""
    text = text.strip()
    if len(text) > 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]:
        text = text[1:-1].strip()
    elif len(text) > 3 and text[0] == '"' and text[-2:] == '".' and '"' not in text[1:-2]:
        text = text[1:-2].strip()
    if not text:
        return text
    first = text.split(" ", 1)[0].rstrip(":,;")
    if first[:1].isalnum() and not first[0].isdecimal() and all(c.isalnum() or c in "'’-" for c in first):
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def failure(name: str, message: str, lang: str, subject: str | None = None) -> str:
    text = message.strip() or ("aucun message" if lang == "fr" else "no message")
    about = (f" pour {subject}" if lang == "fr" else f" for {subject}") if subject else ""
    if lang == "en":
        return (f"The {short(name)} tool returned an error{about} (\"{text}\"), so I cannot give you that value "
                f"without making it up.")
    return (f"L'outil {short(name)} a répondu par une erreur{about} (« {text} ») : je ne peux donc pas vous donner "
            f"cette valeur sans l'inventer.")


def refused(name: str, reason: str, lang: str, then: str | None = None) -> str:
    """A call refused (a hook's deny, a permission): the refusal and its reason, not « the tool failed »."""
    if lang == "en":
        text = f"My call to {short(name)} was refused: \"{reason.strip()}\"."
        return text + (f" So I used {short(then)} instead." if then else "")
    text = f"Mon appel à {short(name)} a été refusé : « {reason.strip()} »."
    return text + (f" J'ai donc fait appel à {short(then)}." if then else "")


def choices(values: list, lang: str) -> str:
    """The values an enum allows, as a question offers them: « rouge, verte ou orange »."""
    shown = [str(v) for v in values[:8]]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + (" ou " if lang == "fr" else " or ") + shown[-1]


def ask_for(tool_name: str, missing: list[str], lang: str, descriptions: dict) -> str:
    """The question a model asks for the values a call lacks, all at once, in the user's terms (what is needed, not
    which tool needs it: the text may go to a customer)."""
    what = [descriptions.get(m) or m for m in missing]
    several = len(what) > 1
    if lang == "en":
        return f"Before I go on, I need: {_join(what, lang)}. Could you give {'them' if several else 'it'} to me?"
    return (f"Avant de continuer, il me faut : {_join(what, lang)}. Pouvez-vous me "
            f"{'les' if several else 'le'} donner ?")


def finish(text: str, lang: str, rules: Instructions, data: object = None) -> str:
    """Apply the system prompt's recognisable instructions to the final text."""
    if rules.brief:
        text = next((text[:i] for i in range(1, len(text)) if text[i].isspace() and text[i - 1] in ".!?"), text)
    if rules.upper:
        text = text.upper()
    if rules.json:
        payload = {"answer" if lang == "en" else "reponse": text}
        if data is not None:
            payload["data" if lang == "en" else "donnees"] = data
        return json.dumps(payload, ensure_ascii=False)
    return text
