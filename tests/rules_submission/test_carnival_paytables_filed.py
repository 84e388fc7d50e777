"""The school files its own Pair Plus, Ante Bonus, Blind and Trips paytables: each shown with its exact house edge
and hit frequency before it is saved, refused field by field, warned of when it pays back more than 100%, and dealt
where the trainee deals the game."""

import itertools
import json
import re
from fractions import Fraction
from html import unescape
from math import comb

import pytest
from django.urls import reverse
from table_helpers import make_instructor, make_trainee, make_user

from core.roles import Role
from rules_submission.exact_returns import paytable_figures
from rules_submission.forms import DEFAULTS, FORMS, line_field
from rules_submission.models import FiledPaytable, PaytableKind
from simulator.carnival.holdem_stored import STORED
from simulator.carnival.poker import Paytable
from simulator.carnival.three_card_poker import ANTE_BONUS_PAYTABLES, PAIR_PLUS_PAYTABLES
from simulator.carnival.ultimate_texas import BLIND_PAYTABLES, TRIPS_PAYTABLES
from simulator.core.money import Odds
from trainer import round_store, services
from trainer.models import Floorperson, Mode, Table

pytestmark = pytest.mark.django_db

THREE_CARD_HANDS = comb(52, 3)
SEVEN_CARD_HANDS = comb(52, 7)
SEVEN_CARD_COUNTS = {
    "royal flush": 4324,
    "straight flush": 37260,
    "four of a kind": 224848,
    "full house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three of a kind": 6461620,
}
"""The published counts of the best five-card hand among seven cards, for the hands a Trips paytable pays."""


def naive_three_card_counts() -> dict[str, int]:
    """Each three-card hand's category counted one hand at a time, a straight outranking a flush, A-2-3 a straight."""
    counts = dict.fromkeys(("straight flush", "three of a kind", "straight", "flush", "pair", "high card"), 0)
    for cards in itertools.combinations([(rank, suit) for rank in range(13) for suit in range(4)], 3):
        ranks = sorted(rank for rank, _ in cards)
        suited = len({suit for _, suit in cards}) == 1
        run = (ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3) or ranks == [0, 1, 12]
        if run and suited:
            counts["straight flush"] += 1
        elif len(set(ranks)) == 1:
            counts["three of a kind"] += 1
        elif run:
            counts["straight"] += 1
        elif suited:
            counts["flush"] += 1
        elif len(set(ranks)) == 2:
            counts["pair"] += 1
        else:
            counts["high card"] += 1
    return counts


def edge_of(pays: dict[str, Fraction], counts: dict[str, int], total: int) -> Fraction:
    """The house's edge on a wager that pays ``pays`` (to 1) on ``counts`` and loses on every other hand."""
    won = sum(odds * counts[hand] for hand, odds in pays.items())
    lost = total - sum(counts[hand] for hand in pays)
    return (lost - won) / total


def to_four_places(value: Fraction) -> str:
    """A fraction as a percentage to four decimals, as a person would round it."""
    return f"{float(value) * 100:.4f}%"


def figures_of(area, paytable, strategy=()):
    return {figure.wager: figure for figure in paytable_figures(area, paytable, strategy)}


# ----- each figure against a second count or a published one -----


def test_pair_plus_paytable_option_edges_and_hit_frequency_match_a_second_count_and_the_published_figures():
    counts = naive_three_card_counts()
    pays = {"straight flush": 40, "three of a kind": 30, "straight": 6, "flush": 4, "pair": 1}
    for name, flush, published in (("40-30-6-4-1", 4, "2.32"), ("40-30-6-3-1", 3, "7.28")):
        edge = edge_of({**pays, "flush": Fraction(flush)}, counts, THREE_CARD_HANDS)
        [figure] = paytable_figures("pair_plus", PAIR_PLUS_PAYTABLES[name])
        assert figure.edge == to_four_places(edge), name
        assert f"{float(edge) * 100:.2f}" == published
        hits = Fraction(THREE_CARD_HANDS - counts["high card"], THREE_CARD_HANDS)
        assert figure.hit_frequency == to_four_places(hits) == "25.6109%"
    assert paytable_figures("pair_plus", PAIR_PLUS_PAYTABLES["40-30-6-3-1"])[0].edge == "7.2760%"


