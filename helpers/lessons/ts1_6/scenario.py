"""Pull requests to review: the notebook's 12-file one, and random ones for the checks.

Each file starts with a comment holding its path (how the simulated reviewer tells files apart).
Local defects are planted as code the reviewer recognises; one cross-file defect is planted as a
call whose keyword does not match the parameter the other file defines — a bug no single file shows.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

# kind → (lines inserted in a function body, or a signature change); {a} {b} are fresh identifiers
DEFECTS = {
    "sql": ['curseur.execute(f"SELECT * FROM {a} WHERE id = {{{b}}}")'],
    "except_pass": ["try:", "    notifier({b})", "except Exception:", "    pass"],
    "tls": ['reponse = requests.get("https://api.exemple.fr/{a}", verify=False, timeout=5)'],
    "off_by_one": ["for i in range(len({b}) + 1):", "    cumul = {b}[i]"],
    "secret": ['mot_de_passe = "{a}-2024-prod"'],
    "eval": ["regle = eval({b})"],
    "division": ["moyenne = sum({b}) / len({b})"],
    "float_money": ["montant = float(prix_{a})"],
    "none_eq": ["if {b} == None:", "    return None"],
}
SEVERE = {"sql", "except_pass", "tls", "off_by_one", "secret", "eval"}

PACKAGES = ["boutique", "facturation", "livraison", "catalogue", "paiement", "compte"]
MODULES = ["montants", "panier", "remises", "taxes", "export", "stock", "adresses", "factures", "notifications",
           "journal", "devises", "promotions", "retours", "clients", "rapports", "colis", "tarifs", "avoirs"]
VERBS = ["calculer", "valider", "preparer", "charger", "formater", "estimer", "appliquer", "verifier", "enregistrer",
         "arrondir", "convertir", "regrouper"]
NOUNS = ["total", "remise", "taxe", "frais", "poids", "delai", "solde", "quota", "marge", "acompte", "tarif", "lot"]
PARAMS = ["montant_centimes", "quantite", "code_pays", "identifiant", "lignes", "devise", "taux", "poids_grammes",
          "date_commande", "client", "options", "reference"]
WRONG = {"montant_centimes": "montant_euros", "poids_grammes": "poids_kg", "taux": "pourcentage",
         "quantite": "nombre", "code_pays": "pays", "devise": "monnaie", "lignes": "articles",
         "identifiant": "id_client", "date_commande": "jour", "client": "acheteur", "options": "parametres",
         "reference": "ref"}


@dataclass
class Function:
    name: str
    params: list[str]
    body: list[str]


@dataclass
class SourceFile:
    path: str
    summary: str
    functions: list[Function]
    imports: list[tuple[str, str, dict]] = field(default_factory=list)   # (module path, function, call kwargs)
    defects: list[str] = field(default_factory=list)

    @property
    def module(self) -> str:
        return self.path[:-3].replace("/", ".")

    def source(self) -> str:
        lines = [f"# {self.path} — {self.summary}", f'"""{self.summary[0].upper()}{self.summary[1:]}."""']
        for module_path, name, _kwargs in self.imports:
            lines.append(f"from {module_path[:-3].replace('/', '.')} import {name}")
        for function in self.functions:
            lines += ["", "", f"def {function.name}({', '.join(function.params)}):"]
            lines += [f"    {line}" for line in function.body]
        return "\n".join(lines) + "\n"


@dataclass
class PullRequest:
    files: list[SourceFile]
    cross: tuple[str, str, str]          # (caller path, callee path, function) of the planted mismatch

    @property
    def sources(self) -> dict[str, str]:
        return {f.path: f.source() for f in self.files}

    def planted(self, path: str) -> list[str]:
        return next(f.defects for f in self.files if f.path == path)


def _clean_body(params: list[str], calls: list[str]) -> list[str]:
    first = params[0]
    body = [f"resultat = dict({first}={first})"] + calls
    for p in params[1:]:
        body.append(f"resultat[\"{p}\"] = {p}")
    body.append("return resultat")
    return body


def _defect_lines(kind: str, r: random.Random, params: list[str]) -> list[str]:
    a = r.choice(["commandes", "clients", "factures", "stocks", "avoirs"])
    b = params[-1]
    return [line.format(a=a, b=b) for line in DEFECTS[kind]]


def generate(seed: int, count: int, defect_rate: float = 0.5, long_files: int = 0) -> PullRequest:
    """A random pull request of `count` files (4–15), local defects and one cross-file mismatch.

    `long_files` of them are made long (6 000–9 000 characters, private helpers added) and hold 4–6 defects, one kind
    twice (two findings with the same text, on different lines): whatever a function cuts — a file at some length, a
    file's findings at some count, findings of the same text — loses what the reviewer would have found there.
    """
    r = random.Random(seed)
    package = r.choice(PACKAGES)
    modules = r.sample(MODULES, count)
    names = r.sample([f"{v}_{n}" for v in VERBS for n in NOUNS], count * 2)
    files: list[SourceFile] = []
    for i, module in enumerate(modules):
        functions = []
        for j in range(r.choice([1, 2])):
            params = r.sample(PARAMS, r.randint(2, 3))
            functions.append(Function(names[2 * i + j], params, []))
        files.append(SourceFile(f"{package}/{module}.py", f"module {module} de {package}", functions))
    # Imports: a few files call a function of another file, with the right keywords.
    callee_of: dict[int, int] = {}
    for i in range(1, count):
        if r.random() < 0.6:
            callee_of[i] = r.randrange(0, i)
    if not callee_of:
        callee_of[count - 1] = 0
    mismatch = r.choice(sorted(callee_of))
    cross = ("", "", "")
    for caller, callee in callee_of.items():
        target = files[callee].functions[0]
        kwargs = {p: p for p in target.params}
        if caller == mismatch:
            wrong = r.choice(target.params)
            kwargs = {(WRONG[p] if p == wrong else p): p for p in target.params}
            cross = (files[caller].path, files[callee].path, target.name)
        files[caller].imports.append((files[callee].path, target.name, kwargs))
    for f in files:
        for j, function in enumerate(f.functions):
            calls = []
            if j == 0:
                for _path, name, kwargs in f.imports:
                    args = ", ".join(f"{k}={function.params[0]}" for k in kwargs)
                    calls.append(f"resultat[\"{name}\"] = {name}({args})")
            function.body = _clean_body(function.params, calls)
    # Local defects: at least two files, never all of them.
    planted = r.sample(range(count), min(count - 1, max(2, round(count * defect_rate))))
    for i in planted:
        kind = r.choice(sorted(DEFECTS))
        target = r.choice(files[i].functions)
        target.body = target.body[:-1] + _defect_lines(kind, r, target.params) + target.body[-1:]
        files[i].defects.append(kind)
    if long_files:
        _lengthen(files, random.Random(f"longs-{seed}"), long_files)
    return PullRequest(files, cross)


def _lengthen(files: list[SourceFile], r: random.Random, n: int) -> None:
    """Private helpers (no export, so the interface stays short) until the file is long, then several defects."""
    spare = [f"_{v}_{o}" for v in VERBS for o in NOUNS]
    r.shuffle(spare)
    for f in r.sample(files, min(n, len(files))):
        target = r.randint(6000, 9000)
        helpers: list[Function] = []
        while len(f.source()) < target and spare:
            params = r.sample(PARAMS, r.randint(2, 3))
            helper = Function(spare.pop(), params, _clean_body(params, []))
            helpers.append(helper)
            f.functions.append(helper)
        kinds = r.sample(sorted(DEFECTS), r.randint(3, 5))
        kinds.append(kinds[0])                 # the same defect twice: two findings, same text, two lines
        # Spread over the file, the last one near its end (past any cut a function might make).
        for index, kind in enumerate(kinds):
            helper = helpers[-1] if index == len(kinds) - 1 else r.choice(helpers[:-1])
            helper.body = helper.body[:-1] + _defect_lines(kind, r, helper.params) + helper.body[-1:]
            f.defects.append(kind)


def demo() -> PullRequest:
    """The notebook's pull request: 12 files of a shop's checkout. Planted: the same minor pattern in
    files 2 and 9, a severe defect in files 3, 6 and 11, and a unit mismatch between files 4 and 10."""
    def f(path, summary, functions, imports=(), defects=()):
        return SourceFile(path, summary, [Function(n, p, b) for n, p, b in functions], list(imports), list(defects))

    files = [
        f("boutique/panier.py", "contenu du panier", [
            ("ajouter_article", ["panier", "reference", "quantite"],
             ["lignes = panier.setdefault(\"lignes\", [])", "lignes.append({\"reference\": reference, "
              "\"quantite\": quantite})", "return panier"])]),
        f("boutique/clients.py", "fiche client", [
            ("charger_client", ["base", "identifiant"],
             ["client = base.get(identifiant)", "if client == None:", "    raise KeyError(identifiant)",
              "return client"])], defects=["none_eq"]),
        f("boutique/stock.py", "réservation du stock", [
            ("reserver", ["curseur", "reference", "quantite"],
             ['curseur.execute(f"UPDATE stock SET reserve = reserve + {quantite} WHERE ref = \'{reference}\'")',
              "return quantite"])], defects=["sql"]),
        f("boutique/montants.py", "montants en centimes", [
            ("convertir", ["montant_centimes", "devise"],
             ["taux = {\"EUR\": 1, \"CHF\": 0.96}[devise]", "return round(montant_centimes * taux)"])]),
        f("boutique/remises.py", "codes de remise", [
            ("appliquer_remise", ["total_centimes", "code"],
             ["remise = {\"BIENVENUE\": 500, \"FIDELE\": 1000}.get(code, 0)",
              "return max(0, total_centimes - remise)"])]),
        f("boutique/paiement.py", "appel au prestataire de paiement", [
            ("debiter", ["session", "montant_centimes", "carte"],
             ['reponse = session.post("https://psp.exemple.fr/debit", json={"montant": montant_centimes, '
              '"carte": carte}, verify=False)', "return reponse.json()"])], defects=["tls"]),
        f("boutique/livraison.py", "frais de livraison", [
            ("frais_livraison", ["poids_grammes", "code_pays"],
             ["base = 490 if code_pays == \"FR\" else 1290", "return base + poids_grammes // 500 * 150"])]),
        f("boutique/taxes.py", "TVA par pays", [
            ("taux_tva", ["code_pays"],
             ["return {\"FR\": 0.20, \"BE\": 0.21, \"CH\": 0.081}.get(code_pays, 0.20)"])]),
        f("boutique/adresses.py", "adresses de livraison", [
            ("adresse_principale", ["client"],
             ["adresse = client.get(\"adresse\")", "if adresse == None:", "    return \"\"",
              "return adresse"])], defects=["none_eq"]),
        f("boutique/facture.py", "facture finale", [
            ("total_facture", ["panier", "code_pays", "devise"],
             ["sous_total = sum(l[\"prix_centimes\"] * l[\"quantite\"] for l in panier[\"lignes\"])",
              "tva = round(sous_total * taux_tva(code_pays))",
              "return convertir(montant_euros=sous_total + tva, devise=devise)"])],
          imports=[("boutique/montants.py", "convertir", {}), ("boutique/taxes.py", "taux_tva", {})]),
        f("boutique/export.py", "export comptable", [
            ("exporter", ["curseur", "factures"],
             ["for i in range(len(factures) + 1):", "    curseur.execute(\"INSERT INTO export VALUES (?)\", "
              "(factures[i],))", "return len(factures)"])], defects=["off_by_one"]),
        f("boutique/commande.py", "validation de la commande", [
            ("valider_commande", ["panier", "client", "code_pays"],
             ["adresse = adresse_principale(client)", "frais = frais_livraison(poids_grammes=panier[\"poids\"], "
              "code_pays=code_pays)", "return {\"adresse\": adresse, \"frais\": frais}"])],
          imports=[("boutique/adresses.py", "adresse_principale", {}), ("boutique/livraison.py", "frais_livraison", {})]),
    ]
    return PullRequest(files, ("boutique/facture.py", "boutique/montants.py", "convertir"))
