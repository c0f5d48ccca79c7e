"""One package a line-based site: grammar.py (patterns), header.py (header reader), hooks.py
(the site's own steps at the pipeline's named points), README.md (the format and its quirks);
docs/sites.md, "Add a site". unsupported.py: formats recognised without a parser."""