def test_ante_bonus_paytable_option_the_bonus_and_the_ante_and_play_by_each_strategy_are_shown_as_assumed():
    counts = naive_three_card_counts()
    shown = paytable_figures("ante_bonus", ANTE_BONUS_PAYTABLES["5-4-1"], ["house advice", "cautious"])
    bonus = next(figure for figure in shown if figure.wager.startswith("Ante Bonus"))
    paid = 5 * counts["straight flush"] + 4 * counts["three of a kind"] + counts["straight"]
    assert bonus.returned == Fraction(paid, THREE_CARD_HANDS) and not bonus.strategy
    assert (
        bonus.edge
        == f"none of its own: it adds {to_four_places(bonus.returned)} of the wager it is paid on, on average"
    )
    assert not bonus.pays_back_over_100  # paid on top of the Ante: the Ante and Play's figure is the one warned of
    hits = counts["straight flush"] + counts["three of a kind"] + counts["straight"]
    assert bonus.hit_frequency == to_four_places(Fraction(hits, THREE_CARD_HANDS))
    both = {figure.strategy: figure for figure in shown if figure.wager.startswith("Ante and Play")}
    # The published 3.37% edge of the Ante and Play with the 5-4-1 Ante Bonus, playing queen-six-four or better;
    # to four places, 686,689 units of 20,358,520 (test_poker_odds checks its dealer counts hand by hand).
    assert both["house advice"].edge == to_four_places(Fraction(686689, 20358520)) == "3.3730%"
    assert both["house advice"].assumes == "the player follows the house advice the simulated players follow"
    assert both["cautious"].edge == to_four_places(Fraction(2325451, 5987800))  # test_poker_odds' cautious count
    assert len(shown) == 3


def test_653a12_c_trips_paytable_edge_is_the_published_3_50_percent_for_50_40_30_8_7_4_3():
    paytable = TRIPS_PAYTABLES["C"]
    assert [odds.win for odds in paytable.pays.values()] == [50, 40, 30, 8, 7, 4, 3]
    pays = {line: Fraction(odds.win, odds.stake) for line, odds in paytable.pays.items()}
    edge = edge_of(pays, SEVEN_CARD_COUNTS, SEVEN_CARD_HANDS)
    [figure] = paytable_figures("trips", paytable)
    assert figure.edge == to_four_places(edge) and f"{float(edge) * 100:.2f}" == "3.50"
    assert figure.hit_frequency == to_four_places(Fraction(sum(SEVEN_CARD_COUNTS.values()), SEVEN_CARD_HANDS))


def test_653a12_b_blind_paytable_edges_are_the_stored_sums_read_by_hand_under_the_strategy_assumed():
    stored = json.loads(STORED.read_text())["strategies"]
    for name, paytable in BLIND_PAYTABLES.items():
        for strategy, sums in stored.items():
            won = sum(
                Fraction(odds.win, odds.stake) * sums["blind_won"].get(line, 0) for line, odds in paytable.pays.items()
            )
            blind = (won - sums["blind_lost"]) / sums["deals"]
            together = (sums["ante"] + sums["play"] + won - sums["blind_lost"]) / sums["deals"]
            shown = figures_of("blind", paytable, [strategy])
            assert shown["Blind Wager, per unit of Blind"].edge == to_four_places(-blind), (name, strategy)
            assert shown["Ante, Blind and Play Wagers, per unit of Ante"].edge == to_four_places(-together)
            assert shown["Ante, Blind and Play Wagers, per unit of Ante"].strategy == strategy
    house_advice = figures_of("blind", BLIND_PAYTABLES["A"])["Ante, Blind and Play Wagers, per unit of Ante"]
    # test_holdem_stored's pinned count: the house advice's -2.47% of the Ante with Blind paytable A.
    assert house_advice.edge == to_four_places(Fraction(85757698561, 3476726253000)) == "2.4666%"
    assert house_advice.strategy == "house advice"
    generous = Paytable("Generous", {line: Odds(100, 1) for line in BLIND_PAYTABLES["A"].pays})
    shown = figures_of("blind", generous)
    blind = shown["Blind Wager, per unit of Blind"]
    assert blind.edge.startswith("none: pays back") and not blind.pays_back_over_100
    assert shown["Ante, Blind and Play Wagers, per unit of Ante"].pays_back_over_100


