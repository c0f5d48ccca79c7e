"""The pokerstars corpus: damaged hands and flags the logs prove (real_corpus/__init__.py).

Folders of the PokerStars format and its clones. Conventions of clients that are not
PokerStars' own are modelled, not listed here: Bovada hands converted to the PokerStars
format (table "#<Bovada table number>") are site "bovada", whose walks keep or return the
whole blind; Run It Once 2019 logs "checks" for players who cannot act (docs/options.md).
Cancelled hands ("Hand cancelled", no chips moved) are not readable hands and are not listed:
LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt line 6, PLO-6max-USD-200-400-201510.
partial.observed.txt line 6, italytoast CancelledHand.txt line 6.
"""

from __future__ import annotations

FOLDERS = ("pokerstars", "runitonce", "pokerbros", "pokermaster", "pppoker")

_CUT = "hand has no *** SUMMARY *** (truncated?)"
_FREEROLL = "NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt"

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 19): (
        _CUT,
        "a partial export: hand 112824228684 stops at line 19 in mid-flop ('*** FLOP *** "
        "[Js 3d '), the next hand's header follows",
    ),
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 40): (
        _CUT,
        "a partial export: hand 112824184047 stops at line 40 on a bare name ('Player0'), the "
        "next hand's header follows",
    ),
    ("PLO-6max-USD-200-400-201510.partial.observed.txt", 11): (
        "hand has no seat lines",
        "a partial export: hand 142624277978 is its header and a cut table line (\"Table 'Owa "
        'III"), nothing more',
    ),
    (_FREEROLL, 113): (
        "unrecognised line",
        "a concatenated partial file: hand 86564040647 is cut inside its river marker, "
        "'*** RIVER *** [4d Kh J' runs into the next hand's header, whose table and seat lines "
        "(lines 111-) then sit inside the cut hand: the table line moves no chips (skipped), "
        "'Seat 2: Player4 (2520 in chips)' on line 113 names a seated player with an amount",
    ),
    (_FREEROLL, 1436): (
        "unrecognised line",
        "a concatenated partial file: hand 86568539580 is cut after 'Player25: ' and the next "
        "hand's header is glued onto it on line 1436",
    ),
    ("InValidHand_1.txt", 40): (
        _CUT,
        "italytoast's invalid-hand test file: hand 109681289672 ends at line 40 on the collect, "
        "its *** SUMMARY *** removed",
    ),
}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt", "81631597149"): {
        "DRAW-COUNT": "true: first draw 'Hero: discards 2 cards []' then 'Dealt to Hero [2s 7s 5h "
        "3c Qh] [2s 7s 5h 3c Qh]': the hand after the draw is the five cards before it, 2 "
        "thrown and 0 received; second draw 'discards 1 card []' and the same five again (1 for "
        "0). The client's duplicate-hole-cards logging fault (fpdb's sample of it); the third "
        "draw 'discards 1 card [Ad]' throws a card he was never dealt",
    },
    ("UncontestedWinnerFlash.txt", "999000000001"): {
        "POT-TOTAL": "true: SB $0.05 + BB $0.10 + HeroFlash's raise to $0.40 = $0.55 put in, "
        "$0.30 returned uncalled: $0.25 stays in; the log reports and pays 'Total pot $0.20' "
        "(the small blind's $0.05 vanished; italytoast's hand-made test hand)",
    },
    ("AnteTable.txt", "109715173634"): {
        "POT-TOTAL": "true: SB $0.10 + BB $0.25 + six $0.05 antes + Captain2323's raise to "
        "$0.50 = $1.15, $0.25 returned uncalled: $0.90 in the pot; the log reports and pays "
        "'Total pot $0.50' (the antes and the BB's $0.25 are missing)",
    },
    ("UtcTimestampFormat.txt", "886664460000891"): {
        "CHIP-CONSERVATION": "true: both players put in $1.80 ('raises $1.20 to $1.80', 'calls "
        "$1.20'): pot $3.60 = 'Total pot $3.60 | Rake $0.36', but '10409818 collected $3.30': "
        "$3.30 + $0.36 = $3.66, $0.06 more than the pot (the other PPPoker hands add up: "
        "$57.90 + $5.10 = $63.00)",
    },
    ("NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt", "30266126"): {
        "UNCALLED-RETURN": "true: Galen U's flop bet of €0.21 is uncalled (Danielle J folds), "
        "yet the log returns €0.71 and he also collects €0.71 (pot €0.25 + STP €0.50 - rake "
        "€0.04, the summary's 'won €0.71'): €1.42 paid for €0.92 available. €0.71 = €0.21 + the "
        "€0.50 STP: the splash is printed twice, as in hand 36197946",
    },
    ("PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt", "36197946"): {
        "CHIP-CONSERVATION": "true: 'Total pot €146.34 | Main pot €119.52 | Side pot €21.82 | "
        "STP €5.00 | Rake €2.50' and the summary's 'won €143.84' (= 146.34 - 2.50), but the "
        "collect lines pay €26.82 (side 21.82 + the STP) + €122.02 (main 119.52 + the STP - "
        "the rake) = €148.84: the €5 splash is paid twice (the message's pot and rake are net "
        "of the STP: 141.34 and -2.50)",
    },
    ("River.txt", "109687480274"): {
        "CARD-DUP": "true: the flop is '*** FLOP *** [5d Ks 7c]' and Fishmax3 'shows [5d Kd]': "
        "the five of diamonds twice (an edited test export: yatga's 'a pair of Tens' has no ten "
        "either: 3s 2s on 5d Ks 7c Jc 7d)",
    },
    ("PLO-6max-USD-5-10-201509.converted.format.txt", "3115869696"): {
        "HAND-LABEL": "true: bodogJS 'shows [6d 3c 5s 3d] (a straight, Nine to Six)' on the board "
        "8h 7h 4d As 9d: with exactly two hole cards his best is 6d 5s + 9d 8h 7h, the straight "
        "Five to Nine; no straight runs from Nine to Six (the converter prints the same name for "
        "the winner's Six to Ten)",
    },
}
