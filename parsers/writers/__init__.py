"""Output formats written from the canonical tables."""
