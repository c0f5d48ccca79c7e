"""One predicate per documented PokerKit 0.7.7 difference (RULES.md §8, K-1..K-12, and K-13,
K-14 found by this test).

Each classifier looks at the hand (set-up, vector, PokerKit's views) around one disagreement and
says whether that difference explains it. A disagreement that no classifier recognises is
"downstream" only when an earlier disagreement of the same hand made the two states part ways
(hhaudit flagged an action PokerKit accepted): later on that street, or the next street's
ROUND-INCOMPLETE / ORDER that follow from it. Anything else is unexplained: a suspected bug.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .compare import Disagreement
from .generator import GeneratedHand
from .pk_setup import HandSetup
from .pk_view import STREET_NAMES, PkView

CLOSED_OR_REFUSED = ("REOPEN", "FL-CAP")
ROUND_FOLLOW_ON = {"ROUND-INCOMPLETE", "ORDER"}
NOT_VIOLATIONS = {"FOLD-NO-BET", "CALL-ZERO", "LABEL", "ALLIN-FLAG", "RAISE-NO-OPP", "ACT-CLOSED"}


@dataclass(frozen=True)
class Case:
    """A disagreement with its hand: what the classifiers read."""

    hand: GeneratedHand
    d: Disagreement

    @property
    def view(self) -> PkView:
        return self.hand.views[self.d.n]

    @property
    def action(self) -> dict:
        return self.hand.vector["actions"][self.d.n]

    @property
    def street(self) -> int:
        return self.view.street

    @property
    def structure(self) -> str:
        return self.hand.setup.structure

    def unit(self) -> int:
        return self.hand.setup.min_bet(self.street)

    def pk_more_permissive(self) -> bool:
        """PokerKit allows a raise (or accepts the action) where hhaudit does not."""
        if self.d.field == "can_raise":
            return bool(self.d.pokerkit) and not self.d.hhaudit
        return self.d.field == "accepted" and bool(self.d.pokerkit) and not self.d.hhaudit

    def hh_more_permissive(self) -> bool:
        if self.d.field in ("can_raise", "accepted"):
            return not self.d.pokerkit and bool(self.d.hhaudit)
        return False

    def earlier_on_street(self) -> list[tuple[dict, PkView]]:
        pairs = zip(self.hand.vector["actions"], self.hand.views, strict=False)
        return [(a, v) for a, v in list(pairs)[: self.d.n] if v.street == self.street]

    def acted_before(self) -> bool:
        player = self.action["player"]
        return any(a["player"] == player for a, _ in self.earlier_on_street())

    def short_allin_on_street(self) -> bool:
        """An earlier all-in raise on this street added less than half a unit (FL sub-half)."""
        return any(
            a["type"] in ("bet", "raise")
            and v.accepted
            and a["to"] == v.allin_to
            and 2 * (a["to"] - v.current_bet) < self.unit()
            for a, v in self.earlier_on_street()
        )

    def post(self, kind: str) -> int:
        return sum(p["amount"] for p in self.hand.vector["posts"] if p["kind"] == kind)


def k1_reopen_not_floored(c: Case) -> bool:
    """PokerKit's reopening threshold starts at 0, not at the BB (FL: the unit): a player who
    acted may re-raise when all he faces is less than one BB (or unit)."""
    v = c.view
    if not (c.pk_more_permissive() and c.acted_before()):
        return False
    return v.last_increment < c.unit() and v.to_call < c.unit()


def k2_no_fl_half_rule(c: Case) -> bool:
    """FL: PokerKit uses the full-raise reopening test, not the 50 % rule."""
    reason = c.view.refusal or ""
    return (
        c.structure == "FL"
        and c.hh_more_permissive()
        and ("Short all-in cannot be raised" in reason or "already acted" in reason)
    )


def k3_fl_completion(c: Case) -> bool:
    """FL after a sub-half all-in: PokerKit's only raise is all-in + u, the spec's is L + u."""
    if c.structure != "FL" or not c.short_allin_on_street():
        return False
    v = c.view
    pk_size = min(v.current_bet + c.unit(), v.allin_to)
    if c.d.field in ("min_to", "max_to"):
        return c.d.pokerkit == pk_size and isinstance(c.d.hhaudit, int) and c.d.hhaudit < pk_size
    if c.d.field == "accepted" and c.action["type"] in ("bet", "raise"):
        if c.d.pokerkit:  # PokerKit took all-in + u, hhaudit wanted L + u
            return c.action["to"] == pk_size and "FL-SIZE" in c.d.hh_codes
        return any(f"the {bound} allowed" in (v.reason or "") for bound in ("minimum", "maximum"))
    return False


def k4_fl_preflop_cap(c: Case) -> bool:
    """PokerKit's FL preset allows four raises after the BB preflop (a fifth bet)."""
    return (
        c.structure == "FL"
        and c.hand.setup.fl_cap == "preset"
        and c.street == 0
        and c.view.raise_count >= 3
        and c.pk_more_permissive()
    )


