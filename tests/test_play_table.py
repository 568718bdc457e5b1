"""The terminal table (`regola play`), driven through its input as a person types: stable
keys, prompts that say where they are asked, help, undo (taken and refused), save and
--load, seats by colour and 1-based number, and a whole game of each built-in game."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from play_helpers import keyed_game, play, random_pick, seats

from regola import load_game

OPTION = re.compile(r"\[([^\]\s]+)\] (.+?)(?=\s{2,}\[|\s*$)")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """These tests read English output: the locale of the machine must not change it."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def screens(out: str) -> list[str]:
    """The screens of a run, one per prompt (each ends at the question for the input)."""
    return [s for s in out.split("your choice (? for help): ") if s.strip()]


def options(screen: str) -> dict[str, str]:
    """The keyed options of a screen: key -> label."""
    found: dict[str, str] = {}
    for line in screen.splitlines():
        if line.startswith("["):
            found.update(dict(OPTION.findall(line)))
    return found


# -- a whole game of each game ----------------------------------------------------------
GAMES = [("doge", 3, "year_limit"),
         pytest.param("doge", 4, None, marks=pytest.mark.slow),   # (a long game: CI's slow run)
         ("rialto", 3, None), ("warsaw", 2, None), ("copycat", 3, None)]


@pytest.mark.parametrize("game, players, variant", GAMES)
def test_a_whole_game_typed_at_the_table(game, players, variant):
    """notes: a person plays a whole game against bots with the keys the screens show; the
    game ends with the engine's own result for those decisions."""
    keys, state = keyed_game(game, players, 5, random_pick(2), variant=variant)
    args = [game, "--seed", "5", "--seats", seats(players)]
    args += ["--variant", variant] if variant else []
    result = play(*args, stdin="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Traceback" not in result.output and "not a key here" not in out
    assert out.count("your choice (? for help): ") == len(keys)
    # the score table's verdict: "Red wins (decided by ...). The game ended: ..."
    shown = re.search(r"^(.+?) wins?( \(.*?\))?(\. The game ended: .*)?$", out, re.MULTILINE)[1]
    for winner in state.result["winners"]:
        assert ["Red", "Blue", "Green", "Yellow", "White"][winner] in shown
    assert "seed: 5" in out and "to replay this game:\nregola play" in out
    for screen in screens(out)[:-1]:
        assert len(screen.rstrip("\n").splitlines()) <= 24, screen   # it fits the screen


# -- keys -------------------------------------------------------------------------------
def test_keys_keep_their_meaning_for_the_whole_game():
    """A letter names one action for the whole game, an area keeps its board number, and a
    number is its own key (ballot markers 0-3 are typed as 0-3)."""
    keys, _ = keyed_game("doge", 3, 7, random_pick(3), variant="year_limit")
    result = play("doge", "--seed", "7", "--seats", seats(3), "--variant", "year_limit",
                  stdin="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    meaning: dict[str, set[str]] = {}
    areas = {"Cannaregio": "1", "Castello": "2", "Dorsoduro": "3", "San Marco": "4",
             "San Polo": "5", "Santa Croce": "6", "Quarantia": "7"}
    prompts = 0
    for screen in screens(result.stdout):
        shown = options(screen)
        prompts += bool(shown)
        for key, label in shown.items():
            meaning.setdefault(key, set()).add(label)
            if label in areas:
                assert key == areas[label], (key, label)
            if label.isdigit():
                assert key == label
    letters = {k: v for k, v in meaning.items() if k.isalpha()}
    assert letters and all(len(labels) == 1 for labels in letters.values()), letters
    assert {"stop adding markers", "take control", "abstain and move a house"} <= \
        {label.split(" — ")[0] for labels in letters.values() for label in labels}
    assert prompts == len(keys)


def test_a_bad_key_is_asked_again_with_the_keys_to_type():
    result = play("doge", "--seed", "3", stdin="zz\n0\n\n4\n")
    out = result.stdout
    assert "not a key here: 'zz'. Type one of 1, 2, 3, 4, 5, 6, 7, or ? for help." in out
    assert "not a key here: '0'" in out
    assert "Choose a ballot marker to put on your San Marco card\n" in out
    assert result.exit_code == 1 and "input ended: game abandoned" in result.output
    assert "Traceback" not in result.output


def test_an_option_may_be_typed_by_its_name_or_id():
    result = play("doge", "--seed", "3", stdin="santa croce\n")
    assert "Choose a ballot marker to put on your Santa Croce card" in result.stdout
    result = play("doge", "--seed", "3", stdin="san_polo\n")
    assert "Choose a ballot marker to put on your San Polo card" in result.stdout


# -- where a decision is asked ------------------------------------------------------------
def test_the_prompt_names_the_area_and_the_step():
    """The question is filled from the asking procedure (the card's area, a palace's district
    and cost) and the line above it names the steps of the game it is asked in."""
    keys, _ = keyed_game("doge", 3, 7, random_pick(3), variant="year_limit")
    result = play("doge", "--seed", "7", "--seats", seats(3), "--variant", "year_limit",
                  stdin="\n".join(keys) + "\n")
    out = result.stdout
    assert re.search(r"^Red \(1\): Choose a ballot marker to put on your (Cannaregio|Castello|"
                     r"Dorsoduro|San Marco|San Polo|Santa Croce|Quarantia) card$",
                     out, re.MULTILINE)
    assert re.search(r"^(phase 1: place ballot markers|…) › Red chooses a player card", out,
                     re.MULTILINE)
    assert re.search(r"^(phase 2: hold the elections|…) › .*(election in|Red)", out,
                     re.MULTILINE)
    assert "here?" not in out
    asked = set(re.findall(r"^Red \(1\): (.+)$", out, re.MULTILINE))
    assert any(re.fullmatch(r"Move the house from [A-Z][a-z ]+ to which district\?", q)
               or re.fullmatch(r"Build a palace in [A-Z][a-z ]+ for \d houses\?", q)
               for q in asked), asked


def test_rialto_prompts_name_the_stage_and_the_building():
    keys, _ = keyed_game("rialto", 3, 5, random_pick(2))
    out = play("rialto", "--seed", "5", "--seats", seats(3),
               stdin="\n".join(keys) + "\n").stdout
    assert re.search(r"How many (Doge|Gold|Building|Bridge|Gondola|Councilman) cards do you "
                     r"play\?", out)
    # the building the question names says what it does
    assert re.search(r"Pay 1 coin to use your (green|blue) building \d \([A-Z][^)]+\)\?", out)
    assert "key=" not in out and "colour=" not in out
    assert re.search(r"\[\d+\] first row \(.+\)", out)       # a row shows its cards


def test_decision_context_names_only_what_the_texts_name_and_the_seat_sees():
    """GameState.decision_context: the prompt's values, the steps with the arguments their
    phrases name, the named options; no token id the seat cannot see."""
    for game_id in ("doge", "rialto", "warsaw", "copycat"):
        game = load_game(game_id)
        state = game.new_state(players=3, seed=4)
        rng = random_pick(9)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_move[0]
            context = state.decision_context(seat)
            assert context["ask"] == state.legal_actions(seat)[0]["ask"]
            seen = {t["id"] for t in state.observe(seat)["tokens"] if "id" in t}
            tokens = {t for t in json.loads(state.to_json())["tokens"]}
            for values in [context["prompt"], *(s["args"] for s in context["steps"])]:
                for value in values.values():
                    for v in value if isinstance(value, list) else [value]:
                        assert not (isinstance(v, str) and v in tokens) or v in seen
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng(actions, [])])
    assert state.decision_context(99) is None and state.decision_context("0") is None


