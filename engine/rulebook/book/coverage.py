"""Where each kind of rule data and each script construct is put into words.

The tests check these tables against the grammar (every rule and alias), the built-ins
and the game schema, so a construct added later without a rulebook template fails a test
instead of showing up in a rulebook as a stub.
"""

from __future__ import annotations

# Grammar constructs rendered inside another construct's template (everything else has
# its own entry in Phrases.forms or Steps.forms).
RENDERED_WITHIN = {
    "start": "a script file: its definitions are rendered one by one",
    "expression": "an end condition or tie-breaker: rendered as its expression",
    "proc_def": "a procedure: its block as numbered steps (book/rulebook.py, Book.procedure)",
    "func_def": "a function: its phrase, or its body inlined "
                "(phrases/calls.py, CallPhrases.function)",
    "const_def": "a script constant: its phrase (constants section) or its value",
    "params": "parameters: named by the variables section",
    "block": "the steps of a procedure or compound statement "
             "(phrases/statements.py, Steps.block)",
    "elif_clause": "a branch of if_stmt (phrases/control_flow.py, FlowSteps._if)",
    "else_clause": "the last branch of if_stmt (phrases/control_flow.py, FlowSteps._if)",
    "args": "a call's arguments (phrases/env.py, call_parts)",
    "choose_expr": "a choice as a value: the parser makes it a choose_stmt "
                   "(dsl/parse.py, _lift_choices), read as the statement is",
    "pos_arg": "a positional argument (phrases/env.py, call_parts)",
    "kw_arg": "a keyword argument: filters of count/tokens, or a log field",
}

# Every key of a game file (rules/schema/game.schema.json) and where the rulebook shows it.
GAME_KEYS = {
    "id": "not shown: the game's folder name (used in file names and anchors)",
    "name": "the title (game section of the text file)",
    "description": "not shown: the overview's introduction (intros.overview) replaces it",
    "players": "components: player counts; setup: the player-count table",
    "seats": "components: the colours",
    "scripts": "every section that shows a procedure",
    "text": "every word of the rulebook",
    "start": "the default outline starts from it",
    "locations": "setup and steps: places_in/places_to/places_from; glossary",
    "area_kinds": "components: the board; reference: one table per kind; glossary",
    "areas": "components, reference, pictures (area_map, area_blocks)",
    "pieces": "components, setup, glossary",
    "tokens": "components (with property values and secrets), setup, glossary",
    "decks": "components, pictures (deck_rows, position), glossary",
    "variables": "setup: initial values; steps: game_variables/player_variables",
    "constants": "steps (values), setup: player-count table, reference",
    "options": "clarifications (one note per reading); steps decided by their values",
    "end": "the end of the game: conditions and tie-breakers",
    "tracks": "components: the tracks, their start and floor (concept_components)",
    "resources": "components: the bank and its size (concept_components)",
    "connections": "components: the list of connections (concept_components)",
    "provisional": "a visible note after the title (text file: provisional.<id>)",
    "grids": "pictures (grid_tiles, tile_sampler, grid_layout, position); steps: the grid "
             "built-ins name the grid",
    "goals": "the outline block goals: each goal's measure, who qualifies, tie-breakers",
    "evaluation": "not shown: how bots value a position (greedy, mcts), not a rule",
    "summary": "not shown: what `regola simulate` reports as a game's length (lab)",
    "ask_single_option": "not shown: whether a forced move is still asked (a written "
                         "section says so where it matters)",
    "languages": "not shown: the languages the game's texts ship in (its catalogs)",
}
