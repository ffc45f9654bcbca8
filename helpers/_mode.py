"""Offline or real mode, the model, the key: decided from the environment, explained in French."""
from __future__ import annotations

import html
import os
from dataclasses import dataclass

DEFAULT_MODEL = "claude-sonnet-5-5"
OFFLINE_KEY = "sk-ant-simulateur-hors-ligne"
OFFLINE, REAL = "hors-ligne", "réel"


class KeyProblem(RuntimeError):
    """A missing or malformed API key, explained in French."""


def mode() -> str:
    """« hors-ligne » unless a key is present and offline mode is not forced (COURS_MODE)."""
    forced = os.environ.get("COURS_MODE", "").strip().lower()
    if forced in ("hors-ligne", "hors_ligne", "offline", "simulateur"):
        return OFFLINE
    return REAL if os.environ.get("ANTHROPIC_API_KEY", "").strip() else OFFLINE


def model() -> str:
    """The course's model: COURS_MODELE if it names a model the installed SDK knows, else the default."""
    from .simulator import known_models
    wanted = os.environ.get("COURS_MODELE", "").strip()
    return wanted if wanted in known_models() else DEFAULT_MODEL


def api_key() -> str:
    """The real key, checked for shape (the API itself says whether it is valid)."""
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    if not key:
        raise KeyProblem(
            "Mode réel demandé, mais aucune clé n'est définie. Définissez la variable d'environnement "
            "ANTHROPIC_API_KEY avant de lancer JupyterLab, ou exécutez helpers.use_key() (saisie masquée, "
            "jamais enregistrée dans le notebook). Sans clé, le cours fonctionne hors ligne.")
    if not key.startswith("sk-ant-"):
        raise KeyProblem(
            "La valeur de ANTHROPIC_API_KEY ne ressemble pas à une clé Anthropic (elle devrait commencer par "
            "« sk-ant- »). Vérifiez le copier-coller (espaces, guillemets) ou générez une clé dans la console "
            "Claude. Pour travailler sans clé : retirez la variable, le cours passe hors ligne.")
    return key


def use_key(key: str | None = None) -> str:
    """Passe en mode réel avec une clé saisie de façon masquée (getpass) ; rien n'est écrit sur disque."""
    if key is None:
        from getpass import getpass
        key = getpass("Clé API Anthropic (laisser vide pour rester hors ligne) : ")
    key = (key or "").strip()
    if not key:
        os.environ["COURS_MODE"] = OFFLINE
        return OFFLINE
    os.environ["ANTHROPIC_API_KEY"] = key
    os.environ["COURS_MODE"] = "réel"
    api_key()  # fails now, in French, if the key is malformed
    return REAL


def offline() -> str:
    """Revient au mode hors ligne pour ce noyau (la clé reste dans l'environnement, inutilisée)."""
    os.environ["COURS_MODE"] = OFFLINE
    return OFFLINE


@dataclass(frozen=True)
class Banner:
    mode: str
    model: str
    detail: str

    @property
    def title(self) -> str:
        return "Mode hors ligne — réponses simulées" if self.mode == OFFLINE else f"Mode réel — {self.model}"

    def __repr__(self) -> str:
        return f"{self.title} · {self.detail}"

    def _repr_html_(self) -> str:
        colour, border = ("#eef6ee", "#3a7d44") if self.mode == OFFLINE else ("#fff4e5", "#b36b00")
        # JupyterLab typesets $…$ in HTML outputs as LaTeX (« 0,00 $ dépensés … 0,50 $ » turned into math);
        # MathJax 3 leaves elements of class mathjax_ignore alone (tex2jax_ignore: the same for MathJax 2).
        return (f'<div class="cours-banniere mathjax_ignore tex2jax_ignore" data-mode="{html.escape(self.mode)}" '
                f'style="background:{colour};'
                f'border-left:6px solid {border};padding:8px 12px;margin:4px 0;font-family:sans-serif;">'
                f'<strong>{html.escape(self.title)}</strong><br><span style="font-size:90%">'
                f'{html.escape(self.detail)}</span></div>')
