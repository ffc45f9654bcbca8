"""French explanations for the errors a learner meets: what happened, and what to do."""
from __future__ import annotations

import asyncio
import html
import re
import sys


def explain(exc: BaseException) -> str | None:
    """Ce qui s'est passé et quoi faire, en français ; None si l'erreur n'est pas de celles du cours."""
    text = _explain(exc)
    if text is None:
        return None
    import textwrap

    from .widgets.typography import french_message
    text = french_message(text)     # French typography: no line starts with « : » or « ? » (nor breaks in 1 148 s)
    # Output areas wrap at any character: break on spaces ourselves (textwrap never breaks at a no-break space).
    return "\n".join(textwrap.fill(part, width=100, break_long_words=False, break_on_hyphens=False)
                     for part in text.split("\n"))


def _explain(exc: BaseException) -> str | None:
    import anthropic

    from ._meter import BudgetExceeded
    from ._mode import KeyProblem

    if isinstance(exc, (BudgetExceeded, KeyProblem)):
        return str(exc)
    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        request_id = getattr(exc, "request_id", None) or exc.response.headers.get("request-id", "")
        api_message = ""
        if isinstance(exc.body, dict):
            api_message = (exc.body.get("error") or {}).get("message", "")
        return _by_status(status, api_message, request_id, exc.response.headers.get("retry-after", "?"),
                          _retries_taken(exc))
    if isinstance(exc, anthropic.APITimeoutError):
        return TIMEOUT
    if isinstance(exc, anthropic.APIConnectionError):
        return NO_CONNECTION
    if isinstance(exc, TypeError) and "Could not resolve authentication method" in str(exc):
        return ("Ce client anthropic n'a ni clé ni adresse où envoyer la requête : anthropic.Anthropic() créé tel quel "
                "cherche ANTHROPIC_API_KEY, absente ici. Dans le cours, créez le client avec helpers.client() : hors "
                "ligne, il parle au simulateur ; avec une clé (helpers.use_key()), à l'API réelle. Pour un notebook "
                "venu d'ailleurs, remplacez « Anthropic() » par « helpers.client() ».")
    if isinstance(exc, (KeyboardInterrupt, asyncio.CancelledError)):
        return ("Exécution interrompue : la cellule a été arrêtée (Ctrl-C ou bouton ■) avant la fin. Rien n'est "
                "cassé : relancez-la quand vous voulez.")
    try:
        import claude_agent_sdk as sdk
    except ImportError:  # pragma: no cover
        return None
    if isinstance(exc, sdk.CLINotFoundError):
        return ("Le CLI de Claude Code est introuvable. Il est normalement fourni par la bibliothèque claude-agent-sdk : "
                "relancez l'installation du cours (./cours).")
    if isinstance(exc, sdk.ResultError):
        # The SDK's own words, « Claude Code returned an error result: … », read in French first.
        said = ("« Claude Code returned an error result » (le message, en anglais, de l'Agent SDK) : le CLI a fini "
                "sur un ResultMessage en erreur (is_error=True), reçu juste avant, puis l'Agent SDK a levé "
                "ResultError. ")
        api = _from_cli_result(exc)
        if api:
            return (f"{said}Ici, l'appel à l'API a échoué (subtype {exc.subtype!r} malgré l'échec : le tour de "
                    f"l'agent lui-même s'est terminé). {api}")
        hints = {"error_max_turns": "le plafond max_turns a été atteint avant la fin",
                 "error_max_budget_usd": "le budget max_budget_usd a été épuisé",
                 "error_during_execution": "une erreur est survenue pendant l'exécution"}
        why = hints.get(exc.subtype, f"subtype {exc.subtype}")
        return (f"{said}La cause : {why}. Interceptez ResultError (from claude_agent_sdk import ResultError) pour "
                f"traiter ce cas ; son subtype et son api_error_status disent pourquoi.")
    if isinstance(exc, (sdk.ProcessError, sdk.CLIConnectionError)):
        from .clients import cli_report
        detail = cli_report()
        return "Le CLI de l'Agent SDK s'est arrêté en erreur." + (f" {detail}" if detail else "")
    return None


TIMEOUT = "La requête a expiré (délai dépassé). Réessayez ; si cela persiste, vérifiez votre connexion."
NO_CONNECTION = ("Connexion impossible à l'API. Vérifiez votre réseau (ou un proxy). Pour continuer sans réseau, "
                 "passez hors ligne : helpers.offline().")
CLI_NO_NETWORK = re.compile(r"connection refused|econnrefused|enotfound|eai_again|getaddrinfo|fetch failed|"
                            r"unable to connect|network|socket|timed? ?out|etimedout|econnreset", re.I)
CLI_BAD_KEY = re.compile(r"invalid api key|authentication|x-api-key|/login", re.I)


