"""What the real-log corpus (../shared/corpus/real) is known to hold, one module per target site.

Each module declares:

- ``FOLDERS``: the corpus folders of the site family (PokerStars and its clones, ...).
- ``DAMAGED``: ``{(file name, line of the quarantine row): (reason code or text it must carry,
  why the hand is damaged)}``: hands that a deliberately damaged or cut test export makes
  unreadable. They do not count against the parse rate, but each must still be quarantined
  with that reason (a stale entry fails).
- ``KNOWN_FLAGS``: ``{(file name, hand id): {code: the arithmetic read from the log}}``: every
  warning or violation hhaudit raises on a real hand, each proven from the log. A flag not
  listed fails the test, and so does a listed flag that no longer fires.

`tests/corpus/test_real_corpus.py` runs `hhaudit run` over each site's folders and holds the run to
these lists and to the 99.5 % bar (audited / readable hands, readable = read minus later
copies, damaged and unsupported hands).
"""

from __future__ import annotations

import importlib
from types import ModuleType

SITES = (
    "pokerstars",
    "winamax",
    "ggpoker",
    "partypoker",
    "p888",
    "ipoker",
    "wpn",
    "bovada",
    "phh",
)


def site_module(name: str) -> ModuleType:
    return importlib.import_module(f"real_corpus.{name}")
