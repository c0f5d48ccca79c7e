"""The winamax format (README.md in this folder)."""
