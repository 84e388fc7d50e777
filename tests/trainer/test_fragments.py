"""The frames of one connection: the whole table first, then only what changed, and the page always ends up right."""

import re
from dataclasses import replace
from itertools import combinations

import markupsafe
import pytest
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, read_dealer_step
from table_page import TablePage
from test_other_games import browser_frame, table_of

from simulator.blackjack.round import blackjack_total
from simulator.core.clauses import cite
from simulator.core.money import format_cents
from simulator.core.procedure import Action, Actor
from simulator.games import DOWN_UNDER_BLACKJACK
from trainer import demo_tables, round_store, services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.felt import render
from trainer.frames import TableFrames
from trainer.models import Attempt, Floorperson, Mode, Table
from trainer.snapshots import Viewer
from trainer.table_page import citation_html, feedback_context

pytestmark = pytest.mark.django_db

REGIONS = {
    Viewer.TRAINEE: ("felt", "sequence", "status", "feedback", "table-log", "score-card"),
    Viewer.INSTRUCTOR: ("felt", "sequence", "status", "floorperson", "graded-steps", "table-log"),
}
SWAPPED_INSIDE = frozenset({"feedback"})
"""The live regions that stay on the page: a frame swaps what is inside them, so only that is compared."""
SEATS = range(1, 7)
SEAT_REGION = re.compile(r'id="felt-seat-(\d)"')


def current(attempt_id):
    attempt = Attempt.objects.get(pk=attempt_id)
    return attempt, round_store.live_round(attempt)


def take(attempt_id, user, action):
    """Take an action as the browser sends it: a dealer's step, or the instructor's as floorperson."""
    attempt, _ = current(attempt_id)
    data = browser_frame(action, attempt.last_sequence + 1)
    if action.actor is Actor.FLOORPERSON:
        return services.validate_payout(attempt_id, user, read_step(data, FLOORPERSON_STEPS, FLOORPERSON_STEPS))
    return services.apply_step(attempt_id, user, read_dealer_step(attempt, data))


def mistake(round_, action):
    """A wrong step instead of some correct ones: out of order before "No more bets", a low hand off the house way."""
    if action.step == "announce_no_more_bets":
        return Action("clear_table", Actor.DEALER, {}, action.citation, "")
    if action.step == "set_dealer_hand":
        cards = [str(card) for card in round_.stack_for(0)]
        for pair in combinations(cards, 2):
            if not round_.can("set_dealer_hand", {"low": " ".join(pair)}):
                return Action("set_dealer_hand", Actor.DEALER, {"low": " ".join(pair)}, action.citation, "")
    return None


def drawn(page, element_id):
    """A region as it stands on the page: the element, or what is inside a live region that stays."""
    return page.inner_html(element_id) if element_id in SWAPPED_INSIDE else page.html(element_id)


def fresh_page(attempt_id, viewer):
    """The whole table as a new connection draws it now."""
    return TablePage(TableFrames(viewer).table(services.table_snapshot(Attempt.objects.get(pk=attempt_id))))


def deal_with_both_pages(attempt_id, trainee, instructor, with_mistakes=False):
    """Deal the round while the trainee's and an instructor's connections bring their pages up to date frame by frame.

    After every frame, each page must be the table a new connection draws. Returns the trainee's answered actions
    with their frames.
    """
    frames = {viewer: TableFrames(viewer) for viewer in Viewer}
    snapshot = services.table_snapshot(Attempt.objects.get(pk=attempt_id))
    pages = {viewer: TablePage(frames[viewer].table(snapshot)) for viewer in Viewer}
    answered = []
    mistaken = set()
    while (action := current(attempt_id)[1].next_action()) is not None:
        wrong = mistake(current(attempt_id)[1], action) if with_mistakes and action.step not in mistaken else None
        if wrong is not None:
            mistaken.add(action.step)
            action = wrong
        acting = Viewer.INSTRUCTOR if action.actor is Actor.FLOORPERSON else Viewer.TRAINEE
        reply = take(attempt_id, instructor if acting is Viewer.INSTRUCTOR else trainee, action)
        assert reply.notice is None
        frame = frames[acting].table(reply.snapshot, reply)
        pages[acting].apply(frame)
        watching = Viewer.TRAINEE if acting is Viewer.INSTRUCTOR else Viewer.INSTRUCTOR
        pages[watching].apply(frames[watching].table(services.table_snapshot(Attempt.objects.get(pk=attempt_id))))
        if acting is Viewer.TRAINEE:
            answered.append((action, frame))
            alert = feedback_context(reply.snapshot, acting, reply)["alert"]
            assert pages[acting].inner_html("feedback-alert") == markupsafe.escape(alert), (action, alert)
        for viewer in Viewer:
            fresh = fresh_page(attempt_id, viewer)
            for element_id in REGIONS[viewer]:
                assert drawn(pages[viewer], element_id) == drawn(fresh, element_id), (action, element_id)
    return answered


