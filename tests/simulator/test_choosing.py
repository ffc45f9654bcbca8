"""Choosing what to do (simulator/_engine/_choosing.py and the engine's plan): a model that knows nothing of the
world offline searches when it can, asks for what a call lacks in the user's terms, and answers by itself what it
can compute."""
from __future__ import annotations

import pytest

from helpers.simulator._engine import _choosing, _reading as rd

MODEL = "claude-sonnet-5-5"
SEARCH = {"name": "web_search", "description": "Retrieve up to date information on a topic by searching the web.",
          "input_schema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}}
DOCS = {"name": "search_docs", "description": "Cherche dans la documentation interne.",
        "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
TALK = {"name": "send_text_to_user", "description": "Sends a text message to a user.",
        "input_schema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
CUSTOMER = {"name": "get_customer_info", "description": "Gets a customer's details and previous purchases by username.",
            "input_schema": {"type": "object", "properties": {"username": {"type": "string"}},
                             "required": ["username"]}}


def first(client, content, tools, **kw):
    message = client.messages.create(model=MODEL, max_tokens=1024, tools=tools,
                                     messages=[{"role": "user", "content": content}], **kw)
    calls = [(b.name, b.input) for b in message.content if b.type == "tool_use"]
    return calls, "".join(b.text for b in message.content if b.type == "text")


@pytest.mark.parametrize("question,terms", [
    ("Who won the 2024 Miami Grand Prix?", "Who won the 2024 Miami Grand Prix"),
    ("Qui a remporté le Tour de France 2025 ?", "Qui a remporté le Tour de France 2025"),
    ("Search the web for the 2024 Super Bowl winner", "the 2024 Super Bowl winner"),
    ("Cherche sur le web la date du prochain salon du livre", "la date du prochain salon du livre"),
])
def test_a_question_about_the_world_goes_to_a_search_tool_with_its_terms(client, question, terms):
    calls, _ = first(client, question, [SEARCH])
    assert calls == [("web_search", {"topic": terms})]


def test_any_tool_made_to_search_with_a_free_text_query_is_a_searcher():
    assert _choosing.searchers({"web_search": SEARCH, "search_docs": DOCS, "talk": TALK}) == ["web_search",
                                                                                             "search_docs"]


@pytest.mark.parametrize("said", ["Hello!", "What is 12 * 7?", "Merci beaucoup"])
def test_what_the_model_answers_by_itself_is_not_searched(client, said):
    calls, text = first(client, said, [SEARCH])
    assert calls == [] and text


def test_a_missing_value_is_asked_through_the_tool_that_talks_to_the_user_without_naming_tools(client):
    calls, _ = first(client, "I need help looking up an order", [TALK, CUSTOMER], tool_choice={"type": "any"})
    assert [name for name, _ in calls] == ["send_text_to_user"]
    said = calls[0][1]["text"]
    assert "username" in said and "get_customer_info" not in said and said.endswith("?")


def test_the_same_request_with_the_value_calls_the_lookup(client):
    calls, _ = first(client, "I need help looking up an order. My username is jenny76", [TALK, CUSTOMER],
                     tool_choice={"type": "any"})
    assert calls == [("get_customer_info", {"username": "jenny76"})]


@pytest.mark.parametrize("text,expected", [("Où est la gare ?", True), ("quel temps fait-il", True),
                                           ("How are you", True), ("Réserve une table.", False)])
def test_a_question_ends_with_a_question_mark_or_opens_with_a_question_word(text, expected):
    assert rd.is_question(text) is expected


ADD = {"name": "calculator", "description": "Adds two numbers.",
       "input_schema": {"type": "object", "properties": {"num1": {"type": "number"}, "num2": {"type": "number"}},
                        "required": ["num1", "num2"]}}


@pytest.mark.parametrize("said,numbers", [
    ("I had four cats and just adopted 2 more! How many do I have now?", {"num1": 4, "num2": 2}),
    ("J'avais trois chats et j'en ai adopté deux de plus : combien en ai-je ?", {"num1": 3, "num2": 2}),
])
def test_a_word_problem_with_numbers_in_words_calls_the_adding_tool(client, said, numbers):
    calls, _ = first(client, said, [ADD])
    assert calls == [("calculator", numbers)]


@pytest.mark.parametrize("text,values", [
    ("vingt-cinq mille trois cent douze euros", [25312]), ("one hundred and twenty people", [120]),
    ("I had four and adopted 2 more", [4, 2]), ("pour deux personnes", [2]), ("un chat et une souris", []),
    ("le 14 mars 2027", []),
])
def test_numbers_in_words_are_read_by_text2num_and_articles_are_not_numbers(text, values):
    assert rd.numbers(text) == values


OPEN = {"name": "print_all_characteristics", "description": "Prints all characteristics which are provided.",
        "input_schema": {"type": "object", "additionalProperties": True}}


@pytest.mark.parametrize("description,expected", [
    ("The woman is short, with red hair and a tattoo on her wrist. She wears a green coat.",
     {"height": "short", "hair": "red", "tattoo": "on her wrist", "coat": "green"}),
    ("Le chien est jeune, avec un collier rouge et une tache sur l'oreille.",
     {"age": "jeune", "collier": "rouge", "tache": "sur oreille"}),
    ("Name: Ada\nAge: 36\nCity: London", {"name": "Ada", "age": "36", "city": "London"}),
])
def test_an_open_schema_gets_the_attributes_the_given_text_states(client, description, expected):
    calls, _ = first(client, f"Extract the characteristics.\n<description>\n{description}\n</description>", [OPEN],
                     tool_choice={"type": "tool", "name": "print_all_characteristics"})
    assert calls == [("print_all_characteristics", expected)]


CANCEL = {"name": "cancel_order", "description": "Cancels an order.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}


@pytest.mark.parametrize("result,expected", [("True", "Done (cancel_order: O1)."),
                                             ("false", "Not done (cancel_order: O1): the tool answered false.")])
def test_a_write_that_answers_a_bare_flag_is_said_done_or_not_done(client, result, expected):
    messages = [{"role": "user", "content": "Please cancel order O1."},
                {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "cancel_order",
                                                   "input": {"order_id": "O1"}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": result}]}]
    message = client.messages.create(model=MODEL, max_tokens=512, tools=[CANCEL], messages=messages)
    assert message.content[0].text == expected


STOCK = {"name": "stock_price", "description": "Cours de bourse d'une action par son symbole.",
         "input_schema": {"type": "object", "properties": {"ticker": {"type": "string"}}, "required": ["ticker"]}}
TABLE = {"name": "book_table", "description": "Books a restaurant table.", "input_schema": {
    "type": "object", "properties": {"restaurant": {"type": "string"}, "party_size": {"type": "integer"}},
    "required": ["restaurant", "party_size"]}}


def test_companies_after_an_elided_article_are_each_a_call(client):
    calls, _ = first(client, "Donne-moi le cours d'Apple et de Microsoft", [STOCK])
    assert calls == [("stock_price", {"ticker": "AAPL"}), ("stock_price", {"ticker": "MSFT"})]


@pytest.mark.parametrize("said", ["Book a table at Luigi's for two tonight", "Book a table at Luigi's for 2, please"])
def test_a_party_said_without_its_noun_is_still_the_party_size(client, said):
    calls, _ = first(client, said, [TABLE])
    assert calls == [("book_table", {"restaurant": "Luigi's", "party_size": 2})]


@pytest.mark.parametrize("word", sorted(__import__("helpers.simulator._engine._lexicon", fromlist=["x"]).WHEN_WORDS))
def test_every_when_word_after_for_n_keeps_n_a_party(word):
    from helpers.simulator._engine import _filling
    assert _filling._count("party_size", f"a table for 3 {word}") == 3


BIKE = {"name": "reserver_velo", "description": "Réserve un vélo en libre-service dans une station.",
        "input_schema": {"type": "object", "properties": {"station": {"type": "string"}, "nombre": {"type": "integer"},
                                                          "heure": {"type": "string"}},
                         "required": ["station", "nombre", "heure"]}}


@pytest.mark.parametrize("said,when", [("pour 18h30", "18:30"), ("à 7h", "07:00"), ("pour 20h", "20:00")])
def test_a_time_of_day_after_pour_is_a_time_not_a_duration(client, said, when):
    calls, _ = first(client, f"Réserve deux vélos à la station Bellecour {said}", [BIKE])
    assert calls == [("reserver_velo", {"station": "Bellecour", "nombre": 2, "heure": when})]


@pytest.mark.parametrize("text", ["pendant 1h30", "pour 2h", "durant 45 min"])
def test_a_length_of_time_is_no_time_of_day(text):
    assert rd.clock_times(text) == []
