"""While the learner's code is still nbgrader's stub, a notebook says in French what to do and runs on.

nbgrader's student stub is `# VOTRE CODE ICI` then `raise NotImplementedError()`. Inside a function
it only raises when the function is called: the cells that call it ask `helpers.ready("1.1.a")`
first. A cell whose *whole* solution is the stub (the answers of a graded check, `HOOKS`) would
raise at top level and stop « Run All »: an IPython input transformer turns that one line into a
French notice, so the run goes on. The name stays undefined, so grading is unchanged (0 point).
"""
from __future__ import annotations

import ast
import html
import inspect
import textwrap

STUB_COMMENT = "# VOTRE CODE ICI"
STUB_RAISE = "raise NotImplementedError()"
NOTICE_CALL = "__import__('helpers.lessons._stubs', fromlist=['_']).cell_notice()"


def _raises_not_implemented(node: ast.stmt) -> bool:
    if not isinstance(node, ast.Raise) or node.exc is None:
        return False
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def is_stub(obj: object) -> bool:
    """True for a function whose body still raises NotImplementedError at its top level."""
    fn = inspect.unwrap(obj) if callable(obj) else obj
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        # No source to read: a stub is a function that only knows NotImplementedError.
        return code.co_names == ("NotImplementedError",)
    defined = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    return defined is not None and any(_raises_not_implemented(s) for s in defined.body)


def _namespace() -> dict:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return {}
    shell = get_ipython()
    return shell.user_ns if shell is not None else {}


def unwritten(names: list[tuple[str, str]], namespace: dict | None = None) -> list[tuple[str, str]]:
    """The (name, exercise) pairs still to write: undefined in the notebook, or still the stub."""
    namespace = _namespace() if namespace is None else namespace
    return [(name, ex) for name, ex in names if name not in namespace or is_stub(namespace[name])]


def _show(html_text: str, plain: str) -> None:
    from ..widgets.typography import french_html, french_message
    html_text, plain = french_html(html_text), french_message(plain)      # French typography, never in code
    try:
        from IPython.display import display
        display({"text/html": html_text, "text/plain": plain}, raw=True)
    except ImportError:  # pragma: no cover
        print(plain)


BOX = ('<div class="cours-a-faire" style="background:#fff8e1;border-left:6px solid #b36b00;padding:8px 12px;'
       'margin:4px 0;font-family:sans-serif;line-height:1.45">✏️ {}</div>')


def todo_text(missing: list[tuple[str, str]]) -> str:
    by_exercise: dict[str, list[str]] = {}
    for name, ex in missing:
        by_exercise.setdefault(ex, []).append(name)
    parts = [" et ".join(f"`{n}`" for n in names) + f" (exercice {ex})" for ex, names in by_exercise.items()]
    return (f"Écrivez d'abord {', puis '.join(parts)}, puis relancez cette cellule. "
            f"En attendant, le reste du notebook s'exécute normalement.")


def show_todo(missing: list[tuple[str, str]]) -> None:
    text = todo_text(missing)
    parts = text.split("`")
    rich = "".join(f"<code>{html.escape(p)}</code>" if i % 2 else html.escape(p) for i, p in enumerate(parts))
    _show(BOX.format(rich), f"✏️ {text}")


def cell_notice() -> None:
    """What a cell left as nbgrader's stub shows instead of a NotImplementedError traceback."""
    _show(BOX.format("Cellule à compléter : remplacez les lignes <code># VOTRE CODE ICI</code> et "
                     "<code>raise NotImplementedError()</code> par votre réponse, puis relancez la cellule. "
                     "En attendant, le reste du notebook s'exécute normalement."),
          "✏️ Cellule à compléter : remplacez les lignes « # VOTRE CODE ICI » et « raise NotImplementedError() » "
          "par votre réponse, puis relancez la cellule. En attendant, le reste du notebook s'exécute normalement.")


def transform(lines: list[str]) -> list[str]:
    """IPython input transformer: a top-level stub (`# VOTRE CODE ICI` then `raise NotImplementedError()`,
    both unindented) becomes the notice. Indented stubs (inside a function) are left alone."""
    out, previous = [], ""
    for line in lines:
        if line.rstrip() == STUB_RAISE and previous.rstrip() == STUB_COMMENT:
            line = NOTICE_CALL + ("\n" if line.endswith("\n") else "")
        out.append(line)
        if line.strip():
            previous = line
    return out


def install() -> bool:
    """In an IPython kernel: register `transform` once."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return False
    shell = get_ipython()
    if shell is None:
        return False
    transformers = shell.input_transformers_post
    if any(getattr(t, "__name__", "") == transform.__name__ and getattr(t, "__module__", "") == __name__
           for t in transformers):
        return False
    transformers.append(transform)
    return True
