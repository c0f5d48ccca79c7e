"""Differential test of hhaudit against PokerKit 0.7.7 (RULES.md §8).

Modules:
- `pk_setup`: hand set-ups and the PokerKit state that plays them (seat mapping included).
- `pk_view`: what PokerKit says before an action, and applying a vector action to PokerKit.
- `generator`: seeded random hands played through PokerKit, emitted in rules_vectors format.
- `compare`: run hhaudit once over many hands and line its state up with PokerKit's.
- `classifiers`: one predicate per documented difference K-1..K-12.
"""
