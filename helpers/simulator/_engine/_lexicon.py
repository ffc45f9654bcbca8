"""Words the simulated model knows: stems, a small synonym table (French and English), stop words.

Everything here is data. A *concept* groups the words that mean one thing for choosing a tool
(« météo », « temps », "weather", "forecast" → weather); a tool is relevant when its name,
description or parameters share concepts or meaningful words with the request.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

CONCEPTS: dict[str, tuple[str, ...]] = {
    "weather": ("meteo", "temps", "weather", "temperature", "forecast", "prevision", "pluie", "rain", "climat",
                "climate", "degre", "degree", "chaud", "froid", "hot", "cold", "soleil", "sunny", "neige", "snow",
                "vent", "wind", "humidite", "humidity", "beau", "ensoleille", "nuageux", "cloudy", "orage",
                "storm", "parapluie", "umbrella"),
    "pay": ("paie", "payer", "paye", "paiement", "payment", "pay", "verse", "verser", "virement", "transfer",
            "regle", "regler"),
    "time": ("heure", "time", "horloge", "clock", "timezone", "fuseau", "horaire"),
    "order": ("commande", "order", "colis", "parcel", "package", "livraison", "delivery", "shipping", "expedition",
              "suivi", "tracking", "track"),
    "sum": ("somme", "additionne", "additionner", "addition", "ajoute", "ajouter", "add", "adds", "sum", "plus",
            "total", "+"),
    "product": ("multiplie", "multiplier", "multiplication", "produit", "multiply", "times", "product", "*", "×",
                "fois"),
    "difference": ("soustrais", "soustraire", "soustraction", "moins", "difference", "subtract", "minus", "-"),
    "quotient": ("divise", "diviser", "division", "quotient", "divide", "divided", "/", "÷"),
    "calc": ("calcul", "calcule", "calculer", "calculate", "calculator", "calculatrice", "compute", "arithmetique",
             "arithmetic", "math", "maths", "expression", "evaluate", "evalue", "combien", "power", "puissance",
             "squared", "carre", "pourcentage", "percent", "percentage", "%", "racine", "sqrt"),
    "translate": ("traduis", "traduire", "traduction", "traducteur", "translate", "translation", "translator"),
    "user": ("utilisateur", "user", "client", "customer", "compte", "account", "profil", "profile", "membre",
             "member"),
    "search": ("cherche", "chercher", "recherche", "rechercher", "search", "find", "trouve", "trouver", "lookup",
               "wiki", "wikipedia", "information", "informations", "renseigne", "doc", "docs", "documentation",
               "faq", "manuel", "manual", "knowledge"),
    "population": ("population", "habitant", "habitants", "inhabitant", "inhabitants", "peuple"),
    "send": ("envoie", "envoyer", "send", "mail", "email", "courriel", "message", "notifie", "notify"),
    "stock": ("action", "bourse", "stock", "share", "shares", "ticker", "cotation", "cours", "trading", "traded",
              "trade", "cote", "nasdaq", "nyse", "cac"),
    "currency": ("taux", "change", "devise", "currency", "exchange", "rate", "euro", "euros", "dollar", "dollars",
                 "yen", "yens", "livre", "livres", "pound", "pounds", "sterling",
                 "eur", "usd", "jpy", "gbp", "chf", "cad", "cny", "aud"),   # ISO 4217 codes, folded
    "convert": ("convertis", "convertir", "conversion", "convert", "conversion", "converti", "converter"),
    "refund": ("rembourse", "rembourser", "remboursement", "refund", "reimburse"),
    "file": ("fichier", "file", "document", "lis", "lire", "read", "contenu", "content"),
    "calendar": ("agenda", "calendrier", "calendar", "rendez-vous", "rdv", "meeting", "reunion", "evenement",
                 "event", "planning", "schedule"),
    "warranty": ("garantie", "garanti", "garantis", "garanties", "warranty", "guarantee", "guaranteed", "sav"),
    "holiday": ("ferie", "feries", "holiday", "holidays", "conge", "conges", "vacances", "vacation", "pont", "rtt",
                "leave", "pto"),
    "news": ("actualite", "actualites", "news", "nouvelles", "journal", "headline"),
    "price": ("prix", "price", "cout", "cost", "tarif", "coute", "costs", "couter", "coutent", "coutera",
              "couteront", "coutait", "coutaient"),
    "stock_level": ("stock", "inventaire", "inventory", "disponible", "available", "quantite", "quantity"),
    "train": ("train", "gare", "station", "depart", "departure", "horaires", "tgv", "ter", "rer", "intercites",
              "ouigo", "sncf", "railway", "rail"),
    "delay": ("retard", "retards", "retarde", "retardee", "delay", "delays", "delayed", "late", "ponctualite",
              "punctuality"),
    "distance": ("distance", "trajet", "route", "routier", "itineraire", "directions", "voiture", "drive",
                 "driving", "conduire", "aller", "rejoindre", "travel", "trip"),
    "define": ("definition", "define", "definis", "signifie", "mean", "meaning", "dictionnaire", "dictionary"),
    "invoice": ("facture", "factures", "invoice", "invoices", "bill", "billing", "facturation"),
    "ticket": ("ticket", "tickets", "incident", "support"),
    "flight": ("vol", "vols", "flight", "flights", "avion", "plane", "airline", "aeroport", "airport"),
    "air": ("air", "pollution", "aqi", "polluant", "pollutant", "smog"),
    "cart": ("panier", "cart", "basket", "caddie"),
    "booking": ("reserve", "reserver", "reservation", "book", "booking", "hotel", "chambre", "room", "nuit",
                "nuits", "night", "nights"),
    "subscribe": ("abonne", "abonner", "inscris", "inscrire", "subscribe", "subscription", "newsletter", "sign"),
    "length": ("longueur", "length", "km", "miles", "kilometre", "kilometres", "kilometer", "kilometers", "mile", "metre",
               "metres", "meter", "meters", "pied", "pieds", "feet", "foot"),
    "cancel": ("annule", "annuler", "annulation", "cancel", "cancellation", "abort", "resilie", "resilier"),
    "reminder": ("rappel", "rappels", "reminder", "remind", "alarme", "alarm", "reveil", "memo"),
    "nutrition": ("calorie", "calories", "kcal", "nutrition", "nutritionnel", "nutritional", "proteine", "protein",
                  "glucide", "carbs", "vitamine", "vitamin", "aliment", "food"),
    "availability": ("libre", "libres", "creneau", "creneaux", "disponibilite", "disponibilites", "dispo", "dispos",
                     "availability", "slot", "slots", "occupe", "occupes", "busy"),
    "duration": ("duree", "duration", "long", "longtemps"),
    "escalate": ("escalade", "escalader", "escalate", "humain", "human", "conseiller", "agent", "superviseur",
                 "supervisor", "transfert", "handoff"),
}

# Words too common to say anything about a tool.
STOP_WORDS = frozenset("""
a à au aux avec ce ces cet cette dans de des du elle en est et etre être il ils je la le les leur lui ma mais me
mes moi mon ne nous on ou où par pas pour qu que quel quelle quelles quels qui sa se ses son sur ta te tes toi
ton tu un une vos votre vous y fait faire fais peux peut pouvez donne donner dis dire moi stp svp merci bonjour
salut combien comment quoi est-ce c'est s'il plait plaît
the a an and or of to in on at for from by with is are was be been it its this that these those what which who
how when where why can could would should will please me my your you i we our us do does did tell give get
show hello hi thanks thank
car ici non oui peu bon bien tres très tout tous toute lors ton ses nos vos mes eux sont ont avait été
new all any one two not now use via but per off out own has had was did got let put run see say may yes yet
too also just very much more most some such than then them they into over only like want need needs
""".split())

FRENCH_MARKERS = frozenset("""
le la les des du de est et quel quelle quels quelles il elle fait je tu vous nous une un pour avec dans sur
combien comment pourquoi peux pouvez moi mon ma mes ton ta ce cette qui que quoi bonjour merci oui non à où
aujourd'hui demain temps fais donne dis traduis additionne calcule cherche s'il plaît
""".split())
ENGLISH_MARKERS = frozenset("""
the is are what which who how why and of to in for with my your you me please can could would hello hi
thanks today tomorrow weather tell give translate add calculate find search what's whats it's i'm
""".split())

# Language names → ISO 639-1 codes.
LANGUAGES = {
    "anglais": "en", "english": "en", "francais": "fr", "french": "fr", "espagnol": "es", "spanish": "es",
    "allemand": "de", "german": "de", "italien": "it", "italian": "it", "japonais": "ja", "japanese": "ja",
    "chinois": "zh", "chinese": "zh", "portugais": "pt", "portuguese": "pt", "neerlandais": "nl", "dutch": "nl",
}

# Numbers written in words (not « un » / "one": an article, or a pronoun, more often than a count).
NUMBER_WORDS = {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
                "douze": 12, "quinze": 15, "vingt": 20, "trente": 30, "two": 2, "three": 3, "four": 4, "five": 5,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20,
                "thirty": 30}

# Codes a request names in words (folded). An enum value or a code-like parameter is matched through them:
# « dollars canadiens » → CAD, "pounds" → GBP for a currency, lb for a weight. Longest words first.
ALIASES: dict[str, tuple[str, ...]] = {
    # currencies (ISO 4217)
    "eur": ("euros", "euro", "€"), "usd": ("dollars americains", "dollars us", "us dollars", "us dollar",
                                          "dollars", "dollar", "$"),
    "cad": ("dollars canadiens", "dollar canadien", "canadian dollars", "canadian dollar"),
    "gbp": ("livres sterling", "livre sterling", "pounds sterling", "livres", "livre", "pounds", "pound",
            "sterling", "£"),
    "jpy": ("yens", "yen", "¥"), "chf": ("francs suisses", "franc suisse", "swiss francs", "swiss franc", "chf"),
    "cny": ("yuans", "yuan", "renminbi"), "aud": ("dollars australiens", "australian dollars"),
    # lengths and weights
    "km": ("kilometres", "kilometre", "kilometers", "kilometer", "km"), "mi": ("miles", "mile"),
    "m": ("metres", "metre", "meters", "meter"), "ft": ("feet", "foot", "pieds", "pied"),
    "cm": ("centimetres", "centimetre", "centimeters", "centimeter"), "in": ("inches", "inch", "pouces", "pouce"),
    "kg": ("kilogrammes", "kilogramme", "kilograms", "kilogram", "kilos", "kilo"),
    "lb": ("pounds", "pound", "lbs", "livres", "livre"),
    "oz": ("ounces", "ounce", "onces", "once"),
    "g": ("grammes", "gramme", "grams", "gram"),
    # enum values a request often says in other words (a status, a priority, a day)
    "late": ("en retard", "retard", "overdue"), "overdue": ("en retard", "retard"),
    "done": ("terminees", "terminee", "termines", "termine", "finies", "fini", "faites", "completed"),
    "todo": ("a faire",), "pending": ("en attente", "waiting"), "in_progress": ("en cours", "in progress"),
    "open": ("ouverts", "ouvertes", "ouvert", "ouverte"), "closed": ("fermes", "fermees", "ferme", "fermee", "clos"),
    "high": ("haute", "elevee", "urgent", "urgente", "urgents"), "low": ("basse", "faible"), "medium": ("moyenne",),
    "today": ("aujourd'hui", "aujourd hui", "ce soir", "tonight"), "tomorrow": ("demain",),
    "yesterday": ("hier",), "week": ("semaine",), "month": ("mois",),
    # temperature scales
    "c": ("celsius", "centigrade", "°c"), "f": ("fahrenheit", "°f"), "k": ("kelvin",),
    "celsius": ("°c", "degres celsius"), "fahrenheit": ("°f",),
}
# Words that introduce the value a « to » / « from » parameter wants (« en dollars », "from Boston").
TO_CUES = frozenset({"en", "vers", "to", "into", "in", "a", "pour", "jusqu", "->", "→"})
FROM_CUES = frozenset({"de", "d", "du", "des", "from", "depuis", "since"})
# Parameter names (folded words) that say which end of a pair a value belongs to.
TO_ROLE = frozenset({"to", "target", "dest", "destination", "cible", "arrival", "arrivee", "into", "output", "vers",
                     "end", "fin", "quote", "converted"})
FROM_ROLE = frozenset({"from", "source", "src", "origin", "origine", "depart", "departure", "base", "start", "debut",
                       "initial"})
# Well-known companies → their ticker (a model knows these; any other name is passed as written).
TICKERS = {"apple": "AAPL", "microsoft": "MSFT", "nvidia": "NVDA", "google": "GOOGL", "alphabet": "GOOGL",
           "amazon": "AMZN", "tesla": "TSLA", "meta": "META", "facebook": "META", "netflix": "NFLX", "intel": "INTC",
           "ibm": "IBM", "oracle": "ORCL", "adobe": "ADBE", "salesforce": "CRM", "amd": "AMD", "airbus": "AIR.PA",
           "lvmh": "MC.PA", "totalenergies": "TTE.PA", "sanofi": "SAN.PA", "danone": "BN.PA", "renault": "RNO.PA"}

# Property names (normalised) per kind of value: how the model knows what a parameter wants.
PROPERTY_KINDS: dict[str, tuple[str, ...]] = {
    "place": ("location", "city", "ville", "place", "lieu", "localite", "pays", "country", "destination", "origin",
              "origine", "region", "town", "commune", "adresse", "address", "where", "station", "gare"),
    "email": ("email", "e_mail", "mail", "courriel", "adresse_mail", "adresse_email"),
    "language": ("language", "langue", "lang", "target", "target_lang", "target_language", "langue_cible",
                 "source_lang", "source_language", "from_lang", "locale"),
    "text": ("text", "texte", "phrase", "sentence", "content", "contenu", "message", "body", "corps", "input",
             "prompt", "question", "query", "q", "requete", "search", "terms", "keywords", "mots_cles", "topic",
             "sujet", "subject", "description", "summary", "resume", "note", "comment", "commentaire", "word", "mot",
             "term", "terme", "reason", "raison", "motif", "cause", "justification", "why", "pourquoi", "title",
             "titre", "intitule", "objet_du_ticket", "issue", "probleme", "problem"),
    "expression": ("expression", "expr", "formula", "formule", "calcul", "calculation", "equation", "operation"),
    "person": ("name", "nom", "prenom", "first_name", "last_name", "full_name", "fullname", "nom_complet", "person",
               "personne", "recipient", "destinataire", "username", "user_name"),
    "date": ("date", "day", "jour", "when", "quand", "start_date", "end_date", "date_debut", "date_fin", "deadline",
             "echeance"),
    "unit": ("unit", "unite", "units", "unites", "scale", "echelle"),
    "currency": ("currency", "devise", "from_currency", "to_currency", "base", "pair", "paire", "quote_currency",
                 "base_currency", "source_currency", "target_currency", "devise_source", "devise_cible"),
    "url": ("url", "uri", "link", "lien", "website", "site", "domain", "domaine", "host", "hostname", "ip",
            "ip_address", "adresse_ip", "endpoint", "server", "serveur"),
    "ticker": ("symbol", "symbole", "ticker", "stock", "action", "stock_symbol", "ticker_symbol"),
    "item": ("item", "article", "product", "produit", "objet", "thing", "dish", "plat", "food", "ingredient",
             "product_name", "item_name", "nom_produit"),
}
# Property names of a search query: the request without its command verb and next step.
QUERY_NAMES = frozenset({"query", "q", "requete", "search", "terms", "keywords", "mots_cles", "search_query",
                         "search_terms", "recherche"})
CURRENCY_CODES = ("EUR", "USD", "CAD", "GBP", "JPY", "CHF", "CNY", "AUD")

# Words that introduce a number's meaning (the number after them is an id, not an operand).
ID_CUES = ("utilisateur", "user", "client", "customer", "compte", "account", "numero", "numéro", "n°", "no", "id",
           "#", "membre", "member", "ticket", "dossier", "case", "employe", "employee", "produit", "product", "article",
           "item", "commande", "order")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Lower case without accents: « Météo » → "meteo"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*|[+*×÷/%-]")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def words(text: str) -> list[str]:
    """Folded words of a text; identifiers are split (get_weather, getWeather → get, weather)."""
    return list(_split_words(text))


@lru_cache(maxsize=1024)
def _split_words(text: str) -> tuple[str, ...]:
    spaced = _CAMEL.sub(" ", text).replace("_", " ").replace("'", " ").replace("’", " ")
    return tuple(_WORD.findall(fold(spaced)))


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light French/English stem: enough to match « commandes » with "commande", "orders" with "order"."""
    for suffix in ("ements", "ement", "ations", "ation", "ings", "ing", "ees", "ee", "es", "s", "e"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


_INDEX: dict[str, str] = {}
for _concept, _words in CONCEPTS.items():
    for _w in _words:
        _INDEX.setdefault(_w, _concept)
        _INDEX.setdefault(stem(_w), _concept)


def concepts(tokens: list[str]) -> set[str]:
    found = set()
    for token in tokens:
        concept = _INDEX.get(token) or _INDEX.get(stem(token))
        if concept:
            found.add(concept)
    return found


def meaningful(tokens: list[str]) -> set[str]:
    """Stems of the words that carry meaning (no stop words, no tiny words)."""
    return {stem(t) for t in tokens if len(t) >= 3 and t not in STOP_WORDS and not t.isdigit()}