def _from_cli_result(exc) -> str | None:
    """The Agent SDK's CLI failed on an API call: the same explanation as for the Messages API."""
    text = " ".join(filter(None, [exc.result or "", *exc.errors]))
    status = exc.api_error_status
    if status == 401 or CLI_BAD_KEY.search(text):
        return _by_status(401, text, "", "?")
    if status:
        return _by_status(status, text, "", "?")
    if CLI_NO_NETWORK.search(text):
        return NO_CONNECTION + " (L'Agent SDK a abandonné après une seule nouvelle tentative.)"
    return None


def _by_status(status: int, api_message: str, request_id: str, retry_after: str, retries: int | None = None) -> str:
    ref = f" (request-id : {request_id})" if request_id else ""
    tried = ("malgré les nouvelles tentatives automatiques du SDK" if retries is None
             else f"malgré {retries} nouvelle(s) tentative(s) automatique(s) du SDK" if retries
             else "sans nouvelle tentative (max_retries=0)")
    if status == 401:
        return ("Clé refusée par l'API (401 authentication_error). La clé est invalide, révoquée ou mal "
                "copiée. Que faire : générez une nouvelle clé dans la console Claude, redéfinissez "
                "ANTHROPIC_API_KEY (ou helpers.use_key()), puis relancez la cellule. Hors ligne, rien à faire"
                f" : retirez la clé.{ref}")
    if status == 403:
        return f"Accès refusé (403 permission_error) : cette clé n'a pas le droit d'utiliser cette ressource.{ref}"
    if status == 404:
        return (f"Introuvable (404 not_found_error) : {api_message}. Le plus souvent, un identifiant de modèle "
                f"inconnu ; utilisez helpers.model() ou un identifiant de la liste client.models.list().{ref}")
    if status == 413:
        return f"Requête trop volumineuse (413) : réduisez l'historique ou les sorties d'outils.{ref}"
    if status == 429:
        wait = retry_after
        return (f"Limite de débit atteinte (429 rate_limit_error), {tried}. L'API demande "
                f"d'attendre {wait} s (en-tête retry-after). Que faire : patientez puis relancez, ou espacez "
                f"les requêtes ; en production, backoff exponentiel avec jitter.{ref}")
    if status == 529:
        return (f"API surchargée (529 overloaded_error), {tried}. "
                f"Réessayez dans un moment ; "
                f"en production, backoff puis éventuellement un modèle de repli.{ref}")
    if status >= 500:
        return (f"Erreur côté serveur ({status} api_error), {tried}. "
                f"Réessayez plus tard.{ref}")
    if status == 400:
        french = rejection(api_message)
        said = f"{french}.\nTexte de l'API : {api_message}" if french else api_message
        return (f"Requête refusée (400 invalid_request_error) : {said}\nC'est la forme de la requête qui "
                f"pose problème, pas le réseau : réessayer ne servira à rien. Relisez l'historique envoyé "
                f"(ordre des rôles, un tool_result par tool_use, tous dans UN message user, en premier).{ref}")
    return f"Erreur de l'API ({status}) : {api_message}{ref}"


# The 400s of the Messages API (the simulator's wording is the API's), read back in French: what was sent, which rule.
_REJECTIONS = [
    (r"messages\.(?P<i>\d+): all messages must have non-empty content except for the optional final assistant message",
     "messages[{i}] est vide : seul le dernier message, s'il vient de l'assistant, peut l'être. Le plus souvent, la "
     "boucle a continué alors qu'aucun outil n'était demandé (stop_reason end_turn ou stop_sequence : la réponse est "
     "finie) et a envoyé un message user sans aucun tool_result"),
    (r"messages\.(?P<i>\d+)\.content\.(?P<j>\d+): unexpected `tool_use_id` found in `tool_result` blocks: (?P<id>[^.\s]+)",
     "le bloc {j} de messages[{i}] est un tool_result dont le tool_use_id ({id}) ne correspond à aucun tool_use du "
     "tour assistant qui le précède : chaque résultat reprend l'id de l'appel auquel il répond"),
    (r"messages\.(?P<i>\d+): Did not find (?P<n>\d+) `tool_result` block\(s\) at the beginning of this message",
     "messages[{i}] doit commencer par les {n} tool_result qui répondent aux tool_use du tour précédent : les "
     "résultats viennent en premier, du texte peut les suivre, jamais les précéder"),
    (r"messages\.(?P<i>\d+): `tool_use` ids were found without `tool_result` blocks immediately after: (?P<ids>[^.]+)",
     "des tool_use de messages[{i}] ({ids}) n'ont pas de tool_result dans le message user qui suit : chaque appel "
     "demandé reçoit son résultat, même en erreur (is_error), dans UN message user"),
    (r"messages\.(?P<i>\d+)\.content\.(?P<j>\d+): `(?P<kind>\w+)` blocks are only allowed in `(?P<role>user|assistant)` messages",
     "le bloc {j} de messages[{i}] est un {kind}, permis seulement dans un message {role}"),
    (r"Requests which include `tool_use` or `tool_result` blocks must define tools",
     "l'historique contient des tool_use ou des tool_result, mais la requête ne définit pas tools : renvoyez la "
     "liste d'outils à chaque requête"),
    (r'messages: first message must use the "user" role', "le premier message doit être celui de l'utilisateur (user)"),
    (r"messages\.(?P<i>\d+)\.role: Input should be 'user' or 'assistant'",
     "le rôle de messages[{i}] doit être user ou assistant"),
    (r"messages: at least one message is required", "la liste messages est vide"),
    (r"max_tokens: (?P<a>\d+) > (?P<b>\d+), which is the maximum allowed number of output tokens for (?P<m>\S+)",
     "max_tokens vaut {a}, plus que les {b} jetons de sortie que permet {m}"),
    (r"Tool '(?P<name>[^']+)' not found in provided tools", "tool_choice nomme l'outil {name}, absent de tools"),
    (r"tools: Tool names must be unique", "deux outils de tools portent le même nom"),
    (r"^(?P<field>[\w.]+): Field required", "le champ {field} manque"),
    (r"There was an error parsing the body of your request", "le corps de la requête n'est pas du JSON valide"),
]


