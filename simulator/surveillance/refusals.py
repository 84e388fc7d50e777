"""The engine's refusal of a step shown as a fault: the error and clause the grader would give a dealer who did it."""

from __future__ import annotations

from simulator.core.json_values import json_list
from simulator.core.procedure import IllegalOperation, Round
from simulator.notation import deal_saved, perform_saved, save_round
from simulator.surveillance.seen import Seen


def refusal(round_: Round, performed: int, seen: Seen) -> IllegalOperation | None:
    """How the engine refuses ``seen`` done after the round's first ``performed`` operations; None if it takes it.

    Tried on a fresh deal of the round replayed that far, so the round itself is left as it is.
    """
    saved = save_round(round_)
    fresh = deal_saved(saved)
    perform_saved(fresh, json_list(saved["operations"])[:performed])
    try:
        fresh.perform(seen.step, seen.step_arguments)
    except IllegalOperation as error:
        return error
    return None
