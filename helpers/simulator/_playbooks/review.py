"""A code reviewer (TS 1.6): local passes, one long pass whose attention thins out, an integration pass.

Files are recognised by their first line, a comment holding their path (`# boutique/panier.py`).
The reviewer reads the code for known defect patterns and describes each file's interface
(what it exports, what it imports and how it calls it). Its answer is a JSON object.

- One file in the request: a careful local pass, every defect found, plus the file's interface.
- Several files in one request: the attention thins out. Files 1–4 are read closely; files 5–8
  only for severe defects (a minor pattern flagged earlier now goes unremarked); from file 9 on,
  nothing is reported at all. Deterministic, so the course can show it; a real model degrades less
  regularly.
- No code, but interfaces (« exporte f(a, b) », « importe f(x) depuis m.py »): an integration pass
  that compares them — wrong arguments, missing exports, import cycles. Without interfaces (only
  file names), it has nothing to compare and says so.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .._conversation import Conversation
from .._reply import Reply, playbook, text

HEADER = re.compile(r"^#\s*([\w./-]+\.py)\b.*$", re.M)
CODE_LINE = re.compile(r"^\s*(?:def|class|import|from|return|if|for|while)\b", re.M)
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*\.py\b")
EXPORT = re.compile(r"exporte\s+(\w+)\(([^()]*)\)")
IMPORT = re.compile(r"importe\s+(\w+)\(([^()]*)\)\s+depuis\s+([\w./-]+\.py)")
CLOSE_READING, SEVERE_ONLY = 4, 8

# (pattern, severity, finding): severity « haute » survives a hurried reading, the others do not.
DEFECTS = [
    (re.compile(r"execute\(\s*f[\"']"), "haute",
     "requête SQL construite avec une f-string : injection SQL possible ; passez les valeurs en paramètres"),
    (re.compile(r"except(?:\s+\w+)?\s*:\s*(?:\n\s*)?pass\b"), "haute",
     "exception avalée (except … pass) : l'erreur disparaît sans trace"),
    (re.compile(r"verify\s*=\s*False"), "haute", "vérification TLS désactivée (verify=False)"),
    (re.compile(r"range\(len\((\w+)\)\s*\+\s*1\)"), "haute",
     "range(len(…) + 1) : le dernier tour de boucle dépasse la liste (IndexError)"),
    (re.compile(r"(?i)(?:password|mot_de_passe|secret|api_key|token)\s*=\s*[\"'][^\"']+[\"']"), "haute",
     "secret écrit en dur dans le code"),
    (re.compile(r"\beval\("), "haute", "eval() sur une donnée : exécution de code arbitraire"),
    (re.compile(r"/\s*len\((\w+)\)"), "moyenne", "division par len(…) sans garde : plante sur une liste vide"),
    (re.compile(r"def \w+\([^)]*=\s*(?:\[\]|\{\})"), "moyenne",
     "argument par défaut mutable : la même liste est partagée entre les appels"),
    (re.compile(r"float\((?:\w*(?:prix|montant|total|price|amount)\w*)"), "moyenne",
     "montant converti en float : erreurs d'arrondi sur des sommes d'argent"),
    (re.compile(r"[=!]=\s*None\b"), "basse", "comparaison à None avec == ou != : écrivez « is None »"),
]


def unescape(raw: str) -> str:
    """Text as a reader sees it, even when files were pasted through json.dumps or repr()."""
    if "\\n" not in raw and "\\u" not in raw:
        return raw
    out = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), raw)
    return out.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\'", "'")


@dataclass
class SourceFile:
    path: str
    code: str
    position: int                     # 1-based, in the request


@dataclass
class Interface:
    exports: list[str] = field(default_factory=list)     # « exporte f(a, b) »
    imports: list[str] = field(default_factory=list)     # « importe f(x, y) depuis m.py »


def files_in(body: str) -> list[SourceFile]:
    """Every file pasted in the text, in order (a path header, then code)."""
    heads = list(HEADER.finditer(body))
    found: list[SourceFile] = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        code = body[head.start():end]
        if CODE_LINE.search(code) and not any(f.path == head.group(1) for f in found):
            found.append(SourceFile(head.group(1), code, len(found) + 1))
    return found


def _names(params: str) -> list[str]:
    out = []
    for part in params.split(","):
        name = part.split("=")[0].split(":")[0].strip().lstrip("*")
        if name and name != "self":
            out.append(name)
    return out


def _call_args(code: str, name: str) -> list[str] | None:
    m = re.search(rf"(?<![\w.]){re.escape(name)}\(([^()]*(?:\([^()]*\)[^()]*)*)\)", code)
    if not m:
        return None
    args = []
    for part in re.split(r",(?![^()]*\))", m.group(1)):
        part = part.strip()
        if part:
            kw = re.match(r"(\w+)\s*=(?!=)", part)
            args.append(kw.group(1) if kw else "…")      # a positional argument: only its place counts
    return args


def interface(code: str) -> Interface:
    found = Interface()
    for m in re.finditer(r"^def\s+(\w+)\(([^)]*)\)", code, re.M):
        if not m.group(1).startswith("_"):
            found.exports.append(f"exporte {m.group(1)}({', '.join(_names(m.group(2)))})")
    for m in re.finditer(r"^from\s+([\w.]+)\s+import\s+([\w, ]+)$", code, re.M):
        source = m.group(1).replace(".", "/") + ".py"
        for name in (n.strip() for n in m.group(2).split(",")):
            body = code[m.end():]
            args = _call_args(body, name)
            shown = ", ".join(args) if args is not None else ""
            found.imports.append(f"importe {name}({shown}) depuis {source}")
    return found


def defects(f: SourceFile, attention: str) -> list[dict]:
    """What the reviewer reports for one file: `attention` is "entière", "pressée" or "épuisée"."""
    if attention == "épuisée":
        return []
    out = []
    for pattern, severity, finding in DEFECTS:
        if attention == "pressée" and severity != "haute":
            continue
        for m in pattern.finditer(f.code):
            line = f.code.count("\n", 0, m.start()) + 1
            said = finding if attention == "entière" else finding.split(" :")[0].split(" ;")[0]
            out.append({"file": f.path, "line": line, "severity": severity, "finding": said})
    out.sort(key=lambda d: d["line"])
    return out


def attention_at(position: int, count: int) -> str:
    if count == 1 or position <= CLOSE_READING:
        return "entière"
    return "pressée" if position <= SEVERE_ONLY else "épuisée"


def local_review(files: list[SourceFile]) -> dict:
    if len(files) == 1:
        iface = interface(files[0].code)
        return {"findings": defects(files[0], "entière"),
                "interface": {"exports": iface.exports, "imports": iface.imports}}
    findings = [d for f in files for d in defects(f, attention_at(f.position, len(files)))]
    return {"findings": findings}


def _attributed(body: str, pattern: re.Pattern) -> list[tuple[str | None, re.Match]]:
    """Each interface line with the file it belongs to: the last path named before it (not a « depuis »)."""
    marks = []
    for m in PATH.finditer(body):
        before = body[max(0, m.start() - 8):m.start()]
        if "depuis" not in before:
            marks.append((m.start(), m.group(0)))
    out = []
    for m in pattern.finditer(body):
        owner = None
        for start, path in marks:
            if start < m.start():
                owner = path
        out.append((owner, m))
    return out


def integration_review(body: str) -> dict:
    exports: dict[str, dict[str, list[str]]] = {}
    for owner, m in _attributed(body, EXPORT):
        exports.setdefault(owner or "?", {})[m.group(1)] = _names(m.group(2))
    imports = [(owner or "un fichier", m.group(1), _names(m.group(2)), m.group(3))
               for owner, m in _attributed(body, IMPORT)]
    if not exports and not imports:
        return {"findings": [], "note": "Je n'ai reçu aucune interface (exports, imports) : sans elles, je ne peux "
                                        "pas vérifier la cohérence entre les fichiers."}
    findings, seen = [], set()
    for importer, name, used, source in imports:
        if source not in exports:
            continue
        if name not in exports[source]:
            finding = f"{importer} importe {name} depuis {source}, qui n'exporte pas {name}"
        else:
            expected = exports[source][name]
            unknown = [a for a in used if a != "…" and a not in expected]
            if not unknown and len(used) <= len(expected):
                continue
            wrong = unknown[0] if unknown else used[-1]
            finding = (f"{importer} appelle {name}({', '.join(used)}) alors que {source} définit "
                       f"{name}({', '.join(expected)}) : l'argument « {wrong} » ne correspond à aucun paramètre "
                       f"(TypeError à l'exécution, ou unité mal comprise)")
        key = (importer, name, source)
        if key not in seen:
            seen.add(key)
            findings.append({"files": [importer, source], "severity": "haute", "finding": finding})
    graph = {(importer, source) for importer, _n, _u, source in imports}
    for a, b in sorted(graph):
        if a < b and (b, a) in graph:
            findings.append({"files": [a, b], "severity": "moyenne",
                             "finding": f"dépendance circulaire entre {a} et {b}"})
    return {"findings": findings}


REVIEW_WORDS = re.compile(r"revue|review|relis|relire|analys|examin|audit|inspect|vérifi|constat|finding|intégration|"
                          r"integration|cohéren|coheren", re.I)
CROSS_WORDS = re.compile(r"intégration|integration|inter-?fichiers?|cross-?file|constats|findings|interface", re.I)


@playbook("revue de code")
def PLAYBOOK(conv: Conversation) -> Reply | None:
    if conv.last_turn_results or not conv.user_texts:
        return None
    body = unescape("\n".join(conv.user_texts[-1:]))
    files = files_in(body)
    if files:
        return text(json.dumps(local_review(files), ensure_ascii=False))
    interfaces = EXPORT.search(body) or IMPORT.search(body)
    if (interfaces and REVIEW_WORDS.search(body)) or (len(set(PATH.findall(body))) >= 2 and CROSS_WORDS.search(body)):
        return text(json.dumps(integration_review(body), ensure_ascii=False))
    return None
