"""Management commands of the trainer app."""
