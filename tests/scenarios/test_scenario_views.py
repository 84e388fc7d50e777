"""The scenario builder's pages: who may open them, field errors that save nothing, preview, publish and deal."""

import html
import re

import pytest
from django.urls import reverse
from table_helpers import make_instructor, make_trainee

from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_forms import form_data, new_form_data
from scenarios.scenario_versions import create_scenario, publish
from simulator.core.table_cash import BuyIn, ColourUp
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

TIGER_NINE_DEALER = "9h 8c 7d 5s 4h 3c Kd"


def pai_gow_form(**fields):
    """The builder's fields for a new Pai Gow Poker scenario, as the page first shows them, plus ``fields``."""
    return new_form_data(GAMES["pai-gow-poker"], "Tiger 9 drill") | fields


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


@pytest.mark.parametrize("page", ["scenarios", "scenario_new", "scenario_fields"])
def test_trainees_may_not_open_the_builder(client, page):
    client.force_login(make_trainee())
    assert client.get(reverse(page)).status_code == 403


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(reverse("scenario_new"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_form_shows_every_option_of_the_games_rules_with_clause_provenance_and_house_rules_marked(
    client, instructor
):
    page = client.get(reverse("scenario_new")).content.decode()
    for option in GAMES["pai-gow-poker"].options():
        assert f'name="rules.{option.name}' in page
    assert "Regulation (51 Pa.B. 5607 §" in page
    assert "house procedure" in page and "house rule</span>" in page


def test_changing_the_game_swaps_in_that_games_options(client, instructor):
    page = client.get(reverse("scenario_fields"), {"game": "down-under-blackjack"}).content.decode()
    assert 'name="rules.decks"' in page and 'name="rules.house_way"' not in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"rigging.dice": "7 1 1"}, "field-rigging-dice_error", "die shows 7"),
        (
            {"rigging.hands.0": "As Kd Qh Jc Tc 9s 8s", "rigging.hands.2": "As 2d 3d 4d 5d 6d 7d"},
            "field-rigging-hands-2_error",
            "used twice",
        ),
        (
            {"rigging.hands.0": "JK Kd Qh Jc Tc 9s 8s", "rigging.hands.2": "JK 2d 3d 4d 5d 6d 7d"},
            "field-rigging-hands-2_error",
            "Two jokers",
        ),
        ({"seats.1": "pai-gow 5000"}, "field-seats-1_error", "outside the table limits"),
        ({"rules.pai_gow_limits.maximum": "5000 cents"}, "field-rules-pai_gow_limits-maximum_error", "in dollars"),
        ({"rules.commission_unit": "0.005"}, "field-rules-commission_unit_error", "not a whole number of cents"),
        ({"rigging.hands.3": "As Kd"}, "field-rigging-hands-3_error", "cannot be dealt"),
        (
            {"rules.mystery": "", "rigging.mystery_hit_round": "1"},
            "field-rigging-mystery_hit_round_error",
            "no Mystery Bonus",
        ),
    ],
)
def test_invalid_input_gets_a_field_error_and_nothing_is_saved(client, instructor, fields, field, message):
    response = client.post(reverse("scenario_new"), pai_gow_form(**{"seats.1": "pai-gow 25"} | fields))
    page = response.content.decode()
    assert response.status_code == 400 and "Nothing was saved" in page
    assert f'id="{field}">' in page and message in page.split(f'id="{field}">')[1].split("</span>")[0]
    assert not Scenario.objects.exists() and not ScenarioVersion.objects.exists()


def test_a_valid_scenario_is_saved_as_a_draft_and_the_preview_narrates_its_round(client, instructor):
    fields = pai_gow_form(
        **{
            "seats.2": "pai-gow 25, tiger-9 5, progressive 1",
            "rigging.dice": "6 1 1",
            "rigging.hands.0": TIGER_NINE_DEALER,
            "rigging.tiger_nine": "on",
            "rigging.mystery_hit_round": "1",
        }
    )
    response = client.post(reverse("scenario_new"), fields)
    version = ScenarioVersion.objects.get()
    assert response.status_code == 302 and not version.published and version.number == 1
    preview = client.get(response["Location"]).content.decode()
    assert "Tiger 9" in preview and "red 6, blue 1, blue 1" in preview and "§645b.2(f)" in preview
    assert "the Mystery Bonus of" in preview, "the rigged hit is won by seat 2's progressive wager"


