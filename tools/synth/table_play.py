"""Play one stud or draw hand through PokerKit and write it as PokerStars does (RULES.md §13).

PokerKit 0.7.7 holds the state and refuses anything illegal; the generator deals the cards
(its own seeded stream), chooses each player's action among those PokerKit allows and RULES.md
also allows (table_turns.py), and writes the lines (ledger.py). Where PokerKit and RULES.md
differ (§13.6, docs/differential.md K-15 and on) it plays only what both accept: no raise
after a short all-in, at most a bet and three raises in every round, a unique best showing
hand in every stud round that has betting (the round's up cards are dealt again otherwise),
no deck that runs short. A hand where the two still disagree raises `Disagree` and is dealt
again (generate.py): the text never holds a hand the two oracles read differently.
"""

from __future__ import annotations

import random
from typing import Any

from parsers.games import FIRST_DRAW, PREDRAW, SHOWDOWN, THIRD
from tools.synth.betting import Player
from tools.synth.ledger import Ledger
from tools.synth.pk_state import allow_big_bet_on_fourth, create_state
from tools.synth.record import HandRecord
from tools.synth.showing import best_showing, bring_in_index, pair_showing
from tools.synth.spec import SynthOptions, TableSpec
from tools.synth.variants import STUD, Variant

STUD_MARKERS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
DRAW_MARKERS = ("DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
REDEALS = 200  # tries for a round's up cards with one best showing hand


class Disagree(Exception):
    """PokerKit and RULES.md read this hand differently: it is not written."""


class TablePlayer:
    """Plays one hand into a HandRecord; `players` are in PokerKit's index order."""

    def __init__(
        self,
        spec: TableSpec,
        variant: Variant,
        options: SynthOptions,
        rng: random.Random,
        hand: HandRecord,
        players: list[Player],
        saboteur: Any = None,
    ) -> None:
        self.spec, self.variant, self.options, self.rng = spec, variant, options, rng
        self.hand = hand
        self.players = players
        self.ledger = Ledger(spec, hand, players)
        self.saboteur = saboteur
        self.stud = variant.family == STUD
        self.first_street = THIRD if self.stud else PREDRAW
        self.state = create_state(variant, spec, [p.stack for p in players])
        self.deck = list(DECK)
        rng.shuffle(self.deck)
        self.holding: dict[int, list[str]] = {i: [] for i in range(len(players))}
        self.up: dict[int, list[str]] = {i: [] for i in range(len(players))}
        self.pending: dict[int, list[str]] = {}  # draw: the cards each discarder receives
        self.hero: int | None = None
        self.round = 0  # PokerKit's street index
        self.no_raise = False  # a short all-in this round: nobody raises after it
        self.deferred: int | None = None  # ORDER: a check already written out of turn
        self.conceded: set[int] = set()  # mucks at showdown (DRAW-COUNT's hero)
        self.ended = False  # the hand ended after an injected violation (everyone folded)
        self.fold_round: dict[int, int] = {}  # player -> PokerKit street index he folded in
        #: S-6: a pair showed among the 4th-street up cards as dealt (folding later does not
        #: take the option back: PokerStars' "Pair on board" line stands for the round)
        self.open_pair = False

    # --- the hand ---------------------------------------------------------------------
    @property
    def street(self) -> int:
        """The Street id of the round being played."""
        return self.first_street + self.round if self.stud else PREDRAW + self.round

    def live(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.folded]

    def with_chips(self) -> list[int]:
        return [i for i in self.live() if self.players[i].stack > 0]

    def play(self) -> None:
        from tools.synth.table_settle import settle_table
        from tools.synth.table_turns import take_turn

        if self.rng.random() < 0.8:
            self.hero = self.rng.randrange(len(self.players))
        self.ledger.new_round(self.first_street)
        self.post_forced_bets()
        self.say_marker(0)
        state = self.state
        while state.status and not self.ended:
            if state.street_index is not None and state.street_index != self.round:
                self.close_round()
                self.round = state.street_index
                self.ledger.new_round(self.street)
                self.say_marker(self.round)
            if state.can_deal_hole():
                self.deal()
            elif state.stand_patter_or_discarder_index is not None:
                self.draw_turn(state.stand_patter_or_discarder_index)
            elif state.actor_index is not None:
                take_turn(self, state.actor_index)
            else:
                break
        if not self.ended:
            self.close_round()
        settle_table(self)

    def post_forced_bets(self) -> None:
        """Antes (stud, every player in seat order) or the blinds (draw), as PokerKit posted."""
        spec, count = self.spec, len(self.players)
        if self.stud:
            for index in range(count):
                self.ledger.post(index, "the ante", spec.ante, "post_ante", live=False)
            return
        small, big = (1, 0) if count == 2 else (0, 1)
        self.ledger.post(small, "small blind", spec.small_blind, "post_sb", live=True)
        self.ledger.post(big, "big blind", spec.big_blind, "post_bb", live=True)

    def say_marker(self, round_index: int) -> None:
        if self.stud:
            self.hand.say(f"*** {STUD_MARKERS[round_index]} ***")
        elif round_index == 0 or self.variant.structure == "FL":
            self.hand.say(f"*** {DRAW_MARKERS[round_index]} ***")
        # single draw prints no marker: the discards follow the betting (RULES.md S-8)

    def close_round(self) -> None:
        """The round's uncalled excess goes back; RULES.md must agree nobody owes action."""
        if len(self.live()) > 1 and self.owing():
            raise Disagree(f"PokerKit closed a round RULES.md keeps open: {self.owing()}")
        self.ledger.return_uncalled()
        self.no_raise = False
        self.deferred = None

    def owing(self) -> list[int]:
        """RULES.md D-9: the players who still owe action in the round."""
        bet = self.ledger.current_bet
        chips = self.with_chips()
        owe = [i for i in chips if not self.players[i].acted or self.players[i].committed < bet]
        if len(chips) == 1 and self.players[chips[0]].committed >= bet:
            return []
        return owe

    # --- cards ------------------------------------------------------------------------
    def take(self, count: int) -> list[str]:
        cards, self.deck = self.deck[:count], self.deck[count:]
        return cards

    def deal(self) -> None:
        if self.stud:
            self.deal_stud()
        elif self.round == 0:
            self.deal_draw_hands()
        else:
            for index, cards in self.pending.items():
                if cards:
                    self.deal_hole(index, cards)
            self.pending = {}

    def deal_stud(self) -> None:
        live = [i for i in self.live() if self.state.hole_dealing_statuses[i]]
        if self.round == 0:
            dealt = {i: self.take(3) for i in live}
            ups = {i: [cards[2]] for i, cards in dealt.items()}
        elif self.round < 4:
            dealt = self.unique_best_up_cards(live)
            ups = dealt
        else:
            dealt, ups = {i: self.take(1) for i in live}, {}
        for index in live:
            self.deal_hole(index, dealt[index])
            self.holding[index] += dealt[index]
            self.up[index] += ups.get(index, [])
        self.write_stud_deal(live, dealt)
        self.check_stud_opening()

    def deal_hole(self, index: int, cards: list[str]) -> None:
        self.state.deal_hole("".join(cards), index)
        self.hand.deals.append(("hole", index, tuple(cards)))

    def unique_best_up_cards(self, live: list[int]) -> dict[int, list[str]]:
        """One new up card each, dealt again while two players' up cards tie for the best
        (only where the round has betting: two players with chips)."""
        razz = self.variant.game == "razz"
        for _ in range(REDEALS):
            dealt = {i: self.take(1) for i in live}
            if len(self.with_chips()) < 2:
                return dealt
            shown = {i: self.up[i] + dealt[i] for i in live}
            if not best_showing(shown, razz)[1]:
                return dealt
            self.deck += [card for cards in dealt.values() for card in cards]
            self.rng.shuffle(self.deck)
        raise Disagree("no deal of this round without equal best showing hands")

    def write_stud_deal(self, live: list[int], dealt: dict[int, list[str]]) -> None:
        """The hero's line shows all his cards, the others' their up cards (7th: none)."""
        for index in live:
            new = dealt[index]
            if index == self.hero:
                faces = ["down", "down", "up"] if self.round == 0 else ["up"]
                faces = ["down"] if self.round == 4 else faces
                self.dealt_line(index, self.holding[index][: -len(new)], new, faces)
            elif self.round < 4:
                self.dealt_line(index, self.up[index][:-1], new[-1:], ["up"])
        if self.round == 1 and self.variant.code == "STUD":
            shown = {i: self.up[i] for i in self.live()}
            self.open_pair = pair_showing(shown)
            if self.open_pair:
                self.hand.say("Pair on board - a double bet is allowed")
                if self.rng.random() < self.options.open_pair_big_bet:
                    assert self.spec.big_bet is not None
                    allow_big_bet_on_fourth(self.state, self.spec.big_bet)
                    self.hand.big_bet_fourth = True

    def dealt_line(
        self, index: int, before: list[str], new: list[str], faces: list[str | None]
    ) -> None:
        """`Dealt to X [old] [new]` (3rd street, the draw's deal: `[..]` alone) and its cards."""
        player = self.players[index]
        shown = f"[{' '.join(before)}] " if before else ""
        offset = self.hand.say(f"Dealt to {player.name} {shown}[{' '.join(new)}]")
        for position, (card, face) in enumerate(zip(new, faces, strict=True)):
            row = (player.seat, player.name, "dealt", self.street, position, card, None)
            self.hand.cards.append((*row, offset, face))

    def check_stud_opening(self) -> None:
        """PokerKit's bring-in (3rd street) or first actor (later) is RULES.md S-3 / S-5's."""
        state, razz = self.state, self.variant.game == "razz"
        if self.round == 0:
            ups = [self.up[i][0] if self.up[i] else None for i in range(len(self.players))]
            expected = bring_in_index(ups, razz)
            if state.actor_index != expected or not state.can_post_bring_in():
                raise Disagree(f"bring-in: PokerKit {state.actor_index}, RULES {expected}")
            return
        if len(self.with_chips()) < 2 or state.actor_index is None:
            return
        best, tied = best_showing({i: self.up[i] for i in self.live()}, razz)
        if tied or state.opener_index != best:
            raise Disagree(f"first actor: PokerKit {state.opener_index}, RULES {best}")

    def deal_draw_hands(self) -> None:
        size = 4 if self.variant.game == "badugi" else 5
        for index in range(len(self.players)):
            cards = self.take(size)
            self.deal_hole(index, cards)
            self.holding[index] = cards
        if self.hero is not None:
            cards = self.holding[self.hero]
            self.dealt_line(self.hero, [], cards, ["down"] * len(cards))

    def draw_turn(self, index: int) -> None:
        """One player's draw: PokerKit's, written (the hero's cards shown) and injected."""
        from tools.synth.table_sabotage import draw_count_injected
        from tools.synth.table_turns import choose_discards

        hand_cards = self.holding[index]
        thrown = choose_discards(self, index)
        kept = [card for card in hand_cards if card not in thrown]
        new = self.take(len(thrown))
        self.state.stand_pat_or_discard("".join(thrown))
        self.hand.deals.append(("draw", index, tuple(thrown)))
        self.pending[index] = new
        self.holding[index] = kept + new
        if self.saboteur and draw_count_injected(self, index, thrown, kept, new):
            return
        shown = thrown if index == self.hero else None
        self.ledger.draw(index, len(thrown), shown, hand_cards)
        if index == self.hero:
            self.discard_rows(index, thrown)
            if thrown:
                self.dealt_line(index, kept, new, ["down"] * len(new))

    def discard_rows(self, index: int, thrown: list[str]) -> None:
        player, offset = self.players[index], len(self.hand.lines) - 1
        for position, card in enumerate(thrown):
            row = (player.seat, player.name, "discarded", self.street, position, card, None)
            self.hand.cards.append((*row, offset, "down"))

    @property
    def last_round(self) -> int:
        return len(self.state.streets) - 1

    @property
    def draw_street(self) -> int:
        """The Street id of the first draw (single draw: its only one)."""
        return FIRST_DRAW

    @property
    def settlement_street(self) -> int:
        return SHOWDOWN
