"""Every registered game walks through every part a game needs: its registry entry, its clauses in the catalogue, a
demo table, a deal, its page and felt, every step dealt with the page's own buttons, replay and the meters its table
carries. A game missing a part fails here by its key; a game left out of the registry fails by what names it."""

import dataclasses
import importlib
import json
import pkgutil
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from table_helpers import browser_fields, demo_table, make_trainee, meters_at, read_meters, round_snapshot

import simulator
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.rigging import board_size
from simulator.core.clauses import CLAUSES, section_of
from simulator.core.procedure import Action, Actor, Round
from simulator.core.table_cash import CASH_STEPS
from simulator.games import GAMES
from simulator.notation import replay_round, save_round
from simulator.scenarios import game_steps
from simulator.table_deals import TableDeal
from trainer import demo_tables, round_store, services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.models import Floorperson, Mode, Table
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region
from trainer.tables import TABLE_DESCRIPTIONS, TABLES, table_description


class PageControls(HTMLParser):
    """The table page's step buttons and form fields, as the browser would send them: by form, with their values."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.forms: list[str] = []
        self.buttons: dict[str, list[tuple[str, dict]]] = {}
        """Each step's buttons: the form it sends and any values the button adds (hx-vals)."""
        self.fields: dict[tuple[str, str], set[str] | None] = {}
        """Each field by form and name: the values it offers (a select's options, checkboxes), None for free text."""
        self.option: tuple[str, str] | None = None
        self.sequence = ""
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append(attributes.get("id") or f"form {self.getpos()}")
        form = attributes.get("form") or (self.forms[-1] if self.forms else "")
        name = attributes.get("name")
        if tag == "button" and name == "step":
            vals = json.loads(attributes.get("hx-vals") or "{}")
            self.buttons.setdefault(attributes.get("value") or "", []).append((form, vals))
        elif tag == "input" and attributes.get("id") == "sequence":
            self.sequence = attributes.get("value") or ""
        elif tag == "input" and name:
            offered = attributes.get("type") == "checkbox"
            values = self.fields.setdefault((form, name), set() if offered else None)
            if values is not None:
                values.add(attributes.get("value") or "")
        elif tag == "select" and name:
            self.fields[(form, name)] = set()
            self.option = (form, name)
        elif tag == "option" and self.option is not None and "value" in attributes:
            self.fields[self.option].add(attributes["value"])

    def handle_data(self, data):
        if self.lasttag == "option" and self.option is not None and data.strip():
            self.fields[self.option].add(data.strip())

    def handle_endtag(self, tag):
        if tag == "form" and self.forms:
            self.forms.pop()
        elif tag == "select":
            self.option = None


def browser_values(action: Action) -> dict:
    """The step's engine arguments as the page's fields send them: a card's box as a place, 0 for the dealer."""
    fields = browser_fields(action.step, action.arguments)
    if "position" in fields:
        fields["position"] = "0" if fields["position"] == "dealer" else fields["position"].removeprefix("seat ")
    return fields


def press(key: str, page: str, action: Action) -> dict:
    """The frame the page sends when the trainee fills in the step's fields and presses its button."""
    controls = PageControls(page)
    wanted = browser_values(action)
    buttons = controls.buttons.get(action.step, [])
    assert buttons, f"{key}: the page has no button for {action.step}"
    fitting = [(form, vals) for form, vals in buttons if all(wanted.get(name) == val for name, val in vals.items())]
    assert fitting, f"{key}: no {action.step} button sends {wanted}"
    form, vals = fitting[0]
    frame = {"step": action.step, "seq": controls.sequence, **vals, "HEADERS": {"HX-Request": "true"}}
    for name in table_description(key).step_controls[action.step].fields:
        if name in vals or name not in wanted:
            continue
        assert (form, name) in controls.fields, f"{key}: the {action.step} button's form has no {name} field"
        offered = controls.fields[(form, name)]
        chosen = wanted[name] if isinstance(wanted[name], list) else [wanted[name]]
        assert offered is None or set(chosen) <= offered, f"{key}: {action.step} cannot choose {name} {chosen}"
        frame[name] = wanted[name]
    return frame


def round_classes() -> set[type[Round]]:
    """Every game's round class the engine defines: a round with its own table view."""
    for module in pkgutil.walk_packages(simulator.__path__, "simulator."):
        if module.name != "simulator.__main__":
            importlib.import_module(module.name)
    found, unseen = set(), [Round]
    while unseen:
        for subclass in unseen.pop().__subclasses__():
            unseen.append(subclass)
            if subclass.__module__.startswith("simulator.") and "table_view" in vars(subclass):
                found.add(subclass)
    return found


