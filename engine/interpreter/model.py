"""What a game is: the static definition built once from the rule files.

Nothing here changes during play; a game in progress is the plain-data state (state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Location


@dataclass
class PieceKind:
    """Identical pieces counted per owner and location (e.g. a player's cubes)."""

    name: str
    per_player: int
    start: str = "supply"


@dataclass
class TokenKind:
    """Individual pieces with properties, a location, and perhaps an owner or controller."""

    name: str
    per_player: bool
    props: dict[str, list[Any]]          # property -> one value per token of a set
    start: str
    secret: list[str] = field(default_factory=list)   # props only the owner sees until revealed
    control_piece: str | None = None      # counted piece a controller puts on the token
    spares: int = 0                       # extra copies of each token (an unlimited supply)


@dataclass
class DeckKind:
    """An ordered row of cards, each face up or face down."""

    name: str
    cards: list[Any]
    face_up: bool = False


@dataclass
class Variable:
    """A named value in the state, for the game or for each player."""

    name: str
    initial: Any
    visibility: str = "public"            # public | owner


@dataclass
class Option:
    """A named rule choice (a reading of the rulebook) that a variant may flip."""

    name: str
    value: Any
    reading: int | None = None
    summary: str = ""
    default: Any = None                   # the value in the game file, before any variant


@dataclass
class ScorePart:
    """Where some of the score comes from: a note of the story that tells it (`note`), the
    field holding the points it gives (`points`) or the scorer's total after it (`total`),
    and the part it counts toward: a field naming it (`part`) or a fixed id (`id`)."""

    note: str
    points: str | None = None
    total: str | None = None
    part: str | None = None
    id: str | None = None
    player: str = "player"


@dataclass
class EndRule:
    """End conditions (each a boolean over player p) and tie-breakers (numbers over p)."""

    conditions: dict[str, Any]            # id -> compiled fn(p)
    tiebreakers: list[Any]                # compiled fns(p), most wins
    share_ties: bool = True
    sources: dict[str, str] = field(default_factory=dict)
    tiebreaker_sources: list[str] = field(default_factory=list)
    standings: list[bool] = field(default_factory=list)   # per tie-breaker: never ties
    parts: list[ScorePart] = field(default_factory=list)   # where the first score comes from
    payoff: Any = None                    # compiled fn(p): what the game pays p (zero-sum)
    payoff_range: tuple[float, float] | None = None        # its least and greatest value


@dataclass
class Evaluation:
    """How good a position is for player p, for bots: a weighted sum of compiled terms."""

    terms: dict[str, tuple[Any, float]]   # id -> (compiled fn(c, p), weight)
    horizon: str | None = None            # a game variable: rollouts stop when it changes
    scale: float = 10.0                   # a lead worth about a 73% chance of winning


@dataclass(frozen=True)
class Ask:
    """A `choose` of the scripts, as the compiler read it for the runtime and the frontends."""

    procedure: str
    ask: str                              # its ask's name ("choose" when it names none)
    named: frozenset[str]                 # the options it writes out literally
    call: str | None = None               # the built-in its options come from, if a call
    args: tuple[tuple[str, str] | None, ...] = ()
    """The call's positional arguments: ("name", n) for a plain name, ("text", t) for a
    literal text, None for anything else."""


@dataclass(frozen=True)
class TileQuestion:
    """A question about laying a tile on a grid, as the compiler read it off the scripts: the
    grid, where the tile waits (the `at=` of the `tokens(...)` it was taken from, if traced)
    and whether the question is the tile's rotation (its options are `grid_rotations`)."""

    grid: str
    place: str | None
    rotation: bool


@dataclass
class GameDef:
    """A whole game (or variant) as loaded: components, board, options and compiled scripts."""

    id: str
    name: str
    min_players: int
    max_players: int
    seats: list[str]
    areas: dict[str, dict[str, Any]]
    locations: list[str]
    pieces: dict[str, PieceKind]
    tokens: dict[str, TokenKind]
    decks: dict[str, DeckKind]
    game_vars: dict[str, Variable]
    player_vars: dict[str, Variable]
    constants: dict[str, Any]             # name -> value or {"by_players": {...}}
    options: dict[str, Option]
    start: str
    variant: str | None = None
    description: str = ""
    variant_name: str = ""                # the variant file's own name and description
    variant_description: str = ""
    variant_book: dict[str, Any] = field(default_factory=dict)  # section id -> its own text
    provisional: list[dict[str, str]] = field(default_factory=list)   # {id, what, missing}
    tracks: dict[str, Any] = field(default_factory=dict)       # name -> tracks.TrackKind
    resources: dict[str, Any] = field(default_factory=dict)    # name -> bank.ResourceKind
    connections: dict[str, list[str]] = field(default_factory=dict)  # id -> [area, area]
    grids: dict[str, Any] = field(default_factory=dict)       # name -> interpreter.grid.GridDef
    goals: Any = None                     # interpreter.goals.GoalRule
    goals_declared: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    folder: str = ""                      # the game's own folder (its catalogs, book, table)
    languages: tuple[str, ...] = ("en",)  # the languages its texts ship in (game.yaml)
    program: Any = None                   # dsl.compiler.Program
    asks: list[Ask] = field(default_factory=list)   # every `choose` of the scripts
    tile_questions: dict[str, TileQuestion] = field(default_factory=dict)   # by ask name
    end: EndRule | None = None
    evaluation: Evaluation | None = None  # for bots (the game file's `evaluation:`)
    length_variable: str | None = None    # summary.length: the game variable that is its length
    ask_single_option: bool = False       # a choice with one option is still asked (a move)
    source_locations: dict[str, Location] = field(default_factory=dict)
    text: dict[str, Any] = field(default_factory=dict)     # English texts by section
    text_locations: dict[str, Location] = field(default_factory=dict)  # "section.key" -> where
    layouts: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    value_kinds: Callable[[], dict[str, dict[str, str]]] | None = field(
        default=None, repr=False, compare=False)
    """What the compiler knows of the values the scripts hold, given by the loader and
    worked out on first ask: procedure (or "game", "player") -> variable -> kind."""
    """interpreter.layout.Layout by player count, built when first needed."""

    def constants_for(self, players: int) -> dict[str, Any]:
        """Constants resolved for a player count (values given per count are picked)."""
        out = {}
        for name, value in self.constants.items():
            if isinstance(value, dict) and "by_players" in value:
                out[name] = value["by_players"].get(players)
            else:
                out[name] = value
        return out
