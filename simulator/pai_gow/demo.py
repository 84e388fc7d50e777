"""A narrated, fully automated round of Commission-free Pai Gow Poker with six players and every wager."""

from __future__ import annotations

from simulator.core.cards import format_cards, parse_cards
from simulator.core.hands import describe_high_hand, describe_low_hand, evaluate_high_hand, evaluate_low_hand
from simulator.core.json_values import json_list, json_object, json_str
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Operation
from simulator.pai_gow.round import DEALER, PaiGowRound, Scenario
from simulator.pai_gow.rules import TableRules

DEMO_SEATS: dict[int, dict[str, Cents]] = {
    1: {
        "pai-gow": 2500,
        "tiger-9": 500,
        "fortune": 500,
        "progressive": 100,
        "sum": 500,
        "match-3": 500,
        "beat-it": 500,
    },
    2: {"pai-gow": 1000, "fortune": 100, "progressive": 100, "match-6": 200},
    3: {"pai-gow": 5000, "tiger-9": 1000, "fortune": 1000, "progressive": 100, "sum": 1000, "beat-it": 500},
    4: {"pai-gow": 1500, "progressive": 100, "match-1": 300, "match-2": 300},
    5: {"pai-gow": 2000, "tiger-9": 200, "fortune": 500, "sum": 200},
    6: {"pai-gow": 10000, "fortune": 2500, "progressive": 100, "beat-it": 1000, "match-5": 500},
}
"""Six seated players; between them every betting area of the layout holds a wager."""


def demo_round(seed: int, force_hit: bool = False, rules: TableRules | None = None) -> PaiGowRound:
    """The demo round, not yet played: six players, every wager, the engine performing every step."""
    round_ = PaiGowRound(
        rules or TableRules(),
        DEMO_SEATS,
        seed,
        scenario=Scenario(force_mystery_hit=force_hit),
        automations=frozenset(),
    )
    return round_


def narrate_pai_gow_round(seed: int, force_hit: bool = False) -> list[str]:
    """Play the demo round by itself and narrate every step with its citation and every payout."""
    round_ = demo_round(seed, force_hit)
    rules = round_.rules
    lines = [f"{rules.game_name}, seed {seed}.", "House rules at this table (not regulation text):"]
    lines.extend(f"  {option.name}: {option.value} — {option.citation}" for option in rules.house_options())
    lines.append("Wagers:")
    for seat, wagers in round_.seats.items():
        listed = ", ".join(f"{spot} {format_cents(amount)}" for spot, amount in wagers.items())
        lines.append(f"  seat {seat}: {listed}")
    for operation in round_.play_out():
        lines.append(operation.narration())
        lines.extend(f"    {detail}" for detail in _details(round_, operation))
    lines.append("Results (net for each player, progressive wagers included):")
    lines.extend(f"  seat {seat}: {format_cents(net)}" for seat, net in round_.chip_movements().items())
    if rules.mystery is not None:
        lines.append(f"Mystery Bonus meter after the round: {round_.mystery.meter.public_view()['display']}")
    if round_.progressive_meter is not None:
        lines.append(f"Progressive jackpot meter after the round: {round_.progressive_meter.public_view()['display']}")
    return lines


def _details(round_: PaiGowRound, operation: Operation) -> list[str]:
    """What became visible at a step: the dice, the cards turned over, the settings."""
    facts = operation.facts
    step = operation.action.step
    if "dice" in facts:
        red, blue_1, blue_2 = json_list(facts["dice"])
        return [f"the dice come to rest: red {red}, blue {blue_1} and {blue_2}"]
    if step == "reveal_dealer_hand":
        return [f"dealer's cards: {facts['cards']}"]
    if step == "set_dealer_hand":
        high = describe_high_hand(evaluate_high_hand(parse_cards(json_str(facts["high"])), round_.rules.wheel_rank))
        low = describe_low_hand(evaluate_low_hand(parse_cards(json_str(facts["low"]))))
        return [f"dealer: high {facts['high']} ({high}) / low {facts['low']} ({low})"]
    if step == "reveal_player_hand":
        foul = " — FOUL" if facts["foul"] else ""
        return [f"high {facts['high']} / low {facts['low']}{foul}"]
    if step == "clear_table":
        return [f"{facts['cards_accounted_for']} cards accounted for", f"stub: {format_cards(round_.stub)}"]
    if step in ("add_mystery_contributions", "add_progressive_contributions"):
        return [f"meter {json_object(facts['meter'])['display']}"] if "meter" in facts else []
    if step == "find_starting_position" and operation.action.arguments["place"] == DEALER:
        return ["the count ends on the dealer: the dealer takes the first stack"]
    return []
