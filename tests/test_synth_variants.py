"""The stud and draw games of the synthetic generator (tools/synth, issue 28 item 5).

Played through PokerKit 0.7.7 and written as PokerStars does: every clean hand replays in a
fresh PokerKit state action by action, its bring-in and first actors are RULES.md S-3/S-5's
read from the written up cards, its books balance; every injected hand carries the one
violation the truth names, at the line it names; and the board games' output is unchanged.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import polars as pl
import pytest

from parsers.games import FIFTH, FOURTH, PREDRAW, SIXTH, THIRD
from tools.synth import SynthOptions, generate
from tools.synth.labels import HAND_VALUES
from tools.synth.pokerkit_tables import refused_at, replay_verdict
from tools.synth.showing import best_showing, bring_in_index
from tools.synth.table_sabotage import TABLE_CODES, VARIANTS_OF
from tools.synth.variants import VARIANT_CODES, VARIANTS

pytest.importorskip("pokerkit")

ALL = SynthOptions(games=VARIANT_CODES, tournaments=0.3, hands_per_table=4)
BOARD = SynthOptions(
    games=("NLHE", "PLO", "PLO5", "FLHE"),
    tournaments=0.3,
    currencies=("USD", "EUR", "GBP", "play"),
    straddles=0.1,
    dead_blinds=0.1,
    sitting_out=0.2,
    chat=0.05,
    hands_per_table=7,
)


#: What the line of each injected code says.
WORDS = {
    "BRING-IN": ("brings in",),
    "FL-SIZE": ("bets", "raises"),
    "FL-CAP": ("raises",),
    "ORDER": ("checks",),
    "DRAW-COUNT": ("discards",),
}


def hands_of(result):
    return [hand for synth_file in result.files for hand in synth_file.hands]


@pytest.fixture(scope="module")
def mixed():
    return generate(900, 41, violation_rate=0.35, options=ALL, name="v.txt")


def test_board_games_write_the_same_bytes_as_before() -> None:
    """The bench data and the goldens are the board games' output for a seed: unchanged by the
    stud and draw games (hashes taken before they were added)."""
    result = generate(2000, 11, violation_rate=0.2, options=BOARD, files=2, tables=False)
    digest = hashlib.sha256()
    for synth_file in result.files:
        digest.update(synth_file.text().encode())
    digest.update(json.dumps(result.truth, sort_keys=True).encode())
    assert digest.hexdigest() == "3a3c64810041d2653016b56314019c093a9115c21aed2cb9d38956b2880dccd9"
    bench = SynthOptions(games=("NLHE",), currencies=("USD",))
    text = generate(3000, 0, violation_rate=0.01, options=bench, tables=False).text
    expected = "80e43c3b16aac57de7ddb49dfba24f5ea26987494ab5ee58d4f583ecfa30b062"
    assert hashlib.sha256(text.encode()).hexdigest() == expected


def test_every_clean_hand_replays_in_pokerkit(mixed) -> None:
    clean = [hand for hand in hands_of(mixed) if not hand.injected]
    games = Counter(hand.spec.variant for hand in clean)
    assert set(games) == set(VARIANT_CODES) and min(games.values()) > 40
    refused = {hand.hand_id: replay_verdict(hand) for hand in clean}
    assert {k: v for k, v in refused.items() if v} == {}


def test_pokerkit_refuses_the_injected_actions(mixed) -> None:
    """Each injected action is one PokerKit refuses, but for two known forms: PokerKit lets a
    fifth bet pre-draw (RULES.md §8 K-4) and cannot see the cards the hero's line shows."""
    verdicts: Counter = Counter()
    for hand in hands_of(mixed):
        for injected in hand.injected:
            accepted = replay_verdict(hand) is None
            if injected.code == "FL-CAP" and accepted:
                first_round = hand.actions[injected.seq][0] == PREDRAW
                verdicts["fifth bet pre-draw (K-4)" if first_round else "accepted"] += 1
            elif injected.variant == "received":
                verdicts["received: a count PokerKit never sees" if accepted else "refused"] += 1
            else:
                verdicts["refused" if not accepted else f"accepted {injected.code}"] += 1
    assert set(verdicts) <= {
        "refused",
        "fifth bet pre-draw (K-4)",
        "received: a count PokerKit never sees",
    }, verdicts
    assert verdicts["refused"] > 100