@pytest.mark.parametrize(
    ("index", "floorperson", "options"),
    [
        (0, Floorperson.AUTOMATED, {"seed_value": 11}),
        (1, Floorperson.AUTOMATED, {"seed_value": 12}),
        (2, Floorperson.INSTRUCTOR, {"seed_value": 13, "force_mystery_hit": True, "force_progressive_win": True}),
    ],
)
def test_a_page_brought_up_to_date_frame_by_frame_is_the_pai_gow_table_drawn_afresh(index, floorperson, options):
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    attempt = services.start_round(trainee, demo_table(floorperson, index=index), Mode.PRACTICE, **options)
    answered = deal_with_both_pages(attempt.pk, trainee, instructor, with_mistakes=True)
    assert sum("✗ Wrong" in frame for _, frame in answered) == 2
    assert "Score card: not passed" in answered[-1][1]


@pytest.mark.parametrize("game", ["three-card-poker", DOWN_UNDER_BLACKJACK.key])
def test_a_page_brought_up_to_date_frame_by_frame_is_the_other_games_table_drawn_afresh(game):
    demo_tables.create_demo_tables()
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    table = Table.objects.filter(game=game).first()
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=17, force_mystery_hit=True)
    answered = deal_with_both_pages(attempt.pk, trainee, instructor)
    assert "Score card: passed" in answered[-1][1]


def test_a_settled_wager_redraws_its_own_seat_and_a_step_adds_only_its_own_log_entries():
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    answered = deal_with_both_pages(attempt.pk, trainee, instructor)
    settled = [(action, frame) for action, frame in answered if action.step in ("pay_wager", "collect_wager")]
    assert settled
    for action, frame in settled:
        assert set(SEAT_REGION.findall(frame)) == {str(action.arguments["seat"])}
        assert 'id="felt"' not in frame and 'id="status"' not in frame and 'id="score-card"' not in frame
        assert 'id="table-log"' not in frame
        assert frame.count('<ol id="log-entries" hx-swap-oob="afterbegin">') == 1
    whole = TableFrames(Viewer.TRAINEE).table(services.table_snapshot(Attempt.objects.get(pk=attempt.pk)))
    assert sum(len(frame) for _, frame in answered) / len(answered) < len(whole) / 4


def test_an_error_stays_in_the_feedback_until_a_frame_draws_the_table():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    frames = TableFrames(Viewer.TRAINEE)
    page = TablePage(frames.table(services.table_snapshot(attempt)))
    feedback = page.html("feedback")
    error = frames.error("That frame is not valid JSON.")
    assert 'id="felt' not in error and 'id="sequence"' not in error
    assert "not valid JSON" in page.apply(error).html("feedback")
    assert page.apply(frames.table(services.table_snapshot(attempt))).html("feedback") == feedback


def test_the_dealers_cards_to_pick_are_drawn_afresh_with_every_answer_to_the_trainee_as_a_new_page_would():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    frames = {viewer: TableFrames(viewer) for viewer in Viewer}
    for viewer in Viewer:
        frames[viewer].table(services.table_snapshot(attempt))
    while (action := current(attempt.pk)[1].next_action()).step != "set_dealer_hand":
        frames[Viewer.TRAINEE].table(take(attempt.pk, trainee, action).snapshot)
    frames[Viewer.INSTRUCTOR].table(services.table_snapshot(Attempt.objects.get(pk=attempt.pk)))
    reply = take(attempt.pk, trainee, mistake(current(attempt.pk)[1], action))
    frame = frames[Viewer.TRAINEE].table(reply.snapshot, reply)
    assert "✗ Wrong" in frame
    assert 'id="felt-dealer"' in frame and 'class="card-pick"' in frame
    assert 'id="felt-dealer"' not in frames[Viewer.INSTRUCTOR].table(reply.snapshot)


