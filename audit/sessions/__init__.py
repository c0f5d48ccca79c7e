"""Across hands (RULES.md §12): table sessions and the rules that compare consecutive hands.

Runs after the units, on the run's combined hands and seats (hhaudit/run/sessions.py), so a
session is the same whatever cut the files into units and whichever engine ran them:

* `group.py` orders the hands of each table and cuts them into sessions (`session_gap_s`);
* `consecutive.py` builds the frames the session rules read: consecutive hands of a session and the
  players seated in both;
* `ends.py` (run inside each unit) gives every seat the stack it ends the hand with;
* `flags.py` turns the rules' flagged rows into violations.
"""

from __future__ import annotations

from audit.sessions.flags import SessionAudit, audit_sessions

__all__ = ["SessionAudit", "audit_sessions"]
