"""The wpn corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("wpn",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt", 13): (
        "flop marker without cards (corrupted export)",
        "'*** FLOP ***:' is printed before the hole cards are dealt, with no board: the "
        "streets of the hand cannot be told",
    ),
    ("PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt", 51): (
        "disconnect protection: all-in without chips (not modelled)",
        "'Player0 is disconnected and ALL IN.' then 'Player Player0 allin' with no amount "
        "facing a bet: the site's all-in protection (he stays in for what he put in) is a "
        "rule the audit does not model",
    ),
    ("7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", 101): (
        "hand has no *** SUMMARY *** (truncated?)",
        "the file ends after the seat lines of hand 693976187 ('Seat 8: KickAzzJohnny "
        "(26.41).'): the export was cut before the deal",
    ),
}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("test.txt", "191676962"): {
        "HAND-LABEL": "a parser's test sample with made-up names (PLO, board 6c 8s 7h 3h Jd): "
        "player6 shows [Jh Js 8c 8d], whose best two hole cards and three board cards are "
        "Js Jh Jd 8s 7h, three jacks; no two of his cards make a straight with three of the "
        "board (7-8-9-T-J needs a nine and a ten), yet the summary names 'a straight, Jack "
        "high[Jh Td 9h 8c 7h]', five cards of which Td and 9h are in no hand and not on the "
        "board (the show lines name both players 'a pair of Jacks [Js Jc]', and Jc is nowhere)",
    },
    ("PostingDead.txt", "61150000"): {
        "POT-TOTAL": "dead 0.03 (Player2) + 0.08 (Player3) + 0.26 less 0.18 uncalled "
        "(Player4) + 0.02 (Player5) = 0.21 put in, 'Total pot $0.20' with no rake line",
    },
}
