"""The p888 format (README.md in this folder)."""
