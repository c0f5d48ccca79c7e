"""Play one synthetic PokerStars hand: seats, posts, four betting rounds, settlement."""

from __future__ import annotations

import random
from datetime import datetime

from parsers.games import FLOP, PREFLOP, RIVER, TURN
from tools.synth.betting import Betting, Player
from tools.synth.choices import play_legal
from tools.synth.record import HandRecord
from tools.synth.sabotage import Saboteur
from tools.synth.settle import seat_lines, settle
from tools.synth.spec import GAME_LABELS, STRUCTURE_LABELS, SynthOptions, TableSpec, money
from tools.synth.spec import stakes_text as stakes

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
NAMES = (
    "Alvarez", "bluff_master", "CheckRaiseChris", "d0nkey", "EllaFold", "fishNchips", "Gus77",
    "HeroCall", "ivy.league", "JamJar", "KK_or_bust", "LuckyLou", "MrNit", "nina-r", "OmahaOtto",
    "PotOdds", "QueenOfClubs", "riverRat", "SlowRoll", "TiltedTom", "UTGuy", "ValueTown",
)  # fmt: skip
STREET_LINES = {FLOP: "*** FLOP ***", TURN: "*** TURN ***", RIVER: "*** RIVER ***"}
#: The board cards shown once a street is dealt.
BOARD_CARDS = {FLOP: 3, TURN: 4, RIVER: 5}


def header(spec: TableSpec, hand_id: str, local: datetime) -> str:
    """The first line of a hand, cash or tournament."""
    date = f"{local.year}/{local.month:02d}/{local.day:02d}"
    when = f"{date} {local.hour}:{local.minute:02d}:{local.second:02d}"
    game = f"{GAME_LABELS[spec.game]} {STRUCTURE_LABELS[spec.structure]}"
    if spec.is_tournament:
        low, high = (
            (spec.small_bet, spec.big_bet)
            if spec.structure == "FL"
            else (spec.small_blind, spec.big_blind)
        )
        blinds = f"({low}/{high})"
        return (
            f"PokerStars Hand #{hand_id}: Tournament #{spec.tournament_id}, $1.00+$0.10 USD "
            f"{game} - Level {spec.level} {blinds} - {when} ET"
        )
    return f"PokerStars Hand #{hand_id}:  {game} {stakes(spec)} - {when} ET"


def table_line(spec: TableSpec, button_seat: int) -> str:
    play = " (Play Money)" if spec.currency == "play" else ""
    return f"Table '{spec.table_name}' {spec.max_seats}-max{play} Seat #{button_seat} is the button"


def draw_stack(spec: TableSpec, options: SynthOptions, rng: random.Random) -> int:
    """Short stacks (5-30 BB) often enough that all-ins and short all-in raises are common."""
    floor = spec.small_blind + spec.big_blind + spec.ante + 1
    big = spec.big_blind
    if rng.random() < options.short_stacks:
        stack = 5 * big + int(rng.random() * 25 * big)
    else:
        stack = 40 * big + int(rng.random() * 160 * big)
    if spec.scale == 100 and rng.random() < 0.7:
        stack -= stack % big  # round stacks are common in cash games
    return max(stack, floor)