def test_the_builder_names_each_option_as_the_floor_does_not_by_its_key(client, instructor):
    page = client.get(reverse("scenario_new"), {"game": "pai-gow-poker"}).content.decode()
    for field, label in (
        ("rules-tiger_nine_offered", "Tiger 9 offered"),
        ("rules-beat_it_paytable", "Beat It paytable"),
        ("rules-fortune_paytable", "Fortune Bonus paytable"),
        ("rules-tiger_nine_pushes_fouled_hands", "Tiger 9 pushes fouled hands"),
    ):
        assert re.search(rf'<label for="field-{field}">{label}\b', page), field
    assert "<legend>Mystery Bonus" in page and "<legend>Pai Gow Poker wager limits" in page


def test_amounts_of_money_among_the_rules_are_typed_in_dollars_like_the_wagers_and_kept_in_cents(client, instructor):
    page = client.get(reverse("scenario_new"), {"game": "pai-gow-poker"}).content.decode()
    for field, label, default in (
        ("rules-pai_gow_limits-maximum", "Maximum in dollars", "1000.00"),
        ("rules-side_wager_limits-unit", "Unit in dollars", "1.00"),
        ("rules-commission_unit", "Commission unit in dollars", "0.01"),
        ("rules-envy_qualifying_wager", "Envy Bonus qualifying wager in dollars", "5.00"),
    ):
        assert re.search(rf'<label for="field-{field}">{label}', page), field
        assert re.search(rf'<input[^>]* value="{re.escape(default)}"[^>]* id="field-{field}"', page), field
    assert re.search(r'<option value="100"( selected)?>\$1.00</option>', page), "the Mystery Bonus wager reads as money"
    fields = pai_gow_form(
        **{"seats.1": "pai-gow 25", "rules.pai_gow_limits.maximum": "500", "rules.commission_unit": "0.05"}
    )
    assert client.post(reverse("scenario_new"), fields).status_code == 302
    version = ScenarioVersion.objects.get()
    rules = version.spec["rules"]
    assert rules["pai_gow_limits"]["maximum"] == 500_00 and rules["commission_unit"] == 5
    edit = client.get(reverse("scenario_edit", args=[version.scenario.pk])).content.decode()
    assert re.search(r'value="500.00"[^>]* id="field-rules-pai_gow_limits-maximum"', edit)


def test_an_edit_form_shows_the_saved_scenario_and_editing_a_published_version_makes_a_new_one(client, instructor):
    spec = ScenarioSpec.from_json(
        {
            "game": "pai-gow-poker",
            "seats": {"1": {"pai-gow": {"minimum": 1000, "maximum": 2000}}},
            "rigging": {"dice": "6 1 1"},
        }
    )
    version = publish(create_scenario("Ranges", instructor, spec))
    page = client.get(reverse("scenario_edit", args=[version.scenario.pk])).content.decode()
    assert 'value="Pai Gow 10.00-20.00"' in page and 'value="6 1 1"' in page

    client.post(
        reverse("scenario_edit", args=[version.scenario.pk]),
        form_data(version.spec, "Ranges") | {"rigging.dice": "5 5 5"},
    )
    numbers = [(each.number, each.published) for each in version.scenario.versions.all()]
    assert numbers == [(1, True), (2, False)]


def test_another_instructors_scenario_is_not_found(client, instructor):
    version = create_scenario("Theirs", make_instructor("other"), ScenarioSpec.from_json({"game": "pai-gow-poker"}))
    assert client.get(reverse("scenario_edit", args=[version.scenario.pk])).status_code == 404


def test_a_trainee_deals_a_published_scenario_from_the_tables_page_but_not_a_draft(client):
    draft = create_scenario("Draft", make_instructor(), ScenarioSpec.from_json({"game": "pai-gow-poker"}))
    published = publish(
        create_scenario("Live", make_instructor("other"), ScenarioSpec.from_json({"game": "pai-gow-poker"}))
    )
    trainee = make_trainee()
    client.force_login(trainee)
    page = client.get(reverse("tables")).content.decode()
    assert (
        reverse("scenario_deal", args=[published.pk]) in page and reverse("scenario_deal", args=[draft.pk]) not in page
    )
    assert client.post(reverse("scenario_deal", args=[draft.pk])).status_code == 404
    response = client.post(reverse("scenario_deal", args=[published.pk]))
    attempt = Attempt.objects.get()
    assert response["Location"] == reverse("attempt", args=[attempt.pk]) and attempt.scenario_version == published