@pytest.mark.parametrize("game", ["pai-gow-poker", "three-card-poker", DOWN_UNDER_BLACKJACK.key])
def test_the_page_draws_every_region_as_a_new_connections_first_frame_does(client, game):
    demo_tables.create_demo_tables()
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    attempt = services.start_round(trainee, Table.objects.filter(game=game).first(), Mode.PRACTICE, seed_value=17)
    for _ in range(4):
        take(attempt.pk, trainee, current(attempt.pk)[1].next_action())
    for viewer, user in ((Viewer.TRAINEE, trainee), (Viewer.INSTRUCTOR, instructor)):
        client.force_login(user)
        page = TablePage(client.get(reverse("attempt", args=[attempt.pk])).text)
        frame = fresh_page(attempt.pk, viewer)
        for element_id in REGIONS[viewer]:
            assert drawn(page, element_id) == drawn(frame, element_id), (viewer, element_id)


def test_645b2_g_a_house_procedure_shows_its_note_that_the_clause_names_no_seat_order():
    html = citation_html(cite("Dice wager settlement order"))
    assert ">Your house procedure<" in html
    assert "Note: " + str(markupsafe.escape(cite("Dice wager settlement order").note)) in html


def test_a_seed_clause_without_a_note_shows_none():
    assert "Note:" not in citation_html(cite("§645b.2(g)"))


def trainee_page(attempt_id):
    """The trainee's page as a new connection draws it, and the connection's frames to bring it up to date."""
    frames = TableFrames(Viewer.TRAINEE)
    return TablePage(frames.table(services.table_snapshot(Attempt.objects.get(pk=attempt_id)))), frames


def play_to(attempt_id, trainee, page, frames, step):
    """Take the correct steps, bringing the trainee's page up to date, until ``step`` is the one waiting."""
    while (action := current(attempt_id)[1].next_action()).step != step:
        take_on_page(attempt_id, trainee, page, frames, action)
    return action


def take_on_page(attempt_id, trainee, page, frames, action):
    """Take the action and apply the answer's frame to the trainee's page; the answer."""
    reply = take(attempt_id, trainee, action)
    page.apply(frames.table(reply.snapshot, reply))
    return reply


def test_645a11_f_the_reset_hand_is_redrawn_in_place_of_the_fouled_one():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(index=2), Mode.PRACTICE, seed_value=11)
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "reset_fouled_hand")
    seat = action.arguments["seat"]
    round_ = current(attempt.pk)[1]
    reset = round_.house_way.set_hand(round_.stack_for(seat), round_.rules.wheel_rank)
    assert round_.player_hands[seat] != reset
    take_on_page(attempt.pk, trainee, page, frames, action)
    drawn = page.html(f"felt-seat-{seat}")
    assert "reset by the house way" in drawn
    for card in reset.low:
        assert f'data-card="{card}"' in drawn
    assert drawn == fresh_page(attempt.pk, Viewer.TRAINEE).html(f"felt-seat-{seat}")


def test_670a10_a2_ii_the_dropped_progressive_chips_leave_the_layout_and_go_into_the_container():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    page, frames = trainee_page(attempt.pk)
    play_to(attempt.pk, trainee, page, frames, "collect_progressive_wagers")
    wagered = [seat for seat, wagers in current(attempt.pk)[1].seats.items() if "progressive" in wagers]
    assert wagered
    for seat in wagered:
        assert "area-progressive has-wager" in page.html(f"felt-seat-{seat}")
    play_to(attempt.pk, trainee, page, frames, "count_progressive_chips")
    assert page.html("felt-container").count('class="chip ') == len(wagered)
    drop = play_to(attempt.pk, trainee, page, frames, "drop_progressive_wagers")
    take_on_page(attempt.pk, trainee, page, frames, drop)
    container = page.html("felt-container")
    assert 'class="chip ' not in container and f"{len(wagered)} progressive chip" in container
    for seat in wagered:
        assert "area-progressive has-wager" not in page.html(f"felt-seat-{seat}")


