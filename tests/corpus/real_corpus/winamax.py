"""The winamax corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("winamax",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {
    ("InValidHand_1.txt", 1): (
        "corrupted header",
        "italytoast's invalid-hand sample: the brand is misspelt 'Winaax Poker' on purpose",
    ),
    ("7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt", 17): (
        "raise by a negative amount",
        "fpdb's negative-bet sample: 'Player0 raises -6.10€ to 18.90€' over a 25€ completion; "
        "his 10€ bring-in plus 18.90€ make 28.90€, which 'Player1 calls 3.90€' and the pot "
        "(15€ of antes + 2 x 28.90€ = 72.80€ = 70.30€ collected + 2.50€ rake) confirm: the line "
        "prints the chips added as its "
        "total",
    ),
}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt", "6468352-1737-1408024646"): {
        "POT-TOTAL": "fpdb's bad-pot sample: posts 1 + 2, Player1 raises to 6, all fold: 9€ in "
        "(4€ of it uncalled), yet 'Total pot 10€' and 'collected 10€'",
    },
    ("PLO-FR-EUR-0.02-0.05-201009.Sample", "270777-205-1284852281"): {
        "RAISE-NO-OPP": "river: Player27 'bets 0.38€ and is all-in', the only other player "
        "Player5 'raises 0.38€ to 0.76€'; the pot (2.44 + rake 0.11 = 2.55 = 2.17 called + "
        "0.38) holds the uncallable 0.38",
    },
    (
        "20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt",
        "22085692498641245-7-1299346692",
    ): {
        "RAISE-NO-OPP": "turn: AXELEO 'bets 2380 and is all-in' (2900 - 200 - 320), the only "
        "other player besancon2500 'raises 230 to 2610 and is all-in'; the 230 nobody could "
        "call comes back as 'collected 230 from side pot 1'",
    },
    ("NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt", "6307872438747255-64-1288123510"): {
        "LABEL": "fpdb's raise-written-as-bet sample: preflop the big blind (120 in) 'bets "
        "292.50' over his own big blind; Player2 'calls 292.50'",
        "ALLIN-FLAG": "flop: Player6 'bets 797.50' = 1220 - 10 ante - 412.50 preflop, his "
        "last chip, without 'and is all-in'",
        "RAISE-NO-OPP": "flop: Player2 'raises 797.50 to 1595' over Player6's all-in 797.50, "
        "nobody else in; collected 3368 (90 antes + 60 + 2 x 412.50 + 797.50 + 1595 = "
        "3367.50: the pot holds the uncallable 797.50)",
    },
    ("PostingDead.txt", "5335178-3970-1382586707"): {
        "CALL-AMOUNT": "italytoast's edited sample (hand id of 2013/10/24, header of "
        "2013/11/07): Dbrz34 has 0.50 live (small blind 0.25 dead + big blind 0.50 out of "
        "position), sined20 raises to 1.50, 'Dbrz34 calls 0.50€' (the call is 1.00)",
        "ROUND-INCOMPLETE": "the preflop ends with Dbrz34 at 1.00 facing 1.50 (the short call)",
        "POT-TOTAL": "Total pot 6.26 + rake 0.24 = 6.50 = 0.25 + 0.50 + 0.75 + 1.50 + 1.00 + "
        "2.50 uncalled: the pot counts a 1.00 call, the line says 0.50 (6.00 put in)",
    },
}
