"""Checker options (RULES.md §6), their TOML loading, and per-site profiles.

Every option of RULES.md §6 is one field of `Options`, with the default given there. A TOML file
(`hhaudit check --config FILE`) may hold a `[default]` table and `[site.<name>]` tables:

    [default]
    fl_max_raises = 4

    [site.pokerstars]
    fold_without_bet = "ignore"

A site's effective options are: the defaults, then the site's profile (`SITE_PROFILES`, built-in
and documented in docs/options.md with the evidence from real logs), then the `[default]` table,
then its own `[site.<name>]` table.
"""

from __future__ import annotations

import dataclasses
import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

CHOICES: dict[str, tuple[str, ...]] = {
    "fl_cap_heads_up": ("always_capped", "uncapped_when_two_dealt", "uncapped_when_heads_up"),
    "fl_reopen_scope": ("facing", "last_raise"),
    "fl_short_allin_completion": ("complete_to_level", "raise_over_allin"),
    "short_allin_bet": ("raise_over_allin", "complete_to_minimum"),
    "fl_half_allin_level": ("allin", "full_bet"),
    "fl_short_allin_counts_to_cap": ("if_counted", "always"),
    "bb_ante_priority": ("blind_first", "ante_first"),
    "ante_priority": ("ante_first", "blind_first"),
    "fold_without_bet": ("info", "warning", "violation", "ignore"),
    "raise_without_opponent": ("info", "warning", "violation", "ignore"),
    "odd_chip": ("left_of_button", "high_card_suit"),
    "pots_reported": ("net", "gross"),
    "button_rule": ("either", "dead", "moving"),
    "stud_tie_break": ("suit", "position"),
}


#: The tables of an options file, in one place (the CLI's reader, hhaudit/cli/config.py, checks
#: a file against them): [default] and [site.<name>] hold options; [rules] the rule selection
#: (select, ignore, [rules.severity]) that `hhaudit run` / `check` read.
TOP_TABLES: tuple[str, ...] = ("default", "site", "rules")
RULES_KEYS: tuple[str, ...] = ("select", "ignore", "severity")
#: Sub-tables a [site.<name>] table may hold besides options (issue #16 adds "rake"); skipped
#: here, read by their own loaders.
SITE_SUBTABLES: tuple[str, ...] = ("rake",)  # [site.<name>.rake]: audit/sessions/rake.py
TYPE_NAMES: dict[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    str: "a string",
}