def exam_dealt_with_one_wrong_step(seed, step, wrong_arguments, table=None, **options):
    """An exam dealt to the end with one wrong ``step``, taken again right if it changed nothing.

    Returns the expected action the trainee got wrong, the trainee's frames up to the answer to the wrong step (what
    the trainee saw of it before acting again), and the seats of the trainee's page just before the score card and
    of an instructor's page of the same moment, by number. ``table`` is the demo Pai Gow Poker table unless given;
    ``options`` go to the deal.
    """
    trainee = make_trainee()
    attempt = services.start_round(trainee, table or demo_table(), Mode.EXAM, seed_value=seed, **options)
    page, frames = trainee_page(attempt.pk)
    sent, wrong, last_page, answered = [], None, None, False
    while (action := current(attempt.pk)[1].next_action()) is not None:
        taking_it_wrong = action.step == step and wrong is None
        if taking_it_wrong:
            wrong = action
            action = replace(action, arguments=wrong_arguments(action, current(attempt.pk)[1]))
        watching = fresh_page(attempt.pk, Viewer.INSTRUCTOR)
        last_page = (
            {n: page.html(f"felt-seat-{n}") for n in SEATS},
            {n: watching.html(f"felt-seat-{n}") for n in SEATS},
        )
        reply = take(attempt.pk, trainee, action)
        frame = frames.table(reply.snapshot, reply)
        if reply.snapshot.score_card is None and not answered:
            sent.append(frame)
        answered = answered or taking_it_wrong
        page.apply(frame)
    assert wrong is not None and "Score card" in page.html("score-card")
    return wrong, sent, *last_page


def area_drawings(html, seat, spot):
    """Every drawing of one seat's betting area in some HTML: a button for the trainee, words for a watcher."""
    drawn = rf'<(button|div)[^>]*class="area [^"]*" data-seat="{seat}" data-spot="{spot}".*?</\1>'
    return [match[0] for match in re.finditer(drawn, html, re.DOTALL)]


def test_an_exam_felt_shows_the_sum_payout_the_trainee_made_and_never_the_correct_one_before_the_score_card():
    def overpaid(action, _round):
        return {**action.arguments, "amount": action.arguments["amount"] + 100}

    wrong, sent, trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(19, "pay_wager", overpaid)
    assert wrong.arguments["spot"] == "sum"
    seat, correct = wrong.arguments["seat"], format_cents(wrong.arguments["amount"])
    paid = format_cents(wrong.arguments["amount"] + 100)
    assert all(f"+{correct}" not in drawn for frame in sent for drawn in area_drawings(frame, seat, "sum"))
    assert [f"+{paid}" in drawn for drawn in area_drawings(trainee_felt[seat], seat, "sum")] == [True]
    assert [f"+{correct}" in drawn for drawn in area_drawings(instructor_felt[seat], seat, "sum")] == [True]


def test_an_exam_felt_never_tags_a_wrong_shaker_player_and_the_trainee_selects_again():
    def another_player(action, round_):
        return {"seat": next(seat for seat in round_.seats if seat != action.arguments["seat"])}

    wrong, sent, trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        19, "select_shaker_player", another_player
    )
    right = wrong.arguments["seat"]
    chosen = next(seat for seat in current(Attempt.objects.get().pk)[1].seats if seat != right)
    shaker = '<span class="badge">shaker</span>'
    chosen_seat = re.compile(rf'<div class="position position-{chosen}\b.*?</div>\s*</div>', re.DOTALL)
    assert not any(shaker in drawn for frame in sent for drawn in chosen_seat.findall(frame))
    assert shaker in trainee_felt[right] and shaker not in trainee_felt[chosen]
    assert shaker in instructor_felt[right] and shaker not in instructor_felt[chosen]


def test_mhb_c7_an_exam_felt_shows_the_mystery_bonus_the_trainee_paid_and_never_the_meter_before_the_score_card():
    def underpaid(action, _round):
        return {**action.arguments, "amount": action.arguments["amount"] - 100}

    table = table_of("three-card-poker")
    wrong, sent, trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        5, "pay_mystery_bonus", underpaid, table, force_mystery_hit=True
    )
    seat, correct = wrong.arguments["seat"], format_cents(wrong.arguments["amount"])
    paid = format_cents(wrong.arguments["amount"] - 100)
    award = re.compile(rf'id="felt-seat-{seat}".*?Mystery Bonus <span class="chip[^"]*">\+(.*?)</span>', re.DOTALL)
    assert not any(correct in found for frame in sent for found in award.findall(frame))
    assert award.findall(trainee_felt[seat]) == [paid]
    assert award.findall(instructor_felt[seat]) == [correct]


