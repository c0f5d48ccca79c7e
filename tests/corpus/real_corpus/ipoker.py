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

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
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
