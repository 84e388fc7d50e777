"""The one catalogue of clauses: every entry cited, one provenance per clause, seed text quoted from the seed."""

import importlib
import pkgutil
import random
import re
from pathlib import Path

import pytest

import simulator
from simulator.blackjack.round import DEMO_FORCED_HIT, DownUnderRound
from simulator.blackjack.round import DEMO_SEATS as DOWN_UNDER_SEATS
from simulator.blackjack.table import SETTLEMENT_ORDER, DownUnderTable
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.poker import CarnivalTable
from simulator.carnival.round import CarnivalRound
from simulator.core.cards import parse_cards
from simulator.core.citations import Citation, Provenance
from simulator.core.clauses import CITED, CLAUSES, catalogue, cite, house, seed
from simulator.core.hands import SetHand
from simulator.core.mystery_meter import DEFAULT_CONFIGURATION, MysteryRules
from simulator.core.procedure import ErrorCode, IllegalOperation, Round
from simulator.core.settling import Settlement
from simulator.games import GAMES
from simulator.mystery.demo import demo_round as mystery_demo_round
from simulator.mystery.games import MYSTERY_GAME_LIST
from simulator.mystery.tables import rules_house_options, rules_options
from simulator.pai_gow.demo import DEMO_SEATS, demo_round
from simulator.pai_gow.round import DICE_SPOTS, PaiGowRound, Scenario, seven_card_straight_flush_scenario
from simulator.pai_gow.rules import MYSTERY_SECTION, FoulRule, ShakerType, TableRules
from simulator.pai_gow.settlement import settle_pai_gow_wager
from simulator.pai_gow.starting_position import DealingDirection


def seed_text() -> str:
    """The seed regulation beside the clone (shared/ next to the repository), found from this file upward."""
    for folder in Path(__file__).resolve().parents:
        path = folder / "shared" / "regulation" / "51-PaB-5607-side-wagers.txt"
        if path.exists():
            return path.read_text(encoding="utf-8")
    pytest.skip("shared/regulation/51-PaB-5607-side-wagers.txt is not beside this clone")


def normalised(text: str) -> str:
    """Text compared without regard to spacing, the kind of quotes, or a space after "§"."""
    text = text.replace("''", '"').replace("“", '"').replace("”", '"').replace("’", "'").replace("§ ", "§")
    return re.sub(r"\s+", " ", text).strip()


def play_every_game() -> None:
    """Import every engine module, list every game's options and play its demos: every clause the product cites."""
    for module in pkgutil.walk_packages(simulator.__path__, "simulator."):
        importlib.import_module(module.name)
    for mystery_game in MYSTERY_GAME_LIST:
        assert mystery_game.qualification_citation.provenance is Provenance.SEED
    for game in GAMES.values():
        game.options()
        for seed_number in range(4):
            for force_hit in (False, True):
                game.demo(seed_number, force_hit)
    variants = (
        TableRules(shaker=ShakerType.MANUAL, foul_rule=FoulRule.RESET_BY_HOUSE_WAY),
        TableRules(dealing_direction=DealingDirection.COUNTERCLOCKWISE),
    )
    for rules in variants:
        for seed_number in range(4):
            demo_round(seed_number, rules=rules).play_out()
    progressive_win = seven_card_straight_flush_scenario(6, TableRules(), random.Random(1))
    PaiGowRound(TableRules(), DEMO_SEATS, 1, scenario=progressive_win, automations=frozenset()).play_out()


def test_every_catalogue_entry_is_cited_by_the_product():
    play_every_game()
    assert set(CLAUSES) - CITED == set()


def test_a_clause_written_twice_is_refused_so_no_clause_has_two_provenances():
    with pytest.raises(ValueError, match=r"§645a.11\(f\) is in the catalogue twice"):
        catalogue(seed("§645a.11(f)", "settled"), house("§645a.11(f)", "a house rule"))


def test_an_unknown_clause_is_refused():
    with pytest.raises(KeyError, match=r"§999z.1\(a\) is not in the catalogue"):
        cite("§999z.1(a)")


def test_every_seed_entry_quotes_the_seed_regulation():
    regulation = normalised(seed_text())
    for clause, citation in CLAUSES.items():
        if citation.provenance is Provenance.SEED:
            for fragment in citation.text.split("…"):
                assert normalised(fragment) in regulation, clause


def test_every_key_is_the_clause_and_notes_stay_apart():
    for clause, citation in CLAUSES.items():
        assert citation.clause == clause
        assert not re.search(r"\((analog|not found|not retrieved|sic|text|wording)", clause, re.IGNORECASE), clause


