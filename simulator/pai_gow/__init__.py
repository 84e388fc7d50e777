"""Pai Gow Poker with Tiger 9, Fortune and Envy, the progressive and the dice wagers: rules, round, settlement."""
