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
             "arithmetic", "math", "maths", "expression", "evaluate", "evalue", "combien"),
    "translate": ("traduis", "traduire", "traduction", "traducteur", "translate", "translation", "translator"),
    "user": ("utilisateur", "user", "client", "customer", "compte", "account", "profil", "profile", "membre",
             "member"),
    "search": ("cherche", "chercher", "recherche", "rechercher", "search", "find", "trouve", "trouver", "lookup",
               "wiki", "wikipedia", "information", "informations", "renseigne"),
    "population": ("population", "habitant", "habitants", "inhabitant", "inhabitants", "peuple"),
    "send": ("envoie", "envoyer", "send", "mail", "email", "courriel", "message", "notifie", "notify"),
    "stock": ("action", "bourse", "stock", "share", "ticker", "cotation", "cours"),
    "currency": ("taux", "change", "devise", "currency", "exchange", "rate", "convertis", "convertir", "convert",
                 "euro", "euros", "dollar", "dollars", "yen"),
    "refund": ("rembourse", "rembourser", "remboursement", "refund", "reimburse"),
    "file": ("fichier", "file", "document", "lis", "lire", "read", "contenu", "content"),
    "calendar": ("agenda", "calendrier", "calendar", "rendez-vous", "rdv", "meeting", "reunion", "evenement",
                 "event", "planning", "schedule"),
    "news": ("actualite", "actualites", "news", "nouvelles", "journal", "headline"),
    "price": ("prix", "price", "cout", "cost", "tarif", "coute", "costs"),
    "stock_level": ("stock", "inventaire", "inventory", "disponible", "available", "quantite", "quantity"),
    "train": ("train", "gare", "station", "depart", "departure", "horaires"),
    "distance": ("distance", "km", "kilometre", "kilometres", "miles", "trajet", "route", "itineraire"),
    "define": ("definition", "define", "definis", "signifie", "mean", "meaning", "dictionnaire", "dictionary"),
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
             "term", "terme", "reason", "raison", "motif", "cause", "justification", "why", "pourquoi"),
    "expression": ("expression", "expr", "formula", "formule", "calcul", "calculation", "equation", "operation"),
    "person": ("name", "nom", "prenom", "first_name", "last_name", "person", "personne", "recipient",
               "destinataire", "username", "user_name"),
    "date": ("date", "day", "jour", "when", "quand", "start_date", "end_date", "date_debut", "date_fin", "deadline",
             "echeance"),
    "unit": ("unit", "unite", "units", "unites", "scale", "echelle"),
    "currency": ("currency", "devise", "from_currency", "to_currency", "from", "to_cur", "base", "pair", "paire",
                 "source_currency", "target_currency", "devise_source", "devise_cible"),
    "ticker": ("symbol", "symbole", "ticker", "stock", "action"),
}

# Words that introduce a number's meaning (the number after them is an id, not an operand).
ID_CUES = ("utilisateur", "user", "client", "customer", "compte", "account", "numero", "numéro", "n°", "no", "id",
           "#", "membre", "member", "ticket", "dossier", "case", "employe", "employee", "produit", "product", "article",
           "item", "commande", "order")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Lower case without accents: « Météo » → "meteo"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*|[+*×÷/-]")
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
    return {stem(t) for t in tokens if len(t) >= 4 and t not in STOP_WORDS and not t.isdigit()}
