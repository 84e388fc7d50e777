"""Management commands of the xAPI app."""
