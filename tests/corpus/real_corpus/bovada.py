"""The bovada corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("bovada",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt", 10): (
        "unrecognised line",
        "fpdb's partial-hand sample: hand 3260004104 is cut inside 'Dealer : Rais' and the "
        "header of hand 3260003105 is glued onto that line",
    ),
    ("NLHE-USD-5-10-201511.concatenated.partial.txt", 43): (
        "street marker after the summary",
        "fpdb's concatenated-partial sample: the summary of hand 3178646516 breaks off in "
        "'Seat+2: Small Blind $127 [75 in chips)' (line 36) and the seat lines, posts and "
        "'*** HOLE CARDS ***' of a hand whose header is missing follow",
    ),
}

_IGNITION_35101148 = (
    "HH20250716-125906 - 21171575 - RING - $0.02-$0.05 - HOLDEM - NL - TBL No.35101148.txt"
)

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    (_IGNITION_35101148, "4804964210"): {
        # a warning: Bovada's odd-chip rule is not configured (too few exact splits to set
        # one: docs/showdown.md "Odd chips, a site convention"), so run.json names it a likely
        # convention; the log proves where the odd chip went, not a fault
        "POT-SPLIT": "'Set dealer [1]'; Small Blind (seat 2) and UTG+1 (seat 6) tie with "
        "Kd Qh Jh 8d 7c and Kd Qs Jh 8d 7s, 'Total Pot($0.15)' and no rake: 'Hand result "
        "$0.07' to Small Blind, the first tied hand left of the button, and $0.08 to UTG+1, "
        "whose Qs is where high_card_suit puts the odd chip",
    },
    ("LHE-USD-8-16-201204.old.format.txt", "2596806815"): {
        "POT-TOTAL": "the summary is another hand's: the actions put in 4 + 16 + 16 "
        "(preflop) + 16 + 16 (flop) + 16 + 16 (river) = $100 = 'Hand result $98' + rake $2, "
        "but 'Total Pot($57.50)' = $27.75 + $27.75 + $2 of two winners with four hole cards "
        "each, on 'Board [Ad 3d 7h Qc 4d]' where 3d Qs Qc / Kh / 7d were dealt",
        "CHIP-CONSERVATION": "the same summary: collected $98 + rake $2 = $100, "
        "'Total Pot($57.50)'",
        "CARD-DUP": "the same summary: 'Big Blind : Card dealt to a spot [Ad Qd]' and its "
        "'Board [Ad 3d 7h Qc 4d]': the ace of diamonds twice",
    },
    ("NLHE-9max-USD-3-201204.missing.limit.info.txt", "2607979051"): {
        # the header-against-posts contradiction (stakes from the evidence, HEADER-STAKES)
        "HEADER-STAKES": "header 'Normal- Level 5 (75/150)', posts 'Ante/Small blind 50' and "
        "'Big blind/Bring in 100' (both players keep chips: exact posts of the 50/100 level)",
    },
}