def embedded_round_classes() -> set[type[Round]]:
    """The round classes a demo table's round deals inside its own (the base game a trainee deals at an MHB table)."""
    embedded = set()
    for _name, key, rules, _floorperson in demo_tables.every_demo_table():
        game = GAMES[key]
        round_ = game.deal(TableDeal(rules, 3, game.automations))
        embedded |= {type(part) for part in vars(round_).values() if isinstance(part, Round)}
    return embedded


def test_a_game_with_a_round_a_table_or_a_demo_table_but_no_registry_entry_is_caught():
    registered = {game.round_class for game in GAMES.values()} | embedded_round_classes()
    for round_class in round_classes():
        assert round_class in registered, f"{round_class.__name__} deals no game in simulator/games.py GAMES"
    for table in TABLES:
        assert table.round_class in registered, f"{table.felt_template} draws no game in simulator/games.py GAMES"
    for name, key, _rules, _floorperson in demo_tables.every_demo_table():
        assert key in GAMES, f"the demo table {name!r} deals {key!r}, which simulator/games.py GAMES does not hold"


@pytest.mark.parametrize("key", list(GAMES))
def test_every_registered_game_has_its_clauses_a_table_description_and_a_demo_table(key):
    game = GAMES[key]
    assert game.key == key, f"{key}: registered under another game's key"
    for section in game.sections:
        assert any(section_of(clause) == section for clause in CLAUSES), f"{key}: {section} is not in the catalogue"
    assert game.round_class in TABLE_DESCRIPTIONS, f"{key}: no table description in trainer/tables.py"
    demo_games = {game for _name, game, _rules, _floorperson in demo_tables.every_demo_table()}
    assert key in demo_games, f"{key}: no demo table in trainer/demo_tables.py"


def controls_html(key, round_) -> str:
    """The game's control panel for the round at a table of the default rules, as the table page draws it."""
    table = table_description(key)
    snapshot = round_snapshot(key, round_, {})
    controls = table.controls_context(snapshot) | {"template": table.controls_template}
    return render_to_string("trainer/_controls.html", {"controls": controls})


@pytest.mark.parametrize("key", list(GAMES))
def test_every_dealer_step_of_a_game_has_a_control_a_key_of_its_own_and_a_button_on_its_controls(key):
    game, table = GAMES[key], table_description(key)
    dealt = set(game_steps(game)) - game.engine_steps - set(FLOORPERSON_STEPS)
    missing = dealt - set(table.step_controls)
    assert not missing, f"{key}: the {table.round_class.__name__} table description has no control for {missing}"
    keys = [control.key for control in table.step_controls.values()]
    keys += [control.no_key for control in table.step_controls.values() if control.answers_yes_or_no]
    assert all(len(letter) == 1 and letter.isalpha() for letter in keys), (
        f"{key}: a key is a letter (0 to 6 pick a place)"
    )
    assert len(keys) == len(set(keys)), f"{key}: two steps share a keyboard key"
    round_ = game.sample_round(3, True)
    offered = round_snapshot(key, round_, {}).dealer_steps
    unbuttoned = offered - set(PageControls(controls_html(key, round_)).buttons)
    assert not unbuttoned, f"{key}: {table.controls_template} has no button for {sorted(unbuttoned)}"


@pytest.mark.parametrize("table", TABLES, ids=[table.round_class.__name__ for table in TABLES])
def test_a_table_description_holds_no_control_its_games_never_ask_for(table):
    games = [game for game in GAMES.values() if table_description(game.key) is table]
    asked = {step for game in games for step in game_steps(game)} - set(FLOORPERSON_STEPS)
    assert set(table.step_controls) - asked == set()


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_every_step_a_demo_table_offers_has_a_button_on_its_page(key, client):
    trainee = make_trainee()
    client.force_login(trainee)
    tables = [table for table in demo_tables.create_demo_tables() if table.game == key]
    assert tables, f"{key}: no demo table in trainer/demo_tables.py"
    for table in tables:
        attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=3)
        page = client.get(reverse("attempt", args=[attempt.pk])).content.decode()
        missing = services.table_snapshot(attempt).dealer_steps - set(PageControls(page).buttons)
        assert not missing, f"{key}: {table.name} has no button for {sorted(missing)}"


def deal_with_the_buttons(key, attempt, trainee, client) -> tuple[Round, list[str]]:
    """Deal the attempt's round to the end by pressing the page's buttons; the round and the steps pressed."""
    round_, pressed = round_store.live_round(attempt), []
    while (action := round_.next_action()) is not None:
        assert action.actor is not Actor.FLOORPERSON, f"{key}: the engine validates at this table"
        assert action.citation.clause in CLAUSES, f"{key}: {action.step} cites {action.citation.clause}, not catalogued"
        page = client.get(reverse("attempt", args=[attempt.pk]))
        assert page.status_code == 200, key
        assert 'id="felt"' in page.content.decode(), f"{key}: the page has no felt"
        controls = table_description(key).step_controls
        frame = read_step(press(key, page.content.decode(), action), controls, services.dealer_steps(attempt))
        reply = services.apply_step(attempt.pk, trainee, frame)
        assert reply.graded is not None and reply.graded.correct, f"{key}: {action.step} was refused"
        pressed.append(action.step)
        attempt.refresh_from_db()
        round_ = round_store.live_round(attempt)
    assert attempt.finished, key
    return round_, pressed


