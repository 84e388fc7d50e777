"""The exams and certificates app: exams scheduled for cohorts, sittings, final results, sign-offs and certificates."""