def test_mhb_base_game_is_shown_face_up_once_the_engine_deals_it_and_not_before():
    trainee = make_trainee()
    attempt = services.start_round(trainee, table_of("three-card-poker"), Mode.PRACTICE, seed_value=5)
    page, frames = trainee_page(attempt.pk)
    drop = play_to(attempt.pk, trainee, page, frames, "drop_progressive_wagers")
    card = re.compile(r'class="card(?: red)?" data-card="(\w\w)"')
    assert not card.findall(page.html("felt"))
    take_on_page(attempt.pk, trainee, page, frames, drop)
    dealt = current(attempt.pk)[1].base_game
    assert dealt is not None
    for seat, hand in dealt.hands.items():
        assert card.findall(page.html(f"felt-seat-{seat}")) == [str(c) for c in hand] and len(hand) == 3
    base_game = page.html("felt-base-game")
    assert card.findall(base_game) == [str(c) for c in dealt.dealer] and len(dealt.dealer) == 3
    assert "dealt face up by the engine (house automation)" in base_game and "settled outside this module" in base_game
    assert page.html("felt") == fresh_page(attempt.pk, Viewer.TRAINEE).html("felt")


def test_685a7_each_down_under_hand_shows_its_outcome_and_the_dealers_hand_once_completed():
    trainee = make_trainee()
    attempt = services.start_round(trainee, table_of("down-under-blackjack"), Mode.PRACTICE, seed_value=5)
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "pick_up_cards")
    round_ = current(attempt.pk)[1]
    words = {"win": "Wins", "blackjack": "Blackjack: wins", "push": "Push", "lose": "Loses"}
    for seat, (result, net) in round_.blackjack_results.items():
        said = "Bust: loses" if blackjack_total(round_.hands[seat]) > 21 else words[result]
        said += f" {format_cents(net)}" if net > 0 else ""
        assert f'<p class="hand-result">{said}</p>' in page.html(f"felt-seat-{seat}")
    dealer_total = blackjack_total(round_.dealer_cards)
    said = "Dealer busts" if dealer_total > 21 else f"Dealer stands on {dealer_total}"
    assert said in page.html("felt-dealer") or "Dealer has blackjack" in page.html("felt-dealer")
    take_on_page(attempt.pk, trainee, page, frames, action)


def test_685b1_h_an_exam_felt_shows_the_match_the_dealer_win_the_trainee_paid_before_the_score_card():
    def overpaid(action, _round):
        return {**action.arguments, "amount": action.arguments["amount"] + 100}

    table = table_of("down-under-blackjack")
    wrong, sent, trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        7, "pay_progressive_win", overpaid, table, force_mystery_hit=True
    )
    seat, correct = wrong.arguments["seat"], format_cents(wrong.arguments["amount"])
    paid = format_cents(wrong.arguments["amount"] + 100)
    assert all(f"+{correct}" not in drawn for frame in sent for drawn in area_drawings(frame, seat, "match-the-dealer"))
    assert [f"+{paid}" in drawn for drawn in area_drawings(trainee_felt[seat], seat, "match-the-dealer")] == [True]
    assert [f"+{correct}" in drawn for drawn in area_drawings(instructor_felt[seat], seat, "match-the-dealer")] == [
        True
    ]


@pytest.mark.parametrize("lit", [True, False])
def test_a_lit_progressive_light_says_so_in_a_word_not_only_in_colour(lit):
    light = render("trainer/_progressive_light.html", {"lit": lit})
    assert ('class="light-word"' in light and ">lit<" in light) is lit


