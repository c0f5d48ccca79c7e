"""The partypoker corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("partypoker",)

_MISMATCH = "the action lines do not match the seat list"

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt", 15): (
        "unrecognised line 'Hero Name raises 3.0 to 3.0'",
        "anonymised test export: the seat list names 'Hero', the action lines 'Hero Name'",
    ),
    ("PLO-2max-USD-0.50-1.00-201601.unknown.preamble.txt", 12): (
        _MISMATCH,
        "anonymised in the seat list only: 'Seat 2: Player2' posts the small blind and never "
        "acts, 'zejnikogoj' (no seat line, the table 2/2 full) raises and wins",
    ),
    ("PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt", 13): (
        _MISMATCH,
        "anonymised in the seat list only: Player3 posts the small blind and never acts, "
        "'holdem_AA' and 'playclever99' (no seat lines) fold in his place",
    ),
    ("WithAnonomous.txt", 12): (
        _MISMATCH,
        "anonymised in the seat list only: Player1 posts the small blind and never acts, "
        "'WolfgangCutler' (no seat line) raises, bets and wins",
    ),
}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("LHE-Freeroll-MTT-201207.txt", "11932613562"): {
        "ORDER": "button seat 9, blinds seats 10 and 1 (silent): seat 2 (Player6) is first to "
        "act, but the log prints Player3 (seat 4) folds, Player4 (seat 3) folds, then Player6 "
        "(seat 2) folds: seats 4 and 3 act before seat 2",
    },
    ("NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt", "14067958"): {
        "CHECK-FACING-BET": "no post is printed for the button Player2, who 'checks.' preflop "
        "facing the $0.10 big blind (the $0.58 won needs ~$0.15 more than the printed bets)",
        "ROUND-INCOMPLETE": "Player2's check leaves him $0.10 short of the bet when the flop "
        "is dealt",
    },
    ("NLHE-MTT-USD-100-9-202104.anon.txt", "16194828757579au6ou93d1"): {
        "POT-TOTAL": "antes 7 x 17500 + SB 70000 + 294000 + 1260000 x 2 + 751624 x 2 + "
        "1050000 x 2 = 6609748, 'Main Pot: 6609750' (the summary's 'bet 6971125' and 'lost "
        "3079125' count the flop bets as 751625 each)",
    },
    ("NLHE-MTT-USD-50-5-202104.anon.txt", "161938625156465v9fyd47bg"): {
        "ALLIN-FLAG": "Player5 (11389667) posts ante 87500 and 'raises 11302166 to 11302166' "
        "= 11389666, 1 chip behind, then 'is all-In.'",
        "ROUND-INCOMPLETE": "with that 1 chip behind Player5 still owes action when the "
        "preflop ends",
        "POT-TOTAL": "antes 8 x 87500 + 350000 + 700000 + 11302166 + 13185876 + 13185876 "
        "(16380517 less 3194641 uncalled) = 39423918, 'Main Pot: 35656500 Side Pot 1: "
        "3767420' = 39423920",
        "CHIP-CONSERVATION": "Player7 'collected 42618560' less the 3194641 uncalled = "
        "39423919, the pots say 39423920",
    },
    ("NLHE-MTT-USD-50-5-202104.bad.math.txt", "1618961225358jrdwo4ad458"): {
        "ALLIN-FLAG": "Hero (166097088): ante 500000 + 8000000 + 10800000 + 25475998 + "
        "121321080 = 166097078, 10 behind, then 'Hero is all-In.'",
        "POT-TOTAL": "2 x 166097078 = 332194156 put in, 'Main Pot: 332194176' (the summary's "
        "'bet 166097088')",
    },
}
