"""Settlement: side pots, rake, collect lines and the summary of a synthetic hand."""

from __future__ import annotations

import random
from dataclasses import dataclass

from parsers.games import FLOP, PREFLOP, RIVER, SHOWDOWN, TURN
from tools.synth.betting import Betting, Player
from tools.synth.record import HandRecord, Injected
from tools.synth.spec import TableSpec, money

STREET_WORDS = {
    PREFLOP: "before Flop",
    FLOP: "on the Flop",
    TURN: "on the Turn",
    RIVER: "on the River",
}


@dataclass
class Pot:
    amount: int
    eligible: list[int]  # player indexes still in the hand


def build_pots(players: list[Player]) -> list[Pot]:
    """Main pot then side pots, by the all-in levels of the live chips of the players still in
    the hand; the dead money (antes, dead blinds) goes to the main pot (RULES.md §11)."""
    live = [p.contributed - p.dead for p in players]
    levels = sorted({live[i] for i, p in enumerate(players) if not p.folded})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in live)
        eligible = [i for i, p in enumerate(players) if not p.folded and live[i] >= level]
        pots.append(Pot(amount, eligible))
        floor = level
    pots[0].amount += sum(p.dead for p in players)
    # Chips above the top live level (cannot happen after uncalled returns) join the last pot.
    pots[-1].amount += sum(max(c - floor, 0) for c in live)
    return [pot for pot in pots if pot.amount > 0]


