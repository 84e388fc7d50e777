"""The school's timed standards: the dealer skills the grader recognises, each step's skill and its target time.

Plain Python, no Django, so the grader (:mod:`grading.scoring`) reads it without settings. The targets are a house
setting of the school, not regulation: 51 Pa.B. 5607 sets no time for any dealer step. A table or a scenario may
override any target (``Table.skill_targets``, ``ScenarioSpec.skill_targets``, read by :func:`read_target_overrides`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from simulator.carnival.games import CARNIVAL_GAMES
from simulator.core.json_values import JsonValue
from simulator.core.settling import SETTLEMENT_STEPS
from simulator.pai_gow.round import DICE_SPOTS
from simulator.scenarios import LONGEST_TARGET_SECONDS


@dataclass(frozen=True)
class Skill:
    """A dealer skill a school certifies against a timed standard: its key, its name and the default target."""

    key: str
    name: str
    target_seconds: int


SKILLS: Mapping[str, Skill] = {
    skill.key: skill
    for skill in (
        Skill("calling_the_dice", "Calling the dice", 5),
        Skill("settling_a_dice_wager", "Settling a dice wager (Sum, Match, Beat It)", 10),
        Skill("finding_the_starting_position", "Finding the starting position", 10),
        Skill("delivering_the_stacks", "Delivering a stack", 5),
        Skill("setting_the_house_way", "Setting the dealer's hand by the house way", 30),
        Skill("calling_tiger_nine", "Calling Tiger 9", 5),
        Skill("settling_a_pai_gow_wager", "Settling a Pai Gow Poker, Tiger 9 or Fortune wager", 15),
        Skill("placing_envy_lammers", "Placing the Envy lammers", 15),
        Skill("locking_out_progressive_wagers", "Locking out the progressive wagers", 5),
        Skill("collecting_progressive_wagers", "Collecting the progressive wagers", 10),
        Skill("counting_progressive_chips", "Counting the progressive chips", 15),
        Skill("dropping_progressive_wagers", "Dropping the progressive wagers into the container", 5),
        Skill("confirming_the_progressive_hand", "Confirming a progressive winning hand", 10),
        Skill("confirming_the_progressive_light", "Confirming the progressive light", 5),
        Skill("paying_a_progressive_win", "Paying a progressive win", 30),
        Skill("confirming_the_mystery_light", "Confirming the Mystery Bonus light", 5),
        Skill("paying_the_mystery_bonus", "Paying the Mystery Bonus", 30),
        Skill("resetting_the_mystery_meter", "Resetting the Mystery meter", 10),
        Skill("dealing_a_card", "Dealing or burning a card", 3),
        Skill("settling_match_the_dealer", "Collecting a losing Match the Dealer wager", 5),
        Skill("confirming_a_signal", "Confirming a player's unclear or questionable signal", 5),
        Skill("splitting_a_pair", "Splitting a pair", 5),
        Skill("settling_a_blackjack_wager", "Settling a Down Under Blackjack wager", 10),
        Skill("delivering_a_hand", "Delivering a hand or the community cards (carnival poker)", 5),
        Skill("reading_a_hand", "Turning over and reading a hand (carnival poker)", 5),
        Skill("qualifying_the_dealer", "Qualifying the dealer's hand (carnival poker)", 5),
        Skill("returning_a_pulled_wager", "Returning a pulled wager (Let It Ride)", 5),
        Skill(
            "settling_a_carnival_wager",
            "Settling an Ante, Blind, Play, Pair Plus, Trips, Ante Bonus or Let It Ride wager",
            10,
        ),
    )
}
"""Every skill with a timed standard, in the order a score card lists them."""

STEP_SKILLS: Mapping[str, str] = {
    "announce_dice": "calling_the_dice",
    "find_starting_position": "finding_the_starting_position",
    "deliver_stack": "delivering_the_stacks",
    "set_dealer_hand": "setting_the_house_way",
    "declare_tiger_nine": "calling_tiger_nine",
    "collect_commission": "settling_a_pai_gow_wager",
    "place_envy_lammers": "placing_envy_lammers",
    "lock_out_progressive_wagers": "locking_out_progressive_wagers",
    "collect_progressive_wagers": "collecting_progressive_wagers",
    "count_progressive_chips": "counting_progressive_chips",
    "drop_progressive_wagers": "dropping_progressive_wagers",
    "confirm_progressive_hand": "confirming_the_progressive_hand",
    "confirm_progressive_light": "confirming_the_progressive_light",
    "pay_progressive_win": "paying_a_progressive_win",
    "confirm_mystery_light": "confirming_the_mystery_light",
    "pay_mystery_bonus": "paying_the_mystery_bonus",
    "reset_mystery_meter": "resetting_the_mystery_meter",
    "burn_card": "dealing_a_card",
    "deal_card": "dealing_a_card",
    "settle_losing_match_wager": "settling_match_the_dealer",
    "turn_hole_card": "dealing_a_card",
    "confirm_decision": "confirming_a_signal",
    "split_pair": "splitting_a_pair",
    "pay_blackjack_wager": "settling_a_blackjack_wager",
    "push_blackjack_wager": "settling_a_blackjack_wager",
    "collect_blackjack_wager": "settling_a_blackjack_wager",
    "deal_hand": "delivering_a_hand",
    "deal_community_cards": "delivering_a_hand",
    "turn_community_card": "delivering_a_hand",
    "return_wager": "returning_a_pulled_wager",
    "reveal_hand": "reading_a_hand",
    "read_hand": "reading_a_hand",
    "qualify_dealer": "qualifying_the_dealer",
}
"""The skill of each dealer step that has one by its name alone; a wager settlement's skill depends on its spot."""

