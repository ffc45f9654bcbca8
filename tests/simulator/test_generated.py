"""The offline Claude, proven general by generated requests (Hypothesis): schemas drawn from a few archetypes,
values drawn at random and written by Babel the French or the English way, phrasings drawn from templates in
either order. Property: the calls recover the values. No row here is a learner's report."""
from __future__ import annotations

import datetime as dt

from babel.dates import format_date
from babel.numbers import format_decimal
from hypothesis import given, settings, strategies as st

from helpers.simulator._conversation import Conversation
from helpers.simulator._model import decide
from helpers.simulator._playbooks import default_playbooks

BOOKS = default_playbooks()
FAST = settings(max_examples=40, deadline=None, derandomize=True)


def schema(required=(), **props) -> dict:
    return {"type": "object", "properties": props, "required": list(required)}


def calls(text: str, tools: list[dict], **extra) -> list[tuple[str, dict]]:
    body = {"model": "claude-sonnet-5-5", "max_tokens": 1024, "tools": tools,
            "messages": [{"role": "user", "content": text}], **extra}
    _, reply = decide(Conversation(body), BOOKS)
    return [(b["name"], b["input"]) for b in reply.blocks if b["type"] == "tool_use"]


ORDER = {"name": "get_order_status", "description": "Statut d'une commande. Returns an order's status.",
         "input_schema": schema(("order_id",), order_id={"type": "string", "description": "The order's id"})}
codes = st.builds(lambda p, n: f"{p}-{n}", st.sampled_from(["ORD", "CMD", "PH", "AF", "XK"]),
                  st.integers(10, 99999))


@FAST
@given(code=codes, template=st.sampled_from([
    "Où en est ma commande {} ?", "Quel est le statut de la commande {} ?", "What's the status of order {}?",
    "Hi! Could you check order {} for me?", "Ma commande {} est-elle partie ?"]))
def test_an_identifier_said_anywhere_goes_to_the_id_slot(code, template):
    assert calls(template.format(code), [ORDER]) == [("get_order_status", {"order_id": code})]


AREA = {"name": "calculate_rectangle_area", "description": "Area of a rectangle from its length and width.",
        "input_schema": schema(("length", "width"), length={"type": "number", "description": "The length."},
                               width={"type": "number", "description": "The width."})}
measures = st.decimals(min_value=1, max_value=9999, places=1).map(float)


@FAST
@given(length=measures, width=measures, lang=st.sampled_from(["fr", "en"]), swap=st.booleans())
def test_numbers_go_to_the_slot_their_cue_names_in_either_order_and_locale(length, width, lang, swap):
    said = {k: format_decimal(v, locale="fr_FR" if lang == "fr" else "en_US") for k, v in
            (("length", length), ("width", width))}
    if lang == "fr":
        parts = [f"une longueur de {said['length']}", f"une largeur de {said['width']}"]
        words = {"longueur": "length", "largeur": "width"}
        tool = {**AREA, "input_schema": schema(("length", "width"),
                                               length={"type": "number", "description": "La longueur."},
                                               width={"type": "number", "description": "La largeur."})}
        tool["input_schema"]["properties"] = {"longueur": tool["input_schema"]["properties"]["length"],
                                              "largeur": tool["input_schema"]["properties"]["width"]}
        tool["input_schema"]["required"] = ["longueur", "largeur"]
        text = "Calcule l'aire d'un rectangle avec " + " et ".join(parts[::-1] if swap else parts) + "."
        expected = {"longueur": length, "largeur": width}
    else:
        parts = [f"a length of {said['length']}", f"a width of {said['width']}"]
        tool, words = AREA, {}
        text = "Calculate the rectangle area with " + " and ".join(parts[::-1] if swap else parts) + "."
        expected = {"length": length, "width": width}
    ((name, got),) = calls(text, [tool])
    assert {k: float(v) for k, v in got.items()} == expected, (text, got, words)


BOOK = {"name": "book_table", "description": "Réserve une table au restaurant. Books a table.",
        "input_schema": schema(("date", "party_size"),
                               date={"type": "string", "format": "date", "description": "Day of the booking"},
                               party_size={"type": "integer", "description": "Number of people"})}


@FAST
@given(day=st.dates(dt.date(2026, 1, 1), dt.date(2027, 12, 31)), people=st.integers(2, 12),
       lang=st.sampled_from(["fr", "en"]), late=st.booleans())
