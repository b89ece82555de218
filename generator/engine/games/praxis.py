"""Praxis (Lucas Borboleta, CC BY-NC-SA 4.0): dice, effect tiles and collections.

Rules as implemented (seeds/praxis.fr.txt, FACTS.md; the choices where the rules
are silent are the `assumptions` of content/praxis/game.yaml):
- 8x8 board, four coloured portals, each on one square of its dashed rectangle.
  A square or portal holds at most one die or one effect tile.
- On his turn a player uses one of his dice: he may put a tile from his hand on
  an empty square touching the die (edge or corner) and move the die, in either
  order (the tile then touches the square the die ends on), or do only one of
  the two. He may instead discard his hand and draw 3, or pass. A die off the
  board comes back after a 6 on the white die (base rules), with the face the
  player then rolls for it; in variant `rentree-1` it comes back showing 1.
- An odd top face moves like a rook, an even one like a bishop, one square or
  more, never over a die or a tile. The die may stop on an enemy die whose face
  is not greater than its own (the enemy die leaves the board), or on a tile
  whose effect can apply: the effect applies and the tile is discarded. A tile
  on a portal of its own colour is collected instead.
- Effects: plusN / moinsN change the face (it must stay within 1-6), interdiction
  takes the die off the board, explosion discards a tile touching it, pioche
  draws the top tile of the pile, téléportation sends the die to another
  téléportation tile (both are discarded), récupération brings the player's die
  that is off the board onto an empty square touching it.
- Chance (core.CHANCE acts): the white die and the faces are chance outcomes
  with exact probabilities. Setting up, a player rolls his die's face, then puts
  it down. A duel is won by the attacker when his face plus a white die is at
  least the defender's face plus another (ties to the attacker): k times in 36,
  `duel_odds`, so a 6 attacking a 1 cannot lose. Mutation and récupération roll a
  face (1/6 each). Bringing a die back in the base rules (`retour`) takes the
  turn: a 6 on the white die (1/6) lets the player roll its face and put it on
  an empty square. After a roll, a player who moved his die without putting a
  tile down first may still put one next to it (or `passe`).
- Hidden information: the start position deals each player 3 tiles from the
  108 shuffled by the seed; `observation` hides the others' hands and the pile
  (their sizes stay visible). The same seed draws each portal's square in its
  rectangle and the first player (play goes on in seat order from him).
- Score: the best split of a player's collected tiles into collections of the
  seed's table (`best_split`): a dynamic programme over the effects whose state
  is each colour's pool of tiles for groups of distinct effects (12 states per
  colour), exact and about a tenth of a second for a whole box.
- Variants (section 7 of the original rules; content/praxis/game.yaml says what
  each changes and the choices made): `points` (pip-pattern movement),
  `rentree-1` (a die comes back showing 1), `teleportation-portail`,
  `effet-et-collection` (a collected tile applies its effect first),
  `prise-pioche` (beating a die draws a tile), `petit-plateau` (the 6x6 squares
  b2-g7 of the printed board), `deux-portails` (blue and yellow portals and
  tiles only), `sans-couleurs` (any portal collects any tile; the table by
  effect alone, `best_split_colourless`).

Notation. Squares a1..h8. On the board a die is the player's letter and its face
(B4 = a blue die showing 4; B bleu, R rouge, V vert, J jaune), a tile is
`effect/colour` (plus1/bleu). A move is one of:
  `passe` | `renouvelle` (discard the hand, draw 3) | `retour` (roll the white die
  to bring a die back) | `+e5` (put the die whose face was rolled on e5; in
  variant rentree-1, bring a die back showing 1) | a turn: up to two parts
  separated by spaces, a tile placement `plus1/bleu@f5` and a die move `d4-d6`
  (`d4xd6` when it attacks), in the order played. A die move landing on a tile
  whose effect needs a square adds `>SQUARE` (explosion target, téléportation
  destination, récupération entry, duel opponent): `d4-d6>e7`.
  A chance outcome is `=VALUE`: a face `=4`, a duel `=gagne` / `=perd`, the
  white die's `=6` / `=rate` when bringing a die back.
  A position waiting for something (a roll, a die to put down, a tile after a
  roll) says so under `attente`: `face`, `pose 4`, `retour`, `mutation d4`,
  `duel d6 e7`, `recuperation e5 e6`, `suite d6`, the last four followed by
  `tuile` when a tile may still be put down after the roll.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import log1p, tanh
from typing import Any, Iterable, NamedTuple

from ...content import limits
from ...content.coords import square_range
from ..core import CHANCE, DEFAULT_SEED, Engine, IllegalMove, NotationError, Outcome
from ..grid import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, Grid, reasons

SIZE = 8
COLOURS = ("bleu", "rouge", "vert", "jaune")
PLAYER_LETTER = {"bleu": "B", "rouge": "R", "vert": "V", "jaune": "J"}
LETTER_PLAYER = {v: k for k, v in PLAYER_LETTER.items()}
EFFECTS = ("plus1", "plus2", "plus3", "moins1", "moins2", "moins3", "mutation", "duel",
           "recuperation", "interdiction", "explosion", "pioche", "teleportation")
# Tiles of each effect per colour in the box (FACTS.md): 27 per colour.
STOCK = {e: (8 if e in ("plus1", "moins1") else 1) for e in EFFECTS}
FACE_CHANGE = {"plus1": 1, "plus2": 2, "plus3": 3, "moins1": -1, "moins2": -2, "moins3": -3}
DICE_PER_PLAYER = 2
HAND_SIZE = 3
DEFAULT_ROUNDS = 10

# Portal rectangles (FACTS.md, converted to a1 notation) and the squares the board drawing uses.
PORTAL_AREAS = {"bleu": ("b6", "c8"), "rouge": ("f6", "h7"), "vert": ("a2", "c3"), "jaune": ("f1", "g3")}
DEFAULT_PORTALS = {"bleu": "b7", "rouge": "g7", "vert": "b2", "jaune": "g2"}

GRID = Grid(SIZE)
AROUND = tuple(tuple(GRID.around(sq)) for sq in range(SIZE * SIZE))

# The proposals of section 7 of the rules, each a variant (content/praxis/game.yaml says what each changes).
VARIANTS = ("points", "rentree-1", "teleportation-portail", "effet-et-collection", "prise-pioche",
            "petit-plateau", "deux-portails", "sans-couleurs")
# petit-plateau: play on the 6 x 6 squares b2-g7 of the printed board (a frame marks them); each portal's
# rectangle keeps its squares inside it, 4 of them.
SMALL_BOARD = ("b2", "g7")
# deux-portails: only the blue and yellow portals (opposite corners) are used, and only the tiles of
# those colours: every tile of the game can still be collected.
PORTAL_COLOURS = {"deux-portails": ("bleu", "jaune")}
ALL_SQUARES = frozenset(range(SIZE * SIZE))
SMALL_SQUARES = frozenset(r * SIZE + c for c, r in square_range(*SMALL_BOARD, SIZE, SIZE))


def playable(variant: str | None) -> frozenset[int]:
    """The squares a game of `variant` is played on."""
    return SMALL_SQUARES if variant == "petit-plateau" else ALL_SQUARES


# Each board's squares touching each square (AROUND kept to the board in play), in AROUND's order.
_AROUND_IN = {board: tuple(tuple(s for s in AROUND[sq] if s in board) for sq in range(SIZE * SIZE))
              for board in (ALL_SQUARES, SMALL_SQUARES)}


def game_colours(variant: str | None) -> tuple[str, ...]:
    """The colours of the portals and tiles in play."""
    return PORTAL_COLOURS.get(variant, COLOURS)

# ---------------------------------------------------------------------------
# Tiles and collections
# ---------------------------------------------------------------------------

Tile = str   # 'effect/colour'
TILE_INDEX = {f"{e}/{c}": (i, j) for i, e in enumerate(EFFECTS) for j, c in enumerate(COLOURS)}


def tile_key(tile: Tile) -> tuple[int, int]:
    return TILE_INDEX[tile]


def parse_tile(text: str) -> Tile:
    """'plus1/bleu' -> 'plus1/bleu'; ValueError naming the valid effects and colours otherwise."""
    t = str(text).strip().lower()
    if t in TILE_INDEX:
        return t
    effect, _, colour = t.partition("/")
    if not colour:
        raise ValueError(f"'{text}' is not a tile: write EFFECT/COLOUR, e.g. plus1/bleu")
    if effect not in EFFECTS:
        raise ValueError(f"'{text}': unknown effect '{effect}' (effects: {' '.join(EFFECTS)})")
    raise ValueError(f"'{text}': unknown colour '{colour}' (colours: {' '.join(COLOURS)})")


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


# (points, name) of each kind of collection in the seed's table.
SINGLETON, TWO_EFFECTS, TWO_COLOURS, TWO_SAME, THREE_EFFECTS, THREE_COLOURS, THREE_SAME = (
    (1, "singleton"), (5, "deux effets"), (10, "deux couleurs"), (30, "deux mêmes"),
    (50, "trois effets"), (150, "trois couleurs"), (300, "trois mêmes"))


def collection_kind(tiles: Iterable[Tile]) -> tuple[int, str] | None:
    """(points, name) of a group of 1-3 tiles, or None when the group matches no row of the table."""
    cells = [tile_key(parse_tile(t)) for t in tiles]
    n = len(cells)
    if n == 1:
        return SINGLETON
    if n not in (2, 3):
        return None
    effects = {e for e, _ in cells}
    colours = {c for _, c in cells}
    if len(effects) == 1 and len(colours) == 1:
        return TWO_SAME if n == 2 else THREE_SAME
    if len(colours) == 1 and len(effects) == n:
        return TWO_EFFECTS if n == 2 else THREE_EFFECTS
    if len(effects) == 1 and len(colours) == n:
        return TWO_COLOURS if n == 2 else THREE_COLOURS
    return None


NEG = float("-inf")


@lru_cache(maxsize=None)
def _row_cover(counts: tuple[int, ...]) -> float:
    """Best value of one effect's tiles (counts by colour) put wholly into groups of 2 or 3
    tiles of that effect: identical groups, or groups of distinct colours. NEG if impossible."""
    if not any(counts):
        return 0
    c = next(j for j, n in enumerate(counts) if n)
    best = NEG
    for kind, cells in _row_groups_of_first(counts, c):
        rest = list(counts)
        for j in cells:
            rest[j] -= 1
        best = max(best, kind[0] + _row_cover(tuple(rest)))
    return best


def _row_groups_of_first(counts: tuple[int, ...], c: int):
    """Groups of 2-3 tiles of one effect holding a tile of colour `c`, the first colour present."""
    if counts[c] >= 2:
        yield TWO_SAME, (c, c)
    if counts[c] >= 3:
        yield THREE_SAME, (c, c, c)
    others = [j for j in range(c + 1, len(counts)) if counts[j]]
    for j in others:
        yield TWO_COLOURS, (c, j)
    for a in range(len(others)):
        for b in range(a + 1, len(others)):
            yield THREE_COLOURS, (c, others[a], others[b])


# Tiles of one cell (effect, colour) that go to groups of distinct effects: at most 2. Three
# of them there lose at most 3 x 45 points (each group drops one size) while together they
# make a 300-point identical group, so an optimal split never does it. A colour's pool for
# those groups is then summed up by (a, s): how many effects give it 2 tiles, how many 1.
MAX_TO_COLUMNS = 2


def _pool_moves(a: int, s: int):
    """Groups of distinct effects that can be taken from a pool (a, s): (kind, x, y) takes one
    tile of x effects having 2 and of y effects having 1."""
    for x in range(min(a, 3) + 1):
        for y in range(min(s, 3 - x) + 1):
            size = x + y
            if size:
                yield (SINGLETON, TWO_EFFECTS, THREE_EFFECTS)[size - 1], x, y


@lru_cache(maxsize=None)
def _pool_value(a: int, s: int) -> int:
    """Best split of one colour's pool into groups of distinct effects (1, 5 or 50 points)."""
    if a == 0 and s == 0:
        return 0
    return max(kind[0] + _pool_value(a - x, s - y + x) for kind, x, y in _pool_moves(a, s))


