"""Injected violations: one illegal action (or misreported total) per chosen hand.

Each injector checks that its violation is possible right now, writes it, applies it to the
model the way the checker's reference order does (RULES.md §3), and records it. Injectors are
written so the one code they aim at is the only thing wrong with the hand: the rest of the hand
is played legally from the state the violation left behind.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from parsers.games import PREFLOP
from tools.synth.betting import Betting
from tools.synth.choices import write_call, write_check, write_wager
from tools.synth.record import HandRecord, Injected

#: Codes injected at a player's turn, per betting structure.
ACTION_CODES: dict[str, tuple[str, ...]] = {
    "NL": (
        "RAISE-MIN",
        "NL-BET-MIN",
        "REOPEN",
        "CALL-AMOUNT",
        "CHECK-FACING-BET",
        "ORDER",
        "ACT-FOLDED",
        "ACT-ALLIN",
    ),
    "PL": (
        "RAISE-MIN",
        "NL-BET-MIN",
        "REOPEN",
        "PL-MAX",
        "CALL-AMOUNT",
        "CHECK-FACING-BET",
        "ORDER",
    ),
    "FL": ("FL-SIZE", "FL-CAP", "REOPEN", "CALL-AMOUNT", "CHECK-FACING-BET", "ORDER", "ACT-FOLDED"),
}
#: Codes injected at settlement (any structure); also the fallback when no turn suited.
HAND_CODES: tuple[str, ...] = ("POT-TOTAL", "CHIP-CONSERVATION")
ALL_CODES: tuple[str, ...] = tuple(
    dict.fromkeys(code for codes in ACTION_CODES.values() for code in codes + HAND_CODES)
)

Injector = Callable[[HandRecord, Betting, int, random.Random], int | None]


def _record(hand: HandRecord, code: str, seq: int) -> int:
    hand.injected.append(Injected(code, seq, hand.actions[seq][7]))
    return seq


def _raise_min(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    if betting.current_bet == 0 or not betting.raise_allowed(player):
        return None
    high = min(betting.min_to(), player.allin_to, betting.max_to(player) + 1) - 1
    low = betting.current_bet + 1
    if high < low:
        return None
    return _record(hand, "RAISE-MIN", write_wager(hand, betting, index, rng.randint(low, high)))


def _bet_min(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    if betting.street == PREFLOP or betting.current_bet != 0 or not betting.raise_allowed(player):
        return None
    high = min(betting.spec.big_blind, player.allin_to) - 1
    if high < 1:
        return None
    return _record(hand, "NL-BET-MIN", write_wager(hand, betting, index, rng.randint(1, high)))


def _reopen(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    to_call = betting.to_call(player)
    if not player.acted or to_call == 0 or betting.reopened(player) or betting.fl_capped():
        return None
    if player.stack <= to_call or not betting.has_live_opponent(player):
        return None
    to_amount = min(betting.min_to(), player.allin_to)
    if betting.spec.structure == "PL" and to_amount > betting.max_to(player):
        return None
    return _record(hand, "REOPEN", write_wager(hand, betting, index, to_amount))


def _pl_max(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    limit = betting.max_to(player)
    if not betting.raise_allowed(player) or limit >= player.allin_to:
        return None
    low = max(limit + 1, betting.min_to())
    if low > player.allin_to:
        return None
    to_amount = rng.randint(low, player.allin_to)
    return _record(hand, "PL-MAX", write_wager(hand, betting, index, to_amount))


def _fl_size(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    required = betting.min_to()
    if not betting.raise_allowed(player) or required >= player.allin_to:
        return None
    to_amount = min(required + betting.fl_bet, player.allin_to)
    return _record(hand, "FL-SIZE", write_wager(hand, betting, index, to_amount))


def _fl_cap(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    to_call = betting.to_call(player)
    if not betting.fl_capped() or player.stack <= to_call:
        return None
    if (player.acted and not betting.reopened(player)) or not betting.has_live_opponent(player):
        return None
    to_amount = min(betting.min_to(), player.allin_to)
    return _record(hand, "FL-CAP", write_wager(hand, betting, index, to_amount))


def _call_amount(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    player = betting.players[index]
    to_call = betting.to_call(player)
    if to_call < 2 or player.stack <= to_call:
        return None
    chips = rng.randint(1, to_call - 1)
    return _record(hand, "CALL-AMOUNT", write_call(hand, betting, index, chips))


def _check_facing(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    if betting.to_call(betting.players[index]) == 0:
        return None
    return _record(hand, "CHECK-FACING-BET", write_check(hand, betting, index))


def _order(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    """The next player who also owes action acts first, with a plain check or call."""
    count = len(betting.players)
    for step in range(1, count):
        other = (index + step) % count
        player = betting.players[other]
        if betting.owes(player):
            to_call = betting.to_call(player)
            if to_call == 0:
                seq = write_check(hand, betting, other)
            else:
                seq = write_call(hand, betting, other, min(to_call, player.stack))
            return _record(hand, "ORDER", seq)
    return None


def _act_folded(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    folded = [p for p in betting.players if p.folded]
    if not folded:
        return None
    player = rng.choice(folded)
    seq = hand.act(f"{player.name}: folds", betting.street, player, "fold", 0)
    return _record(hand, "ACT-FOLDED", seq)


def _act_allin(hand: HandRecord, betting: Betting, index: int, rng: random.Random) -> int | None:
    stuck = [p for p in betting.players if p.all_in and not p.folded]
    if not stuck:
        return None
    player = rng.choice(stuck)
    seq = hand.act(f"{player.name}: checks", betting.street, player, "check", 0)
    return _record(hand, "ACT-ALLIN", seq)


INJECTORS: dict[str, Injector] = {
    "RAISE-MIN": _raise_min,
    "NL-BET-MIN": _bet_min,
    "REOPEN": _reopen,
    "PL-MAX": _pl_max,
    "FL-SIZE": _fl_size,
    "FL-CAP": _fl_cap,
    "CALL-AMOUNT": _call_amount,
    "CHECK-FACING-BET": _check_facing,
    "ORDER": _order,
    "ACT-FOLDED": _act_folded,
    "ACT-ALLIN": _act_allin,
}


class Saboteur:
    """Aims one hand at one code and injects it at the first suitable turn (or settlement)."""

    def __init__(self, code: str, rng: random.Random) -> None:
        self.code = code
        self.rng = rng
        self.done = False

    def at_turn(self, hand: HandRecord, betting: Betting, index: int) -> bool:
        """Try the violation at this turn; True when it was written (the turn is used up)."""
        injector = INJECTORS.get(self.code)
        if self.done or injector is None or self.rng.random() < 0.3:
            return False
        seq = injector(hand, betting, index, self.rng)
        self.done = seq is not None
        # ACT-FOLDED / ACT-ALLIN lines are extra: the player to act still has to act.
        return self.done and self.code not in ("ACT-FOLDED", "ACT-ALLIN")

    def steer(self, hand: HandRecord, betting: Betting, index: int) -> bool:
        """Make the hand likelier to offer the chance: a legal short all-in raise (REOPEN) or a
        legal raise (FL-CAP). True when an action was written."""
        if self.done or self.code not in ("REOPEN", "FL-CAP"):
            return False
        player = betting.players[index]
        if not betting.raise_allowed(player) or self.rng.random() < 0.2:
            return False
        if self.code == "FL-CAP":
            write_wager(hand, betting, index, min(betting.min_to(), player.allin_to))
            return True
        if betting.current_bet < player.allin_to < betting.min_to():
            write_wager(hand, betting, index, player.allin_to)
            return True
        return False

    def settlement_code(self) -> str | None:
        """The hand-level code to inject at settlement, if the turn-level one never fitted."""
        if self.done:
            return None
        self.done = True
        return self.code if self.code in HAND_CODES else self.rng.choice(HAND_CODES)


def pick_code(structure: str, allowed: tuple[str, ...], rng: random.Random) -> str:
    """A code this structure can carry, restricted to `allowed` when given."""
    codes = [c for c in ACTION_CODES[structure] + HAND_CODES if not allowed or c in allowed]
    return rng.choice(codes or list(HAND_CODES))