def k5_short_allins_count_to_cap(c: Case) -> bool:
    """FL: PokerKit counts every all-in toward the cap, even one that did not count (sub-half)."""
    return (
        c.structure == "FL"
        and c.hh_more_permissive()
        and "No more completion" in (c.view.refusal or "")
        and c.short_allin_on_street()
    )


def k6_short_big_blind(c: Case) -> bool:
    """Short BB: PokerKit prices calls and raises from the posted amount, not the nominal BB."""
    return c.street == 0 and c.post("bb") < c.hand.setup.bb


def k7_straddle_min_raise(c: Case) -> bool:
    """Straddle: PokerKit's minimum raise is straddle + BB, the spec's straddle + straddle."""
    return c.street == 0 and bool(c.hand.setup.straddles)


def k8_pl_preflop_actual_blinds(c: Case) -> bool:
    """PL preflop: PokerKit's pot counts the blinds actually posted (short/missing ones)."""
    setup = c.hand.setup
    short_blind = c.post("sb") < setup.sb or c.post("bb") < setup.bb
    return c.structure == "PL" and c.street == 0 and short_blind


def k9_raise_without_opponent(c: Case) -> bool:
    """PokerKit refuses a bet/raise nobody can call (no other player has chips above the current
    bet); the spec at most warns: RAISE-NO-OPP when all others are all-in, ACT-CLOSED when the
    last player with chips owes nothing (D-9), nothing when an opponent still has a few chips
    but fewer than the current bet (I-15 asks for "all-in")."""
    return (
        c.d.field == "accepted"
        and not c.d.pokerkit
        and "every other player" in (c.view.reason or "")
        and bool(c.d.hhaudit)
    )


def _short_for_ante_and_blind(setup: HandSetup) -> bool:
    """Some player owes both an ante and a blind/straddle and cannot cover both."""
    for seat, blind in enumerate(setup.blinds()):
        owes_ante = setup.ante_mode == "each" or (setup.ante_mode == "bb" and seat == 1)
        if blind and owes_ante and setup.stacks[seat] < blind + setup.ante:
            return True
    return False


def k10_ante_before_blind(c: Case) -> bool:
    """A short player owing an ante and a blind: PokerKit takes the ante first, the spec the
    blind for big-blind antes (TDA RP-11, option bb_ante_priority); per-player antes follow
    option ante_priority (default ante_first, as PokerKit)."""
    return _short_for_ante_and_blind(c.hand.setup) and (c.d.n < 0 or c.street == 0)


def k11_fl_heads_up_cap(c: Case) -> bool:
    """FL heads-up: PokerKit always caps (differs only under another fl_cap_heads_up)."""
    return (
        c.structure == "FL"
        and c.hand.setup.players == 2
        and (c.pk_more_permissive() or c.hh_more_permissive())
        and ("No more completion" in (c.view.refusal or "") or "FL-CAP" in c.d.hh_codes)
    )


def k12_tournament_fold(c: Case) -> bool:
    """Mode.TOURNAMENT refuses a fold with nothing to call (the generator uses CASH_GAME)."""
    return "no reason for this player to fold" in (c.view.reason or "")


def k13_cumulative_reopen_forgotten(c: Case) -> bool:
    """Not in RULES.md §8 (found here): PokerKit clears its list of consecutive short all-ins once
    they add up to a full raise but does not reopen the players who acted; one more short all-in
    then blocks them, although what they face is a full raise (TDA 47, D-10: to_call >= F)."""
    v = c.view
    return (
        c.structure != "FL"
        and c.hh_more_permissive()
        and "already acted and hence cannot raise" in (v.refusal or "")
        and v.to_call >= v.last_increment
    )


def k14_lone_player_still_asked_to_act(c: Case) -> bool:
    """Not in RULES.md §8 (found here): when everyone else has folded or is all-in, PokerKit still
    makes the last player with chips act on the street (only a check is possible); for the spec
    nobody owes action (D-9), so his next-street action is legal or, at worst, ACT-CLOSED."""
    v = c.view
    return (
        c.d.field == "accepted"
        and not c.d.pokerkit
        and not v.same_actor
        and v.live_seats == (v.seat,)
        and v.to_call == 0
        and not set(c.d.hh_codes) - NOT_VIOLATIONS
    )


