"""The ggpoker format (README.md in this folder)."""