def test_the_mystery_bonus_clauses_of_all_eleven_games_are_in_the_catalogue():
    for game in MYSTERY_GAME_LIST:
        for paragraph in ("(c)(2)", "(c)(5)(i)", "(c)(5)(ii)", "(c)(5)(iii)", "(c)(5)(iv)", "(c)(6)", "(c)(7)"):
            assert CLAUSES[f"{game.section}{paragraph}"].provenance is Provenance.SEED
    assert CLAUSES["§649b.1(c)(5)(i)"].text.endswith("has been illuminated.")


# ----- clauses that were cited for what they do not say -----


def demo_round_at(step: str, scenario: Scenario | None = None) -> PaiGowRound:
    """The six-player demo round, played correctly up to the first ``step``."""
    round_ = PaiGowRound(TableRules(), DEMO_SEATS, 1, scenario=scenario or Scenario(), automations=frozenset())
    while (action := round_.next_action()) is not None and action.step != step:
        round_.perform(action.step, action.arguments)
    return round_


def refused(round_: PaiGowRound, step: str, **arguments: object) -> IllegalOperation:
    """The error a wrong step raises."""
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    return error.value


def test_645b2_g_names_no_seat_order_so_the_dice_wager_settlement_order_is_the_house_procedure():
    round_ = demo_round_at("collect_wager")
    while (action := round_.next_action()) is not None and action.arguments.get("spot") not in DICE_SPOTS:
        round_.perform(action.step, action.arguments)
    assert action is not None
    later = next(
        (seat, spot)
        for seat, wagers in round_.seats.items()
        for spot in wagers
        if spot in DICE_SPOTS and seat != action.arguments["seat"]
    )
    error = refused(round_, "collect_wager", seat=later[0], spot=later[1])
    assert error.code is ErrorCode.OUT_OF_ORDER
    assert error.citation == CLAUSES["Dice wager settlement order"]
    assert error.citation.provenance is Provenance.HOUSE and "§645b.2(g)" in error.citation.note
    assert error.message.startswith("House procedure (Dice wager settlement order): ")


def test_645b2_g_names_no_order_so_the_dice_order_is_listed_with_the_tables_house_procedures():
    listed = {option.citation.clause: option for option in TableRules().house_options()}
    order = listed["Dice wager settlement order"]
    assert order.citation.provenance is Provenance.HOUSE and "no table option changes it" in order.citation.text
    assert order.default == "the same"
    no_dice = TableRules(sum_paytable=None, match_offered=False, beat_it_paytable=None)
    assert "Dice wager settlement order" not in {option.citation.clause for option in no_dice.house_options()}


def test_645b2_f1_says_a_selected_player_so_who_presses_the_shaker_is_the_house_option_shaker_selection():
    round_ = demo_round_at("select_shaker_player")
    selected = round_.next_action().arguments["seat"]
    error = refused(round_, "select_shaker_player", seat=next(seat for seat in round_.seats if seat != selected))
    assert error.code is ErrorCode.WRONG_SEAT
    assert error.citation.clause == "Shaker selection, option shaker_selection"
    assert error.citation.provenance is Provenance.HOUSE
    assert error.message.startswith("House procedure (Shaker selection, option shaker_selection): ")


def test_645b2_f1_the_selected_player_presses_the_activation_button():
    round_ = demo_round_at("press_shaker_button")
    citation = round_.next_action().citation
    assert (citation.clause, citation.provenance) == ("§645b.2(f)(1)", Provenance.SEED)
    assert "pressing an activation button" in citation.text


def test_685b1_g_sets_no_order_so_losses_before_wins_is_the_house_procedure():
    assert SETTLEMENT_ORDER.provenance is Provenance.HOUSE
    assert SETTLEMENT_ORDER.clause == "Match the Dealer settlement order" and "§685b.1(g)" in SETTLEMENT_ORDER.note


def test_645b1_f_requires_no_declaration_so_declaring_tiger_9_is_the_house_procedure():
    citation = demo_round_at("declare_tiger_nine").next_action().citation
    assert (citation.clause, citation.provenance) == ("Tiger 9 declaration", Provenance.HOUSE)
    assert "§645b.1(b)" in citation.note and "§645b.1(f)" in citation.note


def test_645b1_a_only_says_no_vigorish_so_a_win_paying_1_to_1_cites_645a13():
    dealer = SetHand(tuple(parse_cards("9s 8d 6c 4h 3s")), tuple(parse_cards("7d 2c")))
    player = SetHand(tuple(parse_cards("As Ad Kc Qh Js")), tuple(parse_cards("Kd Qc")))
    settlement = settle_pai_gow_wager(TableRules(), 1000, player, dealer)
    assert (settlement.settlement, settlement.amount) == (Settlement.PAY, 1000)
    assert settlement.citation.clause == "§645a.13"


