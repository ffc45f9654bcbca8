"""The order in which a set of questions shows its options: shuffled for a learner and an attempt, the same on
every reload (a page reload must not move the answer), balanced over the set and with no period.

A layout maps each question id to its original letters in the order shown: ("C", "A", "D", "B") shows the
original option C under the letter A, and so on. Answers are stored and judged in original letters; only what
is drawn is shown in this order. Explanations therefore never name another option by its letter.
"""
from __future__ import annotations

import getpass
import hashlib
import os
import random
from typing import Iterable, Sequence

LETTERS = ("A", "B", "C", "D")
MOST_ALIKE = 0.5      # above this share of equal letters at some lag, a sequence of answers reads as a pattern
LONGEST_RUN = 3       # nor may the same letter come more than three times in a row


def learner() -> str:
    """Who answers: the JupyterHub account, else the system account (the same on every reload of the page)."""
    for name in ("JUPYTERHUB_USER", "NB_USER"):
        if os.environ.get(name):
            return os.environ[name]
    try:
        return getpass.getuser()
    except (KeyError, OSError):   # a container whose uid has no name
        return "apprenant"


def _rng(*parts: object) -> random.Random:
    # Seeded from a digest, not hash(): a str's hash changes from one process to the next.
    return random.Random(hashlib.sha256("|".join(map(str, parts)).encode()).digest())


def repeats(sequence: Sequence[str]) -> tuple[int, float]:
    """The lag at which `sequence` is most like itself, and the share of positions equal at that lag
    (BDACBDAC… gives (4, 1.0); a uniform random sequence of four letters gives about 0.25 at every lag).
    Lags are tried while at least half the sequence can be compared."""
    best = (0, 0.0)
    for lag in range(1, len(sequence) // 2 + 1):
        pairs = len(sequence) - lag
        share = sum(sequence[i] == sequence[i + lag] for i in range(pairs)) / pairs
        if share > best[1]:
            best = (lag, share)
    return best


def longest_run(sequence: Sequence[str]) -> int:
    run = best = 0
    for i, letter in enumerate(sequence):
        run = run + 1 if i and letter == sequence[i - 1] else 1
        best = max(best, run)
    return best


def patterned(sequence: Sequence[str]) -> bool:
    """True when a candidate could guess the next answer from the ones before: a period, or a long run."""
    return len(sequence) >= 4 and (repeats(sequence)[1] >= MOST_ALIKE or longest_run(sequence) > LONGEST_RUN)


def balanced_letters(count: int, rng: random.Random) -> list[str]:
    """`count` letters, each as often as the others (±1), in an order with no pattern."""
    letters = [LETTERS[i % len(LETTERS)] for i in range(count)]
    for _ in range(200):
        rng.shuffle(letters)
        if not patterned(letters):
            break
    return letters


def layout(questions: Iterable[tuple[str, str]], learner_name: str, attempt: int = 1) -> dict[str, tuple[str, ...]]:
    """For (question id, right original letter) pairs in the order asked: each id → its original letters in the
    order shown. The right answers land on balanced letters with no pattern; the other options are shuffled too.
    The same learner, attempt and questions always give the same layout."""
    asked = list(questions)
    rng = _rng("options", learner_name, attempt, *(qid for qid, _ in asked))
    targets = balanced_letters(len(asked), rng)
    orders = {}
    for (qid, right), target in zip(asked, targets):
        others = [letter for letter in LETTERS if letter != right]
        rng.shuffle(others)
        others.insert(LETTERS.index(target), right)
        orders[qid] = tuple(others)
    return orders


def draw_rng(seed: object, learner_name: str, attempt: int) -> random.Random:
    """The random source of a draw: one learner's attempt draws the same questions on every reload."""
    return _rng("draw", seed, learner_name, attempt)
