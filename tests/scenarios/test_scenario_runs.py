"""Scenario runs: a scenario's rounds per attempt dealt in turn as one run, judged together, shown on the score card.

The short scenario leaves the trainee two steps a round (calling the dice, clearing the table); a wrong call of the
red die is one critical error at §645b.2(g). Expected results are worked out here from the rounds' score cards.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from exam_helpers import deal, schedule, short_scenario, sit_through
from meter_rounds import deal_to_the_end
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from certification.models import ExamRound
from grading.scoring import ScoreCard
from scenarios.models import RunRound, ScenarioRun
from scenarios.scenario_runs import deal_run_round, place_of
from school.models import Cohort
from trainer import services
from trainer.frames import TableFrames
from trainer.models import Attempt, Mode
from trainer.snapshots import Viewer

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


@pytest.fixture
def alice():
    return make_trainee("alice")


def two_rounds(**pass_rule):
    """A published two-round scenario dealt in exam mode (a wrong step is recorded and the round goes on)."""
    return short_scenario(make_instructor("ivy"), "Two dice calls", rounds=2, mode="exam", **pass_rule)


def deal_run(version, trainee, wrong_red_die_in=()):
    """The trainee deals every round of a run of the version; the red die is called wrong in the rounds named."""
    return [
        deal(deal_run_round(trainee, version), trainee, wrong_red_die=number in wrong_red_die_in)
        for number in range(1, version.engine_spec().rounds + 1)
    ]


def card(attempt):
    return ScoreCard.from_json(attempt.score_card)


# ----- dealing a run -----


def test_a_runs_rounds_are_dealt_in_order_and_the_unfinished_round_is_continued(alice):
    version = two_rounds()
    first = deal_run_round(alice, version)
    assert deal_run_round(alice, version) == first
    deal(first, alice)
    second = deal_run_round(alice, version)
    assert (first.run_round.position, second.run_round.position) == (1, 2)
    assert first.run_round.run == second.run_round.run == ScenarioRun.objects.get()
    assert deal_run_round(alice, version) == second


def test_a_new_run_begins_after_the_last_round(alice):
    version = two_rounds()
    first_run = deal_run(version, alice)
    third = deal_run_round(alice, version)
    assert third.run_round.position == 1 and third.run_round.run != first_run[0].run_round.run
    assert ScenarioRun.objects.filter(trainee=alice).count() == 2


def test_round_numbers_come_from_the_run_not_from_a_count_of_attempts(alice):
    """An exam sitting's rounds of the same version are no part of a run and do not shift its rounds."""
    version = two_rounds()
    cohort = Cohort.objects.create(name="Evening")
    cohort.instructors.add(make_instructor("otto"))
    cohort.trainees.add(alice)
    deal(deal_run_round(alice, version), alice)
    sit_through(schedule(cohort, cohort.instructors.get(), [version]), alice)
    assert Attempt.objects.filter(trainee=alice).count() == 3
    assert deal_run_round(alice, version).run_round.position == 2
    assert ScenarioRun.objects.count() == 1


def test_each_trainee_has_runs_of_their_own(alice):
    version = two_rounds()
    deal(deal_run_round(alice, version), alice)
    assert deal_run_round(make_trainee("bob"), version).run_round.position == 1


# ----- the run's result -----


def test_a_run_passes_on_its_rounds_together_though_one_round_alone_did_not():
    """Mark 70%, critical errors allowed: round 1 is 2 of 2, round 2 is 1 of 2 (50%, not passed); together 3 of 4."""
    trainee = make_trainee()
    first, second = deal_run(two_rounds(pass_accuracy_percent=70, critical_error_fails=False), trainee, {2})
    assert (card(first).correct, card(first).steps, card(second).correct, card(second).steps) == (2, 2, 1, 2)
    assert not card(second).passed
    result = place_of(second.pk).result
    assert (result.steps, result.correct, result.critical_errors, result.passed) == (4, 3, 1, True)
    assert result.total_ms == card(first).total_ms + card(second).total_ms


def test_a_run_under_the_pass_mark_fails_with_its_accuracy_over_all_its_steps():
    """Mark 80%, critical errors allowed: 3 of 4 steps right is 75.0%."""
    trainee = make_trainee()
    _, second = deal_run(two_rounds(pass_accuracy_percent=80, critical_error_fails=False), trainee, {2})
    result = place_of(second.pk).result
    assert not result.passed
    assert [failure.text for failure in result.failures] == ["accuracy 75.0% is below the mark of 80.0%"]


def test_one_critical_error_in_any_round_fails_the_run_when_the_rule_allows_none():
    """Mark 50%: 3 of 4 right is enough, but round 1's wrong die is a critical error and the rule allows none."""
    trainee = make_trainee()
    first, second = deal_run(two_rounds(pass_accuracy_percent=50), trainee, {1})
    assert card(second).passed and not card(first).passed
    result = place_of(second.pk).result
    assert [failure.text for failure in result.failures] == ["1 critical error (the pass rule allows none)"]


def test_a_run_over_the_time_limit_fails_though_each_round_was_within_it():
    """A 60-second limit: rounds of 40 s and 30 s are each within it; the attempt's 1:10 is over by 0:10."""
    trainee = make_trainee()
    version = two_rounds(pass_accuracy_percent=0, critical_error_fails=False, time_limit_seconds=60)
    first, second = deal_run(version, trainee)
    for attempt, total_ms in ((first, 40_000), (second, 30_000)):
        Attempt.objects.filter(pk=attempt.pk).update(score_card=attempt.score_card | {"total_ms": total_ms})
    result = place_of(second.pk).result
    assert result.total_ms == 70_000
    assert [failure.text for failure in result.failures] == ["the attempt took 1:10, over the 1:00 time limit by 0:10"]


