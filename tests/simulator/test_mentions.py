"""Mentions and their assignment to parameters (simulator/_engine/_mentions.py, used by _filling): each recogniser
finds its kind, and a parameter takes the value whose cue means what its name means — or nothing."""
from __future__ import annotations

import pytest

from helpers.simulator._engine import _filling, _mentions, _reading as rd

S = {"type": "string"}


def tool(props: dict, required: list[str] | None = None) -> dict:
    return {"name": "t", "input_schema": {"type": "object", "properties": props,
                                          "required": list(props) if required is None else required}}


def filled(props: dict, text: str, required: list[str] | None = None) -> _filling.Filled:
    return _filling.fill(tool(props, required), _filling.Context(rd.Facts(text, [])))


@pytest.mark.parametrize("text,kind,value", [
    ("écrivez à anna.b@exemple.fr demain", "email", "anna.b@exemple.fr"),
    ("voir https://exemple.org/doc?id=3 svp", "url", "https://exemple.org/doc?id=3"),
    ("IBAN FR76 3000 6000 0112 3456 7890 189 merci", "iban", "FR7630006000011234567890189"),
    ("appelez le 06 12 34 56 78", "phone", "06 12 34 56 78"),
    ("the order O2 please", "id", "O2"),
    ("la commande ORD-7781", "id", "ORD-7781"),
    ("le 14 mars 2027", "date", "2027-03-14"),
    ("My username is jenny76", "stated", "jenny76"),
])
def test_each_recogniser_finds_its_kind(text, kind, value):
    assert any(m.kind == kind and m.value == value for m in _mentions.mentions(text)), _mentions.mentions(text)


def test_overlapping_mentions_keep_the_longer_span():
    kinds = [m.kind for m in _mentions.mentions("FR76 3000 6000 0112 3456 7890 189")]
    assert kinds == ["iban"]


def test_ids_go_to_the_parameter_their_noun_names():
    text = "Le client C-1042 (déjà vérifié) demande le remboursement pour la commande ORD-1234."
    assert _mentions.for_parameter("customer_id", "id", text) == "C-1042"
    assert _mentions.for_parameter("order_id", "id", text) == "ORD-1234"


def test_a_stated_value_fills_the_parameter_it_names():
    assert filled({"username": S}, "I need help with an order. My username is jenny76").input == {
        "username": "jenny76"}
    assert filled({"customer_email": {"type": "string", "format": "email"}},
                  "Sign me up. My email is john@gmail.com").input == {"customer_email": "john@gmail.com"}


def test_two_accounts_are_the_two_ends_of_the_pair_not_the_currency():
    out = filled({"from_account": S, "to_account": S, "amount": {"type": "number"}},
                 "Transfer 250 euros from ACC-1001 to ACC-2002").input
    assert out == {"from_account": "ACC-1001", "to_account": "ACC-2002", "amount": 250}


def test_a_nested_object_is_filled_from_the_line_that_names_it():
    out = filled({"note": S, "author": {"type": "object", "properties": {"name": S, "email": {
        "type": "string", "format": "email"}}, "required": ["name", "email"]}},
        "Save this.\nNote: Remember to buy milk.\nAuthor: John Doe (johndoe@gmail.com)").input
    assert out == {"note": "Remember to buy milk.", "author": {"name": "John Doe", "email": "johndoe@gmail.com"}}


@pytest.mark.parametrize("text,expected", [
    ("Un vol de Paris à Lisbonne le 14 mars 2027 pour 3 adultes.", 3),
    ("Un vol de Paris à Lisbonne le 14 mars 2027.", None),
])
def test_a_count_counts_its_own_noun_never_a_day_of_the_month(text, expected):
    assert filled({"adults": {"type": "integer", "minimum": 1}}, text).input.get("adults") == expected


def test_people_in_words_and_a_time_of_day():
    out = filled({"party_size": {"type": "integer"}, "time": S}, "Une table pour deux personnes ce soir à 20h.").input
    assert out == {"party_size": 2, "time": "20:00"}


def test_an_iban_parameter_takes_the_iban_whole():
    out = filled({"iban": S}, "Peux-tu vérifier l'IBAN FR76 3000 6000 0112 3456 7890 189 ?").input
    assert out == {"iban": "FR7630006000011234567890189"}


