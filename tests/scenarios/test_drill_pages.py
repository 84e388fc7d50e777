"""The drill library in the school: loaded once and kept up to date, its page, "my mistakes", and who may open them."""

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from core.roles import Role
from grading.scoring import GradedStep, ScoreCard
from scenarios.drill_library import load_drill_library
from scenarios.mistakes import RECENT_ROUNDS, recent_mistakes
from scenarios.models import Scenario, ScenarioVersion
from simulator.core.clauses import cite
from simulator.drills import DRILLS, DRILLS_BY_KEY
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

PAGES = ("drills", "my_mistakes")


@pytest.fixture
def library():
    load_drill_library()


def finished_round(trainee, minutes_ago, *wrong_clauses, right_clauses=()):
    """A round the trainee finished ``minutes_ago``, scored with a wrong step for each clause given, and right ones."""
    steps = [(clause, False) for clause in wrong_clauses] + [(clause, True) for clause in right_clauses]
    graded = [
        GradedStep(number, "pay_wager", {"seat": 1}, correct, cite(clause), 1000)
        for number, (clause, correct) in enumerate(steps, start=1)
    ]
    return Attempt.objects.create(
        trainee=trainee,
        table=demo_table(),
        log={},
        finished_at=timezone.now() - timedelta(minutes=minutes_ago),
        score_card=ScoreCard.from_steps(graded).to_json(),
    )


# ----- loading the library -----


def test_the_library_loads_once_every_drill_published_with_its_own_table(library):
    assert load_drill_library() == 0
    drills = Scenario.objects.filter(drill__isnull=False)
    assert sorted(drills.values_list("drill", flat=True)) == sorted(drill.key for drill in DRILLS)
    assert all(scenario.author is None and scenario.published_version().table for scenario in drills)


def test_a_changed_declaration_is_published_as_a_new_version_and_old_attempts_keep_theirs(library):
    version = ScenarioVersion.objects.get(scenario__drill="late-wager")
    outdated = version.spec | {"rounds": 2}
    ScenarioVersion.objects.filter(pk=version.pk).update(spec=outdated)
    assert load_drill_library() == 1
    assert ScenarioVersion.objects.get(pk=version.pk).spec == outdated
    assert Scenario.objects.get(drill="late-wager").published_version().number == version.number + 1


def test_the_school_command_loads_the_library(school):
    output, _ = school()
    assert f"Drill library: {len(DRILLS)} drills" in output
    assert Scenario.objects.filter(drill__isnull=False).count() == len(DRILLS)


def test_drills_are_not_listed_again_among_the_instructors_scenarios_on_the_tables_page(client, library):
    client.force_login(make_trainee())
    assert DRILLS[0].name not in client.get(reverse("tables")).content.decode()


# ----- who may open the pages -----


@pytest.mark.parametrize("page", PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, page):
    response = client.get(reverse(page))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("page", PAGES)
def test_an_account_without_a_school_role_is_refused(client, page):
    client.force_login(make_user("nobody"))
    assert client.get(reverse(page)).status_code == 403


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", list(Role))
def test_every_school_role_opens_the_pages_and_the_navigation_links_them(client, library, page, role):
    client.force_login(make_user(f"user-{role.value.replace(' ', '-')}", role))
    response = client.get(reverse(page))
    assert response.status_code == 200
    content = response.content.decode()
    assert f'href="{reverse("drills")}"' in content and f'href="{reverse("my_mistakes")}"' in content


def test_the_navigation_marks_the_page_open(client, library):
    client.force_login(make_trainee())
    assert f'href="{reverse("drills")}" aria-current="page"' in client.get(reverse("drills")).content.decode()


def test_an_account_without_a_role_is_not_shown_the_navigation(client):
    client.force_login(make_user("nobody"))
    assert reverse("drills") not in client.get(reverse("home")).content.decode()


# ----- the library page -----


def test_the_library_lists_every_drill_by_group_with_its_clause_provenance_and_a_deal_button(client, library):
    client.force_login(make_trainee())
    page = unescape(client.get(reverse("drills")).content.decode())
    for drill in DRILLS:
        assert drill.name in page and drill.group in page
    assert "§645b.2(g)(1)" in page and "§621a.6(c)" in page and "§685b.1(b)" in page
    assert "provenance-regulation" in page and "provenance-inferred" in page and "provenance-house" in page
    deal = ScenarioVersion.objects.get(scenario__drill="sum-b").pk
    assert f'action="{reverse("scenario_deal", args=[deal])}"' in page


def test_the_library_page_says_when_the_library_is_not_loaded(client):
    client.force_login(make_trainee())
    assert "manage.py school" in client.get(reverse("drills")).content.decode()