def test_a_run_has_no_result_before_its_last_round_is_over(alice):
    version = two_rounds()
    first = deal(deal_run_round(alice, version), alice)
    second = deal_run_round(alice, version)
    assert (place_of(first.pk).result, place_of(second.pk).result) == (None, None)


def test_the_run_is_judged_by_the_pass_rule_its_rounds_kept_when_dealt(alice):
    """The table's mark raised to 100% after round 1 was dealt: the run keeps round 1's 70%."""
    version = two_rounds(pass_accuracy_percent=70, critical_error_fails=False)
    first = deal(deal_run_round(alice, version), alice)
    version.table.pass_accuracy_percent = 100
    version.table.save()
    second = deal(deal_run_round(alice, version), alice, wrong_red_die=True)
    assert (first.pass_rule["accuracy"], place_of(second.pk).result.passed) == ("7/10", True)


# ----- the table page -----


def test_the_score_card_of_a_runs_last_round_shows_the_attempts_result(client, alice):
    _, second = deal_run(two_rounds(pass_accuracy_percent=80, critical_error_fails=False), alice, {2})
    client.force_login(alice)
    page = client.get(reverse("attempt", args=[second.pk])).text
    assert "Round 2 of 2: the attempt did not pass" in page
    assert "The attempt, its 2 rounds together: Not passed: accuracy 75.0% is below the mark of 80.0%." in page
    assert "3 of 4 right at the first attempt" in page and "Deal this scenario again" in page


def test_the_score_card_of_a_passed_run_says_so(client, alice):
    _, second = deal_run(two_rounds(), alice)
    client.force_login(alice)
    page = client.get(reverse("attempt", args=[second.pk])).text
    assert "Round 2 of 2: the attempt passed" in page and "The attempt, its 2 rounds together: Passed." in page


def test_the_score_card_of_an_earlier_round_offers_the_next_round_of_the_run(client, alice):
    version = two_rounds()
    first = deal(deal_run_round(alice, version), alice)
    client.force_login(alice)
    page = client.get(reverse("attempt", args=[first.pk])).text
    assert "Round 1 of 2 of this attempt: the attempt is judged, its rounds together, after round 2." in page
    assert f'hx-post="{reverse("scenario_deal", args=[version.pk])}">Deal round 2 of 2<' in page
    assert "the attempt passed" not in page


def test_the_table_says_which_round_of_the_run_is_being_dealt(client, alice):
    version = two_rounds()
    deal(deal_run_round(alice, version), alice)
    second = deal_run_round(alice, version)
    client.force_login(alice)
    assert "Round 2 of 2 of this attempt at the scenario" in client.get(reverse("attempt", args=[second.pk])).text


def test_a_one_round_scenario_shows_its_round_as_today_with_a_button_to_deal_it_again(client, alice):
    version = short_scenario(make_instructor("ivy"))
    attempt = deal(deal_run_round(alice, version), alice)
    client.force_login(alice)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert "Round 1 of 1" not in page and "the attempt passed" not in page and "Score card: passed" in page
    assert f'hx-post="{reverse("scenario_deal", args=[version.pk])}">Deal this scenario again<' in page


# ----- the deal view -----


def test_dealing_from_the_page_continues_the_run_and_answers_htmx_with_a_client_redirect(client, alice):
    version = two_rounds()
    client.force_login(alice)
    deal_url = reverse("scenario_deal", args=[version.pk])
    first = client.post(deal_url)
    assert client.post(deal_url)["Location"] == first["Location"]
    attempt = deal(Attempt.objects.get(), alice)
    response = client.post(deal_url, headers={"HX-Request": "true"})
    second = Attempt.objects.exclude(pk=attempt.pk).get()
    assert response["HX-Redirect"] == reverse("attempt", args=[second.pk]) and second.run_round.position == 2


def test_an_outsider_is_sent_to_log_in_and_a_walk_in_gets_403_from_the_deal_and_nothing_is_dealt(client):
    deal_url = reverse("scenario_deal", args=[two_rounds().pk])
    response = client.post(deal_url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(make_user("walk-in"))
    assert client.post(deal_url).status_code == 403
    assert not Attempt.objects.exists() and not ScenarioRun.objects.exists()


def test_another_trainee_cannot_open_a_runs_round(client, alice):
    attempt = deal_run_round(alice, two_rounds())
    client.force_login(make_trainee("bob"))
    assert client.get(reverse("attempt", args=[attempt.pk])).status_code == 404


@pytest.mark.django_db
def test_an_ordinary_rounds_score_card_asks_for_no_scenario_run_or_exam_sitting_which_only_scenario_rounds_have():
    trainee = make_trainee("olive")
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    deal_to_the_end(attempt, trainee)
    attempt.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        frame = TableFrames(Viewer.TRAINEE).table(services.table_snapshot(attempt))
    assert 'id="score-card"' in frame and "Score card" in frame
    asked = " ".join(query["sql"] for query in queries.captured_queries)
    assert RunRound._meta.db_table not in asked and ExamRound._meta.db_table not in asked