def test_a_date_written_in_words_by_babel_reaches_a_date_slot_as_iso(day, people, lang, late):
    written = format_date(day, format="long", locale="fr_FR" if lang == "fr" else "en_US")
    if lang == "fr":
        clauses = [f"pour {people} personnes", f"le {written}"]
        text = "Réserve une table " + " ".join(clauses[::-1] if late else clauses) + "."
    else:
        clauses = [f"for {people} people", f"on {written}"]
        text = "Book a table " + " ".join(clauses[::-1] if late else clauses) + "."
    assert calls(text, [BOOK]) == [("book_table", {"date": day.isoformat(), "party_size": people})], text


CURRENCIES = {"EUR": ("euros", "euros"), "USD": ("dollars", "dollars"), "GBP": ("livres sterling", "pounds sterling"),
              "JPY": ("yens", "yen"), "CHF": ("francs suisses", "Swiss francs")}
CONVERT = {"name": "convert_currency", "description": "Convertit un montant d'une devise à une autre.",
           "input_schema": schema(("amount", "from_currency", "to_currency"), amount={"type": "number"},
                                  from_currency={"type": "string", "enum": list(CURRENCIES)},
                                  to_currency={"type": "string", "enum": list(CURRENCIES)})}


@FAST
@given(amount=st.integers(1, 99999), pair=st.permutations(list(CURRENCIES)).map(lambda p: p[:2]),
       lang=st.sampled_from(["fr", "en"]))
def test_a_conversion_tells_the_source_from_the_target_by_its_words(amount, pair, lang):
    source, target = pair
    number = format_decimal(amount, locale="fr_FR" if lang == "fr" else "en_US")
    index = 0 if lang == "fr" else 1
    text = (f"Convertis {number} {CURRENCIES[source][index]} en {CURRENCIES[target][index]}." if lang == "fr" else
            f"Convert {number} {CURRENCIES[source][index]} to {CURRENCIES[target][index]}.")
    assert calls(text, [CONVERT]) == [("convert_currency", {"amount": amount, "from_currency": source,
                                                            "to_currency": target})], text


WEATHER = {"name": "get_weather", "description": "Météo actuelle d'une ville. Current weather for a city.",
           "input_schema": schema(("city",), city={"type": "string", "description": "The city, e.g. Paris"})}
CITIES = ["Paris", "Lyon", "Marseille", "Toulouse", "Nantes", "Berlin", "Madrid", "Tokyo", "Montréal", "Dakar"]


@FAST
@given(cities=st.lists(st.sampled_from(CITIES), min_size=2, max_size=3, unique=True),
       lang=st.sampled_from(["fr", "en"]))
def test_places_listed_together_give_one_call_each_in_parallel(cities, lang):
    joined = (", ".join(cities[:-1]) + (" et " if lang == "fr" else " and ") + cities[-1])
    text = f"Quel temps fait-il à {joined} ?" if lang == "fr" else f"What's the weather in {joined}?"
    assert calls(text, [WEATHER]) == [("get_weather", {"city": c}) for c in cities], text


@FAST
@given(code=codes, lang=st.sampled_from(["fr", "en"]))
def test_a_tool_the_request_is_not_about_is_not_called(code, lang):
    text = f"Écris un haïku sur la mer." if lang == "fr" else "Write a haiku about the sea."
    assert calls(text, [ORDER, BOOK]) == []


# -- several calls from frames of values; ranked and listed slots ---------------------------------------------------

SPEED = {"name": "compute_speed", "description": "Speed from a distance and a time. Vitesse moyenne.",
         "input_schema": schema(("distance", "time"), distance={"type": "number", "description": "Distance in metres"},
                                time={"type": "number", "description": "Time in seconds"})}
small = st.integers(2, 999)


@FAST
@given(sets=st.lists(st.tuples(small, small), min_size=2, max_size=4, unique_by=lambda t: t[0]),
       lang=st.sampled_from(["fr", "en"]), joiner=st.sampled_from([0, 1, 2]))
