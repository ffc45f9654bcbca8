"""The form asked for (simulator/_form.py, data/form.toml), extended thinking (_thinking.py), the expression reader
and the analyses of a given text: one test per data entry where the entry is a word the model reads."""
from __future__ import annotations

import json
import re

import pytest

from helpers.simulator._engine import _arith
from helpers.simulator._engine.recognisers import text as analysis
from helpers.simulator._engine.recognisers.arith import statistic, written_expression
from helpers.simulator._words import words

MODEL = "claude-sonnet-5-5"
W = words()


def ask(client, content, **kw):
    messages = content if isinstance(content, list) else [{"role": "user", "content": content}]
    return client.messages.create(model=MODEL, max_tokens=kw.pop("max_tokens", 2048), messages=messages, **kw)


def text_of(message) -> str:
    return "".join(b.text for b in message.content if b.type == "text")


# -- prefill ---------------------------------------------------------------------------------------------------
def test_a_prefilled_brace_is_continued_into_one_valid_json_object(client):
    m = ask(client, [{"role": "user", "content": "Give me a JSON dict of three rivers and their countries."},
                     {"role": "assistant", "content": "Here is the JSON requested:\n{"}])
    out = text_of(m)
    assert not out.lstrip().startswith("{"), "the prefill's brace is not repeated"
    assert isinstance(json.loads("{" + out[:out.rfind("}") + 1]), dict)


def test_a_prefilled_tag_gets_its_content_and_its_closing_tag(client):
    m = ask(client, [{"role": "user", "content": "Put your answer in <answer> tags: what is 12 times 12?"},
                     {"role": "assistant", "content": "<answer>"}])
    out = text_of(m)
    assert "</answer>" in out and "144" in out and not out.startswith("<answer>")


# -- JSON by instruction ----------------------------------------------------------------------------------------
def test_json_with_named_keys_has_exactly_those_keys_and_null_where_unknown(client):
    m = ask(client, "Réponds en JSON avec les clés ville et temperature_c : quel temps fait-il à Nantes ?")
    data = json.loads(text_of(m))
    assert set(data) == {"ville", "temperature_c"}
    assert data["ville"] == "Nantes" and data["temperature_c"] is None


def test_json_without_keys_is_json_only_with_the_notice_inside(client):
    m = ask(client, "Return a JSON object listing five famous painters.")
    data = json.loads(text_of(m))
    assert list(data) == ["answer"] and data["answer"].startswith("(Simulated answer)")


# -- tags --------------------------------------------------------------------------------------------------------
EVALUATOR = ("Evaluate this code. Output your evaluation concisely in the following format.\n"
             "<evaluation>PASS, NEEDS_IMPROVEMENT, or FAIL</evaluation>\n<feedback>\nWhat needs improvement.\n"
             "</feedback>\nContent to evaluate: {content}")


def test_an_evaluator_loop_ends_on_the_version_written_after_feedback(client):
    first = text_of(ask(client, EVALUATOR.format(content="def f(): pass")))
    assert "<evaluation>NEEDS_IMPROVEMENT</evaluation>" in first
    generator = ("Write the function. Output in the following format:\n<thoughts>\n[plan]\n</thoughts>\n<response>\n"
                 "[code]\n</response>\nPrevious attempts:\ndef f(): pass\nFeedback: {fb}\nTask: sort a list")
    revised = text_of(ask(client, generator.format(fb="handle empty lists")))
    assert W["say"]["en"]["revised"] in revised
    second = text_of(ask(client, EVALUATOR.format(content=re.search(r"<response>(.*?)</response>", revised,
                                                                    re.S).group(1))))
    assert "<evaluation>PASS</evaluation>" in second


def test_a_router_picks_the_option_its_input_is_about_and_closes_every_tag(client):
    prompt = ("Select the most appropriate support team from these options: ['billing', 'technical', 'account', "
              "'product']. Provide your selection in this XML format:\n<reasoning>\nWhy\n</reasoning>\n"
              "<selection>\nThe team\n</selection>\nInput: I cannot log in, my password is refused.")
    out = text_of(ask(client, prompt))
    assert re.search(r"<selection>\s*account\s*</selection>", out)
    assert out.count("<reasoning>") == out.count("</reasoning>") == 1


def test_a_document_given_to_read_is_not_a_tag_to_write(client):
    out = text_of(ask(client, "<document>\n" + "Le marché a progressé de 4 %. " * 20 + "\n</document>\n"
                      "Résume ce document en une phrase."))
    assert "<document>" not in out


