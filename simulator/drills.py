"""The drill library: scenarios the school ships, each tied to the clause it trains, declared once as data.

Every drill is a :class:`~simulator.scenarios.ScenarioSpec` in JSON that the engine deals like an instructor's
scenario: the dice, cards and hits are rigged, and every payout, setting and position is the engine's, never written
here. ``clauses`` are the catalogue entries (:mod:`simulator.core.clauses`) the drill trains, the one it cites first.
A game protection drill is a watch scenario: one fault of its kind (by the fault catalogue's key) seeded in a round
rigged so that its deal can hold one, for the trainee to flag; its clause is the one the engine cites for that fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from simulator.blackjack.arithmetic import BlackjackPays, BlackjackStyle, DealerDrawing
from simulator.blackjack.table import BLACKJACK, MATCH_THE_DEALER, DownUnderTable, TraineeDeals
from simulator.carnival import let_it_ride, three_card_poker, ultimate_texas
from simulator.carnival.let_it_ride import LET_IT_RIDE_POKER
from simulator.carnival.poker import HAND_READING, WRONG_PLAY_WAGER, CarnivalGame, PaytableChoice, PlayerHabit
from simulator.carnival.three_card_poker import THREE_CARD_POKER
from simulator.carnival.ultimate_texas import ULTIMATE_TEXAS_HOLD_EM
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonObject
from simulator.core.mystery_meter import BaseGameDealer
from simulator.dice.wagers import BeatItPaytable, SumPaytable
from simulator.games import DOWN_UNDER_BLACKJACK, GAMES, PAI_GOW_POKER
from simulator.mystery.games import MYSTERY_GAME_LIST
from simulator.pai_gow.rules import FoulRule, TableRules
from simulator.scenarios import habit_key


@dataclass(frozen=True)
class Drill:
    """One drill: a key that never changes, its name, the group it is listed under, its clauses and its scenario."""

    key: str
    name: str
    group: str
    clauses: tuple[str, ...]
    spec: JsonObject

    def __post_init__(self) -> None:
        """Look every clause up in the catalogue: a drill training a clause it does not hold is a KeyError."""
        for clause in self.clauses:
            cite(clause)

    @property
    def citation(self) -> Citation:
        """The clause the drill cites first, from the catalogue."""
        return cite(self.clauses[0])

    def trains(self, clause: str) -> bool:
        """Whether the drill trains ``clause``."""
        return clause in self.clauses


DICE_WAGERS = "Sum, Match and Beat It payouts (§645b.2)"
TIGER_NINE = "Commission-free Pai Gow Poker and Tiger 9 (§645b.1)"
HOUSE_WAY = "Setting the dealer's hand by the house way"
STARTING_POSITION = "The starting position for every dice total"
MYSTERY_BONUS = "The Must-Hit-By Mystery Bonus on each of its eleven games"
MATCH_THE_DEALER_HITS = "Match the Dealer at Down Under Blackjack (§685b.1)"
BLACKJACK_HAND = "The Down Under Blackjack hand: signals, the dealer's drawing rule and payouts (house procedures)"
CARNIVAL_HANDS = (
    "Let It Ride Poker, Three Card Poker and Ultimate Texas Hold 'Em dealt by the trainee: each paytable line and "
    "decision (§643a.1, Three Card Poker house procedures, §653a)"
)
WAGER_PHASE = 'Wagers after "No more bets"'
FULL_ROUNDS = "Full rounds"
GAME_PROTECTION = "Game protection: a fault of each kind to catch while watching a round"

GROUPS = (
    DICE_WAGERS,
    TIGER_NINE,
    HOUSE_WAY,
    STARTING_POSITION,
    MYSTERY_BONUS,
    MATCH_THE_DEALER_HITS,
    BLACKJACK_HAND,
    CARNIVAL_HANDS,
    WAGER_PHASE,
    FULL_ROUNDS,
    GAME_PROTECTION,
)
"""The groups in the order the library lists them."""

ONE_PLAYER: JsonObject = {"1": {"pai-gow": 1000}}
"""A single player with the table's minimum Pai Gow Poker wager ($10)."""

