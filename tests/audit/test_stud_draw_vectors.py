"""The stud and draw vectors (tests/audit/stud_draw_vectors.json, RULES.md §13): per action the
flags and the state in force (to_call, min_to, max_to where the vector gives them), and each
vector replayed in PokerKit 0.7.7 where it plays the game (stud_draw_pokerkit.py).

A vector's `pokerkit` says what the replay must show: `agrees` (PokerKit takes every legal
action, refuses the first flagged one or has another actor there, and its to_call / min_to /
max_to equal ours where the vector gives them), or the differences it has, each with its number
of docs/differential.md (K-15 and on). A difference not listed, or listed but not seen, fails.
`skip` names why a vector cannot be given to PokerKit at all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from stud_draw_pokerkit import PkStep, replay, supported

from audit import Options, check
from audit.testing import cards_from_vector, tables_from_vector

HERE = Path(__file__).parent
DATA: dict[str, Any] = json.loads((HERE / "stud_draw_vectors.json").read_text())
VECTORS = {v["id"]: v for v in DATA["vectors"]}
DIFFERENTIAL = (HERE.parents[1] / "docs" / "differential.md").read_text()
#: The state fields a vector may give per action, as PokerKit names them in PkStep.
FIELDS = ("to_call", "min_to", "max_to")


def _audit(vector: dict[str, Any]) -> tuple[dict[int, list[str]], pl.DataFrame, int]:
    """Flags by action number (0: the hand's, or the settlement's), the audited action rows,
    and the number of posts before them."""
    hands, seats, actions = tables_from_vector(vector)
    options = Options().replace(**vector.get("options", {}))
    result = check(hands, seats, actions, options=options, cards=cards_from_vector(vector))
    posts = len(vector.get("posts", []))
    flags: dict[int, list[str]] = {}
    last = len(vector["actions"])
    for seq, code in zip(result.violations["seq"], result.violations["code"], strict=True):
        n = 0 if seq is None or not posts <= seq < posts + last else seq - posts + 1
        flags.setdefault(n, []).append(code)
    return flags, result.actions, posts


@pytest.mark.parametrize("vector_id", list(VECTORS))
def test_vector(vector_id: str) -> None:
    vector = VECTORS[vector_id]
    flags, rows, posts = _audit(vector)
    problems = []
    for action in vector["actions"]:
        n, expect = action["n"], action["expect"]
        got = sorted(flags.get(n, []))
        if got != expect["flags"]:
            problems.append(f"#{n} flags {got} != {expect['flags']}")
        row = rows.filter(pl.col("seq") == posts + n - 1).row(0, named=True)
        problems += [
            f"#{n} {field} {row[field]} != {expect[field]}"
            for field in FIELDS
            if field in expect and row[field] != expect[field]
        ]
    if sorted(flags.get(0, [])) != sorted(vector["hand_flags"]):
        problems.append(f"hand flags {sorted(flags.get(0, []))} != {vector['hand_flags']}")
    assert not problems, "\n".join(problems)


def _differences(
    vector: dict[str, Any], steps: list[PkStep], allin_to: dict[int, int]
) -> list[dict[str, Any]]:
    """Where PokerKit's replay parts from the vector: (action number, field). PokerKit's
    smallest and largest raise-to stop at the actor's all-in (RULES.md §8 mapping): the
    vector's are compared capped at `allin_to` (ours, by action number)."""
    found: list[dict[str, Any]] = []
    seats = {p["id"]: i + 1 for i, p in enumerate(vector["players"])}
    for action, step in zip(vector["actions"], steps, strict=False):
        n, expect = action["n"], action["expect"]
        legal = not expect["flags"]
        if step.actor != seats[action["player"]]:
            if legal:
                found.append({"n": n, "field": "actor"})
            continue
        for field in FIELDS:
            ours = expect.get(field)
            if ours is not None and field != "to_call":
                ours = min(ours, allin_to[n])
            if field in expect and step.can_raise and getattr(step, field) != ours:
                found.append({"n": n, "field": field})
        if step.accepted != legal and not any(f["n"] == n for f in found):
            found.append({"n": n, "field": "accepted"})
    return found


PK_IDS = [v for v in VECTORS if "skip" not in VECTORS[v]["pokerkit"]]


@pytest.mark.parametrize("vector_id", PK_IDS)
def test_vector_in_pokerkit(vector_id: str) -> None:
    vector = VECTORS[vector_id]
    if not supported(vector):
        pytest.skip(f"PokerKit 0.7.7 does not play {vector['game']}")
    steps = replay(vector)
    _, rows, posts = _audit(vector)
    allin_to = dict(zip(rows["seq"] - posts + 1, rows["allin_to"], strict=True))
    stopped = len(steps) < len(vector["actions"]) or not steps[-1].accepted
    flagged = [a["n"] for a in vector["actions"] if a["expect"]["flags"]]
    if flagged and not vector["pokerkit"].get("differs"):
        # PokerKit refuses (or has another actor at) the first flagged action, and no earlier one
        assert stopped and len(steps) == flagged[0], [s.as_dict() for s in steps]
    declared = [{"n": d["n"], "field": d["field"]} for d in vector["pokerkit"].get("differs", [])]
    assert _differences(vector, steps, allin_to) == declared, [s.as_dict() for s in steps]


@pytest.mark.parametrize("vector_id", list(VECTORS))
def test_differences_are_documented(vector_id: str) -> None:
    pk = VECTORS[vector_id]["pokerkit"]
    assert ("skip" in pk) or pk["agrees"] == (not pk.get("differs"))
    for difference in pk.get("differs", []):  # a bold entry (K-15 on) or a table row (K-1..K-14)
        k = difference["k"]
        assert f"**{k} " in DIFFERENTIAL or f"| {k} |" in DIFFERENTIAL, difference


def test_every_code_of_section_13_has_a_violating_and_a_legal_vector() -> None:
    flagged = {
        code for v in VECTORS.values() for a in v["actions"] for code in a["expect"]["flags"]
    }
    assert {"BRING-IN", "DRAW-COUNT", "ORDER", "FL-SIZE", "FL-CAP"} <= flagged
    games = {(v.get("game"), bool(v.get("hilo"))) for v in VECTORS.values()}
    assert {("stud", False), ("stud", True), ("razz", False), ("badugi", False)} <= games


def _codes(vector: dict[str, Any]) -> list[str]:
    flags, _, _ = _audit(vector)
    return sorted(code for codes in flags.values() for code in codes)


def test_bring_in_amount_unjudged_without_the_stakes_bring_in() -> None:
    """A header without the bring-in (PokerStars, Winamax): the log's bring-in defines it."""
    vector = json.loads(json.dumps(VECTORS["S3-3"]))  # a bring-in of 15 where the stakes say 10
    assert "BRING-IN" in _codes(vector)
    del vector["stakes"]["bring_in"]
    assert "BRING-IN" not in _codes(vector)


def test_cards_shown_at_showdown_do_not_hide_the_cards_drawn() -> None:
    """The hero's drawn cards shown again at showdown (a row without a round) still count as
    received in the draw; a wrong count is still seen."""
    vector = json.loads(json.dumps(VECTORS["W2-5"]))  # P1 discards 2, receives 5c Qs
    vector["cards"] = {"P1": {"cards": ["5c", "Qs", "2d", "3h"], "source": "shown", "label": None}}
    assert "DRAW-COUNT" not in _codes(vector)
    vector["drawn"]["P1"]["first_draw"] = ["5c"]
    assert "DRAW-COUNT" in _codes(vector)
