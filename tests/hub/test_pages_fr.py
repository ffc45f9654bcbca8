"""The hub's pages in French (hub/pages_fr.py), from the pinned jupyterhub's own templates.

Rendered here with JupyterHub's own loader; tests/hub/test_hub.py opens them in Chromium on a real hub.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import jinja2
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "hub"))
import pages_fr  # noqa: E402


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    folder = pages_fr.write(tmp_path_factory.mktemp("pages"))
    base = str(pages_fr.upstream())
    loader = jinja2.ChoiceLoader([jinja2.PrefixLoader({"templates": jinja2.FileSystemLoader([base])}, "/"),
                                  jinja2.FileSystemLoader([str(folder), base])])
    return jinja2.Environment(loader=loader, autoescape=True)


def render(env, name: str, **values) -> str:
    values = {"base_url": "/hub/", "static_url": lambda *a, **k: "", "user": None, "login_url": "/hub/login",
              "logout_url": "/hub/logout", "authenticator_login_url": "/hub/login", "xsrf": "x",
              "authenticator": type("PAM", (), {"request_otp": False})(), **values}
    page = env.get_template(name).render(**values)
    return re.sub(r"\s+", " ", re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S))


@pytest.mark.parametrize("name", sorted(pages_fr.PAGES))
def test_every_english_text_of_the_table_is_in_the_pinned_template_and_leaves_it(name):
    source = (pages_fr.upstream() / name).read_text()
    french = pages_fr.translate(name, source)
    for english, replacement in pages_fr.PAGES[name]:
        assert pages_fr._pattern(english).search(source), english
        if not pages_fr._pattern(english).search(replacement):        # an anchor kept (a block's opening) aside
            assert not pages_fr._pattern(english).search(french), english


def test_a_template_that_lost_a_text_is_an_error_not_an_english_page():
    with pytest.raises(LookupError, match="introuvable"):
        pages_fr.translate("login.html", "<h1>Log in</h1>")


def test_the_login_page_is_french_from_its_language_to_its_error(env):
    page = env.get_template("login.html").render(base_url="/hub/", static_url=lambda *a, **k: "", user=None,
                                                 authenticator_login_url="/hub/login", xsrf="x",
                                                 authenticator=type("PAM", (), {"request_otp": False})())
    assert '<html lang="fr">' in page
    text = render(env, "login.html", login_error="Invalid username or password")
    for french in ("Connexion au cours", "Identifiant\u202f:", "Mot de passe\u202f:", "Identifiant ou mot de passe incorrect"):
        assert french in text.replace("&#8239;", "\u202f"), text
    for english in ("Sign in", "Username", "Password", "Invalid username", "Warning"):
        assert english not in text, english


def test_a_refused_page_says_in_french_what_happened_and_where_to_go(env):
    text = render(env, "error.html", status_code=403, status_message="Forbidden",
                  message="You do not have permission to access JupyterHub service cours")
    assert "403\u202f: Accès refusé" in text.replace("&#8239;", "\u202f")
    assert "Cette page appartient à un autre compte" in text and "votre page d'accueil" in text
    assert "Le message de JupyterHub, en anglais" in text          # JupyterHub's own words stay, labelled
    assert "Forbidden" not in text


def test_pages_a_learner_meets_on_the_way_to_jupyterlab_are_french(env):
    assert "Votre JupyterLab démarre" in render(env, "spawn_pending.html", spawner=None, progress_url="", url="")
    assert "Page introuvable" in render(env, "404.html", status_code=404, status_message="Not Found")
