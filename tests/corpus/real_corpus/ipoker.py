"""The ipoker corpus: damaged hands and flags the logs prove (real_corpus/__init__.py).

Not listed, so counted against the audit rate: fpdb-3 LHE-10max-USD-0.10-0.20-201107.player
.sitting.out.xml hand 2855472319, quarantined "disconnect protection: all-in without chips (not
modelled)": a legal hand (Player7's raise to $0.20, then code 7 sum="DP" facing $0.30, his
main pot paid: win $0.72) that the audit has no all-in-with-chips-behind for yet.
"""

from __future__ import annotations

FOLDERS = ("ipoker",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("InValidHand_1.txt", 21): (
        "action by a player with no seat",
        "a deliberately broken test sample (italytoast-phhp ValidHandTests): ValidHand_1.txt "
        "(audited) with nawu's <player> element deleted; nawu still posts the £0.10 big blind "
        "and folds, with no seat, stack, bet or win anywhere in the game",
    ),
}


def _edited_gametype(gametype: str, posts: str, stacks: str, dates: str) -> dict[str, str]:
    """HEADER-STAKES on the HHSmithy copies of the iPoker test samples: their <gametype> was
    edited to test a header reader (the italytoast copies of the same names are other hands
    whose <gametype> agrees with their posts) and no one convention maps it to the posts."""
    return {
        "HEADER-STAKES": (
            f"an edited test sample (HHSmithy LimitTests/GameTypeTests): <gametype>{gametype}"
            f"</gametype>, while the small and big blind are posted at {posts} and the stacks "
            f"({stacks}) are those of that table; {dates}. The posts define the hand"
        )
    }


KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("GbpTable.txt", "3302790770"): _edited_gametype(
        "Holdem NL £0.10/£0.25",
        "£0.25/£0.50 (dwelsh1 type 1, fangchengrui type 2; a raise to £1 = 2 x BB)",
        "£3.70 to £26.95: 7 to 54 posted big blinds",
        "a £0.10/£0.25 header would make the £0.25 small blind a big blind",
    ),
    ("EuroTable.txt", "3302416084"): _edited_gametype(
        "Holdem NL €2/€4",
        "€1/€2 (Hypomanie type 1, iutvf type 2), then a raise to €4, twice the posted BB",
        "€60, €60, €126",
        "italytoast's EuroTable.txt (another hand, 5383308893) states €0.50/€1 and posts €0.50/€1",
    ),
    ("6 Max.txt", "3301944192"): _edited_gametype(
        "Holdem NL $0.02/$0.04",
        "$2/$4 (cdxp type 1, poguemahone111 type 2), 100 times the header",
        "$94 to $258.40: 23 to 65 posted big blinds, 2 350 to 6 460 header big blinds",
        "the game starts at 11:55:28, five hours before its session's <startdate> 16:51:51",
    ),
    ("FoldedPreflop.txt", "3303230810"): _edited_gametype(
        "Holdem NL €1/€2",
        "€10/€20 (TTR116060183 type 1, yutant type 2), 10 times the header",
        "€1,590.94 to €2,648: 80 to 132 posted big blinds",
        "its session <startdate> is empty",
    ),
    ("NoHoleCards.txt", "3303231053"): _edited_gametype(
        "Holdem NL €1/€2",
        "€10/€20 (yutant type 1, BurnN0tice type 2), 10 times the header; a raise to €50",
        "the same four players and stacks as FoldedPreflop.txt hand 3303230810, 16 s earlier",
        "its session <startdate> is empty",
    ),
    ("GeneralHand.txt", "3251939984"): _edited_gametype(
        "Omaha PL $0.50/$1",
        "$0.01/$0.02 (Yatze1977 type 1, pk9443 type 2), one fiftieth of the header",
        "$0.65 to $6.51: 32 to 325 posted big blinds, under 7 header big blinds",
        "the game (2012-04-17) is six weeks before its session's <startdate> (2012-05-28)",
    ),
    ("Limit3.txt", "3301980688"): _edited_gametype(
        "Omaha PL $0.50/$1",
        "$0.10/$0.20 (p0krF4c3 type 1, Rosiejo type 2), one fifth of the header; a raise to $0.40",
        "$20.20 and $23.64: 101 and 118 posted big blinds",
        "its session <startdate> is empty",
    ),
    ("Full Ring (10 Handed).txt", "3302721610"): {
        "POT-TOTAL": "a corrupted sample: seat 7 'TrapistBeer' is a copy of seat 6 "
        "'TrappistBeer' (same $23.93 chips, bet $1.80, win $2.44) and is dealt no cards and "
        "never acts. The bets 0.10 + 0.60 + 1.80 + 1.80 = 4.30 less the $1.20 uncalled turn bet "
        "state a $3.10 pot; the actions put in 0.10 + 0.60 + 0.60 + 1.20 - 1.20 = $1.30",
    },
    ("HMExport_1.txt", "742000000"): {
        "SHOWDOWN-WINNER": "the log pays a losing Omaha hand half the pot: an anonymised test "
        "sample (italytoast-phhp ValidHandTests, players Player1..5, hand 742000000). Board "
        'Kd Tc 7c 9d 2h (<cards type="Flop">DK C10 C7</cards>, D9, H2); Player5 holds CQ H6 '
        "DJ SK = Qc 6h Jd Ks: Qc Jd + Kd Tc 9d, a straight to the King; Player4 holds D6 SQ SA "
        "H9 = 6d Qs As 9h: no two of them make a straight or better with three board cards, "
        "his best is a pair of Nines (9h 9d). Both put in €240 (the only pot, €480) and the log "
        'gives each win="€238" (€4 rake): Player4\'s €238 is collected without a best hand',
    },
    ("cash.hhsmithy.eur.NLHE.6max.2018.xml", "7973181788"): {
        "POT-TOTAL": "the export contradicts itself: Sean007007 has chips €26 and bet €28; his "
        "actions are a raise to €3, a raise to €25, then all-in for €1 more (€26, his stack). "
        "huravy's bet €50 is his closing raise to €40 counted on top of his €10 (the client's "
        "convention, read as €40). Bets 28 + 40 + 0.50 less the €14 uncalled = €54.50 stated; "
        "the actions put in 26 + 26 + 0.50 = €52.50, and huravy's win €49.88 is that pot less a "
        "5 % rake (€2.62)",
    },
}
