"""Nothing a student wrote runs in an instructor's browser: graded notebooks and feedback are sanitized.

The graded notebook is what Formgrader renders (its template renders markdown and HTML outputs as they are) and
what the feedback page is made from (nbgrader's classic template, the same). `SanitizeNotebook`, an nbgrader
preprocessor run at the end of autograding and again before feedback, keeps of each code output only inert mime
types (text, PNG, JPEG, JSON, LaTeX), its metadata reduced to numeric image sizes (templates print them unquoted),
and HTML or Markdown cleaned by bleach with an allow-list (tags of prose and tables, `class`, `style` through
bleach's CSS sanitizer, links and images to http(s), data images and relative paths only); JavaScript, widget views
and state, SVG and every other type go. A Markdown cell (or a Markdown output) is rendered as Formgrader would and
audited against the same allow-list: when all of it is allowed it is left as written, otherwise it becomes a code
block showing its text, inert.

Why not nbconvert's own `HTMLExporter.sanitize_html`: its allow-list (bleach's default and a few more) escapes
paragraphs, headings and line breaks, so every rendered cell showed its `<p>` as text; and Formgrader's template
ignores it for markdown cells anyway.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import bleach
from bleach.css_sanitizer import CSSSanitizer
from nbgrader.preprocessors import NbGraderPreprocessor

TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s",
    "samp", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
    "u", "ul",
}
ATTRIBUTES = {
    "*": ["class", "id", "title", "style", "lang", "dir"],
    "a": ["href", "name"],
    "img": ["src", "alt", "width", "height"],
    "td": ["colspan", "rowspan", "align"],
    "th": ["colspan", "rowspan", "align", "scope"],
    "ol": ["start"],
}
PROTOCOLS = {"http", "https", "mailto", "data"}
SAFE_OUTPUTS = {"text/plain", "image/png", "image/jpeg", "application/json", "text/latex"}
CLEANED_OUTPUTS = {"text/html", "text/markdown"}
_CSS = CSSSanitizer()
NO_DESCRIPTION = "Image produite par la cellule (sans description)"   # as the feedback template says it
_NO_ALT = re.compile(r"<img(?![^>]*\salt=)")
_SCRIPT_URL = re.compile(r"(?i)(java|vb)\s*script\s*:|data\s*:\s*text/html")


def _data_images_only(tag: str, name: str, value: str) -> bool:
    """Attributes as in ATTRIBUTES; a `data:` URL only as an image's PNG/JPEG/GIF source."""
    if name not in ATTRIBUTES.get(tag, []) and name not in ATTRIBUTES["*"]:
        return False
    if name in ("href", "src") and value.strip().lower().startswith("data:"):
        return tag == "img" and re.match(r"(?i)data:image/(png|jpeg|gif);", value.strip()) is not None
    return True


def clean(html: str, *, strip: bool = False) -> str:
    """HTML with only the allow-list left: unsafe tags escaped (`strip=False`, shown as text) or removed."""
    cleaner = bleach.Cleaner(tags=TAGS, attributes=_data_images_only, protocols=PROTOCOLS, strip=strip,
                             strip_comments=True, css_sanitizer=_CSS)
    # An image without a description gets a French one here: nbconvert would write its English « No description has
    # been provided for this image » (seen on Formgrader's manual grading page, which the course's exporter does not
    # render). bleach has serialized every tag, its values quoted and `>` escaped: the pattern cannot be fooled.
    return _NO_ALT.sub(f'<img alt="{NO_DESCRIPTION}"', cleaner.clean(str(html)))


