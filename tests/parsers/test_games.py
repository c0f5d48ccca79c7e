"""The game table (parsers/games.py) against RULES.md §13.1 and D-9/D-11, the Street Enum's
order, and every site's street markers and board streets against the ids."""

from __future__ import annotations

import re

import polars as pl
import pytest
from conftest import SHARED, require_shared

from audit.showdown.deck import SHORT_DECK_GAMES
from audit.showdown.known import BOARD_RULE, HOLE_COUNT, STREET_COUNT
from parsers.core.lines import SUMMARY
from parsers.detect import FORMATS
from parsers.documents.ipoker.cards import STREETS as IPOKER_BOARD_STREETS
from parsers.games import (
    AFTER_BIG_BLIND,
    AFTER_BRING_IN,
    AFTER_BUTTON,
    BEST_HIGH_SHOWING,
    BEST_LOW_SHOWING,
    BIG,
    FLOP,
    FOURTH,
    GAMES,
    HIGH,
    RIVER,
    SHORT_DECK,
    SHOWDOWN,
    SMALL,
    STREETS,
    TURN,
    Street,
    rounds_frame,
    street_enum,
)
from parsers.schema import GAMES as SCHEMA_GAMES
from parsers.schema import STREET_NAMES

RULES = SHARED / "RULES.md"

#: The Enum's names in id order, as the design fixes them (docs/games.md).
ORDER = (
    "preflop", "flop", "turn", "river",
    "second", "third", "fourth", "fifth", "sixth", "seventh",
    "predraw", "first_draw", "second_draw", "third_draw",
    "showdown",
)  # fmt: skip

S, B = SMALL, BIG
BOARD = {
    "rounds": ("preflop", "flop", "turn", "river"),
    "units": (S, S, B, B),  # D-11
    "actors": (AFTER_BIG_BLIND, AFTER_BUTTON, AFTER_BUTTON, AFTER_BUTTON),  # D-9
}
STUD_ROUNDS = ("third", "fourth", "fifth", "sixth", "seventh")
TRIPLE = ("predraw", "first_draw", "second_draw", "third_draw")
SINGLE = ("predraw", "first_draw")
#: RULES.md §13.1, transcribed: game -> rounds, FL units, first actor of each round.
SECTION_13_1 = {
    "stud": (STUD_ROUNDS, (S, S, B, B, B), (AFTER_BRING_IN, *[BEST_HIGH_SHOWING] * 4)),
    "razz": (STUD_ROUNDS, (S, S, B, B, B), (AFTER_BRING_IN, *[BEST_LOW_SHOWING] * 4)),
    "triple_draw_27": (TRIPLE, (S, S, B, B), (AFTER_BIG_BLIND, *[AFTER_BUTTON] * 3)),
    "badugi": (TRIPLE, (S, S, B, B), (AFTER_BIG_BLIND, *[AFTER_BUTTON] * 3)),
    "single_draw_27": (SINGLE, (S, B), (AFTER_BIG_BLIND, AFTER_BUTTON)),
    "five_card_draw": (SINGLE, (S, B), (AFTER_BIG_BLIND, AFTER_BUTTON)),
}
#: The §13.1 row each game is read from ("7 Card Stud Hi/Lo" is stud with hands.is_hilo).
RULES_ROWS = {
    "stud": "7 Card Stud (hi)",
    "razz": "Razz",
    "triple_draw_27": "2-7 Triple Draw, Badugi (FL)",
    "badugi": "2-7 Triple Draw, Badugi (FL)",
    "single_draw_27": "2-7 Single Draw (NL/PL), 5 Card Draw",
    "five_card_draw": "2-7 Single Draw (NL/PL), 5 Card Draw",
}