def test_685b1_d2_the_builder_seats_players_at_down_under_with_a_late_match_the_dealer_wager(client, instructor):
    fields = new_form_data(GAMES["down-under-blackjack"], "Late Match the Dealer") | {
        "seats.2": "blackjack 10, match_the_dealer 1",
        "seats.5": "blackjack 25",
        "rigging.late_wager.seat": "5",
        "rigging.late_wager": "match_the_dealer",
        "rigging.late_wager.amount": "1",
    }
    response = client.post(reverse("scenario_new"), fields)
    assert response.status_code == 302
    spec = ScenarioVersion.objects.get().engine_spec()
    assert spec.rigging.late_wager is not None and spec.rigging.late_wager.seat == 5
    assert "refuse" in client.get(response["Location"]).content.decode()


def test_645a11_f_the_builder_rigs_a_players_foul_and_refuses_one_without_a_player(client, instructor):
    refused = client.post(reverse("scenario_new"), pai_gow_form(**{"seats.1": "pai-gow 25", "rigging.foul_seat": "3"}))
    assert refused.status_code == 400 and not ScenarioVersion.objects.exists()
    saved = client.post(reverse("scenario_new"), pai_gow_form(**{"seats.1": "pai-gow 25", "rigging.foul_seat": "1"}))
    assert saved.status_code == 302 and ScenarioVersion.objects.get().engine_spec().rigging.foul_seat == 1


def test_the_preview_narrates_every_round_so_a_mystery_hit_on_round_2_is_seen_before_publishing(client, instructor):
    fields = pai_gow_form(
        **{
            "seats.2": "pai-gow 25, progressive 1",
            "rigging.mystery_hit_round": "2",
            "rounds": "2",
        }
    )
    preview = client.get(client.post(reverse("scenario_new"), fields)["Location"]).content.decode()
    first, second = preview.split("<h3>Round 2</h3>")
    assert "<h3>Round 1</h3>" in first and "each of the 2 rounds" in first
    assert "pay seat 2 the Mystery Bonus" not in first and "pay seat 2 the Mystery Bonus" in second


def test_the_builder_names_the_betting_areas_and_says_who_can_win_a_rigged_mystery_hit(client, instructor):
    page = client.get(reverse("scenario_new")).content.decode()
    assert "Betting areas: Pai Gow, Progressive, Tiger 9, Fortune, Sum, Match 1," in page
    assert "only a seat with a qualifying progressive wager wins it." in page


def test_the_scenario_list_says_where_a_published_scenario_is_assigned_or_examined(client, instructor):
    page = client.get(reverse("scenarios")).content.decode()
    assert "assign it from a cohort's Assignments page" in page
    assert f'href="{reverse("cohorts")}"' in page and f'href="{reverse("exams")}"' in page


def test_the_error_summary_at_the_top_of_the_long_builder_links_to_each_field_marked_below(client, instructor):
    fields = pai_gow_form(**{"rigging.dice": "7 1 1", "rigging.hands.0": "As As Kd Qd Jd 9c JK", "name": ""})
    response = client.post(reverse("scenario_new"), fields)
    page = response.content.decode()
    summary = page.split('role="alert"')[1].split("</div>")[0]
    links = re.findall(r'<li><a href="#([^"]+)">([^<]+)</a>: ', summary)
    assert response.status_code == 400 and links == [
        ("field-name", "Name"),
        ("field-rigging-dice", "Dice, red first"),
        ("field-rigging-hands-0", "Dealer&#39;s seven cards"),
    ]
    assert all(f'id="{anchor}"' in page for anchor, _ in links)