class _Audit(HTMLParser):
    """Every tag and attribute of an HTML text, against the allow-list: `unsafe` says the first that is not."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.unsafe: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        if self.unsafe:
            return
        if tag not in TAGS:
            self.unsafe = f"<{tag}>"
            return
        for name, value in attrs:
            value = value or ""
            if not _data_images_only(tag, name, value):
                self.unsafe = f"{tag}[{name}]"
            elif name in ("href", "src") and _scheme(value) not in PROTOCOLS | {""}:
                self.unsafe = f"{tag}[{name}={value[:20]}]"
            elif name == "style" and re.search(r"(?i)url\s*\(|expression|@import|behavior", value):
                self.unsafe = f"{tag}[style]"

    handle_startendtag = handle_starttag


def _scheme(url: str) -> str:
    cleaned = re.sub(r"[\x00-\x20]", "", url).lower()
    match = re.match(r"([a-z][a-z0-9+.-]*):", cleaned)
    return match.group(1) if match else ""


def unsafe_markdown(source: str) -> str | None:
    """What in a Markdown text would reach the browser outside the allow-list once rendered, or None."""
    from nbconvert.filters.markdown import markdown2html
    if _SCRIPT_URL.search(source):
        return "javascript:"
    audit = _Audit()
    audit.feed(markdown2html(source))
    audit.close()
    return audit.unsafe


def clean_markdown(source: str) -> str:
    """Markdown kept as it is when all it renders is on the allow-list; otherwise shown as its text, in a code
    block (inert, and the instructor sees what was written)."""
    if "<" not in source and ":" not in source:
        return source
    problem = unsafe_markdown(source)
    if problem is None:
        return source
    fence = "`" * max(3, max((len(run) for run in re.findall(r"`+", source)), default=0) + 1)
    # What was found is named as inline code: written as is, « <script> » in the note was itself a tag (the page was
    # cut there), and the next sanitizing pass — feedback runs it again — neutralized the note a second time.
    label = problem.replace("`", "'")
    return (f"*Contenu neutralisé pendant la correction (`{label}` n'est pas affiché) ; son texte :*\n\n"
            f"{fence}text\n{source}\n{fence}")


# What an output's metadata may hold once graded: templates print it into HTML attributes (the classic and lab
# templates write `width=` unquoted), so only sizes as numbers, a boolean, a short description — per image type or at
# the top level — and nothing else (no `filenames`, no `text/html` options, no widget views).
IMAGE_METADATA = {"width": (int, float), "height": (int, float), "unconfined": bool, "alt": str}


def _image_metadata(values: object) -> dict:
    if not isinstance(values, dict):
        return {}
    kept = {}
    for key, kinds in IMAGE_METADATA.items():
        value = values.get(key)
        if isinstance(value, bool) and kinds is not bool:
            continue
        if isinstance(value, kinds):
            if kinds == (int, float):
                if not 0 < value < 100_000:
                    continue
                value = int(value)
            elif kinds is str:
                value = value[:300]
            kept[key] = value
    return kept


def sanitize_metadata(metadata: object) -> dict:
    """An output's metadata reduced to the allow-list: {"image/png": {"width": 300, …}, "width": 300…}."""
    if not isinstance(metadata, dict):
        return {}
    kept = _image_metadata(metadata)
    for mime in ("image/png", "image/jpeg"):
        inner = _image_metadata(metadata.get(mime))
        if inner:
            kept[mime] = inner
    return kept


def sanitize_outputs(outputs: list) -> list:
    for output in outputs:
        if "metadata" in output:
            output["metadata"] = sanitize_metadata(output.get("metadata"))
        if output.get("output_type") not in ("display_data", "execute_result"):
            continue          # stream and error outputs are text, escaped when rendered
        data = output.get("data") or {}
        for key in list(data):
            if key in ("image/png", "image/jpeg"):      # its description, in French (see `clean`)
                meta = output.setdefault("metadata", {})
                meta[key] = {**(meta.get(key) or {}), "alt": (meta.get(key) or {}).get("alt") or NO_DESCRIPTION}
            if key in SAFE_OUTPUTS:
                continue
            if key in CLEANED_OUTPUTS:
                value = data[key]
                value = "".join(value) if isinstance(value, list) else str(value)
                data[key] = clean(value) if key == "text/html" else clean_markdown(value)
            else:
                del data[key]
        if not data:
            data["text/plain"] = "[sortie retirée : type non affiché pendant la correction]"
        output["data"] = data
    return outputs


def sanitize_notebook(nb) -> None:
    """In place: every output and markdown cell of `nb`, and its widget state."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.get("cell_type") == "code":
            cell["outputs"] = sanitize_outputs(cell.get("outputs") or [])
        elif cell.get("cell_type") in ("markdown", "raw"):
            source = "".join(cell.source) if isinstance(cell.source, list) else cell.source
            cell.source = clean_markdown(source)
            attachments = cell.get("attachments") or {}
            for name in list(attachments):
                kept = {k: v for k, v in attachments[name].items() if k in ("image/png", "image/jpeg", "image/gif")}
                if kept:
                    attachments[name] = kept
                else:
                    del attachments[name]


class SanitizeNotebook(NbGraderPreprocessor):
    """nbgrader preprocessor: the graded notebook, and the one feedback is made from, hold nothing that runs."""

    def preprocess(self, nb, resources):
        sanitize_notebook(nb)
        return nb, resources
