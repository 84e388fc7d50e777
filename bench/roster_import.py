"""Roster-import benchmark: the wall time per trainee of importing a class CSV, with the school's real hashers.

Run: .venv/bin/python bench/roster_import.py [--rows 40] [--repeat 3]

It migrates a fresh SQLite school, then imports ``--rows`` trainees into a new cohort ``--repeat`` times (each time
with new addresses) through ``school.roster.import_roster``, as the confirm page does, and prints the best run's
milliseconds per trainee. The settings' own ``PASSWORD_HASHERS`` are used, not the tests' MD5 one. Figures only,
never a pass/fail test; they are kept in bench/results/roster_import.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ws_load import set_up_django


def main() -> None:
    """Import the rows and print the best milliseconds per trainee."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40, help="trainees per import (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="imports, the best kept (default 3)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        set_up_django(Path(folder) / "school.sqlite3")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from school.models import Cohort
        from school.roster import import_roster, read_roster

        best = float("inf")
        for run in range(options.repeat):
            cohort = Cohort.objects.create(name=f"Class {run}")
            rows = "".join(f"Trainee {n},t{run}.{n}@example.org\n" for n in range(options.rows))
            roster = read_roster("name,email\n" + rows)
            started = time.perf_counter()
            import_roster(cohort, roster)
            best = min(best, time.perf_counter() - started)
        print(
            f"{options.rows} trainees: best of {options.repeat} imports {best:.2f} s, "
            f"{1000 * best / options.rows:.1f} ms per trainee"
        )


if __name__ == "__main__":
    main()