def rake_for(spec: TableSpec, pot: int, saw_flop: bool) -> int:
    """5 % capped at 3 big blinds, no flop no drop; nothing in tournaments or play money."""
    if spec.scale == 1 or not saw_flop:
        return 0
    return min(pot // 20, 3 * spec.big_blind)


def take_rake(pots: list[Pot], rake: int) -> None:
    """Take the rake from the largest pots first."""
    for pot in sorted(pots, key=lambda pot: -pot.amount):
        taken = min(pot.amount, rake)
        pot.amount -= taken
        rake -= taken


def pot_label(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def summary_pots(pots: list[Pot], spec: TableSpec) -> str:
    if len(pots) == 1:
        return ""
    parts = [f"Main pot {money(pots[0].amount, spec)}."]
    for index, pot in enumerate(pots[1:], start=1):
        label = "Side pot" if len(pots) == 2 else f"Side pot-{index}"
        parts.append(f"{label} {money(pot.amount, spec)}.")
    return " " + " ".join(parts)


def settle(
    hand: HandRecord,
    betting: Betting,
    rng: random.Random,
    saw_flop: bool,
    code: str | None,
    board: list[str] | None = None,
    dealt: dict[int, list[str]] | None = None,
) -> dict[int, int]:
    """Write showdown, collects and the total line; returns chips won per player index.

    The shown cards are one deck's (the hero's dealt cards, then the drawn cards with any card
    the board or an earlier hand holds replaced by the next free one) and each pot goes to its
    best eligible hands (PokerKit's evaluator), the odd chips clockwise from the button. The
    random draws are the ones the generator always made (the same seed writes the same
    betting), only what they print changed: legal showdowns (issue #15)."""
    spec = betting.spec
    players = betting.players
    pots = build_pots(players)
    total = sum(pot.amount for pot in pots)
    rake = rake_for(spec, total, saw_flop)
    take_rake(pots, rake)
    live = [i for i, p in enumerate(players) if not p.folded]
    shown: dict[int, list[str]] = {}
    if len(live) > 1:
        hand.say("*** SHOW DOWN ***")
        drawn = {index: hand_cards(rng, spec.hole_cards) for index in live}
        shown = one_deck(drawn, dict(dealt or {}), board or [])
        for index in live:
            hand.say(f"{players[index].name}: shows [{' '.join(shown[index])}]")
    button = next(i for i, p in enumerate(players) if p.seat == hand.button_seat)
    won: dict[int, int] = {}
    for number in reversed(range(len(pots))):
        pot = pots[number]
        # the draw the generator always made (kept for the random stream), then the real winners
        rng.sample(pot.eligible, 2 if len(pot.eligible) > 1 and rng.random() < 0.1 else 1)
        winners = best_hands(pot.eligible, shown, board or [], spec.game, button, len(players))
        share, odd = divmod(pot.amount, len(winners))
        for rank, index in enumerate(winners):
            chips = share + (1 if rank < odd else 0)
            if code == "CHIP-CONSERVATION" and not hand.injected:
                chips += rng.randint(1, spec.big_blind)
            player = players[index]
            text = (
                f"{player.name} collected {money(chips, spec)} from {pot_label(number, len(pots))}"
            )
            seq = hand.act(text, SHOWDOWN, player, "collect", chips)
            if code == "CHIP-CONSERVATION" and not hand.injected:
                hand.injected.append(Injected("CHIP-CONSERVATION", None, hand.actions[seq][7]))
            won[index] = won.get(index, 0) + chips
    if len(live) == 1 and rng.random() < 0.5:
        hand.say(f"{players[live[0]].name}: doesn't show hand")
    hand.say("*** SUMMARY ***")
    reported_total, reported_rake = total, rake
    if code == "POT-TOTAL":
        error = rng.randint(1, spec.big_blind)
        reported_total, reported_rake = total + error, rake + error
    offset = hand.say(
        f"Total pot {money(reported_total, spec)}{summary_pots(pots, spec)}"
        f" | Rake {money(reported_rake, spec)}"
    )
    if code == "POT-TOTAL":
        hand.injected.append(Injected("POT-TOTAL", None, offset))
    hand.total_pot, hand.rake = reported_total, reported_rake
    return won


DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def hand_cards(rng: random.Random, count: int) -> list[str]:
    return rng.sample(DECK, count)


def one_deck(
    drawn: dict[int, list[str]], dealt: dict[int, list[str]], board: list[str]
) -> dict[int, list[str]]:
    """Each player's shown cards, all from one deck with the board: a dealt hand as dealt, a
    drawn card another holder has replaced by the first free card of the deck."""
    used = set(board) | {card for cards in dealt.values() for card in cards}
    free = [card for card in DECK if card not in used]
    hands: dict[int, list[str]] = {}
    for index, cards in drawn.items():
        if index in dealt:
            hands[index] = dealt[index]
            continue
        mine = []
        for card in cards:
            if card in used:
                card = next(c for c in free if c not in used)
            used.add(card)
            mine.append(card)
        hands[index] = mine
    return hands


def best_hands(
    eligible: list[int],
    shown: dict[int, list[str]],
    board: list[str],
    game: str,
    button: int,
    count: int,
) -> list[int]:
    """The eligible players with the best hand (one without a showdown: the only one), in
    clockwise order from the button (the odd chips go to the first)."""
    order = sorted(eligible, key=lambda i: (i - button - 1) % count)
    if len(order) == 1 or not shown:
        return order[:1]
    from pokerkit import OmahaHoldemHand, StandardHighHand

    kind = StandardHighHand if game == "holdem" else OmahaHoldemHand
    value = {i: kind.from_game("".join(shown[i]), "".join(board)) for i in order}
    best = max(value.values())
    return [i for i in order if value[i] == best]


def seat_lines(
    hand: HandRecord, betting: Betting, won: dict[int, int], fold_street: dict[int, int]
) -> None:
    """The per-seat summary lines (informative only: the parser need not read them)."""
    players = betting.players
    roles = hand_roles(hand, players)
    for index, player in enumerate(players):
        role = f" ({roles[index]})" if index in roles else ""
        if index in fold_street:
            outcome = f"folded {STREET_WORDS[fold_street[index]]}"
        elif index in won:
            outcome = f"collected ({money(won[index], betting.spec)})"
        else:
            outcome = "lost"
        hand.say(f"Seat {player.seat}: {player.name}{role} {outcome}")


def hand_roles(hand: HandRecord, players: list[Player]) -> dict[int, str]:
    button = next(i for i, p in enumerate(players) if p.seat == hand.button_seat)
    count = len(players)
    if count == 2:
        return {button: "button", (button + 1) % 2: "big blind"}
    return {
        button: "button",
        (button + 1) % count: "small blind",
        (button + 2) % count: "big blind",
    }