def test_doge_decision_context():
    game = load_game("doge")
    state = game.new_state(players=3, seed=3)
    state.apply(0, "san_marco")
    context = state.decision_context(0)
    assert context["ask"] == "choose_marker" and context["prompt"] == {"area": "san_marco"}
    assert [s["procedure"] for s in context["steps"]] == \
        ["play", "place_markers", "choose_card_and_markers"]
    assert context["steps"][-1]["args"] == {"p": 0}
    assert context["steps"][-1]["kinds"] == {"p": "player"}
    assert context["named"] == ["done"]


# -- help, seats, colours -----------------------------------------------------------------
def test_question_mark_shows_help_and_the_game_goes_on():
    result = play("doge", "--seed", "3", stdin="?\n4\n")
    out = result.stdout
    assert "— help —" in out and "options (key, name, id):" in out
    assert "  [4] San Marco  (san_marco)" in out
    for command in ("u ", "save [FILE]", "board", "log", "quit"):
        assert command in out
    assert "Choose a ballot marker to put on your San Marco card" in out


def test_seats_are_shown_by_colour_and_number_from_one():
    result = play("doge", "--seed", "3", stdin="4\n")
    out = result.stdout
    assert out.startswith("Doge: 4 players; Red (1, human), Blue (2, random bot), Green (3, "
                          "random bot), Yellow (4, random bot)")
    assert "you: Red (1)" in out and "\nRed (1): Choose the player card" in out
    assert re.search(r"Red \(1\) +Blue \(2\) +Green \(3\) +Yellow \(4\)", out)
    assert "seat 0" not in out and "(0)" not in out
    coloured = play("doge", "--seed", "3", stdin="4\n", env={"FORCE_COLOR": "1",
                                                            "TERM": "xterm-256color"})
    assert re.search(r"\x1b\[1;31m(\x1b\[[0-9;]*m)*Red \(1\)", coloured.stdout)
    assert re.search(r"\x1b\[1;34m(\x1b\[[0-9;]*m)*Blue \(2\)", coloured.stdout)


