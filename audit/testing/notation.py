"""The tiny hand notation used by the rule docstrings' examples, turned into vectors.

Every rule module's docstring holds a "Violating:" and a "Legal:" example; the unit tests parse
and audit both, so the documentation cannot drift from the code. Notation (one item per line):

    NL 50/100; stacks 5000 x3; button P3        structure sb/bb [bets small/big]; stacks
                                                 (`5000 x3` or `P1=5000 P2=60 ...`, `P3@5=..`
                                                 P3 in seat 5); button;
                                                 optional `ante 10` / `ante 200 bb`
    posts: P1 sb 50, P2 bb 60 allin              optional; default P1 sb, P2 bb (+ antes);
                                                 `allin` the site's all-in marker
    preflop: P3 raise 300, P1 call, P2 check !   actions; `!` marks the flagged one; a call
                                                 with an amount is a call *to* that total;
                                                 `allin` sets the site's all-in marker
    settle: collect P2 650; return P2 1000; pot 650; rake 0; final P1=4950 P2=5450 P3=4700
    cards: P1 As Ks "a pair of Aces"; P2 mucks; P3 mucks Qs Qc
                                                 hole cards shown (with the log's name of the
                                                 hand), a muck without showing, a muck shown
                                                 (several `cards:` lines add up; a label may
                                                 hold a `;`)
    board: 2c 7d 8h 9s Ad                        the board; `board2:` the second board of a
                                                 run-it-twice (all five cards)
    The header takes `game omaha4` (parsers/schema.py GAMES) and `hilo` too.

Stud and draw games (RULES.md §13): `FL bets 20/40; game stud; bring-in 10; ante 5; ...` (no
blinds: the default posts are the antes), the bring-in an action of 3rd street
(`third: P2 bring_in 10, P3 complete 20`), the up cards in the order dealt
(`up: P1 Kd 7c; P2 2c 9s`), draws as actions (`first_draw: P1 discard 2, P2 stand_pat`) and the
cards a player received in a draw (`drawn: P1 first_draw 5c Qs`).
"""

from __future__ import annotations

import re
from typing import Any

from parsers.schema import STREET_NAMES

_HEADER = re.compile(
    r"^(?P<structure>[A-Z]+)(?: (?P<sb>\d+)/(?P<bb>\d+))?(?: bets (?P<small>\d+)/(?P<big>\d+))?$"
)


def example_sections(doc: str) -> dict[str, str]:
    """{"Violating": text, "Legal": text} from a docstring (indented block after each label)."""
    sections: dict[str, str] = {}
    label: str | None = None
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.rstrip(":") in ("Violating", "Legal") and stripped.endswith(":"):
            label = stripped.rstrip(":")
            sections[label] = ""
        elif label and stripped:
            sections[label] += stripped + "\n"
        elif label and sections[label]:
            label = None
    return sections


def _players(spec: str) -> list[dict[str, Any]]:
    spec = spec.removeprefix("stacks ").strip()
    if " x" in spec:
        stack, count = spec.split(" x")
        return [{"id": f"P{i + 1}", "stack": int(stack)} for i in range(int(count))]
    return [_player(*item.split("=")) for item in spec.split()]


def _player(name: str, stack: str) -> dict[str, Any]:
    """`P3=500`, or `P3@4=500` for a player in seat 4 (else the i-th player sits in seat i)."""
    player, _, seat = name.partition("@")
    return {"id": player, "stack": _stack(stack)} | ({"seat": int(seat)} if seat else {})


def _stack(text: str) -> int | None:
    """A stack of the example header; "?" is a player without a seat line (stack unknown)."""
    return None if text == "?" else int(text)


def _header(line: str) -> dict[str, Any]:
    fields = [p.strip() for p in line.split(";")]
    match = _HEADER.match(fields[0])
    if not match:
        raise ValueError(f"bad example header {line!r}")
    stakes = {"sb": int(match["sb"]), "bb": int(match["bb"])} if match["sb"] else {}
    if match["small"]:
        stakes |= {"small_bet": int(match["small"]), "big_bet": int(match["big"])}
    vector: dict[str, Any] = {"structure": match["structure"], "stakes": stakes}
    for field in fields[1:]:
        if field.startswith("stacks"):
            vector["players"] = _players(field)
        elif field.startswith("button"):
            vector["button"] = field.split()[1]
        elif field.startswith("game"):
            vector["game"] = field.split()[1]
        elif field == "hilo":
            vector["hilo"] = True
        elif field.startswith("bring-in"):
            stakes["bring_in"] = int(field.split()[1])
        elif field.startswith("ante"):
            words = field.split()
            vector["ante_rule"] = {
                "amount": int(words[1]),
                "mode": "bb" if "bb" in words else "each",
            }
    return vector


