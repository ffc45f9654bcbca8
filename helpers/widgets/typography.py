"""French typography for what a learner reads: no-break spaces where French puts them, never inside code.

French sets a narrow no-break space (U+202F) before « ; : ! ? », inside « guillemets », and between the
groups of digits of a number (« 1 148 ») ; a no-break space (U+00A0) joins a number to its unit or symbol
(« 27 % », « 0,50 $ », « 8 s »). Typed with ordinary spaces, a line may break before the colon or leave
« 1 » alone at the end of a line.

Three entry points, all idempotent:

- `french_html(text)` for text or HTML shown by a widget: text between tags is set, what is inside a tag,
  `<code>`, `<pre>`, `<script>` or `<style>` is left alone;
- `french_markdown(text)` for a markdown cell: fenced code blocks, inline code, link targets, URLs and HTML
  tags are left alone; headings are set too, so their anchors (which JupyterLab derives from their text, turning
  only ordinary spaces into hyphens) carry the no-break spaces: links to a heading are built from its text
  (helpers/lessons/ts2_1/lessons.py), never typed;
- `french_message(text)` for plain text a learner or an instructor reads — a check's feedback, an error
  explained in French: inline code between backticks, URLs and `<…>` placeholders are left alone.

Only an ordinary space already typed before a sign is replaced: « key: value », « http://… », « 10:30 »
and identifiers never receive one.
"""
from __future__ import annotations

import re

NARROW = "\u202f"       # espace fine insécable
NBSP = "\u00a0"         # espace insécable

# An ordinary space (or a run of them) before ; : ! ? — the sign then ends a word (space, end, closing mark).
_BEFORE_SIGN = re.compile(r"(?<!\s)[ \u00a0]+([;:!?])(?=\s|$|[»)\]*_,.])")
_AFTER_OPENING = re.compile(r"«[ \u00a0]+")
_BEFORE_CLOSING = re.compile(r"[ \u00a0]+»")
# Digit groups: « 1 148 », « 128 000 » (a group of exactly three digits follows).
_THOUSANDS = re.compile(r"(?<=\d)[ \u00a0](?=\d{3}(?!\d))")
_UNIT = re.compile(r"(?<=\d) (?=(?:%|€|\$|°C|ms|min|s|h|Go|Mo|ko|Ko)(?![\w]))")

# Spans left exactly as they are.
_MD_PROTECTED = re.compile(
    r"(`+)(?:.+?)\1"                      # inline code, any number of backticks
    r"|\]\([^)]*\)"                       # a link's target
    r"|<[^<>\n]+>"                        # an HTML tag or an autolink
    r"|\bhttps?://[^\s)>\]]+"             # a bare URL
    r"|\$[^$\n]+\$",                      # inline maths
    re.S)
# In a plain message: `code`, a URL, a <placeholder> (<ipython-input-3>, <non défini>).
_MESSAGE_PROTECTED = re.compile(r"(`+)(?:.+?)\1|\bhttps?://\S+|<[^<>\n]+>", re.S)
_FENCE = re.compile(r"^(\s*)(```|~~~)")
_HTML_RAW = re.compile(r"(<(code|pre|script|style)\b[^>]*>.*?</\2>|<[^>]+>)", re.S | re.I)


def french_text(text: str) -> str:
    """French spacing in plain prose (no markup inside)."""
    text = _BEFORE_SIGN.sub(lambda m: NARROW + m.group(1), text)
    text = _AFTER_OPENING.sub("«" + NARROW, text)
    text = _BEFORE_CLOSING.sub(NARROW + "»", text)
    text = _THOUSANDS.sub(NARROW, text)
    return _UNIT.sub(NBSP, text)


def _outside(pattern: re.Pattern, text: str) -> str:
    out, last = [], 0
    for m in pattern.finditer(text):
        out += [french_text(text[last:m.start()]), m.group(0)]
        last = m.end()
    out.append(french_text(text[last:]))
    return "".join(out)


def french_html(text: str) -> str:
    """French spacing in text or HTML: only the text between tags changes, never a tag or a code element."""
    return _outside(_HTML_RAW, text) if isinstance(text, str) else text


def french_message(text: str) -> str:
    """French spacing in a plain message (feedback, an explained error): never in `code`, a URL or a <tag>."""
    return _outside(_MESSAGE_PROTECTED, text) if isinstance(text, str) else text


def french_markdown(text: str) -> str:
    """French spacing in a markdown cell, headings included: never in a code block, inline code, URL, link target
    or tag."""
    out, fenced, fence = [], False, ""
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if m and (not fenced or line.strip().startswith(fence)):
            fenced, fence = (not fenced), m.group(2)
            out.append(line)
        elif fenced:
            out.append(line)
        else:
            out.append(_outside(_MD_PROTECTED, line))
    return "\n".join(out)
