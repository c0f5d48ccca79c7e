"""Drive the simulator: tables of hands, files of text, the truth about injected violations."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from tools.synth.betting import Player
from tools.synth.play import NAMES, HandPlayer, draw_stack
from tools.synth.record import HandRecord
from tools.synth.sabotage import Saboteur, pick_code
from tools.synth.spec import SynthOptions, TableSpec, draw_table
from tools.synth.table_sabotage import pick_table_code
from tools.synth.variant_hand import play_variant_hand
from tools.synth.variants import variant_of

EASTERN = ZoneInfo("America/New_York")
FIRST_DAY = datetime(2026, 1, 5)
HANDS_PER_DAY = 800  # spread over 10:00-22:00 local time: never near a DST change at 2:00
SEPARATOR_LINES = 2  # PokerStars separates hands with two blank lines


def start_times(index: int) -> tuple[datetime, datetime]:
    """(Eastern local time printed in the header, the same instant in UTC)."""
    day, slot = divmod(index, HANDS_PER_DAY)
    local = FIRST_DAY + timedelta(days=day, hours=10, seconds=slot * 54)
    utc = local.replace(tzinfo=EASTERN).astimezone(UTC).replace(tzinfo=None)
    return local, utc


def deal_players(
    spec: TableSpec, options: SynthOptions, rng: random.Random
) -> tuple[list[Player], list[tuple[int, str, int]]]:
    """Who is dealt in (clockwise by seat) and who sits out this hand."""
    most = min(options.max_players, spec.max_seats)
    count = rng.randint(min(options.min_players, most), most)
    out_count = 1 if count < spec.max_seats and rng.random() < options.sitting_out else 0
    seats = sorted(rng.sample(range(1, spec.max_seats + 1), count + out_count))
    names = rng.sample(NAMES, count + out_count)
    out_seats = set(rng.sample(seats, out_count))
    players: list[Player] = []
    sitting_out: list[tuple[int, str, int]] = []
    for seat, name in zip(seats, names, strict=True):
        stack = draw_stack(spec, options, rng)
        if seat in out_seats:
            sitting_out.append((seat, name, stack))
        else:
            players.append(Player(seat=seat, name=name, start=stack, stack=stack))
    return players, sitting_out


def shorten_one_stack(spec: TableSpec, players: list[Player], rng: random.Random) -> None:
    """A 2-4 big blind stack: its all-in is often a short raise, which REOPEN needs."""
    floor = spec.small_blind + spec.big_blind + spec.ante + 1
    player = rng.choice(players)
    player.start = player.stack = max(floor, rng.randint(2 * spec.big_blind, 4 * spec.big_blind))


def play_hand(
    spec: TableSpec,
    options: SynthOptions,
    rng: random.Random,
    hand_number: int,
    hand_id: str,
    violation_code: str | None,
) -> HandRecord:
    players, sitting_out = deal_players(spec, options, rng)
    if violation_code == "REOPEN":
        shorten_one_stack(spec, players, rng)
    local, utc = start_times(hand_number)
    button_seat = rng.choice(players).seat
    hand = HandRecord(spec, hand_id, local, utc, button_seat)
    saboteur = Saboteur(violation_code, rng) if violation_code else None
    HandPlayer(spec, options, rng, hand, players, saboteur).play(sitting_out)
    return hand


def file_rng(seed: int, file_index: int) -> random.Random:
    """Each file has its own stream, so files can be written in parallel and still agree.

    The stream's name keeps the generator's old module path: the same seed writes the same
    hands as before the move to tools/ (sample_data, the goldens and bench data depend on it).
    """
    return random.Random(f"hhaudit.synth:{seed}:{file_index}")


def iter_hands(
    n_hands: int,
    seed: int,
    options: SynthOptions,
    violation_rate: float = 0.0,
    table: TableSpec | None = None,
    *,
    file_index: int = 0,
    first_number: int = 0,
) -> Iterator[HandRecord]:
    """`n_hands` hands of one file, deterministic for (seed, file_index); the table changes
    every `hands_per_table` hands unless `table` fixes one. Hand numbers (ids, times) start at
    `first_number` so that the files of one corpus never share a hand id."""
    rng = file_rng(seed, file_index)
    spec = table or draw_table(rng, options, first_number // options.hands_per_table)
    first_id = 200_000_000_000 + (seed % 1000) * 100_000_000
    for offset in range(n_hands):
        number = first_number + offset
        if table is None and offset and number % options.hands_per_table == 0:
            spec = draw_table(rng, options, number // options.hands_per_table)
        variant = variant_of(spec)
        if variant is not None:  # stud and draw: played through PokerKit
            code = None
            if violation_rate and rng.random() < violation_rate:
                code = pick_table_code(variant, options.violation_codes, rng)
            times = start_times(number)
            yield play_variant_hand(
                spec, variant, options, rng, times, str(first_id + number), code
            )
            continue
        code = None
        if violation_rate and rng.random() < violation_rate:
            code = pick_code(spec.structure, options.violation_codes, rng)
        yield play_hand(spec, options, rng, number, str(first_id + number), code)


def hand_text(hand: HandRecord) -> str:
    return "\n".join(hand.lines) + "\n" * (SEPARATOR_LINES + 1)


def hand_line_count(hand: HandRecord) -> int:
    return len(hand.lines) + SEPARATOR_LINES
