"""The ggpoker corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("ggpoker",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {}

_MTT = "NLHE-8max-MTT-USD-250-202006.txt"


def _level_change(header: str, posts: str, previous: str) -> dict[str, str]:
    """HEADER-STAKES on the first hand of a level: the header shows the new level, every post
    (blinds and antes) is still at the previous one."""
    return {
        "HEADER-STAKES": (
            f"header {header}; small and big blind posted at {posts}, the blinds of the "
            f"previous hand's header ({previous}): the posts define the hand"
        )
    }


KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {
    (_MTT, "TM247773056"): _level_change("Level3 (80/160)", "60/120", "Level2 (60/120)"),
    (_MTT, "TM247774746"): _level_change("Level4 (90/180)", "80/160", "Level3 (80/160)"),
    (_MTT, "TM247776533"): _level_change("Level5 (100/200)", "90/180", "Level4 (90/180)"),
    (_MTT, "TM247777995"): _level_change("Level6 (125/250)", "100/200", "Level5 (100/200)"),
    (_MTT, "TM247849493"): _level_change("Level7 (150/300)", "125/250", "Level6 (125/250)"),
    (_MTT, "TM247850728"): _level_change("Level8 (200/400)", "150/300", "Level7 (150/300)"),
    ("MultiplePosts.txt", "HD11358"): {
        "POT-TOTAL": (
            "italytoast test sample: preflop 0.25 + 0.50 + 0.50 (a second big blind) + 0.50 + "
            "0.25 = 2.00, flop 3 x 1 = 3.00, turn 3 x 3.10 = 9.30 (river 8.20 returned): 14.30 "
            "put in; the summary says 'Total pot $13.3', collected 11.88 + rake 1.42 = 13.30"
        )
    },
}