def test_the_board_and_the_log_commands_show_everything():
    result = play("rialto", "--seed", "3", "--players", "3", stdin="board\nlog\n")
    out = result.stdout
    assert "Tokens" in out and "Connections" in out          # the full view
    full_view = out.split("Tokens", 1)[1].split("Connections", 1)[0]
    assert re.search(r"building +│ - +│ stock +│", full_view)   # the building stock's row
    assert "round tile (current in round 4): box -> Santa Croce" in out  # the log: the lines before
    assert "Traceback" not in result.output


def test_quit_stops_without_saving():
    result = play("doge", "--seed", "3", stdin="quit\n")
    assert result.exit_code == 0 and "game stopped; it was not saved" in result.output


# -- undo ---------------------------------------------------------------------------------
def test_undo_takes_back_the_last_decision():
    result = play("doge", "--seed", "3", stdin="u\n4\n2\nu\n3\n")
    out = result.stdout
    assert "nothing to undo: you have not decided anything yet" in out
    assert "undone: your last decision is taken back" in out
    undone = out.split("undone: your last decision is taken back")[0].rsplit("Doge · Year", 1)[1]
    assert "[2] ballot marker 2" in undone and "[s] stop adding markers" not in undone  # none yet
    assert "on the chosen card (you): ballot marker 3" in out.split("undone")[1]


def test_undo_is_refused_once_a_secret_or_chance_was_revealed():
    """The first round of cards and markers is revealed before the next one: the decisions
    before it stand."""
    result = play("doge", "--seed", "3", stdin="4\n2\nu\n")
    assert "undone" in result.stdout                     # nothing revealed yet: allowed
    result = play("doge", "--seed", "3", stdin="4\n2\ns\nu\n")
    assert "cannot undo: a secret or chance came out after your last decision" in \
        result.stdout
    assert "undone" not in result.stdout


def test_undo_is_refused_once_another_person_has_decided():
    result = play("doge", "--seed", "3", "--seats", "human,human,random,random",
                  stdin="4\n5\nu\n")
    assert "cannot undo: Blue decided after you" in result.stdout


def test_undo_rewinds_the_bots_too():
    """A decision taken back and taken again meets the same bots: the game ends as if
    never undone."""
    keys, _ = keyed_game("doge", 3, 7, random_pick(3), variant="year_limit")
    args = ["doge", "--seed", "7", "--seats", seats(3), "--variant", "year_limit"]
    straight = play(*args, stdin="\n".join(keys) + "\n")
    undone = play(*args, stdin="\n".join(keys[:1] + ["u"] + keys) + "\n")
    assert "undone" in undone.stdout
    assert straight.stdout.split("── result")[1] == undone.stdout.split("── result")[1]