class HandPlayer:
    """Plays one hand into a HandRecord."""

    def __init__(
        self,
        spec: TableSpec,
        options: SynthOptions,
        rng: random.Random,
        hand: HandRecord,
        players: list[Player],
        saboteur: Saboteur | None,
    ) -> None:
        self.spec = spec
        self.options = options
        self.rng = rng
        self.hand = hand
        self.betting = Betting(spec, players)
        self.saboteur = saboteur
        self.fold_street: dict[int, int] = {}
        self.button = next(i for i, p in enumerate(players) if p.seat == hand.button_seat)

    @property
    def players(self) -> list[Player]:
        return self.betting.players

    def play(self, sitting_out: list[tuple[int, str, int]]) -> None:
        spec, hand = self.spec, self.hand
        hand.say(header(spec, hand.hand_id, hand.started_local))
        hand.say(table_line(spec, hand.button_seat))
        self.write_seats(sitting_out)
        last_blind = self.post_blinds()
        hand.say("*** HOLE CARDS ***")
        self.dealt: dict[int, list[str]] = {}
        if self.rng.random() < 0.5:
            hero = self.rng.choice(self.players)
            cards = self.rng.sample(DECK, spec.hole_cards)
            self.dealt[self.players.index(hero)] = cards
            hand.say(f"Dealt to {hero.name} [{' '.join(cards)}]")
        self.betting.open_preflop(last_blind)
        self.betting_round()
        board = self.rng.sample(DECK, 5)
        # the board and the hero's dealt cards are one deck's (the draw itself is unchanged)
        held = {card for cards in self.dealt.values() for card in cards}
        free = iter(card for card in DECK if card not in held and card not in board)
        board = [next(free) if card in held else card for card in board]
        saw_flop = False
        for street in (FLOP, TURN, RIVER):
            if len(self.betting.in_hand()) <= 1:
                break
            saw_flop = True
            self.deal(street, board)
            self.betting.open_street(street, self.button)
            self.betting_round()
        self.finish(board, saw_flop)

    def write_seats(self, sitting_out: list[tuple[int, str, int]]) -> None:
        rows = [(p.seat, p.name, p.start, False) for p in self.players]
        rows += [(seat, name, stack, True) for seat, name, stack in sitting_out]
        for seat, name, stack, out in sorted(rows):
            tail = " is sitting out" if out else ""
            self.hand.say(f"Seat {seat}: {name} ({money(stack, self.spec)} in chips){tail}")
            self.hand.seats.append((seat, name, stack, out))

    def post(self, index: int, words: str, amount: int, kind: str, *, live: bool) -> None:
        player = self.players[index]
        all_in = amount == player.stack
        tail = " and is all-in" if all_in else ""
        text = f"{player.name}: posts {words} {money(amount, self.spec)}{tail}"
        self.hand.act(text, PREFLOP, player, kind, amount, all_in=all_in)
        self.betting.post(index, amount, live=live)

    def post_blinds(self) -> int:
        """Antes, blinds and an occasional dead blind; returns the index of the last live blind."""
        spec, count, button = self.spec, len(self.players), self.button
        small, big = (
            (button, (button + 1) % 2)
            if count == 2
            else ((button + 1) % count, (button + 2) % count)
        )
        if spec.ante:
            for index in [big] if spec.bb_ante else range(count):
                self.post(index, "the ante", spec.ante, "post_ante", live=False)
        self.post(small, "small blind", spec.small_blind, "post_sb", live=True)
        self.post(big, "big blind", spec.big_blind, "post_bb", live=True)
        last_blind = big
        if count >= 4 and self.rng.random() < self.options.straddles:
            last_blind = (big + 1) % count
            self.betting.straddle = 2 * spec.big_blind
            self.post(last_blind, "straddle", 2 * spec.big_blind, "post_straddle", live=True)
        elif count >= 4 and self.rng.random() < self.options.dead_blinds:
            self.post_dead_blind((button + 3) % count)
        return last_blind

    def post_dead_blind(self, index: int) -> None:
        """`posts small & big blinds`: the big blind live, the small blind dead."""
        spec, player = self.spec, self.players[index]
        amount = spec.small_blind + spec.big_blind
        all_in = amount == player.stack
        tail = " and is all-in" if all_in else ""
        text = f"{player.name}: posts small & big blinds {money(amount, spec)}{tail}"
        self.hand.act(text, PREFLOP, player, "post_bb", spec.big_blind, all_in=all_in)
        self.hand.also(PREFLOP, player, "post_dead", spec.small_blind, all_in=all_in)
        self.betting.post(index, spec.big_blind, live=True)
        self.betting.post(index, spec.small_blind, live=False)

    def deal(self, street: int, board: list[str]) -> None:
        shown = board[: BOARD_CARDS[street]]
        if street == FLOP:
            self.hand.say(f"*** FLOP *** [{' '.join(shown)}]")
        else:
            self.hand.say(f"{STREET_LINES[street]} [{' '.join(shown[:-1])}] [{shown[-1]}]")

    def betting_round(self) -> None:
        betting, hand = self.betting, self.hand
        while betting.round_open():
            index = betting.next_actor()
            if self.saboteur and (
                self.saboteur.at_turn(hand, betting, index)
                or self.saboteur.steer(hand, betting, index)
            ):
                continue
            if self.rng.random() < self.options.chat:
                speaker = self.rng.choice(self.players).name
                hand.say(f'{speaker} said, "nh: {self.rng.choice(("gg", "ty", "lol :)"))}"')
            play_legal(hand, betting, index, self.rng)
            if self.players[index].folded:
                self.fold_street[index] = betting.street
        self.return_uncalled()

    def return_uncalled(self) -> None:
        uncalled = self.betting.uncalled()
        if uncalled is None:
            return
        index, chips = uncalled
        player = self.players[index]
        text = f"Uncalled bet ({money(chips, self.spec)}) returned to {player.name}"
        self.hand.act(text, self.betting.street, player, "uncalled_return", chips)
        self.betting.give_back(index, chips)

    def finish(self, board: list[str], saw_flop: bool) -> None:
        code = self.saboteur.settlement_code() if self.saboteur else None
        won = settle(self.hand, self.betting, self.rng, saw_flop, code, board, self.dealt)
        if saw_flop:
            self.hand.say(f"Board [{' '.join(board[: self.board_cards()])}]")
        seat_lines(self.hand, self.betting, won, self.fold_street)

    def board_cards(self) -> int:
        return BOARD_CARDS[self.betting.street]
