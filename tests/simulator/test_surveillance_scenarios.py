"""Watch scenarios: the watch part read and checked against the catalogue, rounds seeded from it, exact replay."""

from __future__ import annotations

import json
import random

import pytest

from simulator.core.json_values import JsonObject
from simulator.drills import DRILLS, GAME_PROTECTION, GAME_PROTECTION_DRILLS, GROUPS
from simulator.games import DOWN_UNDER_BLACKJACK, PAI_GOW_POKER
from simulator.scenarios import MAX_FAULTS, ScenarioError, ScenarioSpec, Watch
from simulator.surveillance.catalogue import FaultKind, fault_kinds
from simulator.surveillance.scenarios import deal_watch, read_scenario, seed_faults
from simulator.surveillance.watching import replay_watched, watched_log

TIGER_NINE_TABLE: JsonObject = {
    "game": PAI_GOW_POKER.key,
    "seats": {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}},
    "rigging": {"tiger_nine": True},
}
"""Two players at a commission-free table whose dealer sets a Tiger 9: every Pai Gow Poker wager pushes."""


def watching(**watch: object) -> JsonObject:
    """The Tiger 9 table as a watch scenario with this watch part."""
    return {**TIGER_NINE_TABLE, "watch": dict(watch)}


def errors_of(data: JsonObject) -> dict[str, str]:
    """The errors reading the scenario raises, by field."""
    with pytest.raises(ScenarioError) as raised:
        read_scenario(data)
    return raised.value.errors


def test_a_watch_part_reads_back_to_an_equal_scenario() -> None:
    spec = read_scenario(watching(kinds=["missed_push", "short_pay"], faults={"minimum": 1, "maximum": 2}))
    assert spec.watch == Watch(("missed_push", "short_pay"), 1, 2, 3)
    assert read_scenario(json.loads(json.dumps(spec.to_json()))) == spec


def test_a_watch_part_left_bare_allows_any_kind_zero_to_three_faults_three_seconds_apart() -> None:
    assert read_scenario(watching()).watch == Watch((), 0, MAX_FAULTS, 3)


def test_a_scenario_without_a_watch_part_writes_none_so_saved_scenarios_read_as_they_were() -> None:
    spec = read_scenario(TIGER_NINE_TABLE)
    assert spec.watch is None
    assert "watch" not in spec.to_json()


def test_an_unknown_fault_kind_is_refused_naming_the_catalogue() -> None:
    errors = errors_of(watching(kinds=["short_pay", "marked_cards"]))
    assert list(errors) == ["watch.kinds"]
    assert "'marked_cards' is not a fault kind of the catalogue" in errors["watch.kinds"]


def test_a_fault_kind_no_round_of_the_game_can_hold_is_refused_naming_the_game() -> None:
    assert FaultKind.WRONG_DICE_TOTAL not in fault_kinds(DOWN_UNDER_BLACKJACK)
    errors = errors_of({"game": DOWN_UNDER_BLACKJACK.key, "watch": {"kinds": ["wrong_dice_total"]}})
    assert errors == {
        "watch.kinds": "Wrong dice total cannot happen at a Down Under Blackjack table: no step of "
        "its rounds can hold it"
    }


def test_a_fault_kind_named_twice_is_refused() -> None:
    assert errors_of(watching(kinds=["short_pay", "short_pay"])) == {"watch.kinds": "each fault kind is named once"}


@pytest.mark.parametrize("faults", [4, -1, "2", {"minimum": 0, "maximum": 4}, {"minimum": 1}])
def test_a_count_of_faults_outside_zero_to_three_is_refused(faults: object) -> None:
    assert "a round holds 0 to 3 faults" in errors_of(watching(faults=faults))["watch.faults"]


def test_a_range_of_faults_whose_most_is_below_its_fewest_is_refused() -> None:
    errors = errors_of(watching(faults={"minimum": 3, "maximum": 1}))
    assert errors == {"watch.faults": "the most faults is below the fewest"}


@pytest.mark.parametrize("pace", [0, 61, 2.5])
def test_a_pace_outside_one_second_to_a_minute_is_refused(pace: object) -> None:
    assert "seconds between steps" in errors_of(watching(pace_seconds=pace))["watch.pace_seconds"]


def test_an_unknown_field_of_the_watch_part_is_refused() -> None:
    assert errors_of(watching(speed=2)) == {"watch.speed": "unknown field"}


def test_a_bad_kind_is_named_beside_the_scenarios_other_bad_fields() -> None:
    errors = errors_of({**watching(kinds=["marked_cards"]), "rounds": 0})
    assert set(errors) == {"rounds", "watch.kinds"}


@pytest.mark.parametrize("seed", range(6))
def test_a_watched_round_holds_only_the_kinds_its_scenario_allows_as_many_as_it_sets(seed: int) -> None:
    spec = read_scenario(watching(kinds=["missed_push", "missed_tiger_nine_push"], faults=2))
    watched = deal_watch(spec, seed, 1, random.Random(seed))
    assert {fault.kind for fault in watched.faults} <= {FaultKind.MISSED_PUSH, FaultKind.MISSED_TIGER_NINE_PUSH}
    assert len(watched.faults) == 2


@pytest.mark.parametrize("seed", range(6))
def test_a_range_of_faults_seeds_a_count_within_it(seed: int) -> None:
    spec = read_scenario(watching(kinds=["missed_push"], faults={"minimum": 1, "maximum": 2}))
    assert 1 <= len(deal_watch(spec, seed, 1, random.Random(seed)).faults) <= 2


def test_no_fault_is_seeded_where_the_scenario_sets_none() -> None:
    assert deal_watch(read_scenario(watching(faults=0)), 4, 1, random.Random(4)).faults == ()


@pytest.mark.parametrize("seed", range(4))
def test_a_watch_scenarios_round_replays_exactly_from_its_log_without_the_scenario(seed: int) -> None:
    watched = deal_watch(read_scenario(watching()), seed, 1, random.Random(seed))
    again = replay_watched(json.loads(json.dumps(watched_log(watched))))
    assert again.steps == watched.steps
    assert again.faults == watched.faults


def test_a_scenario_the_trainee_deals_is_not_seeded() -> None:
    spec = ScenarioSpec.from_json(TIGER_NINE_TABLE)
    with pytest.raises(ValueError, match="dealt by the trainee, not watched"):
        seed_faults(spec, PAI_GOW_POKER.sample_round(1, False), random.Random(1))


@pytest.mark.parametrize("kind", list(FaultKind))
def test_the_game_protection_drill_of_each_fault_kind_seeds_one_such_fault_whatever_the_seed_citing_its_clause(
    kind: FaultKind,
) -> None:
    (drill,) = [
        drill for drill in GAME_PROTECTION_DRILLS if drill.spec["watch"] == {"kinds": [kind.value], "faults": 1}
    ]
    spec = read_scenario(drill.spec)
    for seed in range(3):
        (fault,) = deal_watch(spec, seed, 1, random.Random(seed)).faults
        assert (fault.kind, fault.citation.clause) == (kind, drill.citation.clause)


def test_the_game_protection_drills_are_listed_in_their_own_group_of_the_library() -> None:
    assert GROUPS[-1] == GAME_PROTECTION
    assert [drill for drill in DRILLS if drill.group == GAME_PROTECTION] == list(GAME_PROTECTION_DRILLS)
