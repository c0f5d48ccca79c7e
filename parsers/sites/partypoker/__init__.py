"""The partypoker format (README.md in this folder)."""
