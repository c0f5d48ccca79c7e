"""What a site format is made of: a grammar of line patterns plus small overrides.

A site parser declares one `Grammar`; the shared pipeline (parsers/core/pipeline.py) does the rest.
Patterns are Rust regexes (Polars `str.contains` / `str.extract_groups`) with named groups:
`player`, `amount`, `to`, `all_in`, `seat`, `stack`, `verb`. Keep site modules declarative:
what differs between sites is data here, not code paths in the pipeline.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import polars as pl

from parsers.core.money import EN, NumberLocale, to_minor_units

#: Reads the header lines of a format's hands (columns hand_key, line_no, text) and returns
#: one row per hand with the hand-level columns it can fill (see
#: parsers.core.header.HEADER_COLUMNS).
HeaderReader = Callable[[pl.DataFrame], pl.DataFrame]


@dataclass(frozen=True)
class Grammar:
    """The line patterns of one hand-history format."""

    site: str
    #: A hand header line (also used to count hands and to detect the format).
    header: str
    read_header: HeaderReader
    #: A street marker line; its first group is a key of `streets`.
    street_marker: str
    #: Marker word -> section: 0..4 the streets, 5 the summary.
    streets: Mapping[str, int]
    #: Markers of a second / third board (run it twice / three times).
    second_board: str
    third_board: str
    #: Pre-deal line naming the table (groups table, max_seats, button, play_money).
    table_line: str
    #: Pre-deal seat line (groups seat, player, stack, tail).
    seat_line: str
    #: Seat-line tail meaning the player is not dealt in.
    sitting_out: str
    #: After "<player>: ": the action (groups verb, amount, to, all_in).
    actor_action: str
    #: verb as written -> raw action kind (posts are refined by the pipeline).
    verbs: Mapping[str, str]
    #: After "<player>: ": lines that carry no chips (shows, mucks, sits out, ...).
    actor_ignored: str
    #: Whole lines that name a player elsewhere than at the start: (kind, pattern with
    #: groups player and amount), e.g. "Uncalled bet ($1) returned to X".
    named_lines: tuple[tuple[str, str], ...]
    #: Whole lines with no effect on the tables (chat, connection notices, dealt cards...).
    ignored: str
    #: (pattern, reason): lines that make the whole hand unusable (quarantined with the reason).
    void_hand: tuple[tuple[str, str], ...]
    #: Summary line with the total pot (groups pot, rake, jackpot, stp: money the site added).
    pot_line: str
    locale: NumberLocale = EN
    #: Optional whole-text rewrite for odd exports (upper-case files); None when unused.
    keyword_fixes: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    #: False for formats that never print an all-in marker (888poker): is_all_in is then null
    #: ("not recorded"), so the ALLIN-FLAG check has nothing to compare and stays silent.
    marks_all_in: bool = True
    #: What ends the actor's name on an action line: "X: calls" (default), "X calls" (" "),
    #: "Big Blind : Calls" (" : ").
    actor_separator: str = ": "
    #: Regex removed from player names in seat and action lines (e.g. a hero marker " [ME]").
    player_cleanup: str = ""
    #: What the amount of a "raises" line without a `to` group is: "added" the chips added
    #: ("raises [$N]"; normalised to raise-to = commitment before + N), "to" the raise-to
    #: total (Bovada "Raises $16"), "" unreadable (the hand is quarantined).
    lone_raise_amount: str = ""
    #: Number of lines, from the header line on, given to `read_header` joined by "\n" (for
    #: formats that print the stakes or the game on the lines after the header).
    header_span: int = 1
    #: Lines of the summary section are events too (sites that print collects there).
    summary_events: bool = False
    #: A hand must have a summary section (else it is quarantined as truncated).
    summary_required: bool = True
    #: A second number locale for the hands having a line that matches `alt_locale_when`
    #: (clients that write "0,02 $" in some exports and "$0.02" in others).
    alt_locale: NumberLocale | None = None
    alt_locale_when: str = ""
    #: `alt_locale_when` is tested on each amount string instead of the hand's lines (exports
    #: that mix "€33.43 EUR" and "[0,35 €]" in one hand).
    alt_locale_per_amount: bool = False
    #: Formats without street markers: the n-th line of a hand matching this pattern (the
    #: board cards dealt) opens street n (flop, turn, river).
    board_deal_line: str = ""
    #: The header may give no stakes (cash games that print none): the blinds are then the
    #: hand's posts (first live small blind, largest live big blind; FL: small bet = big blind).
    stakes_from_posts: bool = False
    #: Seat numbers above this, or not increasing down the seat list, are site ids, not table
    #: seats (Bovada MTT "Seat 1243:", Ignition SNGs listing "Seat 7:" before "Seat 1:"): such
    #: a hand's seats are renumbered 1..n in seat-list order (the table order). 0: never.
    max_seat_number: int = 0
    #: Verbs (see `verbs`, kind raise) the site writes for an all-in wager whatever it is: a
    #: bet when nothing is bet on the street (Bovada "All-in(raise) $5.43" opening the turn
    #: for less than a full bet; its full all-in bets are "All-in $N").
    wager_verbs: tuple[str, ...] = ()
    #: Player name -> post kind for a "bet_or_call" line before the deal: an all-in blind
    #: (Bovada "Big Blind : All-in $8" is the big blind posting all-in).
    allin_post_kinds: Mapping[str, str] = field(default_factory=dict)
    #: A fold before the hand's last blind post, or before the deal marker, is a player
    #: declining to post, not dealt in (888): the line is dropped (with `idle_seats_sit_out`
    #: the player is then sitting out).
    pre_deal_fold_sits_out: bool = False
    #: A body line identical to the line before it in the hand is a logging repeat (Bovada
    #: exports that write an action twice): dropped.
    drop_repeated_lines: bool = False
    #: A line showing the board (summary "Board [..]"): a hand that has one but no line of a
    #: later street (no marker, no `board_deal_line`) is quarantined, its streets unknowable.
    board_line: str = ""
    #: Such hands get their streets from the betting (parsers/core/streets.py) instead of being
    #: quarantined.
    infer_streets: bool = False
    #: Seats named by position: the player of this name holds the button (Bovada "Dealer";
    #: its "Set dealer [N]" counts empty seats that the seat list does not show).
    button_player: str = ""
    #: (small-blind verb, big-blind verb): hands that print no post get both blinds posted
    #: from the stakes by position (parsers/core/silent_blinds.py). Empty: never.
    silent_blinds: tuple[str, ...] = ()
    #: A pre-deal line with the level's blinds (groups sb, bb; FL: the bets) that overrides
    #: the header's when readable (the level changed after the header was written).
    level_line: str = ""
    #: A second "small blind" post in a hand is live money (PartyPoker: a player entering
    #: posts it and completes the big blind with a call), not dead money.
    second_sb_live: bool = False
    #: Verbs (as written, see `verbs`) whose amount the player pays to the site outside the pot
    #: (EV cash-out risk, insurance premium): recorded as cash_out with a negative amount.
    paid_verbs: tuple[str, ...] = ()
    #: A line anywhere in the hand stating money the site added to the pot (group stp),
    #: e.g. "Cash Drop to Pot : total $0.2"; taken out of total_pot and rake like STP.
    site_money_line: str = ""
    #: The site never prints uncalled-bet returns: the uncalled part of each street's top
    #: commitment is in that player's collect and in the reported pot. The pipeline emits the
    #: uncalled_return and takes it out of the collect and of total_pot
    #: (parsers/core/settlement.py).
    implicit_uncalled: bool = False
    #: Sites (hands.site) whose "raises X to Y" may give Y as the chips added, recognised per
    #: hand by the pot (Run It Once 2019, parsers/core/added_raise.py).
    raise_to_may_be_added: tuple[str, ...] = ()
    #: The summary's total pot is net of the rake (what was collected): total_pot = pot + rake.
    pot_net_of_rake: bool = False
    #: With `implicit_uncalled`: the reported pot already leaves the uncalled chips out
    #: (PartyPoker 2026 "Main Pot"), so only the collect holds them.
    pot_excludes_uncalled: bool = False
    #: With `implicit_uncalled`: a hand's collects hold the uncalled chips only when they add up
    #: to more than the chips left in the pot (888: a raise that all fold to collects the pot
    #: without it, a walk or some all-in shoves collect everything); read per hand.
    collect_may_hold_uncalled: bool = False
    #: Seat-list players never named on an action line were not dealt in (sitting_out): sites
    #: that list every seated player without a sitting-out mark (Winamax).
    idle_seats_sit_out: bool = False
    #: A post_dead larger than the small blind holds a live big blind too ("posts small blind
    #: 3€ out of position" at 1€/2€): split into post_live of the big blind + post_dead of the rest.
    dead_sb_includes_bb: bool = False
    #: "straddle N" gives the player's total blind commitment after it (GGPoker: BB 50 then
    #: "straddle $100" adds 50; re-straddles 0.04, 0.08, 0.16): the amount becomes the chips added.
    straddle_is_total: bool = False
    #: Regex of the text before the player's name on action lines ("Player X folds" in old
    #: WPN exports): removed from the start of body lines before the name is looked up.
    actor_prefix: str = ""
    #: A verb (see `verbs`, kind collect) of summary lines ("Seat 4: X did not show and won
    #: $0.20") whose collects count only in hands with no other collect line.
    fallback_collect_verb: str = ""
    #: "all-in" lines that do not say bet, call or raise (raw kind bet_or_call, resolved by the
    #: pipeline) mark the player all-in, and one before the deal is the blind (post_bb after
    #: a small blind, else post_sb): old WPN "Player X allin (0.24)" for a short big blind.
    allin_may_raise: bool = False
    #: Every post precedes the first betting action: a hand with a bet, raise, call, check or
    #: fold before a blind or ante post is quarantined (Winamax "raises" among the blinds).
    posts_first: bool = False
    #: A raise before the hand's last post is a dead post of its raise-to total, and the
    #: raiser's small blind after it is dead too (Winamax PLO 2014 "Player3 raises 1€ to 3€",
    #: "Player3 posts small blind 1€": the pots show 4€ put in, 2€ of it live).
    raise_among_posts: bool = False
    #: A verb (see `verbs`) of a line that only says a player is all-in, after the action that
    #: did it (PartyPoker 2026 "X is all-In."): it marks that action
    #: (parsers/core/all_in_marker.py).
    all_in_marker_verb: str = ""
    #: (regex on the table name, site): hands of another site converted to this format by a
    #: tool that writes a table name of its own (HUD converters of Bovada hands to PokerStars:
    #: "Table '#11251690'", Bovada's table number): the hands take that site (hands.site) and
    #: its options (audit/options.py SITE_PROFILES). First match wins.
    converted_sites: tuple[tuple[str, str], ...] = ()
    #: A verb (see `verbs`) meaning "reaches the table cap" (old WPN "Player X caps (N)"): the
    #: player's total commitment after that line is the hand's cap when the header has none.
    cap_verb: str = ""
    #: False: the format never marks a post all-in (parsers/core/all_in_recorded.py): is_all_in of
    #: posts is null (not recorded).
    posts_marked_all_in: bool = True
    #: Header of hands written by a converter that prints no all-in line: their is_all_in is
    #: null (not recorded; parsers/core/all_in_recorded.py).
    unmarked_all_in_header: str = ""
    #: A line saying a player joined the table (group player): listed with a zero stack, his
    #: stack is unknown, not zero (the seat list was written before his buy-in;
    #: parsers/core/unseated.py).
    joined_line: str = ""

    def amount(self, text: pl.Expr, scale: pl.Expr) -> pl.Expr:
        """Minor units of an amount string; frames carry an `alt_locale` column when the
        grammar has an `alt_locale`."""
        value = to_minor_units(text, scale, self.locale)
        if self.alt_locale is None:
            return value
        alt = to_minor_units(text, scale, self.alt_locale)
        if self.alt_locale_per_amount:
            use_alt = text.str.contains(self.alt_locale_when).fill_null(False)
        else:
            use_alt = pl.col("alt_locale").fill_null(False)
        return pl.when(use_alt).then(alt).otherwise(value)