DICE_WAGER_CLAUSES = {
    "sum": ("§645b.2(g)(1)", "§645b.2(e)(1)", "§645b.2(g)"),
    "match": ("§645b.2(g)(2)", "§645b.2(e)(2)", "§645b.2(g)"),
    "beat-it": ("§645b.2(g)(3)", "§645b.2(e)(3)", "§645b.2(g)"),
}
"""A dice wager's clauses: its paytable, when it wins, and the dealer's settlement."""


def pai_gow(
    rules: TableRules | None = None, seats: JsonObject | None = None, rigging: JsonObject | None = None
) -> JsonObject:
    """A Pai Gow Poker scenario: the table's rules (the defaults: commission-free), its players and what is rigged."""
    return {
        "game": PAI_GOW_POKER.key,
        "rules": (rules or TableRules()).to_json(),
        "seats": ONE_PLAYER if seats is None else seats,
        "rigging": rigging or {},
    }


def dice_drill(key: str, name: str, rules: TableRules, spot: str, dice: str) -> Drill:
    """A player with $10 on ``spot`` and the dice rigged to ``dice`` (red first) at a table with ``rules``."""
    seats: JsonObject = {"1": {"pai-gow": 1000, spot: 1000}}
    clauses = DICE_WAGER_CLAUSES[spot.split("-")[0] if spot.startswith("match") else spot]
    return Drill(key, name, DICE_WAGERS, clauses, pai_gow(rules, seats, {"dice": dice}))


def blackjack_hand(
    key: str,
    name: str,
    clauses: tuple[str, ...],
    cards: JsonObject,
    drawing: DealerDrawing = DealerDrawing.STANDS_ON_ALL_17S,
    pays: BlackjackPays = BlackjackPays.THREE_TO_TWO,
    style: BlackjackStyle | None = None,
) -> Drill:
    """A Down Under table whose trainee deals the whole round: one $10 player at seat 3, the places' cards rigged.

    The player plays a basic strategy unless given a style.
    """
    rules = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, dealer_drawing=drawing, blackjack_pays=pays)
    rigging: JsonObject = {"cards": cards}
    if style is not None:
        rigging["habits"] = {"3": habit_key(style)}
    spec: JsonObject = {
        "game": DOWN_UNDER_BLACKJACK.key,
        "rules": rules.to_json(),
        "seats": {"3": {BLACKJACK: 1000}},
        "rigging": rigging,
    }
    return Drill(key, name, BLACKJACK_HAND, clauses, spec)


BLACKJACK_DECISIONS: dict[str, tuple[str, JsonObject]] = {
    "hit": ("A hit signalled on a hard 12 against the dealer's 2", {"3": "Tc 2d", "0": "2s 9h"}),
    "stand": ("A stand signalled on 18 against the dealer's 9", {"3": "Tc 8d", "0": "9s 7h"}),
    "double": ("A double down signalled on 11 against the dealer's 6", {"3": "6h 5c", "0": "6s Td"}),
    "split": ("A pair of eights split against the dealer's 6, each hand settled", {"3": "8s 8d", "0": "6c Td"}),
}
"""Each decision a player signals, with the seat's and the dealer's rigged cards a basic strategy makes it on."""
DECISION_CLAUSES = (
    "Down Under Blackjack signals",
    "Down Under Blackjack confirming a signal",
    "Down Under Blackjack player options",
    "Down Under Blackjack settlement order",
)
"""What a decision drill trains: reading the signal, confirming an unclear one, carrying it out, settling."""


CARNIVAL_SEAT = 3
"""The seat whose cards a carnival poker drill rigs."""


@dataclass(frozen=True)
class CarnivalDeal:
    """The cards a carnival poker drill rigs: its seat's, the dealer's ("" at Let It Ride) and any board, flop first."""

    seat: str
    dealer: str
    community: str = ""


