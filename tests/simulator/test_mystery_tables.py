"""The MHB table round for the ten games other than Pai Gow Poker."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.mystery_meter import MysteryMeter, MysteryRules, PaymentSource, mystery_configuration
from simulator.core.procedure import Actor, IllegalOperation
from simulator.mystery.games import MYSTERY_GAME_LIST, MYSTERY_GAMES, MysteryGame
from simulator.mystery.tables import SYSTEM_STEPS, MysterySeatWagers, MysteryTableRound

TEN_GAMES = [game for game in MYSTERY_GAME_LIST if game.key != "pai-gow-poker"]
CONFIGURATION = mystery_configuration("B", 500)  # $100 to $500, 2% of a $5 wager is 10 cents


def table(
    game: MysteryGame,
    seats: list[MysterySeatWagers],
    force_hit: bool = False,
    meter: MysteryMeter | None = None,
    automations: frozenset[str] = SYSTEM_STEPS,
    source: PaymentSource = PaymentSource.TABLE_INVENTORY,
) -> MysteryTableRound:
    meter = meter or MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    rules = MysteryRules(CONFIGURATION, source)
    return MysteryTableRound(game, rules, seats, 11, meter=meter, automations=automations, force_hit=force_hit)


def first_progressive(game: MysteryGame) -> str:
    return game.progressive_wagers[0].name


@pytest.mark.parametrize("game", TEN_GAMES, ids=lambda game: game.key)
def test_mhb_c5_forced_hit_plays_out_in_the_seed_order(game: MysteryGame) -> None:
    name = first_progressive(game)
    seats = [MysterySeatWagers(2, 1000, ((name, 500),)), MysterySeatWagers(5, 2500, ((name, 500),))]
    round_ = table(game, seats, force_hit=True)
    round_.play_out()
    assert [operation.action.step for operation in round_.operations] == [
        "announce_no_more_bets",
        "lock_out_progressive_wagers",
        "collect_progressive_wagers",
        "count_progressive_chips",
        "drop_progressive_wagers",
        "add_mystery_contributions",
        "play_base_game",
        "confirm_mystery_light",
        "validate_mystery_payout",
        "pay_mystery_bonus",
        "reset_mystery_meter",
    ]
    # Seat 2 contributes first: $200.00 + 10 cents passes the forced hit value; seat 5's 10 cents goes on after.
    payout = round_.mystery.payouts[0]
    assert (payout.seat, payout.amount, payout.source) == (2, 20010, PaymentSource.TABLE_INVENTORY)
    assert round_.mystery.meter.amount == Decimal(10000) + Decimal(10)
    citations = {operation.action.step: operation.action.citation.clause for operation in round_.operations}
    assert citations["confirm_mystery_light"] == f"{game.section}(c)(5)(i)"
    assert citations["reset_mystery_meter"] == f"{game.section}(c)(5)(iv)"
    seats_fact = round_.operations[0].facts["seats"]
    assert seats_fact[0]["base_wager"]["wager"] == game.base_wager.name
    assert seats_fact[0]["progressive_wagers"][0]["wager"] == name


@pytest.mark.parametrize("game", TEN_GAMES, ids=lambda game: game.key)
def test_mhb_c1_without_base_wager_or_below_minimum_no_contribution(game: MysteryGame) -> None:
    name = first_progressive(game)
    seats = [MysterySeatWagers(1, 0, ((name, 500),)), MysterySeatWagers(3, 1000, ((name, 100),))]
    round_ = table(game, seats, force_hit=True)
    round_.play_out()
    assert round_.mystery.qualifying_wagers == ()
    assert round_.operations[5].facts["contributions"] == []
    assert round_.mystery.meter.amount == Decimal(20000)
    assert round_.mystery.payouts == []
    # Both wagers were still progressive wagers the system accepted: two chips are counted and dropped.
    assert round_.operations[3].facts == {"count": 2}
    verdicts = [seat["progressive_wagers"][0]["qualifies"] for seat in round_.operations[0].facts["seats"]]
    assert verdicts == [False, False]


def test_house_order_contributions_go_seat_by_seat_from_seat_1() -> None:
    game = MYSTERY_GAMES["let-it-ride"]
    three, five = (spot.name for spot in game.progressive_wagers)
    seats = [MysterySeatWagers(6, 1000, ((three, 500),)), MysterySeatWagers(4, 1000, ((five, 500), (three, 500)))]
    round_ = table(game, seats, force_hit=True)
    round_.play_out()
    contributions = round_.operations[5].facts["contributions"]
    # Only the Three-Card wager qualifies at this table (§643b.1(c)(1), the default choice).
    assert [(fact["seat"], fact["wager"]) for fact in contributions] == [(4, three), (6, three)]
    assert [fact["lit"] for fact in contributions] == [True, False]
    assert [fact["carried_to_reset"] for fact in contributions] == [False, True]
    assert round_.mystery.payouts[0].seat == 4


def test_mhb_c5_trainee_performs_the_dealer_steps_and_is_refused_out_of_order() -> None:
    game = MYSTERY_GAMES["mississippi-stud"]
    seats = [MysterySeatWagers(3, 1500, (("Progressive Payout wager", 500),))]
    round_ = table(game, seats, force_hit=True)
    assert round_.advance() == []
    with pytest.raises(IllegalOperation) as error:
        round_.lock_out_progressive_wagers()
    assert error.value.expected is not None and error.value.expected.step == "announce_no_more_bets"
    round_.announce_no_more_bets()
    round_.lock_out_progressive_wagers()
    round_.collect_progressive_wagers()
    with pytest.raises(IllegalOperation) as error:
        round_.perform("count_progressive_chips", {"count": 2})
    assert error.value.code == "wrong_chip_count"
    round_.perform("count_progressive_chips", {"count": 1})
    round_.drop_progressive_wagers()
    performed = round_.advance()
    assert [operation.action.actor for operation in performed] == [Actor.SYSTEM, Actor.SYSTEM]
    # The MHB is paid only after the round's wagers are settled, starting with the light.
    with pytest.raises(IllegalOperation) as error:
        round_.validate_mystery_payout(3)
    assert error.value.expected is not None and error.value.expected.step == "confirm_mystery_light"
    round_.confirm_mystery_light(3)
    round_.validate_mystery_payout(3)
    round_.pay_mystery_bonus(3, 20010, "table inventory")
    round_.reset_mystery_meter()
    assert round_.finished
    with pytest.raises(IllegalOperation) as error:
        round_.reset_mystery_meter()
    assert error.value.code == "round_over"


def test_mhb_c5_no_hit_no_payout_steps() -> None:
    game = MYSTERY_GAMES["dj-wild-stud"]
    seats = [MysterySeatWagers(1, 1000, (("Progressive Bonus wager", 500),))]
    round_ = table(game, seats)
    round_.play_out()
    assert round_.operations[-1].action.step == "play_base_game"
    assert round_.mystery.meter.amount == Decimal(20010)


def test_645b3_meter_carries_over_rounds_and_restarts() -> None:
    game = MYSTERY_GAMES["crazy-4-poker"]
    four = "Four-Card Progressive Payout wager"
    meter = MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    first = table(game, [MysterySeatWagers(1, 1000, ((four, 500),))], meter=meter)
    first.play_out()
    restored = MysteryMeter.from_json(json.loads(json.dumps(first.carried_meters()["mystery"])))
    second = table(game, [MysterySeatWagers(2, 1000, ((four, 1000),))], meter=restored)
    second.play_out()
    # 2% of $5 and then 2% of $10.
    assert second.mystery.meter.amount == Decimal(20000) + Decimal(10) + Decimal(20)


def test_mhb_c3_a_new_tables_meter_starts_at_the_minimum_with_a_hit_value_drawn_from_the_seed() -> None:
    game = MYSTERY_GAMES["fortune-asia-poker"]
    seats = [MysterySeatWagers(1, 1000, (("Progressive Payout wager", 500),))]
    first, again = (MysteryTableRound(game, MysteryRules(CONFIGURATION), seats, 5) for _ in range(2))
    assert first.starting_meter == again.starting_meter
    assert first.starting_meter["amount"] == "10000"  # Configuration B: $100 minimum
    assert 10000 <= first.starting_meter["hit_value"] < 50000  # below the $500 maximum


def test_mhb_c5_iv_a_replay_with_a_carried_meter_draws_the_reset_hit_value_of_the_live_round() -> None:
    game = MYSTERY_GAMES["texas-hold-em-bonus"]
    seats = [MysterySeatWagers(4, 1000, (("Progressive Payout wager", 500),))]
    round_ = table(game, seats, force_hit=True)
    setup = json.loads(json.dumps(round_.setup_json()))
    round_.play_out()
    replayed = MysteryTableRound.from_setup_json(setup)
    replayed.play_out()
    assert setup["meter"]["hit_value"] == 45678, "the starting meter is saved before the hit is forced"
    assert replayed.mystery.meter.to_json() == round_.mystery.meter.to_json()


@pytest.mark.parametrize("game", TEN_GAMES, ids=lambda game: game.key)
def test_mhb_c3_hit_value_never_in_the_log(game: MysteryGame) -> None:
    name = first_progressive(game)
    seats = [MysterySeatWagers(seat, 1000, ((name, 500),)) for seat in range(1, 7)]
    # $456.20 + six contributions of 10 cents: the sixth passes the secret $456.78, a real (unforced) hit.
    meter = MysteryMeter(CONFIGURATION, Decimal(45620), 45678)
    round_ = table(game, seats, meter=meter)
    secrets = {str(meter.to_json()["hit_value"])}
    round_.play_out()
    assert round_.mystery.payouts[0].seat == 6
    secrets.add(str(round_.mystery.meter.to_json()["hit_value"]))  # the value drawn at the reset
    log = json.dumps(
        [
            {"operation": operation.to_json(), "facts": operation.facts, "text": operation.action.description}
            for operation in round_.operations
        ]
    )
    for secret in secrets:
        assert secret not in log
        assert f"{int(secret) / 100:.2f}" not in log


def test_643b1_c6_slip_payout_when_configured() -> None:
    game = MYSTERY_GAMES["let-it-ride"]
    seats = [MysterySeatWagers(1, 1000, (("Three-Card Progressive Payout wager", 500),))]
    round_ = table(game, seats, force_hit=True, source=PaymentSource.PROGRESSIVE_JACKPOT_SLIP)
    round_.play_out()
    assert round_.mystery.payouts[0].source is PaymentSource.PROGRESSIVE_JACKPOT_SLIP


def test_house_seats_and_wagers_are_checked() -> None:
    game = MYSTERY_GAMES["three-card-poker"]
    with pytest.raises(IllegalOperation) as error:
        table(game, [MysterySeatWagers(7, 1000)])
    assert error.value.code == "bad_seat"
    with pytest.raises(IllegalOperation):
        table(game, [MysterySeatWagers(2, 1000), MysterySeatWagers(2, 500)])
    with pytest.raises(IllegalOperation) as error:
        table(game, [MysterySeatWagers(2, 1000, (("Progressive Bonus wager", 500),))])
    assert error.value.code == "bad_wager"
    with pytest.raises(ValueError):
        MysteryTableRound(
            game,
            MysteryRules(mystery_configuration("A", 100)),
            [],
            1,
            meter=MysteryMeter.start(CONFIGURATION, random.Random(1)),
        )


seat_wagers = st.builds(
    lambda seat, base, first, second: MysterySeatWagers(
        seat,
        base,
        tuple(
            (name, amount)
            for name, amount in zip(
                ("Three-Card Progressive Payout wager", "Five-Card Progressive Payout wager"),
                (first, second),
                strict=True,
            )
            if amount
        ),
    ),
    st.integers(1, 6),
    st.sampled_from([0, 500, 1000]),
    st.sampled_from([0, 100, 500, 1000]),
    st.sampled_from([0, 100, 500, 1000]),
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(seat_wagers, max_size=6, unique_by=lambda seat: seat.seat),
    st.integers(10000, 49999),
    st.integers(0, 30),
    st.integers(0, 10**6),
)
def test_649b1_c2_contributions_are_conserved_across_hits(
    seats: list[MysterySeatWagers], hit_value: int, head_start: int, draw_seed: int
) -> None:
    game = MYSTERY_GAMES["three-card-poker"]
    start = Decimal(min(hit_value, 10000 + head_start * 700))
    meter = MysteryMeter(CONFIGURATION, start, hit_value)
    round_ = MysteryTableRound(game, MysteryRules(CONFIGURATION), seats, draw_seed, meter=meter)
    round_.play_out()
    qualifying = [
        amount
        for seat in seats
        if seat.base_wager
        for name, amount in seat.progressive_wagers
        if name == "Three-Card Progressive Payout wager" and amount >= 500
    ]
    contributed = sum((amount * Decimal("0.02") for amount in qualifying), Decimal(0))
    awarded = sum((payout.meter_amount - CONFIGURATION.minimum_value for payout in round_.mystery.payouts), Decimal(0))
    # Every qualifying contribution is on the meter now or went out in an award above the reset value.
    assert round_.mystery.meter.amount - start + awarded == contributed
    assert all(payout.meter_amount < CONFIGURATION.maximum_value + 20 for payout in round_.mystery.payouts)
    assert round_.finished


# --- table_view(): what the trainee's browser may be sent -----------------------------------------------


def views_through_the_round(round_: MysteryTableRound) -> list[dict[str, object]]:
    """The table view before the first step and after every step, played correctly."""
    views = [round_.table_view()]
    action = round_.next_action()
    while action is not None:
        round_.perform(action.step, action.arguments)
        views.append(round_.table_view())
        action = round_.next_action()
    return views


@pytest.mark.parametrize("game", TEN_GAMES, ids=lambda game: game.key)
def test_mhb_b_view_states_the_mystery_bonus_is_offered_with_the_games_own_wager_names(game: MysteryGame) -> None:
    name = game.qualifying_wager().name
    round_ = table(game, [MysterySeatWagers(3, 1500, ((name, 500),)), MysterySeatWagers(4, 1000, ((name, 100),))])
    view = round_.table_view()
    assert view["game"] == game.display_name and view["section"] == game.section
    progressive = view["progressive"]
    assert progressive["mystery_bonus_offered"] is True
    assert progressive["display_clause"] == f"{game.section}(b)"
    assert progressive["meter"]["display"] == "$200.00"
    assert progressive["intake"] == "open"
    assert view["seats"]["1"] is None
    assert view["seats"]["3"] == {
        "seat": 3,
        "base_wager": {"wager": game.base_wager.name, "amount": 1500},
        "progressive_wagers": [{"wager": name, "amount": 500, "qualifies": True}],
    }
    # Configuration B, $5: a $1 progressive wager does not qualify (the section's (c)(1)).
    assert view["seats"]["4"]["progressive_wagers"] == [{"wager": name, "amount": 100, "qualifies": False}]


def test_mhb_c5_view_follows_the_intake_the_light_and_the_payout() -> None:
    game = MYSTERY_GAMES["mississippi-stud"]
    name = first_progressive(game)
    round_ = table(
        game, [MysterySeatWagers(2, 1000, ((name, 500),)), MysterySeatWagers(5, 2500, ((name, 500),))], force_hit=True
    )
    views = views_through_the_round(round_)
    stages = [view["progressive"]["intake"] for view in views]
    assert stages[:6] == ["open", "open", "locked_out", "collected", "counted", "dropped"]
    lit = [view["progressive"]["meter"]["lit_seat"] for view in views]
    assert lit[:6] == [None] * 6 and lit[6] == 2  # the system's contributions light seat 2
    assert [view["base_game_played"] for view in views].index(True) == 7
    assert views[-1]["progressive"]["payouts"] == [{"seat": 2, "amount": 20010, "source": "table inventory"}]
    assert views[-1]["progressive"]["meter"]["lit_seat"] is None
    assert views[-1]["finished"] is True and not any(view["finished"] for view in views[:-1])


@pytest.mark.parametrize("game", TEN_GAMES, ids=lambda game: game.key)
def test_mhb_c3_view_is_the_same_whatever_the_secret_hit_value_and_seed(game: MysteryGame) -> None:
    name = first_progressive(game)
    seats = [MysterySeatWagers(seat, 1000, ((name, 500),)) for seat in (1, 4, 6)]
    low = table(game, seats, meter=MysteryMeter(CONFIGURATION, Decimal(20000), 30001))
    high = MysteryTableRound(
        game, MysteryRules(CONFIGURATION), seats, 987654321, meter=MysteryMeter(CONFIGURATION, Decimal(20000), 49999)
    )
    views = views_through_the_round(low)

    # The base game's cards come from the seed once dealt face up; everything else shows the same.
    def without_cards(views: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{key: value for key, value in view.items() if key != "base_game"} for view in views]

    assert without_cards(views) == without_cards(views_through_the_round(high))
    text = json.dumps(views)
    for secret in ("30001", "300.01", "49999", "499.99", "987654321", "hit_value", "seed"):
        assert secret not in text
