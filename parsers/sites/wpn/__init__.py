"""The wpn format (README.md in this folder)."""
