"""One synthetic hand as written: its lines, and the canonical rows it should parse into."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from tools.synth.betting import Player
from tools.synth.spec import TableSpec

#: (street, player, seat, kind, amount, to_amount, is_all_in, line offset within the hand)
ActionRow = tuple[int, str, int, str, int | None, int | None, bool, int]
#: A known card as the log shows it (the cards table, parsers/schema.py CARDS): (seat, player,
#: source, street, position on its line, card, label, line offset within the hand, face).
CardRow = tuple[int, str, str, int | None, int, str | None, str | None, int, str | None]


@dataclass(frozen=True)
class Injected:
    """One violation written on purpose: where it is and which RULES.md code it breaks."""

    code: str
    seq: int | None  # the offending action's seq, None for hand-level codes
    line_offset: int  # 0-based line within the hand (0 = header)
    variant: str | None = None  # the form of the violation where a code has several


@dataclass
class HandRecord:
    """What the simulator wrote for one hand."""

    spec: TableSpec
    hand_id: str
    started_local: datetime
    started_utc: datetime
    button_seat: int | None  # None: no button (stud)
    seats: list[tuple[int, str, int, bool]] = field(default_factory=list)  # seat, name, stack, out
    lines: list[str] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    injected: list[Injected] = field(default_factory=list)
    total_pot: int = 0
    rake: int = 0
    boards: int = 1
    n_cards: dict[int, int] = field(default_factory=dict)  # seq of a discard / stand pat -> n
    cards: list[CardRow] = field(default_factory=list)  # the stud and draw games' known cards
    #: Stud and draw: every card as dealt, hidden ones too, in PokerKit's order: ("hole",
    #: player index, cards) and ("draw", player index, cards thrown). With the actions table
    #: it replays the hand in PokerKit (pokerkit_tables.py).
    deals: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)
    big_bet_fourth: bool = False  # S-6: this stud hand's 4th street was played with big bets

    def say(self, text: str) -> int:
        """Append a non-action line; returns its offset."""
        self.lines.append(text)
        return len(self.lines) - 1

    def act(
        self,
        text: str,
        street: int,
        player: Player,
        kind: str,
        amount: int | None = None,
        to_amount: int | None = None,
        *,
        all_in: bool = False,
    ) -> int:
        """Append an action line and its canonical row; returns the action's seq."""
        self.lines.append(text)
        return self.also(street, player, kind, amount, to_amount, all_in=all_in)

    def also(
        self,
        street: int,
        player: Player,
        kind: str,
        amount: int | None = None,
        to_amount: int | None = None,
        *,
        all_in: bool = False,
    ) -> int:
        """A further canonical row on the line just written (e.g. the dead part of a post)."""
        offset = len(self.lines) - 1
        row = (street, player.name, player.seat, kind, amount, to_amount, all_in, offset)
        self.actions.append(row)
        return len(self.actions) - 1