# ----- filing them -----

SCHOOL = "Keystone Dealer Academy"


@pytest.fixture
def administrator(client, settings):
    settings.SCHOOL_NAME = SCHOOL
    user = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(user)
    return user


def text_of(page) -> str:
    """A page's text as a person reads it, tags dropped and spaces folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", page.content.decode())))


def form_data(kind: PaytableKind, **changes) -> dict[str, str]:
    """The paytable form as the page first fills it (the default), with ``changes`` typed over it."""
    form = FORMS[kind](DEFAULTS[kind], None)
    return {name: str(form.initial.get(name, form.fields[name].initial or "")) for name in form.fields} | changes


def send(client, kind: PaytableKind, **changes):
    data = {key: value for key, value in form_data(kind, **changes).items() if value not in ("False", "")}
    return client.post(reverse("filed_paytable", args=[kind]), data)


def test_pair_plus_paytable_option_the_page_shows_the_exact_edge_in_force_and_of_a_paytable_shown_before_it_is_saved(
    client, administrator
):
    page = text_of(client.get(reverse("filed_paytable", args=[PaytableKind.PAIR_PLUS])))
    assert "The paytable in force" in page and "Pair Plus Wager 2.3167% 25.6109% of deals" in page
    shown = send(client, PaytableKind.PAIR_PLUS, show="1", **{line_field("flush"): "3 to 1"})
    assert shown.status_code == 200
    assert "The paytable as you sent it, not saved yet" in text_of(shown)
    assert "Pair Plus Wager 7.2760%" in text_of(shown)
    assert FiledPaytable.objects.count() == 0


def test_pair_plus_paytable_option_one_paying_back_more_than_100_percent_is_warned_of_and_saved_only_once_ticked(
    client, administrator
):
    generous = {"name": "Keystone Generous", line_field("pair"): "3 to 1"}
    # Paying a pair 3 to 1: 40·48 + 30·52 + 6·720 + 4·1,096 + 3·3,744 won against 16,440 hands lost, of 22,100.
    player = Fraction(40 * 48 + 30 * 52 + 6 * 720 + 4 * 1096 + 3 * 3744 - 16440, THREE_CARD_HANDS)
    page = send(client, PaytableKind.PAIR_PLUS, **generous)
    assert page.status_code == 200 and FiledPaytable.objects.count() == 0
    text = text_of(page)
    assert "Warning: the Pair Plus Wager pays back more than 100%" in text
    assert f"pays back {to_four_places(1 + player)}, a player's edge of {to_four_places(player)}" in text
    assert 'role="alert"' in page.content.decode()
    saved = send(client, PaytableKind.PAIR_PLUS, over_100="on", **generous)
    assert saved.status_code == 302
    assert FiledPaytable.objects.get().paytable["pays"]["pair"] == "3 to 1"
    in_force = text_of(client.get(saved.url))
    assert "Saved as version 1" in in_force and "Warning: the Pair Plus Wager pays back more than 100%" in in_force


def test_pair_plus_paytable_option_bad_odds_and_a_strategy_that_does_not_exist_are_field_errors_that_save_nothing(
    client, administrator
):
    page = send(client, PaytableKind.PAIR_PLUS, **{line_field("pair"): "0 to 1", line_field("flush"): "10,001 to 1"})
    assert page.status_code == 400
    errors = dict(re.findall(r'id="id_(\w+)_error"><li>([^<]+)<', unescape(page.content.decode())))
    assert errors == {
        "pays_pair": "'0 to 1': both numbers of the odds are above 0.",
        "pays_flush": "10001 to 1 pays more than 10,000 to 1, the most a line may pay.",
    }
    assert "Correct the fields marked below" in text_of(page)
    page = send(client, PaytableKind.ANTE_BONUS, strategy="optimal play")
    assert page.status_code == 400 and 'id="id_strategy_error"' in page.content.decode()
    page = send(
        client, PaytableKind.TRIPS, **{line_field("royal flush"): "", line_field("three of a kind"): "3.5 to 1"}
    )
    assert page.status_code == 400 and 'id="id_pays_three_of_a_kind_error"' in page.content.decode()
    assert FiledPaytable.objects.count() == 0


def test_ante_bonus_paytable_option_the_page_says_which_strategy_its_ante_and_play_edge_assumes(client, administrator):
    page = text_of(send(client, PaytableKind.ANTE_BONUS, show="1", strategy="cautious"))
    assert (
        f"Ante and Play Wagers with this Ante Bonus, per unit of Ante {to_four_places(Fraction(2325451, 5987800))}"
        in (page)
    )
    assert "the player follows the cautious habit" in page
    blind = text_of(client.get(reverse("filed_paytable", args=[PaytableKind.BLIND])))
    assert "the player follows the house advice the simulated players follow" in blind
    fortune = text_of(client.get(reverse("filed_paytable", args=[PaytableKind.FORTUNE])))
    assert "Not computed: the Fortune Bonus is read on the player's seven cards with the joker" in fortune


def test_mhb_base_game_option_a_filed_pair_plus_paytable_is_dealt_and_posted_with_its_exact_edge(client, administrator):
    assert (
        send(client, PaytableKind.PAIR_PLUS, name="Keystone 40-30-6-3-1", **{line_field("flush"): "3 to 1"}).status_code
        == 302
    )
    table = Table.objects.create(
        name="Three Card Poker, dealt by the trainee",
        game="three-card-poker",
        rules={"base_game": "trainee"},
        floorperson=Floorperson.AUTOMATED,
    )
    chosen = Table.objects.create(
        name="Chosen", game="three-card-poker", rules={"base_game": "trainee", "pair_plus_paytable": "40-30-5-4-1"}
    )
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    pair_plus = round_store.live_round(attempt).carnival.paytables["pair_plus"]
    assert pair_plus.name == "Keystone 40-30-6-3-1" and pair_plus.submission.startswith(f"Rules Submission of {SCHOOL}")
    client.force_login(make_instructor())
    standards = text_of(client.get(reverse("table_standards", args=[table.pk])))
    assert f"Pair Plus Keystone 40-30-6-3-1 (Rules Submission of {SCHOOL}, version 1 of" in standards
    assert "Pair Plus Wager: house edge 7.2760%, pays on 25.6109% of deals" in standards
    kept = text_of(client.get(reverse("table_standards", args=[chosen.pk])))
    assert "Pair Plus 40-30-5-4-1 straight flush 40 to 1" in kept and "Keystone 40-30-6-3-1" not in kept


def test_house_let_it_ride_paytable_the_school_files_it_and_the_page_says_its_edge_is_not_computed(
    client, administrator
):
    page = text_of(client.get(reverse("filed_paytable", args=[PaytableKind.LET_IT_RIDE])))
    assert "Not computed: a Let It Ride wager's return turns on the player's two pulls" in page
    assert "Royal flush: Let It Ride pays" in page
    saved = send(client, PaytableKind.LET_IT_RIDE, name="Keystone 800", **{line_field("royal flush"): "800 to 1"})
    assert saved.status_code == 302
    assert FiledPaytable.objects.get().paytable["pays"]["royal flush"] == "800 to 1"
