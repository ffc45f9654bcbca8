"""The hub's pages in French: JupyterHub's own templates (those of the pinned jupyterhub), each English sentence a
learner meets replaced by its French, written at each start of the hub into ROOT/config/pages/ (its template_paths).

A table, not copies: each entry is an English text of the pinned template, with its French. A text the templates no
longer hold (a new jupyterhub) is an error, at the hub's start and in the tests — never an English page passed over.
"""
from __future__ import annotations

import re
from pathlib import Path

NNBSP = "&#8239;"          # the narrow no-break space of French typography, before « : ; ! ? »

# template → (English text as the pinned template writes it, whitespace aside; its French)
PAGES: dict[str, list[tuple[str, str]]] = {
    "page.html": [
        ('<html lang="en">', '<html lang="fr">'),
        ('title="Home" />', 'title="Accueil" />'),
        ('>Home</a>', '>Accueil</a>'),
        ('>Token</a>', '>Jetons</a>'),
        ('>Admin</a>', '>Administration</a>'),
        ('title="Toggle dark mode"', 'title="Thème clair ou sombre"'),
        ('</i>Logout</a>', '</i>Se déconnecter</a>'),
        ('>Login</a>', '>Se connecter</a>'),
    ],
    "login.html": [
        ("Warning: JupyterHub seems to be served over an unsecured HTTP connection. We strongly recommend enabling "
         "HTTPS for JupyterHub.",
         f"Attention{NNBSP}: cette page n'est pas servie en HTTPS. Votre mot de passe passerait en clair sur le "
         f"réseau{NNBSP}; prévenez la personne qui gère le cours."),
        ("Sign in with {{ login_service }}", "Se connecter avec {{ login_service }}"),
        ('{% if login_error %}<p class="login_error">{{ login_error }}</p>{% endif %}',
         '{% if login_error %}<p class="login_error">{{ {"Invalid username or password": "Identifiant ou mot de '
         'passe incorrect. Les majuscules comptent\u202f; après plusieurs essais, demandez un nouveau mot de passe à la '
         'personne qui gère le cours."}.get(login_error, login_error) }}</p>{% endif %}'),
        ("<h1>Sign in</h1>", "<h1>Connexion au cours</h1>"),
        ('<label for="username_input">Username:</label>',
         f'<label for="username_input">Identifiant{NNBSP}:</label>'),
        ('<label for="password_input">Password:</label>',
         f'<label for="password_input">Mot de passe{NNBSP}:</label>'),
        ('title="Show password">', 'title="Afficher le mot de passe">'),
        ('"Hide password" : "Show password"', '"Masquer le mot de passe" : "Afficher le mot de passe"'),
        ("value='Sign in' />", "value='Se connecter' />"),
        ('By logging into the platform you accept the <a href="{{ login_term_url }}">terms and conditions</a>.',
         'En vous connectant, vous acceptez les <a href="{{ login_term_url }}">conditions d\'utilisation</a>.'),
    ],
    "error.html": [
        ("<h1>{{ status_code }} : {{ status_message }}</h1>",
         '<h1>{{ status_code }}' + NNBSP + ': {{ {403: "Accès refusé", 404: "Page introuvable", 405: "Action non '
         'permise", 429: "Trop de demandes, réessayez dans un instant", 500: "Erreur du serveur", 502: "Serveur '
         'injoignable", 503: "Service indisponible"}.get(status_code, status_message) }}</h1>\n'
         '{% if status_code == 403 %}<p>Cette page appartient à un autre compte, ou à un rôle que le vôtre n\'a pas '
         '(le JupyterLab d\'une autre personne, Formgrader pour qui n\'est pas formateur). Revenez à '
         '<a href="{{ base_url }}home">votre page d\'accueil</a>{{ "\u202f" }}; si vous pensez devoir y accéder, '
         'demandez-le à la personne qui gère le cours.</p>{% endif %}'),
        ("{% block error_detail %}",
         '{% block error_detail %}{% if message or message_html %}<p class="text-muted">Le message de JupyterHub, en '
         'anglais{{ "\u202f" }}:</p>{% endif %}'),
    ],
    "404.html": [
        ("<p>Jupyter has lots of moons, but this is not one...</p>",
         "<p>Aucune page à cette adresse, ou bien elle est à un autre compte (le JupyterLab d'une autre personne). "
         "Revenez à <a href=\"{{ base_url }}home\">votre page d'accueil</a>.</p>"),
    ],
    "spawn_pending.html": [
        ("<p>Your server is starting up.</p>", "<p>Votre JupyterLab démarre.</p>"),
        ("<p>You will be redirected automatically when it's ready for you.</p>",
         "<p>Vous y serez conduit dès qu'il sera prêt (quelques secondes).</p>"),
        ("Complete</span>", "terminé</span>"),
        ("<summary>Event log</summary>", "<summary>Journal du démarrage</summary>"),
        (">Stop Server</button>", ">Arrêter le serveur</button>"),
        (".text('Stopping server...')", ".text('Arrêt du serveur…')"),
        (".text('Server stopped successfully!')", ".text('Serveur arrêté.')"),
        ("var errorMessage = 'Error stopping server';", "var errorMessage = 'Le serveur ne s\\'est pas arrêté';"),
    ],
    "home.html": [
        ('<h1 class="visually-hidden">JupyterHub home page</h1>',
         '<h1 class="visually-hidden">Page d\'accueil du cours</h1>'),
        ('>Stop My Server</a>', '>Arrêter mon serveur</a>'),
        ("{% if not default_server.active %}Start{% endif %} My Server",
         "{% if not default_server.active %}Démarrer mon serveur{% else %}Ouvrir mon JupyterLab{% endif %}"),
    ],
    "logout.html": [
        ("<p>Successfully logged out.</p>", "<p>Vous êtes déconnecté.</p>"),
    ],
    "stop_pending.html": [
        ("<p>Your server is stopping.</p>", "<p>Votre serveur s'arrête.</p>"),
        ("<p>You will be able to start it again once it has finished stopping.</p>",
         "<p>Vous pourrez le redémarrer dès qu'il sera arrêté.</p>"),
    ],
}


def _pattern(english: str) -> re.Pattern:
    """The English text, any run of whitespace in it matching any run of whitespace in the template."""
    return re.compile(r"\s+".join(re.escape(word) for word in english.split()))


def translate(name: str, text: str) -> str:
    for english, french in PAGES[name]:
        pattern = _pattern(english)
        if not pattern.search(text):
            raise LookupError(f"{name} : « {english[:60]} » introuvable dans le gabarit de JupyterHub (une autre "
                              f"version ?) : mettez à jour hub/pages_fr.py")
        text = pattern.sub(lambda _match: french, text)
    return text


def upstream() -> Path:
    """The pinned jupyterhub's own templates."""
    from jupyterhub._data import DATA_FILES_PATH
    return Path(DATA_FILES_PATH) / "templates"


def write(folder: Path) -> Path:
    """The French pages into `folder` (JupyterHub's template_paths), from the pinned templates."""
    folder.mkdir(parents=True, exist_ok=True)
    source = upstream()
    for name in PAGES:
        (folder / name).write_text(translate(name, (source / name).read_text()))
    return folder
