"""The generator's own legal-play model (RULES.md §2–4), independent of audit/.

`Betting` holds the state of one hand and answers what the player to act may legally do: the
amount to call, the minimum and maximum raise-to, whether raising is open to him, and who acts
next. It applies actions as recorded, including illegal ones the injector asks for, following
the checker's reference order (an under-raise is an incomplete wager: `F` does not move).
"""

from __future__ import annotations

from dataclasses import dataclass

from parsers.games import BIG, GAMES, PREFLOP
from tools.synth.spec import TableSpec

FL_MAX_RAISES = 3
#: The rounds whose fixed-limit unit is the big bet (the game table: the turn and the river).
BIG_BET_STREETS = frozenset(r.street for r in GAMES["holdem"].rounds if r.fl_bet == BIG)


@dataclass
class Player:
    seat: int
    name: str
    start: int  # stack before any post
    stack: int  # chips behind
    committed: int = 0  # live commitment on the current street
    contributed: int = 0  # chips put into the pot this hand (returns deducted)
    dead: int = 0  # of which dead money (antes, dead blinds): the main pot's (RULES.md §11)
    folded: bool = False
    acted: bool = False

    @property
    def all_in(self) -> bool:
        return self.stack == 0

    @property
    def allin_to(self) -> int:
        return self.committed + self.stack


