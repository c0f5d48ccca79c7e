"""A player's turn in a stud or draw hand: what PokerKit and RULES.md both allow, chosen.

Legal play in the strict sense of the board games' generator (docs/synth.md): nobody folds
when he could check, nobody bets into players who are all in (PokerKit refuses it too). Where
PokerKit 0.7.7 and RULES.md differ the generator keeps to what both accept:

- no raise in a round after a short all-in wager (the limit 50 % rule, K-2/K-3, and PokerKit's
  "Short all-in cannot be raised");
- at most a bet and three raises per round (RULES `fl_max_raises = 3`; PokerKit counts four
  "completions, bets or raises" and does not count the big blind, so it allows a fifth bet
  pre-draw, K-4);
- 3rd street: the bring-in player brings in or completes; a completion is to the small bet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.synth.labels import evaluate

if TYPE_CHECKING:
    from tools.synth.table_play import TablePlayer

FL_BETS = 4  # RULES.md B-6 with fl_max_raises = 3: the round's bet and three raises


def rules_count(table: TablePlayer) -> int:
    """RULES.md's K, the bets and raises of the round (the big blind counts pre-draw; the
    bring-in does not, the completion does: S-7)."""
    blinds = 1 if table.round == 0 and not table.stud else 0
    return table.state.completion_betting_or_raising_count + blinds


def full_raise_to(table: TablePlayer) -> int:
    """The raise-to of a full bet or raise in PokerKit's state, before the stack caps it."""
    state = table.state
    amount = max(
        state.completion_betting_or_raising_amount,
        state.street.min_completion_betting_or_raising_amount,
    )
    return amount if state.completion_status else amount + max(state.bets)


def may_raise(table: TablePlayer) -> bool:
    """Both PokerKit and RULES.md allow the player to act to bet or raise now."""
    if table.no_raise or not table.state.can_complete_bet_or_raise_to():
        return False
    return table.variant.structure != "FL" or rules_count(table) < FL_BETS


def raise_size(table: TablePlayer, index: int) -> int:
    """FL: the exact amount; NL: half pot to pot (in half big blinds), or all in."""
    state = table.state
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    if table.variant.structure == "FL" or high <= low:
        return low
    if table.rng.random() < 0.15:
        return high
    pot = state.total_pot_amount + state.checking_or_calling_amount
    size = max(state.bets) + pot * table.rng.choice((2, 3, 4)) // 4
    step = max(table.spec.big_blind // 2, 1)
    return max(low, min(size - size % step, high))


def apply_wager(table: TablePlayer, index: int, to_amount: int) -> int:
    """Bet, raise or complete to `to_amount` in PokerKit and in the text; returns the seq."""
    state, ledger = table.state, table.ledger
    completion = table.stud and table.round == 0 and (ledger.bring_in_open or not any(state.bets))
    short = to_amount < full_raise_to(table)
    state.complete_bet_or_raise_to(to_amount)
    if short:
        table.no_raise = True
    return ledger.wager(index, to_amount, completion=completion)


def apply_call(table: TablePlayer, index: int) -> int:
    operation = table.state.check_or_call()
    if operation.amount:
        return table.ledger.call(index, operation.amount)
    return table.ledger.check(index)


def apply_fold(table: TablePlayer, index: int) -> int:
    table.state.fold()
    table.fold_round[index] = table.round
    return table.ledger.fold(index)


def take_turn(table: TablePlayer, index: int) -> None:
    """The actor PokerKit names acts: a legal action, or the injected violation."""
    from tools.synth.table_play import Disagree

    state, rng = table.state, table.rng
    if table.deferred == index:
        table.deferred = None
        if state.checking_or_calling_amount == 0:
            state.check_or_call()  # the check written out of turn (ORDER) is this one
            return
    if index not in table.owing():
        raise Disagree(f"PokerKit asks player {index} to act, RULES.md says he owes nothing")
    saboteur = table.saboteur
    if saboteur and (saboteur.at_turn(table, index) or table.ended):
        return
    if saboteur and saboteur.steer(table, index):
        return
    raising = may_raise(table)
    roll = rng.random()
    if state.can_post_bring_in():
        if raising and roll < 0.2:
            assert table.spec.small_bet is not None
            apply_wager(table, index, table.spec.small_bet)
        else:
            state.post_bring_in()
            table.ledger.bring_in(index, table.spec.bring_in)
        return
    fixed = table.variant.structure == "FL"
    if state.checking_or_calling_amount == 0:
        if raising and roll < (0.35 if fixed else 0.3):
            apply_wager(table, index, raise_size(table, index))
        else:
            apply_call(table, index)
        return
    raise_share = 0.3 if fixed else 0.15
    fold_share = 0.45 if table.round == 0 else 0.3
    if raising and roll < raise_share:
        apply_wager(table, index, raise_size(table, index))
    elif roll < raise_share + fold_share:
        apply_fold(table, index)
    else:
        apply_call(table, index)


def choose_discards(table: TablePlayer, index: int) -> list[str]:
    """The cards a player throws away: those that spoil his hand (2-7: pairs, aces, cards
    above 8; badugi: those outside his best badugi), at most what the deck still holds."""
    cards = table.holding[index]
    if table.variant.game == "badugi":
        value = evaluate("BadugiHand", cards)
        keep = {repr(card) for card in value.cards}
        # in the hand's order, not the set's: a set of strings iterates by hash, which
        # changes from process to process, and the same seed must write the same hands
        kept = [c for c in cards if c in keep]
        high = [c for c in kept if c[0] in "9TJQK" and table.rng.random() < 0.5]
        thrown = [c for c in cards if c not in keep or c in high]
    else:
        seen: set[str] = set()
        thrown = []
        for card in sorted(cards, key=lambda c: "2345678".find(c[0]) < 0):
            if card[0] not in "2345678" or card[0] in seen:
                thrown.append(card)
            seen.add(card[0])
        if not thrown and table.rng.random() < 0.2:
            thrown = [max(cards, key=lambda c: "2345678".index(c[0]))]
    return thrown[: min(len(table.deck), 3 if table.rng.random() < 0.7 else 5)]