def test_645a13_a_fortune_payout_cites_the_fortune_paytable_not_the_order_of_645a11_h():
    scenario = seven_card_straight_flush_scenario(6, TableRules(), random.Random(1))
    round_ = demo_round_at("pay_wager", scenario)
    while (action := round_.next_action()) is not None and action.arguments.get("spot") != "fortune":
        round_.perform(action.step, action.arguments)
    assert action is not None and action.step == "pay_wager"
    assert action.citation == CLAUSES["Fortune Bonus paytable, option fortune_paytable"]
    error = refused(round_, "pay_wager", seat=6, spot="fortune", amount=1)
    assert error.code is ErrorCode.WRONG_AMOUNT
    assert error.citation.clause == "Fortune Bonus paytable, option fortune_paytable"


@pytest.mark.parametrize("game", MYSTERY_GAME_LIST, ids=lambda game: game.key)
def test_mhb_c6_the_payment_source_is_the_rules_submissions_choice_at_every_mhb_table(game) -> None:
    if game.section == MYSTERY_SECTION:
        options, listed = TableRules.options(), TableRules().house_options()
    else:
        options = rules_options(game)
        listed = rules_house_options(MysteryRules(DEFAULT_CONFIGURATION), game)
    source = next(option for option in options if option.name.endswith("payment_source"))
    assert source.citation == CLAUSES[f"{game.section}(c)(6)"]
    assert source.citation.provenance is Provenance.SEED
    assert not any(option.name.endswith("payment_source") for option in listed)


# ----- provenance said honestly -----


def pa_code_text() -> str:
    """The 58 Pa. Code text beside the clone (shared/regulation/pa-code/), every file joined."""
    for folder in Path(__file__).resolve().parents:
        pa_code = folder / "shared" / "regulation" / "pa-code"
        if pa_code.is_dir():
            return "\n".join(path.read_text(encoding="utf-8") for path in sorted(pa_code.glob("*.txt")))
    pytest.skip("shared/regulation/pa-code/ is not beside this clone")


def test_every_58_pa_code_entry_quotes_the_pa_code_text_we_have():
    regulation = normalised(pa_code_text())
    quoted = [citation for citation in CLAUSES.values() if citation.provenance is Provenance.PA_CODE]
    assert quoted
    for citation in quoted:
        for fragment in re.split(r"…| \(\d\) ", citation.text):
            assert normalised(fragment) in regulation, citation.clause


def test_every_inferred_entry_says_what_it_is_inferred_from_and_carries_no_house_number():
    for clause, citation in CLAUSES.items():
        if citation.provenance is Provenance.PA_INFERRED:
            assert citation.note.startswith("from "), clause
            assert "%" not in citation.text, clause


def test_645a11_e_says_it_is_worded_from_indiana_and_645a13_holds_no_house_rate():
    assert "Indiana" in CLAUSES["§645a.11(e)"].note and "68 IAC 10-9-13(e)" in CLAUSES["§645a.11(e)"].note
    assert "5%" not in CLAUSES["§645a.13"].text and "15%" not in CLAUSES["§645a.13"].text
    commission = next(option for option in TableRules.options() if option.name == "commission_rate")
    assert commission.citation.provenance is Provenance.HOUSE


def test_a_clause_of_the_regulation_is_never_keyed_as_a_house_procedure():
    for clause, citation in CLAUSES.items():
        if clause.startswith("§"):
            assert citation.provenance is not Provenance.HOUSE, clause


def engine_defaults() -> dict[str, list[str]]:
    """Each HOUSE entry's options' defaults as the engine describes them, by the entry's clause, in listing order."""
    listed = [*TableRules().house_options(), *DownUnderTable().house_options()]
    listed.extend(option for game in CARNIVAL_GAMES.values() for option in CarnivalTable(game).house_options())
    for game in MYSTERY_GAME_LIST:
        if game.section != MYSTERY_SECTION:
            listed.extend(rules_house_options(MysteryRules(DEFAULT_CONFIGURATION), game))
    defaults: dict[str, list[str]] = {}
    for option in listed:
        stated = defaults.setdefault(option.citation.clause, [])
        if option.default not in stated:
            stated.append(option.default)
    return defaults


def misstated_defaults(citations: list[Citation]) -> list[str]:
    """The HOUSE entries that speak of a default without stating the engine's as "Default: …."."""
    defaults = engine_defaults()
    misstated = []
    for citation in citations:
        if citation.provenance is not Provenance.HOUSE or "default" not in citation.text.lower():
            continue
        stated = re.fullmatch(r".*Default: (.+)\.", citation.text, re.DOTALL)
        if stated is None or stated[1] != "; ".join(defaults.get(citation.clause, [])):
            misstated.append(citation.clause)
    return misstated


def test_every_house_entry_states_the_engines_default_for_its_option():
    assert misstated_defaults(list(CLAUSES.values())) == []


