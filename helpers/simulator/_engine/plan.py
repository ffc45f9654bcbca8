"""Plan: which tools a request calls for, where in the request each one's values are, and how many calls.

A tool is scored by the words of its name (those no other tool shares weigh most), its description and its
parameters, found among the request's words, directly, by stem, or through the bilingual concept table. The best
tool above the threshold is called; another one too when its own words stand elsewhere in the request (« la météo à
Paris et l'heure à Tokyo »). Each chosen tool reads its values first in its *scope* — from where its words stand to
where another tool's begin — then in the rest of the request. Values listed together for a slot that takes one
(« Paris et Lyon », "Taylor Swift and Maroon 5") give one call each; the other slots keep their values.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import _lexicon as lex
from .assignment import (ARTICLES, Filled, _enum, _typed, _value, evidenced, fill, option, options_said, places_apart,
                         score, siblings,
                         trimmed)
from .recognisers import Mention, fold, name_words, stem, tokens
from .recognisers.words import ABBREVIATIONS
from .slots import schema_of, slots

THRESHOLD = 2.25
# Kinds of value too common to point at a tool by themselves (an e-mail, an IBAN, an ISBN do).
COMMON_KINDS = frozenset({"name", "phrase", "number", "code", "date", "time", "datetime", "duration", "money", "percent",
                          "quoted", "tail", "alias", "language"})
GENERIC = frozenset(stem(w) for w in """get calculate calc compute find fetch info information details detail data tool
api by of for the and to lookup check list query retrieve obtain make do perform run determine estimate
value values result results new current specific given based with from in on at is set type all""".split())


VERB_CONCEPTS = frozenset({"calc", "search"})
QUANTITIES = frozenset({"phrase", "number", "money", "percent", "duration"})   # said for many tools alike


@dataclass(frozen=True)
class Choice:
    name: str
    score: float
    anchors: tuple[int, ...]            # where its words stand in the request (character offsets)
    hits: frozenset[str] = frozenset()  # its name words the request says


def _profile(name: str, tool: dict) -> tuple[set[str], set[str], set[str]]:
    own = {stem(w) for w in name_words(name.rsplit("__", 1)[-1]) if len(w) >= 2}
    described = {t.stem for t in tokens(str(tool.get("description") or "")) if t.content and len(t.norm) >= 3}
    params = {stem(w) for s in slots(tool) for w in name_words(s.name)} | \
        {w for s in slots(tool) for w in s.described}
    return own, described - own, params - own - described


def _match(word: str, said: set[str], said5: set[str]) -> bool:
    """A tool word the request says: the same stem, or the same first five letters (« projected » / projection)."""
    return word in said or (len(word) >= 5 and word[:5] in said5)


def choices(tools: dict[str, dict], text: str, pool: tuple[Mention, ...] = ()) -> list[Choice]:
    """Tools worth calling for `text`, best first. A tool's own name words weigh most, the more so when no other tool
    has them; a name word the request does not say costs a little (« rectangle_perimeter » for a circle)."""
    toks = [t for t in tokens(text) if t.content]
    said = {t.stem for t in toks} | {t.norm for t in toks}
    said |= {stem(p) for t in toks if "-" in t.norm for p in t.norm.split("-") if p}     # "t-test"
    said5 = {w[:5] for w in said if len(w) >= 5}
    short = _shortened(toks)
    concepts = lex.concepts([t.norm for t in toks])
    if concepts & OPERATIONS and any(m.kind in ("number", "money", "percent") for m in pool):
        concepts.add("calc")                   # « the price times 3 »: an operation on a number is a computation
    profiles = {n: _profile(n, t) for n, t in tools.items()}
    counts: dict[str, int] = {}
    for own, _d, _p in profiles.values():
        for w in own:
            counts[w] = counts.get(w, 0) + 1
    out = []
    for name, (own, described, params) in profiles.items():
        distinct = own - GENERIC
        hits = {w for w in distinct if _match(w, said, said5) or _match(w.rstrip("s"), said, said5) or w in short or
                (3 <= len(w) <= 4 and any(t.norm.startswith(w) and len(t.norm) >= len(w) + 3 for t in toks))}
        #        "highest common factor" for hcf, "probability" for prob
        shared = lex.concepts(list(own)) & concepts
        meant = {w for w in distinct if lex.concepts([w]) & shared}
        points = sum(3.0 if counts[w] == 1 or len(tools) == 1 else 1.5 for w in hits)
        if len(tools) > 1 and hits:
            points -= 1.0 * len({w for w in distinct - hits - meant if len(w) >= 4 and counts[w] == 1})
        points += 0.5 * len((own & GENERIC) & said)
        points += min(4, len({w for w in described - GENERIC if _match(w, said, said5)})) * 1.25
        points += min(2, len((params - GENERIC) & said)) * 0.5
        points += 3.0 * len(shared - {c for w in hits for c in lex.concepts([w])})
        points += 1.0 * len((lex.concepts(list(described | params)) & concepts) - shared)
        coded = len({(s.path, str(option(s, m))) for m in pool for s in slots(tools[name])
                     if s.enum and option(s, m) is not None} |
                    {m.start for m in pool if m.kind in ("alias", "language") and any(
                        score(s, m) >= 1.0 for s in slots(tools[name]))})
        coded += sum(1 for s in slots(tools[name]) if s.enum and _enum(s, said, fold(text)) is not None)
        typed = any(m.kind in s.kinds and m.kind not in COMMON_KINDS for m in pool for s in slots(tools[name]))
        if coded >= 2 or typed:
            points += 2.5                      # « 12 livres en kilos » for units ∈ {kg, lb…}, an ISBN for an isbn
        elif coded:
            points += 1.25                     # « en zone verte » for zone ∈ {rouge, verte, orange}
        needed = [s for s in slots(tools[name]) if s.required]
        stated = bool(needed) and (described & said or hits) and all(any(
            evidenced(s, m) and score(s, m) >= 2.0 for m in pool if m.kind != "phrase") for s in needed)
        if stated and (hits or shared):
            points += 1.5                      # the request states, under their names, all the tool needs
        told = lex.concepts(list(described)) & concepts
        labelled = bool(needed) and all(any(m.kind not in QUANTITIES and _cue_names(m, s) and score(s, m) > 0
                                            for m in pool) for s in needed)      # "My username is jenny76"
        if not (coded or typed or stated) and not hits and not shared and len((described - GENERIC) & said) < 2 \
                and not (told and described & said):
            continue
        about = described - GENERIC - {stem(w) for s in slots(tools[name]) for w in name_words(s.name)}
        finder = "search" in shared and {"catalog", "stock_level"} & concepts_of(tools[name]) and \
            name in searchers({name: tools[name]})
        #        « Trouve-moi des chaussures de trail » in a catalogue of products (not a security guard among lawyers)
        if distinct and not hits and not shared - VERB_CONCEPTS and not coded and not typed and not labelled and \
                not finder and \
                not (is_arithmetic(tools[name]) and all(lex.concepts([w]) & ARITHMETIC for w in distinct)) and \
                len(about & said) < min(3, max(1, len(about) // 2)):
            continue                           # "the area of a triangle" for determine_body_mass_index: none of
            #                                    what the tool is about is said, only its verb or its parameters
        own_hits = {w for w in hits if counts[w] == 1} or hits
        own5 = {w[:5] for w in own_hits if len(w) >= 5}
        anchors = tuple(t.start for t in toks if _match(t.stem, own_hits, own5) or _match(t.norm, own_hits, own5))
        if not anchors:
            anchors = tuple(t.start for t in toks if lex.concepts([t.norm]) & shared)
        if points >= THRESHOLD:
            out.append(Choice(name, points, anchors or (0,), frozenset(hits) | {"=" + c for c in shared}))
    if not out:
        # No tool's words are said: the tool whose every required slot the request fills with a value of the very
        # kind its name asks for is the one meant (« My OTP is 0042 » for a verification_code, "Is AF1234 on time?"
        # for a flight_number) — when it is the only such tool.
        fitting = [n for n, t in tools.items() if _given(t, pool)]
        if len(fitting) == 1:
            out.append(Choice(fitting[0], THRESHOLD, (0,)))
    return sorted(out, key=lambda c: (-c.score, list(tools).index(c.name)))


def _shortened(toks: list) -> set[str]:
    """The initials of each run of three or four words (« highest common factor »: hcf, "body mass index": bmi)."""
    return {"".join(t.norm[0] for t in toks[i:i + n]) for n in (3, 4) for i in range(len(toks) - n + 1)}


def _given(tool: dict, pool: tuple[Mention, ...]) -> bool:
    needed = [s for s in slots(tool) if s.required]
    return bool(needed) and all(any(m.kind in s.kinds and m.kind in ("code", "email", "url", "iban", "phone")
                                    for m in pool) for s in needed)


def _scopes(chosen: list[Choice], text: str) -> dict[str, tuple[int, int]]:
    """Each tool's part of the request: from its first word to the first word of the next tool that stands apart
    (two tools named together, « temperature and humidity forecast », share theirs)."""
    starts = sorted((min(c.anchors), c.name) for c in chosen)
    out = {}
    for index, (start, name) in enumerate(starts):
        end = len(text)
        for later, _other in starts[index + 1:]:
            if between(text, start, later):
                end = later
                break
        out[name] = (start, end)
    return out


def between(text: str, start: int, later: int) -> bool:
    """Something stands between two tools' words beyond a connector (they do not share their values)."""
    words = [t.norm for t in tokens(text[start:later])][1:]
    return any(w not in {"and", "et", "or", "ou", "&"} and w not in lex.STOP_WORDS for w in words) and len(words) > 2


