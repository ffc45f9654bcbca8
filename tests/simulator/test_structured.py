"""Structured output offline: output_config.format json_schema gets JSON valid against the schema."""
from __future__ import annotations

import json

import jsonschema

from conftest import MODEL

INVOICE = {
    "type": "object",
    "properties": {"vendor": {"type": "string"}, "total": {"type": "number"},
                   "currency": {"type": "string", "enum": ["USD", "EUR", "GBP"]}},
    "required": ["vendor", "total", "currency"],
    "additionalProperties": False,
}


def test_the_reply_is_json_valid_against_the_schema_with_values_read_from_the_request(client):
    r = client.messages.create(model=MODEL, max_tokens=300,
                               output_config={"format": {"type": "json_schema", "schema": INVOICE}},
                               messages=[{"role": "user", "content": "Facture : total 99.5 GBP."}])
    data = json.loads(r.content[0].text)
    jsonschema.validate(data, INVOICE)
    assert (data["total"], data["currency"]) == (99.5, "GBP")
    assert r.stop_reason == "end_turn"


def test_without_output_config_the_general_engine_answers_in_prose(client):
    r = client.messages.create(model=MODEL, max_tokens=300,
                               messages=[{"role": "user", "content": "Facture : total 99.5 GBP."}])
    assert not r.content[0].text.lstrip().startswith("{")


def test_a_scenario_playbook_s_answer_also_fits_the_schema_under_structured_output(client):
    """The rule is the API's, not one playbook's: a subagent request that the research scenario answers with its
    own findings JSON still comes back valid against the schema that was asked for."""
    summary = {"type": "object", "properties": {"resume": {"type": "string"}}, "required": ["resume"],
               "additionalProperties": False}
    prompt = ("Sujet : la mobilité urbaine en 2030\nSous-thème : vélo\n"
              'Réponds uniquement par un objet JSON {"findings": [...]}.')
    r = client.messages.create(model=MODEL, max_tokens=300,
                               output_config={"format": {"type": "json_schema", "schema": summary}},
                               messages=[{"role": "user", "content": prompt}])
    jsonschema.validate(json.loads(r.content[0].text), summary)


def test_tool_calls_are_left_alone_under_structured_output(client):
    weather = {"name": "get_weather", "description": "Météo d'une ville.",
               "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    r = client.messages.create(model=MODEL, max_tokens=300, tools=[weather],
                               output_config={"format": {"type": "json_schema", "schema": INVOICE}},
                               messages=[{"role": "user", "content": "Quel temps fait-il à Lyon ?"}])
    assert r.stop_reason == "tool_use" and [b.name for b in r.content if b.type == "tool_use"] == ["get_weather"]


# -- a record written on one line, read into a nested schema with $defs (as pydantic writes them) ---------------
LODGING = {
    "$defs": {
        "Board": {"enum": ["room_only", "half_board", "full_board"], "type": "string"},
        "Host": {"type": "object", "properties": {
            "name": {"type": "string"}, "email": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "country": {"type": "string", "description": "Country of the host"}},
            "required": ["name", "country"]},
        "Fee": {"type": "object", "properties": {
            "fee_type": {"enum": ["cleaning", "tourist_tax", "parking"], "type": "string"},
            "amount": {"type": "number", "exclusiveMinimum": 0, "description": "Monetary amount"},
            "frequency": {"type": "string"}}, "required": ["fee_type", "amount", "frequency"]},
    },
    "type": "object",
    "properties": {
        "listing_name": {"type": "string"}, "code": {"type": "string"},
        "nightly_price": {"type": "number", "exclusiveMinimum": 0},
        "discounted_price": {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None},
        "board": {"$ref": "#/$defs/Board"}, "guests": {"type": "integer"},
        "check_in_date": {"type": "string"}, "check_out_date": {"type": "string"},
        "amenities": {"type": "array", "items": {"type": "string"}},
        "host": {"$ref": "#/$defs/Host"},
        "fees": {"type": "array", "items": {"$ref": "#/$defs/Fee"}},
    },
    "required": ["listing_name", "code", "nightly_price", "board", "guests", "check_in_date", "check_out_date",
                 "amenities", "host", "fees"],
}
RECORD = ("Extract the listing: 'Chalet Les Mélèzes - Code: CH-2207, $180 per night (usually $210), "
          "Half board for 4 guests, arriving 2027-02-06, leaving 2027-02-13, Amenities: sauna, fireplace, "
          "Host: Alpine Stays Ltd (hello@alpinestays.example, Switzerland). "
          "Cleaning fee: $60 once. Tourist tax fee: $3 daily.'")


def test_a_one_line_record_fills_a_nested_schema_with_refs_each_value_from_its_own_cue(client):
    r = client.messages.create(model=MODEL, max_tokens=2000, messages=[{"role": "user", "content": RECORD}],
                               output_config={"format": {"type": "json_schema", "schema": LODGING}})
    data = json.loads(r.content[0].text)
    jsonschema.validate(data, LODGING)
    assert data["listing_name"] == "Chalet Les Mélèzes" and data["code"] == "CH-2207"
    assert (data["nightly_price"], data["board"], data["guests"]) == (180, "half_board", 4)
    assert (data["check_in_date"], data["check_out_date"]) == ("2027-02-06", "2027-02-13")
    assert data["amenities"] == ["sauna", "fireplace"]
    assert data["host"] == {"name": "Alpine Stays Ltd", "email": "hello@alpinestays.example", "country": "Switzerland"}
    assert data["fees"] == [{"fee_type": "cleaning", "amount": 60, "frequency": "one-time"},
                            {"fee_type": "tourist_tax", "amount": 3, "frequency": "daily"}]


def test_a_short_field_never_gets_the_whole_request(client):
    schema = {"type": "object", "properties": {"vendor_type": {"type": "string"}}, "required": ["vendor_type"]}
    r = client.messages.create(model=MODEL, max_tokens=300, output_config={"format": {"type": "json_schema",
                                                                                       "schema": schema}},
                               messages=[{"role": "user", "content": "Read this long note about many things, "
                                          "none of which says what kind of vendor it is, and extract."}])
    assert len(json.loads(r.content[0].text)["vendor_type"].split()) <= 2
