"""The replay of the games without a board (RULES.md §13, issue 28 item 6): each player's up
cards round by round in stud, the discards of each draw, and the draws in the action column.

The report's frames (report_frames.py) with hand 1001 recast as a stud hand (3rd and 4th
street) and hand 1002 as a triple draw hand (pre-draw, then the first draw's discards)."""

from __future__ import annotations

import re
from dataclasses import replace

import polars as pl
import report_frames as rf

from parsers.games import FIRST_DRAW, FOURTH, PREDRAW, THIRD
from parsers.schema import POLARS_SCHEMAS
from reports.cards_view import card_lists
from reports.html import render_report

DEALT = ("Kh", "Th", "3d", "7c", "2s")
#: (hand_key, seat, player, source, street, position, card, line_no, face)
CARDS = [
    # stud: Alice 3rd street [Ad 2d] down, Qs up; 4th street Jh up; XSS shows 7c on 3rd
    (0, 1, "Alice", "dealt", THIRD, 0, "Ad", 20, "down"),
    (0, 1, "Alice", "dealt", THIRD, 1, "2d", 20, "down"),
    (0, 1, "Alice", "dealt", THIRD, 2, "Qs", 20, "up"),
    (0, 2, rf.XSS_PLAYER, "dealt", THIRD, 0, "7c", 21, "up"),
    (0, 1, "Alice", "dealt", FOURTH, 0, "Jh", 24, "up"),
    # her shown hand repeats the up cards: each counts once, on the round that dealt it
    (0, 1, "Alice", "shown", THIRD, 0, "Qs", 30, "up"),
    (0, 1, "Alice", "shown", FOURTH, 1, "Jh", 30, "up"),
    # triple draw: Alice dealt five, discards two in the first draw
    *[(1, 1, "Alice", "dealt", PREDRAW, i, c, 40, "down") for i, c in enumerate(DEALT)],
    (1, 1, "Alice", "discarded", FIRST_DRAW, 0, "Kh", 43, "down"),
    (1, 1, "Alice", "discarded", FIRST_DRAW, 1, "Th", 43, "down"),
]  # fmt: skip


def _cards() -> pl.DataFrame:
    columns = ["hand_key", "seat", "player", "source", "street", "position", "card", "line_no",
               "face"]  # fmt: skip
    frame = pl.DataFrame(CARDS, schema=columns, orient="row")
    return frame.with_columns(
        hand_id=(pl.col("hand_key") + 1001).cast(pl.String),
        raw=pl.col("card"),
        board=pl.lit(None),
        label=pl.lit(None),
    ).select(pl.col(name).cast(dtype) for name, dtype in POLARS_SCHEMAS["cards"].items())


def _actions() -> pl.DataFrame:
    """Hand 1001 on 3rd then 4th street; hand 1002 pre-draw, then the first draw: Alice
    discards 2, the next player stands pat."""
    actions = rf.actions()
    street = (
        pl.when(pl.col("hand_key") == 0)
        .then(pl.when(pl.col("seq") < 2).then(THIRD).otherwise(FOURTH))
        .when(pl.col("hand_key") == 1)
        .then(PREDRAW)
        .otherwise(pl.col("street"))
    )
    actions = actions.with_columns(street=street.cast(pl.Int8))
    draws = pl.DataFrame(
        [
            (1, "1002", 4, FIRST_DRAW, "Alice", 1, "discard", 0, None, False, 43, 2),
            (1, "1002", 5, FIRST_DRAW, rf.XSS_PLAYER, 2, "stand_pat", 0, None, False, 44, 0),
        ],
        schema=POLARS_SCHEMAS["actions"],
        orient="row",
    )
    return pl.concat([actions, draws], how="diagonal_relaxed")


def _hand(html: str, hand_id: str) -> str:
    return html.split(f'id="hand-pokerstars-{hand_id}"')[1].split("</details>\n")[0]


def _street_headers(hand: str) -> list[str]:
    rows = re.findall(r'<tr class="street-row"><th colspan="10">(.*?)</th></tr>', hand)
    return [re.sub(r"<[^>]+>", "", row) for row in rows]