def rejection(api_message: str) -> str | None:
    """Une erreur 400 de l'API, dite en français (ce qui a été envoyé, quelle règle) ; None si elle est inconnue."""
    for pattern, french in _REJECTIONS:
        found = re.search(pattern, api_message or "")
        if found:
            return french.format(**found.groupdict())
    return None


def _retries_taken(exc) -> int:
    """How many times the SDK had already retried the request that failed (its x-stainless-retry-count)."""
    try:
        return int(exc.response.request.headers.get("x-stainless-retry-count", "0"))
    except (AttributeError, RuntimeError, ValueError):
        return 0


def install_ipython_handler() -> bool:
    """Dans Jupyter : les erreurs de l'API et du cours s'affichent d'abord en français, puis en une ligne.

    IPython wants the exception classes up front, but importing `anthropic` and `claude_agent_sdk` only for
    them would cost every notebook about 3 s: the list grows with what the notebook has imported — before each
    cell, and as soon as one of those modules (or the budget's meter) has been imported, even mid-cell."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return False
    shell = get_ipython()
    if shell is None or getattr(shell, "_cours_handler", False):
        return False

    def handler(self, etype, value, tb, tb_offset=None):
        text = explain(value)
        if text:
            from IPython.display import HTML, display
            display(HTML('<div class="cours-erreur" style="background:#fdecea;border-left:6px solid #b3261e;'
                         'padding:8px 12px;font-family:sans-serif;white-space:pre-wrap">'
                         f'<strong>Que se passe-t-il ?</strong> {html.escape(text)}</div>'))
        # The error stays an error (for nbgrader too), shown as one line instead of SDK internals.
        return self.showtraceback((etype, value, tb), tb_offset=tb_offset, exception_only=bool(text))

    def refresh(*_info) -> None:
        from ._mode import KeyProblem
        # Ctrl-C (KeyboardInterrupt) and a cancelled `async for` (CancelledError) read as one line, not a page.
        # TypeError: the plain anthropic client created without a key (any other TypeError keeps its traceback).
        kinds: tuple = (KeyProblem, KeyboardInterrupt, asyncio.CancelledError, TypeError)
        # Only what is already loaded, never an import from here: this runs inside other imports (the meter's
        # own import of anthropic, for one), where importing would close a circle.
        for module, name in (("anthropic", "APIError"), (f"{__package__}._meter", "BudgetExceeded"),
                             ("claude_agent_sdk", "ClaudeSDKError")):
            kind = getattr(sys.modules.get(module), name, None)           # None while still importing
            if isinstance(kind, type):
                kinds += (kind,)
        if tuple(shell.custom_exceptions) != kinds:
            shell.set_custom_exc(kinds, handler)

    refresh()
    shell.events.register("pre_run_cell", refresh)
    sys.meta_path.insert(0, _ImportWatch(refresh))
    shell._cours_refresh = refresh
    shell._cours_handler = True
    return True


class _ImportWatch:
    """A meta-path finder that only watches: once `anthropic`, `claude_agent_sdk` or the budget's meter has been
    imported — even in the middle of a cell, just before its first error — `refresh` adds their errors to
    IPython's list."""

    NAMES = frozenset({"anthropic", "claude_agent_sdk", f"{__package__}._meter"})

    def __init__(self, refresh) -> None:
        self.refresh = refresh

    def find_spec(self, name, path=None, target=None):
        if name not in self.NAMES:
            return None
        import importlib.machinery
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return None                     # the usual finders take it from here
        original = loader.exec_module

        def exec_module(module):
            try:
                original(module)
            finally:
                del loader.exec_module      # the loader is itself again: no trace left
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - a hint must never break the learner's import
                pass
        loader.exec_module = exec_module
        return spec
