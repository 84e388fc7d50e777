"""Certificates: issued for a passed exam sitting, valid for the exam's months, revoked with a reason, verified by code.

A certificate names its trainee, the exam, the games its scenarios deal with each game's sections of 51 Pa.B. 5607
(:data:`simulator.games.GAMES`) and the sitting's pace at each against the school's house standard then, the faults
caught in any watched rounds at each (game protection), the day it was issued and the last day it is valid. Passing
again issues a new certificate with a new expiry: that is how one is renewed. A passed result's certificate waits
(:func:`waits_for`) for the trainee's full name, and for an instructor's sign-off when DJANGO_EXAM_SIGN_OFF is on; it
is issued as soon as nothing is missing (:func:`issue_when_ready`).
"""

import base64
import calendar
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from enum import StrEnum

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from certification.models import Certificate, Exam, ExamResult, ExamRound, ExamSitting, SignOff
from certification.sitting_pace import sitting_paces
from core.school_profile import school_pace_standards
from grading.pace import Pace
from simulator.core.procedure import counted
from simulator.games import GAMES, DealtBaseGame

CODE_BYTES = 16
"""The verification code's randomness: 128 bits from ``secrets``, written in 26 base32 characters (A–Z, 2–7).

Base32 has no ``-`` or ``_``: a code never starts like a spreadsheet formula, so exports show it as issued.
"""


DEALT_BASE_GAME = "dealt_base_game"
"""The key, in a game's entry of a certificate's covers, of the base game the trainee dealt at the game's table.

Written when a certificate is issued; one issued before the key existed has none and says what it said then."""


PACE = "pace"
"""The key, in a game's entry of a certificate's covers, of the sitting's pace at the game: its rounds, their dealing
time and the school's house standard when issued (``{"rounds": 2, "dealing_ms": 160000, "standard": 20}``).

Written when a certificate is issued; one issued before the key existed has none and says what it said then."""


WATCHED = "watched"
"""The key, in a game's entry of a certificate's covers, of the sitting's watched rounds at the game: how many, the
faults seeded in them, those caught and the false flags (``{"rounds": 1, "faults": 3, "caught": 2, "false_flags": 1}``).

Written when a certificate is issued from a sitting with a watch part; others have none."""

WATCH_FIGURES = ("faults", "caught", "false_flags")
"""The figures of a watched round's score a certificate adds up, beside the rounds."""


