"""Deliberately illegal actions: each builder returns a vector action, or None when it does not
apply to the current state. PokerKit is expected to refuse them; when it accepts one the hand
simply goes on (that is itself a comparison point)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .pk_setup import HandSetup
from .pk_view import PkView

Builder = Callable[[random.Random, HandSetup, PkView], "dict | None"]


def _raise(view: PkView, to: int) -> dict:
    kind = "bet" if view.current_bet == 0 else "raise"
    action: dict = {"type": kind, "to": to}
    if to == view.allin_to:
        action["all_in"] = True
    return action


def undersized_raise(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """NL/PL bet or raise below the minimum, not all-in (RAISE-MIN / NL-BET-MIN)."""
    if setup.structure == "FL" or view.min_to is None:
        return None
    low, high = view.current_bet + 1, min(view.min_to, view.allin_to) - 1
    return _raise(view, rng.randint(low, high)) if low <= high else None


def raise_not_reopened(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A raise by a player for whom PokerKit did not reopen the betting (REOPEN / FL-CAP)."""
    if view.can_raise or view.stack <= view.to_call or view.refusal is None:
        return None
    if "every other player" in view.refusal:
        return None
    to = min(view.allin_to, view.current_bet + setup.min_bet(view.street))
    return _raise(view, to)


def over_pot(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A PL bet or raise above the pot limit (PL-MAX)."""
    if setup.structure != "PL" or view.max_to is None or view.max_to >= view.allin_to:
        return None
    return _raise(view, rng.randint(view.max_to + 1, view.allin_to))


def wrong_fl_size(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A FL bet or raise of the wrong size, not all-in (FL-SIZE)."""
    if setup.structure != "FL" or view.min_to is None:
        return None
    unit = setup.unit(view.street)
    to = view.min_to + rng.choice((-1, 1, unit // 2 or 1, unit, -(unit // 2 or 1)))
    if to <= view.current_bet or to >= view.allin_to or to == view.min_to:
        return None
    return _raise(view, to)


def check_facing_bet(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    return {"type": "check"} if view.to_call > 0 else None


def undercall(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A call for less than the amount owed, with chips behind (CALL-AMOUNT)."""
    if view.to_call < 2 or view.stack <= view.to_call:
        return None
    return {"type": "call", "to": view.committed + rng.randint(1, view.to_call - 1)}


def over_stack(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A bet or raise to more than the player has (STACK-EXCEEDED)."""
    if view.stack <= view.to_call:
        return None
    return {
        "type": "bet" if view.current_bet == 0 else "raise",
        "to": view.allin_to + rng.randint(1, setup.bb),
    }


INJECTIONS: dict[str, Builder] = {
    "undersized_raise": undersized_raise,
    "raise_not_reopened": raise_not_reopened,
    "over_pot": over_pot,
    "wrong_fl_size": wrong_fl_size,
    "check_facing_bet": check_facing_bet,
    "undercall": undercall,
    "over_stack": over_stack,
}


def pick_injection(rng: random.Random, setup: HandSetup, view: PkView) -> tuple[str, dict] | None:
    """One applicable illegal action, favouring the betting-rule ones."""
    names = list(INJECTIONS)
    rng.shuffle(names)
    for name in names:
        action = INJECTIONS[name](rng, setup, view)
        if action is not None:
            return name, action
    return None
