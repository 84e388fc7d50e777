#!/usr/bin/env python
"""Django's command-line utility for the dealer-training simulator."""

import os
import sys


def main() -> None:
    """Run a Django management command with the school's settings."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_school.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
