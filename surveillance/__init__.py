"""Surveillance mode: a round the engine deals with faults seeded, watched and flagged by a trainee (issue 33)."""