def carnival_drill(
    key: str,
    name: str,
    game: CarnivalGame,
    clauses: tuple[str, ...],
    deal: CarnivalDeal,
    habit: PlayerHabit | None = None,
) -> Drill:
    """A table of ``game`` whose trainee deals the base game, the seat's, the dealer's and any board's cards rigged.

    The seat plays by the house advice unless given a habit.
    """
    table = next(entry for entry in GAMES.values() if entry.scenario.base_game is game)
    rigging: JsonObject = {"cards": {str(CARNIVAL_SEAT): deal.seat, **({"0": deal.dealer} if deal.dealer else {})}}
    if deal.community:
        rigging["community_cards"] = deal.community
    if habit is not None:
        rigging["habits"] = {str(CARNIVAL_SEAT): habit_key(habit)}
    spec: JsonObject = {"game": table.key, "rules": {"base_game": BaseGameDealer.TRAINEE.value}, "rigging": rigging}
    return Drill(f"{game.key}-{key}", name, CARNIVAL_HANDS, clauses, spec)


def paytable_line_key(option: PaytableChoice, line: str) -> str:
    """The key (after the game's) of the drill that pays a line of an area's default paytable: "pair-plus-flush"."""
    return f"{option.area}-{line}".replace("_", "-").replace(" ", "-")


def paytable_line_drills(game: CarnivalGame, hands: Mapping[str, CarnivalDeal]) -> list[Drill]:
    """One drill per line of each area's default paytable, the seat dealt ``hands[line]`` against a lower hand."""
    drills = []
    for option in game.paytable_choices:
        paytable = option.paytables[option.default]
        spot = option.heading
        for line, odds in paytable.pays.items():
            clauses = (option.citation.clause, game.rankings.clause, HAND_READING.clause)
            name = f"{spot} paytable {paytable.name}: {line}, {odds}"
            drills.append(carnival_drill(paytable_line_key(option, line), name, game, clauses, hands[line]))
    return drills


LET_IT_RIDE_LINES = {
    "royal flush": CarnivalDeal("Ah Kh Qh", "", "Jh Th"),
    "straight flush": CarnivalDeal("9s 8s 7s", "", "6s 5s"),
    "four of a kind": CarnivalDeal("Qs Qd Qc", "", "Qh 4d"),
    "full house": CarnivalDeal("Ks Kd 7c", "", "7d Kh"),
    "flush": CarnivalDeal("Ad 9d 6d", "", "3d Jd"),
    "straight": CarnivalDeal("Tc Jd Qh", "", "Ks 9c"),
    "three of a kind": CarnivalDeal("8s 8d 8c", "", "Kh 3d"),
    "two pair": CarnivalDeal("Js Jd 5c", "", "5h 2s"),
    let_it_ride.TENS_OR_BETTER: CarnivalDeal("Ts Td 6c", "", "8h 2s"),
}
"""A Let It Ride hand of each paytable line: the seat's three cards and the two community cards."""

THREE_CARD_LINES = {
    "straight flush": CarnivalDeal("8h 9h Th", "Qd 5c 3s"),
    "three of a kind": CarnivalDeal("7s 7h 7d", "Qd 5c 3s"),
    "straight": CarnivalDeal("4c 5d 6h", "Qd 5c 3s"),
    "flush": CarnivalDeal("2s 7s Js", "Qd 5c 3s"),
    "pair": CarnivalDeal("9c 9d 4h", "Qd 5c 3s"),
}
"""A Three Card Poker hand of each paytable line, against a dealer's queen high it beats."""

HOLD_EM_LINES = {
    "royal flush": CarnivalDeal("Ah Kh", "9s 9d", "Qh Jh Th 4c 2d"),
    "straight flush": CarnivalDeal("Kh 9h", "Ks Kd", "8h 7h 6h 5h 2c"),
    "four of a kind": CarnivalDeal("As Ad", "Ks Kd", "Ah Ac 7d 4s 2h"),
    "full house": CarnivalDeal("Ks Kd", "Qs Qd", "Kh 7c 7d 2s 3h"),
    "flush": CarnivalDeal("Ah 9h", "Qs Qd", "Kh 6h 2h 8c 3d"),
    "straight": CarnivalDeal("Ad Kc", "8s 8d", "Qh Js Tc 4d 2s"),
    "three of a kind": CarnivalDeal("7s 7d", "Qs Qd", "7h Kc 2d 9s 4h"),
}
"""An Ultimate Texas Hold 'Em hand of each paytable line, played before the flop, against a dealer's pair it beats."""

