"""The paytables posted at a table: each offered wager's sign and the Mystery Bonus configuration, as printed."""

import re

import pytest
from markupsafe import escape
from table_helpers import demo_table, make_trainee
from test_other_games import table_of

from simulator.core.money import format_cents
from simulator.core.mystery_meter import mystery_configuration
from simulator.dice.wagers import BeatItPaytable, SumPaytable
from simulator.mystery.games import MYSTERY_GAME_LIST, MYSTERY_GAMES
from simulator.mystery.tables import rules_from_json
from simulator.pai_gow.rules import TableRules
from trainer import services
from trainer.felt_pai_gow import paytable_signs
from trainer.felt_signs import signs_html
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer

pytestmark = pytest.mark.django_db  # a house paytable's sign names the school, from its saved profile

# Typed from 51 Pa.B. 5607, §645b.2(g)(1)-(3) and §645b.1(h), not from the engine.
SUM_LINES = {
    SumPaytable.A: [("17", "25 to 1"), ("16", "6 to 1"), ("8", "3 to 1")],
    SumPaytable.B: [("3", "25 to 1"), ("8", "4 to 1"), ("9", "2 to 1")],
    SumPaytable.C: [("Any three match", "3 to 1"), ("Any two match", "1 to 1")],
    SumPaytable.D: [("Any Series of three", "15 to 2")],
}
BEAT_IT_LINES = {
    BeatItPaytable.A: [("4 Points", "50 to 1"), ("2 or 3 Points", "10 to 1"), ("Tie or 1 Point", "1 to 1")],
    BeatItPaytable.B: [("4 Points", "60 to 1"), ("2 or 3 Points", "10 to 1"), ("Tie or 1 Point", "1 to 1")],
    BeatItPaytable.C: [("Any Die Beats Sum of other two by one or more Points", "5 to 2")],
}
MATCH_LINES = [("Triple Match", "100 to 1"), ("Double Match", "6 to 1")]
ROW = re.compile(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>')


def posted(rules):
    """Each sign's title, clause and lines, as the table's markup posts them."""
    html = str(signs_html(paytable_signs(rules)))
    signs = {}
    for section in html.split('<details class="paytable-sign">')[1:]:
        caption = re.search(r"<caption>(.*?)</caption>", section).group(1)
        signs[caption.split(" · ")[0]] = (caption, ROW.findall(section))
    return signs


@pytest.mark.parametrize("choice", list(SumPaytable))
def test_645b2_g1_the_sum_paytable_chosen_is_posted_with_its_lines(choice):
    signs = posted(TableRules(sum_paytable=choice))
    caption, lines = signs[f"Sum Paytable {choice}"]
    assert lines == SUM_LINES[choice] and "§645b.2(g)(1)" in caption
    assert [title for title in signs if title.startswith("Sum")] == [f"Sum Paytable {choice}"]


@pytest.mark.parametrize("choice", list(BeatItPaytable))
def test_645b2_g3_the_beat_it_paytable_chosen_is_posted_with_its_lines(choice):
    caption, lines = posted(TableRules(beat_it_paytable=choice))[f"Beat It Paytable {choice}"]
    assert lines == BEAT_IT_LINES[choice] and "§645b.2(g)(3)" in caption


def test_645b2_g2_the_match_paytable_and_645b1_h_tiger_9_at_30_to_1_are_posted():
    signs = posted(TableRules())
    match = next(value for title, value in signs.items() if title.startswith("Match"))
    assert match[1] == MATCH_LINES and "§645b.2(g)(2)" in match[0]
    assert signs["Tiger 9"][1] == [("Dealer&#39;s low hand a Tiger 9 (9-high)", "30 to 1")]
    assert "§645b.1(h)" in signs["Tiger 9"][0]


def test_the_fortune_and_envy_paytables_are_posted_as_house_paytables_not_regulation():
    rules = TableRules()
    signs = posted(rules)
    fortune = signs[f"Fortune Bonus: {rules.fortune_paytable.name}"]
    envy = signs[f"Envy Bonus: {rules.fortune_paytable.name}"]
    assert ("Straight", "2 to 1") in fortune[1] and ("Four of a kind", "$5.00") in envy[1]
    assert "house paytable, not regulation text" in fortune[0] and "house paytable, not regulation text" in envy[0]
    assert "not regulation" not in signs["Sum Paytable A"][0]


def test_an_unoffered_wager_has_no_sign():
    rules = TableRules(
        commission_free=False,
        tiger_nine_offered=False,
        sum_paytable=None,
        match_offered=False,
        beat_it_paytable=None,
        fortune_paytable=None,
        mystery=None,
    )
    assert posted(rules) == {}
    assert str(signs_html(paytable_signs(rules))) == ""


def test_the_signs_are_posted_on_the_felt_a_trainee_sees():
    attempt = services.start_round(make_trainee(), demo_table(), Mode.EXAM, seed_value=11)
    frame = TableFrames(Viewer.TRAINEE).table(services.table_snapshot(attempt))
    assert frame.count('<details class="paytable-sign">') == len(paytable_signs(TableRules()))
    assert 'aria-labelledby="paytable-signs-heading"' in frame


# Typed from the seed's configuration table in §645b.3(c)(4) (the same in each game's (c)(4)): wager, minimum,
# maximum, rate.
CONFIGURATION_LINES = {
    ("A", 100): ("$1.00", "$100.00", "$200.00", "2%"),
    ("A", 500): ("$5.00", "$100.00", "$250.00", "1%"),
    ("B", 200): ("$2.00", "$100.00", "$500.00", "3.5%"),
    ("C", 500): ("$5.00", "$250.00", "$500.00", "0.5%"),
    ("D", 100): ("$1.00", "$250.00", "$1,000.00", "5%"),
}


@pytest.mark.parametrize(("letter", "wager"), sorted(CONFIGURATION_LINES))
def test_645b3_c4_the_mystery_bonus_configuration_is_posted_with_its_must_hit_by_value(letter, wager):
    minimum_wager, minimum, maximum, rate = CONFIGURATION_LINES[(letter, wager)]
    rules = TableRules(mystery=mystery_configuration(letter, wager), progressive_wager=wager, progressive_paytable=None)
    caption, lines = posted(rules)[
        f"Must-Hit-By Mystery Bonus: Configuration {letter}, {minimum_wager.removesuffix('.00')}"
    ]
    assert "§645b.3(c)(4)" in caption
    assert lines == [
        ("Configuration", letter),
        ("Minimum Progressive Wager Amount", minimum_wager),
        ("Minimum Dollar Value", minimum),
        ("Maximum Dollar Value (must hit by)", maximum),
        ("Incremental Contribution Rate", f"{rate} of each qualifying wager"),
    ]


@pytest.mark.parametrize("game", [game.key for game in MYSTERY_GAME_LIST if game.key != "pai-gow-poker"])
def test_mhb_c4_every_other_mhb_table_posts_its_configuration_citing_its_own_section(game):
    table = table_of(game)
    attempt = services.start_round(make_trainee(), table, Mode.PRACTICE, seed_value=3)
    frame = TableFrames(Viewer.TRAINEE).table(services.table_snapshot(attempt))
    configuration = rules_from_json(table.rules, MYSTERY_GAMES[game]).configuration
    assert frame.count('<details class="paytable-sign">') == 1
    assert f"Must-Hit-By Mystery Bonus: {configuration.name} · {MYSTERY_GAMES[game].section}(c)(4)" in frame
    assert f"<td>{format_cents(configuration.maximum_value)}</td>" in frame


@pytest.mark.parametrize(
    ("rules", "title", "edge", "hits"),
    [
        # Sum Paytable A: 30 of 216 rolls win, an expected -1/18 a unit: an edge of 5.5556%, a hit 13.8889% of rolls.
        (TableRules(sum_paytable=SumPaytable.A), "Sum Paytable A", "House edge 5.5556%", "30 of them (13.8889%)"),
        # Match: a triple 1/216 at 100 to 1, a double 15/216 at 6 to 1, else lost: (100 + 90 - 200) / 216 = -10/216.
        (
            TableRules(match_offered=True),
            "Match (two or three dice showing the area's number)",
            "House edge 4.6296%",
            "16 of them (7.4074%)",
        ),
    ],
)
def test_645b2_g_a_posted_dice_paytable_carries_its_exact_house_edge_and_hit_frequency(rules, title, edge, hits):
    section = str(signs_html(paytable_signs(rules))).split(f"<summary>{escape(title)} ")[1].split("</details>")[0]
    assert f'<p class="paytable-edge">{edge}, exact: every one of the 216 rolls counted; it pays on {hits}.</p>' in (
        section
    )


def test_645b1_d2_the_tiger_9_sign_says_its_edge_turns_on_the_house_way_and_is_not_computed():
    section = str(signs_html(paytable_signs(TableRules()))).split("<summary>Tiger 9 ")[1].split("</details>")[0]
    assert "not computed yet" in section and "foxwoods house way" in section
