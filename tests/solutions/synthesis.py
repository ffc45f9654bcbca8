"""`synthesis_prompt` (1.3.a): correct variants and the classic wrong ones, each written out as a learner would."""
from __future__ import annotations

import json


# -- correct ---------------------------------------------------------------------------------------

def synthesis_prompt(topic, findings):
    payload = json.dumps({"findings": findings}, ensure_ascii=False, indent=2)
    return (f"Rédige une synthèse sur « {topic} ».\n"
            "Les constats ci-dessous viennent de plusieurs subagents. Garde la source de chaque affirmation "
            "(source_url, ou document_name et page_number) et signale les contradictions entre sources.\n\n"
            f"{payload}")


def synthesis_prompt_wrapped(topic, findings):
    """The findings inside a larger object, JSON escaped as ASCII, the instructions after."""
    data = {"topic": topic, "findings": findings}
    return (f"Sujet : {topic}\n\nDONNÉES (JSON) :\n{json.dumps(data)}\n\n"
            "Consigne : une synthèse où chaque affirmation cite sa source ; signale toute contradiction.")


def synthesis_prompt_english(topic, findings):
    return ("Write a synthesis. Every claim keeps its source; flag contradictions.\n"
            f"Topic: {topic}\n<findings>\n{json.dumps({'findings': list(findings)}, ensure_ascii=False)}\n</findings>")


# -- wrong -----------------------------------------------------------------------------------------

def prose_bullets(topic, findings):
    lines = [f"- {f['claim']} (source : {f.get('source_url') or f.get('document_name')})" for f in findings]
    return f"Rédige une synthèse sur « {topic} » à partir de ces constats :\n" + "\n".join(lines)


def claims_only(topic, findings):
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": [f["claim"] for f in findings]},
                                                        ensure_ascii=False)


def first_three(topic, findings):
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": findings[:3]}, ensure_ascii=False)


def keys_renamed(topic, findings):
    renamed = [{"texte": f["claim"], "url": f["source_url"], "document": f["document_name"],
                "page": f["page_number"], "confiance": f["confidence"]} for f in findings]
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": renamed}, ensure_ascii=False)


def python_repr(topic, findings):
    return f"Synthèse sur « {topic} » :\n" + str({"findings": findings})


def topic_missing(topic, findings):
    return "Rédige une synthèse de ces constats :\n" + json.dumps({"findings": findings}, ensure_ascii=False)


def claim_and_source_squeezed(topic, findings):
    merged = [{"claim": f"{f['claim']} — {f.get('source_url') or f.get('document_name')}",
               "confidence": f["confidence"]} for f in findings]
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": merged}, ensure_ascii=False)


def nulls_dropped(topic, findings):
    cleaned = [{k: v for k, v in f.items() if v is not None} for f in findings]
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": cleaned}, ensure_ascii=False)


def mutates_its_input(topic, findings):
    for f in findings:
        f["confidence"] = str(f["confidence"]).upper()
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": findings}, ensure_ascii=False)


def merges_same_claims(topic, findings):
    merged = {}
    for f in findings:
        merged.setdefault(f["claim"], f)
    return f"Synthèse sur « {topic} » :\n" + json.dumps({"findings": list(merged.values())}, ensure_ascii=False)


def stub(topic, findings):
    # VOTRE CODE ICI
    raise NotImplementedError()
