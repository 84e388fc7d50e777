"""The builder an instructor can use: per-game forms, the felt in the preview, copies, archive, drafts, versions."""

import html
import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import make_instructor, make_trainee

from certification.forms import ExamForm
from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_forms import form_data, new_form_data
from scenarios.scenario_versions import create_scenario, publish
from school.models import Assignment, Cohort
from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.round import DownUnderRound
from simulator.core.chip_inventory import float_chips
from simulator.core.chips import CHIP_COLOURS, read_rack
from simulator.games import GAMES
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.scenarios import Rigging, ScenarioSpec, deal_scenario

pytestmark = pytest.mark.django_db

DOWN_UNDER = GAMES["down-under-blackjack"]
PAI_GOW = GAMES["pai-gow-poker"]
RIGGING_FIELDS = {
    "dice": "rigging.dice",
    "hands": "rigging.hands.0",
    "tiger_nine": "rigging.tiger_nine",
    "mystery_hit_round": "rigging.mystery_hit_round",
    "ace_of_spades_round": "rigging.ace_of_spades_round",
    "late_wager": "rigging.late_wager",
    "missing_chip_seat": "rigging.missing_chip_seat",
    "foul_seat": "rigging.foul_seat",
    "cards": "rigging.cards.1",
    "community_cards": "rigging.community_cards",
    "habits": "rigging.habits.1",
    "low_hands": "rigging.low_hands.1",
    "buy_in": "rigging.buy_in",
    "colour_up": "rigging.colour_up",
}
"""The builder's field for each rigging field of a scenario."""


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


def fields_of(client, game):
    """The builder's fields for ``game`` as the page swaps them in when the game is chosen."""
    return client.get(reverse("scenario_fields"), {"game": game.key}).content.decode()


