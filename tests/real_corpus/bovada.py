"""The bovada corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("bovada",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {}