PAI_GOW_SPOTS = ("pai-gow", "tiger-9", "fortune")
"""The Pai Gow Poker table's card wagers, settled after the hands are compared."""

CARNIVAL_SPOTS = frozenset(spot for game in CARNIVAL_GAMES.values() for spot in game.spot_names())
"""The carnival poker games' wagers and bonuses, settled once the hands are read."""

SETTLEMENT_SKILLS = {
    "settling_a_dice_wager": "announce_dice",
    "settling_a_pai_gow_wager": "set_dealer_hand",
    "settling_a_carnival_wager": "read_hand",
}
"""The skills of a wager settlement, by the spot settled, each with a step of the games whose wagers it settles: the
dice wagers', the card wagers of Pai Gow Poker and those of the carnival poker games (each reads a hand)."""


def skills_of(steps: Iterable[str]) -> list[Skill]:
    """The skills a game's steps exercise, in the score card's order, with the settlement skills of its wagers.

    >>> [skill.key for skill in skills_of(["announce_dice", "burn_card", "clear_table"])]
    ['calling_the_dice', 'dealing_a_card']
    >>> [skill.key for skill in skills_of(["qualify_dealer", "read_hand", "pay_wager"])]
    ['reading_a_hand', 'qualifying_the_dealer', 'settling_a_carnival_wager']
    """
    names = set(steps)
    keys = {STEP_SKILLS[step] for step in names if step in STEP_SKILLS}
    if names & set(SETTLEMENT_STEPS):
        keys.update(skill for skill, step in SETTLEMENT_SKILLS.items() if step in names)
    return [skill for key, skill in SKILLS.items() if key in keys]


def skill_of(step: str, arguments: Mapping[str, JsonValue]) -> str | None:
    """The key of the skill a dealer step exercises, or None for a step without a timed standard.

    >>> skill_of("pay_wager", {"seat": 3, "spot": "match-5", "amount": 500}), skill_of("clear_table", {})
    ('settling_a_dice_wager', None)
    """
    if step in SETTLEMENT_STEPS:
        spot = arguments.get("spot")
        if spot in DICE_SPOTS:
            return "settling_a_dice_wager"
        if spot in PAI_GOW_SPOTS:
            return "settling_a_pai_gow_wager"
        return "settling_a_carnival_wager" if spot in CARNIVAL_SPOTS else None
    return STEP_SKILLS.get(step)


def read_target_overrides(data: object) -> dict[str, int]:
    """A table's target overrides read from JSON ({skill key: whole seconds}); ValueError naming every fault.

    >>> read_target_overrides({"calling_the_dice": 4})
    {'calling_the_dice': 4}
    """
    if not isinstance(data, Mapping):
        raise ValueError("Target times are a JSON object of skill keys and whole seconds.")
    faults = []
    for key, seconds in data.items():
        if key not in SKILLS:
            faults.append(f"{key!r} is not a skill (the skills are {', '.join(SKILLS)}).")
        elif isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 < seconds <= LONGEST_TARGET_SECONDS:
            faults.append(f"The target for {key} is whole seconds from 1 to {LONGEST_TARGET_SECONDS}, not {seconds!r}.")
    if faults:
        raise ValueError(" ".join(faults))
    return dict(data)


def target_seconds(overrides: Mapping[str, int]) -> dict[str, int]:
    """Every skill's target at a table: the school's default unless the table overrides it."""
    return {key: overrides.get(key, skill.target_seconds) for key, skill in SKILLS.items()}
