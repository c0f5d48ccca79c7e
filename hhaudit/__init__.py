"""hhaudit: audit poker hand histories for betting-rule violations."""

__version__ = "0.1.0"
