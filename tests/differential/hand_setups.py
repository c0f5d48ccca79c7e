"""Seeded random hand set-ups: structures, table sizes, stakes, short stacks, antes, straddles."""

from __future__ import annotations

import random

from .pk_setup import HandSetup

BIG_BLINDS: tuple[int, ...] = (2, 10, 15, 20, 100, 200)
SHORT_STACK_SHARE = 0.35


def _stack(rng: random.Random, bb: int, floor: int) -> int:
    """A stack in chips: about a third are short (under 8 BB) so incomplete all-ins are common."""
    if rng.random() < SHORT_STACK_SHARE:
        return max(floor, rng.randint(1, 8 * bb))
    return max(floor, rng.randint(10 * bb, 150 * bb))


def _antes(rng: random.Random, structure: str, bb: int) -> tuple[int, str]:
    roll = rng.random()
    if roll < 0.22:
        return max(1, bb // rng.choice((10, 5, 4))), "each"
    if roll < 0.32 and structure != "FL":
        return bb, "bb"
    return 0, "none"


def _straddles(rng: random.Random, structure: str, players: int, bb: int) -> tuple[int, ...]:
    if structure != "NL" or players < 4:
        return ()
    roll = rng.random()
    if roll < 0.05 and players >= 5:
        return (2 * bb, 4 * bb)
    if roll < 0.18:
        return (2 * bb,)
    return ()


def random_setup(rng: random.Random) -> HandSetup:
    """One random hand set-up (NL, PL or FL hold'em, 2-9 players)."""
    structure = rng.choices(("NL", "PL", "FL"), weights=(45, 25, 30))[0]
    players = rng.choice((2, 2, 3, 4, 5, 6, 6, 7, 8, 9))
    bb = rng.choice(BIG_BLINDS)
    sb = max(1, bb // 2) if rng.random() < 0.85 else max(1, (2 * bb) // 5)
    ante, ante_mode = _antes(rng, structure, bb)
    straddles = _straddles(rng, structure, players, bb)
    stacks = []
    for seat in range(players):
        floor = ante + 1
        if 2 <= seat < 2 + len(straddles):
            floor = ante + straddles[seat - 2] + 1  # a straddler covers his straddle
        stacks.append(_stack(rng, bb, floor))
    return HandSetup(
        structure=structure,
        sb=sb,
        bb=bb,
        stacks=tuple(stacks),
        ante=ante,
        ante_mode=ante_mode,  # type: ignore[arg-type]
        straddles=straddles,
        small_bet=bb if structure == "FL" else None,
        big_bet=2 * bb if structure == "FL" else None,
        fl_cap=rng.choice(("preset", "spec")),
    )
