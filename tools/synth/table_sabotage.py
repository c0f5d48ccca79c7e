"""Violations injected into stud and draw hands (RULES.md §13; issue 28 item 5).

One per chosen hand, written at the first turn where it fits, each provably wrong by RULES.md
from the log alone, and the only thing wrong with the hand:

- BRING-IN / player: the bring-in posted by another player than S-3 names from the up cards;
- BRING-IN / amount: the bring-in for another amount (opt-in: PokerStars prints no bring-in);
- FL-SIZE / completion: the completion over the bring-in to another amount than the small bet;
- FL-SIZE / fourth_big: a big bet on 4th street with no pair dealt face up (stud/8, razz: any);
- FL-CAP / raise: a raise after the round's bet and three raises;
- ORDER / first_actor: a check before the round's first actor (stud: the best showing hand;
  after a draw: the first seat after the button) by the player just before him;
- DRAW-COUNT / received: the hero receives one card more or fewer than he discarded (last
  draw; he then mucks);
- DRAW-COUNT / over_max: a player discards more cards than the game's hand holds.

After BRING-IN, FL-SIZE and FL-CAP everyone still to act folds in turn (legal: each faces a
bet) and the hand ends: PokerKit cannot play on from an amount it refuses. After ORDER the
hand goes on in PokerKit (the player who checked early checks again silently when his turn
comes with nothing to call). After DRAW-COUNT it goes on as PokerKit dealt it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tools.synth.record import Injected
from tools.synth.spec import SynthOptions
from tools.synth.table_turns import FL_BETS, may_raise, rules_count
from tools.synth.variants import STUD, Variant

if TYPE_CHECKING:
    from tools.synth.table_play import TablePlayer

#: The codes each game can carry.
STUD_CODES: tuple[str, ...] = ("BRING-IN", "FL-SIZE", "FL-CAP", "ORDER")
DRAW_FL_CODES: tuple[str, ...] = ("FL-CAP", "ORDER", "DRAW-COUNT")
DRAW_NL_CODES: tuple[str, ...] = ("ORDER", "DRAW-COUNT")
TABLE_CODES: tuple[str, ...] = ("BRING-IN", "FL-SIZE", "FL-CAP", "ORDER", "DRAW-COUNT")
#: The forms of a code (one is drawn per aimed hand).
VARIANTS_OF: dict[str, tuple[str, ...]] = {
    "BRING-IN": ("player", "amount"),
    "FL-SIZE": ("completion", "fourth_big"),
    "DRAW-COUNT": ("received", "over_max"),
}


def codes_for(variant: Variant) -> tuple[str, ...]:
    if variant.family == STUD:
        return STUD_CODES
    return DRAW_FL_CODES if variant.structure == "FL" else DRAW_NL_CODES


def pick_table_code(variant: Variant, allowed: tuple[str, ...], rng: random.Random) -> str | None:
    codes = [code for code in codes_for(variant) if not allowed or code in allowed]
    return rng.choice(codes) if codes else None


class TableSaboteur:
    """Aims one hand at one code; `done` once it is written."""

    def __init__(self, code: str, rng: random.Random, options: SynthOptions) -> None:
        self.code, self.rng, self.options = code, rng, options
        self.done = False
        forms = VARIANTS_OF.get(code, ("",))
        if code == "BRING-IN" and not options.bring_in_amount_errors:
            forms = ("player",)
        self.variant = rng.choice(forms)  # the form aimed at (the table's docstring)

    def record(self, table: TablePlayer, seq: int, variant: str) -> None:
        line = table.hand.actions[seq][7]
        table.hand.injected.append(Injected(self.code, seq, line, variant))
        self.done = True

    def at_turn(self, table: TablePlayer, index: int) -> bool:
        """Write the violation at this turn if it fits; True when the turn is used up."""
        if self.done or self.rng.random() < 0.25:
            return False
        if self.code == "BRING-IN":
            return self.bring_in(table, index)
        if self.code == "FL-SIZE":
            return self.fl_size(table, index)
        if self.code == "FL-CAP":
            return self.fl_cap(table, index)
        if self.code == "ORDER":
            self.order(table, index)
        return False

    def steer(self, table: TablePlayer, index: int) -> bool:
        """FL-CAP: raise whenever both oracles allow it, so rounds reach the cap. DRAW-COUNT
        (received): the hero calls rather than fold, so he reaches the last draw."""
        from tools.synth.table_turns import apply_call, apply_wager, raise_size

        hero_stays = self.code == "DRAW-COUNT" and self.variant == "received"
        if not self.done and hero_stays and index == table.hero and table.round < table.last_round:
            apply_call(table, index)
            return True
        if self.done or self.code != "FL-CAP" or table.state.can_post_bring_in():
            return False
        if not may_raise(table) or self.rng.random() < 0.2:
            return False
        apply_wager(table, index, raise_size(table, index))
        return True

    # --- the injectors -----------------------------------------------------------------
    def bring_in(self, table: TablePlayer, index: int) -> bool:
        if not table.state.can_post_bring_in() or not others_can_fold(table, index):
            return False
        spec = table.spec
        assert spec.small_bet is not None
        if self.variant == "amount":
            amounts = [a for a in range(1, spec.small_bet) if a != spec.bring_in]
            seq = table.ledger.bring_in(index, self.rng.choice(amounts))
            self.record(table, seq, "amount")
            fold_tail(table, index)
            return True
        other = self.rng.choice([i for i in range(len(table.players)) if i != index])
        seq = table.ledger.bring_in(other, spec.bring_in)
        self.record(table, seq, "player")
        fold_tail(table, other)
        return True

    def fl_size(self, table: TablePlayer, index: int) -> bool:
        spec, ledger = table.spec, table.ledger
        assert spec.small_bet is not None and spec.big_bet is not None
        if not may_raise(table) or not others_can_fold(table, index):
            return False
        allin_to = table.players[index].committed + table.players[index].stack
        if table.round == 0 and ledger.bring_in_open and self.variant == "completion":
            low, high = ledger.current_bet + 1, min(2 * spec.small_bet, allin_to - 1)
            sizes = [t for t in range(low, high + 1) if t != spec.small_bet]
            if not sizes:
                return False
            seq = ledger.wager(index, self.rng.choice(sizes), completion=True)
            self.record(table, seq, "completion")
        elif self.variant == "fourth_big" and table.round == 1 and table.stud:
            if ledger.current_bet not in (0, spec.small_bet):
                return False
            if table.state.street.min_completion_betting_or_raising_amount != spec.small_bet:
                return False  # S-6: this 4th street is played with big bets
            if table.variant.code == "STUD" and table.open_pair:
                return False
            to_amount = ledger.current_bet + spec.big_bet
            if to_amount >= allin_to:
                return False
            self.record(table, ledger.wager(index, to_amount), "fourth_big")
        else:
            return False
        fold_tail(table, index)
        return True

    def fl_cap(self, table: TablePlayer, index: int) -> bool:
        if table.variant.structure != "FL" or table.no_raise or rules_count(table) < FL_BETS:
            return False
        ledger, player = table.ledger, table.players[index]
        unit = table.state.street.min_completion_betting_or_raising_amount
        to_amount = ledger.current_bet + unit
        if to_amount >= player.committed + player.stack or not others_can_fold(table, index):
            return False
        self.record(table, ledger.wager(index, to_amount), "raise")
        fold_tail(table, index)
        return True

    def order(self, table: TablePlayer, index: int) -> None:
        """The player just before the first actor (among those who owe action) checks first."""
        if table.round == 0 or table.ledger.current_bet or any(p.acted for p in table.players):
            return
        count = len(table.players)
        for step in range(1, count):
            other = (index - step) % count
            if other in table.owing():
                seq = table.ledger.check(other)
                table.deferred = other
                self.record(table, seq, "first_actor")
                return


def others_can_fold(table: TablePlayer, index: int) -> bool:
    """Every other player still in has chips: each can fold to the injected wager."""
    return all(table.players[i].stack > 0 for i in table.live() if i != index)


def fold_tail(table: TablePlayer, index: int) -> None:
    """Everyone still to act folds in turn after the injected wager; the hand ends."""
    count = len(table.players)
    for step in range(1, count):
        other = (index + step) % count
        if other in table.live() and table.players[other].stack > 0:
            table.fold_round[other] = table.round
            table.ledger.fold(other)
    table.ended = True
    table.ledger.return_uncalled()


def draw_count_injected(
    table: TablePlayer, index: int, thrown: list[str], kept: list[str], new: list[str]
) -> bool:
    """DRAW-COUNT at a draw: write it instead of the true draw line; True when written."""
    saboteur = table.saboteur
    if saboteur is None or saboteur.done or saboteur.code != "DRAW-COUNT":
        return False
    if saboteur.rng.random() < 0.3:
        return False
    if saboteur.variant == "received":
        return index == table.hero and received_wrong(table, saboteur, index, thrown, kept, new)
    if index == table.hero:
        return False
    most = 4 if table.variant.game == "badugi" else 5
    player = table.players[index]
    seq = table.hand.act(
        f"{player.name}: discards {most + 1} cards", table.street, player, "discard", 0
    )
    table.hand.n_cards[seq] = most + 1
    saboteur.record(table, seq, "over_max")
    return True


def received_wrong(
    table: TablePlayer,
    saboteur: TableSaboteur,
    index: int,
    thrown: list[str],
    kept: list[str],
    new: list[str],
) -> bool:
    """The hero's last draw: `discards 2 cards [..]` then `Dealt to Hero [kept] [3 new]` (or
    1); he mucks at showdown, so no other line depends on the cards he holds."""
    if table.round != table.last_round or not thrown:
        return False
    more = len(thrown) < 2 or saboteur.rng.random() < 0.5
    if more and not table.deck:
        return False
    written = new + table.take(1) if more else new[:-1]
    seq = table.ledger.draw(index, len(thrown), thrown, table.holding[index])
    table.discard_rows(index, thrown)
    table.dealt_line(index, kept, written, ["down"] * len(written))
    saboteur.record(table, seq, "received")
    table.conceded.add(index)
    return True