def test_a_fallback_named_by_the_system_prompt_is_used_when_the_model_cannot_answer(client):
    system = ("Wrap your final response in <response> tags. If you cannot solve the task return "
              "<response>NOT_FOUND</response>")
    out = text_of(ask(client, "Who painted the ceiling of the Sistine Chapel?", system=system))
    assert re.search(r"<response>\s*NOT_FOUND\s*</response>", out)


# -- bare answers ------------------------------------------------------------------------------------------------
CALC = {"name": "calculator", "description": "Evaluates an arithmetic expression.",
        "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}},
                         "required": ["expression"]}}


@pytest.mark.parametrize("cue", W["cues"]["bare"])
def test_every_bare_cue_leaves_no_text_before_a_tool_call(client, cue):
    m = ask(client, f"What is 1234 * 5678? {cue.capitalize()} the result.", tools=[CALC])
    assert m.content[0].type == "tool_use", (cue, m.content)


# -- words of the data file: each one does what its table says ---------------------------------------------------
@pytest.mark.parametrize("role,name", [(r, n) for r, names in W["tags"].items() for n in names])
def test_every_tag_name_has_its_role(role, name):
    from helpers.simulator._engine.recognisers.form import role as role_of
    assert role_of(name) == role


@pytest.mark.parametrize("polarity,word", [(p, w) for p, ws in W["sentiment"].items() for w in ws])
def test_every_sentiment_word_weighs_on_its_side(polarity, word):
    scores = analysis.sentiment(f"Well, {word}.")
    assert scores[polarity] == max(scores.values()) and scores[polarity] > 0


@pytest.mark.parametrize("category,word", [(c, w) for c, ws in W["categories"].items() for w in ws])
def test_every_category_word_points_to_its_category(category, word):
    labels = list(W["categories"])
    assert analysis.categories(f"About {word}.", labels)[0]["name"] == category


def test_entities_are_typed_by_their_cues_and_none_are_invented():
    found = {e["name"]: e["type"] for e in analysis.entities(
        "Marie works at Renault in Lyon. She met Paul, the CEO of Acme Inc., in Geneva.")}
    assert found == {"Marie": "PERSON", "Renault": "ORGANIZATION", "Lyon": "LOCATION", "Paul": "PERSON",
                     "Acme Inc": "ORGANIZATION", "Geneva": "LOCATION"}
    assert analysis.entities("nothing capitalised here.") == []


# -- the expression reader ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,lang,expected", [
    ("What is the result of 1,984,135 * 9,343,116?", "en", 18538003464660),
    ("Calculate (12851 - 593) * 301 + 76", "en", 3689734),
    ("What is 15910385 divided by 193053?", "en", 15910385 / 193053),
    ("Combien font 1 234,5 + 2 ?", "fr", 1236.5),
    ("Combien font 17 fois 25 ?", "fr", 425),
    ("3.5 × 10^-5 * 2", "en", 7e-5),
    ("2 to the power of 10", "en", 1024),
])
def test_the_expression_reader_reads_locale_brackets_words_and_powers(text, lang, expected):
    assert _arith.evaluate(written_expression(text, lang)) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["break it down into 2-3 approaches", "commande ORD-7781 du 2024-11-30",
                                  "a concentration of 3.5 × 10^-5 M", "use c = 3 × 10^8 m/s",
                                  "3x² - 7x + 2 = 0 has two roots"])
def test_ranges_names_dates_and_lone_signs_are_not_computations(text):
    expr = written_expression(text, "en")
    assert expr is None or "+ 2" != expr


def test_tiny_results_are_read_back_exactly():
    assert _arith.fmt(6.626e-34) == "6.626e-34"


# -- extended thinking -------------------------------------------------------------------------------------------
def test_thinking_enabled_starts_the_reply_with_a_signed_thinking_block_counted_in_usage(client):
    plain = ask(client, "Combien font 3 fois 4 ?")
    m = ask(client, "Combien font 3 fois 4 ?", thinking={"type": "enabled", "budget_tokens": 1024})
    assert [b.type for b in m.content] == ["thinking", "text"]
    assert m.content[0].signature and "3 fois 4" in m.content[0].thinking
    assert m.usage.output_tokens > plain.usage.output_tokens


def test_thinking_streams_as_thinking_and_signature_deltas(client):
    with client.messages.stream(model=MODEL, max_tokens=2048, thinking={"type": "enabled", "budget_tokens": 1024},
                                messages=[{"role": "user", "content": "What is 7 times 6?"}]) as stream:
        kinds = [e.delta.type for e in stream if e.type == "content_block_delta"]
        final = stream.get_final_message()
    assert "thinking_delta" in kinds and kinds.index("signature_delta") < kinds.index("text_delta")
    assert final.content[0].type == "thinking"


