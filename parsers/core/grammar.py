"""What a line format is made of: a grammar of line patterns plus the conventions sites share.

A site declares one `Grammar` (parsers/sites/<site>/grammar.py); the shared pipeline
(parsers/core/pipeline.py) does the rest. Patterns are Rust regexes (Polars `str.contains` /
`str.extract_groups`) with named groups: `player`, `amount`, `to`, `all_in`, `seat`, `stack`,
`verb`. What differs between sites is data here (patterns, verbs, locales, and conventions
several formats share, such as `implicit_uncalled`); a step only one site needs is that site's
hook (`hooks`, parsers/core/hooks.py), kept in its folder.

Every field is a pattern or parameter of a step each line site runs (an empty pattern or the
default switches that part of the step off); the site named in a field's doc is an example of a
format that needs it today, not the field's owner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import polars as pl

from parsers.core.families import FamilyFormat
from parsers.core.hooks import Hooks
from parsers.core.money import EN, NumberLocale, to_minor_units

#: Reads the header lines of a format's hands (columns hand_key, line_no, text) and returns
#: one row per hand with the hand-level columns it can fill (see
#: parsers.core.header.HEADER_COLUMNS).
HeaderReader = Callable[[pl.DataFrame], pl.DataFrame]


#: Notices English clients add between the actions, whatever their separator ("X is connected",
#: "X: has timed out"): seat and connection notices, re-joins, tournament places, and prizes,
#: bounties, tickets, jackpots and points paid outside the pot. The start of a site's
#: `Grammar.no_chips` (its own notices after it).
CLIENT_NOTICES = "|".join(
    (
        r" (?:is sitting out|sits out|is disconnected|has been disconnected|is connected"
        r"|has reconnected|has been reconnected|has returned|has timed out|did not respond"
        r"|is away)\b",
        r" (?:joins|re-joins|rejoins|has joined|has re-joined|re-joined|rejoined|has left"
        r"|leaves|has returned to) the table\b",
        r" (?:finished|finishes) (?:the tournament )?in \d+\w* place",
        r" (?:wins|won|has won|receives|received|has received|earns|earned|collects)"
        r" (?:\S+ )*?"
        r"(?:bounty|prize|ticket|jackpot|[Jj]ackpot|points?)\b",
        r" wins an entry to ",
    )
)


@dataclass(frozen=True)
class Grammar:
    """The line patterns of one hand-history format."""

    site: str
    #: A hand header line (also used to count hands and to detect the format).
    header: str
    read_header: HeaderReader
    #: A street marker line; its first group is a key of `streets`.
    street_marker: str
    #: Marker word -> section: a Street id (parsers/games.py: the betting rounds, SHOWDOWN) or
    #: SUMMARY (parsers/core/lines.py).
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
    #: How the format writes numbers (decimal and thousands separators) for every amount of
    #: seats, actions and pots (parsers/core/money.py; 888poker's LOCALE also reads the
    #: "( $ 552,72 )" spacing).
    locale: NumberLocale = EN
    #: Optional whole-text rewrite for odd exports (upper-case files); None when unused.
    keyword_fixes: tuple[tuple[str, str], ...] = field(default_factory=tuple)
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
    #: A hand must have a summary section (else it is quarantined as truncated by the shared
    #: hand checks); False for formats that may end a hand without one (PartyPoker).
    summary_required: bool = True
    #: A second number locale for the hands having a line that matches `alt_locale_when`
    #: (clients that write "0,02 $" in some exports and "$0.02" in others).
    alt_locale: NumberLocale | None = None
    alt_locale_when: str = ""
    #: The scope of `alt_locale_when`: each amount string instead of the hand's lines (exports
    #: that mix "€33.43 EUR" and "[0,35 €]" in one hand: PartyPoker; 888 chooses per hand).
    alt_locale_per_amount: bool = False
    #: Formats without street markers: the n-th line of a hand matching this pattern (the
    #: board cards dealt) opens street n (flop, turn, river).
    board_deal_line: str = ""
    #: The header may give no stakes (cash games that print none): the blinds are then the
    #: hand's posts (first live small blind, largest live big blind; FL: small bet = big blind).
    stakes_from_posts: bool = False
    #: Verbs (see `verbs`, kind raise) the site writes for an all-in wager whatever it is: a
    #: bet when nothing is bet on the street (Bovada "All-in(raise) $5.43" opening the turn
    #: for less than a full bet; its full all-in bets are "All-in $N").
    wager_verbs: tuple[str, ...] = ()
    #: A line showing the board (summary "Board [..]"): a hand that has one but no line of a
    #: later street (no marker, no `board_deal_line`) is quarantined by the shared hand checks,
    #: its streets unknowable, unless the site's `streets` hook reads them (Bovada).
    board_line: str = ""
    #: A line anywhere in the hand stating money the site added to the pot (group stp),
    #: e.g. "Cash Drop to Pot : total $0.2"; taken out of total_pot and rake like STP.
    site_money_line: str = ""
    #: The site never prints uncalled-bet returns: the uncalled part of each street's top
    #: commitment is in that player's collect and in the reported pot. The pipeline emits the
    #: uncalled_return and takes it out of the collect and of total_pot
    #: (parsers/core/settlement.py).
    implicit_uncalled: bool = False
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
    #: Regex of the text before the player's name on action lines ("Player X folds" in old
    #: WPN exports): removed from the start of body lines before the name is looked up.
    actor_prefix: str = ""
    #: (regex on the table name, site): hands of another site converted to this format by a
    #: tool that writes a table name of its own (HUD converters of Bovada hands to PokerStars:
    #: "Table '#11251690'", Bovada's table number): the hands take that site (hands.site) and
    #: its options (audit/options.py SITE_PROFILES). First match wins.
    converted_sites: tuple[tuple[str, str], ...] = ()
    #: Regex on the table name of a fast-fold pool's hands (PokerStars' older "Klinkenberg
    #: Zoom 40-100 bb", WPN "Blitz Poker"): hands.is_fast_fold, with what the header reader
    #: reads (parsers/core/header.py FAST_FOLD). Empty: the table name never says.
    fast_fold_table: str = ""
    #: Verbs of `actor_action` (as written) that add chips to the actor's stack from outside
    #: the hand -> their kind in parsers/schema.py ADDITION_KINDS (Bovada "Rebuyin": "rebuy").
    #: Read into the seats table, not the actions (parsers/core/additions.py); a `named_lines`
    #: kind among ADDITION_KINDS is read the same way.
    addition_verbs: Mapping[str, str] = field(default_factory=dict)

    #: Lines the client adds that move no chips although they may name a player and an amount
    #: (bounties, prizes, tickets, rewards, seat re-joins, connection notices, chat): whole
    #: lines the grammar does not otherwise read, skipped and counted (`lines_skipped`), never
    #: quarantined (docs/parsing.md, "Lines that move no chips").
    no_chips: str = ""

    #: How the format writes the rounds of the games without a board, per game family
    #: ("stud", "draw": parsers/core/families.py). A hand of a family it does not declare is
    #: quarantined as an unsupported game.
    families: Mapping[str, FamilyFormat] = field(default_factory=dict)

    #: The site's own steps, called by the pipeline at named points (parsers/core/hooks.py;
    #: each site's in parsers/sites/<site>/hooks.py).
    hooks: Hooks = field(default_factory=Hooks)

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
