"""Management commands of the school app."""