def type_name(value: object) -> str:
    """How an error names a value's TOML type ("a string", "an integer", "a table", ...)."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return TYPE_NAMES.get(type(value), type(value).__name__)


def closest(word: str, known: list[str] | tuple[str, ...]) -> str | None:
    """The known name closest to `word` (difflib), if one is close enough."""
    found = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    if not found:
        found = difflib.get_close_matches(word.lower(), [k.lower() for k in known], n=1)
        found = [k for k in known if found and k.lower() == found[0]]
    return found[0] if found else None


def did_you_mean(word: str, known: list[str] | tuple[str, ...]) -> str:
    """' (did you mean `x`?)' or ''."""
    match = closest(word, known)
    return f" (did you mean `{match}`?)" if match else ""


@dataclass(frozen=True)
class Options:
    """One field per option of RULES.md §6; defaults as there."""

    short_bb_call_full: bool = True
    straddle_sets_min_raise: bool = True
    straddle_sets_postflop_min_bet: bool = False
    pl_preflop_nominal_blinds: bool = True
    pl_sb_counts_as_bb: bool = False
    fl_max_raises: int = 3
    fl_cap_heads_up: str = "always_capped"
    fl_reopen_fraction: float = 0.5
    fl_reopen_scope: str = "facing"
    fl_short_allin_completion: str = "complete_to_level"
    fl_short_allin_counts_to_cap: str = "if_counted"
    #: Extension (RULES.md B-1/B-3 leave it to the rules followed): NL/PL, after an all-in bet
    #: below the minimum bet. "raise_over_allin" (RRoP, RULES.md): it reopens nothing, the next
    #: raise is to at least the all-in plus the minimum bet. "complete_to_minimum": it is no bet
    #: for the minimum: anyone, a player who checked included, may complete it to the minimum
    #: bet or raise, and that completion is a full bet that reopens the betting for a player
    #: who called the short bet (docs/options.md).
    short_allin_bet: str = "raise_over_allin"
    bb_ante_priority: str = "blind_first"
    ante_priority: str = "ante_first"
    fold_without_bet: str = "info"
    raise_without_opponent: str = "warning"
    #: Extension (not in RULES.md §6): in a hand nobody contests to the end the site may log no
    #: uncalled return and leave those chips in the pot the last player wins (H-2/H-3 accept it).
    uncontested_pot_keeps_uncalled: bool = False
    #: Extension: in a hand nobody contests to the end the log may return the last player's
    #: whole last wager (a walk's big blind) and report the rest as the pot: the player gets
    #: back the same chips (H-2/H-3 accept it when return + pot is everything put in).
    uncontested_returns_whole_wager: bool = False
    #: Extension: the site logs a "check" for players who cannot act on a street where no
    #: betting is possible (all-in players, the one player left with chips): such a check is
    #: filler, ignored without ACT-ALLIN / ACT-CLOSED.
    checks_logged_without_betting: bool = False
    #: Extension: FL, after an all-in of at least half a unit (but short of a full bet) the level
    #: L is the all-in total (D-12, "allin") or the full bet it completes to ("full_bet").
    fl_half_allin_level: str = "allin"
    #: Extension: FL, after a counted all-in short of a full bet (D-12), the next wager may also
    #: complete it to that full bet (L before the all-in + u): PokerStars (docs/options.md).
    fl_allin_completion: bool = False
    #: RULES.md §11: who gets the odd chips of a split pot: the first tied hand clockwise from
    #: the button (TDA 20), or the tied hand with the highest card by suit (button-less games).
    odd_chip: str = "left_of_button"
    #: Extension: the site's odd-chip rule is known: set with `odd_chip` (by a site profile or
    #: an options file: `replace` sets it), or on its own. While false, POT-SPLIT on the odd
    #: chip alone is a warning and run.json names the site's placement a likely convention.
    odd_chip_configured: bool = False
    #: RULES.md §11: the site pays the pots net of the rake ("net": the rake comes off the pot
    #: before it is shared) or gross (the collects are the whole shares).
    pots_reported: str = "net"
    #: RULES.md §11: short deck ranks three of a kind above a straight (the usual online rule).
    short_deck_trips_beat_straight: bool = True
    #: RULES.md §12: two consecutive hands of a table are one session when their start times
    #: are at most this many seconds apart.
    session_gap_s: int = 600
    #: RULES.md §12 T-2: how the big blind moves when a player has left the table: "dead"
    #: (one seat on, TDA 32), "moving" (behind the button), or "either" (the default: a seat
    #: one of the two gives is accepted; the real logs follow neither strictly).
    button_rule: str = "either"
    #: RULES.md §12 T-1: the site prints a line for every rebuy and add-on of a tournament, so a
    #: tournament stack that grows between two hands with no such line read is a violation
    #: (true), not info (false, the default: most sites print none, and the log cannot prove it).
    tournament_additions_printed: bool = False
    #: RULES.md §13 S-5: stud's equal showing hands on 4th-7th street: the high card by suit
    #: starts ("suit", TDA 2024 RP-10-D) or the nearest the dealer's left ("position": WSOP
    #: live rule 215, PokerKit; without a button, the lowest seat).
    stud_tie_break: str = "suit"
    #: RULES.md §13 S-6: 7 Card Stud high, 4th street, a pair showing: a bet or raise may be
    #: the big bet (and once one is, the raises are big). TDA 2024 RP-10-F says no (default);
    #: PokerStars deals by it ("Pair on board - a double bet is allowed").
    stud_open_pair_big_bet: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value, expected = getattr(self, f.name), type(f.default)
            numeric = expected is float and isinstance(value, int) and not isinstance(value, bool)
            if type(value) is not expected and not numeric:
                raise ValueError(
                    f"option {f.name}: expected {TYPE_NAMES[expected]}, "
                    f"got {type_name(value)} ({value!r})"
                )
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                listed = ", ".join(f'"{choice}"' for choice in allowed)
                raise ValueError(
                    f"option {name}: expected one of {listed}, got {value!r}"
                    + did_you_mean(value, allowed)
                )
        if not 0 < self.fl_reopen_fraction <= 1:
            raise ValueError(
                f"option fl_reopen_fraction: expected a number in (0, 1], "
                f"got {self.fl_reopen_fraction}"
            )
        if self.fl_max_raises < 0:
            raise ValueError(
                f"option fl_max_raises: expected an integer >= 0, got {self.fl_max_raises}"
            )
        if self.session_gap_s < 0:
            raise ValueError(
                f"option session_gap_s: expected an integer >= 0, got {self.session_gap_s}"
            )

    def replace(self, **changes: Any) -> Options:
        """A copy with some options changed; unknown names fail loudly. Setting an option of
        SET_MARKS also sets its mark (unless the changes give the mark)."""
        unknown = sorted(set(changes) - set(option_names()))
        if unknown:
            hints = "".join(did_you_mean(name, option_names()) for name in unknown[:1])
            raise ValueError(f"unknown option(s) {', '.join(unknown)}{hints}")
        marks = {mark: True for name, mark in SET_MARKS.items() if name in changes}
        return dataclasses.replace(self, **{**marks, **changes})

    def to_dict(self) -> dict[str, Any]:
        """Plain values for run.json."""
        return {name: getattr(self, name) for name in option_names()}

    @property
    def reopen_fraction(self) -> Fraction:
        """fl_reopen_fraction as an exact fraction (integer arithmetic in the checker)."""
        return Fraction(self.fl_reopen_fraction).limit_denominator(1000)


#: Options whose being set is itself a fact the audit reads -> the option that marks it.
SET_MARKS: dict[str, str] = {"odd_chip": "odd_chip_configured"}


def option_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Options)]


#: Built-in per-site overrides. Each entry is documented in docs/options.md with the file and
#: hand of a legal real log that shows the site plays by that rule.
SITE_PROFILES: dict[str, dict[str, Any]] = {
    # Run It Once walks: "Ari L collected €0.15 from pot ... Total pot €0.15" with no uncalled
    # line (runitonce/fpdb-3/cash/NLHE-6max-EUR-0.05-0.10-201906.RIO.walk.txt, hand 30417551).
    # Its 2019 client logs "checks" for all-in players on the streets after the all-in
    # (NLHE-6max-EUR-0.02-0.04-201902.RIO.txt hand 30702949: John R, all-in on the turn for
    # €4.77, "checks" on the river, and so does Barre, the one player left with chips).
    "runitonce": {"uncontested_pot_keeps_uncalled": True, "checks_logged_without_betting": True},
    # FL: an all-in of at least half a unit is completed to a full bet, so the next raise is to
    # L + 2u: iPoker LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml hand 2855501026 (river
    # all-in bet $0.13 on a $0.20 unit, raise to $0.40) and Bovada LHE-USD-8-16-201204.old.format
    # hand 2596795140 (raise to $32, not $24.50).
    "ipoker": {"fl_half_allin_level": "full_bet"},
    # PokerStars prints each tournament rebuy and add-on ("X re-buys and receives 1500 chips for
    # $5.00", "takes the add-on"): tour/NLHE-USD-MTT-5r-200710.txt and NLHE-FPP-MTT-1r-201005.
    # AllinLotsRebuy.txt print 35 of them, and every tournament stack of the corpus that grows
    # between two hands of a table grows by such a line (parsers/core/additions.py).
    # The odd chip of a split pot to the first tied hand left of the button, in exact splits
    # (no rake taken from the pot): PokerStars fpdb-3/tour/NLHE-USD-MTT-1-KO.201008.txt hand
    # 47656123972 (13289 split, button seat 3: Poker Elfe 1, seat 7, gets 6645, Djkujuhfl,
    # seat 8, 6644); 888poker Step 1 WSOP (78669773) hand 778799969 (2495, button seat 2:
    # Pyfik106, seat 10, 1248, rhm09, seat 1, 1247); GGPoker rh21+pkr-hand-parser/
    # pokerok_history.txt hand HD2617418098 (31, button seat 1: seat 3 gets 16, seat 1 15);
    # docs/options.md lists them with the splits after the rake that agree (WPN, PartyPoker).
    # PokerStars lets an all-in bet below the big blind be completed to the big blind by a
    # player who had checked, and the player who had called the short bet then re-raise (a
    # 2026 tournament hand reported in issue #27; no such hand is in the corpus, whose one
    # PokerStars sub-minimum all-in bet is only called: docs/options.md).
    # PokerStars' 7 Card Stud deals the open-pair option (RULES.md S-6): "Pair on board - a
    # double bet is allowed" on 4th street, then a big bet: cash/Stud/7-Stud-USD-0.04-0.08-
    # 200911.txt, MasterTrini1 showing [5s] [5c] "bets $0.08" at $0.04/$0.08. Its limit games
    # let the next player complete a counted short all-in raise to the full bet: tour/Draw/
    # LBad-USD-MTT8-201011.txt hand 52476877655 (all-in to 150 over 120, unit 60, "raises 30 to
    # 180"; also 52478520236, 52479754591).
    "pokerstars": {
        "tournament_additions_printed": True,
        "odd_chip": "left_of_button",
        "short_allin_bet": "complete_to_minimum",
        "stud_open_pair_big_bet": True,
        "fl_allin_completion": True,
    },
    "888poker": {"odd_chip": "left_of_button"},
    "wpn": {"odd_chip": "left_of_button"},
    # PartyPoker's 7 Card Stud deals the open-pair option (RULES.md S-6): tour/Stud/7-Stud-USD-
    # MTT-6.00-201205.txt hand 11792805420, Player4 showing [2h] [2d] "double bets [120]" on 4th
    # street at 60/120, then raises of 120.
    "partypoker": {"odd_chip": "left_of_button", "stud_open_pair_big_bet": True},
    # Winamax gives the odd chips of a split to the highest card by suit, not left of the
    # button: NLHE-EUR-0.92-STT-201207.no.cur.txt hand 119419173368496129-1-1343577528, 260
    # split three ways (queens and tens, ace kicker each): As (Player5) and Ad (Player6) get 87,
    # Ac (Player2, first left of the button) 86.
    "winamax": {"odd_chip": "high_card_suit"},
    # GGPoker's short deck ranks a straight above three of a kind: NL-ShortDeck-5max-USD-100-
    # 202104.internal.txt hand 1171217378123557259, 951600's "Aces-High Straight" (As Ks Qs Jd
    # Tc) wins the first board against 1802531's three tens.
    "ggpoker": {"short_deck_trips_beat_straight": False, "odd_chip": "left_of_button"},
    # Bovada hands converted to the PokerStars format (parsers/sites/pokerstars/grammar.py
    # CONVERTED_SITES) are site "bovada" too. Their walks keep the uncalled blind in the pot
    # (pokerstars/fpdb-3/cash/NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt hand
    # 2762719793: "HOOP collected $9 from pot", SB $3 + BB $6, no uncalled line) or return the
    # whole big blind (NLHE-6-max-USD-10-20-201701.pot1.converted.walk.txt hand 3405956177:
    # "Uncalled bet ($20) returned to brian", "collected $10", "Total pot $10"): the winner gets
    # back all $30 either way. On native Bovada hands both options are inert: their returns
    # are printed or implied by the parser (Grammar.implicit_uncalled), never left in the pot.
    "bovada": {
        "fl_half_allin_level": "full_bet",
        "uncontested_pot_keeps_uncalled": True,
        "uncontested_returns_whole_wager": True,
    },
}


def site_options(base: Options, site: str) -> Options:
    """The base options with the site's built-in profile applied."""
    profile = SITE_PROFILES.get(site.lower(), {})
    return base.replace(**profile) if profile else base


