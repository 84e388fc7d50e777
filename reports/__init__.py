"""The reports app: replays, errors by clause, charts, CSV records and gradebooks, read from the rounds and exams."""
