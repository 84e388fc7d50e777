"""The xAPI app: the outbox of statements for a learning record store, what goes in it and its sender."""