# A colour's pool for groups of distinct effects is valued by `_pool_value(a, s)`; that value depends on
# (a, s) only while the pool holds 4 tiles or fewer, and from 5 tiles on on their number T alone, growing
# by exactly 50 every 3 tiles (a triple more). So a pool is summed up by one of 12 states: (a, s) up to 4
# tiles, then T = 5, 6 or 7 (8 tiles are state 5 plus 50 points, and so on).
_SMALL_POOLS = tuple((a, t - 2 * a) for t in range(5) for a in range(t // 2 + 1))
_POOL_STATES = _SMALL_POOLS + (5, 6, 7)
_POOL_INDEX = {s: i for i, s in enumerate(_POOL_STATES)}


def _pool_tiles(state: int) -> tuple[int, int]:
    """(a, s) of a pool state: for the large states, any pool of that many tiles (all singles)."""
    s = _POOL_STATES[state]
    return s if isinstance(s, tuple) else (0, s)


def _pool_step(state: int, m: int) -> tuple[int, int]:
    """(new state, points carried out) when an effect sends m (0, 1 or 2) tiles to a pool in `state`."""
    s = _POOL_STATES[state]
    if m == 0:
        return state, 0
    if isinstance(s, tuple):
        a, n = s
        a, n = (a + 1, n) if m == 2 else (a, n + 1)
        if 2 * a + n <= 4:
            return _POOL_INDEX[(a, n)], 0
        total = 2 * a + n
    else:
        total = s + m
    carried = 0
    while total > 7:
        total -= 3
        carried += 50
    return _POOL_INDEX[total], carried


_POOL_STEP = [[_pool_step(st, m) for m in range(MAX_TO_COLUMNS + 1)] for st in range(len(_POOL_STATES))]
_POOL_END = [_pool_value(*_pool_tiles(st)) for st in range(len(_POOL_STATES))]
# The most one tile more adds to a pool: the third tile of a first group of distinct effects, 5 -> 50.
_POOL_GAIN = max(_pool_value(a, s + 1) - _pool_value(a, s) for a in range(14) for s in range(14))


def _row_options(row: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """(points of the row's own groups, tiles each colour sends to its pool) for one effect's counts `row`:
    every way the rest of the row can be covered by groups of that effect, less the dominated ones (as many
    points while sending a subset of the tiles: a pool is never worse off with a tile more)."""
    found = []
    for combo in product(*(range(min(n, MAX_TO_COLUMNS) + 1) for n in row)):
        inside = _row_cover(tuple(n - m for n, m in zip(row, combo)))
        if inside != NEG:
            found.append((int(inside), combo))
    return [(v, c) for i, (v, c) in enumerate(found)
            if not any(_dominates(v2, c2, v, c) and (not _dominates(v, c, v2, c2) or j < i)
                       for j, (v2, c2) in enumerate(found) if j != i)]


def _dominates(v2: int, c2: tuple[int, ...], v: int, c: tuple[int, ...]) -> bool:
    """Whether a row option (v2 points, c2 tiles to the pools) is never worse than (v, c): a tile more in
    a pool never costs, and one less costs at most _POOL_GAIN."""
    return v2 - v >= _POOL_GAIN * sum(max(0, x - x2) for x, x2 in zip(c, c2))


def _split_search(rows: list[tuple[int, ...]]) -> tuple[int, list[tuple[int, ...]]]:
    """Best split of the count matrix `rows` (effects x colours): (total, tiles each effect sends to each
    colour's pool). Dynamic programming over the effects; the state is each colour's pool state."""
    start = (0,) * len(COLOURS)
    layers = [{start: (0, None, None)}]
    for row in rows:
        options = _row_options(row)
        nxt: dict = {}
        for state, (value, _, _) in layers[-1].items():
            for gain, combo in options:
                new, total = [], value + gain
                for st, m in zip(state, combo):
                    st2, carried = _POOL_STEP[st][m]
                    new.append(st2)
                    total += carried
                new = tuple(new)
                if new not in nxt or nxt[new][0] < total:
                    nxt[new] = (total, state, combo)
        layers.append(nxt)
    best_state = max(layers[-1], key=lambda s: (layers[-1][s][0] + sum(_POOL_END[x] for x in s), s))
    total = layers[-1][best_state][0] + sum(_POOL_END[x] for x in best_state)
    combos = []
    state = best_state
    for layer in reversed(layers[1:]):
        _, state, combo = layer[state]
        combos.append(combo)
    return total, combos[::-1]


def _pool_split(pool: list[list[Tile]]) -> list[tuple[int, str, tuple[Tile, ...]]]:
    """The groups `_pool_value` found, for a pool given as one list of tiles per effect."""
    out = []
    pool = [list(p) for p in pool if p]
    while pool:
        twos = [p for p in pool if len(p) == 2]
        ones = [p for p in pool if len(p) == 1]
        target = _pool_value(len(twos), len(ones))
        for kind, x, y in _pool_moves(len(twos), len(ones)):
            if kind[0] + _pool_value(len(twos) - x, len(ones) - y + x) == target:
                group = [p.pop() for p in twos[:x] + ones[:y]]
                out.append((kind[0], kind[1], tuple(sorted_tiles(group))))
                pool = [p for p in pool if p]
                break
    return out


def _rows_of(tiles: Iterable[Tile]) -> list[tuple[int, ...]]:
    rows = [[0] * len(COLOURS) for _ in EFFECTS]
    for t in tiles:
        e, c = tile_key(t)
        rows[e][c] += 1
    return [tuple(r) for r in rows]


def best_score(tiles: Iterable[Tile]) -> int:
    """The score of a player holding `tiles` in his collections: the best split's total."""
    return best_split(tiles)[0]


def best_split(tiles: Iterable[Tile]) -> tuple[int, list[tuple[int, str, tuple[Tile, ...]]]]:
    """(best total, [(points, collection name, tiles)]) with the collections by points, then tiles."""
    all_rows = _rows_of(parse_tile(t) for t in tiles)
    effects = [e for e, r in enumerate(all_rows) if any(r)]
    total, combos = _split_search([all_rows[e] for e in effects])
    groups: list[tuple[int, str, tuple[Tile, ...]]] = []
    pools: list[list[list[Tile]]] = [[] for _ in COLOURS]     # per colour, per effect, tiles sent there
    for e, combo in zip(effects, combos):
        for c, m in enumerate(combo):
            if m:
                pools[c].append([f"{EFFECTS[e]}/{COLOURS[c]}"] * m)
        groups += _row_split(e, tuple(n - m for n, m in zip(all_rows[e], combo)))
    for pool in pools:
        groups += _pool_split(pool)
    groups.sort(key=lambda g: (-g[0], [tile_key(t) for t in g[2]]))
    assert sum(g[0] for g in groups) == total
    return total, groups


def _row_split(effect: int, counts: tuple[int, ...]) -> list[tuple[int, str, tuple[Tile, ...]]]:
    """The groups `_row_cover` found for one effect's tiles."""
    out = []
    while any(counts):
        target = _row_cover(counts)
        c = next(j for j, n in enumerate(counts) if n)
        for kind, cells in _row_groups_of_first(counts, c):
            rest = list(counts)
            for j in cells:
                rest[j] -= 1
            if kind[0] + _row_cover(tuple(rest)) == target:
                out.append((kind[0], kind[1], tuple(f"{EFFECTS[effect]}/{COLOURS[j]}" for j in cells)))
                counts = tuple(rest)
                break
    return out


# Variant sans-couleurs: colours are ignored, so the table keeps one row per size and kind: tiles of one
# effect (the lower of the two values the colours split them into), or of different effects.
SAME_TWO, SAME_THREE = (10, "deux pareilles"), (150, "trois pareilles")


@lru_cache(maxsize=None)
def _same_cover(n: int) -> tuple[float, tuple[int, ...]]:
    """Best cover of n tiles of one effect by groups of 2 or 3 of them: (points, sizes); NEG if impossible."""
    if n == 0:
        return 0, ()
    best: tuple[float, tuple[int, ...]] = (NEG, ())
    for size, kind in ((3, SAME_THREE), (2, SAME_TWO)):
        if n >= size:
            rest, sizes = _same_cover(n - size)
            if rest != NEG and kind[0] + rest > best[0]:
                best = (kind[0] + rest, (size,) + sizes)
    return best


def best_split_colourless(tiles: Iterable[Tile]) -> tuple[int, list[tuple[int, str, tuple[Tile, ...]]]]:
    """best_split when colours do not count (variant sans-couleurs): groups of one effect, or of different
    effects. Dynamic programming over the effects, with the pool of tiles sent to groups of different
    effects as its state (as in `_split_search`, with one pool)."""
    by_effect: dict[int, list[Tile]] = {}
    for t in sorted_tiles(parse_tile(t) for t in tiles):
        by_effect.setdefault(tile_key(t)[0], []).append(t)
    layers = [{0: (0, None, None)}]
    for e, group in sorted(by_effect.items()):
        nxt: dict = {}
        for state, (value, _, _) in layers[-1].items():
            for m in range(min(len(group), MAX_TO_COLUMNS) + 1):
                inside = _same_cover(len(group) - m)[0]
                if inside == NEG:
                    continue
                new, carried = _POOL_STEP[state][m]
                total = value + int(inside) + carried
                if new not in nxt or nxt[new][0] < total:
                    nxt[new] = (total, state, m)
        layers.append(nxt)
    end = max(layers[-1], key=lambda st: (layers[-1][st][0] + _POOL_END[st], st))
    total = layers[-1][end][0] + _POOL_END[end]
    sent, state = [], end
    for layer in reversed(layers[1:]):
        _, state, m = layer[state]
        sent.append(m)
    groups, pool = [], []
    for (e, group), m in zip(sorted(by_effect.items()), reversed(sent)):
        if m:
            pool.append(group[:m])
        rest = group[m:]
        for size in _same_cover(len(rest))[1]:
            kind = SAME_THREE if size == 3 else SAME_TWO
            groups.append((kind[0], kind[1], tuple(rest[:size])))
            rest = rest[size:]
    groups += _pool_split(pool)
    groups.sort(key=lambda g: (-g[0], [tile_key(t) for t in g[2]]))
    assert sum(g[0] for g in groups) == total
    return total, groups


def best_score_colourless(tiles: Iterable[Tile]) -> int:
    return best_split_colourless(tiles)[0]


def praxis_score_lines(tiles: list[str]) -> list[str]:
    """`pnp engine praxis score`: the best total alone, then one line per collection of the best split.

    Raises ValueError with a readable message for a word that is not a tile, or for more tiles than the
    search is bounded to (limits.SCORE_TILES).
    """
    if len(tiles) > limits.SCORE_TILES.default:
        raise ValueError(limits.exceeded(limits.SCORE_TILES, len(tiles), "tiles to score"))
    parsed = [parse_tile(t) for t in tiles]
    for tile, n in sorted(Counter(parsed).items(), key=lambda kv: tile_key(kv[0])):
        if n > STOCK[tile.split("/")[0]]:
            raise ValueError(f"{n} tiles {tile}: the box holds {STOCK[tile.split('/')[0]]}, "
                             f"so no player can collect more")
    total, groups = best_split(parsed)
    return [str(total)] + [f"{points} {name}: {' '.join(group)}" for points, name, group in groups]


# ---------------------------------------------------------------------------
# Positions and moves
# ---------------------------------------------------------------------------

def _portal_area(colour: str, variant: str | None = None) -> list[int]:
    """The squares the portal of `colour` may stand on, by index (inside the board of `variant`)."""
    return sorted({r * SIZE + c for c, r in square_range(*PORTAL_AREAS[colour], SIZE, SIZE)} & playable(variant))


@dataclass(frozen=True)
class PraxisPosition:
    """Everything the rules look at. Per-player tuples follow `players` order."""
    players: tuple[str, ...]
    to_move: str
    dice: tuple[tuple[int, str, int], ...]       # (square, player, face), by square
    tiles: tuple[tuple[int, Tile], ...]          # (square, tile), by square
    portals: tuple[int | None, ...]              # square of the bleu, rouge, vert, jaune portal (None: not used)
    hands: tuple[tuple[Tile, ...], ...]
    collections: tuple[tuple[Tile, ...], ...]
    pile: tuple[Tile, ...] = ()                  # top first
    round: int = 1                               # 0 while the dice are being set up
    rounds: int = DEFAULT_ROUNDS
    variant: str | None = None
    pending: tuple = ()                          # what the turn waits for (PENDING), e.g. ('duel', 43, 52, 1)


class PraxisMove(NamedTuple):
    """One turn. kind: 'turn' (tile and/or die move), 'enter', 'redraw', 'pass'.

    For a turn: `origin`/`dest` the die's squares (None: no die move), `tile` and
    `tile_at` the placement (None: no tile), `tile_first` whether the tile was put
    down before the die moved, `target` the square an effect needs. 'enter': `dest`
    (the die put down). 'retry': roll the white die to bring a die back. 'roll': a
    chance outcome, `roll` its value ('4', 'gagne', 'perd', '6', 'rate').

    A named tuple, not a frozen dataclass: legal_moves makes about 500 a choice, and a frozen dataclass's
    constructor sets each field through the frozen class's guard (three times the cost); made whole, never
    changed (`_replace` makes another).
    """
    kind: str
    origin: int | None = None
    dest: int | None = None
    target: int | None = None
    roll: str | None = None
    tile: Tile | None = None
    tile_at: int | None = None
    tile_first: bool = False




class _State:
    """A mutable copy of a position, for playing one move."""

    def __init__(self, p: PraxisPosition):
        self.p = p
        self.dice = {sq: [pl, f] for sq, pl, f in p.dice}
        self.tiles = dict(p.tiles)
        self.hands = {pl: list(h) for pl, h in zip(p.players, p.hands)}
        # Collections and the pile are kept as the position's tuples until a move changes them: copying
        # them for each of the hundreds of moves legal_moves tries cost more than the rules.
        self.collections = dict(zip(p.players, p.collections))
        self.pile = p.pile
        self.portal_colour = _portal_colours(p.portals)
        self.squares = playable(p.variant)
        self.effects: dict[str, list[int]] = {}
        self.pending: tuple = ()                  # set when the move leaves the turn waiting
        self.end: int | None = None               # where the moved die ends (None: no die move, or it left)
        self.next: tuple | None = None            # (player to move, round) once the move is played
        self._position: PraxisPosition | None = None

    @property
    def position(self) -> PraxisPosition:
        """The position the move leads to, frozen when first asked for: legal_moves plays many moves only to
        learn whether they are legal and where the die ends."""
        if self._position is None:
            self._position = self.freeze(*self.next)
        return self._position

    def note(self, kind: str, square: int) -> None:
        self.effects.setdefault(kind, []).append(square)

    def draw(self, player: str) -> None:
        if self.pile:
            self.hands[player].append(self.pile[0])
            self.pile = self.pile[1:]

    def empty(self, sq: int) -> bool:
        return sq not in self.dice and sq not in self.tiles

    def around(self, sq: int) -> list[int]:
        """The squares of the board in play touching `sq` by an edge or a corner."""
        return list(_AROUND_IN[self.squares][sq])

    def collects(self, sq: int, tile: Tile) -> bool:
        """Whether a die landing on `tile` on `sq` collects it: a portal of the tile's colour (any portal
        without colours)."""
        colour = self.portal_colour.get(sq)
        return colour is not None and (self.p.variant == "sans-couleurs" or tile.endswith("/" + colour))

    def off_board(self, player: str) -> int:
        return DICE_PER_PLAYER - sum(1 for pl, _ in self.dice.values() if pl == player)

    def collect(self, player: str, tile: Tile) -> None:
        self.collections[player] = self.collections[player] + (tile,)

    def freeze(self, to_move: str, round_: int) -> PraxisPosition:
        p = self.p
        hands = tuple(before if tuple(self.hands[pl]) == before else sorted_tiles(self.hands[pl])
                      for pl, before in zip(p.players, p.hands))
        collections = tuple(before if self.collections[pl] is before else sorted_tiles(self.collections[pl])
                            for pl, before in zip(p.players, p.collections))
        # Made without the frozen dataclass's __init__ (its fields one at a time, each through the frozen
        # class's guard): a greedy playtest freezes every legal move of every turn. A new object, all its fields
        # given at once and never changed after: the same fields, so the same position.
        position = object.__new__(PraxisPosition)
        position.__dict__.update(
            players=p.players, to_move=to_move, dice=tuple((sq, pl, f) for sq, (pl, f) in sorted(self.dice.items())),
            tiles=tuple(sorted(self.tiles.items())), portals=p.portals, hands=hands, collections=collections,
            pile=self.pile, round=round_, rounds=p.rounds, variant=p.variant, pending=self.pending)
        return position


@lru_cache(maxsize=1 << 14)
def _collection_score(tiles: tuple[Tile, ...], colourless: bool) -> int:
    """A collection's points, remembered: a playtest's evaluation asks the same few collections again and
    again (positions hold them sorted)."""
    return best_score_colourless(tiles) if colourless else best_score(tiles)


@lru_cache(maxsize=1 << 12)
def _colours(hand: tuple[Tile, ...]) -> frozenset[str]:
    """The colours of the tiles of a hand (the evaluation asks the same few hands again and again)."""
    return frozenset(t[t.index("/") + 1:] for t in hand)


@lru_cache(maxsize=1 << 16)
def _player_value(score: int, squares: tuple[int, ...], wanted: tuple[int, ...]) -> float:
    """One player's part of the evaluation: his points, his dice (on `squares`, by square) and how near each
    stands to the nearest portal he may collect on (`wanted`); remembered, a greedy ranking asks the same
    ones again and again."""
    near = 0.0
    for sq in squares:
        if wanted:
            gaps = KING_GAP[sq]
            near += 0.1 / min(gaps[w] for w in wanted)
    return 0.25 * log1p(score) + 0.03 * len(squares) + near


class _Standings:
    """What `evaluate` reads of one position, kept to weigh it and, without building them, the positions its
    moves lead to (move_values): each player's points, the squares of his dice (by square) and the colours in
    his hand; the portals in play and the tiles on them. `value` is the one formula of both, so a move weighed
    here gets the float its played position's evaluation gives, to the last bit."""
    __slots__ = ("players", "colourless", "scores", "portals", "portal_squares", "owners", "squares", "board", "held",
                 "others", "moved")

    def __init__(self, p: PraxisPosition, scores: dict):
        self.players = p.players
        self.colourless = p.variant == "sans-couleurs"
        self.scores = scores
        self.portals = tuple((colour, sq) for colour, sq in zip(COLOURS, p.portals) if sq is not None)
        self.owners = {sq: owner for sq, owner, _face in p.dice}
        self.squares = {pl: tuple(sq for sq, owner, _face in p.dice if owner == pl) for pl in p.players}
        self.portal_squares = frozenset(sq for _colour, sq in self.portals)
        self.board = {sq: t for sq, t in p.tiles if sq in self.portal_squares}
        self.held = {pl: _colours(hand) for pl, hand in zip(p.players, p.hands)}
        self.others: dict = {}          # value()'s best other player's part, by what it reads
        self.moved: dict = {}           # value()'s reading of the board after a die's move (_part), by the move

    def value(self, player: str, origin: int | None = None, dest: int | None = None, board: dict | None = None,
              held: frozenset | None = None, score: int | None = None) -> float:
        """For `player` less the best other, tanh of each one's `_player_value`, after `player`'s die went from
        `origin` (None: it came onto the board) to `dest` (None: it left it, or no die moved), beating a die
        there; `board` the tiles on the portals then (None: as now), `held` the colours of his hand then and
        `score` his points then (None: as now)."""
        if board is None:
            # what the die's move alone decides, remembered: a ranking weighs each die move with every tile
            # of the hand put down
            key = (player, origin, dest)
            part = self.moved.get(key)
            if part is None:
                part = self.moved[key] = self._part(player, origin, dest, self.board)
        else:
            part = self._part(player, origin, dest, board)
        free, laden, squares, best = part
        hand = self.held[player] if held is None else held
        colourless = self.colourless
        wanted = tuple(sq for colour, sq in free if sq in laden or (hand if colourless else colour in hand))
        mine = _player_value(self.scores[player] if score is None else score, squares, wanted)
        return tanh(mine - best)

    def _part(self, player: str, origin: int | None, dest: int | None, tiles: dict) -> tuple:
        """value()'s reading of the board after the die's move, `tiles` on the portals: the free portals, those
        bearing a tile of their own colour, the squares of `player`'s dice and the best other player's part."""
        colourless = self.colourless
        owners = self.owners
        # portals a die may collect on: free of dice; by colour, or any for sans-couleurs; one bearing a
        # tile of its own colour is open to every player
        free = tuple((colour, sq) for colour, sq in self.portals if sq != dest and (sq == origin or sq not in owners))
        laden = []
        for colour, sq in free:
            t = tiles.get(sq)
            if t is not None and (colourless or t.endswith("/" + colour)):
                laden.append(sq)
        laden = tuple(laden)
        beaten = owners.get(dest) if dest is not None else None
        squares = self.squares[player]
        if origin is not None or dest is not None:
            kept = [sq for sq in squares if sq != origin]
            squares = tuple(sorted(kept + [dest])) if dest is not None else tuple(kept)
        # the best other player's part: the same for every move that leaves the free portals, their tiles and
        # the dice beaten alike (most moves of a ranking), so found once for them
        key = (player, free, laden, dest if beaten is not None else None)
        best = self.others.get(key)
        if best is None:
            best = NEG
            for pl in self.players:
                if pl == player:
                    continue
                others = self.squares[pl]
                if pl == beaten:
                    others = tuple(sq for sq in others if sq != dest)
                hand = self.held[pl]
                wanted = tuple(sq for colour, sq in free if sq in laden or (hand if colourless else colour in hand))
                v = _player_value(self.scores[pl], others, wanted)
                if v > best:
                    best = v
            self.others[key] = best
        return free, laden, squares, best


# Squares apart as a king walks (the larger of the column and row gaps), every pair of squares.
KING_GAP = tuple(tuple(max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE)) for b in range(SIZE * SIZE))
                 for a in range(SIZE * SIZE))


@lru_cache(maxsize=None)
def _portal_colours(portals: tuple[int | None, ...]) -> dict[int, str]:
    """Square -> colour of the portals in play (shared: never changed)."""
    return {sq: COLOURS[i] for i, sq in enumerate(portals) if sq is not None}


def _directions(face: int, variant: str | None) -> tuple[tuple[tuple[int, int], ...], int]:
    """(directions, longest move) of a die showing `face`."""
    if variant == "points":
        # pips: the centre pip moves orthogonally, corner pips diagonally, six pips both, 2 squares at most
        if face == 1:
            return ORTHOGONAL, SIZE
        if face in (2, 4):
            return DIAGONAL, SIZE
        if face in (3, 5):
            return ALL_DIRECTIONS, SIZE
        return ALL_DIRECTIONS, 2
    return (ORTHOGONAL if face % 2 else DIAGONAL), SIZE


# Each direction's squares from each square to the board's edge, in order.
RAYS = {d: tuple(tuple(GRID.ray(sq, d)) for sq in range(SIZE * SIZE)) for d in ALL_DIRECTIONS}


def _rays(st: _State, origin: int, face: int, variant: str | None) -> list[int]:
    """Squares a die on `origin` can try to stop on: empty ones, and the first occupied one of each line."""
    dirs, longest = _directions(face, variant)
    out = []
    for d in dirs:
        for sq in RAYS[d][origin][:longest]:
            if sq not in st.squares:
                break
            out.append(sq)
            if not st.empty(sq):
                break
    return out


FACES = tuple(str(f) for f in range(1, 7))
_SIXTH = float(Fraction(1, 6))        # a face's odds, as weigh() reads a chance outcome's
# The tiles by code (effect, then colour: tile_key's order), and each tile's code.
TILES = tuple(sorted(TILE_INDEX, key=tile_key))
TILE_CODE = {t: i for i, t in enumerate(TILES)}


def _turn_of(key: tuple) -> PraxisMove:
    """The turn of a key (origin, dest, target, tile's code, tile's square, tile first), -1 for what it leaves
    out. Keys sort as legal_moves lists the turns: by die, destination, target, tile, its square, tile first."""
    origin, dest, target, code, at, first = key
    return _new_move(PraxisMove, ("turn", None if origin < 0 else origin, None if dest < 0 else dest,
                                  None if target < 0 else target, None, None if code < 0 else TILES[code],
                                  None if at < 0 else at, first))


_new_move = tuple.__new__      # a PraxisMove from its eight fields, in order (as its _make does)


WIN, LOSE = "gagne", "perd"
RETURN_ROLL, MISSED = "6", "rate"
# What a turn may wait for: the chance steps, then the player's own steps. Each
# names (number of squares, whether it carries the `tuile` flag: a tile may still
# be put down after the roll).
CHANCE_STEPS = ("face", "retour", "mutation", "duel", "recuperation")
PENDING_SHAPE = {"face": (0, False), "retour": (0, False), "pose": (0, False), "mutation": (1, True),
                 "duel": (2, True), "recuperation": (2, True), "suite": (1, False)}


STAYS, LEAVES, ROLLS, ILLEGAL = "stays", "leaves", "rolls", "illegal"


def _quiet_landing(st: _State, dest: int, face: int) -> str | None:
    """What a die showing `face` landing on the tile on `dest` leads to, where the rules need no square and
    nothing on the board but the tile and the face decides it (`_activate`): it STAYS there (the tile
    collected, or a face changed within 1-6), LEAVES the board (interdiction), ROLLS its face again
    (mutation), or the move is ILLEGAL (a face pushed past 1 or 6). None for the others (played)."""
    tile = st.tiles.get(dest)
    if tile is None:        # a die beaten where beating draws a tile
        return None
    if st.collects(dest, tile) and st.p.variant != "effet-et-collection":
        return STAYS
    effect = tile[:tile.index("/")]
    change = FACE_CHANGE.get(effect)
    if change is not None:
        return STAYS if 1 <= face + change <= 6 else ILLEGAL
    if effect == "interdiction":
        return LEAVES
    if effect == "mutation":
        return ROLLS
    return None


def duel_odds(attacker: int, defender: int) -> Fraction:
    """The chance that a die showing `attacker` wins a duel against one showing `defender`.

    Each adds a white-die roll to his face; ties go to the attacker.
    """
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if attacker + a >= defender + d)
    return Fraction(wins, 36)