def test_a_house_entry_stating_another_default_than_the_engines_is_caught():
    clause = "Fouled hand against a dealer Tiger 9, option tiger_nine_pushes_fouled_hands"
    still_loses = house(clause, "Whether a dealer Tiger 9 also pushes a fouled hand: by default it still loses.")
    says_no = house(clause, "Whether a dealer Tiger 9 also pushes a fouled hand. Default: no.")
    assert misstated_defaults([still_loses, says_no, CLAUSES[clause]]) == [clause, clause]


def house_procedures_followed(round_: Round) -> set[str]:
    """The HOUSE entries a round played out cites: its steps' and, for a step after the end, its closing rule's.

    The house way's clauses are left aside: its option is listed.
    """
    citations = [operation.action.citation for operation in round_.play_out()] + [round_.closing_citation()]
    return {
        citation.clause
        for citation in citations
        if citation.provenance is Provenance.HOUSE and " house way:" not in citation.clause
    }


def test_every_house_procedure_a_pai_gow_poker_round_follows_is_listed_with_the_tables_house_rules():
    rules = TableRules()
    followed: set[str] = set()
    for seed_number in range(6):
        followed |= house_procedures_followed(demo_round(seed_number, rules=rules))
    progressive_win = seven_card_straight_flush_scenario(6, rules, random.Random(1))
    round_ = PaiGowRound(rules, DEMO_SEATS, 1, scenario=progressive_win, automations=frozenset())
    followed |= house_procedures_followed(round_)
    assert {"Tiger 9 declaration", "Progressive Payout contribution rate"} <= followed
    assert followed - {option.citation.clause for option in rules.house_options()} == set()


def test_every_house_procedure_a_down_under_round_follows_is_listed_with_the_tables_house_rules():
    table = DownUnderTable(match_wager=500)
    followed: set[str] = set()
    for forced_hit in (False, True):
        shoe_top = DEMO_FORCED_HIT if forced_hit else ()
        followed |= house_procedures_followed(DownUnderRound(table, DOWN_UNDER_SEATS, 7, shoe_top=shoe_top))
    assert followed - {option.citation.clause for option in table.house_options()} == set()


CARNIVAL_SEATS = {
    "let-it-ride": {
        2: dict.fromkeys(("first", "second", "third"), 500),
        6: dict.fromkeys(("first", "second", "third"), 100),
    },
    "three-card-poker": {1: {"ante": 500, "pair_plus": 500}, 4: {"ante": 1000}, 6: {"pair_plus": 200}},
    "ultimate-texas-hold-em": {1: {"ante": 500, "blind": 500, "trips": 500}, 5: {"ante": 1000, "blind": 1000}},
}
"""Positions at the carnival poker demo tables."""


@pytest.mark.parametrize("key", sorted(CARNIVAL_GAMES))
def test_every_house_procedure_a_carnival_poker_round_follows_is_listed_with_the_tables_house_rules(key) -> None:
    table = CarnivalTable(CARNIVAL_GAMES[key])
    followed: set[str] = set()
    for seed_number in range(12):
        followed |= house_procedures_followed(CarnivalRound(table.game, table, CARNIVAL_SEATS[key], seed_number))
    listed = {option.citation.clause for option in table.house_options()}
    assert "Carnival poker settlement order" in listed
    assert followed - listed == set()


@pytest.mark.parametrize("game", [game for game in MYSTERY_GAME_LIST if game.section != MYSTERY_SECTION])
def test_every_house_procedure_an_mhb_table_round_follows_is_listed_with_the_tables_house_rules(game) -> None:
    followed: set[str] = set()
    for forced_hit in (False, True):
        followed |= house_procedures_followed(mystery_demo_round(game.key, 7, forced_hit))
    listed = rules_house_options(MysteryRules(DEFAULT_CONFIGURATION), game)
    assert followed - {option.citation.clause for option in listed} == set()


SENTENCE_END = re.compile(r"[.:;?!][\"')”’]*$")
"""How a whole sentence, or one that introduces its subsections, ends; words left out are marked "…"."""


def test_every_quotation_is_whole_sentences_and_whole_words():
    sources = normalised(seed_text() + "\n" + pa_code_text())
    for clause, citation in CLAUSES.items():
        if citation.provenance in (Provenance.SEED, Provenance.PA_CODE):
            whole = citation.text.endswith("…") or SENTENCE_END.search(citation.text)
            assert whole, (clause, citation.text[-40:])
        for quoted in re.findall(r'"([^"]+)"', citation.note):
            found = sources.find(normalised(quoted))
            if found >= 0:
                after = sources[found + len(normalised(quoted)) :][:1]
                assert not (after.isalnum() or after == "["), (clause, quoted)