def _table(game: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    rounds = GAMES[game].rounds
    return (
        tuple(STREETS[r.street] for r in rounds),
        tuple(r.fl_bet for r in rounds),
        tuple(r.first_actor for r in rounds),
    )


def test_the_street_enum_is_the_one_order_of_ids() -> None:
    assert STREETS == ORDER == STREET_NAMES
    assert Street.categories.to_list() == list(ORDER)
    assert len(ORDER) - 1 == SHOWDOWN and (FLOP, TURN, RIVER) == (1, 2, 3)
    ids = pl.Series(range(len(ORDER)), dtype=pl.Int8)
    named = pl.select(street_enum(pl.lit(ids))).to_series()
    assert named.to_physical().cast(pl.Int8).to_list() == ids.to_list()  # the ids are its codes
    assert named.cast(pl.String).to_list() == list(ORDER)


def test_board_games_keep_the_hold_em_rounds_units_and_first_actors() -> None:
    board = [name for name, game in GAMES.items() if game.family == "board"]
    assert board == list(SCHEMA_GAMES[: len(board)])  # the first release's games, in order
    for name in board:
        assert _table(name) == (BOARD["rounds"], BOARD["units"], BOARD["actors"]), name


@pytest.mark.parametrize("game", sorted(SECTION_13_1))
def test_stud_and_draw_games_follow_section_13_1(game: str) -> None:
    assert _table(game) == SECTION_13_1[game]
    fourth = [r.open_pair for r in GAMES[game].rounds]
    assert fourth == [game == "stud" and r.street == FOURTH for r in GAMES[game].rounds]  # S-6


def test_five_card_stud_is_second_to_fifth_street_with_the_site_s_units() -> None:
    """RULES.md §13.1 has no 5 Card Stud row: its rounds and units are read from the site's
    logs (iPoker: "Second Street" .. "River", the small bet twice, then the big bet)."""
    game = GAMES["five_card_stud"]
    assert _table("five_card_stud") == (
        ("second", "third", "fourth", "fifth"),
        (S, S, B, B),
        (AFTER_BRING_IN, *[BEST_HIGH_SHOWING] * 3),
    )
    assert [(r.deals.down, r.deals.up) for r in game.rounds] == [(1, 1), (0, 1), (0, 1), (0, 1)]
    assert (game.hole_cards, game.high, game.low, game.family) == (5, HIGH, None, "stud")
    assert not any(r.open_pair for r in game.rounds)


def test_section_13_1_is_what_the_test_transcribed() -> None:
    """The §13.1 table of ../shared/RULES.md says what SECTION_13_1 says (units and actors)."""
    text = require_shared(RULES).read_text(encoding="utf-8")
    section = text[text.index("### 13.1") : text.index("### 13.2")]
    rows: dict[str, list[str]] = {}
    previous: list[str] = []
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("| game"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            # "same": the row above's cell (Razz and Stud Hi/Lo under 7 Card Stud)
            cells = [p if c == "same" else c for c, p in zip(cells, previous or cells, strict=True)]
            rows[cells[0]] = previous = cells
    for game, row in RULES_ROWS.items():
        _, rounds, forced, units, actors = rows[row]
        expected_rounds, expected_units, expected_actors = SECTION_13_1[game]
        assert len(rounds.split(",")) == len(expected_rounds), (game, rounds)
        read = re.findall(r"\b(small|big)\b", units.split(":")[-1])
        assert tuple(read) == expected_units, (game, units)
        first = {
            "after the bring-in": AFTER_BRING_IN,
            "after the big blind": AFTER_BIG_BLIND,
            "as triple draw": AFTER_BIG_BLIND,
        }
        later = {
            "best showing high hand": BEST_HIGH_SHOWING,
            "best showing low hand": BEST_LOW_SHOWING,
            "first live seat after the button": AFTER_BUTTON,
            "as triple draw": AFTER_BUTTON,
        }
        assert next(v for k, v in first.items() if k in actors) == expected_actors[0], game
        assert next(v for k, v in later.items() if k in actors) == expected_actors[-1], game
        assert ("bring-in" in forced) == (game in ("stud", "razz")), game
    assert "small*" in rows[RULES_ROWS["stud"]][3]  # the open pair of S-6, 4th street
    # stud/8 is stud with hands.is_hilo: stud's rounds and units, without the open pair
    hilo = rows["7 Card Stud Hi/Lo (8 or better)"]
    assert "*" not in hilo[3] and tuple(re.findall(r"small|big", hilo[3])) == (S, S, B, B, B)


def test_every_game_s_rounds_are_consecutive_ids_before_the_settlement() -> None:
    for game in GAMES.values():
        ids = [r.street for r in game.rounds]
        assert ids == list(range(ids[0], ids[0] + len(ids))), game.name
        assert ids[-1] < SHOWDOWN
        assert [r.draw for r in game.rounds] == [
            game.family == "draw" and i > 0 for i in range(len(ids))
        ]
        assert game.max_discard == (game.hole_cards if game.family == "draw" else 0)


def test_the_table_agrees_with_the_showdown_s_board_facts() -> None:
    for name in BOARD_RULE:
        game, count = GAMES[name], HOLE_COUNT[name]
        assert game.hole_cards == count == game.rounds[0].deals.down, name
        board = {r.street: r.deals.board for r in game.rounds if r.deals.board}
        if name == "courchevel":  # its preflop card is the flop's first
            board[FLOP] += board.pop(game.rounds[0].street)
        assert board == STREET_COUNT, name
    assert {n for n, g in GAMES.items() if g.deck == SHORT_DECK} == set(SHORT_DECK_GAMES)
    for name in set(HOLE_COUNT) - set(BOARD_RULE):  # stud: down and up; draw: the hand dealt
        dealt = sum((r.deals.down or 0) + r.deals.up for r in GAMES[name].rounds)
        assert HOLE_COUNT[name] == dealt == GAMES[name].hole_cards, name


def test_the_rounds_frame_is_the_table() -> None:
    frame = rounds_frame()
    assert frame.select("game", "street").is_duplicated().sum() == 0
    assert frame.height == sum(len(g.rounds) for g in GAMES.values())
    assert frame.filter("first_round").get_column("round").unique().to_list() == [0]
    last = frame.group_by("game").agg(pl.col("street").max(), pl.col("last_round").sum())
    assert last.get_column("last_round").to_list() == [1] * len(GAMES)
    assert tuple(GAMES) == SCHEMA_GAMES


@pytest.mark.parametrize(
    "site", [f for f in FORMATS if f.grammar is not None], ids=lambda f: f.name
)
def test_every_site_s_marker_map_gives_street_ids(site) -> None:  # type: ignore[no-untyped-def]
    markers = site.grammar.streets
    assert markers, site.name
    for word, section in markers.items():
        assert section == SUMMARY or 0 <= section <= SHOWDOWN, (site.name, word)
        if section == SUMMARY:
            assert "summary" in word.lower(), (site.name, word)
            continue
        name = STREETS[section]
        said = re.sub(r"[^a-z]", "", word.lower())
        if any(street in said for street in ("flop", "turn", "river")) and "pre" not in said:
            assert name in said, (site.name, word, name)
        if "showdown" in said:
            assert section == SHOWDOWN, (site.name, word)
    boards = site.cards.boards if site.cards is not None else ()
    assert {street for _, street in boards} <= {None, FLOP, TURN, RIVER}, site.name


def test_document_formats_board_streets_are_street_ids() -> None:
    assert {STREETS[street] for street, _ in IPOKER_BOARD_STREETS.values()} == {
        "flop",
        "turn",
        "river",
    }
