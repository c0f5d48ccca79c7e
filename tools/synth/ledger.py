"""The chips of a stud or draw hand as written, and the lines that move them.

`Ledger` writes each post, bring-in, wager, call, check, fold and draw line the PokerStars way
with its canonical row (HandRecord.act) and keeps every player's chips: behind, committed in
the round, put in the pot (the settlement builds the pots from these, settle.build_pots). It
knows nothing of what is legal: PokerKit and the players (table_play.py) decide that, the
injectors (table_sabotage.py) write what is not.
"""

from __future__ import annotations

from tools.synth.betting import Player
from tools.synth.record import HandRecord
from tools.synth.spec import TableSpec, money

ALL_IN = " and is all-in"


class Ledger:
    """The players of one hand, in PokerKit's index order, and the round being written."""

    def __init__(self, spec: TableSpec, hand: HandRecord, players: list[Player]) -> None:
        self.spec = spec
        self.hand = hand
        self.players = players
        self.street = 0
        self.bring_in_open = False  # 3rd street: the current bet is the bring-in (S-4)

    def new_round(self, street: int) -> None:
        self.street = street
        for player in self.players:
            player.committed = 0
            player.acted = False

    @property
    def current_bet(self) -> int:
        return max(player.committed for player in self.players)

    def to_call(self, index: int) -> int:
        player = self.players[index]
        return min(self.current_bet - player.committed, player.stack)

    def _move(self, player: Player, chips: int, *, live: bool = True) -> None:
        player.stack -= chips
        player.contributed += chips
        if live:
            player.committed += chips
        else:
            player.dead += chips

    def _tail(self, player: Player) -> str:
        return ALL_IN if player.stack == 0 else ""

    def post(self, index: int, words: str, amount: int, kind: str, *, live: bool) -> int:
        """`X: posts the ante $0.01` / `posts small blind` / `posts big blind`."""
        player = self.players[index]
        self._move(player, amount, live=live)
        text = f"{player.name}: posts {words} {money(amount, self.spec)}{self._tail(player)}"
        return self.hand.act(text, self.street, player, kind, amount, all_in=player.stack == 0)

    def bring_in(self, index: int, amount: int) -> int:
        """`X: brings in for $0.02`: a live commitment like a blind (S-3)."""
        player = self.players[index]
        self._move(player, amount)
        player.acted = True
        self.bring_in_open = True
        tail = self._tail(player)
        text = f"{player.name}: brings in for {money(amount, self.spec)}{tail}"
        return self.hand.act(text, self.street, player, "bring_in", amount, all_in=not player.stack)

    def wager(self, index: int, to_amount: int, *, completion: bool = False) -> int:
        """A bet, a raise or (S-4) the completion, to `to_amount` in the round: `bets $0.04`,
        `raises $0.02 to $0.04` (a completion over the bring-in reads as a raise)."""
        player = self.players[index]
        current = self.current_bet
        chips = to_amount - player.committed
        self._move(player, chips)
        player.acted = True
        all_in = player.stack == 0
        tail = self._tail(player)
        if current == 0:
            kind, text = "bet", f"{player.name}: bets {money(to_amount, self.spec)}{tail}"
        else:
            by = money(to_amount - current, self.spec)
            kind = "raise"
            text = f"{player.name}: raises {by} to {money(to_amount, self.spec)}{tail}"
        if completion:
            kind = "complete"
        self.bring_in_open = False
        return self.hand.act(text, self.street, player, kind, chips, to_amount, all_in=all_in)

    def call(self, index: int, chips: int) -> int:
        player = self.players[index]
        self._move(player, chips)
        player.acted = True
        text = f"{player.name}: calls {money(chips, self.spec)}{self._tail(player)}"
        return self.hand.act(text, self.street, player, "call", chips, all_in=player.stack == 0)

    def check(self, index: int) -> int:
        player = self.players[index]
        player.acted = True
        return self.hand.act(f"{player.name}: checks", self.street, player, "check", 0)

    def fold(self, index: int) -> int:
        player = self.players[index]
        player.folded = True
        player.acted = True
        return self.hand.act(f"{player.name}: folds", self.street, player, "fold", 0)

    def draw(self, index: int, count: int, shown: list[str] | None, hand_cards: list[str]) -> int:
        """`X: discards 2 cards` (the hero: `[8h 6s]`), `X: stands pat` (the hero: `on [..]`)."""
        player = self.players[index]
        if count == 0:
            tail = f" on [{' '.join(hand_cards)}]" if shown is not None else ""
            text, kind = f"{player.name}: stands pat{tail}", "stand_pat"
        else:
            plural = "card" if count == 1 else "cards"
            tail = f" [{' '.join(shown)}]" if shown is not None else ""
            text, kind = f"{player.name}: discards {count} {plural}{tail}", "discard"
        seq = self.hand.act(text, self.street, player, kind, 0)  # no chips move, as a check
        self.hand.n_cards[seq] = count
        return seq

    def return_uncalled(self) -> None:
        """`Uncalled bet ($0.08) returned to X` when the round's top commitment is unmatched."""
        ranked = sorted(range(len(self.players)), key=lambda i: -self.players[i].committed)
        top, second = ranked[0], ranked[1]
        excess = self.players[top].committed - self.players[second].committed
        if excess <= 0:
            return
        player = self.players[top]
        player.stack += excess
        player.committed -= excess
        player.contributed -= excess
        text = f"Uncalled bet ({money(excess, self.spec)}) returned to {player.name}"
        self.hand.act(text, self.street, player, "uncalled_return", excess)
