"""STATE: every column the checker adds to the canonical actions, declared once.

`STATE[column] = Column(dtype, meaning, clause, module)`: its Polars type, what it means, the
RULES.md clause it implements (§3 is the state machine, D-n the definitions, "hhaudit" a
column of ours with no clause) and the module of audit/state/ that computes it. A rule reads
these columns and the canonical ones (parsers/schema.py) and never recomputes them;
tests/audit/test_state_registry.py holds the state frame to this table (names and types) and
every rule's `reads` to it. Three families are declared by pattern: `stack_<seat>` (one column
per seat number of the slice), `show_<seat>` (the same, in a slice with a stud hand) and
`opt_<option>` (one per audit.options.Options field).

SETTLEMENT declares the per-hand frame of settled hands that the hand-level rules read
(audit/state/settlement.py): the hands table's columns plus these.

STATE_COLUMNS are the state columns `check` returns with the actions (AuditResult.actions).
"""

from __future__ import annotations

from typing import NamedTuple

import polars as pl

from parsers.games import FirstActor


class Column(NamedTuple):
    dtype: pl.DataType | type[pl.DataType]
    meaning: str
    clause: str
    module: str


B, I16, I32, I64, S = pl.Boolean, pl.Int16, pl.Int32, pl.Int64, pl.String
_SD = "showdown/judge"  # the module of the RULES.md §11 sentences