THREE_CARD_DECISIONS = (
    carnival_drill(
        "dealer-qualifies",
        "The dealer qualifies with queen high: the Ante and Play paid against it",
        THREE_CARD_POKER,
        (three_card_poker.QUALIFICATION.clause, three_card_poker.ANTE_AND_PLAY.clause),
        CarnivalDeal("Ks Td 5c", "Qs 8d 4c"),
    ),
    carnival_drill(
        "dealer-does-not-qualify",
        "The dealer does not qualify with jack high: the Ante paid, the Play pushed",
        THREE_CARD_POKER,
        (three_card_poker.QUALIFICATION.clause, three_card_poker.ANTE_AND_PLAY.clause),
        CarnivalDeal("Ks Td 5c", "Js 8d 4c"),
    ),
    carnival_drill(
        "fold",
        "A player folds jack high: the Ante collected",
        THREE_CARD_POKER,
        (three_card_poker.PLAY_WAGER.clause, three_card_poker.ADVICE.clause),
        CarnivalDeal("Jh 7c 3d", "Qs 8d 4c"),
    ),
    carnival_drill(
        "wrong-play-wager",
        "A wrong Play Wager put right before the dealer's hand is turned over",
        THREE_CARD_POKER,
        (WRONG_PLAY_WAGER.clause, three_card_poker.PLAY_WAGER.clause),
        CarnivalDeal("As Ad Kc", "Qs 8d 4c"),
        PlayerHabit.WRONG_AMOUNT,
    ),
)
"""Three Card Poker's decisions: the dealer qualifying or not, a fold, a wrong Play Wager to put right."""

LET_IT_RIDE_DECISION_CLAUSES = (
    let_it_ride.LET_IT_RIDE.clause,
    let_it_ride.FIRST_WITHDRAWN.clause,
    let_it_ride.SECOND_WITHDRAWN.clause,
    let_it_ride.ADVICE.clause,
)
"""What a Let It Ride decision drill trains: letting a wager ride or pulling it back, by the advice."""

LET_IT_RIDE_DECISIONS = (
    carnival_drill(
        "ride-both",
        "A player lets both wagers ride on a pair of tens: all three paid",
        LET_IT_RIDE_POKER,
        (*LET_IT_RIDE_DECISION_CLAUSES, let_it_ride.PAYTABLE.clause),
        CarnivalDeal("Ts Td 6c", "", "8h 2s"),
    ),
    carnival_drill(
        "pull-first-ride-second",
        "A player pulls back the first wager and lets the second ride on a pair of kings",
        LET_IT_RIDE_POKER,
        LET_IT_RIDE_DECISION_CLAUSES,
        CarnivalDeal("Kh 7c 2d", "", "Ks 9d"),
    ),
    carnival_drill(
        "ride-first-pull-second",
        "A player lets the first wager ride on three to a straight flush and pulls back the second",
        LET_IT_RIDE_POKER,
        LET_IT_RIDE_DECISION_CLAUSES,
        CarnivalDeal("5h 6h 7h", "", "Kc 2d"),
    ),
    carnival_drill(
        "pull-both",
        "A player pulls back both wagers: only the third is settled, and lost",
        LET_IT_RIDE_POKER,
        (*LET_IT_RIDE_DECISION_CLAUSES, let_it_ride.PAYTABLE.clause),
        CarnivalDeal("9h 6c 2d", "", "Js 4d"),
    ),
)
"""Let It Ride's decisions: each of the four ways the two wagers can be let ride or pulled back."""

