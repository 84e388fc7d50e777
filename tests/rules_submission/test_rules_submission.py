"""The school's own Rules Submission: its wording of house procedures and its paytables, versioned and cited."""

import re
from html import unescape

import pytest
from django.urls import reverse
from exam_helpers import deal
from table_helpers import demo_table, graded_steps, make_instructor, make_trainee, make_user, read_dealer_step
from test_other_games import browser_frame

from core.models import SchoolProfile
from core.roles import Role
from grading.scoring import GradedStep
from rules_submission.forms import DEFAULTS, FortunePaytableForm, ProgressivePaytableForm, hand_field
from rules_submission.house_reads import newest_wordings_and_name
from rules_submission.models import FiledPaytable, HouseWording, PaytableKind
from rules_submission.submission import HOUSE_CLAUSES, school_citations, wordings_and_name
from simulator.core.clauses import CLAUSES
from simulator.pai_gow.fortune import FortuneHand
from trainer import round_store, services
from trainer.felt_mystery import MYSTERY_SIGNS
from trainer.felt_pai_gow import PAI_GOW_FIXTURES
from trainer.models import Mode

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("school_name")]

SCHOOL = "Keystone Dealer Academy"
FILED = f"Rules Submission of {SCHOOL}"
DEFAULT = f"Default (not yet approved by {SCHOOL})"
DECLARATION = "Tiger 9 declaration"
OUR_WORDING = "Before any player's hand is turned, the dealer calls the low hand aloud: Tiger 9 or no Tiger 9."


@pytest.fixture
def school_name(settings):
    """The school's name, with the felts' signs drawn under another test's name forgotten."""
    settings.SCHOOL_NAME = SCHOOL
    PAI_GOW_FIXTURES.clear()
    MYSTERY_SIGNS.clear()


@pytest.fixture
def administrator(client):
    user = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(user)
    return user


