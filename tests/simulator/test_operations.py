"""Operations on a text the request gives (simulator/_engine/recognisers/operations.py, data/form.toml [operations]): numbers
with what they measure, percentages, sorting, a Markdown table — chained the way a prompt chain passes each step's
text to the next; one test per cue word."""
from __future__ import annotations

import pytest

from helpers.simulator._engine.recognisers import operations as ops
from helpers.simulator._words import words

MODEL = "claude-sonnet-5-5"
REPORT = """Bilan du semestre :
Le taux de réponse aux enquêtes est monté à 64 points.
Le chiffre d'affaires a progressé de 12% sur un an.
Le délai moyen de livraison est passé à 3 jours.
Le taux de retour a baissé à 4% contre 6%.
"""
REPORT_EN = """Spring review:
Our net promoter score rose to 41 points.
Ticket backlog fell by 18% this month.
Average handling cost is $12 per ticket.
"""


def answer(client, prompt: str) -> str:
    message = client.messages.create(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}])
    return message.content[0].text


def test_the_numbers_of_a_given_text_come_with_what_they_measure(client):
    said = answer(client, f"Extract the numbers and their metrics, one 'value: metric' per line.\nInput: {REPORT_EN}")
    assert said.splitlines() == ["41: net promoter score", "18%: ticket backlog", "$12: average handling cost"]


def test_a_second_number_after_from_or_contre_is_the_earlier_value():
    rows = ops.numbers("Le taux de retour a baissé à 4% contre 6%.", "fr")
    assert [(r.value, r.label) for r in rows] == [("4%", "taux de retour"), ("6%", "taux de retour (avant)")]


def test_a_chain_of_steps_each_working_on_the_previous_output_ends_in_a_table(client):
    text = REPORT
    for step in ("Extrais les chiffres et leurs indicateurs, une ligne 'valeur: indicateur' chacun.",
                 "Convertis les valeurs en pourcentages quand ce sont des points.",
                 "Trie les lignes par valeur, ordre décroissant.",
                 "Présente le résultat en tableau markdown :\n| Indicateur | Valeur |\n|:--|--:|"):
        text = answer(client, f"{step}\nEntrée : {text}")
    assert text.splitlines() == ["| Indicateur | Valeur |", "|:--|--:|", "| taux de réponse aux enquêtes | 64% |",
                                 "| chiffre d'affaires | 12% |", "| taux de retour (avant) | 6% |",
                                 "| taux de retour | 4% |", "| délai moyen de livraison | 3 jours |"]


def test_nothing_to_work_on_gives_the_notice_not_an_invented_line(client):
    said = answer(client, "Extract the numbers and their metrics.\nInput: A quiet week, nothing measured.")
    assert said.startswith("(Simulated answer)")


@pytest.mark.parametrize("operation,word", [(op, w) for op, groups in words()["operations"]["cues"].items()
                                            for group in groups for w in group])
def test_every_cue_word_names_its_operation(operation, word):
    groups = words()["operations"]["cues"][operation]
    others = [g[0] for g in groups if word not in g]
    assert operation in ops._asked(" ".join([word] + others))


def test_the_line_shape_follows_the_prompt():
    assert ops._line_shape("one 'metric: value' per line") == "{label}: {value}"
    assert ops._line_shape("one 'value: metric' per line") == "{value}: {label}"


def test_an_answer_opens_with_the_words_the_prompt_says_it_must(client):
    said = answer(client, 'You are the billing desk. Always start with "Billing Desk:"\nInput: What is 6 times 7?')
    assert said.startswith("Billing Desk:\n\n")


def test_a_summary_of_a_given_text_is_its_opening_sentences_word_for_word(client):
    text = ("La médiathèque ouvrira le dimanche dès janvier. Les horaires du samedi ne changent pas. "
            "Un service de portage à domicile sera testé au printemps.")
    assert answer(client, f"Résume ce texte en une phrase : {text}") == "La médiathèque ouvrira le dimanche dès janvier."
    assert answer(client, f"Summarize this: {text}") == ("La médiathèque ouvrira le dimanche dès janvier. "
                                                         "Les horaires du samedi ne changent pas.")
    assert answer(client, "Résume notre échange.").startswith("(Réponse simulée)")


ROWS = words()["phrasebook"]["rows"]


@pytest.mark.parametrize("row,source,target", [(r, s, t) for r in ROWS for s in ("fr", "en") for t in r if t != s])
def test_every_phrase_of_the_phrasebook_translates_into_every_language_it_holds(row, source, target):
    from helpers.simulator._engine._lexicon import LANGUAGES
    name = next(n for n, code in LANGUAGES.items() if code == target and n.isascii())
    assert ops.translation(f"Traduis « {row[source]} » en {name}") == row[target]


def test_a_sentence_the_phrasebook_does_not_hold_is_not_translated(client):
    assert ops.translation("Traduis « le chat dort sur le canapé » en anglais") is None
    assert answer(client, "Traduis « le chat dort sur le canapé » en anglais").startswith("(Réponse simulée)")


def test_a_phrase_inside_a_longer_request_is_not_a_phrase_to_translate():
    assert ops.translation("Translate this text, no explanation, into Spanish: I like trains") is None