def test_each_set_of_values_the_request_states_is_one_call(sets, lang, joiner):
    """« a distance of 100 m in 20 s, then 300 m in 50 s… »: a value for a slot the current set holds opens the next
    set; every set is one call, whatever the connector and the locale."""
    fmt = (lambda v: format_decimal(v, locale="fr_FR")) if lang == "fr" else (lambda v: format_decimal(v, locale="en_US"))
    if lang == "fr":
        parts = [f"une distance de {fmt(d)} mètres en {fmt(t)} secondes" for d, t in sets]
        glue = [", puis ", " ; et ", ", ensuite "][joiner]
        text = "Calcule la vitesse pour " + glue.join(parts) + "."
    else:
        parts = [f"a distance of {fmt(d)} metres in {fmt(t)} seconds" for d, t in sets]
        glue = [", then ", "; and ", ", and also "][joiner]
        text = "Compute the speed for " + glue.join(parts) + "."
    got = sorted((float(i["distance"]), float(i["time"])) for _n, i in calls(text, [SPEED]))
    assert got == sorted((float(d), float(t)) for d, t in sets), text


TRIANGLE = {"name": "triangle_kind", "description": "Kind of a triangle from its three sides.",
            "input_schema": schema(("side1", "side2", "side3"), **{f"side{i}": {"type": "number",
                                   "description": f"Length of side {i}"} for i in (1, 2, 3)})}


@FAST
@given(sides=st.lists(small, min_size=3, max_size=3), lang=st.sampled_from(["fr", "en"]))
def test_slots_that_differ_by_their_rank_take_the_values_in_the_order_said(sides, lang):
    listed = [format_decimal(v, locale="fr_FR" if lang == "fr" else "en_US") for v in sides]
    text = (f"Quel triangle a pour côtés {listed[0]}, {listed[1]} et {listed[2]} ?" if lang == "fr" else
            f"What kind of triangle has sides {listed[0]}, {listed[1]} and {listed[2]}?")
    ((_name, got),) = calls(text, [TRIANGLE])
    assert [float(got[f"side{i}"]) for i in (1, 2, 3)] == [float(v) for v in sides], text


BOX = {"name": "box_volume", "description": "Volume of a box.",
       "input_schema": schema(("length", "width", "height"), length={"type": "number"}, width={"type": "number"},
                              height={"type": "number"})}


@FAST
@given(values=st.lists(small, min_size=3, max_size=3), order=st.permutations(["length", "width", "height"]))
def test_slots_named_in_a_list_take_the_values_listed_after_them_in_rank(values, order):
    """"its height, length and width are 3, 4 and 5": each named slot takes the value of its rank."""
    text = (f"What is the volume of a box whose {order[0]}, {order[1]} and {order[2]} are "
            f"{values[0]}, {values[1]} and {values[2]}?")
    ((_name, got),) = calls(text, [BOX])
    assert {k: float(v) for k, v in got.items()} == {k: float(v) for k, v in zip(order, values)}, text


ROOM = {"name": "book_room", "description": "Book a meeting room. Réserve une salle.",
        "input_schema": schema(("room", "date", "start"), room={"type": "string"},
                               date={"type": "string", "format": "date"},
                               start={"type": "string", "description": "Start time, HH:MM"},
                               duration_minutes={"type": "integer"})}
rooms = st.sampled_from(["Everest", "Mont Blanc", "Kilimandjaro", "Atlas", "Vercors"])
lengths = st.sampled_from([(60, "une heure", "an hour"),
                           (90, "une heure et demie", "an hour and a half"), (120, "deux heures", "two hours"),
                           (45, "45 minutes", "45 minutes")])


@FAST
@given(room=rooms, hour=st.integers(8, 18), minute=st.sampled_from([0, 15, 30, 45]), length=lengths,
       lang=st.sampled_from(["fr", "en"]))
def test_one_date_time_fills_a_date_and_a_start_and_a_length_said_in_words_its_minutes(room, hour, minute, length,
                                                                                        lang):
    """« demain à 10:30 pour une heure et demie »: the date slot takes the day, the HH:MM slot the time, the
    duration in minutes 90; the room is the name its label (« salle », "room") gives."""
    minutes, fr, en = length
    at = f"{hour:02d}:{minute:02d}"
    text = (f"Réserve la salle {room} demain à {at} pour {fr}." if lang == "fr" else
            f"Book the {room} room tomorrow at {at} for {en}.")
    ((_name, got),) = calls(text, [ROOM])
    assert got["room"] == room and got["start"] == at and got["date"] == "2026-03-03", (text, got)
    assert got.get("duration_minutes") == minutes, (text, got)