def test_670a10_c_an_exam_felt_draws_no_stack_the_trainee_sent_to_another_place():
    def another_seat(action, round_):
        return {"place": next(seat for seat in sorted(round_.seats) if seat != action.arguments["place"])}

    for seed in range(40):
        attempt_round = services.deal_round(demo_table(), seed)
        attempt_round.advance()
        while (action := attempt_round.next_action()) is not None and action.step != "deliver_stack":
            attempt_round.perform(action.step, action.arguments)
        if action is not None and action.arguments["place"] != 0:
            break
    wrong, sent, _trainee_felt, _instructor_felt = exam_dealt_with_one_wrong_step(seed, "deliver_stack", another_seat)
    right = wrong.arguments["place"]
    stack = '<span class="stack"'
    right_seat = re.compile(rf'<div class="position position-{right}\b.*?</div>\s*</div>', re.DOTALL)
    assert not any(stack in drawn for frame in sent for drawn in right_seat.findall(frame))


def first_seed_with(step, table, **options):
    """The first seed whose round at the table comes to ``step``, and the round as the engine plays it out."""
    for seed in range(60):
        round_ = services.deal_round(table, seed, **options)
        round_.advance()
        while (action := round_.next_action()) is not None and action.step != step:
            round_.perform(action.step, action.arguments)
        if action is not None:
            return seed
    raise AssertionError(f"no seed comes to {step}")


def test_685b1_g1_an_exam_felt_never_collects_a_losing_wager_the_trainee_collected_elsewhere():
    table = table_of("down-under-blackjack")

    def another_seat(action, round_):
        return {"seat": next(seat for seat in sorted(round_.seats) if seat != action.arguments["seat"])}

    seed = first_seed_with("settle_losing_match_wager", table)
    wrong, sent, _trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        seed, "settle_losing_match_wager", another_seat, table
    )
    right = wrong.arguments["seat"]
    assert not any(
        "settled-collect" in drawn for frame in sent for drawn in area_drawings(frame, right, "match-the-dealer")
    )
    assert any("settled-collect" in drawn for drawn in area_drawings(instructor_felt[right], right, "match-the-dealer"))


def test_685a7_e_an_exam_card_dealt_to_another_box_stays_in_the_shoe_until_the_trainee_deals_it_right():
    table = table_of("down-under-blackjack")

    def another_box(action, round_):
        return {
            "position": next(
                f"seat {seat}" for seat in sorted(round_.seats) if f"seat {seat}" != action.arguments["position"]
            )
        }

    wrong, _sent, trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        first_seed_with("deal_card", table), "deal_card", another_box, table
    )
    right = int(wrong.arguments["position"].removeprefix("seat "))

    def cards(html):
        return len(re.findall(r'class="card(?: red)?" data-card="', html))

    assert all(cards(trainee_felt[n]) == cards(instructor_felt[n]) for n in SEATS), "every card where it belongs"
    assert cards(trainee_felt[right]) >= 1


def test_685b1_h_an_exam_felt_never_shows_a_win_paid_at_another_seat_at_the_seat_that_won():
    table = table_of("down-under-blackjack")

    def another_seat(action, round_):
        return {
            **action.arguments,
            "seat": next(seat for seat in sorted(round_.seats) if seat != action.arguments["seat"]),
        }

    wrong, sent, _trainee_felt, instructor_felt = exam_dealt_with_one_wrong_step(
        7, "pay_progressive_win", another_seat, table, force_mystery_hit=True
    )
    seat, paid = wrong.arguments["seat"], f"+{format_cents(wrong.arguments['amount'])}"
    assert not any(paid in drawn for frame in sent for drawn in area_drawings(frame, seat, "match-the-dealer"))
    assert any(paid in drawn for drawn in area_drawings(instructor_felt[seat], seat, "match-the-dealer"))


@pytest.mark.parametrize(("mode", "named"), [(Mode.PRACTICE, True), (Mode.EXAM, False)])
def test_a_practice_frame_names_the_step_the_round_waits_for_so_its_controls_come_first_an_exam_frame_never(
    mode, named
):
    demo_tables.create_demo_tables()
    trainee = make_trainee()
    attempt = services.start_round(trainee, Table.objects.get(name=demo_tables.DEMO_TABLES[0][0]), mode, seed_value=5)
    for _ in range(3):
        action = current(attempt.pk)[1].next_action()
        sequence = fresh_page(attempt.pk, Viewer.TRAINEE).html("sequence")
        assert (f'data-next-step="{action.step}"' in sequence) is named
        assert ("data-next-step" in fresh_page(attempt.pk, Viewer.INSTRUCTOR).html("sequence")) is False
        take(attempt.pk, trainee, action)