def _default_posts(vector: dict[str, Any]) -> list[dict[str, Any]]:
    ids = [p["id"] for p in vector["players"]]
    stacks = {p["id"]: p["stack"] for p in vector["players"]}
    posts = []
    if "sb" in vector["stakes"]:  # a game with blinds
        sb, bb = vector["stakes"]["sb"], vector["stakes"]["bb"]
        posts = [
            {"player": ids[0], "kind": "sb", "amount": min(sb, stacks[ids[0]])},
            {"player": ids[1], "kind": "bb", "amount": min(bb, stacks[ids[1]])},
        ]
    ante = vector.get("ante_rule")
    if ante:
        payers = [ids[1]] if ante["mode"] == "bb" else ids
        posts += [{"player": p, "kind": "ante", "amount": ante["amount"]} for p in payers]
    return posts


def _action(street: str, item: str) -> tuple[dict[str, Any], bool]:
    words = item.split()
    flagged = "!" in words
    words = [w for w in words if w != "!"]
    action: dict[str, Any] = {"street": street, "player": words[0], "type": words[1]}
    if len(words) > 2 and words[2].isdigit():
        action["cards" if words[1] == "discard" else "to"] = int(words[2])
    if "allin" in words:
        action["all_in"] = True
    return action, flagged


def _post(words: list[str]) -> dict[str, Any]:
    """`P3 bb 20` (`allin`: the site's all-in marker on the post)."""
    post: dict[str, Any] = {"player": words[0], "kind": words[1], "amount": int(words[2])}
    if "allin" in words:
        post["all_in"] = True
    return post


def _settlement(line: str) -> dict[str, Any]:
    reported: dict[str, Any] = {"uncalled_returned": {}, "collected": {}}
    for field in (p.strip() for p in line.split(";")):
        words = field.split()
        if words[0] == "collect":
            reported["collected"][words[1]] = int(words[2])
        elif words[0] == "return":
            reported["uncalled_returned"][words[1]] = int(words[2])
        elif words[0] in ("pot", "rake"):
            reported["total_pot" if words[0] == "pot" else "rake"] = int(words[1])
        elif words[0] == "final":
            reported["final_stacks"] = {w.split("=")[0]: int(w.split("=")[1]) for w in words[1:]}
    return {"reported": reported}


#: A `;` outside double quotes.
_OUTSIDE_QUOTES = re.compile(r';(?=(?:[^"]*"[^"]*")*[^"]*$)')


def _cards(line: str) -> dict[str, Any]:
    """`P1 As Ks "a pair of Aces"; P2 mucks; P3 mucks Qs Qc` -> {player: {...}} (a label may
    hold a `;`: "HI: a pair of Kings; LO: 7,4,3,2,A")."""
    shown: dict[str, Any] = {}
    for field in (p.strip() for p in _OUTSIDE_QUOTES.split(line) if p.strip()):
        label = field.split('"')[1] if '"' in field else None
        words = field.split('"')[0].split()
        source = "mucked" if "mucks" in words else "shown"
        cards = [w for w in words[1:] if w != "mucks"]
        if source == "mucked" and not cards:
            source = "conceded"
        shown[words[0]] = {"cards": cards, "source": source, "label": label}
    return shown


def parse_example(text: str) -> tuple[dict[str, Any], int | None]:
    """(vector, seq of the `!` row or None): posts come first, then the actions."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    vector = _header(lines[0])
    vector |= {"id": "example", "actions": []}
    flagged_post: int | None = None
    flagged_at: int | None = None
    for line in lines[1:]:
        label, _, rest = line.partition(":")
        if label == "posts":
            items = [item.split() for item in rest.split(",")]
            vector["posts"] = [_post(words) for words in items]
            flagged_post = next((i for i, w in enumerate(items) if "!" in w), None)
        elif label == "cards":
            vector.setdefault("cards", {}).update(_cards(rest))  # one line or several
        elif label.startswith("board"):
            vector.setdefault("boards", []).append(rest.split())
        elif label == "settle":
            vector["settlement"] = _settlement(rest)
        elif label == "up":
            vector["up"] = {w[0]: w[1:] for w in (f.split() for f in rest.split(";")) if w}
        elif label == "drawn":
            for field in (f.split() for f in rest.split(";") if f.strip()):
                vector.setdefault("drawn", {}).setdefault(field[0], {})[field[1]] = field[2:]
        elif label in STREET_NAMES:
            for item in rest.split(","):
                action, flagged = _action(label, item)
                if flagged:
                    flagged_at = len(vector["actions"])
                vector["actions"].append(action)
        else:
            raise ValueError(f"bad example line {line!r}")
    vector.setdefault("posts", _default_posts(vector))
    if flagged_post is not None:
        return vector, flagged_post
    return vector, None if flagged_at is None else len(vector["posts"]) + flagged_at
