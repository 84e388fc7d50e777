"""A playable round at any MHB game's table in which the progressive procedure is the trainee's part.

The round is: "No more bets"; lock out, collect, count and drop the progressive wagers; the system adds the
qualifying contributions to the Mystery Bonus meter; the engine deals the base game face up and it is settled
outside this module (automated: this module trains the progressive procedure, not the game), so the trainee
takes the Mystery Bonus steps with the hands in view (see :mod:`simulator.mystery.base_game_deal`); then, after a hit,
confirm the light, the floorperson's validation, the payment and the reset. One class serves all games, given
the game's data.
Where the table's house option ``base_game`` is "trainee" (carnival poker games only), the trainee deals the base
game instead: the round holds a :class:`~simulator.carnival.round.CarnivalRound` dealt from its own generator, and
between the drop and the Mystery Bonus payout its next step, its verification and its operations are that round's.
A scenario can force a hit (``force_hit=True``): the secret hit value is set to the meter rounded up to the
cent, so the round's first qualifying contribution wins. That is for demonstrations and tests only.

The round owns its randomness: ``seed_value`` seeds the generator whose first draw is a new meter's hit value
(used when no meter carries over; drawn either way, so a restored meter leaves the generator where a live round
had it) and whose later draws are the hit values after each reset. :meth:`MysteryTableRound.setup_json`
keeps the game, rules, seats, seed, starting meter (taken before any forced hit), automations and
``force_hit``, so :meth:`MysteryTableRound.from_setup_json` deals the same round again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict

from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.poker import CarnivalGame, CarnivalTable
from simulator.carnival.round import PLAYER_STEPS as CARNIVAL_PLAYER_STEPS
from simulator.carnival.round import CarnivalRound, CarnivalScenario, CarnivalView
from simulator.core.chipping import BEYOND_THE_RACK, CHIP_OPTIONS, chip_options_json
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import (
    JsonValue,
    json_bool,
    json_int,
    json_list,
    json_object,
    json_str,
    json_strings,
    json_value,
)
from simulator.core.meter_device import MYSTERY_METER
from simulator.core.money import Cents, Rounding
from simulator.core.mystery_meter import (
    AWARD_ROUNDING_OPTION,
    CONTRIBUTIONS_AFTER_HIT,
    DEFAULT_CONFIGURATION,
    HIT_VALUE_DRAW,
    BaseGameDealer,
    MysteryMeter,
    MysteryMeterView,
    MysteryRules,
    PaymentSource,
    configuration_fields,
    mystery_clause,
    mystery_configuration,
)
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, Operation, Round
from simulator.core.progressive import (
    CONTRIBUTION_ORDER,
    MYSTERY_BONUS_STEPS,
    PROGRESSIVE_INTAKE_STEPS,
    ContainerIntakeView,
    LockedOutWagerPhaseMixin,
    MysteryBonus,
    MysteryBonusMixin,
    ProgressiveWager,
    intake_with_wager_phase,
)
from simulator.core.rules import (
    HouseOption,
    Option,
    OptionField,
    choice,
    describe_options,
    gap_options,
    members,
    read_options,
)
from simulator.core.table_cash import TableCashView
from simulator.core.wager_phase import (
    WAGER_PHASE_PLAYER_STEPS,
    WAGER_PHASE_STEPS,
    LateWagerView,
    WagerPhase,
)
from simulator.mystery.base_game_deal import BASE_GAME_LAYOUT, BaseGameDeal, BaseGameView, deal_base_game
from simulator.mystery.games import MYSTERY_GAMES, MysteryGame

SEATS = (1, 2, 3, 4, 5, 6)
"""Player positions at every MHB training table, numbered 1 (the dealer's far left) to 6."""

SEATS_CITATION = cite("MHB training table positions")

NO_MORE_BETS = cite("§670a.10(a)(2)")
ROUND_COMPLETE = cite("MHB table round complete")
BASE_GAME = cite("MHB training table base game")
"""The house note that the base game's own play is automated outside this training module."""
BASE_GAME_DEALER = cite("MHB training table base game, option base_game")
"""The school's choice of who deals the base game at a carnival poker game's table."""

TABLE_STEPS = frozenset({"announce_no_more_bets", "play_base_game"})
"""The steps this module adds to the progressive procedure."""

SYSTEM_STEPS = frozenset({"add_mystery_contributions", "play_base_game"}) | WAGER_PHASE_PLAYER_STEPS
"""The steps the engine performs (the system's, the base game, the players' wagers); the default automations."""


@dataclass(frozen=True)
class MysterySeatWagers:
    """One position's wagers when betting closes: the base wager and the progressive wagers by name, in cents.

    ``side_wagers`` are the base game's own side wagers by betting area (Pair Plus, Trips), where the trainee deals it.
    """

    seat: int
    base_wager: Cents
    progressive_wagers: tuple[tuple[str, Cents], ...] = ()
    side_wagers: tuple[tuple[str, Cents], ...] = ()

    def to_json(self) -> dict[str, JsonValue]:
        """The position's wagers as JSON; side wagers only when there are any, so older rounds read as they were."""
        data: dict[str, JsonValue] = {
            "seat": self.seat,
            "base_wager": self.base_wager,
            "progressive_wagers": [{"wager": name, "amount": amount} for name, amount in self.progressive_wagers],
        }
        if self.side_wagers:
            data["side_wagers"] = {area: amount for area, amount in self.side_wagers}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> MysterySeatWagers:
        """Read a position's wagers written by :meth:`to_json`."""
        progressive = map(json_object, json_list(data["progressive_wagers"]))
        wagers = tuple((json_str(wager["wager"]), json_int(wager["amount"])) for wager in progressive)
        side = tuple((area, json_int(amount)) for area, amount in json_object(data.get("side_wagers", {})).items())
        return cls(json_int(data["seat"]), json_int(data["base_wager"]), wagers, side)


class WagerView(TypedDict):
    """A wager as the table shows it: its name and amount."""

    wager: str
    amount: Cents


class ProgressiveWagerView(WagerView):
    """A progressive wager as the table shows it, marked as qualifying for the Mystery Bonus or not."""

    qualifies: bool


class MysterySeatView(TypedDict):
    """An occupied position as the table shows it: the base wager and the progressive wagers."""

    seat: int
    base_wager: WagerView
    progressive_wagers: list[ProgressiveWagerView]


class MysteryPayoutView(TypedDict):
    """A Mystery Bonus award paid: the position, the amount and how it was paid."""

    seat: int
    amount: Cents
    source: str


class MysteryProgressiveView(ContainerIntakeView):
    """The display the game's subsection (b) requires: the MHB offer, the meter, the lit position, awards paid."""

    mystery_bonus_offered: bool
    display_clause: str
    configuration: str
    minimum_value: Cents
    maximum_value: Cents
    meter: MysteryMeterView
    payouts: list[MysteryPayoutView]


class MysteryTableView(TypedDict):
    """What anyone at an MHB game's table can see: :meth:`MysteryTableRound.table_view`."""

    game: str
    section: str
    chapter: str
    base_wager: str
    progressive_wagers: list[str]
    seats: dict[str, MysterySeatView | None]
    no_more_bets: bool
    late_wager: LateWagerView | None
    cash: TableCashView
    progressive: MysteryProgressiveView
    base_game_dealer: str
    base_game_played: bool
    base_game: BaseGameView | None
    carnival: CarnivalView | None
    finished: bool


class MysteryTableRound(LockedOutWagerPhaseMixin, MysteryBonusMixin, Round):
    """One round at an MHB game's table: the game's own positions and wagers, and the progressive procedure."""

    def __init__(
        self,
        game: MysteryGame,
        rules: MysteryRules,
        seats: Sequence[MysterySeatWagers],
        seed_value: int,
        *,
        meter: MysteryMeter | None = None,
        automations: frozenset[str] = SYSTEM_STEPS,
        force_hit: bool = False,
        wager_phase: WagerPhase | None = None,
        base_game_scenario: CarnivalScenario | None = None,
    ) -> None:
        """Set the table: ``meter`` carries over between rounds (a new one is started without it); raise ValueError.

        ``wager_phase`` is what the players do around "No more bets" (nothing when not given); ``base_game_scenario``
        rigs the cards and players' habits of the base game the trainee deals.
        """
        dealt_by_trainee = rules.base_game is BaseGameDealer.TRAINEE
        super().__init__(automations | CARNIVAL_PLAYER_STEPS if dealt_by_trainee else automations)
        self.seed_value = seed_value
        self.rng = random.Random(seed_value)
        new_meter = MysteryMeter.start(rules.configuration, self.rng)  # drawn even when a meter carries over
        carnival_seed = self.rng.getrandbits(32) if dealt_by_trainee else None
        meter = meter or new_meter
        if meter.configuration != rules.configuration:
            raise ValueError("The meter's configuration is not the one in the rules.")
        self.starting_meter = meter.to_json()
        self.force_hit = force_hit
        self.game = game
        self.seats = _checked_seats(game, seats)
        if carnival_seed is None and any(seat.side_wagers for seat in self.seats):
            raise ValueError("A side wager of the base game is taken only where the trainee deals the base game.")
        wagers = tuple(
            ProgressiveWager(seat.seat, spot.name, dict(seat.progressive_wagers)[spot.name])
            for seat in self.seats
            for spot in game.progressive_wagers
            if spot.name in dict(seat.progressive_wagers)
        )
        base_wagers = {seat.seat: seat.base_wager for seat in self.seats}
        qualifying_name = game.qualifying_wager(rules.qualifying_wager).name
        qualifying = tuple(
            wager
            for wager in wagers
            if wager.name == qualifying_name
            and game.qualifies(rules.configuration, base_wagers[wager.seat], wager.amount)
        )
        self.wager_phase = wager_phase or WagerPhase()
        self.progressive_intake = intake_with_wager_phase(wagers, self.wager_phase)
        self.mystery = MysteryBonus(game.section, rules, meter, self.rng, qualifying, force_hit=force_hit)
        self.base_game: BaseGameDeal | None = None
        self.base_game_scenario = base_game_scenario
        self.carnival = None if carnival_seed is None else self._carnival_round(rules, carnival_seed)

    def _carnival_round(self, rules: MysteryRules, seed_value: int) -> CarnivalRound:
        """The base game the trainee deals: each position's base wager on its areas, its side wagers, the paytables."""
        carnival = carnival_game(self.game)
        positions = base_game_positions(self.seats)
        seats = {
            seat.seat: dict.fromkeys(carnival.base_areas if seat.base_wager else (), seat.base_wager)
            | dict(seat.side_wagers)
            for seat in self.seats
            if seat.seat in positions
        }
        table = base_game_table(rules, self.game)
        return CarnivalRound(carnival, table, seats, seed_value, scenario=self.base_game_scenario)

    # ----- saving and replaying -----

    def carried_meters(self) -> dict[str, JsonValue]:
        """The Mystery Bonus meter, with its hidden hit value, that the table carries to its next round; server only."""
        return {MYSTERY_METER: self.mystery.meter.to_json()}

    def setup_json(self) -> dict[str, JsonValue]:
        """Everything needed to deal this round again: game, rules, seats, seed, starting meter, automations."""
        data: dict[str, JsonValue] = {
            "game": self.game.key,
            "rules": rules_to_json(self.mystery.rules),
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed_value,
            "meter": self.starting_meter,
            "automations": [*sorted(self.automations)],
            "force_hit": self.force_hit,
            "wager_phase": self.wager_phase.to_json(),
        }
        if self.base_game_scenario is not None:
            data["base_game_scenario"] = self.base_game_scenario.to_json()
        return data

    @classmethod
    def from_setup_json(cls, data: Mapping[str, JsonValue]) -> MysteryTableRound:
        """A fresh round from :meth:`setup_json`, before any step; raise ValueError for a game without the MHB."""
        game = MYSTERY_GAMES.get(json_str(data["game"]))
        if game is None:
            raise ValueError(f"{data['game']!r} is not a game with the Must-Hit-By Mystery Bonus.")
        return cls(
            game,
            rules_from_json(json_object(data["rules"]), game),
            [MysterySeatWagers.from_json(json_object(seat)) for seat in json_list(data["seats"])],
            json_int(data["seed"]),
            meter=MysteryMeter.from_json(json_object(data["meter"])),
            automations=frozenset(json_strings(data["automations"])),
            force_hit=json_bool(data["force_hit"]),
            wager_phase=WagerPhase.from_json(data.get("wager_phase")),
            base_game_scenario=CarnivalScenario.from_json(json_object(data["base_game_scenario"]))
            if "base_game_scenario" in data
            else None,
        )

    # ----- what the table shows -----

    def table_view(self) -> MysteryTableView:
        """What anyone at the table can see now: the wagers and the progressive display; never the seed or hit value."""
        by_number = {seat.seat: seat for seat in self.seats}
        seats: dict[str, MysterySeatView | None] = {
            str(number): self._seat_view(by_number[number]) if number in by_number else None for number in SEATS
        }
        return {
            "game": self.game.display_name,
            "section": self.game.section,
            "chapter": self.game.chapter,
            "base_wager": self.game.base_wager.name,
            "progressive_wagers": [spot.name for spot in self.game.progressive_wagers],
            "seats": seats,
            "no_more_bets": self.no_more_bets,
            "late_wager": self.late_wager_view(),
            "cash": self.table_cash_view(),
            "progressive": self.progressive_view(),
            "base_game_dealer": self.mystery.rules.base_game.value,
            "base_game_played": self.base_game_played,
            "base_game": None if self.base_game is None else self.base_game.view(),
            "carnival": None if self.carnival is None else self.carnival.table_view(),
            "finished": self.finished,
        }

    def progressive_view(self) -> MysteryProgressiveView:
        """The display the game's subsection (b) requires: the MHB offer, the meter, the lit position, awards paid."""
        configuration = self.mystery.rules.configuration
        return {
            "mystery_bonus_offered": True,
            "display_clause": f"{self.game.section}(b)",
            "configuration": configuration.name,
            "minimum_value": configuration.minimum_value,
            "maximum_value": configuration.maximum_value,
            "meter": self.mystery.public_view(),
            **self.progressive_intake.view(),
            "payouts": [
                {"seat": payout.seat, "amount": payout.amount, "source": payout.source.value}
                for payout in self.mystery.payouts
            ],
        }

    # ----- the correct next step and the steps -----

    def wager_citation(self, spot: str) -> Citation:
        """A progressive wager follows the lock-out; the base wager is placed before "No more bets"."""
        return self.intake_wager_citation(spot, spot in {wager.name for wager in self.game.progressive_wagers})

    def wager_label(self, spot: str) -> str:
        """The betting area as the layout names it: the wager's own name."""
        return spot

    def next_action(self) -> Action | None:
        """The correct next step of the round, or None when it is finished."""
        action = self._opening_action()
        if action is not None:
            return action
        if self.carnival is not None:
            action = self.carnival.next_action()
            if action is not None:
                return action
        elif not self.base_game_played:
            return Action(
                "play_base_game",
                Actor.SYSTEM,
                {},
                BASE_GAME,
                f"the engine deals the {self.game.display_name} round face up (automated)",
            )
        return self.next_mystery_payout_action() or self.next_colour_up_action()

    def _opening_action(self) -> Action | None:
        """The steps before the base game: the wager phase, "No more bets", the intake and the contributions."""
        action = self.next_wager_phase_action()
        if action is not None:
            return action
        if not self.no_more_bets:
            return Action("announce_no_more_bets", Actor.DEALER, {}, NO_MORE_BETS, 'announce "No more bets"')
        return self.next_progressive_intake_action() or self.next_mystery_contribution_action()

    def step_names(self) -> frozenset[str]:
        """Every step of an MHB table round; where the trainee deals the base game, its steps for the engine's."""
        steps = TABLE_STEPS | PROGRESSIVE_INTAKE_STEPS | MYSTERY_BONUS_STEPS | WAGER_PHASE_STEPS
        if self.carnival is None:
            return steps
        return steps - {"play_base_game"} | self.carnival.step_names()

    def offered_steps(self) -> frozenset[str]:
        """Every step, less those the base game a trainee deals never asks for (community cards at Three Card Poker)."""
        if self.carnival is None:
            return self.step_names()
        return self.step_names() - (self.carnival.step_names() - self.carnival.offered_steps())

    def base_game_step(self, step: str) -> CarnivalRound | None:
        """The base game the trainee deals, when ``step`` is one of its steps and its turn has come; else None.

        Raise IllegalOperation (out of order, or the round over) for a base game step tried before or after its turn.
        """
        if self.carnival is None or step not in self.carnival.step_names():
            return None
        if self._opening_action() is not None or self.carnival.finished:
            self.require_step(step)  # raises: the next step is the MHB procedure's, or none
        return self.carnival

    def perform(self, step: str, arguments: Mapping[str, JsonValue]) -> Operation:
        """Perform a named step (see :meth:`Round.perform`); a base game step is the base game's, logged here too."""
        carnival = self.base_game_step(step)
        if carnival is None:
            return super().perform(step, arguments)
        operation = carnival.perform(step, arguments)
        return self.record(operation.action, operation.facts)

    def can(self, step: str, arguments: Mapping[str, JsonValue]) -> bool:
        """Whether the named step could be performed now with these arguments (see :meth:`Round.can`)."""
        try:
            carnival = self.base_game_step(step)
        except IllegalOperation:
            return False
        return super().can(step, arguments) if carnival is None else carnival.can(step, arguments)

    def closing_citation(self) -> Citation:
        """The rule cited after the round: the meter has been reset and no hit waits."""
        return ROUND_COMPLETE

    def house_chips(self) -> MysteryRules:
        """The table's rules, with its chip rack and chipping procedure."""
        return self.mystery.rules

    def no_more_bets_facts(self) -> dict[str, JsonValue]:
        """Every position's wagers as betting closes, and which progressive wagers qualify."""
        return {"seats": [json_value(self._seat_view(seat)) for seat in self.seats]}

    def verify_play_base_game(self) -> Action:
        """Raise unless the base game's automated play is the next step."""
        return self.require_step("play_base_game")

    @property
    def base_game_played(self) -> bool:
        """Whether the base game is over: dealt by the engine, or dealt to the end by the trainee."""
        return self.base_game is not None if self.carnival is None else self.carnival.finished

    def play_base_game(self) -> Operation:
        """The engine deals the base game face up, from its own generator; it is settled outside this module."""
        action = self.verify_play_base_game()
        if self.game.layout is None:
            raise ValueError(f"{self.game.display_name}'s own round deals its cards: it has no base game layout.")
        players = [seat.seat for seat in self.seats if seat.base_wager > 0]
        self.base_game = deal_base_game(self.game.layout, players, self.seed_value)
        return self.record(action, self.base_game.facts())

    def _seat_view(self, seat: MysterySeatWagers) -> MysterySeatView:
        """A position's wagers as the table shows them, each progressive wager marked qualifying or not."""
        qualifying = {(wager.seat, wager.name) for wager in self.mystery.qualifying_wagers}
        return {
            "seat": seat.seat,
            "base_wager": {"wager": self.game.base_wager.name, "amount": seat.base_wager},
            "progressive_wagers": [
                {"wager": name, "amount": amount, "qualifies": (seat.seat, name) in qualifying}
                for name, amount in seat.progressive_wagers
            ],
        }


def _qualifying_wager_field(game: MysteryGame | None) -> OptionField:
    """The qualifying-wager option, checked against ``game``'s section (without a game by the round that deals it)."""

    def read(given: JsonValue) -> str:
        if not isinstance(given, str):
            raise ValueError(f"a progressive wager's name is wanted, not {given!r}")
        return given if game is None else game.qualifying_wager(given).name

    if game is None:
        return OptionField(mystery_clause("§645b.3", "(c)(1)"), "The qualifying progressive wager.", read)
    names = tuple(spot.name for spot in game.progressive_wagers)
    explanation = f"Which progressive wager qualifies for the Mystery Bonus; by default the first named, {names[0]}."
    return OptionField(game.qualification_citation, explanation, read, choices=names, house_rule=True)


def base_game_positions(seats: Sequence[MysterySeatWagers]) -> list[int]:
    """The seats dealt the base game a trainee deals: those holding its base wager or a side wager of it."""
    return [seat.seat for seat in seats if seat.base_wager or seat.side_wagers]


def carnival_game(game: MysteryGame) -> CarnivalGame:
    """The carnival poker game a trainee deals at ``game``'s table; ValueError for a game dealt only by the engine."""
    carnival = CARNIVAL_GAMES.get(game.key)
    if carnival is None:
        names = " and ".join(dealt.name for dealt in CARNIVAL_GAMES.values())
        raise ValueError(f"{game.display_name}'s base game is dealt by the engine: a trainee deals only {names}")
    return carnival


BASE_GAME_WORDS = {BaseGameDealer.ENGINE: "dealt by the engine", BaseGameDealer.TRAINEE: "dealt by the trainee"}
"""Who deals the base game, as the table's house rules say it."""


def _base_game_field(game: MysteryGame | None) -> OptionField:
    """The house option of who deals the base game; only a carnival poker game's table lets the trainee deal it."""
    offered = choice(
        members(BaseGameDealer),
        BASE_GAME_DEALER,
        "Who deals the base game: the engine, face up, while the trainee performs the progressive procedure, or the "
        "trainee, every step graded.",
        describe=BASE_GAME_WORDS.__getitem__,
        house_rule=True,
        label="Base game",
    )

    def read(given: JsonValue) -> BaseGameDealer:
        dealer: BaseGameDealer = offered.read(given)
        if dealer is BaseGameDealer.TRAINEE and game is not None:
            carnival_game(game)
        return dealer

    return replace(offered, read=read)


def _paytable_fields(game: MysteryGame | None) -> dict[str, OptionField]:
    """The paytable options of the base game a trainee may deal at ``game``'s table; none for other games."""
    carnival = None if game is None else CARNIVAL_GAMES.get(game.key)
    return {} if carnival is None else carnival.option_fields()


def rules_fields(game: MysteryGame | None) -> dict[str, OptionField]:
    """Every field an MHB table's rules JSON may hold, cited in the game's section (§645b.3 without a game)."""
    section = "§645b.3" if game is None else game.section
    return configuration_fields(section) | {
        "payment_source": choice(
            members(PaymentSource),
            mystery_clause(section, "(c)(6)"),
            "Whether a Mystery Bonus is paid from the table inventory or by progressive jackpot slip.",
        ),
        "award_rounding": choice(
            members(Rounding),
            AWARD_ROUNDING_OPTION,
            f"Which way an award with a fraction of a cent is rounded to the cent ({section}(c)(7)).",
            describe=lambda rounding: f"{rounding} to the cent",
            house_rule=True,
        ),
        "qualifying_wager": _qualifying_wager_field(game),
        "base_game": _base_game_field(game),
        **_paytable_fields(game),
        **CHIP_OPTIONS,
    }


def rules_to_json(rules: MysteryRules) -> dict[str, JsonValue]:
    """An MHB table's Rules Submission choices as JSON; the qualifying wager only when the table chose one."""
    data: dict[str, JsonValue] = {
        "configuration": rules.configuration.letter,
        "minimum_wager": rules.configuration.minimum_wager,
        "payment_source": rules.payment_source.value,
        "award_rounding": rules.award_rounding.value,
    }
    if rules.qualifying_wager is not None:
        data["qualifying_wager"] = rules.qualifying_wager
    if rules.base_game is not BaseGameDealer.ENGINE:
        data["base_game"] = rules.base_game.value
    data.update(rules.base_game_paytables)
    data.update(chip_options_json(rules, skip_defaults=True))
    return data


def rules_from_json(data: Mapping[str, JsonValue], game: MysteryGame | None = None) -> MysteryRules:
    """Build an MHB table's rules from JSON; RulesError naming every unknown or bad field. Missing fields default.

    With ``game``, a qualifying wager is checked against the game's section: only §643b.1, §649b.1 and §657b.1
    name two progressive wagers, so every other game refuses the field. Without one, the round checks it. So is the
    base game: only a carnival poker game's table offers it to the trainee, with its paytables.
    """
    values = read_options(rules_fields(game), data)
    letter = values.pop("configuration", DEFAULT_CONFIGURATION.letter)
    minimum_wager = values.pop("minimum_wager", DEFAULT_CONFIGURATION.minimum_wager)
    paytables = tuple((name, values.pop(name)) for name in _paytable_fields(game) if name in values)
    return MysteryRules(mystery_configuration(letter, minimum_wager), **values, base_game_paytables=paytables)


def _described(rules: MysteryRules, game: MysteryGame) -> tuple[dict[str, OptionField], dict[str, JsonValue]]:
    """The fields ``game``'s table offers and the rules as JSON with the qualifying wager and base game spelled out."""
    fields = rules_fields(game)
    data = rules_to_json(rules)
    if game.qualifying_wager_chosen:
        data["qualifying_wager"] = game.qualifying_wager(rules.qualifying_wager).name
    else:
        del fields["qualifying_wager"]
    if game.key in CARNIVAL_GAMES:
        data["base_game"] = rules.base_game.value
        data = base_game_table(rules, game).to_json() | data
    else:
        del fields["base_game"]
    return fields, data | chip_options_json(rules)


def base_game_table(rules: MysteryRules, game: MysteryGame) -> CarnivalTable:
    """The base game's table where the trainee deals it, its paytables and rack the MHB table's; else ValueError."""
    table = CarnivalTable.from_json(carnival_game(game), dict(rules.base_game_paytables))
    return replace(table, rack=rules.rack, chipping=rules.chipping)


def rules_options(game: MysteryGame) -> tuple[Option, ...]:
    """Every option of ``game``'s MHB table with its default, allowed values, clause and provenance."""
    return describe_options(*_described(MysteryRules(DEFAULT_CONFIGURATION), game))


def rules_house_options(rules: MysteryRules, game: MysteryGame) -> list[HouseOption]:
    """The options and procedures of ``game``'s MHB table that fill gaps in the regulation, with their values.

    Where the trainee deals the base game, its own house options and procedures stand for the engine's deal.
    """
    fields, data = _described(rules, game)
    _, defaults = _described(MysteryRules(rules.configuration), game)
    paytables = _paytable_fields(game)
    base_game = (
        base_game_table(rules, game).house_options()
        if rules.base_game is BaseGameDealer.TRAINEE
        else [
            HouseOption("base game", "dealt by the engine", "the same", BASE_GAME),
            HouseOption(
                "base game cards", "dealt face up as the game's layout shows them", "the same", BASE_GAME_LAYOUT
            ),
        ]
    )
    return [
        *gap_options({name: field for name, field in fields.items() if name not in paytables}, data, defaults),
        BEYOND_THE_RACK,
        HouseOption("hit value draw", "whole cents, the minimum up to the maximum", "the same", HIT_VALUE_DRAW),
        HouseOption("contribution order", "seat 1 first", "seat 1 first", CONTRIBUTION_ORDER),
        HouseOption("contributions after a hit", "onto the reset meter", "the same", CONTRIBUTIONS_AFTER_HIT),
        HouseOption("positions", "six", "six", SEATS_CITATION),
        *base_game,
        HouseOption("round complete", "once every hit is paid and the meter reset", "the same", ROUND_COMPLETE),
    ]


def _checked_seats(game: MysteryGame, seats: Sequence[MysterySeatWagers]) -> tuple[MysterySeatWagers, ...]:
    """The positions in seat order, refusing unknown or repeated seats and wagers, and negative amounts."""
    numbers = [seat.seat for seat in seats]
    for seat in seats:
        if seat.seat not in SEATS or numbers.count(seat.seat) > 1:
            raise IllegalOperation(
                ErrorCode.BAD_SEAT, f"Seat {seat.seat} is not one free position of 1 to {SEATS[-1]}.", SEATS_CITATION
            )
        amounts = [seat.base_wager, *(amount for _, amount in seat.progressive_wagers)]
        if any(amount < 0 for amount in amounts):
            raise IllegalOperation(ErrorCode.BAD_WAGER, f"Seat {seat.seat} has a negative wager.", SEATS_CITATION)
        names = [name for name, _ in seat.progressive_wagers]
        if len(set(names)) < len(names):
            raise IllegalOperation(
                ErrorCode.BAD_WAGER, f"Seat {seat.seat} has the same progressive wager twice.", SEATS_CITATION
            )
        for name in names:
            try:
                game.progressive_wager(name)
            except ValueError:
                message = f"Seat {seat.seat}: {game.display_name} has no {name!r}."
                raise IllegalOperation(ErrorCode.BAD_WAGER, message, game.qualification_citation) from None
    return tuple(sorted(seats, key=lambda seat: seat.seat))
