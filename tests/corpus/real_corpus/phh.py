"""The phh corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("phh",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    ("ong NLH handhq_1-OBFUSCATED.phhs", "R5-1714502-73"): {
        "CHIP-CONSERVATION": "true (the conversion lost a dead blind): blinds_or_straddles "
        "[5, 10, -5, 0, 0], and a negative entry is a live post ('post bet', PokerKit 0.7.7 "
        "State.raw_blinds_or_straddles), so p3 (seat 4, 1000) puts in 5 + 5 ('p3 cc' to 10) + "
        "11 + 21 = 42 and ends on 958 (PokerKit's replay too). The file's finishing_stacks say "
        "953 (and the table's next hand R5-1714502-74 starts XeGi0dtvsspGhf0+ptwMug on 953), "
        "and p2's winnings of 91 exceed the 89 the actions put in (5 + 10 + 10 + 22 + 42): "
        "Ongame took 15 from p3 preflop, a 5 dead blind the PHH file does not carry",
    },
}