HOLD_EM_DECISIONS = (
    carnival_drill(
        "check-to-the-river",
        "A player checks before and after the flop and plays at the river",
        ULTIMATE_TEXAS_HOLD_EM,
        (ultimate_texas.CHECK.clause, ultimate_texas.PLAY_WAGER.clause, ultimate_texas.FLOP.clause),
        CarnivalDeal("9c 4d", "Kd 3c", "Ks 7h 2c 9h 5s"),
    ),
    carnival_drill(
        "fold",
        "A player folds at the river: the Ante and Blind collected",
        ULTIMATE_TEXAS_HOLD_EM,
        (ultimate_texas.FOLD.clause, ultimate_texas.PLAY_WAGER.clause, ultimate_texas.SETTLEMENT.clause),
        CarnivalDeal("8c 3d", "9h 9c", "Ks Qh 6c Td 2s"),
    ),
    carnival_drill(
        "dealer-does-not-qualify",
        "The dealer does not qualify: the Ante pushes, the Play and Blind settled",
        ULTIMATE_TEXAS_HOLD_EM,
        (
            ultimate_texas.QUALIFICATION.clause,
            ultimate_texas.SETTLEMENT.clause,
            ultimate_texas.ANTE_AND_PLAY_ODDS.clause,
        ),
        CarnivalDeal("As Kd", "Jd 9s", "Qc 8h 5d 3s 2c"),
    ),
)
"""Ultimate Texas Hold 'Em's decisions: checking to the river, a fold, the dealer not qualifying."""


def dice_total(dice: str) -> int:
    """The total of a roll written "6 1 1"."""
    return sum(int(die) for die in dice.split())


def house_way_drill(key: str, name: str, clause: str, dealer: str) -> Drill:
    """The dealer's seven cards rigged to ``dealer``, for the trainee to set by the Foxwoods house way."""
    return Drill(key, name, HOUSE_WAY, (clause, "§645b.1(e)"), pai_gow(rigging={"hands": {"0": dealer}}))


STARTING_DICE = (
    "1 1 1",
    "2 1 1",
    "3 1 1",
    "4 1 1",
    "5 1 1",
    "6 1 1",
    "6 2 1",
    "6 3 1",
    "6 4 1",
    "6 5 1",
    "6 6 1",
    "6 6 2",
    "6 6 3",
    "6 6 4",
    "6 6 5",
    "6 6 6",
)
"""One roll, red first, for each dice total from 3 to 18."""