def load_options(path: str | Path | None) -> tuple[Options, dict[str, Options]]:
    """Read a TOML options file: (default Options, {site: Options}).

    The per-site dict holds every site named in SITE_PROFILES or in the file's [site.*] tables,
    each as default + profile + [default] table + [site.<name>] table.
    """
    data: Mapping[str, Any] = {}
    if path is not None:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    unknown_tables = sorted(set(data) - set(TOP_TABLES))
    if unknown_tables:
        hint = did_you_mean(unknown_tables[0], TOP_TABLES)
        raise ValueError(f"{path}: unknown table(s) {unknown_tables}{hint}")
    return options_from_tables(data.get("default", {}), data.get("site", {}))


def options_from_tables(
    default_table: Mapping[str, Any], site_tables: Mapping[str, Any]
) -> tuple[Options, dict[str, Options]]:
    """(default Options, {site: Options}) from a [default] table and the [site.*] tables (their
    SITE_SUBTABLES skipped); the dict holds every site of SITE_PROFILES or of `site_tables`."""
    default = Options().replace(**default_table)
    sites: dict[str, Options] = {}
    for site in sorted(set(SITE_PROFILES) | {name.lower() for name in site_tables}):
        table: Mapping[str, Any] = next(
            (t for name, t in site_tables.items() if name.lower() == site), {}
        )
        own = {key: value for key, value in table.items() if key not in SITE_SUBTABLES}
        sites[site] = Options().replace(**{**SITE_PROFILES.get(site, {}), **default_table, **own})
    return default, sites
