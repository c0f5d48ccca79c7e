"""The shared pipeline every line-based site runs on (docs/parsing.md): lines, events, actions,
hands, money, settlement, the quarantine reasons."""
