"""Legal play: what a synthetic player does when it is his turn, and how it is written."""

from __future__ import annotations

import random

from parsers.games import PREFLOP
from tools.synth.betting import Betting, Player
from tools.synth.record import HandRecord
from tools.synth.spec import money

ALL_IN = " and is all-in"


def write_fold(hand: HandRecord, betting: Betting, index: int) -> int:
    player = betting.players[index]
    seq = hand.act(f"{player.name}: folds", betting.street, player, "fold", 0)
    betting.apply_fold(index)
    return seq


def write_check(hand: HandRecord, betting: Betting, index: int) -> int:
    player = betting.players[index]
    seq = hand.act(f"{player.name}: checks", betting.street, player, "check", 0)
    betting.finish_turn(index)
    return seq


def write_call(hand: HandRecord, betting: Betting, index: int, chips: int) -> int:
    """A call moving `chips` (the caller's own choice: the injector may pass a wrong amount)."""
    player = betting.players[index]
    all_in = chips == player.stack
    text = f"{player.name}: calls {money(chips, betting.spec)}{ALL_IN if all_in else ''}"
    seq = hand.act(text, betting.street, player, "call", chips, all_in=all_in)
    betting.apply_call(index, chips)
    return seq


def write_wager(hand: HandRecord, betting: Betting, index: int, to_amount: int) -> int:
    """A bet (nothing to match yet) or a raise to `to_amount`, printed the PokerStars way."""
    player = betting.players[index]
    spec = betting.spec
    chips = to_amount - player.committed
    all_in = chips == player.stack
    tail = ALL_IN if all_in else ""
    if betting.current_bet == 0:
        kind = "bet"
        text = f"{player.name}: bets {money(to_amount, spec)}{tail}"
    else:
        kind = "raise"
        by = money(to_amount - betting.current_bet, spec)
        text = f"{player.name}: raises {by} to {money(to_amount, spec)}{tail}"
    seq = hand.act(text, betting.street, player, kind, chips, to_amount, all_in=all_in)
    betting.apply_wager(index, to_amount)
    return seq


def legal_wager_size(betting: Betting, player: Player, rng: random.Random) -> int:
    """A raise-to the model deems legal: a full raise within the limit, or an all-in."""
    allin_to = player.allin_to
    low = betting.min_to()
    if allin_to <= low:
        return allin_to  # all-in for less than a full raise: always allowed
    high = min(betting.max_to(player), allin_to)
    if high <= low:
        return low
    if betting.spec.structure == "NL" and rng.random() < 0.15:
        return allin_to
    # Half pot to pot after the call, in half big blinds, within [low, high].
    pot_after_call = betting.pot_total() + betting.to_call(player)
    size = betting.current_bet + pot_after_call * rng.choice((2, 3, 4)) // 4
    step = max(betting.spec.big_blind // 2, 1)
    size -= size % step
    return max(low, min(size, high))


def play_legal(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int:
    """Choose and write a legal action for the player to act; returns its seq."""
    player = betting.players[index]
    to_call = betting.to_call(player)
    may_raise = betting.raise_allowed(player)
    roll = rng.random()
    if to_call == 0:
        if may_raise and roll < 0.3:
            return write_wager(hand, betting, index, legal_wager_size(betting, player, rng))
        return write_check(hand, betting, index)
    raise_share = 0.35 if betting.spec.structure == "FL" else 0.18
    if may_raise and roll < raise_share:
        return write_wager(hand, betting, index, legal_wager_size(betting, player, rng))
    fold_share = 0.55 if betting.street == PREFLOP else 0.4
    if roll < raise_share + fold_share:
        return write_fold(hand, betting, index)
    return write_call(hand, betting, index, min(to_call, player.stack))
