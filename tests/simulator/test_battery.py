"""Learner-style experiments: tools and prompts no scenario names, French and English, run on the real
`anthropic` client (and, marked `cli`, on the real Agent SDK CLI) against the general engine.

One table of cases. Each case runs a correct agent loop; every tool input the model sends is
checked against the tool's own `input_schema` (jsonschema), then the case's expectations: which
calls in the first response (so, parallel or not), how many calls in all, no text before forced
calls, and the words the final text must contain (the values the tools returned).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import jsonschema
import pytest

from conftest import MODEL


def schema(required: tuple = (), **props) -> dict:
    return {"type": "object", "properties": props, "required": list(required)}


WEATHER = {"name": "get_weather", "description": "Get the current weather in a given location.",
           "input_schema": schema(("location",), location={"type": "string", "description": "The city, e.g. Paris"},
                                  unit={"type": "string", "enum": ["celsius", "fahrenheit"]})}
TIME = {"name": "get_time", "description": "Heure locale actuelle dans une ville.",
        "input_schema": schema(("timezone",), timezone={"type": "string", "description": "ville ou fuseau"})}
ADD = {"name": "add", "description": "Adds two numbers and returns the sum.",
       "input_schema": schema(("a", "b"), a={"type": "number"}, b={"type": "number"})}
USER = {"name": "get_user", "description": "Récupère la fiche d'un utilisateur par son identifiant.",
        "input_schema": schema(("user_id",), user_id={"type": "integer"})}
TRANSLATE = {"name": "translate", "description": "Traduit un texte dans une langue cible.",
             "input_schema": schema(("text", "target_lang"), text={"type": "string"},
                                    target_lang={"type": "string", "description": "code ISO, ex. en"})}
ORDER = {"name": "get_order_status", "description": "Statut d'une commande client.",
         "input_schema": schema(("order_id",), order_id={"type": "string", "pattern": "^ORD-[0-9]+$"})}
PRICE = {"name": "lookup_price", "description": "Returns the unit price of a product.",
         "input_schema": schema(("product",), product={"type": "string"})}
CALC = {"name": "calculator", "description": "Evaluates an arithmetic expression.",
        "input_schema": schema(("expression",), expression={"type": "string"})}
EMAIL = {"name": "send_email", "description": "Envoie un e-mail.",
         "input_schema": schema(("to", "body"), to={"type": "string", "format": "email"},
                                subject={"type": "string"}, body={"type": "string"})}
CONVERT = {"name": "convert_currency", "description": "Convertit un montant d'une devise à une autre.",
           "input_schema": schema(("amount", "from_currency", "to_currency"), amount={"type": "number"},
                                  from_currency={"type": "string"}, to_currency={"type": "string"})}
STOCK = {"name": "get_stock_price", "description": "Latest stock price for a ticker symbol.",
         "input_schema": schema(("symbol",), symbol={"type": "string"})}
PAY = {"name": "make_payment", "description": "Effectue un paiement à un bénéficiaire.",
       "input_schema": schema(("amount", "recipient"), amount={"type": "number"}, recipient={"type": "string"})}
APPROVAL = {"name": "request_approval", "description": "Demande l'accord d'un responsable pour un paiement.",
            "input_schema": schema(("amount", "reason"), amount={"type": "number"}, reason={"type": "string"})}

TEMPERATURES = {"Paris": 11, "Tokyo": 23, "London": 9, "Berlin": 6, "Madrid": 27, "New York": 52, "Rome": 19,
                "Lyon": 14}


def weather(location, unit="celsius"):
    return {"location": location, "temperature": TEMPERATURES[location], "conditions": "nuageux"}


def denied(**_):
    raise PermissionError("Paiement au-delà de 500 refusé par la politique : appelez request_approval.")


class Flaky:
    """Fails once with a timeout, then answers."""
    def __init__(self):
        self.calls = 0

    def __call__(self, location, unit="celsius"):
        self.calls += 1
        if self.calls == 1:
            raise TimeoutError("timeout : la station n'a pas répondu")
        return weather(location)


IMPL = {
    "get_weather": weather,
    "get_time": lambda timezone: {"timezone": timezone, "heure": "20:15"},
    "add": lambda a, b: {"sum": a + b},
    "get_user": lambda user_id: {"id": user_id, "name": "Alice Martin", "plan": "premium"},
    "translate": lambda text, target_lang: {"translation": {"en": "Hello everyone", "es": "Buenos días"}[target_lang]},
    "get_order_status": lambda order_id: {"order_id": order_id, "status": "expédiée"},
    "lookup_price": lambda product: {"product": product, "price": 19.5},
    "calculator": lambda expression: {"result": eval(expression, {"__builtins__": {}})},  # noqa: S307 - test data
    "send_email": lambda to, body, subject="": {"sent": True, "id": "MSG-88"},
    "convert_currency": lambda amount, from_currency, to_currency: {"converted": round(amount * 1.08, 2)},
    "get_stock_price": lambda symbol: {"symbol": symbol, "price": 231.4},
    "make_payment": denied,
    "request_approval": lambda amount, reason: {"ticket": "APP-301", "status": "en attente"},
}

PARIS_TOKYO = [("get_weather", {"location": "Paris"}), ("get_weather", {"location": "Tokyo"})]
SPLIT_HISTORY = [
    {"role": "user", "content": "Quel temps fait-il à Paris et à Tokyo ?"},
    {"role": "assistant", "content": [
        {"type": "text", "text": "Je consulte get_weather pour Paris et Tokyo."},
        {"type": "tool_use", "id": "toolu_P", "name": "get_weather", "input": {"location": "Paris"}},
        {"type": "tool_use", "id": "toolu_T", "name": "get_weather", "input": {"location": "Tokyo"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_P", "content": '{"temperature": 11}'}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_T", "content": '{"temperature": 23}'}]},
    {"role": "assistant", "content": "11 °C à Paris, 23 °C à Tokyo."},
    {"role": "user", "content": "Et à Rome et à Madrid ?"},
]


@dataclass
class Case:
    prompt: str | list                  # a question, or a whole history
    tools: list = field(default_factory=list)
    first: list | None = None           # the calls of the first response, in order (None: not checked)
    total: int | None = None            # calls made in the whole run
    says: tuple = ()                    # words the final text must contain
    system: str | None = None
    tool_choice: dict | None = None
    impl: dict = field(default_factory=dict)
    bare_calls: bool = False            # forced calls: no text before them
    each_turn: int | None = None        # at most this many calls per response


CASES = {
    # 1. choosing tools from meaning, 3. independent entities in parallel, 4. answering from the results
    "météo, deux villes en parallèle": Case("Quel temps fait-il à Paris et à Tokyo ?", [WEATHER], PARIS_TOKYO, 2,
                                            ("11", "Paris", "23", "Tokyo")),
    "weather, two cities (EN)": Case("What's the weather like in London and Berlin?", [WEATHER],
                                     [("get_weather", {"location": "London"}), ("get_weather", {"location": "Berlin"})],
                                     2, ("9", "6", "in London", "in Berlin")),
    "météo, ville écrite en minuscules": Case("quel temps fait-il à paris ?", [WEATHER],
                                              [("get_weather", {"location": "Paris"})], 1, ("11",)),
    "weather, one city (EN)": Case("How hot is it in Madrid right now?", [WEATHER],
                                   [("get_weather", {"location": "Madrid"})], 1, ("27",)),
    "météo, valeur d'enum citée": Case("Quelle température fait-il à New York, en fahrenheit ?", [WEATHER],
                                       [("get_weather", {"location": "New York", "unit": "fahrenheit"})], 1, ("52",)),
    "météo sans ville : il demande": Case("Quel temps fait-il ?", [WEATHER], [], 0, ("location",)),
    "météo parmi d'autres outils": Case("Il fait beau à Lyon ?", [ADD, WEATHER, USER],
                                        [("get_weather", {"location": "Lyon"})], 1, ("14",)),
    "météo et heure, deux outils": Case("Quel temps fait-il à Paris et quelle heure est-il à Tokyo ?",
                                        [WEATHER, TIME], [("get_weather", {"location": "Paris"}),
                                                          ("get_time", {"timezone": "Tokyo"})], 2, ("11", "20:15")),
    # 2. inputs from the request, valid against the schema
    "addition 17 + 25": Case("Combien font 17 + 25 ?", [ADD], [("add", {"a": 17, "b": 25})], 1, ("42",)),
    "add in words (EN)": Case("Please add 3.5 and 4.", [ADD], [("add", {"a": 3.5, "b": 4})], 1, ("7.5",)),
    "additionne en toutes lettres": Case("Additionne 120 et 80, s'il te plaît.", [ADD],
                                         [("add", {"a": 120, "b": 80})], 1, ("200",)),
    "additionne sans nombres : il demande": Case("Additionne ces deux nombres pour moi.", [ADD], [], 0, ("a", "b")),
    "utilisateur 42 en entier": Case("Montre-moi la fiche de l'utilisateur 42.", [USER],
                                     [("get_user", {"user_id": 42})], 1, ("Alice Martin",)),
    "user #7 (EN)": Case("Look up user #7 for me.", [USER], [("get_user", {"user_id": 7})], 1, ("Alice Martin",)),
    "traduction, texte cité": Case("Traduis en anglais : « bonjour tout le monde »", [TRANSLATE],
                                   [("translate", {"text": "bonjour tout le monde", "target_lang": "en"})], 1,
                                   ("Hello everyone",)),
    "translate into Spanish (EN)": Case('Translate "good morning" into Spanish.', [TRANSLATE],
                                        [("translate", {"text": "good morning", "target_lang": "es"})], 1,
                                        ("Buenos días",)),
    "commande ORD-7781 (motif du schéma)": Case("Où en est ma commande ORD-7781 ?", [ORDER],
                                                [("get_order_status", {"order_id": "ORD-7781"})], 1, ("expédiée",)),
    "deux commandes en parallèle": Case("Compare les commandes ORD-1001 et ORD-1002.", [ORDER],
                                        [("get_order_status", {"order_id": "ORD-1001"}),
                                         ("get_order_status", {"order_id": "ORD-1002"})], 2, ("ORD-1001", "ORD-1002")),
    "e-mail avec adresse et texte cité": Case("Envoie un mail à paul@example.com : « Réunion à 15 h »", [EMAIL],
                                              [("send_email", {"to": "paul@example.com", "body": "Réunion à 15 h"})],
                                              1, ("MSG-88",)),
    "conversion de devises": Case("Convertis 100 euros en dollars.", [CONVERT],
                                  [("convert_currency", {"amount": 100, "from_currency": "EUR",
                                                         "to_currency": "USD"})], 1, ("108",)),
    "stock ticker (EN)": Case("What's the stock price of AAPL?", [STOCK],
                              [("get_stock_price", {"symbol": "AAPL"})], 1, ("231.4",)),
    "recherche documentaire, réponse citée": Case("Cherche la politique de retour dans la documentation.",
                                                  [{"name": "search_docs", "description": "Search the documentation.",
                                                    "input_schema": schema(("query",), query={"type": "string"})}],
                                                  None, 1, ("30 jours",),
                                                  impl={"search_docs": lambda query: {"extrait": "Retour sous 30 jours."}}),
    # no relevant tool: text, no call
    "blague : aucun outil ne convient": Case("Raconte-moi une blague.", [WEATHER], [], 0, ("Réponse simulée",)),
    "poem, no tool fits (EN)": Case("Write me a poem about the sea.", [ADD], [], 0, ("Simulated answer",)),
    "bonjour sans outil": Case("Bonjour !", [], [], 0, ("simulé",)),
    "calcul de tête sans outil": Case("Combien font 6 * 7 ?", [], [], 0, ("42",)),
    # 4. errors reported honestly, retried when transient; dependent steps across turns
    "outil en panne : pas de valeur inventée": Case(
        "Quel temps fait-il à Paris ?", [WEATHER], None, 1, ("hors service",),
        impl={"get_weather": lambda **_: (_ for _ in ()).throw(RuntimeError("station météo hors service"))}),
    "délai dépassé : une nouvelle tentative": Case("Quel temps fait-il à Paris ?", [WEATHER], None, 2, ("11",),
                                                   impl={"get_weather": Flaky()}),
    "price then calculate (EN)": Case("What is the price of the Widget times 3?", [PRICE, CALC],
                                      [("lookup_price", {"product": "Widget"})], 2, ("58.5",)),
    "refus qui nomme un autre outil": Case("Paie 900 euros à Acme.", [PAY, APPROVAL],
                                           [("make_payment", {"amount": 900, "recipient": "Acme"})], 2,
                                           ("refusé", "request_approval", "APP-301")),
    # 5. tool_choice and disable_parallel_tool_use, as documented
    "tool_choice any : un appel, sans texte": Case("Raconte une blague.", [WEATHER], None, None, (),
                                                   tool_choice={"type": "any"}, bare_calls=True),
    "tool_choice tool : l'outil nommé": Case("Quel temps fait-il à Paris ?", [WEATHER, ADD], None, None, (),
                                             tool_choice={"type": "tool", "name": "add"}, bare_calls=True),
    "tool_choice tool, the asked tool (EN)": Case("Weather in Rome?", [WEATHER, ADD],
                                                  [("get_weather", {"location": "Rome"})], None, (),
                                                  tool_choice={"type": "tool", "name": "get_weather"},
                                                  bare_calls=True),
    "tool_choice none : aucun appel": Case("Quel temps fait-il à Paris ?", [WEATHER], [], 0, ("tool_choice",),
                                          tool_choice={"type": "none"}),
    "disable_parallel_tool_use : un appel par tour": Case(
        "Quel temps fait-il à Paris et à Tokyo ?", [WEATHER], [("get_weather", {"location": "Paris"})], 2,
        ("11", "23"), tool_choice={"type": "auto", "disable_parallel_tool_use": True}, each_turn=1),
    "any + disable_parallel : exactement un": Case("Quel temps fait-il à Paris et à Tokyo ?", [WEATHER],
                                                    [("get_weather", {"location": "Paris"})], None, (),
                                                    tool_choice={"type": "any", "disable_parallel_tool_use": True},
                                                    bare_calls=True, each_turn=1),
    # 6. system prompt and language; multi-turn facts
    "système : réponds en anglais": Case("Quel temps fait-il à Paris ?", [WEATHER], None, 1, ("It is 11", "in Paris"),
                                         system="Réponds toujours en anglais."),
    "system: answer in JSON": Case("What's the weather in Berlin?", [WEATHER], None, 1, ('"answer"', "6"),
                                   system="You are a weather bot. Answer in JSON only."),
    "système : persona": Case("Bonjour, qui es-tu ?", [], [], 0, ("Max",),
                              system="Tu es Max, l'assistant météo de la ville."),
    "system: one sentence (EN)": Case("Hello! Who are you?", [], [], 0, ("Hello!",),
                                      system="Be brief: answer in one sentence."),
    "multi-tour : le prénom": Case([{"role": "user", "content": "Je m'appelle Paul."},
                                    {"role": "assistant", "content": "Enchanté, Paul !"},
                                    {"role": "user", "content": "Comment je m'appelle ?"}], [], [], 0, ("Paul",)),
    "multi-turn: my name (EN)": Case([{"role": "user", "content": "My name is Alice."},
                                      {"role": "assistant", "content": "Nice to meet you, Alice!"},
                                      {"role": "user", "content": "What's my name?"}], [], [], 0, ("Alice",)),
    "multi-tour : le numéro de commande": Case([{"role": "user", "content": "Ma commande porte le numéro ORD-5520."},
                                                {"role": "assistant", "content": "C'est noté."},
                                                {"role": "user", "content": "Où en est-elle ?"}], [ORDER],
                                               [("get_order_status", {"order_id": "ORD-5520"})], 1, ("ORD-5520",)),
    "multi-tour : « et à Rome ? »": Case([{"role": "user", "content": "Quel temps fait-il à Paris ?"},
                                         {"role": "assistant", "content": "Il fait 11 °C à Paris."},
                                         {"role": "user", "content": "Et à Rome ?"}], [WEATHER],
                                        [("get_weather", {"location": "Rome"})], 1, ("19",)),
    # 8. a split history is accepted, and the model then calls one tool per turn
    "historique scindé : accepté, un appel par tour": Case(SPLIT_HISTORY, [WEATHER],
                                                           [("get_weather", {"location": "Rome"})], 2, ("19", "27"),
                                                           each_turn=1),
}


def run(client, case: Case, max_turns: int = 8):
    """A correct loop. Returns (responses, executed calls, final text)."""
    impl = dict(IMPL, **case.impl)
    messages = list(case.prompt) if isinstance(case.prompt, list) else [{"role": "user", "content": case.prompt}]
    extra = {}
    if case.tools:
        extra["tools"] = case.tools
    if case.system:
        extra["system"] = case.system
    if case.tool_choice:
        extra["tool_choice"] = case.tool_choice
    schemas = {t["name"]: t["input_schema"] for t in case.tools}
    responses, executed = [], []
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, **extra)
        responses.append(reply)
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]})
        if reply.stop_reason != "tool_use" or case.bare_calls:
            break
        results = []
        for block in reply.content:
            if block.type != "tool_use":
                continue
            jsonschema.validate(block.input, schemas[block.name])
            executed.append((block.name, block.input))
            try:
                content, error = json.dumps(impl[block.name](**block.input), ensure_ascii=False), False
            except Exception as exc:  # noqa: BLE001
                content, error = str(exc), True
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": error})
        messages.append({"role": "user", "content": results})
    final = "".join(b.text for b in responses[-1].content if b.type == "text")
    return responses, executed, final


@pytest.mark.parametrize("name", CASES)
def test_learner_experiment(client, name):
    case = CASES[name]
    responses, executed, final = run(client, case)
    first = [(b.name, b.input) for b in responses[0].content if b.type == "tool_use"]
    for reply in responses:
        for block in reply.content:
            if block.type == "tool_use":
                jsonschema.validate(block.input, {t["name"]: t["input_schema"] for t in case.tools}[block.name])
    if case.first is not None:        # parallel calls run in any order
        key = lambda call: (call[0], json.dumps(call[1], sort_keys=True))  # noqa: E731
        assert sorted(first, key=key) == sorted(case.first, key=key), first
    if case.total is not None:
        assert len(executed) == case.total, executed
    if case.each_turn is not None:
        assert all(sum(b.type == "tool_use" for b in r.content) <= case.each_turn for r in responses)
    if case.bare_calls:
        assert responses[0].stop_reason == "tool_use" and all(b.type == "tool_use" for b in responses[0].content)
        if case.tool_choice.get("type") == "tool":
            assert {name for name, _ in first} == {case.tool_choice["name"]}
    else:
        assert responses[-1].stop_reason == "end_turn", responses[-1]
    for word in case.says:
        assert word in final, final


def test_the_battery_is_large_and_bilingual():
    assert len(CASES) >= 40
    english = [n for n in CASES if "(EN)" in n or n.startswith(("system", "weather", "add", "user #", "translate",
                                                                 "stock", "poem", "price", "multi-turn"))]
    assert len(english) >= 10


# -- the Agent SDK path: the real CLI, a learner's @tool, hooks and subagents ------------------------------

def _agent_sdk_cases():
    from claude_agent_sdk import AgentDefinition, HookMatcher, create_sdk_mcp_server, tool

    executed: list = []

    def reply(data):
        return {"content": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}]}

    @tool("get_weather", "Météo actuelle d'une ville.", {"location": str})
    async def get_weather(args):
        executed.append(("get_weather", args))
        return reply(weather(args["location"]))

    @tool("add", "Additionne deux nombres.", {"a": float, "b": float})
    async def add(args):
        executed.append(("add", args))
        return reply({"sum": args["a"] + args["b"]})

    @tool("make_payment", "Effectue un paiement à un bénéficiaire.", {"amount": float, "recipient": str})
    async def make_payment(args):
        executed.append(("make_payment", args))
        return reply({"paid": True})

    @tool("request_approval", "Demande l'accord d'un responsable pour un paiement.", {"amount": float, "reason": str})
    async def request_approval(args):
        executed.append(("request_approval", args))
        return reply({"ticket": "APP-301"})

    async def deny_payments(input_data, tool_use_id, context):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "Paiement au-delà de 500 refusé : appelez "
                                                                   "request_approval."}}

    meteo = {"meteo": create_sdk_mcp_server("meteo", tools=[get_weather])}
    calc = {"calc": create_sdk_mcp_server("calc", tools=[add])}
    pay = {"pay": create_sdk_mcp_server("pay", tools=[make_payment, request_approval])}
    cases = {
        "@tool météo, deux villes": (
            "Quel temps fait-il à Paris et à Tokyo ?",
            dict(mcp_servers=meteo, allowed_tools=["mcp__meteo__get_weather"]),
            [("get_weather", {"location": "Paris"}), ("get_weather", {"location": "Tokyo"})], ("11", "23")),
        "@tool with its own system prompt, JSON (EN)": (
            "What's the weather in Rome?",
            dict(system_prompt="You are a terse weather bot. Answer in JSON only.", mcp_servers=meteo,
                 allowed_tools=["mcp__meteo__get_weather"]),
            [("get_weather", {"location": "Rome"})], ('"answer"', "19")),
        "@tool add et prompt système": (
            "Combien font 17 + 25 ?", dict(system_prompt="Tu es une calculatrice polie.", mcp_servers=calc,
                                           allowed_tools=["mcp__calc__add"]),
            [("add", {"a": 17, "b": 25})], ("42",)),
        "deny PreToolUse qui nomme un autre outil": (
            "Paie 900 euros à Acme.",
            dict(mcp_servers=pay, allowed_tools=["mcp__pay__make_payment", "mcp__pay__request_approval"],
                 hooks={"PreToolUse": [HookMatcher(matcher="mcp__pay__make_payment", hooks=[deny_payments])]}),
            [("request_approval", None)], ("refusé", "request_approval", "APP-301")),
        "subagent AgentDefinition avec son outil": (
            "Quel temps fait-il à Lyon ?",
            dict(mcp_servers=meteo, allowed_tools=["Agent", "mcp__meteo__get_weather"],
                 agents={"meteo-agent": AgentDefinition(description="Donne la météo d'une ville.",
                                                        prompt="Tu es l'agent météo.",
                                                        tools=["mcp__meteo__get_weather"])}),
            [("get_weather", {"location": "Lyon"})], ("meteo-agent", "14")),
        "aucun outil ne convient : une réponse en texte": (
            "Raconte-moi une blague.", dict(mcp_servers=meteo, allowed_tools=["mcp__meteo__get_weather"]),
            [], ("Réponse simulée",)),
    }
    return cases, executed


@pytest.mark.cli
@pytest.mark.timeout(180)
def test_agent_sdk_experiments():
    """Six learner experiments on the real CLI, offline, in one test (each query() costs about a second)."""
    import anyio
    from claude_agent_sdk import ResultMessage, query

    import helpers
    cases, executed = _agent_sdk_cases()

    async def go(prompt, options):
        return [m async for m in query(prompt=prompt, options=helpers.agent_options(max_turns=8, **options))]

    for name, (prompt, options, wanted, words) in cases.items():
        executed.clear()
        messages = anyio.run(go, prompt, options)
        result = [m for m in messages if isinstance(m, ResultMessage)][-1]
        assert result.subtype == "success", (name, result)
        assert [n for n, _ in executed] == [n for n, _ in wanted], (name, executed)
        for (_, got), (_, expected) in zip(executed, wanted):
            assert expected is None or got == expected, (name, got)
        if name.endswith("(EN)"):
            json.loads(result.result)
        for word in words:
            assert word in result.result, (name, result.result)
