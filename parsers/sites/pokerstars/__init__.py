"""The pokerstars format (README.md in this folder)."""
