"""An independent battery of learner experiments against the simulated model (issue 10's contract:
« an independent battery of the same kind will also be run against the course »).

Different tools, domains and phrasings from test_battery.py: stocks, currencies with enums, flights,
units, invoices, tickets, dictionaries, carts, hotels, reminders; French and English; the Messages API
through the real `anthropic` client, and (marked `cli`) the Agent SDK through the real CLI.

Each row is what a learner would try and what a careful model does with it. The loop that runs a row
is a correct agent loop; every tool input is checked against the tool's own `input_schema`. A row
states the calls of the first response (name and the input fields that matter, so: which tool,
which values, parallel or not), the number of calls in all, and words the final answer must (or must
never) contain. Every final answer is also checked for what no model writes: a dump of the tool's
JSON (« Voici le résultat : add — sum : 42 »), an empty text.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import jsonschema
import pytest

from conftest import MODEL


def tool(name: str, description: str, required: tuple = (), **props) -> dict:
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": props, "required": list(required)}}


S = {"type": "string"}
N = {"type": "number"}
I = {"type": "integer"}
CURRENCY_CODES = ["EUR", "USD", "CAD", "GBP", "JPY"]

STOCK = tool("get_stock_price", "Get the latest stock price for a company.", ("ticker",),
             ticker={"type": "string", "description": "Ticker symbol, e.g. AAPL"})
CONVERT = tool("convert_currency", "Convertit un montant d'une devise dans une autre.",
               ("amount", "from_currency", "to_currency"), amount=N,
               from_currency={"type": "string", "enum": CURRENCY_CODES},
               to_currency={"type": "string", "enum": CURRENCY_CODES})
CONVERT_FR = tool("convertir_devise", "Convertit une somme entre deux devises.", ("montant", "devise_source",
                                                                                  "devise_cible"),
                  montant=N, devise_source={"type": "string", "description": "code ISO 4217, ex. EUR"},
                  devise_cible={"type": "string", "description": "code ISO 4217"})
METEO = tool("meteo_ville", "Donne la météo actuelle d'une ville.", ("ville",),
             ville={"type": "string", "description": "Nom de la ville, par exemple Lyon"})
WEATHER = tool("get_weather", "Get the current weather for a city.", ("city",),
               city={"type": "string", "description": "The city, e.g. Paris"})
FORECAST = tool("get_forecast", "Weather forecast for a location.", ("place",), place=S,
                days={"type": "integer", "minimum": 1, "maximum": 7, "default": 3})
SEARCH_PRICE = tool("search_price", "Cherche le prix d'un billet de train pour un trajet.", ("route",),
                    route={"type": "string", "description": "trajet, ex. Marseille-Nice"})
CALCULATOR = tool("calculator", "Evaluate an arithmetic expression.", ("expression",), expression=S)
ADD = tool("add", "Additionne deux nombres.", ("a", "b"), a=N, b=N)
MULTIPLY = tool("multiply", "Multiply two numbers.", ("x", "y"), x=N, y=N)
SUBTRACT = tool("soustraire", "Soustrait b de a.", ("a", "b"), a=I, b=I)
GET_USER = tool("get_user", "Fetch a user's profile by id.", ("id",), id=I)
UNITS = tool("convert_units", "Convert a length between units.", ("value", "from_unit", "to_unit"), value=N,
             from_unit={"type": "string", "enum": ["km", "mi", "m", "ft"]},
             to_unit={"type": "string", "enum": ["km", "mi", "m", "ft"]})
TEMPERATURE = tool("convert_temperature", "Convert a temperature between scales.", ("value", "from_scale",
                                                                                     "to_scale"),
                   value=N, from_scale={"type": "string", "enum": ["C", "F", "K"]},
                   to_scale={"type": "string", "enum": ["C", "F", "K"]})
TRADUIRE = tool("traduire", "Traduit un texte.", ("texte", "langue_cible"), texte=S,
                langue_cible={"type": "string", "enum": ["anglais", "espagnol", "allemand", "italien"]})
TRANSLATE = tool("translate_text", "Translate text between languages.", ("text", "source_lang", "target_lang"),
                 text=S, source_lang={"type": "string", "description": "ISO 639-1 code"},
                 target_lang={"type": "string", "description": "ISO 639-1 code"})
FLIGHTS = tool("search_flights", "Recherche des vols entre deux villes.", ("origin", "destination"),
               origin=S, destination=S, date={"type": "string", "format": "date"})
INVOICE = tool("get_invoice", "Récupère une facture par son numéro.", ("invoice_id",),
               invoice_id={"type": "string", "pattern": "^INV-[0-9]{4}-[0-9]{3}$"})
TICKET = tool("get_ticket", "Détails d'un ticket de support.", ("ticket_id",), ticket_id=I)
DEFINE = tool("define_word", "Donne la définition d'un mot du dictionnaire.", ("word",), word=S)
AIR = tool("get_air_quality", "Air quality index (AQI) for a city.", ("city",), city=S)
POPULATION = tool("get_population", "Population of a country.", ("country",), country=S)
CART = tool("add_to_cart", "Ajoute un article au panier.", ("item", "quantity"), item=S,
            quantity={"type": "integer", "minimum": 1})
HOTEL = tool("book_hotel", "Book a hotel room.", ("city", "check_in", "nights"), city=S,
             check_in={"type": "string", "description": "date, YYYY-MM-DD"}, nights={"type": "integer", "minimum": 1})
AGENDA = tool("list_events", "Liste les événements de l'agenda pour une date.", ("date",),
              date={"type": "string", "description": "AAAA-MM-JJ"})
SUBSCRIBE = tool("subscribe_newsletter", "Subscribe an e-mail address to the newsletter.", ("email",),
                 email={"type": "string", "format": "email"})
ORDER = tool("check_order", "Check the status of an order.", ("order_number",),
             order_number={"type": "string", "description": "e.g. ORD-1234"})
LOOKUP_INVOICE = tool("lookup_invoice", "Retrouve une facture par son numéro et renvoie montant et statut.",
                      ("invoice_id",), invoice_id={"type": "string", "description": "numéro, ex. F-2024-118"})
CONVERT_EN = tool("convert_money", "Convert an amount between currencies.", ("amount", "from_currency", "to_currency"),
                  amount=N, from_currency={"type": "string", "enum": ["EUR", "USD", "JPY"]},
                  to_currency={"type": "string", "enum": ["EUR", "USD", "JPY"]})
SEARCH_DOCS = tool("search_docs", "Recherche dans la documentation interne.", ("query",), query=S,
                   max_results={"type": "integer", "default": 5})
EMPLOYEE = tool("get_employee", "Fiche d'un employé par matricule.", ("matricule",),
                matricule={"type": "string", "description": "matricule, ex. E-4471"})
HOLIDAYS = tool("list_holidays", "Jours fériés d'un pays pour une année.", ("country", "year"), country=S, year=I)
SHIPPING = tool("estimate_shipping", "Estimate shipping cost for a parcel.", ("weight_kg", "destination"),
                weight_kg=N, destination=S, express={"type": "boolean"})
COUNT_SUBAGENTS = tool("count_subagents", "Compte les sous-agents d'un projet.", ("project",), project=S)
WARRANTY = tool("check_warranty", "Vérifie la garantie d'un appareil.", ("serial",), serial=S)
FX = tool("get_fx", "Taux de change d'une paire de devises.", ("pair",),
          pair={"type": "string", "description": "ex. EURUSD"})
TRAIN_DELAY = tool("get_train_delay", "Retard actuel d'un train, par numéro.", ("train_number",), train_number=S)
ROOM = tool("book_room", "Réserve une salle de réunion pour une date et un nombre de personnes.", ("date", "people"),
            date={"type": "string", "description": "AAAA-MM-JJ"}, people={"type": "integer", "minimum": 1},
            projector={"type": "boolean"})
LOANS = tool("get_loans", "Liste les emprunts en cours d'un lecteur de la bibliothèque.", ("card_number",),
             card_number={"type": "string", "description": "numéro de carte, ex. BIB-20931"})
PARKING = tool("parking_fee", "Calcule le tarif de stationnement.", ("hours", "zone"),
               hours={"type": "number", "minimum": 0}, zone={"type": "string", "enum": ["rouge", "verte", "orange"]})
STOCK_LEVEL = tool("get_stock_level", "Stock d'un article dans un entrepôt.", ("sku", "warehouse"), sku=S,
                   warehouse={"type": "string", "enum": ["Lille", "Lyon", "Marseille"]})
RENEW = tool("renew_loan", "Prolonge un emprunt de livre.", ("loan_id", "weeks"), loan_id=I, weeks=I)
RENEW_WEEKS = tool("renew_loan", "Prolonge un emprunt de livre.", ("loan_id", "weeks"), loan_id=I,
                   weeks={"type": "integer", "enum": [1, 2, 3]})
AVAILABILITY = tool("get_availability", "Créneaux libres d'une personne pour une date.", ("person", "date"),
                    person=S, date={"type": "string", "format": "date"})
UNIT_PRICE = tool("get_price", "Prix unitaire d'un produit en euros.", ("product",), product=S)
CREATE_TICKET = tool("create_ticket", "Crée un ticket informatique.", ("title", "priority"), title=S,
                     priority={"type": "string", "enum": ["low", "medium", "high", "critical"]})
TRACK = tool("track_package", "Suit un colis par son numéro de suivi.", ("tracking_number",),
             tracking_number={"type": "string", "description": "numéro de suivi, ex. 6A12345678901"})
WEIGHTS = tool("convert_weight", "Convertit une valeur d'une unité à une autre.", ("value", "from_unit", "to_unit"),
               value=N, from_unit={"type": "string", "enum": ["kg", "lb", "g", "oz"]},
               to_unit={"type": "string", "enum": ["kg", "lb", "g", "oz"]})
MEETING = tool("book_meeting_room", "Réserve une salle de réunion.", ("room", "start", "duration_minutes"),
               room={"type": "string", "enum": ["Atlas", "Borée", "Cassiopée"]},
               start={"type": "string", "format": "date-time"},
               duration_minutes={"type": "integer", "minimum": 15, "maximum": 480})
TIMER = tool("start_timer", "Start a timer.", ("duration",),
             duration={"type": "integer", "description": "duration in seconds"})
FIND_CUSTOMER = tool("find_customer", "Trouve un client par e-mail et renvoie son identifiant.", ("email",),
                     email={"type": "string", "format": "email"})
LIST_ORDERS = tool("list_orders", "Liste les commandes d'un client.", ("customer_id",), customer_id=I)
USER_BY_NAME = tool("get_user_by_name", "Find a user by name; returns the user id.", ("full_name",), full_name=S)
USER_POSTS = tool("get_user_posts", "List a user's posts.", ("user_id",), user_id=I)
LEAVE_BALANCE = tool("get_leave_balance", "Solde de congés d'un salarié.", ("employee_id", "leave_type"),
                     employee_id={"type": "string", "description": "ex. E-1020"},
                     leave_type={"type": "string", "enum": ["CP", "RTT", "maladie"]})
REQUEST_LEAVE = tool("request_leave", "Pose une demande de congé.", ("start_date", "end_date", "type"),
                     start_date={"type": "string", "format": "date"}, end_date={"type": "string", "format": "date"},
                     type={"type": "string", "enum": ["CP", "RTT", "sans_solde"]})
SCALE_RECIPE = tool("scale_recipe", "Adapte les quantités d'une recette à un nombre de personnes.",
                    ("recipe", "servings"), recipe=S, servings={"type": "integer", "minimum": 1})

PRICES = {"AAPL": 231.4, "MSFT": 415.2, "Apple": 231.4, "Microsoft": 415.2, "NVDA": 120.9, "Nvidia": 120.9}
AQI = {"Delhi": 182, "Beijing": 97, "Paris": 41}
POPULATIONS = {"Canada": 40_100_000, "Australia": 26_600_000}


def fails(message):
    def impl(**_):
        raise RuntimeError(message)
    return impl


IMPL = {
    "get_stock_price": lambda ticker: {"ticker": ticker, "price": PRICES[ticker], "currency": "USD"},
    "convert_currency": lambda amount, from_currency, to_currency: {"result": round(amount * 1.47, 2),
                                                                    "currency": to_currency},
    "convertir_devise": lambda montant, devise_source, devise_cible: {"montant_converti": round(montant * 0.0062, 2)},
    "meteo_ville": lambda ville: {"ville": ville, "temperature": 8, "ciel": "couvert"},
    "get_weather": lambda city: {"city": city, "temp_c": 4, "conditions": "snow"},
    "get_forecast": lambda place, days=3: {"place": place, "days": days, "summary": "rain"},
    "search_price": lambda route: {"route": route, "prix": 45},
    "calculator": lambda expression: {"result": eval(expression, {"__builtins__": {}})},  # noqa: S307 - test data
    "add": lambda a, b: {"sum": a + b},
    "multiply": lambda x, y: {"product": x * y},
    "soustraire": lambda a, b: {"resultat": a - b},
    "get_user": lambda id: {"id": id, "name": "Ada Lovelace", "plan": "pro"},
    "convert_units": lambda value, from_unit, to_unit: {"value": round(value * 0.621371, 2), "unit": to_unit},
    "convert_temperature": lambda value, from_scale, to_scale: {"value": round((value - 32) * 5 / 9, 1)},
    "traduire": lambda texte, langue_cible: {"traduction": "vielen Dank"},
    "translate_text": lambda text, source_lang, target_lang: {"translation": "thank you"},
    "search_flights": lambda origin, destination, date=None: [{"flight": "AC 871", "price": 612},
                                                              {"flight": "AF 346", "price": 688}],
    "search_docs": lambda query, max_results=5: [{"titre": "Politique de remboursement",
                                                  "extrait": "Remboursement sous 30 jours."}],
    "get_employee": lambda matricule: {"nom": "Claire Martin", "service": "Finance"},
    "list_holidays": lambda country, year: ["2025-01-01", "2025-05-01", "2025-07-14"],
    "estimate_shipping": lambda weight_kg, destination, express=False: {"cost_eur": 18.9 if express else 9.5},
    "count_subagents": lambda project: {"project": project, "subagents": 3},
    "check_warranty": lambda serial: {"serial": serial, "garantie_jusqu_au": "2027-03-01"},
    "get_fx": lambda pair: {"pair": pair, "rate": 162.4},
    "get_train_delay": lambda train_number: {"delay_min": {"6611": 12, "17742": 0}[train_number]},
    "book_room": lambda date, people, projector=False: {"salle": "Jupiter", "confirmation": "R-5512"},
    "lookup_invoice": lambda invoice_id: {"montant": 1250.0, "devise": "EUR", "statut": "impayée"},
    "convert_money": lambda amount, from_currency, to_currency: {"result": round(amount * 1.09, 2)},
    "get_invoice": lambda invoice_id: {"invoice_id": invoice_id, "amount": {"INV-2024-001": 120,
                                                                            "INV-2024-002": 75}[invoice_id],
                                       "status": "payée"},
    "get_loans": lambda card_number: {"loans": [{"titre": "Germinal", "retour": "2026-12-10"},
                                                {"titre": "Nana", "retour": "2026-12-18"}]},
    "parking_fee": lambda hours, zone: {"montant_eur": 4.8},
    "get_stock_level": lambda sku, warehouse: {"quantite": {"Lille": 120, "Lyon": 0, "Marseille": 37}[warehouse]},
    "renew_loan": lambda loan_id, weeks: {"nouvelle_date_retour": "2026-12-22"},
    "get_availability": lambda person, date: {"libre": {"Alice": ["09:00-10:00", "14:00-16:00"],
                                                         "Bruno": ["15:00-17:00"]}[person]},
    "get_price": lambda product: {"prix": {"clavier": 49.9, "souris": 19.99, "croissants": 1.2, "keyboard": 49.9,
                                           "mouse": 19.99}[product]},
    "create_ticket": lambda title, priority: {"id": "IT-9031", "priority": priority},
    "track_package": lambda tracking_number: {"statut": {"6A19283746501": "en transit", "8L55512340987": "livré",
                                                         "1Z999AA10123456784": "delivered"}[tracking_number]},
    "convert_weight": lambda value, from_unit, to_unit: {"result": round(value * 0.4536, 3), "unit": to_unit},
    "book_meeting_room": lambda room, start, duration_minutes: {"ok": True, "reservation": "RES-771"},
    "start_timer": lambda duration: {"ok": True},
    "find_customer": lambda email: {"customer_id": 7781},
    "list_orders": lambda customer_id: {"commandes": {7781: ["CMD-1", "CMD-2"]}[customer_id]},
    "get_user_by_name": lambda full_name: {"user_id": 42},
    "get_user_posts": lambda user_id: [{"title": "Notes on the Engine"}],
    "get_leave_balance": lambda employee_id, leave_type: {"jours_restants": 4.5},
    "request_leave": lambda start_date, end_date, type: {"demande": "DC-118", "statut": "en attente"},
    "scale_recipe": lambda recipe, servings: {"oeufs": servings, "creme_ml": 62.5 * servings},
    "get_ticket": lambda ticket_id: {"ticket_id": ticket_id, "status": "open", "priority": "high"},
    "define_word": lambda word: {"word": word, "definition": "don de faire par hasard une découverte heureuse"},
    "get_air_quality": lambda city: {"city": city, "aqi": AQI[city]},
    "get_population": lambda country: {"country": country, "population": POPULATIONS[country]},
    "add_to_cart": lambda item, quantity: {"cart_size": quantity, "ok": True},
    "book_hotel": lambda city, check_in, nights: {"confirmation": "HTL-5521", "city": city},
    "list_events": lambda date: [{"heure": "09:30", "titre": "Réunion d'équipe"}, {"heure": "14:00",
                                                                                  "titre": "Dentiste"}],
    "subscribe_newsletter": lambda email: {"subscribed": True, "email": email},
    "check_order": lambda order_number: {"order_number": order_number, "status": "shipped"},
}


@dataclass
class Case:
    prompt: str | list                   # a question, or a whole history
    tools: list
    first: list | None = None            # calls of the first response: (name, {field: value or (alternatives)})
    total: int | None = None             # calls made in the whole run
    says: tuple = ()                     # the final text contains each of these (a tuple inside: any of them)
    never: tuple = ()                    # … and none of these
    system: str | None = None
    tool_choice: dict | None = None
    impl: dict = field(default_factory=dict)
    each_turn: int | None = None         # at most this many calls per response
    forced: bool = False                 # tool_choice any/tool: the first response is calls only, no text
    json_answer: bool = False            # the final text parses as JSON
    then: list | None = None             # calls of the second response, same form as `first`


CASES = {
    # -- 1. choosing from meaning, 3. independent entities in parallel, 4. answers that quote results --------------
    "stock prices of two companies named, not ticked (EN)": Case(
        "What's the stock price of Apple and Microsoft right now?", [STOCK],
        [("get_stock_price", {"ticker": ("Apple", "AAPL")}), ("get_stock_price", {"ticker": ("Microsoft", "MSFT")})],
        2, ("231.4", "415.2"), never=("ticker symbol", "Could you")),
    "cours de bourse de deux sociétés": Case(
        "Donne-moi le cours de l'action Apple et de Nvidia.", [STOCK],
        [("get_stock_price", {"ticker": ("Apple", "AAPL")}), ("get_stock_price", {"ticker": ("Nvidia", "NVDA")})],
        2, (("231,4", "231.4"), ("120,9", "120.9"))),
    "qualité de l'air, trois villes en parallèle (EN)": Case(
        "Compare the air quality in Delhi, Beijing and Paris.", [STOCK, AIR],
        [("get_air_quality", {"city": "Delhi"}), ("get_air_quality", {"city": "Beijing"}),
         ("get_air_quality", {"city": "Paris"})], 3, ("182", "97", "41")),
    "deux factures en parallèle, motif du schéma": Case(
        "Peux-tu me montrer les factures INV-2024-001 et INV-2024-002 ?", [INVOICE],
        [("get_invoice", {"invoice_id": "INV-2024-001"}), ("get_invoice", {"invoice_id": "INV-2024-002"})],
        2, ("120", "75", "payée")),
    "numéro de facture à préfixe d'une lettre, sans motif dans le schéma": Case(
        "Quel est le statut de la facture F-2024-118 ?", [LOOKUP_INVOICE, CONVERT_EN],
        [("lookup_invoice", {"invoice_id": "F-2024-118"})], 1, ("impayée",), never=("-2142", "Pouvez-vous")),
    "codes ISO des devises, outil décrit en anglais": Case(
        "Combien font 1250 EUR en USD ?", [LOOKUP_INVOICE, CONVERT_EN],
        [("convert_money", {"amount": 1250, "from_currency": "EUR", "to_currency": "USD"})], 1,
        (("1362,5", "1362.5"),)),
    "une facture et une conversion, en parallèle": Case(
        "Donne-moi le montant de la facture F-2024-118 et convertis 300 EUR en JPY.", [LOOKUP_INVOICE, CONVERT_EN],
        [("convert_money", {"amount": 300, "to_currency": "JPY"}), ("lookup_invoice", {"invoice_id": "F-2024-118"})],
        2, ("1250", ("327", "327,0", "327.0"))),
    "« la doc » désigne l'outil de documentation": Case(
        "Que dit la doc sur les remboursements ?", [SEARCH_DOCS, HOLIDAYS],
        [("search_docs", {"query": lambda q: q.lower().startswith("rembours")})], 1, ("30 jours",)),
    "a question about a subject searches for the subject (EN)": Case(
        "What do the docs say about refunds?", [SEARCH_DOCS, HOLIDAYS],
        [("search_docs", {"query": "refunds"})], 1, ("30 jours",)),
    "un matricule donné en exemple par le schéma, et une autre question en parallèle": Case(
        "Qui est l'employé E-4471 et quels sont les jours fériés en France en 2025 ?", [EMPLOYEE, HOLIDAYS],
        [("list_holidays", {"country": "France", "year": 2025}), ("get_employee", {"matricule": "E-4471"})], 2,
        ("Claire Martin", "2025-07-14"), never=("Qui :",)),
    "an optional flag the request names is set (EN)": Case(
        "How much to ship a 3.5 kg parcel to Berlin, express please?", [SHIPPING],
        [("estimate_shipping", {"weight_kg": 3.5, "destination": "Berlin", "express": True})], 1, ("18.9",)),
    "un drapeau nommé par son cognat français (« projecteur » pour projector)": Case(
        "Réserve une salle pour 8 personnes le 2026-12-04, avec projecteur.", [ROOM],
        [("book_room", {"date": "2026-12-04", "people": 8, "projector": True})], 1, ("R-5512",)),
    "un drapeau nié reste faux": Case(
        "Combien coûte l'envoi d'un colis de 2 kg vers Lyon, sans express ?", [SHIPPING],
        [("estimate_shipping", {"weight_kg": 2, "destination": "Lyon", "express": False})], 1, (("9,5", "9.5"),)),
    "l'unité que porte une clé suit la valeur (cost_eur → « coût 9,5 EUR »)": Case(
        "Combien coûte l'envoi d'un colis de 2 kg vers Lyon ?", [SHIPPING],
        [("estimate_shipping", {"weight_kg": 2, "destination": "Lyon"})], 1, ("coût 9,5 EUR",), never=("cost eur",)),
    "a unit carried by a key follows the value (cost_eur → \"cost 18.9 EUR\")": Case(
        "How much to ship a 3.5 kg parcel to Berlin, express please?", [SHIPPING],
        [("estimate_shipping", {"weight_kg": 3.5, "destination": "Berlin", "express": True})], 1, ("cost 18.9 EUR",),
        never=("cost eur",)),
    "un numéro que son nom introduit (« le TGV 6611 et le TER 17742 »), deux trains en parallèle": Case(
        "Le TGV 6611 et le TER 17742 sont-ils en retard ?", [TRAIN_DELAY],
        [("get_train_delay", {"train_number": "6611"}), ("get_train_delay", {"train_number": "17742"})], 2,
        ("Train 6611 12 min", "Train 17742 0 min"), never=("Pouvez-vous", "Delay min")),
    "numbers one noun introduces (\"trains 6611 and 17742\")": Case(
        "Are trains 6611 and 17742 late?", [TRAIN_DELAY],
        [("get_train_delay", {"train_number": "6611"}), ("get_train_delay", {"train_number": "17742"})], 2,
        ("6611", "17742"), never=("Could you",)),
    "un verbe à l'impératif en tête de phrase n'est pas un nom propre": Case(
        "Compte les sous-agents du projet Atlas.", [COUNT_SUBAGENTS],
        [("count_subagents", {"project": "Atlas"})], 1, ("3",), never=("Compte :",)),
    "« garanti » et « garantie », un numéro de série": Case(
        "Mon appareil SN-88412 est-il encore garanti ?", [WARRANTY, FX],
        [("check_warranty", {"serial": "SN-88412"})], 1, ("2027-03-01",)),
    "sans numéro de série, le modèle le demande": Case(
        "Ce produit est-il encore sous garantie ?", [WARRANTY], [], 0, ("serial",)),
    "une paire de devises écrite comme l'exemple du schéma": Case(
        "Quel est le taux EUR/JPY aujourd'hui ?", [FX, WARRANTY], [("get_fx", {"pair": "EURJPY"})], 1,
        (("162,4", "162.4"),)),
    "ticket de support, identifiant entier": Case(
        "Quel est le statut du ticket 5531 ?", [TICKET, DEFINE], [("get_ticket", {"ticket_id": 5531})], 1,
        ("5531", ("open", "ouvert"))),
    "définition d'un mot cité": Case(
        "Que signifie le mot « sérendipité » ?", [DEFINE, TICKET], [("define_word", {"word": "sérendipité"})], 1,
        ("découverte heureuse",)),
    "prévisions : la valeur par défaut du schéma reste possible (EN)": Case(
        "Will it rain in Oslo this week?", [FORECAST], [("get_forecast", {"place": "Oslo"})], 1, ("rain",)),
    "agenda d'une date, résultat en liste": Case(
        "Qu'est-ce que j'ai à l'agenda le 2025-05-12 ?", [AGENDA], [("list_events", {"date": "2025-05-12"})], 1,
        ("09:30", "Réunion d'équipe", "Dentiste")),
    "aucun outil pertinent : réponse en texte": Case(
        "Quelle est la capitale de l'Australie ?", [STOCK, CONVERT], [], 0, (), never=("get_stock_price",)),
    "no tool fits, no call (EN)": Case(
        "Can you summarise the plot of Hamlet for me?", [CONVERT, AIR], [], 0, ()),

    "une liste d'enregistrements sous une clé se lit comme une liste, pas comme du JSON": Case(
        "Quels livres sont empruntés sur la carte BIB-55120 ?", [LOANS],
        [("get_loans", {"card_number": "BIB-55120"})], 1, ("Germinal – 2026-12-10", "Nana – 2026-12-18"),
        never=('{"', "[{", "loans")),
    "un outil qui « calcule » un tarif selon une zone n'est pas une calculatrice": Case(
        "Combien coûte 3 heures de stationnement en zone verte ?", [PARKING],
        [("parking_fee", {"hours": 3, "zone": "verte"})], 1, ("montant 4,8 EUR",)),
    "trois valeurs d'un enum nommées : un appel chacune, en parallèle, et la réponse les distingue": Case(
        "Quel est le stock de l'article SKU-4410 à Lille, Lyon et Marseille ?", [STOCK_LEVEL],
        [("get_stock_level", {"sku": "SKU-4410", "warehouse": "Lille"}),
         ("get_stock_level", {"sku": "SKU-4410", "warehouse": "Lyon"}),
         ("get_stock_level", {"sku": "SKU-4410", "warehouse": "Marseille"})], 3,
        ("Lille 120", "Lyon 0", "Marseille 37"), never=("SKU-4410 120",)),
    "un outil que sa description désigne quand son nom anglais ne dit rien (« Prolonge un emprunt »)": Case(
        "Prolonge mon emprunt 8812 de 2 semaines.", [RENEW, PARKING],
        [("renew_loan", {"loan_id": 8812, "weeks": 2})], 1, ("Emprunt 8812", "2026-12-22")),
    "un enum de nombres : le nombre dit en toutes lettres, pas la première valeur": Case(
        "Prolonge mon emprunt 8812 de deux semaines.", [RENEW_WEEKS],
        [("renew_loan", {"loan_id": 8812, "weeks": 2})], 1, ("2026-12-22",)),
    "an enum of numbers: the number the request gives (EN)": Case(
        "Please extend loan 8812 by 3 weeks.", [RENEW_WEEKS],
        [("renew_loan", {"loan_id": 8812, "weeks": 3})], 1, ("2026-12-22",)),
    "« libres » : les créneaux de deux personnes, en parallèle": Case(
        "Quand Alice et Bruno sont-ils tous les deux libres le 2026-12-09 ?", [AVAILABILITY, PARKING],
        [("get_availability", {"person": "Alice", "date": "2026-12-09"}),
         ("get_availability", {"person": "Bruno", "date": "2026-12-09"})], 2,
        ("Alice 09:00-10:00", "Bruno 15:00-17:00"), never=("Hors ligne",)),
    "« coûtent » demande un prix": Case(
        "Combien coûtent 3 croissants ?", [UNIT_PRICE, AVAILABILITY],
        [("get_price", {"product": "croissants"})], 1, ("1,2",), never=("Hors ligne",)),
    "deux objets que la phrase énumère (« d'un clavier et d'une souris »), deux appels": Case(
        "Quel est le prix d'un clavier et d'une souris ?", [UNIT_PRICE],
        [("get_price", {"product": "clavier"}), ("get_price", {"product": "souris"})], 2,
        ("clavier 49,9", "souris 19,99")),
    "two things a sentence lists, two calls (EN)": Case(
        "How much do a keyboard and a mouse cost?", [UNIT_PRICE],
        [("get_price", {"product": "keyboard"}), ("get_price", {"product": "mouse"})], 2,
        ("keyboard 49.9", "mouse 19.99")),

    # -- 2. inputs from the request: enums told apart, numbers, units, languages, two places ---------------------
    "devises : deux enums distingués par from/to": Case(
        "Convertis 250 euros en dollars canadiens.", [CONVERT],
        [("convert_currency", {"amount": 250, "from_currency": "EUR", "to_currency": "CAD"})], 1,
        (("367,5", "367.5"),)),
    "currencies: pounds into US dollars (EN)": Case(
        "How much is 80 pounds in US dollars?", [CONVERT],
        [("convert_currency", {"amount": 80, "from_currency": "GBP", "to_currency": "USD"})], 1, ("117.6",)),
    "devises : source et cible en toutes lettres, codes libres": Case(
        "Combien valent 1000 yens en euros ?", [CONVERT_FR],
        [("convertir_devise", {"montant": 1000, "devise_source": "JPY", "devise_cible": "EUR"})], 1,
        (("6,2", "6.2"),)),
    "unités : km en miles (EN)": Case(
        "Convert 42 km to miles.", [UNITS],
        [("convert_units", {"value": 42, "from_unit": "km", "to_unit": "mi"})], 1, ("26.1",)),
    "température : fahrenheit vers celsius (EN)": Case(
        "Convert 100 Fahrenheit to Celsius please.", [TEMPERATURE],
        [("convert_temperature", {"value": 100, "from_scale": "F", "to_scale": "C"})], 1, ("37.8",)),
    "traduction vers une langue d'enum": Case(
        "Traduis « merci beaucoup » en allemand.", [TRADUIRE],
        [("traduire", {"texte": "merci beaucoup", "langue_cible": "allemand"})], 1, ("vielen Dank",)),
    "translation with source and target (EN)": Case(
        "Translate 'gracias' from Spanish to English.", [TRANSLATE],
        [("translate_text", {"text": "gracias", "source_lang": "es", "target_lang": "en"})], 1, ("thank you",)),
    "vols : origine et destination distinguées": Case(
        "Trouve-moi un vol de Paris à Montréal le 2025-03-14.", [FLIGHTS],
        [("search_flights", {"origin": "Paris", "destination": "Montréal", "date": "2025-03-14"})], 1,
        ("AC 871", "612")),
    "flights, to and from in the other order (EN)": Case(
        "I need a flight to Denver from Boston.", [FLIGHTS],
        [("search_flights", {"origin": "Boston", "destination": "Denver"})], 1, ("AC 871",)),
    "panier : un article et une quantité": Case(
        "Ajoute 3 croissants à mon panier.", [CART], [("add_to_cart", {"item": ("croissants", "croissant"),
                                                                       "quantity": 3})], 1, ("3",)),
    "hotel: city, date and nights (EN)": Case(
        "Book me a hotel in Lisbon from 2025-07-10 for 3 nights.", [HOTEL],
        [("book_hotel", {"city": "Lisbon", "check_in": "2025-07-10", "nights": 3})], 1, ("HTL-5521",)),
    "user by id, natural answer (EN)": Case(
        "Who is user 42?", [GET_USER], [("get_user", {"id": 42})], 1, ("Ada Lovelace", "pro"),
        never=("get_user —", "id: 42,", "Here is the result")),
    "un titre de ticket : ce qui suit les deux-points, et la priorité dite « urgent »": Case(
        "Ouvre un ticket urgent : le serveur de messagerie est en panne.", [CREATE_TICKET],
        [("create_ticket", {"title": "le serveur de messagerie est en panne", "priority": "high"})], 1,
        ("IT-9031",), never=("Pouvez-vous",)),
    "a ticket title after the colon (EN)": Case(
        "Open a critical ticket: the VPN is down.", [CREATE_TICKET],
        [("create_ticket", {"title": "the VPN is down", "priority": "critical"})], 1, ("IT-9031",),
        never=("Could you",)),
    "deux numéros de suivi qui mêlent chiffres et lettres, en parallèle": Case(
        "Où en sont mes colis 6A19283746501 et 8L55512340987 ?", [TRACK],
        [("track_package", {"tracking_number": "6A19283746501"}),
         ("track_package", {"tracking_number": "8L55512340987"})], 2,
        ("6A19283746501 en transit", "8L55512340987 livré"), never=("Pouvez-vous",)),
    "a parcel number that starts with a digit-letter code (EN)": Case(
        "Where is my package 1Z999AA10123456784?", [TRACK],
        [("track_package", {"tracking_number": "1Z999AA10123456784"})], 1, ("delivered",), never=("Could you",)),
    "deux valeurs de ses enums nommées désignent l'outil (« 12 livres en kilos »)": Case(
        "Combien font 12 livres en kilos ?", [WEIGHTS, PARKING],
        [("convert_weight", {"value": 12, "from_unit": "lb", "to_unit": "kg"})], 1, ("5,443 kg",),
        never=("Hors ligne",)),
    "deux entrepôts d'un enum nommés sans le mot « stock »": Case(
        "Combien d'unités de SKU-77 à Lille et à Lyon ?", [STOCK_LEVEL, PARKING],
        [("get_stock_level", {"sku": "SKU-77", "warehouse": "Lille"}),
         ("get_stock_level", {"sku": "SKU-77", "warehouse": "Lyon"})], 2, ("Lille 120", "Lyon 0"),
        never=("Hors ligne",)),
    "une durée « 1h30 » en minutes, et une heure « à 14h » dans un date-time": Case(
        "Réserve la salle Borée le 2026-12-07 à 14h pendant 1h30.", [MEETING],
        [("book_meeting_room", {"room": "Borée", "start": "2026-12-07T14:00:00", "duration_minutes": 90})], 1,
        ("RES-771",), never=("Pouvez-vous",)),
    "une date écrite avec le nom du mois (« le 3 décembre 2026 à 14h ») dans un date-time": Case(
        "Réserve la salle Atlas le 3 décembre 2026 à 14h pendant 1h30.", [MEETING],
        [("book_meeting_room", {"room": "Atlas", "start": "2026-12-03T14:00:00", "duration_minutes": 90})], 1,
        ("RES-771",), never=("Pouvez-vous",)),
    "a date written with the month's name (\"December 3, 2026 at 9:30\") in a date-time (EN)": Case(
        "Book room Borée on December 3, 2026 at 9:30 for 45 minutes.", [MEETING],
        [("book_meeting_room", {"room": "Borée", "start": "2026-12-03T09:30:00", "duration_minutes": 45})], 1,
        ("RES-771",), never=("Could you",)),
    "a duration in the unit the parameter's description names (EN)": Case(
        "Start a timer for 2 minutes.", [TIMER], [("start_timer", {"duration": 120})], 1, ("120",)),
    "« RTT » est un congé : le solde d'un salarié": Case(
        "Combien de RTT reste-t-il à l'employé E-3307 ?", [LEAVE_BALANCE, PARKING],
        [("get_leave_balance", {"employee_id": "E-3307", "leave_type": "RTT"})], 1, ("4,5",), never=("Hors ligne",)),
    "« Pose-moi un RTT » entre deux dates": Case(
        "Pose-moi un RTT du 2026-12-21 au 2026-12-23.", [REQUEST_LEAVE, PARKING],
        [("request_leave", {"start_date": "2026-12-21", "end_date": "2026-12-23", "type": "RTT"})], 1,
        ("DC-118",), never=("Hors ligne",)),
    "un paramètre sans genre connu prend ce que la demande cite entre guillemets": Case(
        "Adapte la recette « quiche lorraine » pour 6 personnes.", [SCALE_RECIPE],
        [("scale_recipe", {"recipe": "quiche lorraine", "servings": 6})], 1, ("375",), never=("Pouvez-vous",)),
    "un nombre égal à un nombre envoyé n'est pas un écho (6 œufs pour 6 personnes), ml suit la valeur": Case(
        "Adapte la recette « quiche lorraine » pour 6 personnes.", [SCALE_RECIPE],
        [("scale_recipe", {"recipe": "quiche lorraine", "servings": 6})], 1, ("oeufs 6", "creme 375 ml"),
        never=("creme ml",)),

    # -- answers written the way a model writes them ------------------------------------------------------------
    "addition : une phrase naturelle": Case(
        "Combien font 17 + 25 ?", [ADD], [("add", {"a": 17, "b": 25})], 1, ("42",),
        never=("Voici le résultat", "sum :", "add —")),
    "multiply in words (EN)": Case(
        "What is 12 times 8?", [MULTIPLY], [("multiply", {"x": 12, "y": 8})], 1, ("96",),
        never=("product:", "multiply —")),
    "soustraction en toutes lettres": Case(
        "Combien font 100 moins 37 ?", [SUBTRACT], [("soustraire", {"a": 100, "b": 37})], 1, ("63",),
        never=("resultat :",)),
    "météo : une phrase, pas une fiche": Case(
        "Il fait quel temps à Lille ?", [METEO], [("meteo_ville", {"ville": "Lille"})], 1, ("8", "Lille", "couvert"),
        never=("ville :", "Voici le résultat")),

    # -- 4. failures reported honestly, dependent steps across turns --------------------------------------------
    "résultat JSON avec une clé error": Case(
        "Quel temps fait-il à Lille ?", [METEO], [("meteo_ville", {"ville": "Lille"})], 1,
        ("erreur", "service down"), never=("Voici le résultat", "error :"),
        impl={"meteo_ville": lambda ville: {"error": "service down"}}),
    "result with status error and a message (EN)": Case(
        "What's the weather in Oslo?", [WEATHER], [("get_weather", {"city": "Oslo"})], 1,
        ("error", "city not found"), never=("Here is the result",),
        impl={"get_weather": lambda city: {"status": "error", "message": "city not found"}}),
    "résultat JSON avec une clé erreur (en français)": Case(
        "Convertis 10 euros en dollars.", [CONVERT], None, 1, ("erreur", "devise non prise en charge"),
        never=("Voici le résultat",),
        impl={"convert_currency": lambda **_: {"erreur": "devise non prise en charge"}}),
    "is_error, no invented price (EN)": Case(
        "What's the stock price of NVDA?", [STOCK], [("get_stock_price", {"ticker": "NVDA"})], 1,
        ("market closed",), never=("120.9",), impl={"get_stock_price": fails("market closed")}),
    "chaîne : l'identifiant qui manque vient d'un autre outil, appelé d'abord": Case(
        "Quelles sont les commandes du client paul@exemple.fr ?", [LIST_ORDERS, FIND_CUSTOMER],
        [("find_customer", {"email": "paul@exemple.fr"})], 2, ("CMD-1", "CMD-2"), never=("Pouvez-vous",),
        then=[("list_orders", {"customer_id": 7781})]),
    "chain: a user id from a lookup by name, then the posts (EN)": Case(
        "Show me the posts of Ada Lovelace.", [USER_POSTS, USER_BY_NAME],
        [("get_user_by_name", {"full_name": "Ada Lovelace"})], 2, ("Notes on the Engine",), never=("Could you",),
        then=[("get_user_posts", {"user_id": 42})]),
    "chaîne dont la première étape échoue : pas de deuxième appel, l'erreur est dite": Case(
        "Quelles sont les commandes du client paul@exemple.fr ?", [LIST_ORDERS, FIND_CUSTOMER],
        [("find_customer", {"email": "paul@exemple.fr"})], 1, ("client introuvable",), never=("CMD-1",),
        impl={"find_customer": lambda email: {"error": "client introuvable"}}),
    "cherche un prix puis calcule pour 3 personnes": Case(
        "Cherche le prix du billet Paris-Lyon puis calcule le prix pour 3 personnes.", [SEARCH_PRICE, CALCULATOR],
        [("search_price", {"route": "Paris-Lyon"})], 2, ("45", "135"), never=("Le calcul (45)",),
        then=[("calculator", {"expression": ("45 * 3", "45*3", "3 * 45")})]),
    "price including 20 % VAT (EN)": Case(
        "Look up the Marseille-Nice ticket price, then calculate it with 20% VAT.", [SEARCH_PRICE, CALCULATOR],
        [("search_price", {"route": "Marseille-Nice"})], 2, ("45", "54"),
        then=[("calculator", {"expression": ("45 * 1.2", "45 * 1.20", "45*1.2")})]),
    "la moitié d'un prix trouvé": Case(
        "Cherche le prix du trajet Lyon-Grenoble et calcule la moitié.", [SEARCH_PRICE, CALCULATOR],
        [("search_price", {"route": "Lyon-Grenoble"})], 2, ("22,5", "45"),
        then=[("calculator", {"expression": ("45 / 2", "45 * 0.5", "45/2")})]),
    "populations then a sum with an add tool (EN)": Case(
        "Look up the population of Canada and Australia and add them together.", [POPULATION, ADD],
        [("get_population", {"country": "Canada"}), ("get_population", {"country": "Australia"})], 3,
        ("66,700,000",), then=[("add", {"a": 40_100_000, "b": 26_600_000})]),

    # -- 5. tool_choice, as documented ---------------------------------------------------------------------------
    "tool_choice tool sur « Bonjour » : pas de ville « Bonjour »": Case(
        "Bonjour", [WEATHER], [("get_weather", {"city": "Paris"})], None, (),
        tool_choice={"type": "tool", "name": "get_weather"}, forced=True),
    "tool_choice tool on a greeting, no example to use (EN)": Case(
        "Hi there!", [AIR], [("get_air_quality", {"city": lambda v: v.lower() not in ("hi", "there", "hi there!",
                                                                                      "hi there")})],
        None, (), tool_choice={"type": "tool", "name": "get_air_quality"}, forced=True),
    "tool_choice any : l'outil pertinent, sans texte": Case(
        "Convertis 10 euros en dollars.", [METEO, CONVERT],
        [("convert_currency", {"amount": 10, "from_currency": "EUR", "to_currency": "USD"})], None, (),
        tool_choice={"type": "any"}, forced=True),
    "tool_choice none: text only (EN)": Case(
        "What's the air quality in Delhi?", [AIR], [], 0, ("tool",), tool_choice={"type": "none"}),
    "disable_parallel_tool_use: one call per response (EN)": Case(
        "Stock prices for Apple and Microsoft, please.", [STOCK],
        [("get_stock_price", {"ticker": ("Apple", "AAPL")})], 2, ("231.4", "415.2"),
        tool_choice={"type": "auto", "disable_parallel_tool_use": True}, each_turn=1),

    # -- 6. system prompt and language ---------------------------------------------------------------------------
    "system: French only, English question": Case(
        "What's the air quality in Paris?", [AIR], [("get_air_quality", {"city": "Paris"})], 1, ("41",),
        never=("Here is", "The air"), system="Tu es un assistant. Réponds uniquement en français."),
    "système : toujours en anglais, question en français": Case(
        "Quel est l'indice de qualité de l'air à Delhi ?", [AIR], [("get_air_quality", {"city": "Delhi"})], 1,
        ("182",), never=("Voici",), system="Always answer in English."),
    "système : JSON uniquement, avec un résultat": Case(
        "Donne le cours de l'action NVDA.", [STOCK], [("get_stock_price", {"ticker": "NVDA"})], 1, ("120",),
        system="Réponds uniquement en JSON.", json_answer=True),

    # -- multi-turn: facts stated earlier are used later -----------------------------------------------------------
    "multi-tour : la ville dite plus tôt (« chez moi »)": Case(
        [{"role": "user", "content": "J'habite à Nantes."},
         {"role": "assistant", "content": "C'est noté : vous habitez à Nantes."},
         {"role": "user", "content": "Quel temps fait-il chez moi ?"}], [METEO],
        [("meteo_ville", {"ville": "Nantes"})], 1, ("8", "Nantes")),
    "multi-turn: e-mail given earlier (EN)": Case(
        [{"role": "user", "content": "My email is ana@example.org."},
         {"role": "assistant", "content": "Thanks, noted."},
         {"role": "user", "content": "Please subscribe me to the newsletter."}], [SUBSCRIBE],
        [("subscribe_newsletter", {"email": "ana@example.org"})], 1, ("ana@example.org",)),
    "multi-turn: order number given earlier (EN)": Case(
        [{"role": "user", "content": "Hi, my order is ORD-3141."},
         {"role": "assistant", "content": "Thanks! How can I help with ORD-3141?"},
         {"role": "user", "content": "Can you check its status?"}], [ORDER],
        [("check_order", {"order_number": "ORD-3141"})], 1, ("shipped",)),
    "required value missing: ask, do not invent (EN)": Case(
        "What's the stock price?", [STOCK], [], 0, ("ticker",)),
    "valeur requise absente : il demande": Case(
        "Convertis cette somme en dollars canadiens.", [CONVERT], [], 0, (("montant", "amount"),)),
    "un enum requis que la demande ne nomme pas : il demande, avec les choix, sans inventer": Case(
        "Combien coûtent 2 heures de stationnement ?", [PARKING], [], 0, ("zone (rouge, verte ou orange)",)),
    "a required enum the request does not name: ask, with the options (EN)": Case(
        "Convert 100 dollars please.", [CONVERT], [], 0, ("to_currency (EUR, USD, CAD, GBP or JPY)",)),
    "un enum d'unité sans valeur dite : la valeur usuelle, pas une question": Case(
        "Quel temps fait-il à Brest ?", [tool("get_temperature", "Température actuelle.", ("city", "unit"), city=S,
                                              unit={"type": "string", "enum": ["celsius", "fahrenheit"]})],
        [("get_temperature", {"city": "Brest", "unit": "celsius"})], 1, ("11",),
        impl={"get_temperature": lambda city, unit: {"temp": 11}}),
    "an enum of language codes, the language said by name (EN)": Case(
        "Translate \"see you tomorrow\" into French.",
        [tool("translate", "Translate a text into a target language.", ("text", "target"), text=S,
              target={"type": "string", "enum": ["fr", "en", "de", "es"]})],
        [("translate", {"text": "see you tomorrow", "target": "fr"})], 1, ("à demain",),
        impl={"translate": lambda text, target: {"translation": "à demain"}}),
    "un enum de noms de langues anglais, la langue dite en français": Case(
        "Traduis « merci » en allemand.",
        [tool("traduire_texte", "Traduit un texte.", ("texte", "langue"), texte=S,
              langue={"type": "string", "enum": ["English", "Spanish", "German"]})],
        [("traduire_texte", {"texte": "merci", "langue": "German"})], 1, ("danke",),
        impl={"traduire_texte": lambda texte, langue: {"traduction": "danke"}}),

    # -- 8. split results: accepted, then one call per turn ----------------------------------------------------
    "split history then two more companies (EN)": Case(
        [{"role": "user", "content": "Stock prices of Apple and Microsoft?"},
         {"role": "assistant", "content": [
             {"type": "tool_use", "id": "toolu_A", "name": "get_stock_price", "input": {"ticker": "AAPL"}},
             {"type": "tool_use", "id": "toolu_M", "name": "get_stock_price", "input": {"ticker": "MSFT"}}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_A", "content": "231.4"}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_M", "content": "415.2"}]},
         {"role": "assistant", "content": "Apple: 231.4 USD, Microsoft: 415.2 USD."},
         {"role": "user", "content": "And Nvidia and Apple again?"}], [STOCK],
        [("get_stock_price", {"ticker": ("Nvidia", "NVDA")})], 2, ("120.9", "231.4"), each_turn=1),
}

# A dump of a tool's JSON is not how a model answers: « add — sum : 42 », "get_user — id: 42".
DUMP = re.compile(r"\w — \w+ ?:|Voici le résultat :|Here is the result:")


def _matches(expected, value) -> bool:
    if callable(expected):
        return isinstance(value, str) and expected(value)
    if isinstance(expected, tuple):
        return any(_matches(e, value) for e in expected)
    if isinstance(expected, str) and isinstance(value, str):
        return re.sub(r"\s+", "", expected) == re.sub(r"\s+", "", value) if "*" in expected or "/" in expected \
            else expected == value
    return expected == value and type(expected) is type(value) or (
        isinstance(expected, (int, float)) and isinstance(value, (int, float)) and expected == value)


def _check_calls(got: list[tuple[str, dict]], wanted: list) -> None:
    """The calls of one response: parallel calls run in any order, so the tools are compared as a multiset and
    each expected call is matched to the first call of its tool not matched yet."""
    assert sorted(n for n, _ in got) == sorted(n for n, _ in wanted), got
    pending = list(got)
    ordered = []
    for name, fields in wanted:
        index = next((i for i, (n, tool_input) in enumerate(pending) if n == name and all(
            k in tool_input and _matches(e, tool_input[k]) for k, e in fields.items())),
            next(i for i, (n, _) in enumerate(pending) if n == name))
        ordered.append(pending.pop(index))
    for (_, tool_input), (_, fields) in zip(ordered, wanted):
        for key, expected in fields.items():
            assert key in tool_input and _matches(expected, tool_input[key]), (key, tool_input)


def run(client, case: Case, max_turns: int = 8):
    """A correct agent loop: every result in one user message, errors as is_error. Returns the responses,
    the calls executed and the final text."""
    impl = dict(IMPL, **case.impl)
    messages = list(case.prompt) if isinstance(case.prompt, list) else [{"role": "user", "content": case.prompt}]
    extra = {k: v for k, v in (("tools", case.tools), ("system", case.system), ("tool_choice", case.tool_choice))
             if v}
    schemas = {t["name"]: t["input_schema"] for t in case.tools}
    responses, executed = [], []
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=2048, messages=messages, **extra)
        responses.append(reply)
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]})
        if reply.stop_reason != "tool_use" or case.forced:
            break
        results = []
        for block in reply.content:
            if block.type != "tool_use":
                continue
            jsonschema.validate(block.input, schemas[block.name])
            executed.append((block.name, block.input))
            try:
                content, error = json.dumps(impl[block.name](**block.input), ensure_ascii=False), False
            except Exception as exc:  # noqa: BLE001 - the tool's failure goes back to the model
                content, error = str(exc), True
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": error})
        messages.append({"role": "user", "content": results})
    final = "".join(b.text for b in responses[-1].content if b.type == "text")
    return responses, executed, final


def calls_of(response) -> list[tuple[str, dict]]:
    return [(b.name, b.input) for b in response.content if b.type == "tool_use"]


@pytest.mark.parametrize("name", CASES)
def test_independent_experiment(client, name):
    case = CASES[name]
    responses, executed, final = run(client, case)
    schemas = {t["name"]: t["input_schema"] for t in case.tools}
    for response in responses:
        for tool_name, tool_input in calls_of(response):
            jsonschema.validate(tool_input, schemas[tool_name])
    if case.first is not None:
        _check_calls(calls_of(responses[0]), case.first)
    if case.then is not None:
        assert len(responses) > 1, final
        _check_calls(calls_of(responses[1]), case.then)
    if case.total is not None:
        assert len(executed) == case.total, executed
    if case.each_turn is not None:
        assert all(len(calls_of(r)) <= case.each_turn for r in responses), [calls_of(r) for r in responses]
    if case.forced:
        assert responses[0].stop_reason == "tool_use", responses[0]
        assert all(b.type == "tool_use" for b in responses[0].content), responses[0].content
        return
    assert responses[-1].stop_reason == "end_turn", responses[-1]
    assert final.strip(), "empty answer"
    if case.json_answer:
        json.loads(final)
    else:
        assert not DUMP.search(final), final
    for word in case.says:
        options = word if isinstance(word, tuple) else (word,)
        assert any(o in final for o in options), (word, final)
    for word in case.never:
        assert word not in final, (word, final)


def _without_ids(message: dict) -> dict:
    return dict(message, id=None, content=[dict(b, id=None) if "id" in b else b for b in message["content"]])


def test_every_answer_is_deterministic_and_its_ids_unique(client):
    """Same request, same content: the whole first response of two rows, asked twice; but every response has its
    own message and tool_use ids, as the real API's (two responses never share an id)."""
    for name in ("cours de bourse de deux sociétés", "devises : deux enums distingués par from/to"):
        case = CASES[name]
        body = dict(model=MODEL, max_tokens=512, messages=[{"role": "user", "content": case.prompt}],
                    tools=case.tools)
        one, two = (client.messages.create(**body).model_dump() for _ in range(2))
        assert _without_ids(one) == _without_ids(two)
        assert one["id"] != two["id"]
        ids = [b["id"] for b in one["content"] + two["content"] if b["type"] == "tool_use"]
        assert len(ids) == len(set(ids))


