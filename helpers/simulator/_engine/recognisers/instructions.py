"""What a conversation says about itself: the system prompt's instructions (language, JSON, brevity, a persona),
whether a text is a question or a follow-up, the name a user gave."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .. import _lexicon as lex
from .words import fold, tokens


@dataclass(frozen=True)
class Instructions:
    """What the system prompt asks for, when the model can recognise it."""
    language: str | None = None       # "fr" / "en": answer in this language whatever the request's
    json: bool = False                # answer with a JSON object
    brief: bool = False               # one sentence
    upper: bool = False               # in capital letters
    persona: str | None = None        # « Tu es Max, … » → "Max, …"


_LANG_RULES = (
    re.compile(r"(?:r[ée]ponds?|r[ée]pondez|[ée]cris|parle|answer|respond|reply|write|speak)\b[^.\n]{0,40}?"
               r"(?:en|in)\s+(anglais|english|fran[çc]ais|french)", re.I),
    re.compile(r"\b(english|anglais|french|fran[çc]ais)\s+only\b|\bonly\s+(?:in\s+)?(english|french)\b|"
               r"\buniquement\s+en\s+(anglais|fran[çc]ais)\b|\btoujours\s+en\s+(anglais|fran[çc]ais)\b", re.I),
)
_JSON = re.compile(r"(?:r[ée]ponds?|r[ée]ponse|r[ée]pondez|answer|respond|reply|output|format|renvoie|return|"
                   r"only|uniquement|seulement)\b[^.\n]{0,40}\bjson\b|\bjson\s+(?:only|uniquement|seulement)\b|"
                   r"\ben\s+json\b|\bin\s+json\b|\bau\s+format\s+json\b", re.I)
_BRIEF = re.compile(r"\ben une (?:seule )?phrase\b|\bin (?:one|a single) sentence\b|\bune phrase maximum\b|"
                    r"\b(?:sois|soyez) (?:bref|brève|concis)|\bbe (?:brief|concise)\b|\bbri[eè]vement\b|\bbriefly\b",
                    re.I)
_UPPER = re.compile(r"\ben majuscules\b|\bin (?:all )?(?:capital letters|caps|upper ?case)\b", re.I)
_PERSONA = re.compile(r"(?:^|[.!\n]\s*)(?i:tu es|vous êtes|you are|tu t'appelles|your name is)\s+"
                      r"([A-ZÉ][\w-]+(?:,\s*[^.\n]{3,60})?)", re.M)
NAME_STATED = re.compile(r"(?:je m'appelle|mon nom est|mon prénom est|my name is|i am called|call me)\s+"
                         r"([A-ZÉÈ][\w-]+(?:\s[A-ZÉÈ][\w-]+)?)", re.I)
FOLLOW_UP = re.compile(r"^\s*(?:et|and|what about|how about|et pour|et à|et a|et en|même chose|same for)\b|"
                       r"\b(?:elle|ça|cela|celle-ci|celui-ci|la mienne|le mien|it|its|that one|this one|them)\b|"
                       r"où en est", re.I)


@lru_cache(maxsize=256)
def instructions(system: str) -> Instructions:
    if not system:
        return Instructions()
    wanted = None
    for rule in _LANG_RULES:
        m = rule.search(system)
        if m:
            word = fold(next(g for g in m.groups() if g))
            wanted = "en" if word in ("anglais", "english") else "fr"
            break
    persona = _PERSONA.search(system)
    return Instructions(language=wanted, json=bool(_JSON.search(system)), brief=bool(_BRIEF.search(system)),
                        upper=bool(_UPPER.search(system)),
                        persona=persona.group(1).strip().rstrip(",") if persona and "Claude" not in persona.group(1)
                        else None)


def stated_name(texts: list[str]) -> str | None:
    for text in reversed(texts):
        m = NAME_STATED.search(text)
        if m:
            return m.group(1)
    return None


def is_question(text: str) -> bool:
    """A question: it ends with « ? » or opens with a question word (who, quel, est-ce…)."""
    text = text.strip()
    first = [t.norm for t in tokens(text)[:1]]
    return text.endswith("?") or bool(first and first[0] in lex.QUESTION_WORDS)


def is_follow_up(text: str) -> bool:
    return bool(FOLLOW_UP.search(text))


# What a turn of conversation asks for, when it is about the conversation itself (the model's set answers).
CUES = {
    "recall": re.compile(r"rappelle-(?:moi|nous) (?:ce que|ce qu'|de quoi)|de quoi (?:avons|a-t-on)|qu'est-ce que je "
                         r"(?:t'|vous )?ai demandé|précédemment|plus tôt|avant cela|what did i (?:ask|say)|earlier|"
                         r"remind me", re.I),
    "asks_name": re.compile(r"comment je m'appelle|quel est mon (?:nom|prénom)|what(?:'s| is) my name|who am i\b", re.I),
    "asks_id": re.compile(r"(?:quel est |c'est quoi )?mon (?:numéro|num|n°) de commande|my order (?:number|id)|"
                          r"quel(?:le)? (?:est )?(?:ma|mon) (?:commande|référence)", re.I),
    "greeting": re.compile(r"^\W*(?:bonjour|salut|hello|hi|hey|coucou)\b", re.I),
    "thanks": re.compile(r"^\W*(?:merci|thanks|thank you|thx|cheers)\b[^?]*$", re.I),
    "who": re.compile(r"qui es-tu|qui êtes-vous|présente-toi|présentez-vous|who are you|introduce yourself", re.I),
    "refusal": re.compile(r"deny|denied|refus|refused|not allowed|non autoris|interdit|forbidden|blocked|bloqu|"
                          r"permission|hook|politique|policy", re.I),
    "transient": re.compile(r"timeout|timed out|délai|temporair|temporar|indisponible|unavailable|503|429|réessay|"
                            r"try again|retry", re.I),
    # A parameter's description worth quoting when asking for it: it shows an example or a format.
    "example": re.compile(r"\b(?:e\.g\.|ex\.|exemple|example|format|such as|comme|par exemple)|\d", re.I),
}
ROLE_SENTENCE = re.compile(r"(?i)\b(?:tu es|vous êtes|you are|your role is|ton rôle est)\b[^.\n]{3,120}")
HOOK_PREFIX = re.compile(r"^\s*\w+:\S+ hook error:\s*")


def says(cue: str, text: str) -> bool:
    return bool(CUES[cue].search(text or ""))


def role_sentence(system: str) -> str | None:
    """« Tu es un service météo… »: what the system prompt says the assistant is."""
    m = ROLE_SENTENCE.search(system or "")
    return m.group(0) if m else None


def reason(result: str | None) -> str:
    """A refusal's reason, without the CLI's « PreToolUse:<tool> hook error: » prefix."""
    return HOOK_PREFIX.sub("", result or "").strip()