def test_nothing_is_taken_when_no_cue_names_the_parameter():
    assert _mentions.for_parameter("order_id", "id", "Le client C-1042 a appelé.") is None


def test_a_lookup_question_never_calls_a_write_tool(client):
    tools = [{"name": "get_order_details", "description": "Retrieves the details of an order.",
              "input_schema": {"type": "object", "properties": {"order_id": S}, "required": ["order_id"]}},
             {"name": "cancel_order", "description": "Cancels an order.",
              "input_schema": {"type": "object", "properties": {"order_id": S}, "required": ["order_id"]}}]
    status = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=tools,
                                    messages=[{"role": "user", "content": "What is the status of order O2?"}])
    assert [b.name for b in status.content if b.type == "tool_use"] == ["get_order_details"]
    cancel = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=tools,
                                    messages=[{"role": "user", "content": "Annule la commande O1, s'il te plaît."}])
    assert [b.name for b in cancel.content if b.type == "tool_use"] == ["cancel_order"]


def test_a_question_is_not_a_statement():
    assert not [m for m in _mentions.mentions("Quelle heure est-il à Tokyo ?") if m.kind == "stated"]
    assert not [m for m in _mentions.mentions("What is the weather in Oslo?") if m.kind == "stated"]


def test_a_python_record_result_is_read_and_the_field_asked_is_answered(client):
    tools = [{"name": "get_customer_info", "description": "Retrieves customer information by customer ID.",
              "input_schema": {"type": "object", "properties": {"customer_id": S}, "required": ["customer_id"]}}]
    question = [{"role": "user", "content": "Can you tell me the email address for customer C1?"}]
    first = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=tools, messages=question)
    call = next(b for b in first.content if b.type == "tool_use")
    record = str({"name": "John Doe", "email": "john@example.com", "phone": "123-456-7890"})
    second = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=tools, messages=question + [
        {"role": "assistant", "content": first.content},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": record}]}])
    answer = second.content[0].text
    assert "john@example.com" in answer and "123-456-7890" not in answer


def test_with_any_a_tool_that_talks_to_the_user_carries_the_model_s_own_words(client):
    tools = [{"name": "send_text_to_user", "description": "Sends a text message to the user.",
              "input_schema": {"type": "object", "properties": {"text": S}, "required": ["text"]}},
             {"name": "get_customer_info", "description": "Gets a customer's information from their username.",
              "input_schema": {"type": "object", "properties": {"username": S}, "required": ["username"]}}]

    def call(text):
        m = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=tools,
                                   tool_choice={"type": "any"}, messages=[{"role": "user", "content": text}])
        return [(b.name, b.input) for b in m.content if b.type == "tool_use"]

    greeting = call("Hey there! How are you?")
    assert greeting[0][0] == "send_text_to_user" and greeting[0][1]["text"] != "Hey there! How are you?"
    assert call("I need help. My username is jenny76") == [("get_customer_info", {"username": "jenny76"})]


def test_the_unit_asked_for_is_the_target_and_the_unit_after_the_number_the_source():
    out = filled({"value": {"type": "number"}, "from_unit": S, "to_unit": S}, "How many kilometers is 26.2 miles?").input
    assert out == {"value": 26.2, "from_unit": "mi", "to_unit": "km"}


def test_a_conversion_tool_is_chosen_when_the_request_names_its_two_ends():
    from helpers.simulator._engine import _choosing
    convert = tool({"value": {"type": "number"}, "from_unit": S, "to_unit": S})
    convert.update(name="convert_units", description="Convert a value between units.")
    assert _choosing.relevant({"convert_units": convert}, "How many kilometers is 26.2 miles?") == ["convert_units"]


def test_what_the_tool_s_subject_is_of():
    recipe = tool({"dish": S, "servings": {"type": "integer"}})
    recipe["name"] = "get_recipe"
    out = _filling.fill(recipe, _filling.Context(rd.Facts("Donne-moi la recette de la ratatouille pour 6 personnes.",
                                                          []))).input
    assert out == {"dish": "ratatouille", "servings": 6}


