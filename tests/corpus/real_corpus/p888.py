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
    ("InValidHand_1.txt", 28): (
        "hand has no *** SUMMARY ***",
        "a cut test sample (its name says invalid): the flop marker shows two cards"
        " ('[ 5c, Jc ]') and the file ends on line 28 'Berg_pl123 folds', before the turn and"
        " the summary: who won is never written",
    ),
}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {}
