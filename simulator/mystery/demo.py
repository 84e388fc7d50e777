"""A narrated, fully automated round at an MHB game's table, for the command line's demo.

The scenario comes from the seed: three to six occupied positions, base wagers of $5, $10 or $25, and
progressive wagers of $1 or $5 (or none) under configuration C with a $5 minimum, so a $1 progressive wager
shows a non-qualifying wager and each $5 wager adds an exact 2.5 cents. The first occupied position always holds
a qualifying $5 wager, so a forced hit (``forced_hit=True``) always has a winner. The hit value is never shown.
The scenario is drawn first; the round's own seed, which draws its hit values, is the next draw of the same seed.
"""

from __future__ import annotations

import random
from decimal import Decimal

from simulator.core.json_values import JsonObject, json_int, json_list, json_object, json_str
from simulator.core.money import format_cents
from simulator.core.mystery_meter import (
    AWARD_ROUNDING_OPTION,
    CONTRIBUTIONS_AFTER_HIT,
    MysteryRules,
    mystery_clause,
    mystery_configuration,
)
from simulator.core.procedure import Operation
from simulator.core.progressive import CONTRIBUTION_ORDER
from simulator.mystery.games import MYSTERY_GAMES, MysteryGame
from simulator.mystery.tables import SEATS, MysterySeatWagers, MysteryTableRound

DEMO_CONFIGURATION = mystery_configuration("C", 500)
"""The demo's configuration: $250 to $500, 0.5% of each qualifying $5 wager."""


def demo_scenario(game: MysteryGame, rng: random.Random) -> list[MysterySeatWagers]:
    """The positions and wagers of a demo round, drawn from ``rng``."""
    occupied = sorted(rng.sample(SEATS, rng.randint(3, len(SEATS))))
    seats = []
    for index, seat in enumerate(occupied):
        progressive = []
        for position, spot in enumerate(game.progressive_wagers):
            amount = 500 if index == position == 0 else rng.choice([0, 100, 500, 500])
            if amount:
                progressive.append((spot.name, amount))
        seats.append(MysterySeatWagers(seat, rng.choice([500, 1000, 2500]), tuple(progressive)))
    return seats


def demo_round(game_key: str, seed: int, forced_hit: bool) -> MysteryTableRound:
    """The demo round for ``game_key``, not yet played: its scenario and its own seed both drawn from ``seed``."""
    game = MYSTERY_GAMES[game_key]
    rng = random.Random(seed)
    seats = demo_scenario(game, rng)
    return MysteryTableRound(game, MysteryRules(DEMO_CONFIGURATION), seats, rng.getrandbits(32), force_hit=forced_hit)


def demo_mystery_table(game_key: str, seed: int, forced_hit: bool) -> list[str]:
    """Play one MHB table round for ``game_key`` by itself and narrate each step with its citation."""
    table = demo_round(game_key, seed, forced_hit)
    game, meter = table.game, table.mystery.meter
    lines = [
        f"{game.display_name}: Must-Hit-By Mystery Bonus ({game.section}), {DEMO_CONFIGURATION.name}, "
        f"paid from the {table.mystery.rules.payment_source.value}",
        f"Meter {format_cents(meter.amount)}; it must hit by {format_cents(DEMO_CONFIGURATION.maximum_value)}"
        + ("; hit forced for this demonstration" if forced_hit else ""),
    ]
    for operation in table.play_out():
        lines.append(operation.narration())
        lines.extend(f"    {detail}" for detail in _details(game, operation))
    lines.append(f"Meter after the round: {format_cents(meter.amount)}")
    return lines


def _details(game: MysteryGame, operation: Operation) -> list[str]:
    """The facts worth reading aloud after a step, with the rules they follow."""
    facts = operation.facts
    step = operation.action.step
    if step == "announce_no_more_bets":
        seats = [_seat_line(json_object(seat)) for seat in json_list(facts["seats"])]
        return [*seats, f"qualification: {game.qualification_citation}"]
    if step == "add_mystery_contributions":
        lines = [_contribution_line(game, json_object(fact)) for fact in json_list(facts["contributions"])]
        return [f"order: {CONTRIBUTION_ORDER}", *lines, f"meter {json_object(facts['meter'])['display']}"]
    if step == "pay_mystery_bonus":
        return [f"source: {mystery_clause(game.section, '(c)(6)')}", f"whole cents: {AWARD_ROUNDING_OPTION}"]
    if step == "reset_mystery_meter":
        lit = " and a carried contribution lit a position again" if facts["lit_again"] else ""
        return [f"meter {json_object(facts['meter'])['display']}{lit}"]
    return []


def _seat_line(seat: JsonObject) -> str:
    """A position's wagers, each progressive wager marked as qualifying or not."""
    base = json_object(seat["base_wager"])
    parts = [f"{base['wager']} {format_cents(json_int(base['amount']))}"]
    for wager in map(json_object, json_list(seat["progressive_wagers"])):
        verdict = "qualifies" if wager["qualifies"] else "does not qualify"
        parts.append(f"{wager['wager']} {format_cents(json_int(wager['amount']))} ({verdict})")
    return f"seat {seat['seat']}: " + ", ".join(parts)


def _contribution_line(game: MysteryGame, fact: JsonObject) -> str:
    """One contribution and what it did, citing the rule when it lit a position or was carried."""
    line = f"seat {fact['seat']} {fact['wager']}: +{format_cents(Decimal(json_str(fact['contribution'])))}"
    if fact["carried_to_reset"]:
        return f"{line}, after the hit: it goes onto the reset meter ({CONTRIBUTIONS_AFTER_HIT})"
    if fact["lit"]:
        hit = mystery_clause(game.section, "(c)(3)")
        return f"{line}: the meter passes the hit value and the light at seat {fact['seat']} comes on ({hit})"
    return line