TIGER_NINE_TABLE = pai_gow(seats={"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}, rigging={"tiger_nine": True})
"""Two players at a commission-free table whose dealer sets a Tiger 9: every Pai Gow Poker wager pushes."""

FOULING_HAND = "As Kd 9c 7h 5s 4d 2c"
"""Seven cards a fouling player sets as 9-7-5-4-2 high and A-K low: the low hand outranks the high hand."""

DEALER_WITHOUT_TIGER_NINE = "Qs Qh Td 8c 6h 3s 2h"
"""A dealer hand the house way sets as a pair of queens high and 10-8 low: no Tiger 9, so a foul loses (§645b.1(b))."""


def watch_drill(kind: str, name: str, clause: str, spec: JsonObject) -> Drill:
    """A watched round of ``spec``'s table seeded with one fault of ``kind`` (the fault catalogue's key) to flag."""
    key = f"watch-{kind.replace('_', '-')}"
    return Drill(key, f"Watch for {name}", GAME_PROTECTION, (clause,), spec | {"watch": {"kinds": [kind], "faults": 1}})


SUM_WINS = pai_gow(seats={"1": {"pai-gow": 1000, "sum": 1000}}, rigging={"dice": "6 6 5"})
"""A player with $10 on the Sum, which a total of 17 wins on Paytable A: a wager to pay, cards to deal, dice to call."""

DICE_APART = pai_gow(rigging={"dice": "5 3 4"})
"""Three dice of three numbers: the red and a blue die can be swapped in the call."""

PLAYER_LOSES = pai_gow(rigging={"hands": {"0": "Ks Kh 4d 4c 9s 7h 2d", "1": "Qs 9h 8d 7c 5s 3h 2c"}})
"""The dealer's kings and fours, set by the house way, against a player's queen high: the player's wager loses."""

MYSTERY_HIT: JsonObject = {"game": "let-it-ride", "rigging": {"mystery_hit_round": 1}}
"""A Let It Ride table whose Mystery Bonus hits: wagers locked out, chips counted and dropped, a hit validated."""

GAME_PROTECTION_DRILLS = (
    watch_drill("short_pay", "a short pay", "§645b.2(g)(1)", SUM_WINS),
    watch_drill("overpay", "an overpay", "§645b.2(g)(1)", SUM_WINS),
    watch_drill("paid_losing_hand", "a losing hand paid", "§645a.11(f)", PLAYER_LOSES),
    watch_drill(
        "paid_fouled_hand",
        "a fouled hand paid",
        "Fouled hand, option foul_rule",
        pai_gow(rigging={"hands": {"0": DEALER_WITHOUT_TIGER_NINE, "1": FOULING_HAND}, "foul_seat": 1}),
    ),
    watch_drill(
        "wrong_house_way",
        "the dealer's hand set off the house way",
        "Foxwoods house way: two pair, big pair A, K, Q or J",
        PLAYER_LOSES,
    ),
    watch_drill("missed_collection", "a losing wager left uncollected", "§645a.11(f)", PLAYER_LOSES),
    watch_drill("missed_push", "a push paid or taken", "§645b.1(f)(1)", TIGER_NINE_TABLE),
    watch_drill("wrong_dice_total", "a wrong dice total called", "§645b.2(g)", SUM_WINS),
    watch_drill("wrong_dice_colour", "the dice colours swapped in the call", "§645b.2(g)", DICE_APART),
    watch_drill("missed_tiger_nine_push", "a dealer Tiger 9 not declared", "§645b.1(b)", TIGER_NINE_TABLE),
    watch_drill("mystery_paid_early", "a Mystery Bonus paid before it is validated", "§643b.1(c)(5)(ii)", MYSTERY_HIT),
    watch_drill("card_exposed", "a card exposed", "§§645a.8–645a.10", SUM_WINS),
    watch_drill("dealt_out_of_order", "cards delivered out of order", "§670a.10(c)", SUM_WINS),
    watch_drill("chip_count_misstated", "a progressive chip count misstated", "§670a.10(a)(2)(ii)", MYSTERY_HIT),
    watch_drill("past_posting", "past-posting a progressive wager", "§670a.7(c)", MYSTERY_HIT),
    watch_drill("capping", "capping a winning wager", "§645b.2(f)", SUM_WINS),
    watch_drill("pinching", "pinching a losing wager", "§645b.2(f)", PLAYER_LOSES),
    watch_drill("chip_not_dropped", "a progressive chip not dropped", "§670a.10(a)(2)(ii)", MYSTERY_HIT),
)
"""A game protection drill for each fault kind of the catalogue, in its order: one fault of the kind, to flag."""

DRILLS: tuple[Drill, ...] = (
    # ----- Sum, Match and Beat It (§645b.2(g)): one rigged roll that wins on each paytable -----
    dice_drill("sum-a", "Sum Paytable A: a total of 17", TableRules(), "sum", "6 6 5"),
    dice_drill("sum-b", "Sum Paytable B: a total of 8", TableRules(sum_paytable=SumPaytable.B), "sum", "3 3 2"),
    dice_drill("sum-c", "Sum Paytable C: three of a kind", TableRules(sum_paytable=SumPaytable.C), "sum", "4 4 4"),
    dice_drill("sum-d", "Sum Paytable D: a series of three", TableRules(sum_paytable=SumPaytable.D), "sum", "5 3 4"),
    dice_drill("match-double", "Match: a double match on 4", TableRules(), "match-4", "4 2 4"),
    dice_drill("match-triple", "Match: a triple match on 5", TableRules(), "match-5", "5 5 5"),
    dice_drill("beat-it-a", "Beat It Paytable A: red beats blue by 4", TableRules(), "beat-it", "6 1 1"),
    dice_drill(
        "beat-it-b",
        "Beat It Paytable B: red beats blue by 4",
        TableRules(beat_it_paytable=BeatItPaytable.B),
        "beat-it",
        "6 1 1",
    ),
    dice_drill(
        "beat-it-c",
        "Beat It Paytable C: a die beats the other two by 3",
        TableRules(beat_it_paytable=BeatItPaytable.C),
        "beat-it",
        "2 6 1",
    ),
    # ----- Tiger 9 (§645b.1) -----
    Drill(
        "tiger-9-push",
        "A dealer Tiger 9 pushes the Pai Gow Poker wagers",
        TIGER_NINE,
        ("§645b.1(f)(1)", "§645b.1(b)", "§645b.1(c)(2)"),
        TIGER_NINE_TABLE,
    ),
    Drill(
        "tiger-9-wager",
        "A dealer Tiger 9 wins the Tiger 9 wager at 30 to 1",
        TIGER_NINE,
        ("§645b.1(h)", "§645b.1(d)(2)", "§645b.1(b)", "§645b.1(f)(1)"),
        pai_gow(seats={"2": {"pai-gow": 1000, "tiger-9": 500}}, rigging={"tiger_nine": True}),
    ),
    # ----- The house way (Foxwoods, the default) -----
    house_way_drill(
        "house-way-two-pair",
        "Two pair, kings and 4s",
        "Foxwoods house way: two pair, big pair A, K, Q or J",
        "Ks Kh 4d 4c 9s 7h 2d",
    ),
    house_way_drill(
        "house-way-straight-joker",
        "A straight made with the joker",
        "Foxwoods house way: straight, flush or straight flush with no pair",
        "9s 8h 7d JK 5c Kh 2s",
    ),
    house_way_drill(
        "house-way-flush-joker",
        "A flush made with the joker",
        "Foxwoods house way: straight, flush or straight flush with no pair",
        "Ah 9h 6h 3h JK Ks Qd",
    ),
    house_way_drill("house-way-five-aces", "Five aces", "Foxwoods house way: five aces", "As Ah Ad Ac JK 9s 4d"),
    house_way_drill(
        "house-way-four-jacks",
        "Four of a kind: four jacks",
        "Foxwoods house way: four aces, kings, queens or jacks",
        "Js Jh Jd Jc 9s 5h 2d",
    ),
    Drill(
        "foul-loses",
        "A player's fouled hand loses",
        HOUSE_WAY,
        ("Fouled hand, option foul_rule", "§645a.11(f)"),
        pai_gow(rigging={"hands": {"0": DEALER_WITHOUT_TIGER_NINE, "1": FOULING_HAND}, "foul_seat": 1}),
    ),
    Drill(
        "foul-reset",
        "A player's fouled hand reset by the house way",
        HOUSE_WAY,
        ("Fouled hand, option foul_rule", "§645a.11(f)"),
        pai_gow(
            TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY),
            rigging={"hands": {"1": FOULING_HAND}, "foul_seat": 1},
        ),
    ),
    # ----- The starting position (§621a.6(c)) for every total of the dice -----
    *(
        Drill(
            f"starting-position-{dice_total(dice)}",
            f"Starting position: the dice total {dice_total(dice)}",
            STARTING_POSITION,
            ("§621a.6(c)", "§670a.10(c)"),
            pai_gow(rigging={"dice": dice}),
        )
        for dice in STARTING_DICE
    ),
    # ----- A mystery win on each of the eleven Must-Hit-By Mystery Bonus games -----
    *(
        Drill(
            f"mystery-{game.key}",
            f"A Mystery Bonus win at {game.display_name}",
            MYSTERY_BONUS,
            tuple(f"{game.section}(c)({part})" for part in ("5)(iii", "3", "5)(i", "5)(ii", "5)(iv", "7")),
            {"game": game.key, "rigging": {"mystery_hit_round": 1}},
        )
        for game in MYSTERY_GAME_LIST
    ),
    # ----- Match the Dealer: a progressive hit on each shoe the section allows -----
    *(
        Drill(
            f"match-the-dealer-{decks}-decks",
            f"A Match the Dealer progressive hit (the A♠ combination), {decks} decks",
            MATCH_THE_DEALER_HITS,
            (
                "§685b.1(b)",
                "§685b.1(a)(1)",
                "§685b.1(h)(1)",
                "§685b.1(h)(2)",
                "§685b.1(h)(3)",
                "§685b.1(h)(4)",
                "§685b.1(i)",
            ),
            {
                "game": DOWN_UNDER_BLACKJACK.key,
                "rules": DownUnderTable(decks=decks).to_json(),
                "rigging": {"ace_of_spades_round": 1},
            },
        )
        for decks in (6, 8)
    ),
    # ----- The Down Under Blackjack hand dealt by the trainee: each decision, the drawing rule, the payouts -----
    *(
        blackjack_hand(f"blackjack-{decision}", name, DECISION_CLAUSES, cards)
        for decision, (name, cards) in BLACKJACK_DECISIONS.items()
    ),
    blackjack_hand(
        "blackjack-confirm-a-hit-on-hard-17",
        "A hit signalled on a hard 17 on a hunch: the dealer asks the player to confirm it aloud before the card",
        ("Down Under Blackjack confirming a signal", "Down Under Blackjack signals"),
        {"3": "Tc 7d", "0": "9s 7h"},
        style=BlackjackStyle.HUNCH,
    ),
    *(
        blackjack_hand(
            f"blackjack-pays-{pays.value.replace(' ', '-')}",
            f"A blackjack paid {pays}",
            ("Down Under Blackjack blackjack payout, option blackjack_pays", "Down Under Blackjack payouts"),
            {"3": "As Kd", "0": "9c 8d"},
            pays=pays,
        )
        for pays in BlackjackPays
    ),
    *(
        blackjack_hand(
            f"dealer-{'hits' if drawing is DealerDrawing.HITS_SOFT_17 else 'stands-on'}-soft-17",
            f"The dealer's soft 17 at a table where the dealer {drawing}",
            ("Down Under Blackjack dealer's drawing rule, option dealer_drawing",),
            {"3": "Tc 9d", "0": "As 6c"},
            drawing,
        )
        for drawing in DealerDrawing
    ),
    # ----- Let It Ride, Three Card Poker and Ultimate Texas Hold 'Em dealt by the trainee: each line and decision -----
    *paytable_line_drills(LET_IT_RIDE_POKER, LET_IT_RIDE_LINES),
    *LET_IT_RIDE_DECISIONS,
    *paytable_line_drills(THREE_CARD_POKER, THREE_CARD_LINES),
    *THREE_CARD_DECISIONS,
    *paytable_line_drills(ULTIMATE_TEXAS_HOLD_EM, HOLD_EM_LINES),
    *HOLD_EM_DECISIONS,
    # ----- A wager after "No more bets" -----
    Drill(
        "late-wager",
        'A Sum wager placed after "No more bets"',
        WAGER_PHASE,
        ("§645b.2(f)",),
        pai_gow(rigging={"late_wager": {"seat": 1, "spot": "sum", "amount": 500}}),
    ),
    Drill(
        "late-match-the-dealer-wager",
        "A Match the Dealer wager tried after the lock-out",
        WAGER_PHASE,
        ("§685b.1(d)(2)", "§685b.1(f)"),
        {
            "game": DOWN_UNDER_BLACKJACK.key,
            "rules": DownUnderTable().to_json(),
            "seats": {"2": {BLACKJACK: 1000, MATCH_THE_DEALER: 100}, "5": {BLACKJACK: 2500}},
            "rigging": {"late_wager": {"seat": 5, "spot": MATCH_THE_DEALER, "amount": 100}},
        },
    ),
    # ----- A whole round -----
    Drill(
        "commission-free-round",
        "A full round of Commission-free Pai Gow Poker",
        FULL_ROUNDS,
        ("§645b.1(a)", "§645b.1(e)", "§645a.11(f)"),
        {"game": PAI_GOW_POKER.key, "rules": TableRules().to_json()},
    ),
    # ----- Game protection: a watched round holding one fault of each kind -----
    *GAME_PROTECTION_DRILLS,
)
"""Every drill the school ships, in the order the library lists them within each group."""

DRILLS_BY_KEY = {drill.key: drill for drill in DRILLS}
