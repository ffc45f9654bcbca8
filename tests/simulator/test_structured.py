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