def test_the_battery_is_large_and_bilingual():
    assert len(CASES) >= 40
    english = [n for n in CASES if "(EN)" in n or n.startswith(("system:", "split", "required", "multi-turn",
                                                                 "flights", "hotel", "user by", "result", "is_error",
                                                                 "price", "populations", "tool_choice none",
                                                                 "disable", "translation", "currencies", "stock"))]
    assert len(english) >= 15


# -- the Agent SDK path: the real CLI runs a learner's @tools, hooks and subagents, offline ------------------

def _agent_sdk_rows():
    from claude_agent_sdk import AgentDefinition, HookMatcher, create_sdk_mcp_server, tool as sdk_tool

    executed: list = []

    def reply(data):
        return {"content": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}]}

    @sdk_tool("get_stock_price", "Latest stock price for a company.",
              {"type": "object", "properties": {"ticker": {"type": "string", "description": "e.g. AAPL"}},
               "required": ["ticker"]})
    async def stock(args):
        executed.append(("get_stock_price", args))
        return reply(IMPL["get_stock_price"](args["ticker"]))

    @sdk_tool("convert_currency", "Convertit un montant d'une devise dans une autre.",
              CONVERT["input_schema"])
    async def convert(args):
        executed.append(("convert_currency", args))
        return reply(IMPL["convert_currency"](**args))

    @sdk_tool("delete_account", "Delete a user account.", {"user_id": int})
    async def delete_account(args):
        executed.append(("delete_account", args))
        return reply({"deleted": True})

    @sdk_tool("open_ticket", "Open a ticket for the support team.", {"user_id": int, "reason": str})
    async def open_ticket(args):
        executed.append(("open_ticket", args))
        return reply({"ticket": "SUP-77"})

    async def deny_deletes(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "Deleting accounts is not allowed here: use "
                                                                   "open_ticket so a human reviews it."}}

    bourse = {"bourse": create_sdk_mcp_server("bourse", tools=[stock])}
    devises = {"devises": create_sdk_mcp_server("devises", tools=[convert])}
    comptes = {"comptes": create_sdk_mcp_server("comptes", tools=[delete_account, open_ticket])}
    rows = {
        "@tool stock, two companies named (EN)": (
            "What are Apple and Microsoft trading at?",
            dict(mcp_servers=bourse, allowed_tools=["mcp__bourse__get_stock_price"]),
            [("get_stock_price", {"ticker": ("Apple", "AAPL")}), ("get_stock_price", {"ticker": ("Microsoft",
                                                                                                  "MSFT")})],
            ("231.4", "415.2")),
        "@tool devises à enums, prompt système": (
            "Convertis 250 euros en dollars canadiens.",
            dict(system_prompt="Tu es un assistant de change, bref.", mcp_servers=devises,
                 allowed_tools=["mcp__devises__convert_currency"]),
            [("convert_currency", {"amount": 250, "from_currency": "EUR", "to_currency": "CAD"})],
            (("367,5", "367.5"),)),
        "deny that names another tool (EN)": (
            "Delete the account of user 42.",
            dict(mcp_servers=comptes, allowed_tools=["mcp__comptes__delete_account", "mcp__comptes__open_ticket"],
                 hooks={"PreToolUse": [HookMatcher(matcher="mcp__comptes__delete_account", hooks=[deny_deletes])]}),
            [("open_ticket", {"user_id": 42})], ("open_ticket", "SUP-77")),
        "subagent de change avec son propre outil": (
            "Combien font 250 euros en dollars canadiens ?",
            dict(mcp_servers=devises, allowed_tools=["Agent", "mcp__devises__convert_currency"],
                 agents={"change": AgentDefinition(description="Convertit des montants entre devises.",
                                                   prompt="Tu es l'agent de change.",
                                                   tools=["mcp__devises__convert_currency"])}),
            [("convert_currency", {"amount": 250, "from_currency": "EUR", "to_currency": "CAD"})],
            ("change", ("367,5", "367.5"))),
    }
    return rows, executed


@pytest.mark.cli
@pytest.mark.timeout(180)
def test_agent_sdk_independent_experiments():
    """Four learner experiments on the real CLI, offline, in one test (each query() costs about a second)."""
    import anyio
    from claude_agent_sdk import ResultMessage, query

    import helpers
    rows, executed = _agent_sdk_rows()

    async def go(prompt, options):
        return [m async for m in query(prompt=prompt, options=helpers.agent_options(max_turns=8, **options))]

    for name, (prompt, options, wanted, words) in rows.items():
        executed.clear()
        messages = anyio.run(go, prompt, options)
        result = [m for m in messages if isinstance(m, ResultMessage)][-1]
        assert result.subtype == "success", (name, result)
        _check_calls(list(executed), wanted)
        assert not DUMP.search(result.result), (name, result.result)
        for word in words:
            options_ = word if isinstance(word, tuple) else (word,)
            assert any(o in result.result for o in options_), (name, word, result.result)
