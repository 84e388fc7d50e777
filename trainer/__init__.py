"""The training table: a trainee deals a round at a virtual table and each step is graded."""
