"""The engine's core, shared by every game family: cards, dice, money, rules, procedure, clauses and meters."""