# -- save and load ------------------------------------------------------------------------
def test_save_stops_and_load_resumes_the_same_game(tmp_path):
    keys, _ = keyed_game("rialto", 3, 5, random_pick(2))
    args = ["rialto", "--seed", "5", "--seats", seats(3)]
    straight = play(*args, stdin="\n".join(keys) + "\n")
    save = tmp_path / "game.json"
    stopped = play(*args, stdin="\n".join(keys[:10] + [f"save {save}"]) + "\n")
    assert stopped.exit_code == 0, stopped.output
    assert f"saved to {save}; resume with: regola play --load {save}" in stopped.output
    body = json.loads(save.read_text(encoding="utf-8"))
    assert body["format"] == "regola-play-save" and body["seats"] == seats(3).split(",")
    inside = unsealed(body)
    assert inside["seed"] == 5
    assert load_game("rialto").state_from_json(inside["state"]).to_json(log=True) == \
        inside["state"]
    resumed = play("--load", str(save), stdin="\n".join(keys[10:]) + "\n")
    assert resumed.exit_code == 0, resumed.output
    ended, resumed_end = (r.stdout.split("── result")[1] for r in (straight, resumed))
    # the save holds the story, so the resumed end table still says where the points
    # came from (a newcomer's 4-player Copycat lost its categories after --load)
    assert "Bridge stage" in ended and resumed_end == ended


def unsealed(body: dict) -> dict:
    """A save's sealed part opened: the seed, the bots, the state."""
    return json.loads(zlib.decompress(base64.b64decode(body["sealed"])))


def sealed(inside: dict) -> str:
    """A save's sealed part made from its fields."""
    return base64.b64encode(zlib.compress(json.dumps(inside).encode())).decode()


def test_a_save_keeps_the_seed_and_the_hidden_pieces_out_of_sight(tmp_path):
    """A tester opened a save and read the seed of a game started without one (with it the
    hidden deck can be replayed) and the bots' face-down ballot markers: they are sealed
    (compressed, encoded), and only the game and its seats are in the open. A save written
    in the open by the first version still loads."""
    save = tmp_path / "game.json"
    play("doge", "--seed", "8212915301299377360", stdin=f"4\nsave {save}\n")
    text = save.read_text(encoding="utf-8")
    assert "8212915301299377360" not in text and "ballot" not in text
    body = json.loads(text)
    assert set(body) == {"format", "version", "game", "variant", "seats", "sealed"}
    inside = unsealed(body)
    old = {**{k: v for k, v in body.items() if k != "sealed"}, **inside, "version": 1}
    first = tmp_path / "first.json"
    first.write_text(json.dumps(old), encoding="utf-8")
    resumed = play("--load", str(first), stdin="q\n")
    assert "Traceback" not in resumed.output and "not valid" not in resumed.output
    for bad in ("not base64!", base64.b64encode(b"not zlib").decode(), sealed([1, 2])):
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps({**body, "sealed": bad}), encoding="utf-8")
        result = play("--load", str(broken))
        assert result.exit_code == 2 and "broken.json: sealed is missing or wrong" in \
            result.output and "Traceback" not in result.output


def test_quit_asks_first_and_anything_but_yes_goes_on():
    """A tester lost a game to one `q`: quit asks, "n" goes back to the question (the game
    then goes on to a decision), "y" stops it unsaved."""
    kept = play("doge", "--seed", "3", stdin="q\nn\n4\nq\ny\n")
    assert "quit without saving" in kept.output and "the game goes on" in kept.output
    assert kept.exit_code == 0 and "game stopped; it was not saved" in kept.output
    assert kept.output.count("quit without saving") == 2
    spanish = play("doge", "--seed", "3", "--lang", "es", stdin="q\ns\n")
    assert spanish.exit_code == 0 and "salir sin guardar" in spanish.output