class Betting:
    """State of one hand's betting for the players dealt in, in clockwise seat order."""

    def __init__(self, spec: TableSpec, players: list[Player]) -> None:
        self.spec = spec
        self.players = players
        self.street = PREFLOP
        self.current_bet = 0  # CB
        self.full_increment = spec.big_blind  # F
        self.fl_level = 0  # L
        self.fl_count = 0  # K
        self.straddle = 0
        self.previous_actor = -1

    # --- posts and streets -------------------------------------------------------------------
    def post(self, index: int, amount: int, *, live: bool) -> None:
        """Put a blind, straddle, ante or dead blind into the pot (not an action: D-8)."""
        player = self.players[index]
        player.stack -= amount
        player.contributed += amount
        if live:
            player.committed += amount
        else:
            player.dead += amount

    def open_preflop(self, last_blind: int) -> None:
        """Set the preflop state once every post is in (D-4, D-6, D-12)."""
        live = max(p.committed for p in self.players)
        self.current_bet = max(live, self.spec.big_blind, self.straddle)
        self.full_increment = max(self.spec.big_blind, self.straddle)
        self.fl_level = self.current_bet
        self.fl_count = 1 + (1 if self.straddle else 0)
        self.previous_actor = last_blind

    def open_street(self, street: int, button_index: int) -> None:
        """Start a postflop street: commitments reset, first actor after the button."""
        self.street = street
        for player in self.players:
            player.committed = 0
            player.acted = False
        self.current_bet = 0
        self.full_increment = self.spec.big_blind
        self.fl_level = 0
        self.fl_count = 0
        self.previous_actor = button_index

    @property
    def fl_bet(self) -> int:
        spec = self.spec
        bet = spec.big_bet if self.street in BIG_BET_STREETS else spec.small_bet
        assert bet is not None
        return bet

    # --- who acts ------------------------------------------------------------------------
    def in_hand(self) -> list[Player]:
        return [p for p in self.players if not p.folded]

    def owes(self, player: Player) -> bool:
        """D-9: not folded, not all-in, and not yet acted or not matched the current bet."""
        if player.folded or player.stack == 0:
            return False
        return not player.acted or player.committed < self.current_bet

    def round_open(self) -> bool:
        """Does anybody owe action (D-9, with its two closing cases)?"""
        live = with_chips = 0
        last_with_chips: Player | None = None
        someone_owes = False
        for player in self.players:
            if player.folded:
                continue
            live += 1
            if player.stack > 0:
                with_chips += 1
                last_with_chips = player
                if not player.acted or player.committed < self.current_bet:
                    someone_owes = True
        if live <= 1:
            return False
        if with_chips == 1 and last_with_chips and last_with_chips.committed >= self.current_bet:
            return False
        return someone_owes

    def next_actor(self) -> int:
        """The first seat clockwise after the previous actor that owes action."""
        count = len(self.players)
        for step in range(1, count + 1):
            index = (self.previous_actor + step) % count
            if self.owes(self.players[index]):
                return index
        raise RuntimeError("nobody owes action")

    # --- what is legal -------------------------------------------------------------------
    def to_call(self, player: Player) -> int:
        return max(self.current_bet - player.committed, 0)

    def reopened(self, player: Player) -> bool:
        """D-10 / D-13: may a player who already acted raise again?"""
        to_call = self.to_call(player)
        if self.spec.structure == "FL":
            return 2 * to_call >= self.fl_bet
        return to_call >= self.full_increment

    def has_live_opponent(self, player: Player) -> bool:
        """Some other player could still put chips in above the current bet (no I-15)."""
        return any(
            p is not player and not p.folded and p.allin_to > self.current_bet for p in self.players
        )

    def fl_capped(self) -> bool:
        return self.spec.structure == "FL" and self.fl_count >= 1 + FL_MAX_RAISES

    def betting_open(self, player: Player) -> bool:
        """RULES.md §3 `raise_allowed`: chips beyond the call, reopened for him, not capped."""
        if player.stack <= self.to_call(player) or self.fl_capped():
            return False
        return not player.acted or self.reopened(player)

    def raise_allowed(self, player: Player) -> bool:
        """What the generator lets a player do: betting open and someone left to call (I-15)."""
        return self.betting_open(player) and self.has_live_opponent(player)

    def min_to(self) -> int:
        """Smallest full bet/raise-to (FL: the exact amount)."""
        if self.spec.structure == "FL":
            return self.fl_level + self.fl_bet
        if self.current_bet == 0:
            return self.spec.big_blind
        return self.current_bet + self.full_increment

    def pot_total(self) -> int:
        return sum(p.contributed for p in self.players)

    def max_to(self, player: Player) -> int:
        """Largest legal raise-to before the stack cap (NL: unbounded; PL: D-14; FL: exact)."""
        structure = self.spec.structure
        if structure == "FL":
            return self.min_to()
        if structure == "PL":
            bet = self.current_bet
            return bet + self.pot_total() + (bet - player.committed)
        return player.allin_to

    # --- applying actions ----------------------------------------------------------------
    def move(self, player: Player, chips: int) -> None:
        player.stack -= chips
        player.committed += chips
        player.contributed += chips

    def apply_wager(self, index: int, to_amount: int) -> None:
        """A bet or raise to `to_amount` (legal or not): CB, F, L and K move as D-4/6/12 say."""
        player = self.players[index]
        self.move(player, to_amount - player.committed)
        increment = to_amount - self.current_bet
        if self.spec.structure == "FL":
            if 2 * (to_amount - self.fl_level) >= self.fl_bet:
                self.fl_level = to_amount
                self.fl_count += 1
        elif increment >= self.full_increment:
            self.full_increment = increment
        self.current_bet = max(self.current_bet, to_amount)
        self.finish_turn(index)

    def apply_call(self, index: int, chips: int) -> None:
        self.move(self.players[index], chips)
        self.finish_turn(index)

    def apply_fold(self, index: int) -> None:
        self.players[index].folded = True
        self.finish_turn(index)

    def finish_turn(self, index: int) -> None:
        self.players[index].acted = True
        self.previous_actor = index

    def uncalled(self) -> tuple[int, int] | None:
        """H-2: (index, chips) to return to the top bettor when the street ends, if any."""
        ranked = sorted(range(len(self.players)), key=lambda i: -self.players[i].committed)
        if len(ranked) < 2:
            return None
        top, second = ranked[0], ranked[1]
        excess = self.players[top].committed - self.players[second].committed
        return (top, excess) if excess > 0 else None

    def give_back(self, index: int, chips: int) -> None:
        player = self.players[index]
        player.stack += chips
        player.committed -= chips
        player.contributed -= chips