@dataclass
class Planned:
    calls: list[tuple[str, dict]]
    missing: dict[str, list[str]]        # a chosen tool whose required values the request lacks


def plan(tools: dict[str, dict], text: str, pool: tuple[Mention, ...], *, single: bool = False,
         chooser: str | None = None) -> Planned:
    """The calls for `text`; `chooser` (the text plus what the system prompt says the assistant is, or the request
    a follow-up continues) picks the tools when the text alone does not. A request of several parts, each asking
    for a tool of its own (« Translate … and translate …. Also get the time in … »), is planned part by part."""
    if not single and len(tools) > 1 and (chooser is None or chooser == text):
        planned = _by_parts(tools, text, pool)
        if planned is not None:
            return planned
    chosen = _chosen(tools, chooser or text, pool, single)
    if not chosen:
        return Planned([], {})
    best = chosen[0]
    scopes = _scopes(chosen, text) if len(chosen) > 1 else {best.name: (0, len(text))}
    first_start = min(start for start, _end in scopes.values())
    calls, missing = [], {}
    for choice in sorted(chosen, key=lambda c: scopes[c.name][0]):
        start, end = scopes[choice.name]
        own = [m for m in pool if start <= m.start < end or m.start < first_start]
        found = _calls_of(tools[choice.name], own, pool, text, start, own_tool=choice is best)
        if found is None:
            continue
        if found and not found[0].missing:
            calls += [(choice.name, f.input) for f in found]
        elif found:
            missing[choice.name] = found[0].missing       # the best one first (a question), others for a chain
    if not calls and best.name not in missing:
        missing = {best.name: [], **missing}
    return Planned(calls, dict(sorted(missing.items(), key=lambda kv: kv[0] != best.name)))