def seed_with_cash(table) -> int:
    """The first seed from 3 whose round at the table has a player buy in before it and one leave after it."""
    for seed_value in range(3, 3000):
        phase = services.deal_round(table, seed_value, force_mystery_hit=True).wager_phase
        if phase.buy_ins and phase.colour_ups:
            return seed_value
    raise AssertionError(f"{table.game}: no seed up to 3000 has a buy-in and a colour-up")


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_deals_renders_plays_with_its_buttons_replays_and_carries_its_meters(key, client):
    demo_tables.create_demo_tables()
    table = Table.objects.filter(game=key, floorperson=Floorperson.AUTOMATED).first()
    assert table is not None, f"{key}: no demo table with an automated floorperson"
    game = GAMES[key]
    assert game.read_rules(table.rules) is not None
    trainee = make_trainee()
    seed_value = seed_with_cash(table)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed_value, force_mystery_hit=True)
    client.force_login(trainee)

    round_, pressed = deal_with_the_buttons(key, attempt, trainee, client)
    assert set(pressed) >= CASH_STEPS, f"{key}: a buy-in and a colour-up are not dealt with the page's buttons"

    replayed = replay_round(save_round(round_))
    assert replayed.table_view() == round_.table_view(), f"{key}: replay differs"
    table.refresh_from_db()
    assert table.rounds_dealt == 1
    assert meters_at(table) == read_meters(round_.carried_meters()), f"{key}: the table's meters are not the round's"
    next_round = services.deal_round(table, 4)
    assert read_meters(next_round.carried_meters()) == read_meters(round_.carried_meters()), f"{key}: not taken up"


@pytest.mark.django_db
def test_a_table_reads_only_the_view_of_a_game_its_round_class_deals():
    table = demo_table()
    snapshot = services.table_snapshot(services.start_round(make_trainee(), table, Mode.PRACTICE, seed_value=3))
    own = table_description(table.game)
    assert own.own(snapshot) is snapshot
    for key in GAMES:
        other = dataclasses.replace(snapshot, game=key)
        if table_description(key) is own:
            assert own.own(other) is other
        else:
            with pytest.raises(ValueError, match="is not drawn by"):
                own.felt_context(other, Viewer.TRAINEE)


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_wcag_2_4_3_only_the_dealing_trainee_tabs_to_seat_buttons_a_watcher_and_a_replay_read_seat_names(key):
    demo_tables.create_demo_tables()
    table = Table.objects.filter(game=key).first()
    assert table is not None, f"{key}: no demo table"
    snapshot = services.table_snapshot(services.start_round(make_trainee(), table, Mode.PRACTICE, seed_value=3))
    dealing = render_region(felt_region(snapshot, Viewer.TRAINEE), oob=False)
    watched = render_region(felt_region(snapshot, Viewer.INSTRUCTOR), oob=False)
    assert [dealing.count(f'data-pick-place="{seat}"') for seat in range(1, 7)] == [1] * 6, key
    assert "<button" not in watched, f"{key}: a watcher's felt has a button with nothing to do"
    assert [watched.count(f'<span class="seat-name">Seat {seat}</span>') for seat in range(1, 7)] == [1] * 6, key


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(CARNIVAL_GAMES))
def test_mhb_base_game_option_a_table_where_the_trainee_deals_each_carnival_game_is_dealt_with_its_buttons(key, client):
    table = Table.objects.create(
        name=f"{key}, dealt by the trainee", game=key, rules={"base_game": "trainee"}, floorperson=Floorperson.AUTOMATED
    )
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=3, force_mystery_hit=True)
    client.force_login(trainee)
    round_, pressed = deal_with_the_buttons(key, attempt, trainee, client)
    game = CARNIVAL_GAMES[key]
    dealt = {"deal_hand", "reveal_hand", "read_hand", "collect_cards"}
    dealt |= {"qualify_dealer"} if game.dealer_holds_hand else {"turn_community_card"}
    assert dealt <= set(pressed), f"{key}: {sorted(dealt - set(pressed))} never pressed"
    assert {"pay_wager", "collect_wager", "push_wager"} & set(pressed), key
    assert ("deal_community_cards" in pressed) is (board_size(game) > 0 and not game.board_face_down)
    assert replay_round(save_round(round_)).table_view() == round_.table_view(), f"{key}: replay differs"