def test_round_cards_are_the_up_cards_by_round_and_the_discards() -> None:
    keys = pl.Series([0, 1], dtype=pl.Int64)
    lists = card_lists(_cards().lazy(), keys).collect().sort("hand_key")
    stud, draw = lists.get_column("round_cards").to_list()
    assert stud == [
        {"street": "third", "player": "Alice", "what": "up", "cards": "Qs"},
        {"street": "third", "player": rf.XSS_PLAYER, "what": "up", "cards": "7c"},
        {"street": "fourth", "player": "Alice", "what": "up", "cards": "Jh"},
    ]
    assert draw == [
        {"street": "first_draw", "player": "Alice", "what": "discards", "cards": "Kh Th"}
    ]


def test_the_replay_shows_stud_up_cards_and_draw_discards_round_by_round() -> None:
    tables = replace(rf.tables(), actions=_actions().lazy(), cards=_cards().lazy())
    html = render_report(tables, rf.run_record())
    stud = _street_headers(_hand(html, "1001"))
    assert stud[0].startswith("Third · Alice up Qs · &lt;script&gt;")  # the name escaped
    assert "up 7c" in stud[0] and stud[1].startswith("Fourth · Alice up Jh")
    shown = _hand(html, "1001").split('<p class="shown">')[1].split("</p>")[0]
    assert 'Alice (dealt, third): <span class="cards">Ad 2d Qs</span>' in shown
    assert 'Alice (dealt, fourth): <span class="cards">Jh</span>' in shown
    draw_hand = _hand(html, "1002")
    assert _street_headers(draw_hand)[1].startswith("First_draw · Alice discards Kh Th")
    assert "<td>discards 2</td>" in draw_hand and "<td>stands pat</td>" in draw_hand


def test_a_board_game_s_replay_has_no_round_cards() -> None:
    """The hold'em frames: the round headers as before (no `face` column: no round cards)."""
    cards = _cards().filter(pl.col("hand_key") == 2).drop("face")
    tables = replace(rf.tables(), cards=cards.lazy())
    html = render_report(tables, rf.run_record())
    assert " up " not in "".join(_street_headers(html)) and "discards" not in html


def _pots(hand_key: int) -> dict[str, pl.LazyFrame]:
    """One judged pot of `hand_key` (audit/judged.py's tables), flagged SHOWDOWN-WINNER, with
    no board cards: a stud hand without a common card."""
    from audit.judged import PAYOUT_COLUMNS, POT_COLUMNS

    pots = pl.DataFrame(
        [(hand_key, 0, 1, "high", 1, "Alice", 300, 300, 1, False, "Ad 2d Qs Jh 9c 9d 4s",
          None, "Qs Jh 9c 9d Ad", "pair", True, 1, 300)],
        schema=POT_COLUMNS,
        orient="row",
    )  # fmt: skip
    payouts = pl.DataFrame(
        [(hand_key, 1, "Alice", False, 300, 300, 0, 0, True)], schema=PAYOUT_COLUMNS, orient="row"
    )
    violations = rf.violations().with_columns(
        code=pl.when(pl.col("hand_key") == hand_key)
        .then(pl.lit("SHOWDOWN-WINNER"))
        .otherwise(pl.col("code"))
    )
    return {"pots": pots.lazy(), "payouts": payouts.lazy(), "violations": violations.lazy()}


def test_a_stud_pot_names_no_board_a_board_game_s_missing_board_is_a_question_mark() -> None:
    stud = rf.hands().with_columns(
        game=pl.when(pl.col("hand_key") == 0).then(pl.lit("stud")).otherwise(pl.col("game"))
    )
    for hands, expected in ((stud, False), (rf.hands(), True)):
        tables = replace(rf.tables(), hands=hands.lazy(), **_pots(0))
        pots = _hand(render_report(tables, rf.run_record()), "1001").split('class="pots"')[1]
        caption = pots.split("<caption>")[1].split("</caption>")[0]
        assert ("board" in caption) is expected, caption
        assert 'class="cards">Ad 2d Qs Jh 9c 9d 4s</td>' in pots