def text_of(page) -> str:
    """A page's text as a person reads it, tags dropped and spaces folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", page.content.decode()))).replace(" :", ":")


def form_data(form_class, **changes) -> dict[str, str]:
    """The paytable form as the page first fills it (the default), with ``changes`` typed over it."""
    form = form_class(DEFAULTS[form_class.kind])
    return {name: str(form.initial.get(name, "")) for name in form.fields} | changes


def file_fortune(client, **changes):
    data = form_data(FortunePaytableForm, name="Keystone Fortune A", **changes)
    return client.post(reverse("filed_paytable", args=[PaytableKind.FORTUNE]), data)


def file_progressive(client, **changes):
    data = form_data(ProgressivePaytableForm, name="Keystone Progressive", **changes)
    return client.post(reverse("filed_paytable", args=[PaytableKind.PROGRESSIVE]), data)


def word(client, clause, text):
    slug = next(slug for slug, citation in HOUSE_CLAUSES.items() if citation.clause == clause)
    return client.post(reverse("house_wording", args=[slug]), {"text": text})


def table_page(client, attempt):
    return text_of(client.get(reverse("attempt", args=[attempt.pk])))


def deal_until(attempt, trainee, step):
    """The trainee deals the round right up to ``step`` and takes it; its grade."""
    while (action := round_store.live_round(attempt).next_action()).step != step:
        take(attempt, trainee, action)
    return take(attempt, trainee, action)


def take(attempt, trainee, action):
    frame = read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1))
    reply = services.apply_step(attempt.pk, trainee, frame)
    attempt.refresh_from_db()
    return reply.graded


def test_only_someone_who_runs_the_school_opens_the_rules_submission_pages(client):
    pages = [
        reverse("rules_submission"),
        reverse("filed_paytable", args=[PaytableKind.FORTUNE]),
        reverse("house_wording", args=[next(iter(HOUSE_CLAUSES))]),
    ]
    for user in (make_trainee(), make_instructor()):
        client.force_login(user)
        assert [client.get(page).status_code for page in pages] == [403, 403, 403]
    root = make_user("su")
    root.is_superuser = True
    root.save()
    client.force_login(root)
    assert [client.get(page).status_code for page in pages] == [200, 200, 200]


def test_until_the_school_files_its_own_the_defaults_stay_and_are_labelled_as_defaults(client, administrator):
    listing = text_of(client.get(reverse("rules_submission")))
    assert f"Fortune Bonus and Envy Bonus paytable {DEFAULT}" in listing
    assert f"Progressive Payout paytable {DEFAULT}" in listing
    assert f"{DECLARATION} {DEFAULT}" in listing
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=5)
    page = table_page(client, attempt)
    assert "Fortune Bonus: Washington State Fortune Bonus paytable" in page
    assert f"your house paytable, not regulation text: {DEFAULT}" in page
    assert f"Paytable: {DEFAULT}" in page
    grade = deal_until(attempt, trainee, "declare_tiger_nine")
    assert grade.citation.text == CLAUSES[DECLARATION].text and grade.citation.submission == DEFAULT
    assert f"Your house procedure ({DEFAULT}) {DECLARATION}: {CLAUSES[DECLARATION].text}" in table_page(client, attempt)


def test_a_paytable_field_the_engine_refuses_is_named_beside_it_and_nothing_is_saved(client, administrator):
    bad = {
        hand_field("pays", FortuneHand.FULL_HOUSE): "5.5 to 1",
        hand_field("envy", FortuneHand.FOUR_OF_A_KIND): "0",
    }
    page = file_fortune(client, **bad)
    assert page.status_code == 400
    assert "'5.5 to 1' is not odds of two whole numbers, such as 25 to 1 or 15 to 2." in text_of(page)
    assert "0 is not an amount from $0.01 to $9,999,999.99 in whole cents" in text_of(page)
    assert 'id="id_pays_full_house_error"' in page.content.decode()
    page = file_progressive(client, rate="0.15e1", **{hand_field("awards", FortuneHand.ROYAL_FLUSH): "150%"})
    assert page.status_code == 400
    assert "'0.15e1' is not a fraction of the wager above 0 and below 1" in text_of(page)
    assert "A share of the meter is 1% to 100%, not 150%." in text_of(page)
    assert FiledPaytable.objects.count() == 0


def test_the_paytable_form_shows_every_problem_at_once(client, administrator):
    bad = {
        "name": "",
        hand_field("pays", FortuneHand.FULL_HOUSE): "5.5 to 1",
        hand_field("pays", FortuneHand.FLUSH): "lots",
        hand_field("envy", FortuneHand.FOUR_OF_A_KIND): "a fortune",
    }
    page = client.post(reverse("filed_paytable", args=[PaytableKind.FORTUNE]), form_data(FortunePaytableForm, **bad))
    assert page.status_code == 400
    errors = re.findall(r'id="id_(\w+)_error"', page.content.decode())
    assert set(errors) >= {"name", "pays_full_house", "pays_flush", "envy_four_of_a_kind"}
    bad = {"name": "", "wager": "", "rate": "0.15e1", "seed_amount": "lots"}
    progressive = client.post(
        reverse("filed_paytable", args=[PaytableKind.PROGRESSIVE]), form_data(ProgressivePaytableForm, **bad)
    )
    errors = re.findall(r'id="id_(\w+)_error"', progressive.content.decode())
    assert set(errors) >= {"name", "wager", "rate", "seed_amount"}
    assert FiledPaytable.objects.count() == 0


def test_each_save_is_a_new_version_with_who_and_when_and_every_version_is_listed(client, administrator):
    assert file_fortune(client).status_code == 302
    changed = file_fortune(client, **{hand_field("pays", FortuneHand.STRAIGHT): "15 to 2"})
    assert changed.url.endswith("?saved=2")
    versions = list(FiledPaytable.objects.order_by("version"))
    assert [(row.version, row.saved_by, row.paytable["pays"]["straight"]) for row in versions] == [
        (1, administrator, "2 to 1"),
        (2, administrator, "15 to 2"),
    ]
    page = text_of(client.get(changed.url))
    assert "Saved as version 2" in page
    assert f"{FILED}, version 2 of" in page and f"{FILED}, version 1 of" in page and "(in force)" in page
    assert word(client, DECLARATION, OUR_WORDING).status_code == 302
    assert word(client, DECLARATION, "").status_code == 302
    assert [(row.version, row.text) for row in HouseWording.objects.order_by("version")] == [
        (1, OUR_WORDING),
        (2, ""),
    ]


def test_a_verdict_on_a_house_procedure_cites_the_schools_wording_and_keeps_it_after_a_new_version(
    client, administrator
):
    word(client, DECLARATION, OUR_WORDING)
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=5)
    grade = deal_until(attempt, trainee, "declare_tiger_nine")
    assert grade.correct and grade.citation.text == OUR_WORDING
    assert grade.citation.submission.startswith(f"{FILED}, version 1 of")
    assert f"Your house procedure ({FILED}, version 1 of" in table_page(client, attempt)
    assert OUR_WORDING in table_page(client, attempt)
    client.force_login(administrator)
    word(client, DECLARATION, "A later wording.")
    client.force_login(trainee)
    deal(attempt, trainee)
    stored = [GradedStep.from_json(step) for step in graded_steps(attempt)]
    declared = next(step for step in stored if step.step == "declare_tiger_nine")
    assert declared.citation == grade.citation
    assert "A later wording." in table_page(client, attempt)


@pytest.mark.parametrize("profile", ["environment's name", "saved profile"])
def test_the_cached_store_reads_a_verdicts_wordings_and_the_school_name_as_the_plain_store_does(
    client, administrator, profile
):
    if profile == "saved profile":
        SchoolProfile.objects.create(name="Saved Dealer School")
    word(client, DECLARATION, "A first wording.")
    word(client, DECLARATION, OUR_WORDING)
    clauses = {DECLARATION, "A clause the school never worded"}
    plain, plain_name = wordings_and_name(clauses)
    cached, cached_name = newest_wordings_and_name(clauses)
    fields = [(wording.clause, wording.version, wording.text, wording.saved_at) for wording in plain.values()]
    assert [(wording.clause, wording.version, wording.text, wording.saved_at) for wording in cached.values()] == fields
    assert [version for _, version, _, _ in fields] == [2]
    assert cached_name() == plain_name() == ("Saved Dealer School" if profile == "saved profile" else SCHOOL)


def test_a_verdict_citing_the_schools_wording_reads_its_wording_and_the_school_name_in_one_query(
    client, administrator, django_assert_num_queries
):
    word(client, DECLARATION, OUR_WORDING)
    citation = CLAUSES[DECLARATION]
    with django_assert_num_queries(1):
        [cited] = school_citations([citation])
    assert cited.text == OUR_WORDING
    assert cited.submission.startswith(f"{FILED}, version 1 of")


def test_the_felt_posts_the_approved_paytables_with_their_rules_submission_and_old_rounds_keep_theirs(
    client, administrator
):
    trainee = make_trainee()
    table = demo_table()
    before = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    file_fortune(client, **{hand_field("pays", FortuneHand.STRAIGHT): "15 to 2"})
    royal = hand_field("awards", FortuneHand.ROYAL_FLUSH)
    file_progressive(client, wager="5", seed_amount="5,000", rate="0.2", **{royal: "1,500"})
    client.force_login(trainee)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    page = table_page(client, attempt)
    assert "Fortune Bonus: Keystone Fortune A" in page and "Straight 15 to 2" in page
    assert f"your house paytable, not regulation text: {FILED}, version 1 of" in page
    assert "Starts at $5,000.00 · 20% of each $5.00 wager" in page and f"Paytable: {FILED}, version 1 of" in page
    assert "Royal flush $1,500.00" in page
    rules = round_store.live_round(attempt).rules
    assert rules.progressive_wager == 500 and rules.fortune_paytable.citation.submission.startswith(FILED)
    old = table_page(client, before)
    assert "Fortune Bonus: Washington State Fortune Bonus paytable" in old and f"Paytable: {DEFAULT}" in old


CODE_NAMES = re.compile(r"\boption [a-z]+_[a-z_]+|\bMHB\b")
"""An option's key or the bonus's abbreviation, which no page of the school shows."""


def test_the_rules_submission_pages_name_house_procedures_in_floor_words(client, administrator):
    pages = [reverse("rules_submission"), *(reverse("house_wording", args=[slug]) for slug in HOUSE_CLAUSES)]
    for page in pages:
        text = unescape(client.get(page).content.decode())
        assert not CODE_NAMES.search(text), (page, CODE_NAMES.search(text))
    listed = unescape(client.get(reverse("rules_submission")).content.decode())
    assert ">Shaker selection</a>" in listed and "Must-Hit-By Mystery Bonus award rounding" in listed