pieces = st.sampled_from(["250 livres", "$30.45", "3,5 k€", "15%", "demain à 10:30", "0042", "AF1234", "Paris",
                          "and", "et", ",", "respectively", "the factorial of", "une heure et demie", "€", "x^2",
                          "'quoted'", "between 3 and 4", "from USD to EUR", "19 degrés et demi", "N°5", "?",
                          "AA", "Aa", "(aa)", "0.7"])
kinds = st.sampled_from([{"type": "string"}, {"type": "number"}, {"type": "integer", "minimum": 0},
                         {"type": "string", "enum": ["a", "b"]}, {"type": "string", "enum": ["AA", "Aa", "aa"]},
                         {"type": "array", "items": {"type": "number"}},
                         {"type": "string", "format": "date"}, {"type": "boolean"}])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(words=st.lists(pieces, min_size=1, max_size=12), props=st.dictionaries(
    st.sampled_from(["amount", "from", "to", "date", "start", "city", "side1", "side2", "query", "n"]), kinds,
    min_size=1, max_size=4))
def test_any_request_against_any_schema_gets_a_reply_and_never_an_exception(words, props):
    tool = {"name": "some_tool", "description": "A tool.", "input_schema": schema(list(props)[:2], **props)}
    calls(" ".join(words), [tool])            # raises nothing: an enum's value said in the request and the code
    #                                             that spells it stand at one place, and are never compared as objects


# -- this round: routes, kinds, frames by parts, a message passed on -------------------------------------------

PLACES = ["the Eiffel Tower", "the Louvre Museum", "Central Station", "the Old Harbour", "Lyon Part-Dieu",
          "the City Hall", "Kings Cross", "the Botanical Garden"]


@FAST
@given(pair=st.permutations(PLACES).map(lambda p: p[:2]), order=st.booleans(), shape=st.sampled_from(
    ["How long does it take from {a} to {b}?", "Get me the travel time from {a} to {b}.",
     "What is the distance between {a} and {b}?"]))
def test_a_route_takes_its_ends_in_the_order_the_request_says_them(pair, order, shape):
    props = {"start_location": {"type": "string", "description": "Where the trip starts."},
             "end_location": {"type": "string", "description": "Where the trip ends."}}
    if order:
        props = dict(reversed(list(props.items())))
    tool = {"name": "maps_distance_duration", "description": "Travel distance and duration between two places.",
            "input_schema": schema(("start_location", "end_location"), **props)}
    a, b = pair
    ((_, got),) = calls(shape.format(a=a, b=b), [tool])
    strip = lambda s: s[4:] if s.startswith("the ") else s            # noqa: E731
    assert (got["start_location"], got["end_location"]) == (strip(a), strip(b))


KINDS = ["hybrid", "electric", "diesel", "vintage", "compact", "rental"]


@FAST
@given(kind=st.sampled_from(KINDS), noun=st.sampled_from(["vehicle", "car", "truck"]),
       miles=st.integers(100, 90000), lead=st.sampled_from(["What are the emissions of a", "Estimate the emissions for a",
                                                            "Give me the yearly emissions of a"]))
def test_a_kind_property_takes_the_word_said_before_its_noun(kind, noun, miles, lead):
    tool = {"name": "estimate_emissions", "description": "Yearly emissions of a vehicle.",
            "input_schema": schema(("vehicle_type", "miles"),
                                   vehicle_type={"type": "string", "description": "What kind of vehicle."},
                                   miles={"type": "integer", "description": "Miles driven per year."})}
    text = f"{lead} {kind} {noun} driving {format_decimal(miles, locale='en_US')} miles a year?"
    tool["input_schema"]["properties"] = {f"{noun}_type": tool["input_schema"]["properties"]["vehicle_type"],
                                          "miles": tool["input_schema"]["properties"]["miles"]}
    tool["input_schema"]["required"] = [f"{noun}_type", "miles"]
    ((_, got),) = calls(text, [tool])
    assert got == {f"{noun}_type": kind, "miles": miles}


@FAST
@given(frames=st.lists(st.tuples(st.integers(2, 400), st.integers(2, 400)), min_size=2, max_size=4,
                       unique=True), lang=st.sampled_from(["fr", "en"]))