STATE: dict[str, Column] = {
    # prepare.py: row kinds, the street-end sentinels, hand facts joined onto every row
    "is_live_post": Column(B, "a live blind post: sb, bb, straddle or live post", "D-2", "prepare"),
    "is_dead_post": Column(
        B, "a dead post or an ante (not in the live commitment)", "D-2", "prepare"
    ),
    "is_betting": Column(B, "fold, check, call, bet, raise or complete", "§3", "prepare"),
    "is_wager": Column(
        B, "a bet, a raise or stud's completion (to_amount: its raise-to total)", "D-5", "prepare"
    ),
    "is_bring_in": Column(
        B,
        "stud's bring-in: a live post of 3rd street (is_live_post) whose poster has acted",
        "§13 S-3",
        "prepare",
    ),
    "is_draw": Column(B, "a draw row: discard or stand_pat (no chips)", "§13 W-2", "prepare"),
    "is_fold": Column(B, "a fold", "§3", "prepare"),
    "is_check": Column(B, "a check", "§3", "prepare"),
    "is_call": Column(B, "a call", "§3", "prepare"),
    "is_return": Column(B, "an uncalled bet returned by the log", "H-2", "prepare"),
    "is_collect": Column(B, "chips collected from a pot", "H-4", "prepare"),
    "is_cash_out": Column(B, "chips taken by a cash-out", "H-4", "prepare"),
    "went_back": Column(
        B,
        "a betting or post row on an earlier street than one before it (seq order)",
        "I-6",
        "prepare",
    ),
    "order": Column(
        I64, "sort position in the street: 2*seq, 2*last seq+1 for a sentinel", "§3", "prepare"
    ),
    "is_sentinel": Column(
        B, "the row after a street's last action: the state at the street's end", "I-5", "prepare"
    ),
    "is_last_sentinel": Column(
        B, "the sentinel of the hand's last betting street", "I-5", "prepare"
    ),
    "straddle_amount": Column(
        I64, "the largest straddle posted in the hand (0 without)", "D-6", "prepare"
    ),
    "straddle_count": Column(
        I64, "straddles posted in the hand (each counts as a raise in FL)", "D-12", "prepare"
    ),
    "sb_posted": Column(I64, "the small blind posted (0 without)", "B-4", "prepare"),
    "bb_posted": Column(I64, "the big blind posted (0 without)", "B-4", "prepare"),
    "max_live_post": Column(
        I64, "the largest live post of the hand (the opening bet preflop)", "D-12", "prepare"
    ),
    "bb_seat": Column(I16, "the seat that posted the big blind", "D-9", "prepare"),
    "sb_seat": Column(I16, "the seat that posted the small blind", "D-9", "prepare"),
    "last_straddle_seat": Column(
        I16, "the seat of the last straddle (acts last preflop)", "D-9", "prepare"
    ),
    "settled": Column(B, "the hand has a collect (its settlement is judged)", "H-2", "prepare"),
    "chips": Column(I64, "the row's amount, 0 when the log gives none", "§3", "prepare"),
    "hand_number": Column(
        I64, "dense hand id (runs of hand_number are runs of hand_key)", "hhaudit", "prepare"
    ),
    "street_number": Column(I64, "dense (hand, street) id", "hhaudit", "prepare"),
    "row": Column(
        I64, "position in the state frame (the void rounds write back by it)", "hhaudit", "prepare"
    ),
    "hand_number_first": Column(B, "the hand's first row", "hhaudit", "prepare"),
    "street_number_first": Column(B, "the street's first row", "hhaudit", "prepare"),
    "opt_<option>": Column(
        S, "the site's effective option (type of the Options field)", "§6", "prepare"
    ),
    "opt_reopen_num": Column(
        I64, "fl_reopen_fraction's numerator (integer arithmetic)", "D-13", "prepare"
    ),
    "opt_reopen_den": Column(I64, "fl_reopen_fraction's denominator", "D-13", "prepare"),
    # game_rounds.py: the row's round in the game table (parsers/games.py rounds_frame); the
    # settlement rows (SHOWDOWN) are no round: null round and first actor, false flags
    "game_round": Column(
        pl.Int8, "the round's place in its game's play (0: the first)", "§13.1", "game_rounds"
    ),
    "game_first_round": Column(
        B, "the round with the forced bets (preflop, 3rd street, pre-draw)", "§13.1", "game_rounds"
    ),
    "game_last_round": Column(B, "the game's last betting round", "§13.1", "game_rounds"),
    "game_big_bet": Column(
        B, "FL: the round's bet is the big bet (else the small bet)", "D-11", "game_rounds"
    ),
    "game_first_actor": Column(
        FirstActor,
        "who acts first in the round (parsers/games.py FIRST_ACTORS)",
        "D-9",
        "game_rounds",
    ),
    "game_open_pair": Column(
        B, "7 Card Stud's 4th street: an open pair may allow the big bet", "§13 S-6", "game_rounds"
    ),
    "game_draw": Column(B, "a draw comes before the round's betting", "§13 W-2", "game_rounds"),
    "game_blind_round": Column(
        B,
        "the first round of a game with blinds (preflop, pre-draw; not stud's 3rd street)",
        "D-4",
        "game_rounds",
    ),
    "game_max_discard": Column(
        pl.Int8,
        "a draw round: the most cards one draw replaces (null: no draw)",
        "§13 W-2",
        "game_rounds",
    ),
    "bring_in": Column(
        I64,
        "the stakes' bring-in (hands.bring_in; null: the log does not say)",
        "§13 S-3",
        "prepare",
    ),
    # showing.py: stud's up cards (null in the other games, and where the log does not prove it)
    "bring_in_card": Column(
        S, "the 3rd-street up card that names the bring-in", "§13 S-3", "showing"
    ),
    "bring_in_card_seat": Column(
        I16, "the seat of that card (null unless every seat's is shown)", "§13 S-3", "showing"
    ),
    "bring_in_due_seat": Column(
        I16,
        "who must bring in: that seat, or the next with chips when he is all-in for the ante",
        "§13 S-3, RP-10-E",
        "showing",
    ),
    "open_pair_shown": Column(
        B,
        "7 Card Stud high: some live seat's 4th-street up cards are a pair (null: not all shown)",
        "§13 S-6",
        "showing",
    ),
    "show_<seat>": Column(
        I64,
        "stud 4th-7th street: that seat's showing value (larger acts first; null: not shown)",
        "§13 S-5",
        "showing",
    ),
    # draws.py
    "drawn_cards": Column(
        pl.Int16,
        "a draw row: the cards received that the log lists (the hero's; null: not listed)",
        "§13 W-2",
        "draws",
    ),
    "stack": Column(
        I64, "the actor's starting stack for betting (stand-in or capped)", "D-3", "prepare"
    ),
    "sitting_out": Column(B, "the actor's seat line says sitting out", "D-9", "prepare"),
    # stakes.py: the stakes every rule reads (the hands' stake columns carry these values)
    "stakes_reading": Column(
        S,
        "null: the header's stakes hold; posts: the posts define them; ambiguous",
        "H-1",
        "stakes",
    ),
    "stakes_seq": Column(I32, "the seq of the post HEADER-STAKES flags", "H-1", "stakes"),
    "stakes_message": Column(S, "HEADER-STAKES' sentence for the hand", "H-1", "stakes"),
    # unknown_stack.py and build.py
    "stack_unknown": Column(
        B, "the actor has no seat line: stack-based rules skip the row", "I-9", "unknown_stack"
    ),
    "stack_unknown_first": Column(
        B, "that player's first row (STACK-UNKNOWN flags it)", "I-9", "unknown_stack"
    ),
    "seat_unknown": Column(
        B, "the hand has a seat of unknown number: ORDER skips it", "I-1", "unknown_stack"
    ),
    "capped": Column(B, "the hand is capped no-limit (hands.cap)", "hhaudit", "build"),
    "stack_<seat>": Column(
        I64, "that seat's starting stack, null when not dealt in", "D-3", "turn"
    ),
    "n_dealt": Column(pl.UInt32, "seats dealt in", "D-15", "build"),
    # void.py
    "void": Column(B, "the action changes nothing (void_reason is set)", "I-2..I-4", "void"),
    "void_reason": Column(
        S,
        "ACT-FOLDED, ACT-ALLIN, ACT-CLOSED or filler; null: the action counts",
        "I-2..I-4",
        "void",
    ),
    # passes.py, the player pass
    "committed_before": Column(
        I64, "c[p] before the row: the actor's live commitment", "D-2", "passes"
    ),
    "committed_after": Column(I64, "c[p] after the row (capped at allin_to)", "D-2", "passes"),
    "remaining_before": Column(
        I64, "chips behind before the row (may be negative)", "D-3", "passes"
    ),
    "remaining_after": Column(I64, "chips behind after the row, at least 0", "D-3", "passes"),
    "stack_before": Column(I64, "s[p]: chips behind before the row, at least 0", "D-3", "passes"),
    "allin_to": Column(I64, "c[p] + s[p]: the total an all-in reaches", "D-3", "passes"),
    "acted_before": Column(
        B, "acted[p]: the actor made a betting action earlier on the street", "D-8", "passes"
    ),
    "turn_acted_before": Column(
        B,
        "acted[p] for whose turn it is: acted_before, or he posted the bring-in (no option)",
        "D-9, §13 S-3",
        "passes",
    ),
    "folded_before": Column(B, "the actor folded earlier in the hand", "I-2", "passes"),
    "site_kill": Column(
        B,
        "a fold the site records for an absent all-in player (not his action)",
        "hhaudit",
        "passes",
    ),
    "moved": Column(I64, "chips the row moves into the pot (returns negative)", "D-14", "passes"),
    "chips_in": Column(I64, "chips the row puts in (live and dead)", "H-3", "passes"),
    # passes.py, the street pass
    "current_bet": Column(I64, "CB before the row", "D-4", "passes"),
    "to_call": Column(I64, "CB - c[p]", "D-4", "passes"),
    "full_increment": Column(
        I64, "F: the last full bet or raise increment of the street", "D-6", "passes"
    ),
    "pot_before": Column(I64, "chips in the pot before the row", "D-14", "passes"),
    "is_raise": Column(B, "a wager above the current bet", "D-5", "passes"),
    "min_raise_to": Column(I64, "CB + F (in a short opening: F, the minimum bet)", "B-2", "passes"),
    "short_open": Column(
        B,
        "option short_allin_bet = complete_to_minimum, postflop NL/PL: no wager before the row "
        "reached the minimum bet (only all-in bets below it, or none)",
        "B-1",
        "passes",
    ),
    "opened_to": Column(
        I64,
        "option short_allin_bet = complete_to_minimum: the total of the wager that completed "
        "the street's all-in bets below the minimum (a full bet), null when none",
        "B-1",
        "passes",
    ),
    "pl_max_to": Column(I64, "the pot-limit maximum CB' + P + (CB' - c[p])", "B-4", "passes"),
    # turn.py
    "n_live": Column(I32, "players not folded before the row", "D-9", "turn"),
    "n_with_chips": Column(I32, "live players with chips behind", "D-9", "turn"),
    "call_cap": Column(
        I64, "the most the actor can be asked to match (all-in opponents below CB)", "I-8", "turn"
    ),
    "previous_actor": Column(
        I16, "the seat of the street's last betting action (or the start seat)", "D-9", "turn"
    ),
    "nobody_owes": Column(B, "no player owes action: any action now is void", "D-9", "turn"),
    "round_open": Column(B, "the street may not end yet (someone must still act)", "I-5", "turn"),
    "expected_seat": Column(I16, "the next seat to act: first owing seat clockwise", "D-9", "turn"),
    # fixed_limit.py
    "fl_bet": Column(
        I64,
        "u: the round's bet (RULES.md's unit), the small or the big bet (game_big_bet)",
        "D-11",
        "fixed_limit",
    ),
    "fl_counts": Column(B, "the FL raise counts (raises L and K)", "D-12", "fixed_limit"),
    "fl_level": Column(I64, "L: the last counted level before the row", "D-12", "fixed_limit"),
    "fl_count": Column(I64, "K: counted bets and raises before the row", "D-12", "fixed_limit"),
    "fl_required": Column(I64, "the one legal FL wager total, L + u", "B-5", "fixed_limit"),
    "fl_reopened": Column(B, "FL: what the actor faces reopens the betting", "D-13", "fixed_limit"),
    "fl_capped": Column(B, "FL: the street is capped", "B-6", "fixed_limit"),
    "fl_complete_to": Column(
        I64,
        "option fl_allin_completion: the full bet a counted short all-in fell short of",
        "D-12 (hhaudit extension)",
        "fixed_limit",
    ),
    "fl_open_pair_to": Column(
        I64,
        "S-6 (option stud_open_pair_big_bet): the big-bet total also legal before a big wager",
        "§13 S-6",
        "fixed_limit",
    ),
    # limits.py
    "reopened": Column(
        B,
        "what the actor faces reopens the betting (NL/PL: to_call >= F; option short_allin_bet)",
        "D-10",
        "limits",
    ),
    "raise_allowed": Column(B, "the actor may raise (null: unknown structure)", "§3", "limits"),
    "min_to": Column(I64, "the smallest full wager total when a raise is allowed", "B-2", "limits"),
    "max_to": Column(I64, "the largest wager total when a raise is allowed", "B-4", "limits"),
    "pl_limit": Column(I64, "PL: the pot limit, at least the minimum raise", "B-4", "limits"),
    # assemble.py, on the flagged rows only
    "street_name": Column(S, "the row's street by name (for the messages)", "D-1", "assemble"),
}

