"""The school app: accounts and signing in, cohorts and their rosters, lockouts, and the assignments set them."""