def test_a_repository_a_quoted_title_and_listed_labels_each_go_to_their_own_parameter():
    out = filled({"repo": S, "title": S, "labels": {"type": "array", "items": S}},
                 'Open an issue in acme/webapp titled "Login button broken" with labels bug and ui').input
    assert out == {"repo": "acme/webapp", "title": "Login button broken", "labels": ["bug", "ui"]}


def test_a_preference_the_user_stated_earlier_holds_later_and_the_model_s_own_words_do_not_count():
    weather = tool({"city": S, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, ["city"])
    later = _filling.fill(weather, _filling.Context(rd.Facts("And in Chicago?", ["It is 41 °C in Boston."],
                                                             ["I prefer Fahrenheit. Weather in Boston?"]))).input
    assert later == {"city": "Chicago", "unit": "fahrenheit"}
    said_by_model = _filling.fill(weather, _filling.Context(rd.Facts("And in Rome?", ["11 °C à Paris."],
                                                                     ["Quel temps à Paris ?"]))).input
    assert said_by_model == {"city": "Rome"}


def test_the_system_prompt_s_role_chooses_the_tool_when_the_question_names_none(client):
    forecast = {"name": "get_forecast", "description": "Prévisions pour une ville.",
                "input_schema": {"type": "object", "properties": {"ville": S}, "required": ["ville"]}}
    news = {"name": "get_news", "description": "Actualités.",
            "input_schema": {"type": "object", "properties": {"sujet": S}, "required": ["sujet"]}}
    m = client.messages.create(model="claude-sonnet-5-5", max_tokens=500, tools=[forecast, news],
                               system="Tu es un service météo.", messages=[{"role": "user", "content": "Et à Lyon ?"}])
    assert [(b.name, b.input) for b in m.content if b.type == "tool_use"] == [("get_forecast", {"ville": "Lyon"})]


@pytest.mark.parametrize("text,code", [("code 482913", "482913"), ("mon code de vérification : 4821", "4821"),
                                       ("the OTP is 553108", "553108"), ("PIN 1234 please", "1234")])
def test_a_one_time_code_is_read_after_its_cue(text, code):
    assert _mentions.first("code", text) == code


# The names a scenario's facts go by, and parameter names learners give them: each reaches its fact.
FIELD_NAMES = {
    "email": ("email", "e_mail", "mail", "courriel", "customer_email"),
    "verification_code": ("verification_code", "code", "otp", "pin", "code_verification"),
    "customer_id": ("customer_id", "client_id", "customer", "id_client"),
    "order_id": ("order_id", "commande", "order", "id_commande", "order_number", "tracking_id"),
    "amount": ("amount", "montant", "refund_amount", "total"),
    "reason": ("reason", "motif", "raison", "escalation_reason"),
    "summary": ("summary", "issue_summary", "resume", "case_summary", "description"),
}


@pytest.mark.parametrize("fact,name", [(f, n) for f, names in FIELD_NAMES.items() for n in names])
def test_a_scenario_fact_reaches_the_parameter_that_means_it(fact, name):
    facts = {f: f.upper() for f in FIELD_NAMES}
    tool_ = {"input_schema": {"type": "object", "properties": {name: {"type": "string"}}}}
    assert _filling.assign(tool_, facts) == {name: fact.upper()}


def test_a_list_fact_goes_into_a_string_parameter_as_json_and_a_number_is_typed():
    tool_ = {"input_schema": {"type": "object", "properties": {"actions": {"type": "string"},
                                                               "montant": {"type": "number"}}}}
    assert _filling.assign(tool_, {"actions": ["a", "é"], "amount": "42,5"}) == {"actions": '["a", "é"]',
                                                                                 "montant": 42.5}


@pytest.mark.parametrize("name,text,value", [("budget_eur", "pour 12 participants, budget 450 €", 450),
                                             ("regular_price", "$349.99 (regularly $399.99)", 399.99),
                                             ("sample_size", "sample size: 10 images", 10),
                                             ("budget_eur", "avec un budget de 1200 euros", 1200)])
def test_a_number_after_a_word_of_the_parameters_name_is_read_whole(name, text, value):
    assert _mentions.cued_number(name, text) == value