SETTLEMENT: dict[str, Column] = {
    "settled": Column(
        B, "the hand has a collect (always true here: only settled hands)", "H-2", "settlement"
    ),
    "players_left": Column(pl.UInt32, "players dealt in who did not fold", "H-2", "settlement"),
    "keeps_uncalled": Column(B, "option uncontested_pot_keeps_uncalled", "§6", "settlement"),
    "returns_whole": Column(B, "option uncontested_returns_whole_wager", "§6", "settlement"),
    "put_in": Column(I64, "chips the players put in", "H-3", "settlement"),
    "returned_total": Column(I64, "uncalled chips the log returns", "H-2", "settlement"),
    "expected_return_total": Column(I64, "uncalled chips the commitments leave", "H-2", "returns"),
    "collected_total": Column(I64, "chips the players collected", "H-4", "settlement"),
    "cashed_out_total": Column(I64, "chips taken by cash-outs", "H-4", "settlement"),
    "start_total": Column(I64, "the starting stacks", "H-4", "settlement"),
    "final_total": Column(I64, "the reported final stacks", "H-4", "settlement"),
    "finals_complete": Column(B, "every seat has a reported final stack", "H-4", "settlement"),
    "return_off": Column(B, "a seat's returns differ from its uncalled chips", "H-2", "settlement"),
    "returns_own_chips": Column(
        B, "every return is within its player's own chips", "H-2", "settlement"
    ),
    "logged_returns": Column(B, "the log has a return line", "H-2", "settlement"),
    "return_detail": Column(S, "the seats whose returns are off, as text", "H-2", "settlement"),
    "expected_pot": Column(I64, "put in minus the uncalled chips", "H-3", "settlement"),
    "net_of_rake": Column(B, "the reported pot is net of the rake", "H-3", "settlement"),
    "silent_return": Column(
        B, "no return line, but the figures show the chips went back", "H-2", "settlement"
    ),
    "kept_uncalled": Column(
        B, "an uncontested hand splits the chips as its site's options say", "§6", "settlement"
    ),
    "first_final_off": Column(
        S, "the lowest seat whose final stack does not add up, as text", "H-4", "settlement"
    ),
    # RULES.md §11, from the cards table (audit/showdown/judge.py); hands with cards but no
    # settlement have a row of their own, null in every column above
    "card_invalid": Column(S, "the first card not in the game's deck, as text", "§11 C-1", _SD),
    "card_dup": Column(S, "the first card seen twice in the hand, as text", "§11 C-2", _SD),
    "card_count": Column(S, "the first hole or street count off, as text", "§11 C-3", _SD),
    "showdown_winner": Column(S, "a pot paid to a hand not among its best", "§11 C-4", _SD),
    "pot_split": Column(S, "a split not shared as option odd_chip says", "§11 C-5", _SD),
    "pot_split_severity": Column(
        S, "POT-SPLIT's severity: warning for odd chips alone, rule unknown", "§11 C-5", _SD
    ),
    "side_pot": Column(S, "a player paid beyond the pots he was in", "§11 C-6", _SD),
    "hand_label": Column(S, "a shown hand's name not its cards' class", "§11 C-7", _SD),
}

#: The state columns added to the canonical actions in AuditResult.actions.
STATE_COLUMNS: tuple[str, ...] = (
    "current_bet",
    "committed_before",
    "committed_after",
    "to_call",
    "full_increment",
    "min_to",
    "max_to",
    "allin_to",
    "stack_before",
    "raise_allowed",
    "reopened",
    "acted_before",
    "pot_before",
    "expected_seat",
    "void",
    "void_reason",
    "fl_level",
    "fl_count",
)


def declared(name: str) -> Column | None:
    """The STATE entry of `name`, a pattern's for `stack_<n>` and `opt_<option>` columns."""
    if name in STATE:
        return STATE[name]
    if name.startswith("stack_") and name.removeprefix("stack_").lstrip("-").isdigit():
        return STATE["stack_<seat>"]
    if name.startswith("show_") and name.removeprefix("show_").lstrip("-").isdigit():
        return STATE["show_<seat>"]
    if name.startswith("opt_"):
        return STATE["opt_<option>"]
    return None