def test_omitted_display_keeps_the_signature_only(client):
    m = ask(client, "What is 7 times 6?", thinking={"type": "enabled", "budget_tokens": 1024, "display": "omitted"})
    assert m.content[0].thinking == "" and m.content[0].signature


def test_adaptive_thinking_thinks_before_a_tool_call_not_for_a_greeting(client):
    call = ask(client, "What is 1234 * 5678?", tools=[CALC], thinking={"type": "adaptive"})
    hello = ask(client, "Hello!", thinking={"type": "adaptive"})
    assert call.content[0].type == "thinking" and hello.content[0].type == "text"


def test_a_tool_loop_with_thinking_blocks_passed_back_is_accepted(client):
    first = ask(client, "What is 1234 * 5678?", tools=[CALC], thinking={"type": "enabled", "budget_tokens": 1024})
    call = next(b for b in first.content if b.type == "tool_use")
    second = ask(client, [{"role": "user", "content": "What is 1234 * 5678?"},
                          {"role": "assistant", "content": first.content},
                          {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                                        "content": "7006652"}]}],
                 tools=[CALC], thinking={"type": "enabled", "budget_tokens": 1024})
    assert "7,006,652" in text_of(second) or "7006652" in text_of(second)


# -- statistics, rounding, just the number, feedback on tools ---------------------------------------------------
@pytest.mark.parametrize("text,expected", [
    ("the population standard deviation of [2, 4, 4, 4, 5, 5, 7, 9]", 2.0),
    ("the sample variance of [1, 2, 3, 4]", 5 / 3),
    ("la moyenne de : 4, 8, 15", 9.0), ("the median of [3, 1, 2, 10]", 2.5), ("la médiane de [5, 1, 3]", 3),
    ("the sum of [1.5, 2.5, 3]", 7.0),
])
def test_a_statistic_named_over_a_given_list_is_an_exact_expression(text, expected):
    assert _arith.evaluate(statistic(text)) == pytest.approx(expected)


@pytest.mark.parametrize("name", [n for n in W["statistics"] if n != "sample"])
def test_every_statistic_has_words_that_name_it(name):
    assert all(statistic(f"the {word} of [1, 2, 3, 6]") for word in W["statistics"][name])


def test_a_computed_answer_is_rounded_as_asked_and_alone_when_just_the_number_is_wanted(client):
    said = text_of(ask(client, "What is 22 / 7? Round to 3 decimal places. Provide just the number."))
    assert said == "3.143"
    assert text_of(ask(client, "Combien font 22 / 7 ? Arrondis à 2 décimales.")).endswith("= 3.14.")


@pytest.mark.parametrize("cue", W["cues"]["number_only"])
def test_every_just_the_number_cue_leaves_the_number_alone(client, cue):
    assert text_of(ask(client, f"What is 6 * 7? Give {cue}.")) == "42"


def test_feedback_on_tools_names_what_their_definitions_lack(client):
    tools = [{"name": "convert", "description": "", "input_schema": {"type": "object", "properties": {
        "amount": {"type": "number", "description": ""}, "unit": {"type": "string", "description": "e.g. km"}}}}]
    said = text_of(ask(client, "Say hello.\nGive feedback on the tools, wrapped in <feedback> tags.", tools=tools))
    assert "convert has no description" in said and "amount has no description" in said and "unit" not in said


@pytest.mark.parametrize("text,expected", [("Quelle est la moyenne de 12, 15 et 21 ?", 16), ("the average of 3 and 5", 4)])
def test_a_statistic_over_numbers_listed_in_words_is_computed(text, expected):
    assert _arith.evaluate(statistic(text)) == expected


def test_a_summary_of_steps_for_a_long_word_problem_says_no_step_was_possible_not_the_question_again(client):
    prompt = ("A cyclist rides up a hill at a steady pace for a while, then rests, then rides down twice as fast; "
              "the whole trip, rest included, lasts a little over an hour and a half, with the climb taking longer "
              "than the descent by a margin that depends on the wind. How long was the rest, in minutes?")
    system = ("Use the tools. Put a summary of your steps in <summary> tags and your answer in <response> tags. "
              "If you cannot solve the task return <response>NOT_FOUND</response>.")
    said = text_of(ask(client, prompt, system=system, tools=[CALC]))
    assert "<response>NOT_FOUND</response>" in said and "A cyclist rides" not in said
    assert W["say"]["en"]["no_steps_unknown"] in said
