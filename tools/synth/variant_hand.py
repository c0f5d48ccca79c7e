"""One stud or draw hand: who sits, the header, and the retries that keep every hand one that
PokerKit and RULES.md read alike (table_play.Disagree) and that carries its aimed violation."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime

from tools.synth.betting import Player
from tools.synth.pk_state import player_order
from tools.synth.play import NAMES
from tools.synth.record import HandRecord
from tools.synth.spec import STRUCTURE_LABELS, SynthOptions, TableSpec, stakes_text
from tools.synth.table_play import Disagree, TablePlayer
from tools.synth.table_sabotage import TableSaboteur
from tools.synth.variants import STUD, Variant

#: Deals of one hand: the first AIMED try to carry the aimed violation, then clean ones.
ATTEMPTS, AIMED = 30, 12
#: Why hands were dealt again, over the process (docs/synth.md quotes a run).
REDEALT: Counter[str] = Counter()


def header(spec: TableSpec, variant: Variant, hand_id: str, local: datetime) -> str:
    date = f"{local.year}/{local.month:02d}/{local.day:02d}"
    when = f"{date} {local.hour}:{local.minute:02d}:{local.second:02d}"
    game = f"{variant.label} {STRUCTURE_LABELS[spec.structure]}"
    if spec.is_tournament:
        low, high = (
            (spec.small_bet, spec.big_bet)
            if spec.structure == "FL"
            else (spec.small_blind, spec.big_blind)
        )
        return (
            f"PokerStars Hand #{hand_id}: Tournament #{spec.tournament_id}, $1.00+$0.10 USD "
            f"{game} - Level {spec.level} ({low}/{high}) - {when} ET"
        )
    return f"PokerStars Hand #{hand_id}:  {game} {stakes_text(spec)} - {when} ET"


def table_line(spec: TableSpec, button_seat: int | None) -> str:
    play = " (Play Money)" if spec.currency == "play" else ""
    button = f" Seat #{button_seat} is the button" if button_seat is not None else ""
    return f"Table '{spec.table_name}' {spec.max_seats}-max{play}{button}"


def unit(spec: TableSpec) -> int:
    return spec.small_bet if spec.small_bet is not None else spec.big_blind


def draw_stack(spec: TableSpec, options: SynthOptions, rng: random.Random) -> int:
    """5-30 units (the small bet, NL: the big blind) for short stacks, else 40-200; never so
    short that the ante and bring-in or the blinds put a player all in."""
    size = unit(spec)
    if rng.random() < options.short_stacks:
        stack = 5 * size + int(rng.random() * 25 * size)
    else:
        stack = 40 * size + int(rng.random() * 160 * size)
    if spec.scale == 100 and rng.random() < 0.7:
        stack -= stack % size
    floor = spec.ante + spec.small_blind + spec.big_blind + size + 1
    return max(stack, floor)


def seat_players(
    spec: TableSpec, variant: Variant, options: SynthOptions, rng: random.Random
) -> list[Player]:
    most = min(options.max_players, variant.max_players, spec.max_seats)
    count = rng.randint(min(max(options.min_players, 2), most), most)
    seats = sorted(rng.sample(range(1, spec.max_seats + 1), count))
    names = rng.sample(NAMES, count)
    players = []
    for seat, name in zip(seats, names, strict=True):
        stack = draw_stack(spec, options, rng)
        players.append(Player(seat=seat, name=name, start=stack, stack=stack))
    return players


def deal_once(
    spec: TableSpec,
    variant: Variant,
    options: SynthOptions,
    rng: random.Random,
    times: tuple[datetime, datetime],
    hand_id: str,
    code: str | None,
) -> HandRecord:
    players = seat_players(spec, variant, options, rng)
    button = None if variant.family == STUD else rng.choice(players).seat
    order = player_order([p.seat for p in players], button)
    players.sort(key=lambda p: order.index(p.seat))
    hand = HandRecord(spec, hand_id, times[0], times[1], button)
    hand.say(header(spec, variant, hand_id, times[0]))
    hand.say(table_line(spec, button))
    for player in sorted(players, key=lambda p: p.seat):
        hand.say(f"Seat {player.seat}: {player.name} ({money_text(player.start, spec)} in chips)")
        hand.seats.append((player.seat, player.name, player.start, False))
    saboteur = TableSaboteur(code, rng, options) if code else None
    TablePlayer(spec, variant, options, rng, hand, players, saboteur).play()
    return hand


def money_text(amount: int, spec: TableSpec) -> str:
    from tools.synth.spec import money

    return money(amount, spec)


def play_variant_hand(
    spec: TableSpec,
    variant: Variant,
    options: SynthOptions,
    rng: random.Random,
    times: tuple[datetime, datetime],
    hand_id: str,
    code: str | None,
) -> HandRecord:
    """A hand both oracles read alike, carrying `code` when some deal lets it fit."""
    for attempt in range(ATTEMPTS):
        aimed = code if attempt < AIMED else None
        try:
            hand = deal_once(spec, variant, options, rng, times, hand_id, aimed)
        except Disagree as why:
            REDEALT[str(why).split(":")[0]] += 1
            continue
        if aimed and not hand.injected:
            REDEALT[f"{aimed} did not fit"] += 1
            continue
        return hand
    raise RuntimeError(f"hand {hand_id}: no deal of {variant.code} in {ATTEMPTS} tries")