def test_each_sentence_that_restates_the_values_is_one_more_call(frames, lang):
    tool = {"name": "triangle_area", "description": "Area of a triangle.",
            "input_schema": schema(("base", "height"), base={"type": "number", "description": "The base."},
                                   height={"type": "number", "description": "The height."})}
    ranks = ["first", "second", "third", "fourth"] if lang == "en" else ["premier", "deuxième", "troisième",
                                                                         "quatrième"]
    if lang == "en":
        text = "I drew some triangles. " + " ".join(
            f"The {r} triangle has a base of {b} cm and a height of {h} cm." for r, (b, h) in zip(ranks, frames)) \
            + " Can you compute their areas?"
    else:
        tool = {**tool, "input_schema": schema(("base", "hauteur"),
                                               base={"type": "number", "description": "La base."},
                                               hauteur={"type": "number", "description": "La hauteur."})}
        text = "J'ai dessiné des triangles. " + " ".join(
            f"Le {r} triangle a une base de {b} cm et une hauteur de {h} cm." for r, (b, h) in zip(ranks, frames)) \
            + " Peux-tu calculer leurs aires ?"
    got = [tuple(float(v) for v in i.values()) for _, i in calls(text, [tool])]
    assert sorted(got) == sorted((float(b), float(h)) for b, h in frames), text


MESSAGES = ["la réunion est déplacée à jeudi", "le colis arrive demain matin", "the report is ready",
            "we need two more chairs", "le train a vingt minutes de retard", "dinner is at eight"]


@FAST
@given(message=st.sampled_from(MESSAGES), who=st.sampled_from(["Claire", "Paul", "Amina", "Tom"]))
def test_the_message_a_request_passes_on_is_the_body_and_its_headline_the_subject(message, who):
    tool = {"name": "send_email", "description": "Send an e-mail.",
            "input_schema": schema(("to", "subject", "body"), to={"type": "string"},
                                   subject={"type": "string"}, body={"type": "string"})}
    french = message[0] in "lv"
    text = (f"Écris à {who}@exemple.fr pour lui dire que {message}." if french else
            f"Email {who}@example.com to tell them that {message}.")
    ((_, got),) = calls(text, [tool])
    assert got["body"] == message[0].upper() + message[1:] + "."
    assert got["subject"] and len(got["subject"].split()) <= len(message.split()) and got["subject"] != got["body"]


def _best_total(weights: dict, rows: int, cols: int) -> float:
    best = 0.0

    def walk(row: int, used: frozenset, total: float) -> None:
        nonlocal best
        if row == rows:
            best = max(best, total)
            return
        walk(row + 1, used, total)
        for col in range(cols):
            if col not in used and (row, col) in weights:
                walk(row + 1, used | {col}, total + weights[row, col])

    walk(0, frozenset(), 0.0)
    return best


@FAST
@given(rows=st.integers(1, 5), cols=st.integers(1, 6), data=st.data())
def test_the_assignment_gives_each_slot_one_value_and_weighs_most_of_all_assignments(rows, cols, data):
    from helpers.simulator._engine.assignment import _matching
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = data.draw(st.lists(st.sampled_from(cells), unique=True))
    weights = {cell: data.draw(st.floats(0.05, 9.0)) for cell in chosen}
    pairs = _matching(weights, rows, cols)
    assert len({r for r, _c in pairs}) == len(pairs) == len({c for _r, c in pairs})
    assert all(pair in weights for pair in pairs)
    assert abs(sum(weights[p] for p in pairs) - _best_total(weights, rows, cols)) < 1e-6


SEASONS = {"winter": ("hiver", "winter"), "summer": ("été", "summer"), "spring": ("printemps", "spring"),
           "autumn": ("automne", "autumn")}


@FAST
@given(season=st.sampled_from(sorted(SEASONS)), lang=st.sampled_from(["fr", "en"]),
       plant=st.sampled_from(["monstera", "ficus", "cactus", "bonsaï"]))
def test_an_enum_value_said_in_the_other_language_is_that_value(season, lang, plant):
    tool = {"name": "get_plant_care", "description": "Care instructions for a house plant",
            "input_schema": schema(("species",), species={"type": "string", "description": "Common or Latin name"},
                                   season={"type": "string", "enum": sorted(SEASONS)})}
    word = SEASONS[season][0 if lang == "fr" else 1]
    text = (f"Comment entretenir un {plant} en {word} ?" if lang == "fr" else
            f"How do I look after a {plant} in {word}?")
    ((_, got),) = calls(text, [tool])
    assert got == {"species": plant, "season": season}, text