def test_each_injected_hand_is_refused_at_its_injected_action(mixed) -> None:
    """The violation is the only thing wrong up to it: PokerKit replays every action before
    the injected one and refuses that one (but the K-4 fifth bet pre-draw, and the hero's
    received count, which PokerKit never sees: the next test)."""
    checked = Counter()
    for hand in hands_of(mixed):
        for injected in hand.injected:
            if injected.variant == "received":
                continue
            at = refused_at(hand)
            if at is None and injected.code == "FL-CAP":
                assert hand.actions[injected.seq][0] == PREDRAW, hand.hand_id  # K-4
                continue
            assert at == injected.seq, (hand.hand_id, injected, at)
            checked[injected.code] += 1
    assert set(checked) == set(TABLE_CODES) and min(checked.values()) > 10, checked


def test_the_hero_is_dealt_what_he_threw_but_in_the_injected_draw(mixed) -> None:
    """Each draw of the hero's (whose cards the log shows): as many new cards as discards,
    but exactly at the DRAW-COUNT "received" violation."""
    seen = Counter()
    for hand in hands_of(mixed):
        if hand.spec.variant not in ("27TD", "27SD", "BADUGI"):
            continue
        wrong = {hand.actions[i.seq][0] for i in hand.injected if i.variant == "received"}
        counts: dict[tuple[str, int], Counter] = {}
        for _, name, source, street, *_ in hand.cards:
            if street is not None and street > PREDRAW:  # the draws, not the deal
                counts.setdefault((name, street), Counter())[source] += 1
        for (_, street), count in counts.items():
            if count["discarded"]:
                differs = count["dealt"] != count["discarded"]
                assert differs == (street in wrong), (hand.hand_id, street, count)
                seen["received" if differs else "matching"] += 1
    assert seen["received"] > 5 and seen["matching"] > 100, seen


def test_the_same_seed_writes_the_same_hands_in_any_process() -> None:
    """Nothing depends on the order of a set of strings (Python salts their hashes per
    process): two processes with other hash seeds write the same bytes."""
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import hashlib; from tools.synth import SynthOptions, generate; "
        "o = SynthOptions(games=('BADUGI', '27TD', 'STUD8'), hands_per_table=3); "
        "r = generate(150, 5, violation_rate=0.3, options=o, tables=False); "
        "print(hashlib.sha256(r.text.encode()).hexdigest())"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={"PYTHONHASHSEED": seed, "PYTHONPATH": str(Path(__file__).parents[1])},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1, digests


def up_cards(cards: pl.DataFrame) -> dict[tuple[str, str], dict[int, list[str]]]:
    """(hand_id, player) -> street -> the up cards dealt on it, from the written deals."""
    shown: dict = {}
    ups = cards.filter(pl.col("face") == "up", pl.col("source") == "dealt").sort(
        "line_no", "position"
    )
    for row in ups.iter_rows(named=True):
        streets = shown.setdefault((row["hand_id"], row["player"]), {})
        streets.setdefault(row["street"], []).append(row["card"])
    return shown


