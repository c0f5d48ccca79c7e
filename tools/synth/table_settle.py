"""Showdown and settlement of a stud or draw hand (RULES.md §11, §13.4).

The pots are built from what each player put in (settle.build_pots: antes are the main pot's
dead money); each goes to the best eligible hands by PokerKit's evaluators (stud hi, eight or
better, A-5 low, 2-7 low, badugi); a hi/lo pot is halved when a low qualifies, the odd chip to
the high half (TDA 20-C). Tied hands share a half; an odd chip left between tied hands goes
clockwise from the button in the draw games (PokerStars' `odd_chip = left_of_button`), and in
stud, where RULES.md S-7 gives it to the high card by suit, the generator deals the hand again
(`Disagree`) rather than decide it. Rake: 5 % capped at three small bets (cash), none when the
hand ended in its first round or in tournaments and play money.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parsers.games import SHOWDOWN
from tools.synth.labels import HAND_VALUES, evaluate
from tools.synth.settle import build_pots, pot_label, summary_pots, take_rake
from tools.synth.spec import money

if TYPE_CHECKING:
    from tools.synth.table_play import TablePlayer

STUD_ROUNDS = ("3rd Street", "4th Street", "5th Street", "6th Street", "River")
DRAW_ROUNDS = ("before the Draw", "after the 1st Draw", "after the 2nd Draw", "after the 3rd Draw")


def values_key(table: TablePlayer) -> str:
    return "stud8" if table.variant.is_hilo else table.variant.game


def rake_for(table: TablePlayer, total: int) -> int:
    spec = table.spec
    if spec.scale == 1 or table.round == 0:
        return 0
    return min(total // 20, 3 * spec.big_blind)


def split_half(table: TablePlayer, amount: int, winners: list[int]) -> dict[int, int]:
    """`amount` shared by tied `winners` (in PokerKit order: clockwise from the button)."""
    from tools.synth.table_play import Disagree

    share, odd = divmod(amount, len(winners))
    if odd and table.stud:
        raise Disagree("an odd chip between tied stud hands (RULES: by suit; not generated)")
    return {index: share + (1 if rank < odd else 0) for rank, index in enumerate(winners)}


def best_of(values: dict[int, Any], eligible: list[int]) -> list[int]:
    scored = [i for i in eligible if values.get(i) is not None]
    if not scored:
        return []
    top = max(values[i] for i in scored)
    return [i for i in scored if values[i] == top]


def award(table: TablePlayer, amount: int, eligible: list[int], values: list[dict]) -> dict:
    """Chips won from one pot by each player (one or two halves)."""
    if len(eligible) == 1:
        return {eligible[0]: amount}
    halves = [best_of(value, eligible) for value in values]
    if len(halves) == 2 and halves[1]:
        high_part = amount - amount // 2
        won = split_half(table, high_part, halves[0])
        for index, chips in split_half(table, amount // 2, halves[1]).items():
            won[index] = won.get(index, 0) + chips
        return won
    return split_half(table, amount, halves[0])


def show_down(table: TablePlayer, live: list[int]) -> list[dict]:
    """`*** SHOW DOWN ***`, each live player's cards and name (a conceding player mucks)."""
    kinds, label = HAND_VALUES[values_key(table)]
    hand, players = table.hand, table.players
    hand.say("*** SHOW DOWN ***")
    values: list[dict] = [{} for _ in kinds]
    for index in live:
        player = players[index]
        if index in table.conceded:
            offset = hand.say(f"{player.name}: mucks hand")
            row = (player.seat, player.name, "conceded", None, 0, None, None)
            hand.cards.append((*row, offset, None))
            continue
        cards = table.holding[index]
        name = label(cards)
        offset = hand.say(f"{player.name}: shows [{' '.join(cards)}] ({name})")
        for position, card in enumerate(cards):
            street, face = dealt_round(table, position)
            row = (player.seat, player.name, "shown", street, position, card, name)
            hand.cards.append((*row, offset, face))
        for number, kind in enumerate(kinds):
            values[number][index] = evaluate(kind, cards)
    return values


#: Stud: the round and face of a shown hand's n-th card (PokerStars lists them as dealt).
STUD_DEAL = ((0, "down"), (0, "down"), (0, "up"), (1, "up"), (2, "up"), (3, "up"), (4, "down"))


def dealt_round(table: TablePlayer, position: int) -> tuple[int | None, str | None]:
    """(street, face) the n-th shown card was dealt in: stud's by deal order; a draw hand's
    shown cards are not in deal order (null, docs/tables.md "cards")."""
    if not table.stud:
        return None, None
    round_index, face = STUD_DEAL[position]
    return table.first_street + round_index, face


def settle_table(table: TablePlayer) -> None:
    spec, hand, players = table.spec, table.hand, table.players
    pots = build_pots(players)
    total = sum(pot.amount for pot in pots)
    rake = rake_for(table, total)
    take_rake(pots, rake)
    live = table.live()
    values = show_down(table, live) if len(live) > 1 else []
    won: dict[int, int] = {}
    conceded = table.conceded if len(live) > 1 else set()
    for number in reversed(range(len(pots))):
        pot = pots[number]
        eligible = [i for i in pot.eligible if i not in conceded]
        if not eligible:  # a side pot only the mucking DRAW-COUNT hero can win
            from tools.synth.table_play import Disagree

            raise Disagree("the conceding hero alone is eligible for a pot")
        for index, chips in award(table, pot.amount, eligible, values).items():
            player = players[index]
            label = pot_label(number, len(pots))
            text = f"{player.name} collected {money(chips, spec)} from {label}"
            hand.act(text, SHOWDOWN, player, "collect", chips)
            won[index] = won.get(index, 0) + chips
    if values and len(values) == 2 and not any(v is not None for v in values[1].values()):
        hand.say("No low hand qualified")
    if len(live) == 1 and table.rng.random() < 0.5:
        hand.say(f"{players[live[0]].name}: doesn't show hand")
    hand.say("*** SUMMARY ***")
    hand.say(f"Total pot {money(total, spec)}{summary_pots(pots, spec)} | Rake {money(rake, spec)}")
    hand.total_pot, hand.rake = total, rake
    seat_summary(table, won)


def seat_summary(table: TablePlayer, won: dict[int, int]) -> None:
    """`Seat 3: X (button) folded before the Draw`, `Seat 5: Y collected ($0.64)`, ..."""
    players, spec = table.players, table.spec
    count = len(players)
    roles: dict[int, str] = {}
    if not table.stud:
        small, big = (1, 0) if count == 2 else (0, 1)
        roles = {count - 1: "button", small: "small blind", big: "big blind"}
    for index in sorted(range(count), key=lambda i: players[i].seat):
        player = players[index]
        role = f" ({roles[index]})" if index in roles else ""
        if player.folded and index in table.fold_round:
            rounds = STUD_ROUNDS if table.stud else DRAW_ROUNDS
            verb = "on the" if table.stud else ""
            outcome = f"folded {verb} {rounds[table.fold_round[index]]}".replace("  ", " ")
        elif player.folded:
            outcome = "folded"
        elif index in won:
            outcome = f"collected ({money(won[index], spec)})"
        else:
            outcome = "lost"
        table.hand.say(f"Seat {player.seat}: {player.name}{role} {outcome}")
