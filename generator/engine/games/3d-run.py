"""3d Run (jdkriss blog, 13 July 2021): a side-view platform race, rules of seeds/3d-run.fr.txt.

The choices where the seed is silent are the `assumptions` of content/3d-run/game.yaml;
the ones that shape this module:
- The level is the game's own map, read from the content: `bind(data)` gives an engine
  playing on the rows of the map component `niveau` (content/3d-run/niveau.txt), whose
  pawns start with game.yaml `numbers: pv_depart`. The module's ENGINE is unbound and
  makes no position. Cells are named as on the map: columns a, b, ... from the left,
  rows 1.. from the bottom.
- A pawn stands in a cell; it is "on a wall" when the cell below holds something solid,
  a cloud or an obstacle; otherwise it is in the air. Pawns never block one another.
- Forward is the pawn's facing (right at the start); BACK turns it. On a diagonal wall
  the forward step follows the wall: up one row where it rises, down one where it falls.
- Directions, in their order: JUMP H (up) M (forward-up) A (forward) D (forward-down)
  B (down); RUN A, then in the air D then B (B at least once, twice for a die of 6 or
  more; D at least once when there is room). No direction before the last one taken.
- A step into a wall is not offered; when no allowed step is left, the movement ends.
  A step into an obstacle is offered and stops the movement with its effect.
- Falls, ice and clouds act at the end of the turn only; between two movements a pawn
  may hang in the air. A vine holds the pawn (no fall).
- "Eliminated" (0 PV, or lava with no die left): the pawn goes back to START with its
  starting PV and loses everything else: coins, power, PULSE, star and its flags (they
  stay on the map, to be caught again). Were the flags kept, an elimination would
  carry them home: a pawn with its flags could win by falling on spikes.

Turn: chance rolls 3 dice (4 with +1d), written '=2,5,6'; the player allots them all
('R6 J3/5 P2', coins as 'R5+1'); then plays the allotted movements one at a time in the
order he likes: 'R6' starts a RUN, 'J3/5' a JUMP (height 3, distance 5), 'B4' turns the
pawn, 'W5' uses the power, 'FR4'/'FV4'/'FN4' a flag's power; each step of a movement is
a letter H M A D B (and 'W:A' an airmove step). Surprise boxes and stars roll the
extra die ('=4'); on lava the player picks the die of the forced JUMP ('lave 4'), on a
fire mushroom the value of the bounce ('rebond 5').
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from dataclasses import dataclass, fields
from fractions import Fraction
from math import factorial, tanh
from typing import Any

from ..core import CHANCE, Engine, EngineError, GameData, IllegalMove, NotationError, Outcome
from ..grid import reasons

LEVEL_MAP = "niveau"                         # the map component the engine plays on
START_PV_NUMBER = "pv_depart"                # the game.yaml number of the starting PV

ROCK, ICE, LAVA, THIN, CLOUD = "#", "=", "L", "-", "c"
SLOPE_UP, SLOPE_DOWN = "/", "\\"            # rising to the right, falling to the right
SPIKES, CREATURE, BOMB, MUSHROOM, DRAGON = "^", "m", "b", "f", "D"
VINE, COIN, STAR, BOX, START = "v", "o", "*", "?", "S"
FLAGS = {"V": "vert", "R": "rouge", "N": "noir"}
SOLID = {ROCK, ICE, LAVA, THIN, SLOPE_UP, SLOPE_DOWN, BOX}
ROCKY = {ROCK, ICE, LAVA, SLOPE_UP, SLOPE_DOWN}     # the red flag's jump starts on rock
CREATURES = {CREATURE, BOMB, MUSHROOM, DRAGON}
OBSTACLES = CREATURES | {SPIKES}

DICE = 3
POWERS = ("+1d", "airmove", "boundstab", "slide", "fireball", "1life")   # faces 1..6 of the extra die
PLAYERS = ("j1", "j2", "j3", "j4", "j5", "j6")
# Step letters: up, forward-up, forward, forward-down, down. JUMP uses them in this order.
STEPS = "HMADB"
STEP_VECTOR = {"H": (0, 1), "M": (1, 1), "A": (1, 0), "D": (1, -1), "B": (0, -1)}
RUN_MAX, JUMP_MAX, PULSE_MAX, BACK_MAX, POW_MAX, FLAG_MAX = 3, 2, 1, 2, 1, 1
SLOT_KINDS = ("R", "J", "P", "B", "W", "FR", "FV", "FN")


def cell_name(col: int, row: int) -> str:
    """0-based column, 1-based row from the bottom -> 'c4', 'aa12'."""
    name, i = "", col + 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(ord("a") + rem) + name
    return f"{name}{row}"


class Level:
    """The level the engine plays on: the map's rows of characters, top to bottom, and its START cells,
    rightmost first (the first player's, then the next one's just behind)."""

    def __init__(self, rows):
        rows = tuple(str(r) for r in rows)
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise NotationError(f"map '{LEVEL_MAP}': the level is rows of characters, all the same length")
        self.rows, self.height, self.width = rows, len(rows), len(rows[0])
        self.start_cells = tuple(sorted(((c, r) for r in range(1, self.height + 1) for c in range(self.width)
                                         if self.at(c, r) == START), key=lambda cr: (-cr[0], cr[1])))
        if not self.start_cells:
            raise NotationError(f"map '{LEVEL_MAP}': the level has no START cell ('{START}')")
        self.routes = None               # the playtest's shortest routes (Routes), computed when first asked

    def at(self, col: int, row: int) -> str:
        """The level's character at a cell; outside the level, rock."""
        if 0 <= col < self.width and 1 <= row <= self.height:
            return self.rows[self.height - row][col]
        return ROCK

    def parse_cell(self, text: str) -> tuple[int, int]:
        last = cell_name(self.width - 1, self.height)
        m = re.fullmatch(r"([a-z]+)([0-9]+)", str(text).strip().lower())
        if not m:
            raise NotationError(f"'{text}' is not a cell (a1 to {last})")
        col = 0
        for ch in m.group(1):
            col = col * 26 + ord(ch) - ord("a") + 1
        col, row = col - 1, int(m.group(2))
        if not (0 <= col < self.width and 1 <= row <= self.height):
            raise NotationError(f"'{text}' is not a cell of the {self.width}x{self.height} level (a1 to {last})")
        return col, row


@dataclass(frozen=True)
class Runner:
    """One player's pawn and sheet."""
    cell: tuple[int, int]
    facing: int = 1                   # +1 right, -1 left
    pv: int = 0                       # set from the game's starting PV by the engine
    coins: int = 0
    power: str = ""
    pulse: int = 0                    # the die kept by PULSE for the next turn (0: none)
    star: int = 0                     # turns of immunity left
    flags: frozenset = frozenset()
    star_fresh: bool = False          # the star was caught this turn: this turn is offered


@dataclass(frozen=True)
class Slot:
    kind: str                         # R J B W FR FV FN (P is kept apart)
    values: tuple                     # one value, or (height, distance) for J


@dataclass(frozen=True)
class Motion:
    """A movement under way."""
    kind: str                         # R run, J jump, W-slide, ball (fireball), stab, vine, bound
    left: int                         # steps still to make
    die: int                          # the die's value (RUN's compulsory downs, the bounce)
    order: int = 0                    # index in STEPS of the last direction taken
    height: int = 0                   # JUMP: up steps (H, M) still allowed; -1 no limit
    air: tuple = ()                   # RUN in the air: (steps when it left the wall, D taken, B taken)
    ball: tuple = ()                  # fireball: its cell
    pair: tuple = ()                  # JUMP: its two dice (the bounce may take either)
    bounce: bool = False              # a fire mushroom's bounce: its first step goes up (H or M)


