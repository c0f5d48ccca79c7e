"""PHH, the Poker Hand History standard (reader.py; docs/sites.md)."""