def down_under_form(**fields):
    """The builder's fields for a new Down Under Blackjack scenario, as the page first shows them, plus ``fields``."""
    return new_form_data(GAMES["down-under-blackjack"], "Blackjack hand") | fields


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            pai_gow_form(**{"rules.sum_paytable": '"D"', "rules.side_wager_limits.unit": "0.01"}),
            "field-rules-side_wager_limits-unit_error",
            "Sum Paytable D pays 15 to 2",
        ),
        (
            pai_gow_form(
                **{
                    "rules.commission_free": "false",
                    "rules.tiger_nine_offered": "false",
                    "rules.commission_rate": "0",
                }
            ),
            "field-rules-commission_free_error",
            "choose Commission free",
        ),
        (
            pai_gow_form(**{"rules.commission_free": "false", "rules.tiger_nine_offered": "false"})
            | {"rules.commission_rate": "0.99"},
            "field-rules-commission_rate_error",
            "at most 10%, a house bound",
        ),
        (
            pai_gow_form(**{"rigging.tiger_nine": "on", "rigging.hands.1": "9h 9c 9d 9s 2c 3c 4c"}),
            "field-rigging-tiger_nine_error",
            "no seven cards that the house way sets with a 9-high low hand",
        ),
    ],
)
def test_the_builder_refuses_what_could_not_be_dealt_to_the_end_beside_its_field(
    client, instructor, fields, field, message
):
    response = client.post(reverse("scenario_new"), fields)
    page = response.content.decode()
    assert response.status_code == 400 and "Nothing was saved" in page
    assert message in page.split(f'id="{field}">')[1].split("</")[0]
    assert f'href="#{field.removesuffix("_error")}' in page.split('role="alert"')[1]
    assert not ScenarioVersion.objects.exists()


def test_the_builder_says_which_steps_the_engine_always_performs_and_offers_no_box_for_them(client, instructor):
    page = client.get(reverse("scenario_fields"), {"game": "down-under-blackjack"}).content.decode()
    assert "The engine always performs the steps no dealer or floorperson takes: add match contributions," in page
    assert 'name="automations.complete_blackjack_hand"' not in page and "Burn card</label>" in page
    saved = client.post(reverse("scenario_new"), down_under_form())
    assert "complete_blackjack_hand" in ScenarioVersion.objects.get().spec["automations"], saved


def test_the_builder_rigs_a_buy_in_and_a_colour_up_and_reads_them_back(client, instructor):
    fields = pai_gow_form(
        **{
            "seats.1": "pai-gow 25",
            "seats.4": "pai-gow 10",
            "rigging.buy_in": "4",
            "rigging.buy_in.cash": "300",
            "rigging.colour_up": "1",
            "rigging.colour_up.chips": "500x12 100x7",
        }
    )
    assert client.post(reverse("scenario_new"), fields).status_code == 302
    version = ScenarioVersion.objects.get()
    rigging = version.engine_spec().rigging
    assert rigging.buy_in == BuyIn(4, 30000) and rigging.colour_up == ColourUp(1, {500: 12, 100: 7})
    data = form_data(version.engine_spec().to_json(), "again")
    assert (data["rigging.buy_in.cash"], data["rigging.colour_up.chips"]) == ("300.00", "500x12 100x7")


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"rigging.buy_in": "4", "rigging.buy_in.cash": "-300"}, "rigging.buy_in.cash", "not an amount in dollars"),
        ({"rigging.buy_in": "4", "rigging.buy_in.cash": "250000"}, "rigging.buy_in", "at most $100,000.00"),
        ({"rigging.buy_in": "3", "rigging.buy_in.cash": "300"}, "rigging.buy_in", "Seat 3 has no player"),
        ({"rigging.buy_in": "4"}, "rigging.buy_in.cash", "Give the cash"),
        ({"rigging.colour_up": "1", "rigging.colour_up.chips": "700x2"}, "rigging.colour_up", "no $7.00 chip"),
    ],
)
def test_the_builder_refuses_a_bad_buy_in_or_colour_up_beside_its_field(client, instructor, fields, field, words):
    posted = pai_gow_form(**{"seats.1": "pai-gow 25", "seats.4": "pai-gow 10", **fields})
    response = client.post(reverse("scenario_new"), posted)
    assert response.status_code == 400 and not ScenarioVersion.objects.exists()
    summary = html.unescape(response.content.decode().split('role="alert"')[1].split("</div>")[0])
    anchor = "field-" + field.replace(".", "-")
    assert f'href="#{anchor}"' in summary and words in summary
