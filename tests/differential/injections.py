"""Deliberately illegal actions: each builder returns a vector action, or None when it does not
apply to the current state. PokerKit is expected to refuse them; when it accepts one the hand
simply goes on (that is itself a comparison point)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .pk_setup import HandSetup, seat_name
from .pk_view import STREET_NAMES, PkView

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


def raise_without_opponent(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A raise when every other player has folded or is all-in (RAISE-NO-OPP, K-9)."""
    if view.stack <= view.to_call or "every other player" not in (view.refusal or ""):
        return None
    return _raise(view, min(view.allin_to, view.current_bet + setup.min_bet(view.street)))


def out_of_turn(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """Another live player acts before the player to act (ORDER)."""
    others = [seat for seat in view.live_seats if seat != view.seat]
    if not others:
        return None
    return {"player": seat_name(rng.choice(others)), "type": "fold"}


def act_after_fold(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """A player who folded acts again (ACT-FOLDED)."""
    if not view.folded_seats:
        return None
    return {"player": seat_name(rng.choice(view.folded_seats)), "type": "fold"}


def street_too_early(rng: random.Random, setup: HandSetup, view: PkView) -> dict | None:
    """The next street's first action while this street still owes action (ROUND-INCOMPLETE)."""
    if view.street >= 3:
        return None
    return {"street": STREET_NAMES[view.street + 1], "type": "check"}


INJECTIONS: dict[str, Builder] = {
    "undersized_raise": undersized_raise,
    "raise_not_reopened": raise_not_reopened,
    "over_pot": over_pot,
    "wrong_fl_size": wrong_fl_size,
    "check_facing_bet": check_facing_bet,
    "undercall": undercall,
    "over_stack": over_stack,
    "raise_without_opponent": raise_without_opponent,
    "out_of_turn": out_of_turn,
    "act_after_fold": act_after_fold,
    "street_too_early": street_too_early,
}


#: Integrity injections are applicable almost always; they are drawn less often.
INTEGRITY = frozenset({"out_of_turn", "act_after_fold", "street_too_early"})


def pick_injection(rng: random.Random, setup: HandSetup, view: PkView) -> tuple[str, dict] | None:
    """One applicable illegal action, betting-rule ones three times as likely as integrity ones."""
    applicable = []
    for name, builder in INJECTIONS.items():
        action = builder(rng, setup, view)
        if action is not None:
            applicable.append((name, action))
    if not applicable:
        return None
    weights = [1 if name in INTEGRITY else 3 for name, _ in applicable]
    return rng.choices(applicable, weights=weights)[0]