def test_stud_openings_follow_rules_from_the_written_up_cards(mixed) -> None:
    """S-3 and S-5 read from the tables (not from PokerKit): the bring-in is the lowest up card
    (razz: the highest), and each later round with betting starts with the best showing hand
    or, when he is all in, the next player clockwise with chips."""
    tables, checked = mixed.tables, Counter()
    shown = up_cards(tables["cards"])
    stud = tables["hands"].filter(pl.col("game").is_in(["stud", "razz"]))
    actions = tables["actions"].with_columns(pl.col("kind").cast(pl.String))
    for hand in hands_of(mixed):
        if hand.hand_id not in set(stud["hand_id"]) or hand.injected:
            continue
        razz = hand.spec.game == "razz"
        seats = {name: seat for seat, name, _, _ in hand.seats}
        rows = actions.filter(pl.col("hand_id") == hand.hand_id)
        players = sorted(seats, key=seats.get)
        third = [shown[(hand.hand_id, p)][THIRD][0] for p in players]
        opener = rows.filter(pl.col("kind").is_in(["bring_in", "complete"])).row(0, named=True)
        assert opener["player"] == players[bring_in_index(third, razz)], hand.hand_id
        checked["bring-in"] += 1
        for street in (FOURTH, FIFTH, SIXTH):
            first = rows.filter(
                (pl.col("street") == street) & (pl.col("kind") != "uncalled_return")
            )
            if first.is_empty():
                continue
            dealt = {p: shown.get((hand.hand_id, p), {}) for p in players}
            live = [p for p in players if street in dealt[p]]
            ups = {
                i: [c for s in range(THIRD, street + 1) for c in dealt[p].get(s, [])]
                for i, p in enumerate(live)
            }
            best, tied = best_showing(ups, razz)
            assert not tied
            actor = live.index(first["player"][0])
            assert actor == best or all_in_before(hand, live, best, actor), hand.hand_id
            checked["later rounds"] += 1
    assert checked["bring-in"] > 50 and checked["later rounds"] > 50


def test_a_big_bet_on_fourth_street_is_injected_only_with_no_pair_dealt_up(mixed) -> None:
    """S-6: in 7 Card Stud a pair among the 4th-street up cards allows the big bet for the
    round, though its holder folds before the bet: no such hand carries `fourth_big`."""
    shown = up_cards(mixed.tables["cards"])
    stud_hi = set(
        mixed.tables["hands"].filter(pl.col("game") == "stud", ~pl.col("is_hilo"))["hand_id"]
    )
    checked = 0
    for row in mixed.truth:
        if row.get("variant") != "fourth_big" or row["hand_id"] not in stud_hi:
            continue
        ups = [
            streets[THIRD] + streets[FOURTH]
            for (hand_id, _), streets in shown.items()
            if hand_id == row["hand_id"] and FOURTH in streets
        ]
        assert all(len({card[0] for card in cards}) == 2 for cards in ups), row
        checked += 1
    assert checked > 0


def all_in_before(hand, live: list[str], best: int, actor: int) -> bool:
    """The players from the best showing hand up to the actor (clockwise) are all in."""
    skipped = [live[(best + k) % len(live)] for k in range((actor - best) % len(live))]
    return bool(skipped) and all(name in all_in_players(hand) for name in skipped)


def all_in_players(hand) -> set[str]:
    return {row[1] for row in hand.actions if row[6]}


def test_legal_hands_balance_their_books(mixed) -> None:
    actions = mixed.tables["actions"].with_columns(pl.col("kind").cast(pl.String))
    money = actions.group_by("hand_key").agg(
        put_in=pl.col("amount").filter(~pl.col("kind").is_in(["collect", "uncalled_return"])).sum(),
        returned=pl.col("amount").filter(pl.col("kind") == "uncalled_return").sum(),
        collected=pl.col("amount").filter(pl.col("kind") == "collect").sum(),
    )
    books = mixed.tables["hands"].join(money, on="hand_key")
    assert books.height == 900
    assert (books["put_in"] - books["returned"] == books["total_pot"]).all()
    assert (books["collected"] + books["rake"] == books["total_pot"]).all()


