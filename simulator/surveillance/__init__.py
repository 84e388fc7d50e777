"""Surveillance: faults seeded into a round the engine plays, watched on the felt and flagged by a trainee."""
