"""One package a line-based site: grammar.py (patterns), header.py (header reader), README.md
(docs/sites.md, "Add a site")."""
