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
