"""The 888poker corpus: damaged hands and flags the logs prove (real_corpus/__init__.py)."""

from __future__ import annotations

FOLDERS = ("888poker",)

DAMAGED: dict[tuple[str, int], tuple[str, str]] = {}

KNOWN_FLAGS: dict[tuple[str, str], dict[str, str]] = {}