@dataclass(frozen=True)
class Position:
    runners: tuple
    turn: int = 0
    phase: str = "roll"               # roll allot act step box star lava bounce over
    dice: tuple = ()                  # allot: the dice to share out (kept PULSE die first)
    slots: tuple = ()                 # act/step: movements not yet played
    kept: int = 0                     # the PULSE die chosen this turn
    motion: Motion | None = None
    removed: frozenset = frozenset()  # creatures eliminated by fireballs
    target: int = 1                   # flags needed to win
    winner: int = -1


@dataclass(frozen=True)
class Roll:
    values: tuple


@dataclass(frozen=True)
class Allot:
    slots: tuple                      # Slot, with coins in `coins`
    pulse: int
    coins: tuple                      # coins added, slot by slot (J: on height, distance)
    spent: int


@dataclass(frozen=True)
class Act:
    text: str                         # 'R6', 'J3/5', 'B4', 'W5', 'FR4', 'W:A', 'lave 4', 'rebond 5' or a step letter


REMEMBERED = 50_000      # allotments kept (_ALLOTMENTS), by roll, power, flags and coins
_ALLOTMENTS: dict = {}


@lru_cache(maxsize=None)
def _rolls(n: int) -> tuple:
    """Every roll of `n` dice, highest first, with its exact probability, in chance_outcomes' order."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for v in set(combo):
            ways //= factorial(combo.count(v))
        out.append((Roll(tuple(sorted(combo, reverse=True))), Fraction(ways, 6 ** n)))
    return tuple(out)


_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (Runner, Slot, Motion, Position)}


def replace(obj, **changes):
    """dataclasses.replace for the frozen value classes above, made directly: a greedy playtest makes a few
    hundred thousand and dataclasses.replace goes through __init__, naming each field again. Same fields,
    same values, same object (equality and hash come from the fields); an unknown field is refused."""
    if not changes.keys() <= _FIELDS[obj.__class__]:
        raise TypeError(f"{obj.__class__.__name__} has no field {sorted(changes.keys() - _FIELDS[obj.__class__])}")
    new = object.__new__(obj.__class__)
    new.__dict__.update(obj.__dict__, **changes)
    return new


VARIANT_TARGET = {None: 1, "deux-drapeaux": 2, "trois-drapeaux": 3}


class ThreeDRun(Engine):
    game_id = "3d-run"
    players = PLAYERS
    player_counts = (2, 3, 4, 5, 6)
    variants = ("deux-drapeaux", "trois-drapeaux")
    effect_kinds = ()
    extra_claims = ("coureur", "phase")
    playtest_agent = "greedy"    # random racers never bring a flag home
    illegal_reasons = reasons(
        "game_over",
        wrong_dice="the dice named are not the dice rolled (and the kept PULSE die)",
        too_many="more dice on a movement than it takes (RUN 3, JUMP 2 pairs, PULSE 1, BACK 2, POW 1)",
        pulse_kept="the PULSE die kept last turn must go to a movement",
        coins="coins: at least one must be spent when any is held, never more than held",
        no_power="no power to use",
        no_flag="that flag's power is not the player's",
        jump_from_air="a JUMP starts only from a horizontal or diagonal wall",
        not_now="not a move of this moment of the turn",
        direction="this direction is not allowed now (order of the arrows, height or RUN's downs)",
        wall="a wall stands in that direction",
    )

    def __init__(self, level: Level | None = None, start_pv: int = 0):
        self.level, self.start_pv = level, start_pv

    def bind(self, data: GameData) -> "ThreeDRun":
        """The engine on the game's own level (its map `niveau`) with its starting PV (numbers: pv_depart)."""
        if LEVEL_MAP not in data.components:
            raise NotationError(f"3d Run plays on the map component '{LEVEL_MAP}', which the game does not have")
        if START_PV_NUMBER not in data.numbers:
            raise NotationError(f"3d Run needs the starting PV as game.yaml numbers: {START_PV_NUMBER}")
        start_pv = int(data.numbers[START_PV_NUMBER])
        if start_pv < 1:
            raise NotationError(f"numbers: {START_PV_NUMBER} must be 1 or more, not {start_pv}")
        return ThreeDRun(Level(data.components[LEVEL_MAP]), start_pv)

    def _bound(self) -> Level:
        if self.level is None:
            raise EngineError("3d Run plays on its game's own level: bind it to the game's data first "
                              "(the folder holding 3d-run/, --content; engine.engine_for(game) in Python)")
        return self.level

    def at(self, col: int, row: int) -> str:
        """The level's character at a cell; outside the level, rock."""
        return self.level.at(col, row)

    def parse_cell(self, text: str) -> tuple[int, int]:
        return self._bound().parse_cell(text)

    @property
    def start_cells(self) -> tuple:
        return self._bound().start_cells

    # --- set-up and reading ---------------------------------------------------------
    def initial(self, variant=None, *, players=None, seed=None):
        self._bound()
        self.check_variant(variant)
        n = self.check_players(players)
        starts = self.start_cells
        runners = tuple(Runner(starts[min(i, len(starts) - 1)], pv=self.start_pv) for i in range(n))
        return Position(runners, target=VARIANT_TARGET[variant])

    def read_position(self, data: Any, to_move=None, variant=None):
        self._bound()
        self.check_variant(variant)
        if not isinstance(data, dict):
            raise NotationError("a 3d Run position is a mapping: j1: cell or sheet, tour, phase, dés…")
        runners = []
        for i, pid in enumerate(PLAYERS):
            if pid in data:
                if i != len(runners):
                    raise NotationError(f"players are j1, j2… in order; {pid} comes after a gap", pid)
                runners.append(self._read_runner(pid, data[pid]))
        if len(runners) < 2 and "phase" not in data:
            raise NotationError("give at least j1 and j2")
        if not runners:
            raise NotationError("no player")
        tour = str(data.get("tour", to_move or "j1"))
        if tour not in PLAYERS[:len(runners)]:
            raise NotationError(f"tour: '{tour}' is not one of the players", "tour")
        target = int(data.get("drapeaux_requis", VARIANT_TARGET[variant]))
        p = Position(tuple(runners), turn=PLAYERS.index(tour), target=target)
        removed = frozenset(self.parse_cell(c) for c in str(data.get("eliminees", "")).split())
        p = replace(p, removed=removed)
        if "gagnant" in data:
            return replace(p, phase="over", winner=PLAYERS.index(str(data["gagnant"])))
        if "des" in data:
            dice = tuple(int(v) for v in str(data["des"]).replace(",", " ").split())
            p = replace(p, phase="allot", dice=dice)
        if "mouvements" in data:
            slots = self._read_slots(str(data["mouvements"]))
            p = replace(p, phase=str(data.get("phase", "act")), slots=slots, dice=(),
                        kept=int(data.get("pulse_garde", 0)))
            if "mouvement" in data:
                p = replace(p, motion=self._read_motion(str(data["mouvement"])))
        elif "phase" in data:
            p = replace(p, phase=str(data["phase"]))
        if p.phase not in ("roll", "allot", "act", "step", "box", "star", "lava", "bounce", "over"):
            raise NotationError(f"phase '{p.phase}' is unknown", "phase")
        return p

    def _read_runner(self, pid: str, value) -> Runner:
        if isinstance(value, str):
            value = {"case": value}
        if not isinstance(value, dict) or "case" not in value:
            raise NotationError(f"{pid}: give its cell ('case: c2') and, if need be, sens, pv, pieces…", pid)
        try:
            col, row = self.parse_cell(str(value["case"]).split()[0])
            text = str(value["case"])
            facing = -1 if str(value.get("sens", "<" if "<" in text else ">")) in ("<", "gauche") else 1
            flags = value.get("drapeaux", [])
            flags = frozenset(flags.split() if isinstance(flags, str) else flags)
            if not flags <= set(FLAGS.values()):
                raise NotationError(f"{pid}: flags are vert, rouge, noir", pid)
            power = str(value.get("pouvoir", "") or "")
            if power and power not in POWERS:
                raise NotationError(f"{pid}: power '{power}' is not one of {', '.join(POWERS)}", pid)
            return Runner((col, row), facing, int(value.get("pv", self.start_pv)), int(value.get("pieces", 0)), power,
                          int(value.get("pulse", 0)), int(value.get("etoile", 0)), flags,
                          bool(value.get("etoile_offerte", False)))
        except (TypeError, ValueError) as err:
            raise NotationError(f"{pid}: {err}", pid) from None

    def impossible(self, p: Position) -> list[tuple[str, str]]:
        """What no game reaches, whatever the diagram left out (pawns may share a cell: game.yaml): a pawn
        inside something solid (a step into a wall is not offered; boundstab ending in rock climbs out), or
        with no PV left (a pawn at 0 PV is eliminated at once and starts again from START with its PV)."""
        out = []
        for i, r in enumerate(p.runners):
            if self.cell(p, r.cell) in SOLID:
                out.append((PLAYERS[i], f"{PLAYERS[i]} stands in {cell_name(*r.cell)}, inside "
                                        f"'{self.cell(p, r.cell)}' (solid)"))
            if r.pv <= 0:
                out.append((PLAYERS[i], f"{PLAYERS[i]} has {r.pv} PV: a pawn at 0 PV is eliminated at once"))
        return out

    def write_position(self, p: Position) -> dict:
        out: dict = {}
        for i, r in enumerate(p.runners):
            out[PLAYERS[i]] = self._runner_text(r)
        out["tour"] = PLAYERS[p.turn]
        out["drapeaux_requis"] = p.target
        if p.removed:
            out["eliminees"] = " ".join(cell_name(*c) for c in sorted(p.removed))
        if p.phase == "over":
            out["gagnant"] = PLAYERS[p.winner]
            return out
        out["phase"] = p.phase
        if p.phase == "allot":
            out["des"] = " ".join(str(d) for d in p.dice)
        if p.phase not in ("roll", "allot"):
            out["mouvements"] = self._slots_text(p.slots)
            out["pulse_garde"] = p.kept
            if p.motion is not None:
                out["mouvement"] = self._motion_text(p.motion)
        return out

    def _runner_text(self, r: Runner) -> dict:
        d = {"case": cell_name(*r.cell), "sens": ">" if r.facing > 0 else "<", "pv": r.pv, "pieces": r.coins,
             "pouvoir": r.power, "pulse": r.pulse, "etoile": r.star,
             "drapeaux": " ".join(sorted(r.flags))}
        if r.star_fresh:
            d["etoile_offerte"] = True
        return d

    def piece_text(self, key, text):
        return str(text)

    def check_claim(self, kind, value, context):
        """`coureur: {j1: {case: k2, pv: 4}}`: the fields named of each sheet after the moves; `phase: lava`."""
        written = self.write_position(context.after)
        if kind == "phase":
            have = written.get("phase", "over")
            return None if str(value) == have else (f"the phase is {value}", f"the engine finds {have}")
        if not isinstance(value, dict):
            raise NotationError("coureur: give {j1: {case: k2, pv: 4, ...}}")
        for pid, fields in value.items():
            sheet = written.get(str(pid))
            if not isinstance(sheet, dict) or not isinstance(fields, dict):
                raise NotationError(f"coureur: '{pid}' is not a player with fields", str(pid))
            for key, want in fields.items():
                if key not in sheet:
                    raise NotationError(f"coureur: {pid} has no field '{key}' ({', '.join(sheet)})", str(pid))
                have = sheet[key]
                if key == "drapeaux" and isinstance(want, list):
                    want = " ".join(sorted(want))
                if str(want) != str(have):
                    return f"{pid} {key} {want}", f"the engine finds {pid} {key} {have}"
        return None

    @staticmethod
    def _slots_text(slots) -> str:
        return " ".join(_slot_text(s) for s in slots) or "-"

    def _read_slots(self, text: str) -> tuple:
        if text.strip() in ("", "-"):
            return ()
        out = []
        for tok in text.split():
            m = re.fullmatch(r"(FR|FV|FN|R|J|B|W)([0-9]+)(?:/([0-9]+))?", tok)
            if not m or (m.group(1) == "J") != (m.group(3) is not None):
                raise NotationError(f"'{tok}' is not a movement (R6, J3/5, B4, W5, FR4…)", "mouvements")
            vals = (int(m.group(2)),) + ((int(m.group(3)),) if m.group(3) else ())
            out.append(Slot(m.group(1), vals))
        return tuple(out)

    @staticmethod
    def _motion_text(m: Motion) -> str:
        parts = [m.kind, f"reste={m.left}", f"de={m.die}", f"ordre={m.order}", f"hauteur={m.height}"]
        if m.air:
            parts.append("air=" + ",".join(str(v) for v in m.air))
        if m.ball:
            parts.append("boule=" + cell_name(*m.ball))
        if m.pair:
            parts.append("paire=" + ",".join(str(v) for v in m.pair))
        if m.bounce:
            parts.append("rebond=1")
        return " ".join(parts)

    def _read_motion(self, text: str) -> Motion:
        kind, *rest = text.split()
        f = dict(part.split("=", 1) for part in rest)
        ints = lambda s: tuple(int(v) for v in s.split(",")) if s else ()   # noqa: E731
        return Motion(kind, int(f["reste"]), int(f["de"]), int(f.get("ordre", 0)), int(f.get("hauteur", 0)),
                      ints(f.get("air", "")), self.parse_cell(f["boule"]) if "boule" in f else (), ints(f.get("paire", "")),
                      f.get("rebond") == "1")

    # --- who acts ---------------------------------------------------------------------
    def to_move(self, p: Position) -> str:
        if p.phase in ("roll", "box", "star"):
            return CHANCE
        return PLAYERS[p.turn]

    def outcome(self, p: Position):
        if p.phase == "over":
            return Outcome(PLAYERS[p.winner], "flags brought back to START", "flags_home")
        return None

    def chance_outcomes(self, p: Position):
        if p.phase == "roll":
            return list(_rolls(4 if p.runners[p.turn].power == "+1d" else DICE))
        if p.phase in ("box", "star"):
            return [(Roll((v,)), Fraction(1, 6)) for v in range(1, 7)]
        return []

    # --- moves -------------------------------------------------------------------------
    def legal_moves(self, p: Position):
        if p.phase == "over":
            return []
        if self.to_move(p) == CHANCE:
            return [m for m, _ in self.chance_outcomes(p)]
        if p.phase == "allot":
            return self._allotments(p)
        return [Act(t) for t in self._acts(p)]

    def format_move(self, p, move) -> str:
        if isinstance(move, Roll):
            return "=" + ",".join(str(v) for v in move.values)
        if isinstance(move, Allot):
            toks = []
            for s, c in zip(move.slots, move.coins):
                if s.kind == "J":
                    toks.append("J" + _plus(s.values[0] - c[0], c[0]) + "/" + _plus(s.values[1] - c[1], c[1]))
                else:
                    toks.append(s.kind + _plus(s.values[0] - c[0], c[0]))
            if move.pulse:
                toks.append("P" + str(move.pulse))
            return " ".join(toks)
        return move.text

    def parse_move(self, p, text):
        text = str(text).strip()
        if p.phase == "over":
            raise IllegalMove("game_over", "the race is over")
        if self.to_move(p) == CHANCE:
            m = re.fullmatch(r"=\s*([1-6](?:\s*,\s*[1-6])*)", text)
            if not m:
                raise NotationError(f"'{text}': the dice are written '=2,5,6'")
            roll = Roll(tuple(sorted((int(v) for v in m.group(1).split(",")), reverse=True)))
            if roll not in self.legal_moves(p):
                raise IllegalMove("wrong_dice", f"{text} is not a roll of {len(self.legal_moves(p)[0].values)} dice")
            return roll
        if p.phase == "allot":
            return self._parse_allot(p, text)
        acts = self._acts(p)
        if text in acts:
            return Act(text)
        raise IllegalMove(*self._why_not(p, text))

    def play(self, p: Position, move) -> Position:
        if isinstance(move, Roll):
            if p.phase == "roll":
                me = p.runners[p.turn]
                dice = ((me.pulse,) if me.pulse else ()) + move.values
                p = self._set(p, replace(me, pulse=0))
                return replace(p, phase="allot", dice=dice)
            if p.phase == "box":
                return self._after_box(p, POWERS[move.values[0] - 1])
            if p.phase == "star":
                me = p.runners[p.turn]
                p = self._set(p, replace(me, star=move.values[0], star_fresh=True))
                return self._continue(p)
        if isinstance(move, Allot):
            me = p.runners[p.turn]
            p = self._set(p, replace(me, coins=me.coins - move.spent))
            return replace(p, phase="act", dice=(), slots=move.slots, kept=move.pulse)
        return self._act(p, move.text)

    # --- allotment ------------------------------------------------------------------
    def _allotments(self, p: Position) -> list:
        """Every allotment of the rolled dice, in their notation's order; remembered by what they depend on
        (the dice, the runner's power, flags and coins): a race meets the same rolls again and again."""
        me = p.runners[p.turn]
        key = (p.dice, me.power, me.flags, me.coins)
        known = _ALLOTMENTS.get(key)
        if known is None:
            if len(_ALLOTMENTS) >= REMEMBERED:
                _ALLOTMENTS.clear()
            known = _ALLOTMENTS[key] = tuple(self._find_allotments(p))
        return list(known)

    def _find_allotments(self, p: Position) -> list:
        me = p.runners[p.turn]
        found = {}
        for alloc in self._raw_allotments(p):
            for coined in self._with_coins(alloc, me.coins):
                found[self.format_move(p, coined)] = coined
        return [found[k] for k in sorted(found)]

    def _had_pulse(self, p) -> bool:
        return len(p.dice) > (4 if p.runners[p.turn].power == "+1d" else DICE)

    def _kinds(self, p) -> list[str]:
        me = p.runners[p.turn]
        kinds = ["R", "J", "B"]
        if me.power not in ("", "1life", "+1d"):
            kinds.append("W")
        kinds += [k for k, f in (("FR", "rouge"), ("FV", "vert"), ("FN", "noir")) if f in me.flags]
        return kinds

    def _raw_allotments(self, p):
        """Every way to share the dice out: (slots as (kind, [dice]) , pulse die), before coins."""
        dice = p.dice
        kept = self._had_pulse(p)
        kinds = self._kinds(p) + ["P"]
        n = len(dice)
        seen = set()
        for labels in itertools.product(kinds, repeat=n):
            if kept and labels[0] == "P":
                continue
            counts = {k: labels.count(k) for k in kinds}
            if (counts["R"] > RUN_MAX or counts["J"] % 2 or counts["J"] > 2 * JUMP_MAX or counts["P"] > PULSE_MAX
                    or counts["B"] > BACK_MAX or counts.get("W", 0) > POW_MAX
                    or any(counts.get(f, 0) > FLAG_MAX for f in ("FR", "FV", "FN"))):
                continue
            groups = {k: sorted((dice[i] for i in range(n) if labels[i] == k), reverse=True) for k in kinds}
            for jumps in _pairings(groups["J"]):
                slots = []
                for k in ("R", "B", "W", "FR", "FV", "FN"):
                    slots += [Slot(k, (v,)) for v in groups.get(k, [])]
                slots += [Slot("J", pair) for pair in jumps]
                pulse = groups["P"][0] if groups["P"] else 0
                key = (tuple(sorted(slots, key=_slot_key)), pulse)
                if key not in seen:
                    seen.add(key)
                    yield key

    def _with_coins(self, alloc, coins: int):
        slots, pulse = alloc
        if coins == 0:
            yield _allot(slots, pulse, tuple((0,) * len(s.values) for s in slots))
            return
        places = [(i, j) for i, s in enumerate(slots) for j in range(len(s.values))]
        if not places:
            return
        for spent in range(1, coins + 1):
            for combo in itertools.combinations_with_replacement(range(len(places)), spent):
                add = [[0] * len(s.values) for s in slots]
                for c in combo:
                    i, j = places[c]
                    add[i][j] += 1
                new = tuple(Slot(s.kind, tuple(v + a for v, a in zip(s.values, add[i]))) for i, s in enumerate(slots))
                yield _allot(new, pulse, tuple(tuple(a) for a in add))

    def _parse_allot(self, p, text):
        toks = text.split()
        if not toks:
            raise NotationError("an allotment names every die: 'R6 J3/5 P2'")
        slots, coins, pulse, used = [], [], 0, []
        for tok in toks:
            m = re.fullmatch(r"(FR|FV|FN|R|J|B|W|P)([1-6])(?:\+([0-9]+))?(?:/([1-6])(?:\+([0-9]+))?)?", tok)
            if not m or (m.group(1) == "J") != (m.group(4) is not None):
                raise NotationError(f"'{tok}' is not a die's place (R6, J3/5, P2, B4, W5, FR4, R5+1…)")
            kind, a, ca, b, cb = m.group(1), int(m.group(2)), int(m.group(3) or 0), m.group(4), int(m.group(5) or 0)
            if kind == "P":
                if ca or pulse:
                    raise IllegalMove("too_many", "one PULSE die, without coins")
                pulse = a
                used.append(a)
                continue
            if kind == "J":
                b = int(b)
                slots.append(Slot("J", (a + ca, b + cb)))
                coins.append((ca, cb))
                used += [a, b]
            else:
                slots.append(Slot(kind, (a + ca,)))
                coins.append((ca,))
                used.append(a)
        if sorted(used) != sorted(p.dice):
            raise IllegalMove("wrong_dice", f"the dice to share are {' '.join(map(str, p.dice))}")
        me = p.runners[p.turn]
        spent = sum(sum(c) for c in coins)
        if spent > me.coins or (me.coins and not spent):
            raise IllegalMove("coins", f"{PLAYERS[p.turn]} holds {me.coins} coin(s) and spends {spent}")
        move = _allot(tuple(slots), pulse, tuple(coins))
        legal = {self.format_move(p, m) for m in self._allotments(p)}
        if self.format_move(p, move) not in legal:
            if self._had_pulse(p) and pulse and list(p.dice).count(pulse) == 1 and pulse == p.dice[0]:
                raise IllegalMove("pulse_kept", f"the kept {p.dice[0]} must go to a movement, not to PULSE again")
            if any(s.kind == "W" for s in slots) and me.power in ("", "1life", "+1d"):
                raise IllegalMove("no_power", f"{PLAYERS[p.turn]} has no power to use")
            if any(s.kind.startswith("F") for s in slots):
                raise IllegalMove("no_flag", "that flag has not been taken")
            raise IllegalMove("too_many", f"'{text}' puts more dice on a movement than it takes")
        return move

    # --- acting ---------------------------------------------------------------------
    def _acts(self, p: Position) -> list[str]:
        me = p.runners[p.turn]
        if p.phase == "act":
            acts = []
            for s in p.slots:
                t = _slot_text(s)
                if t in acts:
                    continue
                if s.kind == "J" and not self.on_wall(p, me.cell):
                    continue
                if s.kind == "FR" and self.at(me.cell[0], me.cell[1] - 1) not in ROCKY:
                    continue
                if s.kind == "W" and me.power == "boundstab" and self.on_wall(p, me.cell):
                    continue
                if s.kind == "W" and me.power == "airmove":
                    continue
                acts.append(t)
            acts += self._airmove(p)
            return acts or ["fin"]
        if p.phase == "step":
            return self._steps(p) + self._airmove(p)
        if p.phase == "lava":
            vals = sorted({v for s in p.slots for v in s.values}, reverse=True)
            return [f"lave {v}" for v in vals]
        if p.phase == "bounce":
            return [f"rebond {v}" for v in sorted(set(p.motion.pair), reverse=True)]
        return []

    def _airmove(self, p) -> list[str]:
        me = p.runners[p.turn]
        if me.power != "airmove" or not any(s.kind == "W" for s in p.slots):
            return []
        t = self._forward_cell(p, me.cell, me.facing)       # a forward step: it follows a diagonal wall
        return ["W:A"] if t is not None and not self._blocked(p, t) else []

    def _why_not(self, p, text):
        if p.phase == "act":
            if re.fullmatch(r"J[0-9]+/[0-9]+", text) and any(_slot_text(s) == text for s in p.slots):
                return "jump_from_air", f"{PLAYERS[p.turn]} is in the air: no JUMP from there"
            return "not_now", f"'{text}' is not one of the movements left: {self._slots_text(p.slots)}"
        if p.phase == "step" and text in STEPS:
            me = p.runners[p.turn]
            t = self._target(p, me, text)
            if t is not None and self._blocked(p, t):
                return "wall", f"{cell_name(*t)} is a wall"
            return "direction", f"{text} is not allowed now; allowed: {', '.join(self._steps(p)) or 'none'}"
        return "not_now", f"'{text}': allowed now: {', '.join(self._acts(p)) or 'nothing'}"

    # --- the level ----------------------------------------------------------------
    def cell(self, p, c: tuple[int, int]) -> str:
        ch = self.level.at(*c)
        return "." if c in p.removed else ch

    def support(self, p, c) -> str:
        return self.cell(p, (c[0], c[1] - 1))

    def on_wall(self, p, c) -> bool:
        below = self.support(p, c)
        return below in SOLID or below == CLOUD or below in OBSTACLES

    def _blocked(self, p, c, *, thin: bool = True) -> bool:
        ch = self.cell(p, c)
        if not thin and ch == THIN:
            return False
        return ch in SOLID

    def _forward_cell(self, p, c, facing):
        """The cell a forward step reaches: on a diagonal wall the step follows the wall up or down."""
        x, y = c
        ahead = (x + facing, y)
        if not (0 <= ahead[0] < self.level.width):
            return None
        rising = SLOPE_UP if facing > 0 else SLOPE_DOWN
        falling = SLOPE_DOWN if facing > 0 else SLOPE_UP
        under = self.support(p, c)
        up = (x + facing, y + 1)
        if (self.cell(p, ahead) == rising or (under == rising and self._blocked(p, ahead))) \
                and not self._blocked(p, up):
            return up
        down = (x + facing, y - 1)
        if not self._blocked(p, ahead) and not self._blocked(p, down) and self.cell(p, down) not in OBSTACLES \
                and (under == falling or self.cell(p, (x + facing, y - 2)) == falling):
            return down
        return ahead

    def _target(self, p, me: Runner, step: str):
        if step == "A":
            return self._forward_cell(p, me.cell, me.facing)
        dx, dy = STEP_VECTOR[step]
        t = (me.cell[0] + dx * me.facing, me.cell[1] + dy)
        return t if 0 <= t[0] < self.level.width and 1 <= t[1] <= self.level.height else None

    # --- steps of a movement -----------------------------------------------------------
    def _steps(self, p: Position) -> list[str]:
        m, me = p.motion, p.runners[p.turn]
        if m is None or m.left <= 0:
            return []
        if m.kind == "R":
            if self.on_wall(p, me.cell):
                allowed = ["A"]
            else:
                start, d, b = m.air or (m.left, 0, 0)
                need = min(start, 2 if m.die >= 6 else 1)
                allowed = []
                if b == 0 and m.left - 1 >= need:
                    allowed.append("D")
                if d >= 1 or start <= need:
                    allowed.append("B")
                if not self._open(p, me, allowed):
                    allowed = [s for s in ("D", "B") if s == "B" or b == 0]
        elif m.kind in ("J", "bound"):
            allowed = [s for i, s in enumerate(STEPS) if i >= m.order and (i >= 2 or m.height != 0)]
            if m.kind == "bound" or (m.bounce and m.left == m.die):
                allowed = [s for s in allowed if s in ("H", "M")]
        elif m.kind == "stab":
            return ["B"] if me.cell[1] > 2 else []
        elif m.kind == "vine":
            return [s for s in _VINE_STEPS if self._vine_target(p, me, s) is not None]
        else:
            return []
        return self._open(p, me, allowed, thin=m.kind != "bound")

    def _open(self, p, me, allowed, thin=True):
        out = []
        for s in allowed:
            t = self._target(p, me, s)
            if t is None:
                continue
            if self._blocked(p, t, thin=thin) and not (self.cell(p, t) == BOX and s in ("H", "M")):
                continue
            out.append(s)
        return out

    def _vine_target(self, p, me, s):
        dx, dy = _VINE_STEPS[s]
        t = (me.cell[0] + dx, me.cell[1] + dy)
        return t if self.cell(p, t) == VINE else None

    # --- what happens --------------------------------------------------------------
    def _set(self, p, runner, i=None):
        i = p.turn if i is None else i
        return replace(p, runners=p.runners[:i] + (runner,) + p.runners[i + 1:])

    def _take_slot(self, p, text):
        for i, s in enumerate(p.slots):
            if _slot_text(s) == text:
                return replace(p, slots=p.slots[:i] + p.slots[i + 1:]), s
        raise IllegalMove("not_now", text)

    def _act(self, p: Position, text: str) -> Position:
        me = p.runners[p.turn]
        if text == "fin":
            return self._end_turn(replace(p, slots=()))
        if text == "W:A":
            return self._airmove_step(p)
        if p.phase == "lava":
            v = int(text.split()[1])
            slot = next(s for s in p.slots if v in s.values)
            p, _ = self._take_slot(p, _slot_text(slot))
            return self._start(p, Motion("J", v, v, 0, v))
        if p.phase == "bounce":
            v = int(text.split()[1])
            return self._start(p, Motion("J", v, v, 0, -1, pair=(v,), bounce=True))
        if p.phase == "step":
            return self._step(p, text)
        p, slot = self._take_slot(p, text)
        v = slot.values[-1]
        if slot.kind == "R":
            return self._start(p, Motion("R", v, v))
        if slot.kind == "J":
            h, d = slot.values
            return self._start(p, Motion("J", d, d, 0, h, pair=(h, d)))
        if slot.kind == "B":
            return self._continue(self._set(p, replace(me, facing=-me.facing)))
        if slot.kind == "FR":
            return self._start(p, Motion("J", v, v, 0, v, pair=(v,)))
        if slot.kind == "FV":
            return self._start(p, Motion("vine", v, v))
        if slot.kind == "FN":
            return self._start(p, Motion("bound", v, v, 0, -1))
        power = me.power
        if power == "slide":
            return self._start(p, Motion("R", 2 * v, 2 * v))
        if power == "boundstab":
            return self._start(p, Motion("stab", v, v))
        if power == "fireball":
            return self._fireball(p, v)
        return self._continue(p)

    def _start(self, p, motion):
        return self._continue(replace(p, phase="step", motion=motion))

    def _continue(self, p: Position) -> Position:
        """After a step or an action: go on with the movement, the next movement or the end of the turn."""
        if p.phase in ("over", "roll"):
            return p
        if p.motion is not None and p.motion.left > 0 and self._steps(p):
            return replace(p, phase="step")
        p = replace(p, motion=None, phase="act")
        if p.slots:
            return p
        return self._end_turn(p)

    def _stop(self, p):
        return replace(p, motion=replace(p.motion, left=0)) if p.motion else p

    def _step(self, p: Position, s: str) -> Position:
        me, m = p.runners[p.turn], p.motion
        t = self._vine_target(p, me, s) if m.kind == "vine" else self._target(p, me, s)
        m = replace(m, left=m.left - 1, order=max(m.order, STEPS.index(s) if s in STEPS else 0))
        if m.kind == "J" and s in ("H", "M") and m.height > 0:
            m = replace(m, height=m.height - 1)
        if m.kind == "R":
            if self.on_wall(p, me.cell):
                m = replace(m, air=())
            else:
                start, d, b = m.air or (m.left + 1, 0, 0)
                m = replace(m, air=(start, d + (s == "D"), b + (s == "B")))
        p = replace(p, motion=m)
        ch = self.cell(p, t)
        if m.kind == "stab":
            return self._stab_step(p, t)
        if ch == BOX and s in ("H", "M"):
            # bumped from the row below: the extra die gives a power; only A, D, B are left
            return replace(p, phase="box", motion=replace(m, order=max(m.order, 2)))
        if ch in OBSTACLES or ch == LAVA:
            return self._hit(p, t, s)
        return self._enter(p, t, s)

    def _enter(self, p: Position, t, s: str) -> Position:
        me = p.runners[p.turn]
        me = replace(me, cell=t)
        p = self._set(p, me)
        ch = self.cell(p, t)
        m = p.motion
        if ch == COIN:
            p = self._set(p, replace(me, coins=me.coins + 1))
        elif ch == CLOUD and "noir" not in me.flags and m is not None:
            p = replace(p, motion=replace(m, left=m.left // 2))
        elif ch == VINE and "vert" not in me.flags:
            p = self._lose_pulse(self._stop(p))
        elif ch in FLAGS:
            p = self._set(self._stop(p), replace(me, flags=me.flags | {FLAGS[ch]}))
        if self._won(p):
            return replace(p, phase="over", winner=p.turn)
        if self.support(p, t) == LAVA and "rouge" not in me.flags:
            return self._lava(p)
        m = p.motion
        if m is not None and m.kind in ("J", "bound") and self.on_wall(p, t):
            p = self._stop(p)
        if m is not None and m.kind == "R" and self.on_wall(p, t):
            p = replace(p, motion=replace(p.motion, air=()))
        if ch == STAR and not p.runners[p.turn].star:
            return replace(p, phase="star")
        return self._continue(p)

    def _hit(self, p: Position, t, s: str) -> Position:
        """The step toward `t` is stopped by an obstacle (or lava)."""
        me = p.runners[p.turn]
        ch = self.cell(p, t)
        if ch == MUSHROOM and s in ("B", "D"):
            top = (t[0], t[1] + 1)          # a D step lands on the top of the mushroom, as a B step does
            if s == "D" and not self._blocked(p, top) and self.cell(p, top) not in OBSTACLES:
                p = self._set(p, replace(me, cell=top))
            m = p.motion
            if m.kind == "J" and m.pair:
                return replace(p, phase="bounce")
            if m.kind != "R":
                p = self._stop(p)           # any other jump ends there, landed
            return self._continue(p)        # a RUN goes on from the top of the mushroom
        if ch in (LAVA, BOMB):
            if ch == LAVA and "rouge" in me.flags:
                return self._continue(self._stop(p))
            return self._lava(p)
        p = self._hurt(self._stop(p), p.turn)
        return self._continue(p)

    def _hurt(self, p, i, pulse=True):
        r = p.runners[i]
        if r.star:
            return p
        r = replace(r, pv=r.pv - 1)
        if r.pv <= 0:
            return self._eliminate(p, i)
        p = self._set(p, r, i)
        if pulse:
            p = self._lose_pulse(p, i)
        return p

    def _lose_pulse(self, p, i=None):
        i = p.turn if i is None else i
        r = p.runners[i]
        if r.star:
            return p
        if i == p.turn:
            return replace(p, kept=0)
        return self._set(p, replace(r, pulse=0), i)

    def _eliminate(self, p, i):
        r = p.runners[i]
        p = self._set(p, Runner(self.start_cells[0], 1, self.start_pv), i)     # its flags too: see the docstring
        if i == p.turn:
            p = self._end_turn(replace(p, slots=(), motion=None, kept=0, phase="act"))
        return p

    def _lava(self, p):
        p = self._hurt(self._stop(p), p.turn)
        if p.phase in ("roll", "over"):
            return p                        # 0 PV: back to START, the turn is over
        if not p.slots:
            return self._eliminate(p, p.turn)
        return replace(p, phase="lava", motion=None)

    def _after_box(self, p, power: str) -> Position:
        me = p.runners[p.turn]
        runners = list(p.runners)
        if power == "+1d":
            runners = [replace(r, power="") if r.power == "+1d" else r for r in runners]
        me = replace(me, power=power, pv=me.pv + (1 if power == "1life" else 0))
        runners[p.turn] = me
        p = replace(p, runners=tuple(runners), phase="step")
        return self._continue(p)

    def _airmove_step(self, p):
        me = p.runners[p.turn]
        i = next(i for i, s in enumerate(p.slots) if s.kind == "W")
        v = p.slots[i].values[0] - 1
        slots = p.slots[:i] + ((Slot("W", (v,)),) if v > 0 else ()) + p.slots[i + 1:]
        t = self._forward_cell(p, me.cell, me.facing)
        q = replace(p, slots=slots)
        if self.cell(q, t) in OBSTACLES:
            return self._hit(q, t, "A")
        return self._enter(q, t, "A")

    def _stab_step(self, p, t):
        """boundstab: one step down through creatures and rocks; pawns there are hurt; the dragon dies."""
        me = p.runners[p.turn]
        for i, r in enumerate(p.runners):
            if i != p.turn and r.cell == t:
                p = self._hurt(p, i)
        if self.cell(p, t) == DRAGON:
            p = replace(p, removed=p.removed | {t})
        p = self._set(p, replace(me, cell=t))
        if p.motion.left == 0 or t[1] <= 2:
            while self.cell(p, p.runners[p.turn].cell) in SOLID | OBSTACLES:
                c = p.runners[p.turn].cell
                p = self._set(p, replace(p.runners[p.turn], cell=(c[0], c[1] + 1)))
            p = self._stop(p)
        return self._continue(p)

    def _fireball(self, p, v):
        """The ball runs like a RUN from the pawn's cell, forward then down; it stops on the first thing it hits."""
        me = p.runners[p.turn]
        ball, left, d = me.cell, v, 0
        need = 2 if v >= 6 else 1
        while left > 0:
            if self.on_wall(p, ball):
                nxt = self._forward_cell(p, ball, me.facing)
            elif d == 0 and left > need:
                nxt, d = (ball[0] + me.facing, ball[1] - 1), 1
            else:
                nxt = (ball[0], ball[1] - 1)
            if nxt is None or self._blocked(p, nxt):
                break
            left -= 1
            ch = self.cell(p, nxt)
            if ch in CREATURES:
                if ch != DRAGON:
                    p = replace(p, removed=p.removed | {nxt})
                break
            hit = [i for i, r in enumerate(p.runners) if i != p.turn and r.cell == nxt]
            if hit:
                for i in hit:
                    p = self._hurt(p, i)
                break
            ball = nxt
        return self._continue(p)

    # --- end of the turn ---------------------------------------------------------------
    def _end_turn(self, p: Position) -> Position:
        me = p.runners[p.turn]
        x, y = me.cell
        if self.support(p, me.cell) == ICE and "rouge" not in me.flags:
            while self.support(p, (x, y)) == ICE:
                nxt = (x + me.facing, y)
                if not (0 <= nxt[0] < self.level.width) or self.cell(p, nxt) in SOLID | OBSTACLES:
                    break
                x = nxt[0]
                if self.cell(p, nxt) == COIN:       # the slide passes the coin: taken (only a fall takes none)
                    me = replace(me, coins=me.coins + 1)
            me = replace(me, cell=(x, y))
        if self.support(p, (x, y)) == CLOUD and "noir" not in me.flags:
            y -= 1
            me = replace(me, cell=(x, y))
            p = self._lose_pulse(self._set(p, me))
            me = p.runners[p.turn]
        p = self._set(p, me)
        if not self.on_wall(p, (x, y)) and self.cell(p, (x, y)) != VINE:
            while not self.on_wall(p, (x, y)) and self.cell(p, (x, y)) != VINE:
                y -= 1
            me = replace(me, cell=(x, y))
            p = self._set(p, me)
            below = self.support(p, (x, y))
            if below != MUSHROOM:
                p = self._lose_pulse(p)
            if below in (SPIKES, CREATURE, DRAGON):
                p = self._hurt(p, p.turn)
            elif below in (LAVA, BOMB) and not (below == LAVA and "rouge" in me.flags):
                p = self._eliminate(p, p.turn)
            if p.phase == "roll":
                return p                    # eliminated by the fall: its turn is over, the next one's begins
        if p.phase != "over" and self._won(p):
            return replace(p, phase="over", winner=p.turn)
        me = p.runners[p.turn]
        star = me.star if me.star_fresh else max(0, me.star - 1)
        me = replace(me, pulse=p.kept, star=star, star_fresh=False)
        p = self._set(p, me)
        return replace(p, turn=(p.turn + 1) % len(p.runners), phase="roll", slots=(), kept=0, motion=None, dice=())

    def _won(self, p) -> bool:
        me = p.runners[p.turn]
        return self.cell(p, me.cell) == START and len(me.flags) >= p.target

    def placements(self, p: Position):
        out = []
        for i, r in enumerate(p.runners):
            out.append((cell_name(*r.cell), f"{PLAYERS[i]}-{'d' if r.facing > 0 else 'g'}", None))
        return out

    def piece_attributes(self, p: Position):
        """Each runner's facing (the position's `sens`): a figure shows which way it runs."""
        return {place_piece[:2]: {"facing": "right" if r.facing > 0 else "left"}
                for place_piece, r in zip(self.placements(p), p.runners)}

    # --- playtest ----------------------------------------------------------------
    def evaluate(self, p: Position, player: str) -> float:
        """The race: flags held (0.5 each), the route still to run to the nearest flag still to take (or to
        START once enough are held: Routes, 0.004 a step), against the best other runner; tanh. The PV left
        do not count: they matter only through an elimination, which the route back from START and the flags
        lost already weigh; counted (0.03 each), an elimination looked like a gain, full PV again, and the agent
        jumped into lava near its flag to start over (tests/engine/test_3d_run_race.py)."""
        routes = self._routes()
        me = PLAYERS.index(player)
        others = max(routes.runner_value(p, i) for i in range(len(p.runners)) if i != me)
        return tanh(routes.runner_value(p, me) - others)

    def move_values(self, p: Position, moves, player: str) -> "list[float | None] | None":
        """The greedy ranking's shortcut (Engine.move_values), the floats agents.weigh() finds. An allotment
        changes only the mover's movements to play (and coins, which the evaluation does not read): its value
        comes from the runner's, no position made. A step that ends the turn leads to the next runner's roll,
        whose outcomes the evaluation cannot tell apart (it reads no die): one of them is weighed and its
        value summed with every roll's odds, as weigh() sums them, instead of playing and weighing the 56."""
        if p.phase == "over" or player != PLAYERS[p.turn]:
            return None
        routes = self._routes()
        me = p.turn
        if p.phase == "allot":
            others = max(routes.runner_value(p, i) for i in range(len(p.runners)) if i != me)
            runner, motion = p.runners[me], p.motion
            return [tanh(routes.value_of(runner, p.target, motion, move.slots if motion is None else ()) - others)
                    if isinstance(move, Allot) else None for move in moves]
        out: list = []
        for move in moves:
            try:
                q = self.play(p, move)
            except EngineError:
                out.append(None)
                continue
            if q.phase == "over":
                out.append(1.0 if q.winner == me else -1.0)
            elif q.phase == "roll":
                rolls = self.chance_outcomes(q)
                value = self.evaluate(self.play(q, rolls[0][0]), player)
                out.append(sum(float(odds) * value for _roll, odds in rolls))
            elif self.to_move(q) == CHANCE:
                out.append(None)
            else:
                out.append(self.evaluate(q, player))
        return out

    def _routes(self) -> "Routes":
        level = self._bound()
        if level.routes is None:            # once per level: every game of a playtest shares it
            level.routes = Routes(self, level)
        return level.routes


class Routes:
    """Shortest routes over the level's movement graph, for the playtest's evaluation: how many steps a pawn
    still needs to enter each flag's cell, and START.

    A state is the cell where a pawn stands (on a wall or a vine: a new movement starts there), or, in the
    air, the cell with what the jump under way still allows: (col, row, steps left, last arrow, facing): its
    arrows keep their order (H M A D B), at most a die of 6 steps. A step costs 1 (walking forward along the
    walls either way, or one of a jump's arrows); a pawn in the air may fall to the wall below at no cost (the
    end of its turn); obstacles are not entered, and standing over spikes or a creature (lava, a bomb) costs a
    few steps (many). Distances are computed backwards from each goal once, by Dijkstra over the reversed
    graph."""

    MOVE = 6                           # a die's most: the steps of one jump
    HURT, DEADLY = 8, 40               # the cost of standing over spikes or a creature, over lava or a bomb
    UNREACHABLE = 300

    def __init__(self, engine: "ThreeDRun", level: Level):
        import heapq
        self.engine, self.level, self.blank = engine, level, Position(())
        # whether a cell is open, whether a pawn stands on it: the level's alone, asked millions of times
        self._open_cells: dict = {}
        self._standing: dict = {}
        self._after: dict = {}              # _nearest_after's answers: the level's alone, asked again and again
        self._values: dict = {}             # runner_value's answers, at most VALUES_KEPT
        self.flags = {FLAGS[ch]: (c, r) for r in range(1, level.height + 1) for c in range(level.width)
                      for ch in (level.at(c, r),) if ch in FLAGS}
        back: dict = {}
        cells = [(c, r) for r in range(1, level.height + 1) for c in range(level.width) if self._open((c, r))]
        for cell in cells:
            for state in self._states(cell):
                for nxt, cost in self._next(state):
                    back.setdefault(nxt, []).append((state, cost))
        goals = {name: [cell] for name, cell in self.flags.items()}
        goals["START"] = list(level.start_cells)
        self.distance = {}
        for name, targets in goals.items():
            dist = {state: 0 for cell in targets for state in self._states(cell)}
            heap = [(0, state) for state in dist]
            heapq.heapify(heap)
            while heap:
                d, state = heapq.heappop(heap)
                if d > dist[state]:
                    continue
                for before, cost in back.get(state, ()):
                    if d + cost < dist.get(before, self.UNREACHABLE):
                        dist[before] = d + cost
                        heapq.heappush(heap, (d + cost, before))
            self.distance[name] = dist

    VALUES_KEPT = 200_000              # answers remembered, each kind (a playtest asks the same ones again and again)

    def runner_value(self, p: Position, i: int) -> float:
        """Runner `i`'s standing in the race (ThreeDRun.evaluate): 0.5 a flag held, -0.004 a step of the
        route still to run. Depends only on the runner's square, facing and flags, the flags needed, and for
        the runner whose turn it is his movement under way or the movements allotted and not played: remembered
        by those."""
        runner = p.runners[i]
        turn = i == p.turn
        motion = p.motion if turn else None
        slots = p.slots if turn and motion is None and p.phase == "act" and p.slots else ()
        return self.value_of(runner, p.target, motion, slots)

    def value_of(self, runner: Runner, target: int, motion: "Motion | None", slots: tuple) -> float:
        """runner_value() of `runner` in the middle of `motion`, or with `slots` allotted, remembered."""
        key = (runner.cell, runner.facing, runner.flags, target, motion, slots)
        known = self._values.get(key)
        if known is None:
            if len(self._values) >= self.VALUES_KEPT:
                self._values.clear()
            known = self._values[key] = self._runner_value(runner, target, motion, slots)
        return known

    def _runner_value(self, runner: Runner, target: int, motion: "Motion | None", slots: tuple) -> float:
        if len(runner.flags) >= target:
            goals = ("START",)
        else:
            goals = tuple(name for name in self.flags if name not in runner.flags)
        gap = min((self.steps(goal, runner.cell, motion, runner.facing) for goal in goals), default=0)
        if slots:
            # the movements allotted and not played yet: the best one brings the pawn this close
            facings = (runner.facing, -runner.facing) if any(s.kind == "B" for s in slots) else (runner.facing,)
            gap = min(self._nearest_after(goals, runner.cell, facing, slot) for slot in slots for facing in facings)
        return 0.5 * len(runner.flags) - 0.004 * gap

    def _nearest_after(self, goals: tuple, cell, facing: int, slot: "Slot") -> int:
        """The fewest steps left to the nearest of `goals` once `slot` is played (after_movement), remembered."""
        key = (goals, cell, facing, slot.kind, slot.values)
        known = self._after.get(key)
        if known is None:
            if len(self._after) >= self.VALUES_KEPT:
                self._after.clear()
            known = self._after[key] = min(self._after_movement(goal, cell, facing, slot) for goal in goals)
        return known

    def steps(self, goal: str, cell, motion: "Motion | None" = None, facing: int = 1) -> int:
        """Steps from a pawn on `cell` (in the middle of `motion`, if any) to `goal` (a flag's name, START)."""
        if self._stands(cell):
            state = cell
        elif motion is not None and motion.kind == "J" and motion.left > 0:
            state = cell + (min(motion.left, self.MOVE), min(motion.order, 4), facing)
        else:
            state = cell + (0, 0, facing)
        return self.distance[goal].get(state, self.UNREACHABLE)

    def after_movement(self, goal: str, cell, facing: int, slot: "Slot") -> int:
        """The fewest steps left to `goal` once one allotted movement is played from `cell` (a pawn standing
        there): a RUN walks forward along the walls, then falls; a JUMP tries its arrows in their order, no
        more up steps than its height; other movements move nothing here."""
        return self._nearest_after((goal,), cell, facing, slot)

    def _after_movement(self, goal: str, cell, facing: int, slot: "Slot") -> int:
        dist = self.distance[goal]
        best = self.steps(goal, cell, None, facing)
        if slot.kind == "R":
            at = cell
            for _ in range(slot.values[0]):
                ahead = self.engine._forward_cell(self.blank, at, facing)
                if ahead is None or not self._open(ahead):
                    break
                at = ahead
                if not self._stands(at):
                    break
            return min(best, self.steps(goal, at, None, facing))
        if slot.kind != "J" or not self._stands(cell):
            return best
        height, left = slot.values
        stack, seen = [(cell, left, 0, height)], set()
        while stack:
            at, left, order, ups = stack.pop()
            for i in range(order, len(STEPS)):
                if i < 2 and ups == 0:
                    continue
                dx, dy = STEP_VECTOR[STEPS[i]]
                t = (at[0] + dx * facing, at[1] + dy)
                if not self._open(t) or (t, left - 1, i, ups - (i < 2)) in seen:
                    continue
                seen.add((t, left - 1, i, ups - (i < 2)))
                best = min(best, dist.get(t if self._stands(t) else t + (0, 0, facing), self.UNREACHABLE))
                if left > 1 and not self._stands(t):
                    stack.append((t, left - 1, i, ups - (i < 2)))
        return best

    def _states(self, cell) -> list:
        if self._stands(cell):
            return [cell]
        return [cell + (left, order, facing) for left in range(self.MOVE + 1) for order in range(len(STEPS))
                for facing in (1, -1)]

    def _open(self, cell) -> bool:
        known = self._open_cells.get(cell)
        if known is None:
            c, r = cell
            known = self._open_cells[cell] = (0 <= c < self.level.width and 1 <= r <= self.level.height
                                              and not self.engine._blocked(self.blank, cell)
                                              and self.level.at(c, r) not in OBSTACLES)
        return known

    def _stands(self, cell) -> bool:
        known = self._standing.get(cell)
        if known is None:
            known = self._standing[cell] = self.level.at(*cell) == VINE or self.engine.on_wall(self.blank, cell)
        return known

    def _arrive(self, cell, left: int, order: int, facing: int):
        """The state reached on `cell` and the cost of the step (and of standing there)."""
        if not self._stands(cell):
            return cell + (left, order, facing), 1
        below = self.engine.support(self.blank, cell)
        return cell, 1 + (self.DEADLY if below in (LAVA, BOMB) else self.HURT if below in OBSTACLES else 0)

    def _next(self, state):
        """(next state, cost) of every step (or fall) from `state`."""
        c, r = state[:2]
        out = []
        if len(state) == 2:                          # standing: a new movement, walking or jumping
            for facing in (1, -1):
                ahead = self.engine._forward_cell(self.blank, (c, r), facing)
                if ahead is not None and self._open(ahead):
                    out.append(self._arrive(ahead, 0, 0, facing))
            jumps = [(self.MOVE, 0, facing) for facing in (1, -1)]
        else:
            left, order, facing = state[2:]
            fall = r
            while fall > 1 and not self._stands((c, fall)):
                fall -= 1
            if self._stands((c, fall)) and self._open((c, fall)):
                landed, cost = self._arrive((c, fall), 0, 0, facing)
                out.append((landed, cost - 1))         # the fall at the end of the turn costs no step
            jumps = [(left, order, facing)] if left else []
        for left, order, facing in jumps:
            for i in range(order, len(STEPS)):
                dx, dy = STEP_VECTOR[STEPS[i]]
                t = (c + dx * facing, r + dy)
                if self._open(t):
                    out.append(self._arrive(t, left - 1, i, facing))
        return out


_VINE_STEPS = {"H": (0, 1), "B": (0, -1), "G": (-1, 0), "A": (1, 0),
               "HG": (-1, 1), "HD": (1, 1), "BG": (-1, -1), "BD": (1, -1)}


def _plus(value: int, coins: int) -> str:
    return f"{value}+{coins}" if coins else str(value)


def _slot_text(s: Slot) -> str:
    return s.kind + "/".join(str(v) for v in s.values)


def _slot_key(s: Slot):
    return (SLOT_KINDS.index(s.kind), tuple(-v for v in s.values))


def _allot(slots, pulse: int, coins) -> Allot:
    """An allotment in its one order: by kind, then by the die as rolled (before its coins), then by coins,
    so that two ways of writing one allotment (which of two equal dice gets the coin) are one move."""
    def key(i):
        raw = tuple(v - c for v, c in zip(slots[i].values, coins[i]))
        return SLOT_KINDS.index(slots[i].kind), tuple(-v for v in raw), tuple(-c for c in coins[i])
    order = sorted(range(len(slots)), key=key)
    return Allot(tuple(slots[i] for i in order), pulse, tuple(coins[i] for i in order), sum(map(sum, coins)))


def _pairings(dice: list):
    """The ways to cut `dice` (0, 2 or 4 values) into ordered (height, distance) pairs, each set once."""
    if not dice:
        yield ()
        return
    seen = set()
    for perm in itertools.permutations(dice):
        pairs = tuple(sorted((perm[i], perm[i + 1]) for i in range(0, len(perm), 2)))
        if pairs not in seen:
            seen.add(pairs)
            yield pairs


ENGINE = ThreeDRun()