def test_truth_points_at_the_offending_lines(mixed) -> None:
    lines = mixed.text.splitlines()
    actions = mixed.tables["actions"]
    forms = Counter()
    for row in mixed.truth:
        action = actions.filter(
            (pl.col("hand_id") == row["hand_id"]) & (pl.col("seq") == row["seq"])
        )
        assert action["line_no"].item() == row["line_no"]
        line = lines[row["line_no"] - 1]
        forms[(row["code"], row["variant"])] += 1
        words = WORDS[row["code"]]
        assert any(f": {word} " in line or line.endswith(f": {word}") for word in words), line
    wanted = {(code, form) for code, forms_of in VARIANTS_OF.items() for form in forms_of}
    wanted |= {("FL-CAP", "raise"), ("ORDER", "first_actor")}
    wanted -= {("BRING-IN", "amount")}  # opt-in
    assert wanted <= set(forms), forms


@pytest.mark.parametrize("code", TABLE_CODES)
def test_every_code_can_be_injected_and_only_it(code: str) -> None:
    games = tuple(v.code for v in VARIANTS.values() if code in codes_of(v))
    options = SynthOptions(games=games, violation_codes=(code,), hands_per_table=3)
    result = generate(120, 2, violation_rate=1.0, options=options, tables=False)
    codes = Counter(row["code"] for row in result.truth)
    assert set(codes) == {code} and codes[code] > 100  # a hand where it never fits is clean


def codes_of(variant) -> tuple[str, ...]:
    from tools.synth.table_sabotage import codes_for

    return codes_for(variant)


def test_bring_in_amount_errors_are_opt_in() -> None:
    options = SynthOptions(
        games=("STUD", "RAZZ"), violation_codes=("BRING-IN",), bring_in_amount_errors=True
    )
    result = generate(80, 3, violation_rate=1.0, options=options, tables=False)
    assert {row["variant"] for row in result.truth} == {"player", "amount"}


def test_same_seed_same_text_and_parallel_files_agree(tmp_path) -> None:
    from tools.synth import write_corpus

    first = generate(60, 7, violation_rate=0.3, options=ALL, files=2, tables=False)
    again = generate(60, 7, violation_rate=0.3, options=ALL, files=2, tables=False)
    assert [f.text() for f in first.files] == [f.text() for f in again.files]
    write_corpus(tmp_path / "w.txt", 60, 7, violation_rate=0.3, options=ALL, files=2, workers=2)
    assert (tmp_path / "w-1.txt").read_text() == first.files[1].text()


@pytest.mark.parametrize(
    ("game", "cards", "name"),
    [  # shown hands and the names PokerStars gave them (fpdb-3 regression files)
        ("stud", "Ac 4d 7d Td 3d Tc 2h", "a pair of Tens"),
        ("stud", "4h 3d 5d Qd Jd 9d 6h", "a flush, Queen high"),
        ("stud8", "Ad 5s 8d Ac 8c Jd Th", "HI: two pair, Aces and Eights"),
        ("stud8", "7c 3s 5h Qc Kc 6d 4d", "HI: a straight, Three to Seven; LO: 7,6,5,4,3"),
        ("stud8", "7h 2h 4c Jc 5h 7s 8c", "HI: a pair of Sevens; LO: 8,7,5,4,2"),
        ("triple_draw_27", "3c 6s 7h 8c 9d", "Lo: 9,8,7,6,3"),
        ("triple_draw_27", "7d 2s 8d 5h 5c", "Lo: a pair of Fives"),
        ("triple_draw_27", "5d 4h 8h 7d 6h", "Lo: a straight, Four to Eight"),
        ("single_draw_27", "2d Th 3d 6h 5c", "Lo: T,6,5,3,2"),
        ("badugi", "8s 3d Ac 4h", "Badugi: 8,4,3,A"),
        ("badugi", "Tc 3s 2s 7h", "3-card: T,7,2"),
        ("badugi", "5h 2c Ah 9d", "3-card: 9,2,A"),
    ],
)
def test_shown_hands_are_named_as_pokerstars_names_them(game: str, cards: str, name: str) -> None:
    assert HAND_VALUES[game][1](cards.split()) == name