def test_a_trainee_deals_a_drill_from_the_library_and_the_attempt_keeps_its_version(client, library):
    trainee = make_trainee()
    client.force_login(trainee)
    version = ScenarioVersion.objects.get(scenario__drill="tiger-9-push")
    response = client.post(reverse("scenario_deal", args=[version.pk]))
    attempt = Attempt.objects.get(trainee=trainee)
    assert response.status_code == 302 and response["Location"] == reverse("attempt", args=[attempt.pk])
    assert attempt.scenario_version == version


def test_the_library_page_leaks_no_rigged_cards_or_dice(client, library):
    client.force_login(make_trainee())
    page = client.get(reverse("drills")).content.decode()
    rigging = DRILLS_BY_KEY["house-way-five-aces"].spec["rigging"]
    assert rigging["hands"]["0"] not in page and "6 6 5" not in page


# ----- my mistakes -----


def test_no_finished_round_is_said_plainly(client, library):
    client.force_login(make_trainee())
    assert "you have not finished a round" in client.get(reverse("my_mistakes")).content.decode()


def test_rounds_without_a_wrong_step_leave_nothing_to_drill(client, library):
    trainee = make_trainee()
    finished_round(trainee, 5, right_clauses=("§645b.2(g)(1)",))
    client.force_login(trainee)
    page = client.get(reverse("my_mistakes")).content.decode()
    assert "No mistakes to drill" in page and "§645b.2(g)(1)" not in page


def test_mistakes_come_most_recent_first_then_most_often_with_the_clause_text_and_its_drills(client, library):
    trainee = make_trainee()
    finished_round(trainee, 30, "§645b.2(g)(1)")
    finished_round(trainee, 10, "§645b.1(h)", "§621a.6(c)", "§621a.6(c)")
    client.force_login(trainee)
    mistakes = recent_mistakes(trainee)
    assert [mistake.citation.clause for mistake in mistakes] == ["§621a.6(c)", "§645b.1(h)", "§645b.2(g)(1)"]
    assert [mistake.wrong_steps for mistake in mistakes] == [2, 1, 1]
    assert {item.drill.key for item in mistakes[0].drills} == {f"starting-position-{total}" for total in range(3, 19)}
    page = unescape(client.get(reverse("my_mistakes")).content.decode())
    assert cite("§645b.1(h)").text in page
    assert DRILLS_BY_KEY["tiger-9-wager"].name in page and DRILLS_BY_KEY["sum-d"].name in page


def test_only_the_last_finished_rounds_count(library):
    trainee = make_trainee()
    finished_round(trainee, 100, "§645b.1(h)")
    for minutes in range(RECENT_ROUNDS):
        finished_round(trainee, minutes, right_clauses=("§645b.1(h)",))
    assert recent_mistakes(trainee) == []


def test_a_step_tried_wrong_three_times_is_one_wrong_step_in_my_mistakes_as_on_the_score_card(client, library):
    trainee = make_trainee()
    clause = "§645b.2(g)(1)"
    graded = [GradedStep(1, "pay_wager", {"seat": 1}, False, cite(clause), 1000) for _ in range(3)]
    graded.append(GradedStep(1, "pay_wager", {"seat": 1}, True, cite(clause), 1000))
    card = ScoreCard.from_steps(graded)
    Attempt.objects.create(
        trainee=trainee, table=demo_table(), log={}, finished_at=timezone.now(), score_card=card.to_json()
    )
    client.force_login(trainee)
    assert card.steps - card.correct == 1
    assert [(mistake.citation.clause, mistake.wrong_steps) for mistake in recent_mistakes(trainee)] == [(clause, 1)]
    page = unescape(client.get(reverse("my_mistakes")).content.decode())
    assert "1 wrong step" in page and "3 wrong steps" not in page


def test_unfinished_rounds_and_other_trainees_mistakes_do_not_count(library):
    trainee = make_trainee()
    unfinished = finished_round(trainee, 1, "§645b.1(h)")
    Attempt.objects.filter(pk=unfinished.pk).update(finished_at=None)
    finished_round(make_trainee("bob"), 1, "§645b.1(h)")
    assert recent_mistakes(trainee) == []


def test_a_clause_no_drill_trains_is_shown_with_its_text_and_a_way_to_practise(client, library):
    trainee = make_trainee()
    finished_round(trainee, 1, "§670a.10(a)(2)")
    client.force_login(trainee)
    page = unescape(client.get(reverse("my_mistakes")).content.decode())
    assert cite("§670a.10(a)(2)").text in page and "No drill of the library trains" in page


def test_an_instructor_sees_their_own_mistakes_only(client, library):
    trainee = make_trainee()
    finished_round(trainee, 1, "§645b.1(h)")
    client.force_login(make_instructor(teaching=[trainee]))
    assert "§645b.1(h)" not in client.get(reverse("my_mistakes")).content.decode()