class Status(StrEnum):
    """What the public verification page says of a certificate."""

    VALID = "valid"
    EXPIRED = "expired"
    REVOKED = "revoked"


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later, or the month's last day when it is shorter.

    >>> add_months(date(2026, 1, 31), 1), add_months(date(2026, 12, 1), 12)
    (datetime.date(2026, 2, 28), datetime.date(2027, 12, 1))
    """
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def covers_of(
    exam: Exam, paces: Mapping[str, Pace] | None = None, watched: Mapping[str, Mapping[str, int]] | None = None
) -> list[dict[str, object]]:
    """The games the exam's scenarios deal, in the registry's order, each with its sections of the regulation.

    A game whose table, in one of the exam's scenarios, has the trainee deal the base game also names that base
    game, with the provenance of the house option that has the trainee deal it. A game with a pace in ``paces`` (a
    sitting's, by game key) holds it with the school's standard for the game now, and one in ``watched`` (a sitting's
    watched rounds, :func:`sitting_watches`) their figures.
    """
    standards = school_pace_standards() if paces else {}
    dealt: dict[str, DealtBaseGame | None] = {}
    for part in exam.parts.select_related("scenario_version"):
        spec = part.scenario_version.engine_spec()
        dealt[spec.game.key] = dealt.get(spec.game.key) or spec.game.dealt_base_game(spec.game.read_rules(spec.rules))
    covers: list[dict[str, object]] = []
    for key, game in GAMES.items():
        if key not in dealt:
            continue
        covers.append({"game": game.name, "sections": list(game.sections)})
        if (base_game := dealt[key]) is not None:
            covers[-1][DEALT_BASE_GAME] = {"game": base_game.name, "provenance": base_game.option.provenance.value}
        if paces and (pace := paces.get(key)) is not None:
            covers[-1][PACE] = {"rounds": pace.rounds, "dealing_ms": pace.dealing_ms, "standard": standards[key]}
        if watched and (figures := watched.get(key)) is not None:
            covers[-1][WATCHED] = dict(figures)
    return covers


def sitting_watches(sitting: ExamSitting) -> dict[str, dict[str, int]]:
    """The sitting's finished watched rounds added up by game key: how many, faults seeded, caught, false flags."""
    watches: dict[str, dict[str, int]] = {}
    for exam_round in ExamRound.objects.filter(sitting=sitting, watched__finished_at__isnull=False).select_related(
        "watched__table"
    ):
        record = exam_round.watched
        assert record is not None and record.score is not None, "a finished watched round is scored"
        figures = watches.setdefault(record.table.game, dict.fromkeys(("rounds", *WATCH_FIGURES), 0))
        figures["rounds"] += 1
        for name in WATCH_FIGURES:
            figures[name] += int(record.score[name])
    return watches


def watched_line(watched: Mapping[str, int]) -> str:
    """A game's watched rounds in the exam as its certificate states them.

    >>> watched_line({"rounds": 1, "faults": 3, "caught": 2, "false_flags": 1})
    'Game protection in the exam: 2 of 3 seeded faults caught, 1 false flag, in 1 watched round'
    """
    flags = counted(watched["false_flags"], "false flag")
    rounds = counted(watched["rounds"], "watched round")
    caught = f"{watched['caught']} of {watched['faults']} seeded faults caught"
    return f"Game protection in the exam: {caught}, {flags}, in {rounds}"


def covered_lines(certificate: Certificate) -> list[str]:
    """What the certificate covers, a line each: a game with its sections, and any base game the trainee dealt.

    >>> covered_lines(Certificate(covers=[{"game": "Three Card Poker", "sections": ["§649b.1"], DEALT_BASE_GAME: {
    ...     "game": "Three Card Poker", "provenance": "house procedure"}}]))  # doctest: +NORMALIZE_WHITESPACE
    ['Three Card Poker (§649b.1, 51 Pa.B. 5607)',
     'Three Card Poker, the base game, dealt by the trainee (house procedure of the school, not regulation)']
    """
    lines = []
    for covered in certificate.covers:
        lines.append(f"{covered['game']} ({', '.join(covered['sections'])}, 51 Pa.B. 5607)")
        if base_game := covered.get(DEALT_BASE_GAME):
            procedure = f"{base_game['provenance']} of the school, not regulation"
            lines.append(f"{base_game['game']}, the base game, dealt by the trainee ({procedure})")
        if paced := covered.get(PACE):
            lines.append(pace_line(paced))
        if watched := covered.get(WATCHED):
            lines.append(watched_line(watched))
    return lines


def pace_line(paced: Mapping[str, int]) -> str:
    """A game's pace in the exam as its certificate states it, against the school's house standard when issued.

    >>> pace_line({"rounds": 2, "dealing_ms": 160_000, "standard": 20})
    "Pace in the exam: 45.0 rounds per hour, meeting the school's house standard of 20 (not regulation)"
    """
    pace = Pace("", paced["rounds"], paced["dealing_ms"])
    met = pace.meets(paced["standard"])
    outcome = "set against" if met is None else "meeting" if met else "below"
    return (
        f"Pace in the exam: {pace.text}, {outcome} the school's house standard of {paced['standard']} (not regulation)"
    )


@contextmanager
def audited_write() -> Iterator[None]:
    """Within the block, the school's own write of an exam record, which PostgreSQL's triggers let through.

    Only settling a sitting, correcting a result and issuing or revoking a certificate write inside it (migration
    0017: on PostgreSQL any other INSERT, UPDATE or DELETE of a result, correction or certificate fails). The mark
    is the transaction's own setting, cleared after the block and undone with it if the block fails.
    """
    with transaction.atomic():
        mark_audited_write("on")
        yield
        mark_audited_write("off")


def mark_audited_write(value: str) -> None:
    """Set the transaction's ``school.audited_write`` mark that the triggers read (PostgreSQL only)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('school.audited_write', %s, true)", [value])


def new_code() -> str:
    """A fresh verification code: random base32 letters and digits without padding."""
    return base64.b32encode(secrets.token_bytes(CODE_BYTES)).decode("ascii").rstrip("=")


CODE_LONGEST = 64
"""The longest code looked up (the look-up form's maxlength); a longer one is no certificate's."""


def certificate_by_code(typed: str) -> Certificate | None:
    """The certificate of a code as issued, else as people type it from paper (any case, spaces, dashes)."""
    if len(typed) > CODE_LONGEST:
        return None
    as_issued = "".join(typed.split()).replace("-", "").upper()
    return Certificate.objects.filter(code=typed).first() or Certificate.objects.filter(code=as_issued).first()


def issue_certificate(result: ExamResult) -> Certificate:
    """Issue the certificate of a passed sitting in the trainee's full name, valid to the exam's months from today."""
    sitting = result.sitting
    exam, trainee = sitting.exam, sitting.trainee
    now = timezone.now()
    with audited_write():
        return Certificate.objects.create(
            code=new_code(),
            result=result,
            trainee=trainee,
            name_on_certificate=trainee.get_full_name().strip(),
            exam_name=exam.name,
            covers=covers_of(
                exam, {pace.game: pace for pace in sitting_paces([sitting.pk])[sitting.pk]}, sitting_watches(sitting)
            ),
            issued_at=now,
            expires_on=add_months(timezone.localdate(now), exam.validity_months),
        )


class Wait(StrEnum):
    """What a passed result's certificate waits for before it is issued."""

    SIGN_OFF = "sign-off"
    FULL_NAME = "full name"


def waits_for(result: ExamResult) -> list[Wait]:
    """What the result's certificate still waits for: an instructor's sign-off (when required), the trainee's name."""
    waits = []
    if settings.EXAM_SIGN_OFF and not SignOff.objects.filter(result=result).exists():
        waits.append(Wait.SIGN_OFF)
    if not result.sitting.trainee.get_full_name().strip():
        waits.append(Wait.FULL_NAME)
    return waits


def certificate_due(result: ExamResult) -> bool:
    """Whether the result is owed a certificate: passed as it stands, none valid, none issued since that outcome.

    A certificate revoked while the outcome stands is not issued again; a correction to passed after it is.
    """
    if not result.outcome_passed():
        return False
    correction = result.latest_correction()
    since = result.decided_at if correction is None else correction.corrected_at
    return not result.certificates.filter(Q(revoked_at__isnull=True) | Q(issued_at__gte=since)).exists()


def issue_when_ready(result: ExamResult) -> Certificate | None:
    """Issue the certificate the result is owed, unless it waits for something; None when none is issued now."""
    with transaction.atomic():
        ExamSitting.objects.select_for_update().filter(pk=result.sitting_id).first()
        if certificate_due(result) and not waits_for(result):
            return issue_certificate(result)
    return None


def sign_off(result: ExamResult, instructor: User) -> SignOff:
    """Record the instructor's sign-off of a passed result and issue its certificate if nothing else is missing."""
    with transaction.atomic():
        ExamSitting.objects.select_for_update().filter(pk=result.sitting_id).first()
        if not result.outcome_passed():
            raise ValueError("Only a passed result is signed off.")
        if SignOff.objects.filter(result=result).exists():
            raise ValueError("This result is already signed off.")
        with audited_write():
            signed = SignOff.objects.create(result=result, signed_by=instructor)
        issue_when_ready(result)
    return signed


def status_of(certificate: Certificate, today: date | None = None) -> Status:
    """Revoked, expired after its last valid day (the school's day), or valid."""
    if certificate.revoked_at is not None:
        return Status.REVOKED
    if (today or timezone.localdate()) > certificate.expires_on:
        return Status.EXPIRED
    return Status.VALID


def revoke(certificate: Certificate, instructor: User, reason: str) -> Certificate:
    """Revoke the certificate with the reason (a ValueError when blank or already revoked)."""
    reason = reason.strip()
    if not reason:
        raise ValueError("Give the reason for revoking the certificate.")
    with transaction.atomic():
        if Certificate.objects.filter(pk=certificate.pk, revoked_at__isnull=False).exists():
            raise ValueError("This certificate is already revoked.")
        certificate.revoked_at = timezone.now()
        certificate.revoked_by = instructor
        certificate.revocation_reason = reason
        with audited_write():
            certificate.save(update_fields=sorted(Certificate.REVOCATION_FIELDS))
    return certificate


def verification_url(request: HttpRequest, certificate: Certificate) -> str:
    """The certificate's public address: under DJANGO_SCHOOL_URL when set, else the address the request came to."""
    path = reverse("verify", args=[certificate.code])
    if settings.SCHOOL_URL:
        return settings.SCHOOL_URL.rstrip("/") + path
    return request.build_absolute_uri(path)