def _chosen(tools: dict[str, dict], text: str, pool: tuple[Mention, ...], single: bool = False) -> list[Choice]:
    """The best tool, and each other one whose own words stand elsewhere in the request."""
    ranked = [c for c in choices(tools, text, pool) if asks_for_action(tools[c.name], text)]
    chosen = ranked[:1]
    for other in ranked[1:]:
        words = {w for c in chosen for part in _profile(c.name, tools[c.name]) for w in part}
        taken = set().union(*(c.hits for c in chosen)) | words | {"=" + c for c in lex.concepts(sorted(words))}
        if single or not other.hits - taken:
            continue                       # no word of its own in the request ("an initial speed" is the first
            #                                tool's parameter, not a call for final_speed)
        anchors = tuple(a for a in other.anchors if all(a not in c.anchors for c in chosen))
        if anchors and other.score >= chosen[0].score * 0.4:
            chosen.append(Choice(other.name, other.score, anchors, other.hits))
    return chosen


def _only_meant(choice: Choice, found: list[Filled]) -> bool:
    """A tool none of whose own words the request says, only their concept, filled with nothing but runs of words:
    « planning a trip … » is no calendar event, "the most common chords in a pop song" no key signature."""
    said = [m for f in found for m in f.used.values()]
    return bool(said) and not found[0].missing and all(h.startswith("=") for h in choice.hits) and all(
        m.kind == "phrase" for m in said) and len(said) == sum(
        1 for f in found for v in f.input.values() if not isinstance(v, bool))


