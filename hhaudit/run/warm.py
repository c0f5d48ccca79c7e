"""Importing ahead of need: modules loaded early (a worker before its first unit, the HTML
report's libraries during the run) so their import time overlaps other work.

Light on purpose (importlib only): a worker process imports it before anything heavy.
"""

from __future__ import annotations

import importlib


def import_quietly(*modules: str) -> None:
    """Import `modules` in order; stop at the first that fails, silently: the code that
    needs it imports it again and reports the error where it matters."""
    for name in modules:  # a loop over a few module names
        try:
            importlib.import_module(name)
        except Exception:
            return
