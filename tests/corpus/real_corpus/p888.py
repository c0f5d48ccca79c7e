"""The 888poker corpus: damaged hands and flags the logs prove (real_corpus/__init__.py).

Not readable and not listed here: a later copy of FLH-USD-0.02-0.04 hand 311162661 in
888-LHE-USD-0.01-0.02.txt, and the BLAST all-in phase hand 1008664844 (NLHE-MTT-USD-13.95-
1.05-201901.BLAST.txt, "42.797,60 $/0 $ Blinds": no blinds, each stack posted as an ante),
quarantined as an unsupported game.
"""

from __future__ import annotations

FOLDERS = ("888poker",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("NLHE-USD-50.00-100.00-201406.blank.player.names.txt", 2): (
        "hand has no seat lines",
        "an anonymised export: both seat lines name no player ('Seat 2:  ( $895 )', 'Seat 6:"
        "  ( $600 )') and every action line starts with the same empty name (' posts small"
        " blind [$50]', ' raises [$550]'): no action can be given to a seat",
    ),
    (
        "888poker20160327 Tournament $0.01 Step 1 WSOP, 888Live & Major Tournaments (78669773)"
        " No Limit Holdem.txt",
        473,
    ): (
        "hand has no seat lines",
        "an anonymised hand in a file of named ones (game 778799896): every seat line names no"
        " player ('Seat 1:  ( $325 )', 'Seat 2:  ( $1,555 )') and every action line starts"
        " with the same empty name (' posts ante [$10]', ' raises [$200]'): no action can be"
        " given to a seat",
    ),
    ("InValidHand_1.txt", 28): (
        "hand has no *** SUMMARY ***",
        "a cut test sample (its name says invalid): the flop marker shows two cards"
        " ('[ 5c, Jc ]') and the file ends on line 28 'Berg_pl123 folds', before the turn and"
        " the summary: who won is never written",
    ),
}

_WSOP_STEP1 = (
    "888poker20160328 Tournament $0.01 Step 1 WSOP, 888Live & Major Tournaments (78670600)"
    " No Limit Holdem.txt"
)

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    (_WSOP_STEP1, "778807232"): {
        "HEADER-STAKES": (
            "the first hand of a new tournament level (SITES.md: the header may carry the new "
            "level while the blinds are posted at the old one): header '$200/$400 Blinds', "
            "aljammer posts small blind [$150] and 7tapa7 big blind [$300], the previous hand "
            "778807183's level '$150/$300 Blinds'; the next hand 778807325 posts [$200]. The "
            "posts define the hand"
        )
    }
}