#: Evaluation order: the differences tied to one action first, then the ones that cover a whole
#: preflop (short blinds, straddles, PL blinds, antes).
CLASSIFIERS: dict[str, Callable[[Case], bool]] = {
    "K-9": k9_raise_without_opponent,
    "K-1": k1_reopen_not_floored,
    "K-2": k2_no_fl_half_rule,
    "K-3": k3_fl_completion,
    "K-4": k4_fl_preflop_cap,
    "K-5": k5_short_allins_count_to_cap,
    "K-11": k11_fl_heads_up_cap,
    "K-12": k12_tournament_fold,
    "K-13": k13_cumulative_reopen_forgotten,
    "K-14": k14_lone_player_still_asked_to_act,
    "K-10": k10_ante_before_blind,
    "K-6": k6_short_big_blind,
    "K-7": k7_straddle_min_raise,
    "K-8": k8_pl_preflop_actual_blinds,
}


def bug1_skipped_street_not_flagged(c: Case) -> bool:
    """hhaudit bug: a whole betting round is skipped (players owed action on it) and the next
    recorded street raises no ROUND-INCOMPLETE."""
    if c.d.field != "accepted" or c.d.pokerkit or not c.d.hhaudit or c.d.n < 0:
        return False
    recorded = STREET_NAMES.index(c.action["street"])
    played = {a["street"] for a, _ in c.earlier_on_street()}
    return recorded > c.view.street and not played and "ROUND-INCOMPLETE" not in c.d.hh_codes


def bug2_unmatched_allin_called_runout(c: Case) -> bool:
    """hhaudit bug: the last player with chips has not called an all-in raise, yet a next-street
    action gets ACT-CLOSED (warning) instead of ROUND-INCOMPLETE."""
    if c.d.field != "accepted" or c.d.pokerkit or not c.d.hhaudit or c.d.n < 0:
        return False
    recorded = STREET_NAMES.index(c.action["street"])
    return recorded > c.view.street and c.view.to_call > 0 and "ACT-CLOSED" in c.d.hh_codes


#: Suspected hhaudit bugs found by this test (RULES.md I-5 / D-9); see docs/differential.md.
BUGS: dict[str, Callable[[Case], bool]] = {
    "BUG-1": bug1_skipped_street_not_flagged,
    "BUG-2": bug2_unmatched_allin_called_runout,
}


def recognise(c: Case) -> list[str]:
    """Every documented difference that recognises this disagreement."""
    if c.d.n < 0:
        return ["K-10"] if k10_ante_before_blind(c) else []
    names = [name for name, predicate in CLASSIFIERS.items() if predicate(c)]
    return names or [name for name, predicate in BUGS.items() if predicate(c)]


def classify(disagreements: list[Disagreement], hands: dict[int, GeneratedHand]) -> list[str]:
    """A label per disagreement: "K-n", "downstream K-n", "unexplained" or
    "downstream unexplained" (follows an unexplained one: same suspected bug)."""
    labels: list[str] = []
    parted: dict[int, tuple[int, str]] = {}  # hand_key -> (street where states parted, K)
    for d in disagreements:
        case = Case(hands[d.hand_key], d)
        names = recognise(case)
        label = names[0] if names else _downstream_label(case, parted.get(d.hand_key))
        labels.append(label)
        if d.field == "accepted" and d.n >= 0:
            parted.setdefault(d.hand_key, (case.street, label.removeprefix("downstream ")))
    return labels


def _downstream_label(c: Case, parted: tuple[int, str] | None) -> str:
    if parted is None or c.d.n < 0:
        return "unexplained"
    street, name = parted
    same_street = c.street == street
    follow_on = c.street > street and set(c.d.hh_codes) - NOT_VIOLATIONS <= ROUND_FOLLOW_ON
    return f"downstream {name}" if same_street or follow_on else "unexplained"


def describe(c: Case) -> str:
    """One line for a failure message."""
    v = c.view if c.d.n >= 0 else None
    where = f"#{c.d.n + 1} {STREET_NAMES[v.street]}" if v else "hand"
    return (
        f"hand {c.hand.hand_key} {where}: {c.d.field} pokerkit={c.d.pokerkit!r} "
        f"hhaudit={c.d.hhaudit!r} codes={list(c.d.hh_codes)}"
    )