def shown_text(page):
    """The words a person reads on the page: no tags, no attribute values."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.split("<main>")[-1]))


def down_under_scenario(client, **fields):
    """Post the Down Under Blackjack builder with two seated players and a forced A♠ hit on round 1."""
    posted = new_form_data(DOWN_UNDER, "Match the Dealer hit") | {
        "seats.2": "Blackjack 10, Match the Dealer 1",
        "seats.5": "Blackjack 25",
        "rigging.ace_of_spades_round": "1",
    }
    return client.post(reverse("scenario_new"), posted | fields)


def test_each_games_form_shows_only_the_rigging_its_registry_entry_supports(client, instructor):
    assert set(RIGGING_FIELDS) == {*Rigging.__dataclass_fields__}
    for game in GAMES.values():
        page = fields_of(client, game)
        for rigging, field in RIGGING_FIELDS.items():
            assert (f'name="{field}"' in page) == (rigging in game.scenario.rigging), (game.key, rigging)


def test_685b1_the_down_under_form_shows_no_dice_tiger_9_or_seven_cards(client, instructor):
    text = shown_text(fields_of(client, DOWN_UNDER))
    for pai_gow_only in ("Dice", "Tiger 9", "seven cards", "Seat whose player fouls"):
        assert pai_gow_only not in text, pai_gow_only


def test_the_betting_areas_are_listed_by_their_names_on_the_felt_not_their_keys(client, instructor):
    text = shown_text(fields_of(client, DOWN_UNDER))
    assert "Betting areas: Blackjack, Match the Dealer." in text and "match_the_dealer" not in text
    pai_gow = shown_text(fields_of(client, GAMES["pai-gow-poker"]))
    assert (
        "Betting areas: Pai Gow, Progressive, Tiger 9, Fortune, Sum, Match 1," in pai_gow and "pai-gow" not in pai_gow
    )


def test_a_game_whose_tables_seat_simulated_players_offers_no_seats(client, instructor):
    for game in (game for game in GAMES.values() if not game.scenario.betting_areas):
        page = html.unescape(fields_of(client, game))
        assert 'name="seats.1"' not in page and "Simulated players sit at this game's tables" in page, game.key


def test_the_builder_is_in_sections_a_person_can_scan_in_this_order(client, instructor):
    legends = re.findall(
        r'<fieldset class="panel builder-group">\s*<legend>([^<]+)</legend>', fields_of(client, DOWN_UNDER)
    )
    assert legends == [
        "Table rules",
        "Seats and wagers",
        "What to rig",
        "What the engine does",
        "Rounds and pass rule",
        "Watch scenario",
    ]


def test_no_label_or_help_says_null_or_names_an_option_by_its_key(client, instructor):
    for game in GAMES.values():
        text = shown_text(client.get(reverse("scenario_new"), {"game": game.key}).content.decode())
        assert "null" not in text, game.key
        keys = [option.name for option in game.options() if "_" in option.name and option.name in text]
        assert keys == [], game.key


def test_each_option_has_inline_help_with_its_clause_or_its_house_procedure(client, instructor):
    page = fields_of(client, DOWN_UNDER)
    assert "How many decks the shoe holds. Regulation (51 Pa.B. 5607 §685b.1(b))." in page
    assert 'aria-describedby="field-rules-decks_helptext"' in page and 'id="field-rules-decks_helptext"' in page
    assert "Your house procedure:" in page and "house rule</span>" in page


def test_685b1_a_down_under_scenario_built_from_its_form_deals_and_previews_the_felt(client, instructor):
    response = down_under_scenario(client)
    assert response.status_code == 302, response.content.decode()[:2000]
    spec = ScenarioVersion.objects.get().engine_spec()
    assert spec.seats[2]["match_the_dealer"].minimum == 100 and spec.rigging.ace_of_spades_round == 1
    assert deal_scenario(spec, 7, 1).play_out(), "the scenario's round deals to the end"
    preview = client.get(response["Location"]).content.decode()
    felt = preview.split('<div class="table-main">')[1].split("</section>\n  <section")[0]
    assert 'id="felt"' in felt and "Match the Dealer" in felt and "Blackjack" in felt
    assert "Round 1 as dealt, before the trainee's first step" in preview
    assert "Saved Match the Dealer hit as a draft, version 1." in preview


def test_685a7_e_the_down_under_form_rigs_each_places_two_cards_and_writes_them_back(client, instructor):
    rigged = {"rigging.ace_of_spades_round": "", "rigging.cards.0": "As 6c", "rigging.cards.5": "Ts 9d"}
    response = down_under_scenario(client, **rigged)
    assert response.status_code == 302, response.content.decode()[:2000]
    version = ScenarioVersion.objects.get()
    spec = version.engine_spec()
    round_ = deal_scenario(spec, 7, 1)
    round_.play_out()
    assert [str(card) for card in round_.dealer_cards[:2]] == ["As", "6c"]
    assert [str(card) for card in round_.hands[5][:2]] == ["Ts", "9d"]
    written = form_data(spec.to_json(), "Rigged")
    assert written["rigging.cards.0"] == "As 6c" and written["rigging.cards.5"] == "Ts 9d"
    page = fields_of(client, DOWN_UNDER)
    assert "Dealer&#39;s upcard and hole card" in page and "the upcard, then the hole card (§685a.7(e))" in page


def test_house_confirming_a_signal_the_down_under_form_rigs_a_seats_style_and_writes_it_back(client, instructor):
    whole_round = {"rules.trainee_deals": json.dumps("the whole round")}
    styled = {"rigging.ace_of_spades_round": "", "rigging.habits.5": "hunch"} | whole_round
    response = down_under_scenario(client, **styled)
    assert response.status_code == 302, response.content.decode()[:2000]
    spec = ScenarioVersion.objects.get().engine_spec()
    assert spec.rigging.habits == {5: BlackjackStyle.HUNCH}
    round_ = deal_scenario(spec, 7, 1)
    assert isinstance(round_, DownUnderRound) and round_.styles[5] is BlackjackStyle.HUNCH
    assert form_data(spec.to_json(), "Styled")["rigging.habits.5"] == "hunch"
    assert "on a hunch" in fields_of(client, DOWN_UNDER)


def test_the_builders_rack_offers_every_chip_colour_and_a_scenario_round_opens_from_its_float(client, instructor):
    """Issue 32: a school's rack may hold a $20 yellow and a $2.50 pink; a scenario's round opens from the float."""
    colours = f"from {', '.join(CHIP_COLOURS[:-1])} and {CHIP_COLOURS[-1]}"
    assert colours in shown_text(fields_of(client, DOWN_UNDER))
    rack = "$100 black; $25 green; $20 yellow; $5 red; $2.50 pink; $1 white"
    response = down_under_scenario(client, **{"rules.rack": rack})
    assert response.status_code == 302, response.content.decode()[:2000]
    round_ = deal_scenario(ScenarioVersion.objects.get().engine_spec(), 7, 1)
    assert isinstance(round_, DownUnderRound) and round_.house_chips().rack == read_rack(rack)
    assert round_.chip_inventory().opening == float_chips(read_rack(rack))


def test_the_preview_shows_the_felt_of_the_round_chosen(client, instructor):
    spec = ScenarioSpec.from_json({"game": DOWN_UNDER.key, "rounds": 2})
    scenario = create_scenario("Two rounds", instructor, spec).scenario
    page = client.get(reverse("scenario_preview", args=[scenario.pk]), {"round": "2"}).content.decode()
    assert "Round 2 as dealt" in page and 'href="?round=2" aria-current="page"' in page
    assert client.get(reverse("scenario_preview", args=[scenario.pk]), {"round": "3"}).status_code == 404


def test_a_wager_on_an_area_the_game_has_not_is_refused_naming_the_areas(client, instructor):
    response = down_under_scenario(client, **{"seats.2": "Tiger 9 5"})
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and "“Tiger 9” is not a betting area here: Blackjack, Match the Dealer." in page


def test_a_copy_is_a_new_draft_of_the_newest_version(client, instructor):
    version = publish(create_scenario("Original", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})))
    response = client.post(reverse("scenario_copy", args=[version.scenario.pk]), follow=True)
    copy = Scenario.objects.get(name="Copy of Original")
    assert copy.latest_version().spec == version.spec and not copy.latest_version().published
    assert response.redirect_chain[-1][0] == reverse("scenario_edit", args=[copy.pk])
    assert "Made Copy of Original, a draft" in response.content.decode()


def test_an_archived_scenario_leaves_the_tables_page_and_is_restored(client, instructor):
    version = publish(create_scenario("Old drill", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})))
    scenario = version.scenario
    page = client.post(reverse("scenario_archive", args=[scenario.pk]), follow=True).content.decode()
    assert "Archived Old drill" in page and page.index("<h2>Archived</h2>") < page.index("<strong>Old drill</strong>")
    trainee = make_trainee()
    client.force_login(trainee)
    assert reverse("scenario_deal", args=[version.pk]) not in client.get(reverse("tables")).content.decode()
    client.force_login(instructor)
    page = client.post(reverse("scenario_archive", args=[scenario.pk]), {"restore": "on"}, follow=True)
    assert "Restored Old drill" in page.content.decode() and Scenario.objects.get().archived_at is None


def test_an_archived_scenario_is_not_offered_for_a_new_assignment(client, instructor):
    version = publish(create_scenario("Old drill", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})))
    cohort = Cohort.objects.create(name="Evening")
    cohort.instructors.add(instructor)
    client.post(reverse("scenario_archive", args=[version.scenario.pk]))
    posted = {"scenario": str(version.scenario.pk), "trainee": "", "due_on": str(timezone.localdate())}
    response = client.post(reverse("assignments", args=[cohort.pk]), posted | {"passes_required": "1"})
    assert response.status_code == 400 and not Assignment.objects.exists()


def test_an_archived_scenario_is_not_offered_for_a_new_exam(client, instructor):
    version = publish(create_scenario("Old drill", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})))
    assert version in ExamForm(instructor).fields["scenario_1"].queryset
    client.post(reverse("scenario_archive", args=[version.scenario.pk]))
    assert version not in ExamForm(instructor).fields["scenario_1"].queryset


def test_discarding_a_draft_asks_first_then_keeps_the_published_version(client, instructor):
    spec = ScenarioSpec.from_json({"game": DOWN_UNDER.key})
    scenario = publish(create_scenario("Kept", instructor, spec)).scenario
    client.post(reverse("scenario_edit", args=[scenario.pk]), form_data(spec.to_json(), "Kept") | {"rounds": "3"})
    question = client.get(reverse("scenario_discard", args=[scenario.pk])).content.decode()
    assert "Discard the draft of Kept, version 2?" in question and "cannot be undone" in question
    assert scenario.versions.count() == 2
    page = client.post(reverse("scenario_discard", args=[scenario.pk]), follow=True).content.decode()
    assert "Discarded the draft of Kept: version 1 is the newest." in page
    assert [version.number for version in scenario.versions.all()] == [1]


def test_discarding_the_draft_of_a_scenario_never_published_deletes_it(client, instructor):
    scenario = create_scenario("Never", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})).scenario
    assert "the scenario itself is deleted" in client.get(reverse("scenario_discard", args=[scenario.pk])).text
    client.post(reverse("scenario_discard", args=[scenario.pk]))
    assert not Scenario.objects.exists()


def test_a_published_version_has_no_draft_to_discard(client, instructor):
    version = publish(create_scenario("Live", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})))
    assert client.post(reverse("scenario_discard", args=[version.scenario.pk])).status_code == 404
    assert ScenarioVersion.objects.count() == 1


def test_editing_a_published_version_says_a_new_draft_was_made_and_the_version_list_says_what_changed(
    client, instructor
):
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker", "rigging": {"dice": "6 1 1"}})
    scenario = publish(create_scenario("Dice", instructor, spec)).scenario
    edit = client.get(reverse("scenario_edit", args=[scenario.pk])).content.decode()
    assert "Version 1 is published. Saving keeps it as trainees deal it" in edit
    posted = form_data(spec.to_json(), "Dice") | {"rigging.dice": "5 5 5", "rules.house_way": '"trump-plaza"'}
    page = client.post(reverse("scenario_edit", args=[scenario.pk]), posted, follow=True).content.decode()
    assert "your changes are a new draft, version 2" in page
    versions = html.unescape(client.get(reverse("scenario_versions", args=[scenario.pk])).content.decode())
    assert "Version 2: draft" in versions and "Version 1: published" in versions
    assert versions.index("Trainees deal this version.") > versions.index("Version 1: published")
    assert "Dice, red first: 6 1 1 → 5 5 5" in versions
    assert "House way: Foxwoods → Trump Plaza" in versions


def test_publishing_asks_first_then_confirms_with_a_message(client, instructor):
    scenario = create_scenario("Ready", instructor, ScenarioSpec.from_json({"game": DOWN_UNDER.key})).scenario
    question = client.get(reverse("scenario_publish", args=[scenario.pk])).content.decode()
    assert "Publish Ready, version 1?" in question and "never changes" in question
    assert not ScenarioVersion.objects.get().published
    page = client.post(reverse("scenario_publish", args=[scenario.pk]), follow=True).content.decode()
    assert ScenarioVersion.objects.get().published
    assert 'role="status"' in page and "Published Ready, version 1: trainees can deal it now." in page


def test_every_games_preview_draws_its_felt_as_dealt(client, instructor):
    for game in GAMES.values():
        scenario = create_scenario(game.name, instructor, ScenarioSpec.from_json({"game": game.key})).scenario
        page = client.get(reverse("scenario_preview", args=[scenario.pk])).content.decode()
        assert 'id="felt"' in page.split('class="preview-felt"')[1], game.key


ROYAL_FLUSH = "As Ks Qs Js Ts 3d 2c"


def pai_gow_scenario(client, **fields):
    """Post the Pai Gow Poker builder with a player at seat 4 dealt a royal flush, plus ``fields``."""
    posted = new_form_data(PAI_GOW, "Royal flush") | {"seats.4": "Pai Gow 25", "rigging.hands.4": ROYAL_FLUSH}
    return client.post(reverse("scenario_new"), posted | fields)


def test_the_builder_rigs_a_quiet_table_and_a_seats_low_hand_and_writes_them_back(client, instructor):
    response = pai_gow_scenario(client, quiet="on", **{"rigging.low_hands.4": "As Ks"})
    assert response.status_code == 302, response.content.decode()[:2000]
    spec = ScenarioVersion.objects.get().engine_spec()
    assert spec.quiet is True
    round_ = deal_scenario(spec, 7, 1)
    round_.play_out()
    assert [str(card) for card in round_.player_hands[4].low] == ["As", "Ks"]
    written = form_data(spec.to_json(), "Royal flush")
    assert written["quiet"] == "on" and written["rigging.low_hands.4"] == "As Ks"
    page = fields_of(client, PAI_GOW)
    assert "Quiet table" in page and "Seat 4&#39;s low hand" in page


def test_the_builder_rigs_how_a_pai_gow_player_sets_the_hand(client, instructor):
    response = pai_gow_scenario(client, **{"rigging.habits.4": "own_way"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert ScenarioVersion.objects.get().engine_spec().rigging.habits == {4: PlayerStyle.OWN_WAY}


def test_a_low_hand_not_of_the_seats_cards_is_a_field_error_beside_it(client, instructor):
    response = pai_gow_scenario(client, **{"rigging.low_hands.4": "As 9h"})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert 'id="field-rigging-low_hands-4_error">Two of seat 4\'s rigged cards are wanted' in page


def test_the_builder_offers_house_ways_and_who_deals_in_floor_words_not_code_names(client, instructor):
    for game in GAMES.values():
        options = re.findall(r"<option [^>]*>([^<]*)</option>", fields_of(client, game))
        assert not {"foxwoods", "trump-plaza", "engine", "trainee"} & set(options), game.key
        assert not re.search(r"\boption [a-z]+_[a-z_]+|\bMHB\b", shown_text(fields_of(client, game))), game.key
    assert {"Foxwoods", "Trump Plaza"} <= set(re.findall(r"<option [^>]*>([^<]*)</option>", fields_of(client, PAI_GOW)))
    carnival = next(game for game in GAMES.values() if game.scenario.base_game is not None)
    assert "dealt by the trainee" in fields_of(client, carnival)