def _calls_of(tool: dict, own: list[Mention], pool: tuple[Mention, ...] | list[Mention], text: str, start: int,
              own_tool: bool = True) -> list[Filled] | None:
    """The calls of one tool from the values of its part of the request (`own`, those from `start` on first), then
    from the rest of it for a value its part lacks; None for a second tool whose own part says none of its values."""
    inside = {id(m) for m in own if m.start >= start}
    found = _by_frames(tool, own, text) or _fan_out(tool, own, text, inside)
    if found and found[0].missing and len(own) < len(pool):
        wider = _fan_out(tool, list(pool), text, inside)[:1]      # a value said for another tool, or before
        if wider[0].missing:
            return wider
        lacking = set(found[0].missing)
        for f in found:                    # what its own part says stays; only what it lacks comes from elsewhere
            f.input = {**{k: v for k, v in wider[0].input.items() if k in lacking or k not in f.input}, **f.input}
            f.used, f.missing = {**wider[0].used, **f.used}, []
    if not own_tool and found and not found[0].missing and not all(
            id(found[0].used[s.path]) in inside or evidenced(s, found[0].used[s.path])
            for s in slots(tool) if s.required and s.path in found[0].used):
        return None                        # a second tool is called on what its own part of the request says
    order = list(schema_of(tool).get("properties") or {})      # each input in the schema's order
    for f in found:
        f.input = dict(sorted(f.input.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
    return found


def _by_frames(tool: dict, own: list[Mention], text: str) -> list[Filled] | None:
    """One call per part of the request that restates the tool's values ("The first one has a present value of
    $5000 … The second one has …", "…, then do the same for a 10-day trip to Paris"): each part's values over what
    the part before said. None when fewer than two parts say values, or when a part lists several for one slot."""
    if len(own) < 2:
        return None
    low, high = min(m.start for m in own), max(m.end for m in own)
    spans = [(a, b) for a, b in _request_parts({str(tool.get("name", "")): tool}, text) if b > low and a < high]
    if len(spans) < 2:
        return None
    by_path = {s.path: s for s in slots(tool) if s.type not in ("array", "object")}
    scalar = set(by_path)
    frames: list[Filled] = []
    for a, b in spans:
        part = [m for m in own if a <= m.start < b]
        local = fill(tool, part, text, span=(a, b)) if part else None
        said = {p: m for p, m in (local.used.items() if local else ()) if p in scalar and m.kind != "phrase" and
                m.extra != "words" and (m.kind not in ("name", "quoted") or evidenced(by_path[p], m))}
        #                                                       not "the two triangles", nor a name guessed
        held = {p for p, m in (frames[-1].used.items() if frames else ()) if m.kind != "phrase"}
        if not said or (frames and not held & set(said)):
            if frames and local:                    # a part that only adds to the frame before (« … in USD? »)
                frames[-1].input = {**frames[-1].input, **{s.name: local.input[s.name] for s in slots(tool)
                                                            if s.path in said and s.name in local.input}}
                frames[-1].used.update(said)
                frames[-1].missing = [n for n in frames[-1].missing if n not in frames[-1].input]
            continue
        used = {id(m) for m in said.values()}
        if any(id(m) not in used and m.kind not in ("tail", "labelled", "period", "phrase") and
               any(_family(m) == _family(u) and evidenced(by_path[p], m) for p, u in said.items())
               for m in part):
            return None                             # a part says more values than one call takes

        if frames and frames[-1].missing:
            frames.pop()                            # what came before was context (« two investments … »)
        if frames:
            local.input = {**frames[-1].input, **local.input}
            local.missing = [n for n in local.missing if n not in local.input]
        frames.append(local)
    if len(frames) < 2 or frames[0].missing:
        return None
    if any(f.missing for f in frames):
        return None
    unique = list({json_key(f.input): f for f in frames}.values())
    return unique[:MAX_CALLS] if len(unique) >= 2 else None


PART_OPENERS = frozenset({"also", "additionally", "then", "followed", "finally", "lastly", "afterwards", "moreover", "furthermore",
                          "besides", "plus", "next", "aussi", "ensuite", "puis", "enfin", "egalement", "apres"})


def _request_parts(tools: dict[str, dict], text: str) -> list[tuple[int, int]]:
    """The parts of a request that may each ask for something: its sentences, cut again where a connector opens a
    new request (« …, also get … », "and then", "and what is …", "and translate …" when a tool's verb follows)."""
    verbs = {stem(name_words(n.rsplit("__", 1)[-1])[0]) for n in tools if name_words(n.rsplit("__", 1)[-1])}
    opens = lex.QUESTION_WORDS | lex.REQUEST_VERBS | PART_OPENERS
    toks = tokens(text)
    cuts = {0}
    for i, t in enumerate(toks):
        gap = text[toks[i - 1].end:t.start] if i else ""
        if i and any(c in gap for c in ".?!;\n") and t.text[:1].isupper() and not (
                "." in gap and (toks[i - 1].norm in ABBREVIATIONS or _initial(text, toks[i - 1]))) or i and "\n" in gap:
            cuts.add(t.start)
        elif t.norm in PART_OPENERS and (i == 0 or "," in gap or toks[i - 1].norm in ("and", "et")):
            cuts.add(toks[i - 1].start if i and toks[i - 1].norm in ("and", "et") else t.start)
        elif t.norm in ("and", "et") and i + 1 < len(toks) and i and "," in text[toks[i - 1].end:t.start] and (
                toks[i + 1].norm in opens or toks[i + 1].stem in verbs):
            cuts.add(t.start)
        elif t.norm in ("and", "et") and i + 1 < len(toks) and toks[i + 1].stem in verbs and \
                toks[i + 1].norm not in ("and", "et"):
            cuts.add(t.start)
    bounds = sorted(cuts) + [len(text)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if text[a:b].strip()]


def _initial(text: str, t) -> bool:
    """« J. » of "J. K. Rowling": a capital letter alone, not the unit of « 1.5 J/K. »."""
    return len(t.text) == 1 and t.text.isupper() and (t.start == 0 or text[t.start - 1].isspace())


def _by_parts(tools: dict[str, dict], text: str, pool: tuple[Mention, ...]) -> Planned | None:
    """Each part of the request that names a tool of its own calls it with its own values; a part that names none is
    context for its neighbours, and a value a part lacks comes from the context and the parts before it (« the same
    species in the same location »). None when fewer than two parts ask for different tools: the request is planned
    as a whole."""
    spans = _request_parts(tools, text)
    asked: list[tuple[int, int, list[Choice]]] = []
    for start, end in spans:
        said = text[start:end]
        chosen = [c for c in _chosen(tools, said, tuple(m for m in pool if start <= m.start < end)) if c.hits]
        if chosen:                         # another tool in the part: by words the first one's schema does not have
            first = set().union(*_profile(chosen[0].name, tools[chosen[0].name]))
            chosen = chosen[:1] + [c for c in chosen[1:] if {h for h in c.hits if not h.startswith("=")} - first]
        asked.append((start, end, chosen))
    parts = [(i, start, end, chosen) for i, (start, end, chosen) in enumerate(asked) if chosen]
    if len(parts) < 2 or len({c.name for *_x, chosen in parts for c in chosen}) < 2:
        return None
    calls: list[tuple[str, dict]] = []
    said_before: set[str] = set()
    for index, start, end, chosen in parts:
        later = next((s for s, _e, c in asked[index + 1:] if c), len(text))    # up to the next part that asks
        scopes = _scopes([Choice(c.name, c.score, tuple(a + start for a in c.anchors), c.hits) for c in chosen],
                         text[:end]) if len(chosen) > 1 else {chosen[0].name: (start, end)}
        for choice in chosen:
            low, high = scopes[choice.name]
            if high == end:
                high = later                # the parts after it that ask for nothing say more of it (« The initial
                #                             temperature is 300 Kelvin … »)
            own = [m for m in pool if low <= m.start < high]
            found = _calls_of(tools[choice.name], own, [m for m in pool if m.start < later], text, low)
            if not found or found[0].missing:
                continue
            if _only_meant(choice, found):
                continue
            before = [c for n, c in calls if n == choice.name]
            mine = {id(m): m for m in own}
            fresh = [m for f in found for m in f.used.values() if id(m) in mine]
            if before and (not fresh or all(fold(m.text) in said_before for m in fresh)):
                continue                    # "Can you find this information?", "Can you provide the predicted house
                #                             price, the lawsuits involving Mr. John Doe…": asked again, nothing new
            said_before |= {fold(m.text) for f in found for m in f.used.values()}
            if len(found) == 1 and before and all(before[-1].get(k, v) == v for k, v in found[0].input.items()):
                before[-1].update(found[0].input)   # the same call said again, with more (« I need 3 tickets »)
                continue
            calls += [(choice.name, f.input) for f in found]
    calls = [c for i, c in enumerate(calls) if c not in calls[:i]]
    return Planned(calls[:MAX_CALLS], {}) if calls else None


FAMILY = {"number": "n", "money": "n", "percent": "n", "name": "s", "quoted": "s", "code": "s", "phrase": "s"}
RESPECTIVELY = frozenset({"respectively", "respectivement", "respective", "respectives"})
MAX_CALLS = 12


def _fan_out(tool: dict, pool: list[Mention], text: str, inside: set[int]) -> list[Filled]:
    """One call, or one per set of values the request states. The first input is filled as usual; every other value
    is then given the slot it fills again: values listed with a slot's value take that slot (« Paris et Lyon », "for
    10, 20 and 30 years"), a list that repeats the first input's values takes their slots in the same order ("3 and
    4, 5 and 12"), any other value the slot its own part of the request gives it ("…, also for a person who is 5.6
    feet and weighs 60 kg"). In text order the values form *frames*: a value for a slot the current frame holds opens
    the next one, and a frame keeps what it does not restate from the one before (« 5 T, 2 m², 4 s, then 10 s »).
    A frame gives one call per combination of its listed values, paired in order under « respectively »."""
    first = fill(tool, pool, text, priority=inside)
    if first.missing:
        return [first]
    drop = {stem(w) for w in name_words(str(tool.get("name", "")))}
    pool = [m for m in (trimmed(x, drop | lex.concepts(list(drop))) for x in places_apart(tool, pool)) if m is not None]
    by_path = {s.path: s for s in slots(tool) if s.type not in ("array", "object", "boolean")}
    written = {s.path: s for s in slots(tool) if getattr(first.used.get(s.path), "kind", "") == "list"}
    by_path.update(written)             # a slot that took a list written in brackets: each such list is a value
    top = {p: m for p, m in first.used.items() if p in by_path}
    if not top:
        return [first]
    owner = {id(m): p for p, m in top.items()}
    lists = [m for m in pool if m.kind == "list" and any(score(s, m) for s in written.values())]
    for m in lists:
        owner.setdefault(id(m), max(written.values(), key=lambda s: (score(s, m), -list(written).index(s.path))).path)
    pool = [m for m in pool if not any(o.start <= m.start and m.end <= o.end and m is not o for o in lists)]
    listed = {json_key(v) for value in first.input.values() if isinstance(value, list) for v in value}
    values = sorted((m for m in pool if m.extra != "words" and m.kind not in ("tail", "labelled", "period") and
                     json_key(m.value) not in listed), key=lambda x: x.start)      # an array's items stay its own
    for s in by_path.values():                      # « stage 7 in easy mode and stage 3 in hard mode »
        taken = {str(v) for k, v in first.input.items() if k != s.name}
        said = [m for m in options_said(s, text) if str(m.value) not in taken] if (s.enum or s.examples) else []
        if not s.enum and not all(siblings(text, a, b) for a, b in zip(said, said[1:])) and \
                not all(_beside_its_name(text, m, s) for m in said):
            said = []                              # examples count only when listed together ("copper and aluminum")
            #                                        or each beside the slot's name ("gini criterion … entropy criterion")
        if said and s.name not in first.input:
            first.input[s.name] = _typed(said[0].value, s)
        if len({m.value for m in said}) >= 2:
            values += said
            owner.update({id(m): s.path for m in said})
            top.setdefault(s.path, said[0])
    values = sorted((m for m in values if id(m) in owner or not any(
        m.start < o.end and o.start < m.end for o in top.values())), key=lambda x: x.start)
    for path, said in top.items():                  # "solar energy for 12 months and wind energy for 8 months"
        head = _noun_after(text, said) if said.kind == "phrase" else ""
        if head and head in by_path[path].words | drop:
            alike = [trimmed(m, drop | by_path[path].words) for m in pool if m.kind == "phrase" and
                     m.start != said.start and len(m.text.split()) > 1 and stem(fold(m.text.split()[-1])) == head]
            alike = [m for m in alike if m is not None]
            if alike:
                owner.update({id(m): path for m in alike + [said]})
                values = sorted([m for m in values if not any(m.start < a.end and a.start < m.end for a in
                                                              alike + [said])] + alike + [said], key=lambda x: x.start)
    for chain in _chains(values, text):
        _attribute_chain(chain, owner, by_path)
    shaped: dict[str, list[str]] = {}                # the slot the first set's only name (or quote) took
    for path, said in top.items():
        if said.kind in ("name", "quoted"):
            shaped.setdefault(said.kind, []).append(path)
    for part in _parts(text, values):
        loose = [m for m in part if id(m) not in owner and m.kind != "phrase"]
        if not loose:
            continue
        local = fill(tool, part, text)
        found = {p: m for p, m in local.used.items() if id(m) not in owner and p in by_path and m.kind != "phrase"
                 and _family(m) == _family(top.get(p, m)) and evidenced(by_path[p], m)}
        strong = {p: m for p, m in found.items() if _cue_names(m, by_path[p]) or _same_cue(m, top.get(p)) or
                  (m.kind not in COMMON_KINDS and m.kind == getattr(top.get(p), "kind", None))}   # "…, and apple?"
        kept = found if len(found) >= 2 else strong
        for path, m in kept.items():
            owner[id(m)] = path
        for m in loose if kept else ():               # "… from HSBC …, and for Wells Fargo for $700,000 …": the
            paths = shaped.get(m.kind, [])              # part restates a set, its name is the first set's name's
            if id(m) not in owner and len(paths) == 1 and paths[0] not in kept:
                owner[id(m)] = paths[0]
    frames = _frames([(m, owner[id(m)]) for m in values if id(m) in owner], text)
    if len(frames) == 1 and all(len(g) == 1 for g in frames[0].values()):
        return [first]
    paired = bool(RESPECTIVELY & {t.norm for t in tokens(text)})
    calls: list[dict] = []
    base = dict(first.input)
    for frame in frames:
        made = _combine(base, frame, by_path, paired)
        calls += made
        base = made[0]
    unique = list({json_key(c): c for c in calls}.values())
    return [Filled(call, []) for call in unique[:MAX_CALLS]]


def _noun_after(text: str, m: Mention) -> str:
    after = tokens(text[m.end:m.end + 40])[:1]
    return after[0].stem if after and text[m.end:after[0].start].strip() == "" else ""


def _beside_its_name(text: str, m: Mention, s) -> bool:
    after = [t.stem for t in tokens(text[m.end:m.end + 40])[:1]]
    before = [t.stem for t in tokens(text[max(0, m.start - 40):m.start])[-1:]]
    return bool(set(after + before) & s.words)


def json_key(call: dict) -> str:
    import json
    return json.dumps(call, sort_keys=True, default=str)


def _chains(values: list[Mention], text: str) -> list[list[Mention]]:
    """Runs of values of one family listed together (« 3 et 4, 5 et 12 », "Lakers and Bulls")."""
    chains: list[list[Mention]] = []
    for family in {_family(m) for m in values}:      # another kind may stand between (« le TGV 6611 et le TER 17742 »)
        last: list[Mention] = []
        for m in (v for v in values if _family(v) == family):
            if last and siblings(text, last[-1], m):
                last.append(m)
            else:
                last = [m]
                chains.append(last)
    # Runs of words form a list only when it is one beyond doubt: three or more (« A, B et C »), or each with its
    # article ("a keyboard and a mouse"), not "vegan, and takes".
    return [c for c in chains if len(c) > 1 and (len(c) >= 3 or all(m.kind != "phrase" or m.prev in ARTICLES
                                                                      for m in c))]


def _attribute_chain(chain: list[Mention], owner: dict[int, str], by_path: dict) -> None:
    owned = [owner[id(m)] for m in chain if id(m) in owner]
    if len(owned) == 1:
        for m in chain:
            if id(m) not in owner and score(by_path[owned[0]], m):
                owner[id(m)] = owned[0]
        return
    pattern = [owner.get(id(m)) for m in chain[:len(owned)]]
    if len(owned) >= 2 and None not in pattern and len(set(pattern)) == len(pattern) and \
            len(chain) % len(pattern) == 0:
        for index, m in enumerate(chain):          # the same values again, in the same order ("3 and 4, 5 and 12")
            path = pattern[index % len(pattern)]
            if id(m) not in owner and score(by_path[path], m):
                owner[id(m)] = path


PART_WORDS = frozenset({"and", "also", "then", "plus", "et", "puis", "aussi", "another", "again", "ensuite"})


def _parts(text: str, values: list[Mention]) -> list[list[Mention]]:
    """The values of each part of the request, parts cut at punctuation and connectors outside any value."""
    cuts = [t.start for t in tokens(text) if t.norm in PART_WORDS]
    cuts += [i for i, c in enumerate(text) if c in ",;.?!"]
    joined = {m.start - 2 for m in values if m.extra == "place" and text[m.start - 2:m.start] == ", "}
    cuts = sorted(c for c in cuts if not any(m.start <= c < m.end for m in values) and c not in joined)
    #                                                   « Sacramento, California » is one place
    parts: dict[int, list[Mention]] = {}
    for m in values:
        parts.setdefault(sum(1 for c in cuts if c < m.start), []).append(m)
    return list(parts.values())


def _cue_names(m: Mention, s) -> bool:
    """The words just before the value, its label or its unit are the slot's own name words (« sample size of 150 »)."""
    words = set(m.cue[-3:]) | set(m.after[:1]) | ({m.label} if m.label else set())
    return bool(words & s.words) or bool({w[:5] for w in words if len(w) >= 5} & s.words5)


def _same_cue(m: Mention, said: Mention | None) -> bool:
    """Said after the same words as the slot's first value ("the factorial of 5, the factorial of 7"), or in the same
    unit ("6 feet tall …, also … 5.6 feet")."""
    return bool(said and m.kind == said.kind and ((m.cue and said.cue and m.cue[-1] == said.cue[-1]) or
                                                  (m.after and said.after and m.after[0] == said.after[0])))


def _frames(owned: list[tuple[Mention, str]], text: str) -> list[dict[str, list[Mention]]]:
    groups: list[tuple[str, list[Mention]]] = []
    for m, path in owned:
        if groups and groups[-1][0] == path and siblings(text, groups[-1][1][-1], m):
            groups[-1][1].append(m)
        else:
            groups.append((path, [m]))
    frames: list[dict[str, list[Mention]]] = [{}]
    for path, group in groups:
        if path in frames[-1]:
            frames.append({})
        frames[-1][path] = group
    return frames


def _combine(base: dict, groups: dict[str, list[Mention]], by_path: dict, paired: bool) -> list[dict]:
    calls = [dict(base)]
    if paired and any(len(g) > 1 for g in groups.values()):
        count = max(len(g) for g in groups.values())
        calls = [dict(base) for _ in range(count)]
        for path, group in groups.items():
            for index, call in enumerate(calls):
                call[by_path[path].name] = _typed(_value(group[min(index, len(group) - 1)], by_path[path]),
                                                  by_path[path])
        return calls
    for path, group in groups.items():
        calls = [{**call, by_path[path].name: _typed(_value(m, by_path[path]), by_path[path])}
                 for m in group for call in calls]
    return calls


def _family(m: Mention) -> str:
    return FAMILY.get(m.kind, m.kind)


ARITHMETIC = frozenset({"sum", "product", "difference", "quotient", "calc"})
OPERATIONS = frozenset({"sum", "product", "difference", "quotient"})


def concepts_of(tool: dict) -> frozenset[str]:
    own, described, params = _profile(str(tool.get("name", "")), tool)
    return frozenset(lex.concepts(list(own | described | params)))


def meaning(tool: dict) -> frozenset[str]:
    """Stems and concepts of a tool's name and description (what it is about)."""
    own, described, _params = _profile(str(tool.get("name", "")), tool)
    return frozenset(own | described) | frozenset(lex.concepts(list(own | described)))


def writes(tool: dict) -> str | None:
    """The action verb of a tool that changes something (cancel_order, crm_add_note, send_email), else None."""
    if is_arithmetic(tool):
        return None                            # add(a, b) computes: nothing changes
    words = list(name_words(str(tool.get("name", "")).rsplit("__", 1)[-1]))
    if len(words) > 1 and len(words[0]) <= 3 and words[0] not in lex.WRITE_VERBS:
        words = words[1:]                      # crm_add_note, api_send_…: a prefix, then the verb
    return words[0] if words and words[0] in lex.WRITE_VERBS else None


def asks_for_action(tool: dict, text: str) -> bool:
    """The request asks for what the tool does: its verb, a word of the same concept (« annule » for cancel), or the
    same stem."""
    verb = writes(tool)
    if verb is None:
        return True
    said = [t.norm for t in tokens(text)]
    if (lex.concepts([verb]) - {"sum"}) & lex.concepts(said):
        return True
    return any(stem(t) == stem(verb) or (len(t) >= 5 and t[:5] == verb[:5]) for t in said) or any(
        stem(t) == stem(w) for t in said for w in lex.SAME_ACTION.get(verb, ()))


def is_arithmetic(tool: dict) -> bool:
    """A tool to compute with: arithmetic words, and nothing but numbers (or an expression) to give it."""
    own = {stem(w) for w in name_words(str(tool.get("name", "")).rsplit("__", 1)[-1])}
    found = lex.concepts(list(own)) | concepts_of(tool)
    if not found & ARITHMETIC or lex.concepts(list(own)) - ARITHMETIC:
        return False
    return all(s.type in ("number", "integer") or (s.type == "string" and "expression" in s.kinds) or
               s.name in lex.PROPERTY_KINDS["expression"] for s in slots(tool))


def searchers(tools: dict[str, dict]) -> list[str]:
    """Tools made to find information from a free-text query: what a model with no knowledge of its own calls for
    a question about the world."""
    out = []
    for name, tool in tools.items():
        own = {stem(w) for w in name_words(name.rsplit("__", 1)[-1])}
        if "search" not in lex.concepts(list(own)) | own or writes(tool):
            continue
        needed = [s for s in slots(tool) if s.required] or list(slots(tool))[:1]
        if needed and all(s.type == "string" and not s.enum for s in needed):
            out.append(name)
    return out


def relevant(tools: dict[str, dict], text: str, pool: tuple[Mention, ...] = ()) -> list[str]:
    """The tools worth calling for this request, best first (write tools only when their action is asked for)."""
    return [c.name for c in choices(tools, text, pool) if asks_for_action(tools[c.name], text)]


def role_of_slot(s) -> str:
    from .assignment import role_of
    return role_of(s)