def test_save_without_a_name_writes_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = play("warsaw", "--seed", "1", "--players", "2", stdin="1\nsave\n")
    assert result.exit_code == 0 and (tmp_path / "regola-warsaw.json").exists()


def test_bad_saves_are_clear_messages(tmp_path):
    missing = play("--load", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "nope.json: cannot read the save" in missing.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "regola-play-save",\n "version": 1,,}', encoding="utf-8")
    result = play("--load", str(broken))
    assert result.exit_code == 2 and "broken.json:2:15: not a regola save (not JSON" in \
        result.output
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}', encoding="utf-8")
    assert "not a regola save" in play("--load", str(other)).output
    good = tmp_path / "good.json"
    play("doge", "--seed", "3", stdin=f"4\nsave {good}\n")
    body = json.loads(good.read_text(encoding="utf-8"))
    inside = unsealed(body)
    state = json.loads(inside["state"])
    state["counts"]["house"][0] = 99      # a flat row: place 0 (the supply), seat 0
    body["sealed"] = sealed({**inside, "state": json.dumps(state)})
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(body), encoding="utf-8")
    result = play("--load", str(tampered))
    assert result.exit_code == 2 and "tampered.json: the saved game is not valid" in \
        result.output
    body["sealed"] = sealed(inside)
    body["seats"] = ["human", "robot"]
    tampered.write_text(json.dumps(body), encoding="utf-8")
    assert "the seats of this save do not fit its game" in play("--load", str(tampered)).output
    both = play("doge", "--load", str(good))
    assert both.exit_code == 2 and "leave out GAME" in both.output
    nothing = play()
    assert nothing.exit_code == 2 and "--load FILE" in nothing.output
    for run in (missing, result, both, nothing):
        assert "Traceback" not in run.output


# -- other languages ----------------------------------------------------------------------
@pytest.mark.parametrize("lang, texts", [
    ("es", ["Rojo (1, humano)", "tú: Rojo (1)", "tu elección (? para ayuda): ",
            "Elige un marcador de votación para tu carta de San Marco\n",
            "no es una tecla de aquí: 'zz'", "deshecho: tu última decisión queda anulada"]),
    ("nl", ["Rood (1, mens)", "jij: Rood (1)", "je keuze (? voor hulp): ",
            "Kies een stemschijf voor je kaart van San Marco\n",
            "geen toets hier: 'zz'", "ongedaan: je laatste beslissing is teruggenomen"])])
def test_the_table_speaks_the_language(lang, texts):
    result = play("doge", "--seed", "3", "--lang", lang, stdin="4\nzz\n2\nu\n")
    missing = [t for t in texts if t not in result.stdout]
    assert not missing, missing


# -- the texts a table fills in are checked when the game loads ----------------------------
def test_table_texts_are_checked_at_load(doge_copy):
    """A prompt names only variables where its ask is asked, a prompt belongs to an ask, a
    token name only the token's properties, the status line only public game variables."""
    from conftest import edit_rule_file
    from regola import RuleError

    edit_rule_file(doge_copy / "text.yaml",
                   ("build_palace: Build a palace in {area} for {cost} houses?",
                    "build_palace: Build a palace in {region} for {cost} houses?\n"
                    "  build_palce: Build it?"),
                   ("advisor: advisor of {home}", "advisor: advisor of {house}"),
                   ("status: Year {year}", "status: Year {yaer}"))
    with pytest.raises(RuleError) as caught:
        load_game(str(doge_copy))
    problems = [str(p) for p in caught.value.problems]
    assert any(re.search(r"building\.regola:\d+:\d+: .*ask 'build_palace': its prompt "
                         r"'Build a palace in \{region\} for \{cost\} houses\?' names "
                         r"\{region\}, which is not a variable where it is asked", p)
               for p in problems), problems
    assert any(re.search(r"text\.yaml:\d+:\d+: .*'build_palce' is not an ask of the game.*"
                         r"did you mean 'build_palace'", p) for p in problems), problems
    assert any("{house} is not a property of advisor (its properties: home)" in p
               for p in problems), problems
    assert any("{yaer} is neither a public game variable nor the game's data" in p
               for p in problems), problems