class PraxisEngine(Engine):
    game_id = "praxis"
    players = COLOURS
    player_counts = (2, 3, 4)
    variants = VARIANTS
    effect_kinds = ("captures", "activations", "collections", "explosions", "entries", "placements", "teleports")
    extra_claims = ("hand", "collection", "face")
    playtest_agent = "greedy"    # random players almost never collect: their games end 0-0
    illegal_reasons = reasons(
        "game_over", "occupied", "blocked",
        no_die="no die of the player to move on that square",
        not_aligned="the die's face does not move it in that direction",
        off_board="the square is outside the board in play (variant petit-plateau)",
        too_far="further than the die's face allows",
        own_die="the square holds one of the player's own dice",
        weaker_attacker="the attacking die shows a lower face than the attacked one",
        not_applicable="the tile's effect cannot apply to this die",
        bad_target="the effect's square is not one it can use",
        missing_target="the effect needs a square (>SQUARE)",
        bad_roll="the roll written is not a possible result",
        not_in_hand="the tile is not in the player's hand",
        not_adjacent="the tile must touch the square of the die by an edge or a corner",
        no_die_off_board="the player has no die off the board",
        empty_pile="the pile is empty",
        placement_after_exit="the die left the board: no tile can be put next to it",
        placement_after_roll="the tile comes after the roll: it is the next move",
        nothing="a turn moves a die or puts down a tile (or write 'passe')",
        waiting="the turn waits for something else (a die to put down, a tile after a roll)",
        roll_first="a die comes back only after a 6 on the white die: 'retour' rolls it",
        chance="chance acts here: write its outcome (=VALUE)",
    )

    # --- positions -----------------------------------------------------------
    def initial(self, variant: str | None = None, *, players: int | None = None,
                seed: int | None = None) -> PraxisPosition:
        """Portals on their drawn squares, the 108 tiles shuffled by `seed` into the pile, 3 dealt to
        each player in turn; the first player rolls the face of his first die."""
        self.check_variant(variant)
        seats = self.players_for(players)
        colours = game_colours(variant)
        pile = self.shuffled([t for t in TILE_INDEX for _ in range(STOCK[t.split("/")[0]])
                              if t.split("/")[1] in colours], seed)
        # the same seed also draws the portals' squares and the first player (a stream of its own, so the
        # deal of a seed stays what it was)
        rng = random.Random(f"praxis-setup-{DEFAULT_SEED if seed is None else seed}")
        portals = tuple(rng.choice(_portal_area(c, variant)) if c in colours else None for c in COLOURS)
        first = rng.randrange(len(seats))
        order = seats[first:] + seats[:first]
        hands = []
        for _ in order:
            hands.append(sorted_tiles(pile[:HAND_SIZE]))
            del pile[:HAND_SIZE]
        return PraxisPosition(players=order, to_move=order[0], dice=(), tiles=(), portals=portals,
                              hands=tuple(hands), collections=tuple(() for _ in order), pile=tuple(pile),
                              round=0, variant=variant, pending=("face",))

    def read_position(self, data: Any, to_move: str | None = None, variant: str | None = None) -> PraxisPosition:
        self.check_variant(variant)
        if not isinstance(data, dict):
            raise NotationError("a Praxis position is a mapping: squares (d4: B4 for a die, "
                                "e5: plus1/rouge for a tile) and optional joueurs, portails, mains, "
                                "collections, pioche, tour, tours")
        dice, tiles = {}, {}
        colours = game_colours(variant)
        squares = playable(variant)
        portals = {c: GRID.index(s) for c, s in DEFAULT_PORTALS.items() if c in colours}
        hands: dict[str, list] = {}
        collections: dict[str, list] = {}
        pile: list = []
        players = None
        round_, rounds = 1, DEFAULT_ROUNDS
        pending: tuple = ()
        for key, value in data.items():
            key = str(key)
            if key == "joueurs":
                players = self._read_players(value, key)
            elif key == "portails":
                if not isinstance(value, dict):
                    raise NotationError("portails: a mapping colour -> square, e.g. {bleu: c7}", key)
                for colour, sq in value.items():
                    if colour not in colours:
                        raise NotationError(f"portails: '{colour}' is not a portal colour of this game "
                                            f"({', '.join(colours)})", key)
                    at = GRID.index(sq, key)
                    if at not in _portal_area(colour, variant):
                        area = ", ".join(GRID.name(s) for s in _portal_area(colour, variant))
                        raise NotationError(f"portails: the {colour} portal stands on {area}, not on {sq}", key)
                    portals[colour] = at
            elif key in ("mains", "collections"):
                target = hands if key == "mains" else collections
                if not isinstance(value, dict):
                    raise NotationError(f"{key}: a mapping player -> list of tiles", key)
                for pl, items in value.items():
                    if pl not in COLOURS:
                        raise NotationError(f"{key}: '{pl}' is not a player ({', '.join(COLOURS)})", key)
                    target[pl] = self._read_tiles(items, key)
            elif key == "pioche":
                pile = self._read_tiles(value, key)
            elif key == "attente":
                pending = self._read_pending(value, key)
            elif key in ("tour", "tours"):
                if isinstance(value, bool) or not isinstance(value, int) or value < (0 if key == "tour" else 1):
                    raise NotationError(f"{key}: expected a whole number, found {value!r}", key)
                if key == "tour":
                    round_ = value
                else:
                    rounds = value
            else:
                if not GRID.is_square(key):
                    raise NotationError(f"'{key}' is neither a square (a1 to h8) nor one of joueurs, portails, "
                                        f"mains, collections, pioche, tour, tours, attente", key)
                index = GRID.index(key, key)
                if index not in squares:
                    raise NotationError(f"'{key}' is outside the board of this variant ({'-'.join(SMALL_BOARD)})", key)
                text = str(value).strip() if value is not None else ""
                m = re.fullmatch(r"([BRVJ])([1-6])", text, re.I)
                if m:
                    dice[index] = (LETTER_PLAYER[m.group(1).upper()], int(m.group(2)))
                else:
                    try:
                        tiles[index] = parse_tile(text)
                    except ValueError as err:
                        raise NotationError(f"{key}: '{text}' is neither a die (B4: letter B, R, V or J and "
                                            f"the face) nor a tile ({err})", key) from None
        mentioned = {pl for pl, _ in dice.values()} | set(hands) | set(collections)
        if to_move is not None:
            if to_move not in COLOURS:
                raise NotationError(f"to_move: '{to_move}' is not a player ({', '.join(COLOURS)})")
            mentioned.add(to_move)
        if players is None:
            players = [c for c in COLOURS if c in mentioned]
            for c in COLOURS:
                if len(players) >= 2:
                    break
                if c not in players:
                    players.append(c)
            players = tuple(c for c in COLOURS if c in players)
        else:
            missing = sorted(mentioned - set(players), key=COLOURS.index)
            if missing:
                raise NotationError(f"joueurs: {', '.join(missing)} appears in the position but is not a player")
        if to_move is None:
            to_move = players[0]
        for pl in players:
            n = sum(1 for p, _ in dice.values() if p == pl)
            if n > DICE_PER_PLAYER:
                raise NotationError(f"{pl} has {n} dice on the board; each player has {DICE_PER_PLAYER}")
        squares = list(portals.values())
        if len(set(squares)) != len(squares):
            raise NotationError("portails: two portals on one square")
        counts: dict[str, int] = {}
        for t in list(tiles.values()) + pile + [t for h in hands.values() for t in h] + \
                [t for c in collections.values() for t in c]:
            counts[t] = counts.get(t, 0) + 1
        for t, n in sorted(counts.items(), key=lambda kv: tile_key(kv[0])):
            stock = STOCK[t.split("/")[0]] if t.split("/")[1] in colours else 0
            if n > stock:
                raise NotationError(f"{n} tiles {t} in the position; the game has {stock}")
        return PraxisPosition(
            players=players, to_move=to_move,
            dice=tuple((sq, pl, f) for sq, (pl, f) in sorted(dice.items())),
            tiles=tuple(sorted(tiles.items())),
            portals=tuple(portals.get(c) for c in COLOURS),
            hands=tuple(sorted_tiles(hands.get(pl, ())) for pl in players),
            collections=tuple(sorted_tiles(collections.get(pl, ())) for pl in players),
            pile=tuple(pile), round=round_, rounds=rounds, variant=variant,
            pending=pending or (("face",) if round_ == 0 else ()))

    @staticmethod
    def _read_players(value, key) -> tuple[str, ...]:
        if not isinstance(value, list) or not 2 <= len(value) <= 4:
            raise NotationError("joueurs: a list of 2 to 4 colours in turn order", key)
        out = []
        for pl in value:
            if pl not in COLOURS or pl in out:
                raise NotationError(f"joueurs: '{pl}' is not a colour or appears twice ({', '.join(COLOURS)})", key)
            out.append(pl)
        return tuple(out)

    @staticmethod
    def _read_pending(value, key) -> tuple:
        words = str(value).strip().lower().split()
        shapes = ", ".join(PENDING_SHAPE)
        if not words or words[0] not in PENDING_SHAPE:
            raise NotationError(f"attente: '{value}' is not something a turn waits for ({shapes})", key)
        kind, rest = words[0], words[1:]
        if kind == "pose":
            if len(rest) != 1 or rest[0] not in FACES:
                raise NotationError("attente: write 'pose' and the face rolled, e.g. 'pose 4'", key)
            return ("pose", int(rest[0]))
        squares, flag = PENDING_SHAPE[kind]
        tile = flag and rest[-1:] == ["tuile"]
        if tile:
            rest = rest[:-1]
        if len(rest) != squares:
            raise NotationError(f"attente: '{kind}' names {squares} square(s), e.g. 'duel d6 e7 tuile'", key)
        out = (kind,) + tuple(GRID.index(w, key) for w in rest)
        return out + ((int(tile),) if flag else ())

    @staticmethod
    def _write_pending(pending: tuple) -> str:
        kind = pending[0]
        if kind == "pose":
            return f"pose {pending[1]}"
        squares, flag = PENDING_SHAPE[kind]
        words = [kind] + [GRID.name(sq) for sq in pending[1:1 + squares]]
        return " ".join(words + (["tuile"] if flag and pending[-1] else []))

    @staticmethod
    def _read_tiles(value, key) -> list[Tile]:
        if not isinstance(value, list):
            raise NotationError(f"{key}: expected a list of tiles such as [plus1/bleu, pioche/vert]", key)
        out = []
        for item in value:
            try:
                out.append(parse_tile(item))
            except ValueError as err:
                raise NotationError(f"{key}: {err}", key) from None
        return out

    def write_position(self, position: PraxisPosition) -> dict:
        p = position
        out: dict[str, Any] = {}
        for sq, pl, f in p.dice:
            out[GRID.name(sq)] = f"{PLAYER_LETTER[pl]}{f}"
        for sq, t in p.tiles:
            out[GRID.name(sq)] = t
        out = {k: out[k] for k in sorted(out, key=lambda s: GRID.index(s))}
        out["joueurs"] = list(p.players)
        out["portails"] = {c: GRID.name(sq) for c, sq in zip(COLOURS, p.portals) if sq is not None}
        if any(p.hands):
            out["mains"] = {pl: list(h) for pl, h in zip(p.players, p.hands) if h}
        if any(p.collections):
            out["collections"] = {pl: list(c) for pl, c in zip(p.players, p.collections) if c}
        if p.pile:
            out["pioche"] = list(p.pile)
        out["tour"] = p.round
        out["tours"] = p.rounds
        if p.pending and not (p.round == 0 and p.pending == ("face",)):
            out["attente"] = self._write_pending(p.pending)
        return out

    def observation(self, position: PraxisPosition, player: str) -> dict:
        """What `player` sees: his own hand; the size of the others' hands and of the pile."""
        out = self.write_position(position)
        if "mains" in out:
            out["mains"] = {pl: tiles if pl == player else len(tiles) for pl, tiles in out["mains"].items()}
        if "pioche" in out:
            out["pioche"] = len(out["pioche"])
        return out

    def piece_text(self, key: str, text: Any) -> str:
        """A die 'b4' -> 'B4', a tile 'Plus1/Bleu' -> 'plus1/bleu', as write_position spells them."""
        if not GRID.is_square(key):
            raise NotationError(f"'{key}' is not a square (a1 to h8)", str(key))
        t = str(text).strip()
        if re.fullmatch(r"[BRVJ][1-6]", t, re.I):
            return t.upper()
        try:
            return parse_tile(t)
        except ValueError as err:
            raise NotationError(f"{key}: '{t}' is neither a die (B4) nor a tile ({err})", str(key)) from None

    def to_move(self, position: PraxisPosition) -> str:
        if position.pending and position.pending[0] in CHANCE_STEPS and self.outcome(position) is None:
            return CHANCE
        return position.to_move

    def chance_outcomes(self, position: PraxisPosition) -> list[tuple[PraxisMove, Fraction]]:
        """The rolls of a chance step and their exact probabilities (duel_odds for a duel)."""
        if self.to_move(position) != CHANCE:
            return []
        kind = position.pending[0]
        if kind == "retour":
            odds = [(RETURN_ROLL, Fraction(1, 6)), (MISSED, Fraction(5, 6))]
        elif kind == "duel":
            faces = {sq: f for sq, _, f in position.dice}
            win = duel_odds(faces[position.pending[1]], faces[position.pending[2]])
            odds = [(WIN, win), (LOSE, 1 - win)]
        else:
            odds = [(f, Fraction(1, 6)) for f in FACES]
        return [(PraxisMove("roll", roll=r), p) for r, p in odds if p]

    def placements(self, position: PraxisPosition) -> list[tuple[str, str, str | None]]:
        """Portals first (style portail_<colour>), then what stands on squares: tiles (tuile_<effect>_<colour>,
        whose style in board.yaml shows the effect and the colour's letter) and dice (de_<player>, showing
        letter and face, 'B4'), so that colour never carries the meaning alone."""
        out = []
        for colour, sq in zip(COLOURS, position.portals):
            if sq is not None:
                out.append((GRID.name(sq), f"portail_{colour}", None))
        for sq, t in position.tiles:
            effect, colour = t.split("/")
            out.append((GRID.name(sq), f"tuile_{effect}_{colour}", None))
        for sq, pl, f in position.dice:
            out.append((GRID.name(sq), f"de_{pl}", f"{PLAYER_LETTER[pl]}{f}"))
        return out

    def figure_items(self, position: PraxisPosition, component_id: str) -> list[str]:
        """The tiles a figure on the tiles shows (ids effect-colour of content/praxis/tuiles.yaml): the
        collections of the position, player after player, else the hand of the player to move."""
        tiles = [t for c in position.collections for t in c]
        if not tiles:
            tiles = list(position.hands[position.players.index(position.to_move)])
        return [t.replace("/", "-") for t in tiles]

    # --- the game's end and score --------------------------------------------
    def outcome(self, position: PraxisPosition) -> Outcome | None:
        if position.round <= position.rounds:
            return None
        scores = self.score(position)
        best = max(scores.values())
        leaders = [pl for pl in position.players if scores[pl] == best]
        if len(leaders) > 1:
            return Outcome(None, f"the {position.rounds} rounds are played; {' and '.join(leaders)} tie with {best}", "tie")
        return Outcome(leaders[0], f"the {position.rounds} rounds are played; best collections, {best} points", "collections")

    def score(self, position: PraxisPosition) -> dict[str, int]:
        colourless = position.variant == "sans-couleurs"
        return {pl: _collection_score(c, colourless) for pl, c in zip(position.players, position.collections)}

    # --- moves ---------------------------------------------------------------
    def legal_moves(self, position: PraxisPosition) -> list[PraxisMove]:
        """Pass, a new hand, bringing a die back, then the turns in `_turn_of`'s order (found as keys, sorted as
        tuples of numbers, made into moves once)."""
        p = position
        if self.outcome(p) is not None:
            return []
        if self.to_move(p) == CHANCE:
            return [m for m, _ in self.chance_outcomes(p)]
        st = _State(p)
        me = p.to_move
        if p.pending:
            kind = p.pending[0]
            if kind == "pose":
                return [PraxisMove("enter", dest=sq) for sq in sorted(st.squares) if st.empty(sq)]
            # "suite": a tile next to the die after its roll, or nothing
            end = p.pending[1]
            return [PraxisMove("pass")] + [PraxisMove("turn", tile=t, tile_at=s)
                                           for t in sorted(set(st.hands[me]), key=tile_key)
                                           for s in st.around(end) if st.empty(s)]
        out: list[PraxisMove] = [PraxisMove("pass")]
        if p.pile:
            out.append(PraxisMove("redraw"))
        if st.off_board(me):
            if p.variant == "rentree-1":
                out += [PraxisMove("enter", dest=sq) for sq in sorted(st.squares) if st.empty(sq)]
            else:
                out.append(PraxisMove("retry"))
        hand = sorted({TILE_CODE[t] for t in st.hands[me]})
        mine = [sq for sq, (pl, _) in sorted(st.dice.items()) if pl == me]
        # a tile alone touches one of the player's dice
        spots = sorted({s for d in mine for s in st.around(d) if st.empty(s)})
        turns = [(-1, -1, -1, c, s, False) for c in hand for s in spots]
        for origin in mine:
            self._turns_of_die(p, st, origin, hand, turns)
        turns.sort()
        return out + list(map(_turn_of, turns))

    def _turns_of_die(self, p: PraxisPosition, st: _State, origin: int, hand: list[int], out: list) -> None:
        """The turns that move the die on `origin` (their keys, added to `out`; `hand` the codes of the tiles
        in hand): alone, after a tile put down next to it, or before one put down next to where it ends, one
        move per result.

        A die move to an empty square does nothing else, so its turns are found without playing them: the
        tile after it may go on any empty square touching the end (the start square included), the tile
        before it on any empty square touching the start that the die does not cross or land on; a tile
        before that also touches the end gives the same result as the tile after, and is written so. Beating
        an enemy die is found the same way (but where beating draws a tile). Any other turn (a tile landed on,
        a die beaten with a draw) is played by `_run` to learn whether it is legal.
        """
        me = p.to_move
        face = st.dice[origin][1]
        played: dict[tuple, _State] = {}

        def try_run(key: tuple) -> _State | None:
            try:
                done = self._run(p, _turn_of(key))
            except IllegalMove:
                return None
            played[key] = done
            return done

        # beating a die changes nothing else (unless it draws a tile): legal when the die is an enemy's and not
        # stronger, found without playing it; its tile after goes where a die move's would
        plain_beat = p.variant != "prise-pioche"
        ends = _rays(st, origin, face, p.variant)
        for dest in ends:
            beaten = st.dice.get(dest) if plain_beat else None
            if beaten is not None and (beaten[0] == me or beaten[1] > face):
                continue
            if st.empty(dest) or beaten is not None:
                out.append((origin, dest, -1, -1, -1, False))
                after = [s for s in st.around(dest) if s == origin or st.empty(s)]
                out += [(origin, dest, -1, c, s, False) for c in hand for s in after]
                continue
            for target in self._effect_targets(st, dest, origin):
                key = (origin, dest, -1 if target is None else target, -1, -1, False)
                done = try_run(key)
                if done is None:
                    continue
                out.append(key)
                if done.end is None or done.pending:
                    continue
                # the tile after it: nothing more happens than its placement, legal on any empty square
                # touching the end, from the hand as the move left it
                out += [key[:3] + (c, s, False) for c in sorted({TILE_CODE[t] for t in done.hands[me]})
                        for s in done.around(done.end) if done.empty(s)]
        # tile first: the new tile may be landed on, or close a line
        lines = _directions(face, p.variant)[0]
        for s in st.around(origin):
            if not st.empty(s):
                continue
            on_line = (s % SIZE - origin % SIZE, s // SIZE - origin // SIZE) in lines
            for c in hand:
                st.tiles[s] = TILES[c]      # put down for a while (the rays and targets read it), then taken back
                try:
                    # a tile off the die's lines leaves its rays as they were
                    rays = _rays(st, origin, face, p.variant) if on_line else ends
                    self._tile_first_turns(p, st, origin, face, c, s, rays, plain_beat, try_run, played, out)
                finally:
                    del st.tiles[s]

    def _tile_first_turns(self, p: PraxisPosition, with_tile: _State, origin: int, face: int, c: int, s: int,
                          rays: list[int], plain_beat: bool, try_run, played: dict, out: list) -> None:
        """_turns_of_die's turns with the tile of code `c` put down on `s` before the die on `origin` moves
        (along `rays`, its squares to try with the tile down)."""
        me = p.to_move
        for dest in rays:
            beaten = with_tile.dice.get(dest) if plain_beat else None
            if beaten is not None and (beaten[0] == me or beaten[1] > face):
                continue
            if with_tile.empty(dest) or beaten is not None:
                if s not in AROUND[dest]:      # else the same as the tile put down after
                    out.append((origin, dest, -1, c, s, True))
                continue
            # The tile put down away from where the die lands changes nothing there: the effect's squares are
            # the same, and so is its legality, the pile still holding a tile after the placement's draw (for a
            # pioche); but a téléportation, which may name the tile's square or end beside it. So the turn is
            # legal when the die's move alone is (played above), and the tile could not come after (the end does
            # not touch it): listed without playing it.
            far = (dest != s and s not in AROUND[dest] and len(p.pile) >= 2
                   and not with_tile.tiles.get(dest, "").startswith("teleportation/"))
            landing = _quiet_landing(with_tile, dest, face)
            if landing is not None:
                # legal or not, and what follows, known without playing it: listed unless the tile could come
                # after the die's move to the same result (the die stays on a square the tile touches)
                if landing != ILLEGAL and (landing != STAYS or s not in AROUND[dest]):
                    out.append((origin, dest, -1, c, s, True))
                continue
            for target in self._effect_targets(with_tile, dest, origin):
                target = -1 if target is None else target
                key = (origin, dest, target, c, s, True)
                if far:
                    if (origin, dest, target, -1, -1, False) in played:
                        out.append(key)
                    continue
                done = try_run(key)
                if done is None:
                    continue
                if done.end is None or done.pending or s not in AROUND[done.end]:
                    out.append(key)      # the tile could not come after: no twin to compare with
                    continue
                twin = (origin, dest, target, c, s, False)
                other = played.get(twin)
                if other is None and twin not in played:
                    other = try_run(twin)
                if other is not None and other.position == done.position:
                    continue
                out.append(key)

    def _effect_targets(self, st: _State, dest: int, origin: int) -> list[int | None]:
        """The targets to try for the die on `origin` landing on `dest` (None: none needed): the squares the
        effect may name once the die has left `origin` (an enemy die for a duel, an empty square for a
        récupération, a tile for an explosion, a téléportation tile or a portal for a téléportation), in
        square order; the rest of legality is left to `_run`, which refuses the others anyway (trying each
        square of the board cost more than the rules)."""
        tile = st.tiles.get(dest)
        if tile is None:
            return [None]
        effect, colour = tile.split("/")
        if st.collects(dest, tile) and st.p.variant != "effet-et-collection":
            return [None]
        me = st.dice[origin][0]
        if effect == "duel":
            return [s for s in st.around(dest) if s in st.dice and st.dice[s][0] != me]
        if effect == "recuperation":
            if st.off_board(me) == 0:       # the die lifted, his other one still stands: nothing to bring back
                return []
            return [s for s in st.around(dest) if s == origin or st.empty(s)]
        if effect == "explosion":
            return [s for s in st.around(dest) if s in st.tiles]
        if effect == "teleportation":
            portals = st.portal_colour if st.p.variant == "teleportation-portail" else {}
            return [s for s in sorted(st.squares) if s != dest and (
                st.tiles.get(s, "").startswith("teleportation/")
                or (s in portals and (s == origin or st.empty(s))))]
        return [None]

    def play(self, position: PraxisPosition, move: PraxisMove) -> PraxisPosition:
        return self._run(position, move).position

    def effects(self, position: PraxisPosition, move: PraxisMove) -> dict[str, list[str]]:
        fx = self._run(position, move).effects
        return {k: [GRID.name(s) for s in v] for k, v in fx.items()}

    def held_pieces(self, position: PraxisPosition) -> list[tuple[str, str, str, str | None]]:
        """Each player's hand, then collections: the tiles a figure shows beside the board."""
        out = []
        for what, holdings in (("hand", position.hands), ("collections", position.collections)):
            for player, tiles in zip(position.players, holdings):
                out += [(what, player, "tuile_" + t.replace("/", "_"), None) for t in tiles]
        return out

    def impossible(self, position: PraxisPosition) -> list[tuple[str, str]]:
        """A hand short of HAND_SIZE tiles while the pile still holds some: a hand is dealt 3, a tile laid is
        replaced from the pile, Pioche and renewing the hand only add, so a hand falls short only once the pile
        is empty. An empty hand is one the diagram left out: not told."""
        if not position.pile:
            return []
        return [("mains", f"{player} holds {len(hand)} tile(s) while the pile holds {len(position.pile)}: a hand "
                          f"falls under {HAND_SIZE} only once the pile is empty")
                for player, hand in zip(position.players, position.hands) if 0 < len(hand) < HAND_SIZE]

    def move_pieces(self, position: PraxisPosition, move: PraxisMove) -> list[tuple[str, str, str | None]]:
        """The tile the turn puts down from the hand, on its square."""
        if move.tile is None or move.tile_at is None:
            return []
        effect, colour = move.tile.split("/")
        return [(GRID.name(move.tile_at), f"tuile_{effect}_{colour}", None)]

    def move_origin(self, move: PraxisMove) -> str | None:
        return GRID.name(move.origin) if move.origin is not None else None

    def _run(self, p: PraxisPosition, mv: PraxisMove) -> "_State":
        """Play `mv`: the state holds the new `position`, the `effects` and where the die `end`s.

        IllegalMove when the rules forbid the move.
        """
        if self.outcome(p) is not None:
            raise IllegalMove("game_over", "the game is over")
        st = _State(p)
        me = p.to_move
        chance = self.to_move(p) == CHANCE
        if chance != (mv.kind == "roll"):
            if chance:
                raise IllegalMove("chance", f"the turn waits for a roll ({self._write_pending(p.pending)}): "
                                            f"write its outcome, e.g. ={self.chance_outcomes(p)[0][0].roll}")
            raise IllegalMove("bad_roll", "nothing is rolled here")
        if chance:
            self._resolve(st, me, mv)
        elif p.pending:
            self._follow(st, me, mv)
        elif mv.kind == "pass":
            pass
        elif mv.kind == "redraw":
            if not st.pile:
                raise IllegalMove("empty_pile", "the pile is empty: there is nothing to draw")
            st.hands[me] = []
            for _ in range(HAND_SIZE):
                st.draw(me)
        elif mv.kind == "enter":
            if st.p.variant != "rentree-1":
                raise IllegalMove("roll_first", "a die comes back after a 6 on the white die: write 'retour'")
            self._enter(st, me, mv.dest, 1)
        elif mv.kind == "retry":
            if st.p.variant == "rentree-1":
                raise IllegalMove("no_die_off_board", "in this variant a die comes back without a roll: +SQUARE")
            if st.off_board(me) == 0:
                raise IllegalMove("no_die_off_board", f"{me} has both dice on the board")
            st.pending = ("retour",)
        elif mv.kind == "turn":
            st.end = self._turn(st, me, mv)
        else:  # pragma: no cover - moves come from parse_move or legal_moves
            raise ValueError(mv.kind)
        if st.pending:
            st.next = (me, p.round)
            return st
        order = p.players
        nxt = order[(order.index(me) + 1) % len(order)]
        round_ = p.round
        if nxt == order[0]:
            if round_ >= 1:
                round_ += 1
            elif all(st.off_board(pl) == 0 for pl in order):
                round_ = 1
        if round_ == 0:
            st.pending = ("face",)
        st.next = (nxt, round_)
        return st

    def _resolve(self, st: _State, me: str, mv: PraxisMove) -> None:
        """A chance outcome: what the roll does, then what the turn still waits for (st.pending)."""
        kind, *args = st.p.pending
        allowed = [m.roll for m, _ in self.chance_outcomes(st.p)]
        if mv.roll not in allowed:
            raise IllegalMove("bad_roll", f"'{mv.roll}' is not a possible result ({', '.join(allowed)})")
        end = None
        if kind == "retour":
            st.pending = ("face",) if mv.roll == RETURN_ROLL else ()
            return
        if kind == "face":
            st.pending = ("pose", int(mv.roll))
            return
        if kind == "mutation":
            end = args[0]
            st.dice[end] = [me, int(mv.roll)]
        elif kind == "recuperation":
            end, target = args[0], args[1]
            st.dice[target] = [me, int(mv.roll)]
            st.note("entries", target)
        elif kind == "duel":
            end, target = args[0], args[1]
            if mv.roll == WIN:
                del st.dice[target]
                st.note("captures", target)
                self._reward(st, me)
            else:
                del st.dice[end]
                st.note("captures", end)
                end = None
        st.pending = ()
        if end is not None and args[-1] and st.hands[me] and any(st.empty(s) for s in st.around(end)):
            st.pending = ("suite", end)

    def _follow(self, st: _State, me: str, mv: PraxisMove) -> None:
        """The player's step the turn waits for: put the rolled die down, or a tile after a roll."""
        kind = st.p.pending[0]
        if kind == "pose":
            if mv.kind != "enter":
                raise IllegalMove("waiting", f"the die showing {st.p.pending[1]} is put on an empty square: +SQUARE")
            self._enter(st, me, mv.dest, st.p.pending[1])
            return
        if mv.kind == "pass":
            return
        if mv.kind != "turn" or mv.origin is not None or mv.tile is None:
            raise IllegalMove("waiting", f"after the roll, put a tile next to {GRID.name(st.p.pending[1])} "
                                         f"or write 'passe'")
        self._place(st, me, mv.tile, mv.tile_at, [st.p.pending[1]])

    def _enter(self, st: _State, me: str, dest: int, face: int) -> None:
        if st.off_board(me) == 0:
            raise IllegalMove("no_die_off_board", f"{me} has both dice on the board")
        if dest not in st.squares:
            raise IllegalMove("off_board", f"{GRID.name(dest)} is outside the board in play")
        if not st.empty(dest):
            raise IllegalMove("occupied", f"{GRID.name(dest)} is not empty")
        st.dice[dest] = [me, face]
        st.note("entries", dest)

    def _place(self, st: _State, me: str, tile: Tile, at: int, anchors: list[int]) -> None:
        if tile not in st.hands[me]:
            raise IllegalMove("not_in_hand", f"{tile} is not in {me}'s hand")
        if not st.empty(at):
            raise IllegalMove("occupied", f"{GRID.name(at)} is not empty")
        if at not in st.squares or not any(at in st.around(a) for a in anchors):
            where = " or ".join(GRID.name(a) for a in anchors) or "a die of the player"
            raise IllegalMove("not_adjacent", f"{GRID.name(at)} does not touch {where}")
        st.hands[me].remove(tile)
        st.tiles[at] = tile
        st.note("placements", at)
        st.draw(me)

    def _turn(self, st: _State, me: str, mv: PraxisMove) -> int | None:
        if mv.origin is None:
            if mv.tile is None:
                raise IllegalMove("nothing", "a turn moves a die or puts down a tile")
            mine = [sq for sq, (pl, _) in sorted(st.dice.items()) if pl == me]
            self._place(st, me, mv.tile, mv.tile_at, mine)
            return None
        die = st.dice.get(mv.origin)
        if die is None or die[0] != me:
            raise IllegalMove("no_die", f"no {me} die on {GRID.name(mv.origin)}")
        if mv.tile is not None and mv.tile_first:
            self._place(st, me, mv.tile, mv.tile_at, [mv.origin])
        end = self._move_die(st, me, mv)
        if st.pending:
            st.pending += (int(mv.tile is None),)     # a tile may still come after the roll
        if mv.tile is not None and not mv.tile_first:
            if st.pending:
                raise IllegalMove("placement_after_roll", "the die's tile needs a roll first: put the tile "
                                                          "down in the next move")
            if end is None:
                raise IllegalMove("placement_after_exit", "the die left the board: no tile can be put next to it")
            self._place(st, me, mv.tile, mv.tile_at, [end])
        return end

    def _move_die(self, st: _State, me: str, mv: PraxisMove) -> int | None:
        """Move the die and apply what it lands on; returns where it ends, None if it left the board."""
        origin, dest = mv.origin, mv.dest
        face = st.dice[origin][1]
        dirs, longest = _directions(face, st.p.variant)
        dc, dr = dest % SIZE - origin % SIZE, dest // SIZE - origin // SIZE
        n = max(abs(dc), abs(dr))
        if n == 0 or (dc and dr and abs(dc) != abs(dr)) or (dc // n, dr // n) not in dirs:
            kind = "orthogonally" if dirs == ORTHOGONAL else "diagonally" if dirs == DIAGONAL else "in a straight line"
            raise IllegalMove("not_aligned", f"a die showing {face} moves {kind}: "
                                             f"{GRID.name(origin)}-{GRID.name(dest)} is not")
        if n > longest:
            raise IllegalMove("too_far", f"a die showing {face} moves {longest} squares at most")
        if dest not in st.squares:
            raise IllegalMove("off_board", f"{GRID.name(dest)} is outside the board in play")
        for sq in GRID.between(origin, dest):
            if not st.empty(sq):
                raise IllegalMove("blocked", f"{GRID.name(sq)} is occupied on the way")
        del st.dice[origin]
        target = st.dice.get(dest)
        if target is not None:
            if target[0] == me:
                raise IllegalMove("own_die", f"{GRID.name(dest)} holds a {me} die")
            if face < target[1]:
                raise IllegalMove("weaker_attacker", f"a {face} cannot attack a {target[1]}")
            self._extra(mv)
            st.dice[dest] = [me, face]
            st.note("captures", dest)
            self._reward(st, me)
            return dest
        tile = st.tiles.get(dest)
        if tile is None:
            self._extra(mv)
            st.dice[dest] = [me, face]
            return dest
        return self._activate(st, me, face, dest, tile, mv)

    @staticmethod
    def _extra(mv: PraxisMove) -> None:
        if mv.target is not None:
            raise IllegalMove("bad_target", "nothing on the end square needs a square")

    def _reward(self, st: _State, me: str) -> None:
        if st.p.variant == "prise-pioche":
            st.draw(me)

    def _activate(self, st: _State, me: str, face: int, dest: int, tile: Tile, mv: PraxisMove) -> int | None:
        effect, colour = tile.split("/")
        del st.tiles[dest]
        st.note("activations", dest)
        collect = st.collects(dest, tile)
        if collect and st.p.variant != "effet-et-collection":
            self._extra(mv)
            st.dice[dest] = [me, face]
            st.collect(me, tile)
            st.note("collections", dest)
            return dest
        end = self._apply_effect(st, me, face, dest, effect, mv)
        if collect:
            st.collect(me, tile)
            st.note("collections", dest)
        return end

    def _apply_effect(self, st: _State, me: str, face: int, dest: int, effect: str, mv: PraxisMove) -> int | None:
        around = st.around(dest)
        if effect in FACE_CHANGE:
            new = face + FACE_CHANGE[effect]
            if not 1 <= new <= 6:
                raise IllegalMove("not_applicable", f"{effect} would turn a {face} into {new}: faces run from 1 to 6")
            self._extra(mv)
            st.dice[dest] = [me, new]
            return dest
        if effect == "interdiction":
            self._extra(mv)
            st.note("captures", dest)
            return None
        if effect == "pioche":
            if not st.pile:
                raise IllegalMove("not_applicable", "pioche: the pile is empty")
            self._extra(mv)
            st.dice[dest] = [me, face]
            st.draw(me)
            return dest
        if effect == "mutation":
            self._extra(mv)
            st.dice[dest] = [me, face]
            st.pending = ("mutation", dest)
            return dest
        if effect == "explosion":
            tiles_near = [s for s in around if s in st.tiles]
            if not tiles_near:
                raise IllegalMove("not_applicable", "explosion: no tile touches the square")
            self._need_target(mv, tiles_near, "a tile touching the explosion")
            del st.tiles[mv.target]
            st.note("explosions", mv.target)
            st.dice[dest] = [me, face]
            return dest
        if effect == "duel":
            enemies = [s for s in around if s in st.dice and st.dice[s][0] != me]
            return self._roll_against(st, me, face, mv, "duel", enemies, "duel: no enemy die touches the square",
                                      "an enemy die touching the duel tile")
        if effect == "recuperation":
            if st.off_board(me) <= 1:   # the moving die itself is lifted: its partner must be off too
                raise IllegalMove("not_applicable", f"récupération: {me} has no die off the board")
            free = [s for s in around if st.empty(s)]
            return self._roll_against(st, me, face, mv, "recuperation", free,
                                      "récupération: no empty square touches the die",
                                      "an empty square touching the die")
        if effect == "teleportation":
            others = [s for s, t in sorted(st.tiles.items()) if t.startswith("teleportation/")]
            if st.p.variant == "teleportation-portail":
                others = sorted(set(others) | {s for s in st.portal_colour if st.empty(s) and s != dest})
            if not others:
                raise IllegalMove("not_applicable", "téléportation: no other téléportation tile on the board")
            self._need_target(mv, others, "another téléportation tile" +
                              (" or an empty portal" if st.p.variant == "teleportation-portail" else ""))
            if mv.target in st.tiles:
                del st.tiles[mv.target]
            st.dice[mv.target] = [me, face]
            st.note("teleports", mv.target)
            return mv.target
        raise AssertionError(effect)  # pragma: no cover - every effect is handled above

    def _roll_against(self, st: _State, me: str, face: int, mv: PraxisMove, kind: str, squares: list[int],
                      none: str, what: str) -> int:
        """A duel or a récupération: the die stays on the tile, the turn waits for the roll about `mv.target`."""
        if not squares:
            raise IllegalMove("not_applicable", none)
        self._need_target(mv, squares, what)
        st.dice[mv.dest] = [me, face]
        st.pending = (kind, mv.dest, mv.target)
        return mv.dest

    @staticmethod
    def _need_target(mv: PraxisMove, allowed: list[int], what: str) -> None:
        if mv.target is None:
            raise IllegalMove("missing_target", f"write the square the effect uses (>{GRID.name(allowed[0])}): {what}")
        if mv.target not in allowed:
            raise IllegalMove("bad_target", f"{GRID.name(mv.target)} is not {what} "
                                            f"(possible: {', '.join(GRID.name(s) for s in allowed)})")

    # --- notation ------------------------------------------------------------
    _DIE = re.compile(r"^([a-h][1-8])([-x])([a-h][1-8])(?:>([a-h][1-8]))?$")
    _TILE = re.compile(r"^([a-z0-9]+/[a-z]+)@([a-h][1-8])$")
    _ENTER = re.compile(r"^\+([a-h][1-8])$")
    _ROLL = re.compile(r"^=([a-z0-9]+)$")

    def parse_move(self, position: PraxisPosition, text: str) -> PraxisMove:
        t = " ".join(str(text).strip().lower().split())
        if t == "passe":
            mv = PraxisMove("pass")
        elif t == "renouvelle":
            mv = PraxisMove("redraw")
        elif t == "retour":
            mv = PraxisMove("retry")
        elif self._ENTER.match(t):
            mv = PraxisMove("enter", dest=GRID.index(self._ENTER.match(t).group(1)))
        elif self._ROLL.match(t):
            mv = PraxisMove("roll", roll=self._ROLL.match(t).group(1))
        else:
            mv = self._parse_turn(position, t, text)
        done = self._run(position, mv)     # raises IllegalMove with the reason
        if mv.kind == "turn" and mv.tile_first and mv.origin is not None:
            other = mv._replace(tile_first=False)
            try:
                if self._run(position, other).position == done.position:
                    mv = other
            except IllegalMove:
                pass
        return mv

    def _parse_turn(self, position: PraxisPosition, t: str, text: str) -> PraxisMove:
        parts = t.split(" ")
        if not 1 <= len(parts) <= 2:
            raise NotationError(self._syntax(text))
        die = tile = None
        tile_first = False
        for i, part in enumerate(parts):
            m = self._DIE.match(part)
            if m and die is None:
                die = m
                continue
            m = self._TILE.match(part)
            if m and tile is None:
                tile = m
                tile_first = die is None and len(parts) == 2 and i == 0
                continue
            raise NotationError(self._syntax(text))
        mv = PraxisMove("turn")
        if tile is not None:
            try:
                name = parse_tile(tile.group(1))
            except ValueError as err:
                raise NotationError(str(err)) from None
            mv = mv._replace(tile=name, tile_at=GRID.index(tile.group(2)), tile_first=tile_first)
        if die is not None:
            origin, sep, dest = GRID.index(die.group(1)), die.group(2), GRID.index(die.group(3))
            attacked = dict((sq, pl) for sq, pl, _ in position.dice).get(dest)
            if sep == "x" and (attacked is None or attacked == position.to_move):
                raise IllegalMove("bad_target", f"{GRID.name(dest)} holds no enemy die to attack")
            if sep == "-" and attacked is not None and attacked != position.to_move:
                raise NotationError(f"'{text}': {GRID.name(dest)} holds an enemy die: write the attack with x")
            mv = mv._replace(origin=origin, dest=dest, target=GRID.index(die.group(4)) if die.group(4) else None)
            if tile is None:
                mv = mv._replace(tile_first=False)
        return mv

    @staticmethod
    def _syntax(text: str) -> str:
        return (f"'{text}' is not a Praxis move: write passe, renouvelle, retour, +e5, a roll such as =4 "
                f"or =gagne, or a tile and/or a die move such as 'plus1/bleu@f5 d4-d6' (tile first) or "
                f"'d4-d6>e7 plus1/bleu@f5'")

    def format_move(self, position: PraxisPosition, move: PraxisMove) -> str:
        mv = move
        if mv.kind == "pass":
            return "passe"
        if mv.kind == "redraw":
            return "renouvelle"
        if mv.kind == "retry":
            return "retour"
        if mv.kind == "roll":
            return f"={mv.roll}"
        if mv.kind == "enter":
            return f"+{GRID.name(mv.dest)}"
        parts = []
        if mv.origin is not None:
            attacked = dict((sq, pl) for sq, pl, _ in position.dice).get(mv.dest)
            sep = "x" if attacked is not None and attacked != position.to_move else "-"
            die = f"{GRID.name(mv.origin)}{sep}{GRID.name(mv.dest)}"
            if mv.target is not None:
                die += f">{GRID.name(mv.target)}"
            parts.append(die)
        if mv.tile is not None:
            placed = f"{mv.tile}@{GRID.name(mv.tile_at)}"
            parts.insert(0 if mv.tile_first else len(parts), placed)
        return " ".join(parts)

    # --- game-specific claims ------------------------------------------------
    def check_claim(self, kind: str, value: Any, context) -> tuple[str, str] | None:
        """hand / collection: {player: [tiles]} after the moves; face: {square: face} after the moves."""
        after: PraxisPosition = context.after
        if kind in ("hand", "collection"):
            if not isinstance(value, dict):
                raise NotationError(f"{kind}: a mapping player -> list of tiles")
            source = after.hands if kind == "hand" else after.collections
            for pl, tiles in value.items():
                if pl not in after.players:
                    raise NotationError(f"{kind}: '{pl}' is not a player of this position")
                want = sorted_tiles(self._read_tiles(tiles, kind))
                have = source[after.players.index(pl)]
                if want != have:
                    return (f"{kind} of {pl} {' '.join(want) or 'empty'}", f"it is {' '.join(have) or 'empty'}")
            return None
        if kind == "face":
            if not isinstance(value, dict):
                raise NotationError("face: a mapping square -> face")
            faces = {sq: f for sq, _, f in after.dice}
            for key, f in value.items():
                sq = GRID.index(str(key), str(key))
                have = faces.get(sq)
                if have is None or str(have) != str(f):
                    found = "no die there" if have is None else f"it shows {have}"
                    return (f"the die on {key} shows {f}", found)
            return None
        return super().check_claim(kind, value, context)


    # --- playtest ----------------------------------------------------------------
    def evaluate(self, position: PraxisPosition, player: str) -> float:
        """For the player less the best other, tanh of: the collections' points (0.25 log(1 + points): a
        first tile is worth much, a 300-point collection does not swamp the rest), the dice on the board
        (0.03 each), and how close each die stands to a portal it could collect on (0.1 at most a die): a
        portal of a colour he holds a tile of, or bearing a tile of its own colour, nearer is better
        (touching it, the die collects next turn: tile down on the portal, die onto it)."""
        return _Standings(position, self._scores(position)).value(player)

    @staticmethod
    def _scores(p: PraxisPosition) -> dict[str, int]:
        colourless = p.variant == "sans-couleurs"
        return {pl: _collection_score(c, colourless) for pl, c in zip(p.players, p.collections)}    # score()

    def move_values(self, position: PraxisPosition, moves, player: str) -> list | None:
        """The greedy ranking's shortcut (Engine.move_values), for the moves whose result leaves nothing to
        chance: a turn that moves a die to an empty square or beats a die there, with or without a tile put
        down on an empty square, or that puts down a tile alone; a die landing on a tile whose effect rolls
        nothing (`_landing_value`); a pass, a new hand; and a rolled die put down (`pose`). The position such
        a move leads to differs only by the dice, the tiles, the hand (the tile out, the pile's top in) and
        the collection, so its evaluation is `_Standings.value` of those parts: the same sums in the same
        order as `evaluate` of the played position, without playing it. On the last turn of the game the value
        of a quiet move is the ending's, the same for all of them (collections unchanged); a die put down
        during the set-up leaves the next roll to chance, whose outcomes change nothing the evaluation reads:
        the same value, averaged by their odds as weigh() does. Moves alike in all the evaluation reads (a
        tile put down off the portals, wherever) are weighed once. Other moves (None) are played."""
        p = position
        if player != p.to_move or self.outcome(p) is not None:
            return None
        if p.pending:
            return self._entry_values(p, moves, player) if p.pending[0] == "pose" else None
        if p.round < 1:
            return None
        me = p.players.index(player)
        if p.to_move == p.players[-1] and p.round >= p.rounds:      # the last turn: every quiet move ends the game
            ended = self.outcome(replace(p, round=p.round + 1))
            end = 0.0 if ended.winner is None else 1.0 if ended.winner == player else -1.0
        else:
            end = None
        parts = _Standings(p, self._scores(p))
        tiles = dict(p.tiles)
        dice = parts.owners
        hand = p.hands[me]
        top = p.pile[:1]
        beat_draws = p.variant == "prise-pioche"          # beating a die draws a tile: played
        held_after: dict = {}                             # tile put down -> the colours of the hand then
        known: dict = {}
        out: list = []
        portal_squares = parts.portal_squares
        for mv in moves:
            kind, origin, dest, _target, _roll, tile, at, _first = mv
            if kind != "turn":
                # nothing on the board changes; a new hand of the pile's first tiles
                if kind == "pass":
                    out.append(end if end is not None else parts.value(player))
                elif kind == "redraw":
                    out.append(end if end is not None else parts.value(player, held=_colours(p.pile[:HAND_SIZE])))
                else:
                    out.append(None)        # a roll follows: played
                continue
            if beat_draws and dest in dice:
                out.append(None)        # beating draws a tile: played
                continue
            if origin is not None and (dest in tiles or dest == at):
                out.append(None if end is not None else self._landing_value(p, parts, mv, player, tiles))
                continue
            if end is not None:
                out.append(end)
                continue
            if tile is None:
                key = (origin, dest)
            else:
                held = held_after.get(tile)
                if held is None:
                    rest = list(hand)
                    rest.remove(tile)
                    held = held_after[tile] = _colours(tuple(rest) + top)     # the pile's top drawn
                key = (origin, dest, held, at, tile) if at in portal_squares else (origin, dest, held)
            value = known.get(key)
            if value is None:
                if tile is None:
                    value = parts.value(player, origin, dest)
                elif at in portal_squares:
                    board = dict(parts.board)
                    board[at] = tile
                    value = parts.value(player, origin, dest, board, held)
                else:
                    value = parts.value(player, origin, dest, None, held)
                known[key] = value
            out.append(value)
        return out

    def _landing_value(self, p: PraxisPosition, parts: "_Standings", mv: PraxisMove, player: str,
                       tiles: dict) -> float | None:
        """move_values of a die landing on a tile (on the board, or the one it puts down there first) whose
        effect leaves nothing to chance that the evaluation reads: a face changed or rolled again (mutation:
        the evaluation does not read faces, so each face's value is the same, weighed by its odds as weigh()
        does), the die taken off (interdiction), a tile exploded, the pile's top drawn (pioche), or the tile
        collected. The position
        differs by the die, the tiles on the portals, the hand and the collection, as the rules change them
        (`_run`): the tile first is put down before the effect, the tile after once it is done. None for the
        others (a roll follows, or the die goes elsewhere: played)."""
        me = p.players.index(player)
        tile = mv.tile if mv.tile_first and mv.dest == mv.tile_at else tiles[mv.dest]
        effect, colour = tile.split("/")
        colourless = parts.colourless
        portal = _portal_colours(p.portals).get(mv.dest)
        collect = portal is not None and (colourless or colour == portal)
        if collect and p.variant != "effet-et-collection":
            effect = None                              # collected instead: no effect
        if effect in ("duel", "recuperation", "teleportation"):
            return None
        gone = [mv.dest] + ([mv.target] if effect == "explosion" else [])
        squares = parts.portal_squares
        board = parts.board
        if mv.tile_at in squares or any(sq in squares for sq in gone):
            board = dict(board)
            if mv.tile is not None and mv.tile_first and mv.tile_at in squares:
                board[mv.tile_at] = mv.tile
            for sq in gone:
                board.pop(sq, None)
            if mv.tile is not None and not mv.tile_first and mv.tile_at in squares:
                board[mv.tile_at] = mv.tile
        draws = (effect == "pioche") + (mv.tile is not None)
        held = None
        if draws:
            # whichever comes first, the same tiles in hand (the tile after may be the one pioche drew)
            rest = list(p.hands[me] + p.pile[:draws])
            if mv.tile is not None:
                # a sample's pile: pioche may draw another tile than the one put down after (not legal here)
                if mv.tile not in p.hands[me] + (() if mv.tile_first else p.pile[:draws - 1]):
                    return None
                rest.remove(mv.tile)
            held = _colours(tuple(rest))
        score = None
        if collect:
            score = _collection_score(sorted_tiles(p.collections[me] + (tile,)), colourless)
        value = parts.value(player, mv.origin, None if effect == "interdiction" else mv.dest, board, held, score)
        if effect == "mutation":        # its roll changes only the face: each face's value, weighed by its odds
            return sum(_SIXTH * value for _face in FACES)
        return value

    def _entry_values(self, p: PraxisPosition, moves, player: str) -> list | None:
        """move_values of the moves putting the rolled die down: one is played to learn what follows (the same
        for every square: the next player's turn, or the set-up's next roll), the others weighed from the dice."""
        entries = [mv for mv in moves if mv.kind == "enter"]
        if not entries:
            return None
        probe = self.play(p, entries[0])
        if self.outcome(probe) is not None:
            return None
        odds = [1.0]
        if self.to_move(probe) == CHANCE:
            if probe.pending != ("face",):
                return None
            odds = [float(chance) for _roll, chance in self.chance_outcomes(probe)]
        parts = _Standings(p, self._scores(p))
        out: list = []
        for mv in moves:
            if mv.kind != "enter":
                out.append(None)
                continue
            value = parts.value(player, None, mv.dest)       # the die's face: the evaluation does not read it
            out.append(value if odds == [1.0] else sum(chance * value for chance in odds))
        return out

    def determinize(self, position: PraxisPosition, player: str, rng) -> PraxisPosition:
        """The others' hands and the pile dealt again from their tiles, shuffled by `rng`; his hand kept."""
        p = position
        me = p.players.index(player)
        pool = [t for i, hand in enumerate(p.hands) if i != me for t in hand] + list(p.pile)
        rng.shuffle(pool)
        hands = []
        for i, hand in enumerate(p.hands):
            if i == me:
                hands.append(hand)
            else:
                hands.append(tuple(pool[:len(hand)]))
                pool = pool[len(hand):]
        return replace(p, hands=tuple(hands), pile=tuple(pool))

ENGINE = PraxisEngine()
