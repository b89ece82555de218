"""PuXes (DiXe): hero rolls, which oracle may be flicked, waking, the heroes' powers, temples and the end.

PuXes is a dexterity game: the flicks are played by hand. The engine keeps what has
rules (seeds/puxes.fr.txt; dice, characters and skills as /work/wt/puxes-contract.md
fixes them, content/puxes/game.yaml states the choices):
- A player has hero dice, oracle dice in play or asleep, and a temple. Every die is a
  character of the contract (one character face, five symbol faces), named in moves
  `<set letter>.<character>`: `A.passeur`. A face roll is uniform.
- Turn: the player to move rolls his heroes (chance: `=oni,kala,kaeru,pi`, one face
  per hero in hero order); then he may activate ONE active power of a hero showing
  its character (`pouvoir kaeru ...`), and flicks one oracle whose visible symbol
  shows on a hero (any oracle showing a character when a hero shows a character);
  or, with two heroes on the same symbol and no power used, he wakes a sleeping
  oracle instead (`reveil A.repli=pi`), which ends the turn. Passive powers (Oni,
  Gaucher, Gardien) hold while their face stays visible, during every turn.
- Protection (Oni) cancels every power of its owner's opponents; the first Oni to
  appear rules, the next one takes over when it disappears. A Vampirisation pair,
  once glued, resists it as every power: only a shot separates it.
- Flicks enter as their results, chosen from a finite list: `A.bascule>smiley` (this
  oracle was flicked and shows smiley), then one result at a time (`touche B.rukura`,
  `sort B.rukura`, `touche B`, `tombe B`, `sort B` for temple B, `sacre X`,
  `renverse X`, `forteresse X`) and `fin`.
- The end: a temple DiXed by a clean shot (no oracle touched, neither the oracle nor
  the temple out of the area) eliminates its owner; a player whose oracles are all
  asleep is eliminated. The last player (team) standing wins.

Choices where the seed is silent: ASSUMPTIONS below, one line each, in the order
content/puxes/game.yaml's `assumptions:` prints them (in French there).

Position (plain YAML a designer types in diagrams.yaml; every key but the players' may be left out):

    joueurs: [A, B]         seat order (2 to 4 players; default: A up to the last player key given)
    trait: A                whose turn
    phase: pouvoirs         lancer (the heroes are about to roll) | pouvoirs (rolled) | depart | visage | fin
    A: {heros: {oni: oni, kaeru: ~, ...}, oracles: {passeur: pi, ...}, endormis: [...], perdus: [...],
        temple: debout, elimine: false}          temple: debout | ebranle (avance) | tombe; a list of two in
                                                 deux-temples; a die of another set: D.passeur (blitz)
    oni: [B, A]             order in which the visible Onis appeared (default: the order of the last rolls)
    immobilises: {B.rukura: A.petitgris}   colles: {B.rukura: A.passeur}   forteresse: A.passeur
    sauves: [B.rukura]      phase visage: oracles Immunité saved, whose faces the player to move chooses
    tour: {...}             inside a turn: the power used, the flick being entered, ...
    depart: {lancent: [B], personnages: {A: 2}}    the start rolls

Moves: a roll `=oni,kala,kaeru,pi` (Coup de bol's two heroes: `=pi,aum`); a flick `A.bascule>smiley`;
its results `touche X`, `sort X`, `touche B`, `tombe B`, `sort B` (temple B; B1, B2 in deux-temples),
`sacre X`, `renverse X`, `forteresse X`, then `fin` (`fin` also declines a second flick, a spit or a
re-roll); `reveil A.repli=pi`; `pouvoir kaeru` with the power's arguments (`pouvoir petitgris
B.rukura`, `pouvoir bascule B.rukura B.miroir`, `pouvoir repli A.passeur`, `pouvoir sonneur
A.repli=pi`, `pouvoir girouette A.passeur=soleil`, `pouvoir rukura B.fortune`, `pouvoir miroir kaeru`,
a partner's `pouvoir C.kaeru`); `transporte X`, `vampirise X`; `relance veinard,oni`; `crache`;
`face X=pi`; `passe`.

Chance: every face of a hero die is 1/6 and every hero die is a different die, so no two outcomes of a
roll give the same position and none is merged (four heroes: 1296 outcomes of 1/1296).

Hooks besides the protocol: figure_items (the dice of a player's set, for dice figures), item_states (where
those dice are: in play, asleep, lost), evaluate and
entering_results (for the playtest agents). Nothing is hidden: observation is write_position.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from ..core import CHANCE, PLAY, Engine, IllegalMove, NotationError, Outcome
from ..grid import reasons

SYMBOLS = ("pirate", "smiley", "soleil", "bombe", "pi", "aum", "yinyang", "sablier")
CHARACTERS = ("oni", "kaeru", "kala", "petitgris", "passeur", "bascule", "decret", "repli", "sangsue", "sonneur",
              "miroir", "jumeau", "girouette", "veinard", "rukura", "parieur", "gaucher", "fortune", "charmeur",
              "gardien")
# character -> (skill as the seed names it, passive?)
SKILLS = {
    "oni": ("Protection", True), "kaeru": ("Coup de langue", False), "kala": ("Furtif", False),
    "petitgris": ("Séduction", False), "passeur": ("Transport", False), "bascule": ("Rétrogradé", False),
    "decret": ("49,3", False), "repli": ("Retraite", False), "sangsue": ("Vampirisation", False),
    "sonneur": ("Attrape-moi", False), "miroir": ("Imitation", False), "jumeau": ("Coup double", False),
    "girouette": ("Changement d'avis", False), "veinard": ("Coup de bol", False),
    "rukura": ("Contamination", False), "parieur": ("Retente ta chance", False), "gaucher": ("Ambidextre", True),
    "fortune": ("Méga coup de bol", False), "charmeur": ("Charme", False), "gardien": ("Immunité", True),
}
PASSIVE = frozenset(c for c, (_, passive) in SKILLS.items() if passive)
SEATS = ("A", "B", "C", "D")
SETS = {"A": CHARACTERS[:10], "B": CHARACTERS[10:], "C": CHARACTERS[10:], "D": CHARACTERS[:10]}
TEAMS = (("A", "C"), ("B", "D"))
VARIANTS = ("trois-joueurs", "quatre-solo", "blitz", "equipes", "avance", "deux-temples", "sans-pouvoirs",
            "tout-petits", "falaise", "forteresse")
# variants that fix the number of players (trois-joueurs and quatre-solo: every player alone, the base rules)
SOLO_COUNT = {"trois-joueurs": 3, "quatre-solo": 4, "equipes": 4}
STANDING, SHAKEN, FALLEN = "debout", "ebranle", "tombe"
TEMPLE_STATES = (STANDING, SHAKEN, FALLEN)

ASSUMPTIONS = (
    "Start: every player rolls his heroes in seat order; the most character faces begins and keeps his roll; "
    "players tied for the most roll again, alone, until one leads. The others' start rolls are set aside: "
    "their heroes show nothing (no passive power) until their own first roll.",
    "A flicked oracle may stop on another face: the flicking player says which (the same face included). "
    "An oracle only touched keeps its face.",
    "Waking uses the whole turn: no active power may have been used before it (Retente ta chance included).",
    "The owner chooses the face of an oracle he wakes (as at the set-up).",
    "A player whose heroes show no matching oracle passes; when a flick is possible he must flick or wake.",
    "Powers that act after the flick (Furtif, Transport, Vampirisation, Coup double, Coup de langue, Charme, "
    "Coup de bol, Méga coup de bol) are announced before it, like Vampirisation in the seed.",
    "Séduction: Petit gris stays on the oracle until its owner's next roll (he rolls it again), or until an "
    "opponent's Protection appears, or until it is knocked off (the oracle then sleeps). Petit gris' face still "
    "counts among its owner's heroes meanwhile.",
    "Rétrogradé: the opponent's oracle and one of that opponent's heroes (chosen by the active player) swap: "
    "the hero, with its face, stands where the oracle stood; the oracle becomes a hero showing its face. In "
    "blitz, an oracle taken from an eliminated player cannot be swapped (it is not of its holder's set).",
    "Retraite keeps the oracle's face.",
    "Vampirisation: the glued oracle cannot be flicked nor targeted by a power, and no power takes either die "
    "of the pair away (Rétrogradé, Retraite, Contamination); a flick touching either die, or the holder being "
    "flicked, separates them. Protection stops its activation like any power's; the pair, once glued, resists "
    "it. A holder flicked out of the area glues nothing.",
    "Transport: the carried oracle ends where the flicked one ends (back in play with it, or out with it).",
    "Imitation copies an active power of an opponent's hero showing its character; the Miroir die does what "
    "the copied hero's die would do (Séduction, Contamination).",
    "Coup double: the second oracle is one showing the same symbol as the first one flicked, that symbol "
    "being on a hero.",
    "Coup de bol: the player chooses the two heroes re-rolled; he replays if one of his oracles shows a symbol "
    "now on a hero (characters do not count); he may decline the replay.",
    "Méga coup de bol: the new face must be a symbol shown by another hero than one that allowed the first flick.",
    "Contamination cannot target an oracle its owner's Immunité protects.",
    "Immunité also saves an oracle in cliff mode and a fortress occupant (which then leaves the fortress).",
    "Solo modes: an eliminated player's oracles leave the table; in blitz the eliminator takes those still in "
    "play (not the sleeping ones).",
    "Teams: A and C against B and D. A player may use one active power of his partner's visible heroes "
    "instead of his own; Immunité protects the partner's oracles too. A team loses when its two temples are "
    "down or both its players are out; the winner is named by the team's first player.",
    "Two temples (deux-temples): a player loses when both his temples are DiXed.",
    "Toddlers (tout-petits): with no roll there is no pair, so no waking; a shot felling a temple with an "
    "oracle showing a symbol does not count: the temple is rebuilt, what the shot knocked out is put back.",
    "Forteresse: an oracle pushed or flicked into the fortress occupies it if it is empty; an opponent's "
    "newcomer sends the occupant to sleep and takes its place; the owner of the occupant may spit once in each "
    "of his turns, before his flick; the occupant leaves when it is flicked.",
    "A spit (Kaeru, Charme, fortress) cannot DiXe: a temple it fells is rebuilt and nothing follows.",
    "Toddlers: nobody rolls to begin; the first seat (A) begins.",
    "Ambidextre changes nothing the engine follows (which hand flicks is the players' business); it is a passive "
    "power in effect while visible, cancelled by an opponent's Protection like any other.",
    "Imitation when an opponent has picked up his heroes (none shows a face; the seed's special case): the "
    "Miroir copies the active power of any of that opponent's heroes.",
    "An oracle pushed back from a sacred garden stays in play, whatever the push touched (the next player puts "
    "back what it moved).",
    "A hero touching an oracle during the roll, and tournament penalties, are the players' call (not modelled).",
)

# The playtest's evaluation: what a flick costs the player who must make one. The referee draws a flick's results
# uniformly among the legal ones (entering_results), so a flick costs its player 0.87 oracles on average (30 draws
# of the rest of the turn from each of 170 flicks of 20 random games: the flicked oracle out, his own temple
# struck, an unclean shot) and ends his game 7 times as often as it wins it: whose next roll is likely to force a
# flick on him is the worse placed.
FLICK_COST = 0.9

STEPS = ("action", "tir", "transport", "vampire", "suite", "crachat", "relance", "des", "rejeu", "retente")


def faces_of(character: str) -> tuple[str, ...]:
    """The six faces of a character's die: its character, then its five symbols (the contract's rule)."""
    c = CHARACTERS.index(character)
    return (character,) + tuple(SYMBOLS[(c + k) % 8] for k in range(5))


def char_of(die: str) -> str:
    return die.split(".", 1)[1]


def set_of(die: str) -> str:
    return die.split(".", 1)[0]


def shows_character(die: str, face: str | None) -> bool:
    return face is not None and face == char_of(die)


# ---------------------------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seat:
    """One player's dice: heroes (die, face or None) in hero order, oracles in play (die, face), asleep, lost."""
    heroes: tuple[tuple[str, str | None], ...]
    oracles: tuple[tuple[str, str], ...]
    asleep: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    temples: tuple[str, ...] = (STANDING,)
    out: bool = False

    def face(self, die: str) -> str | None:
        for d, f in self.oracles + self.heroes:
            if d == die:
                return f
        return None

    def hero_faces(self) -> list[str]:
        return [f for _, f in self.heroes if f is not None]


@dataclass(frozen=True)
class Shot:
    """A flick (or a spit) whose results are being entered."""
    oracle: str | None            # the flicked oracle (None for a spit)
    before: str | None            # its face before the flick
    after: str | None             # its face after
    events: tuple[str, ...] = ()  # 'touche X', 'sort X', 'tombe B', ... in the order entered
    spit: str | None = None       # kaeru | charmeur | forteresse for a spit


@dataclass(frozen=True)
class Turn:
    """What happened in the turn so far."""
    step: str = "action"          # action tir transport vampire suite crachat relance rejeu
    power: str | None = None      # the skill used (a character id)
    source: str | None = None     # the hero die whose power it is (Miroir's for an imitation)
    flicks: tuple[str, ...] = ()  # oracles flicked, in order
    shot: Shot | None = None
    last: tuple = ()              # last flick done: (oracle, before, after, clean)
    woken: str | None = None      # Attrape-moi: may not be flicked this turn
    symbol: str | None = None     # Coup double: the pair's symbol
    spat: bool = False            # forteresse: the spit of the turn is used
    spit_done: bool = False       # Kaeru / Charme: the spit is done or declined
    reroll: tuple[str, ...] = ()  # heroes being re-rolled (chance)
    rerolled: bool = False        # Coup de bol done


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    trait: int
    phase: str                    # depart lancer tour visage fin
    turn: Turn | None = None
    oni: tuple[str, ...] = ()     # players whose visible Oni appeared, in order
    immobilised: tuple[tuple[str, str], ...] = ()   # (oracle, Petit gris die sitting on it)
    stuck: tuple[tuple[str, str], ...] = ()         # (glued oracle, oracle holding it)
    fortress: str | None = None
    saved: tuple[str, ...] = ()   # visage: oracles whose face the player to move chooses
    start: tuple = ()             # depart: (players still to roll, ((player, characters rolled), ...))
    variant: str | None = None

    def seat(self, player: str) -> Seat:
        return self.seats[self.players.index(player)]

    @property
    def player(self) -> str:
        return self.players[self.trait]


def with_seat(s: State, player: str, seat: Seat) -> State:
    i = s.players.index(player)
    return replace(s, seats=s.seats[:i] + (seat,) + s.seats[i + 1:])


# ---------------------------------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------------------------------

class PuxesEngine(Engine):
    game_id = "puxes"
    players = SEATS
    player_counts = (2, 3, 4)
    variants = VARIANTS
    illegal_reasons = reasons(
        "game_over",
        chance="the dice roll now",
        not_rolling="no dice roll now",
        faces="a face the die does not carry, or not one face per die rolled",
        not_movable="no hero shows this oracle's symbol (nor a character for an oracle showing one)",
        immobilised="this oracle is held (Petit gris on it, or glued by Vampirisation)",
        no_power="no hero of the player shows this power's character now, or a power was used, or the flick is made",
        cancelled="an opponent's Protection cancels this power",
        no_pair="waking needs two heroes showing the same symbol",
        no_sleeper="no oracle of the player is asleep",
        no_wake="no waking now (a power was used, Coup de bol, or a player without temple in teams)",
        not_now="this is not what the turn waits for now",
        target="this power cannot take that oracle, hero or face",
        must_flick="an oracle can be flicked: the player must flick it (or wake one)",
    )
    extra_claims = ("movable", "flicks", "actives", "passives", "protection", "asleep", "eliminated", "can_wake")

    # --- start ---------------------------------------------------------------------------------------------------
    def initial(self, variant=None, *, players=None, seed=None) -> State:
        self.check_variant(variant)
        if players is None and variant in SOLO_COUNT:
            players = SOLO_COUNT[variant]
        if players is None and variant == "blitz":
            players = 4
        order = self.players_for(players)
        self._check_count(variant, len(order))
        seats = tuple(self._default_seat(p, variant) for p in order)
        s = State(order, seats, 0, "depart", variant=variant)
        if variant == "tout-petits":
            return replace(s, phase="tour", turn=Turn())
        return replace(s, start=(order, ()))

    def _check_count(self, variant, count: int) -> None:
        if variant in SOLO_COUNT and count != SOLO_COUNT[variant]:
            raise NotationError(f"{variant} is played by {SOLO_COUNT[variant]} players")
        if variant == "blitz" and count < 3:
            raise NotationError("blitz is played by 3 or 4 players")
        if variant == "deux-temples" and count != 2:
            raise NotationError("deux-temples is played by 2 players")

    @staticmethod
    def _default_seat(player: str, variant) -> Seat:
        dice = [f"{player}.{c}" for c in SETS[player]]
        heroes = tuple((d, None) for d in dice[:4])
        if variant == "deux-temples":
            return Seat(heroes, tuple((d, faces_of(char_of(d))[1]) for d in dice[4:10]), temples=(STANDING, STANDING))
        return Seat(heroes, tuple((d, faces_of(char_of(d))[1]) for d in dice[4:8]))

    # --- who acts -------------------------------------------------------------------------------------------------
    def to_move(self, s: State) -> str:
        if s.phase in ("depart", "lancer"):
            return CHANCE
        if s.phase == "tour" and s.turn.step in ("retente", "des"):
            return CHANCE
        return s.player

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != "fin":
            return None
        alive = self._alive_sides(s)
        if not alive:
            return Outcome(None, "every player is out", "all_out")
        side = alive[0]
        if len(side) > 1:
            return Outcome(side[0], f"team {'+'.join(side)} is the last standing", "team_standing")
        return Outcome(side[0], f"{side[0]} is the last player standing", "last_standing")

    def _sides(self, s: State) -> list[tuple[str, ...]]:
        if s.variant == "equipes":
            return [t for t in TEAMS if all(p in s.players for p in t)]
        return [(p,) for p in s.players]

    def _alive_sides(self, s: State) -> list[tuple[str, ...]]:
        out = []
        for side in self._sides(s):
            if s.variant == "equipes":
                temple = any(t != FALLEN for p in side for t in s.seat(p).temples)
                if temple and any(not s.seat(p).out for p in side):
                    out.append(side)
            elif not s.seat(side[0]).out:
                out.append(side)
        return out

    def team(self, s: State, player: str) -> tuple[str, ...]:
        if s.variant == "equipes":
            return next(t for t in TEAMS if player in t)
        return (player,)

    def partner(self, s: State, player: str) -> str | None:
        t = self.team(s, player)
        return next((p for p in t if p != player), None)

    def opponents(self, s: State, player: str) -> list[str]:
        return [p for p in s.players if p not in self.team(s, player)]

    def controller(self, s: State, die: str) -> str | None:
        """Who holds this die as an oracle (in play, asleep or lost), or as a hero."""
        for p, seat in zip(s.players, s.seats):
            if any(d == die for d, _ in seat.oracles + seat.heroes) or die in seat.asleep or die in seat.lost:
                return p
        return None

    # --- powers ---------------------------------------------------------------------------------------------------
    def powers_apply(self, s: State) -> bool:
        return s.variant not in ("sans-pouvoirs", "tout-petits")

    def visible(self, s: State, player: str) -> list[str]:
        """The characters the player's heroes show (their own character face)."""
        seat = s.seat(player)
        if seat.out:
            return []
        return [char_of(d) for d, f in seat.heroes if shows_character(d, f)]

    def protection(self, s: State) -> tuple[list[str], set[str]]:
        """(players whose Protection is in effect, players whose powers it cancels)."""
        ruling, cancelled = [], set()
        if not self.powers_apply(s):
            return ruling, cancelled
        for p in s.oni:
            if p in cancelled or "oni" not in self.visible(s, p):
                continue
            ruling.append(p)
            cancelled |= set(self.opponents(s, p))
        return ruling, cancelled

    def passives(self, s: State) -> dict[str, list[str]]:
        """The passive powers in effect, per player (characters, hero order)."""
        if not self.powers_apply(s):
            return {}
        _, cancelled = self.protection(s)
        out = {}
        for p in s.players:
            if p in cancelled:
                continue
            found = [c for c in self.visible(s, p) if c in PASSIVE]
            if found:
                out[p] = found
        return out

    def immune(self, s: State, player: str) -> bool:
        """Whether the player's oracles cannot be put to sleep (his or his partner's Gardien)."""
        pas = self.passives(s)
        return any("gardien" in pas.get(q, ()) for q in self.team(s, player))

    # --- oracles and heroes helpers --------------------------------------------------------------------------------
    def in_play(self, s: State) -> dict[str, str]:
        """Every oracle in play -> its face."""
        return {d: f for seat in s.seats for d, f in seat.oracles}

    def held(self, s: State, oracle: str) -> bool:
        return any(o == oracle for o, _ in s.immobilised) or any(o == oracle for o, _ in s.stuck)

    def free_oracles(self, s: State, player: str) -> list[tuple[str, str]]:
        return [(d, f) for d, f in s.seat(player).oracles if not self.held(s, d)]

    def paired(self, s: State, oracle: str) -> bool:
        """Whether the oracle is one of a Vampirisation pair, glued or holding: no power separates them."""
        return any(oracle in pair for pair in s.stuck)

    def matches(self, s: State, player: str, face: str, oracle: str, symbols_only: bool = False) -> bool:
        faces = s.seat(player).heroes
        if face in SYMBOLS:
            return any(f == face for _, f in faces)
        if symbols_only:
            return False
        return shows_character(oracle, face) and any(shows_character(d, f) for d, f in faces)

    def movable(self, s: State) -> list[str]:
        """The oracles the player to move may flick now."""
        if s.phase != "tour" or self.outcome(s) is not None:
            return []
        t, p = s.turn, s.player
        if t.step == "action":
            if t.flicks:
                return []
            out = []
            for d, f in self.free_oracles(s, p):
                if d == t.woken:
                    continue
                if s.variant == "tout-petits" or t.power == "decret" or self.matches(s, p, f, d):
                    out.append(d)
            return out
        if t.step == "rejeu":
            return [d for d, f in self.free_oracles(s, p) if self.matches(s, p, f, d, symbols_only=True)]
        if t.step == "suite":
            return self._second_flicks(s)
        return []

    def _second_flicks(self, s: State) -> list[str]:
        t, p = s.turn, s.player
        if len(t.flicks) != 1 or not t.last:
            return []
        oracle, before, after, clean = t.last
        free = dict(self.free_oracles(s, p))
        if t.power == "kala":
            return [oracle] if clean and oracle in free else []
        if t.power == "jumeau":
            return [d for d, f in free.items() if d != oracle and f == t.symbol]
        if t.power == "fortune":
            if oracle not in free or after not in SYMBOLS:
                return []
            heroes = s.seat(p).heroes
            for i, (d1, f1) in enumerate(heroes):
                if f1 is None or not (f1 == before or (shows_character(oracle, before) and shows_character(d1, f1))):
                    continue
                if any(j != i and f2 == after for j, (_, f2) in enumerate(heroes)):
                    return [oracle]
            return []
        return []

    def flicks_left(self, s: State) -> int:
        """The most flicks the turn still allows."""
        if s.phase != "tour" or self.outcome(s) is not None:
            return 0
        t = s.turn
        if t.step == "action":
            bonus = 1 if t.power in ("kala", "jumeau", "fortune", "veinard") else 0
            return (1 + bonus) if self.movable(s) else 0
        if t.step in ("suite", "rejeu"):
            return 1 if self.movable(s) else 0
        if t.step in ("relance", "des"):
            return 1
        return 0

    def has_pair(self, s: State, player: str) -> bool:
        faces = [f for f in s.seat(player).hero_faces() if f in SYMBOLS]
        return len(faces) != len(set(faces))

    def may_wake(self, s: State, player: str) -> bool:
        """Whether the player may wake his oracles at all (teams: not without a temple)."""
        if s.variant == "equipes" and all(t == FALLEN for t in s.seat(player).temples):
            return False
        return bool(s.seat(player).asleep)

    def can_wake(self, s: State) -> bool:
        if s.phase != "tour" or self.outcome(s) is not None:
            return False
        t, p = s.turn, s.player
        return (t.step == "action" and t.power is None and not t.flicks and self.has_pair(s, p)
                and self.may_wake(s, p))

    def actives(self, s: State) -> list[str]:
        """The active powers the player to move may activate now: own characters, the partner's as `C.kaeru`."""
        if s.phase != "tour" or self.outcome(s) is not None or not self.powers_apply(s):
            return []
        t, p = s.turn, s.player
        if t.step != "action" or t.power is not None or t.flicks:
            return []
        return sorted({self._power_name(s, src) for src, _ in self._power_moves(s)},
                      key=lambda n: (("." in n), n))

    def _power_name(self, s: State, source: str) -> str:
        return char_of(source) if set_of(source) == s.player else source

    def _sources(self, s: State) -> list[str]:
        """Hero dice whose active power the player to move may use (own, then the partner's), cancellation applied."""
        p = s.player
        _, cancelled = self.protection(s)
        out = []
        for q in (p, self.partner(s, p)):
            if q is None or s.seat(q).out:
                continue
            for d, f in s.seat(q).heroes:
                c = char_of(d)
                if shows_character(d, f) and c not in PASSIVE and q not in cancelled:
                    out.append(d)
        return out

    def _power_moves(self, s: State) -> list[tuple[str, str]]:
        """(source die, move text) of every power activation possible now."""
        out = []
        for src in self._sources(s):
            name = self._power_name(s, src)
            c = char_of(src)
            if c == "miroir":
                for copied in self._imitable(s):
                    for args in self._args(s, copied, src):
                        out.append((src, " ".join(["pouvoir", name, copied] + args)))
            else:
                for args in self._args(s, c, src):
                    out.append((src, " ".join(["pouvoir", name] + args)))
        return out

    def _imitable(self, s: State) -> list[str]:
        """Active characters an opponent's hero shows (Imitation can copy them; not Miroir itself); of an
        opponent who has picked up his heroes (none shows a face), every hero's (the seed's special case)."""
        found = []
        for q in self.opponents(s, s.player):
            seat = s.seat(q)
            picked_up = not seat.out and seat.heroes and all(f is None for _, f in seat.heroes)
            for c in [char_of(d) for d, _ in seat.heroes] if picked_up else self.visible(s, q):
                if c not in PASSIVE and c != "miroir" and c not in found:
                    found.append(c)
        return found

    def _args(self, s: State, c: str, src: str) -> list[list[str]]:
        """The argument lists the skill of character `c` takes now ([[]]: none needed; []: not usable)."""
        p = s.player
        if c in ("decret", "kala", "passeur", "sangsue", "veinard", "parieur", "fortune", "charmeur", "kaeru"):
            return [[]]
        if c == "jumeau":
            return [[]] if self._pairs(s) else []
        if c == "petitgris":
            return [[d] for q in self.opponents(s, p) for d, _ in self.free_oracles(s, q)]
        if c == "bascule":
            sitting = {g for _, g in s.immobilised}
            return [[d, h] for q in self.opponents(s, p) for d, _ in self.free_oracles(s, q)
                    if set_of(d) == q and not self.paired(s, d)
                    for h, f in s.seat(q).heroes if f is not None and h not in sitting]
        if c == "repli":
            return [[d] for d, _ in self.free_oracles(s, p) if not self.paired(s, d)]
        if c == "sonneur":
            if not self.may_wake(s, p):
                return []
            return [[f"{d}={f}"] for d in s.seat(p).asleep for f in faces_of(char_of(d))]
        if c == "girouette":
            return [[f"{d}={f}"] for d, face in self.free_oracles(s, p) for f in faces_of(char_of(d))[1:]
                    if f != face]
        if c == "rukura":
            return [[d] for q in self.opponents(s, p) if not self.immune(s, q)
                    for d, _ in s.seat(q).oracles if not self.paired(s, d)]
        return []

    def _pairs(self, s: State) -> list[str]:
        """Symbols shown by two free oracles of the player to move and by one of his heroes (Coup double)."""
        p = s.player
        faces = [f for _, f in self.free_oracles(s, p) if f in SYMBOLS]
        heroes = set(s.seat(p).hero_faces())
        return sorted({f for f in faces if faces.count(f) >= 2 and f in heroes}, key=SYMBOLS.index)

    # --- moves ----------------------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[str]:
        if self.outcome(s) is not None:
            return []
        if self.to_move(s) == CHANCE:
            return [m for m, _ in self.chance_outcomes(s)]
        if s.phase == "visage":
            d = s.saved[0]
            return [f"face {d}={f}" for f in faces_of(char_of(d))]
        t = s.turn
        step = t.step
        if step == "action":
            moves = [f"{d}>{f}" for d in self.movable(s) for f in faces_of(char_of(d))]
            if self.can_wake(s):
                moves += [f"reveil {d}={f}" for d in s.seat(s.player).asleep for f in faces_of(char_of(d))]
            if t.power is None and not t.flicks and self.powers_apply(s):
                moves += [m for _, m in self._power_moves(s)]
            if self._may_spit(s):
                moves.append("crache")
            if not self.movable(s):
                moves.append("passe")
            return moves
        if step in ("tir", "crachat"):
            return self._result_moves(s)
        if step == "transport":
            return [f"transporte {d}" for d in self._touched_candidates(s)] + ["fin"]
        if step == "vampire":
            return [f"vampirise {d}" for d in self._touched_candidates(s)]
        if step in ("suite", "rejeu"):
            return [f"{d}>{f}" for d in self.movable(s) for f in faces_of(char_of(d))] + ["fin"]
        if step == "relance":
            heroes = [char_of(d) for d, _ in s.seat(s.player).heroes]
            if len(heroes) < 2:
                return [f"relance {h}" for h in heroes] + ["fin"]
            return [f"relance {a},{b}" for a, b in combinations(heroes, 2)] + ["fin"]
        return []

    def _may_spit(self, s: State) -> bool:
        t = s.turn
        return (s.variant == "forteresse" and s.fortress is not None and not t.spat and not t.flicks
                and self.controller(s, s.fortress) == s.player)

    def _result_moves(self, s: State) -> list[str]:
        shot = s.turn.shot
        done = set(shot.events)
        touched = {e.split()[1] for e in shot.events if e.split()[0] in ("touche", "sort") and "." in e}
        out_ = {e.split()[1] for e in shot.events if e.split()[0] == "sort" and "." in e}
        oracles = [d for d in self.in_play(s) if d != shot.oracle]
        moves = [f"touche {d}" for d in oracles if d not in touched]
        sacred = {e.split()[1] for e in shot.events if e.split()[0] == "sacre"}      # pushed back: stays in play
        moves += [f"sort {d}" for d in ([shot.oracle] if shot.oracle else []) + oracles
                  if d not in out_ and d not in sacred]
        if shot.spit is None:
            for name in self._live_temples(s):
                fell = f"tombe {name}" in done or f"sort {name}" in done
                if f"touche {name}" not in done and not fell:
                    moves.append(f"touche {name}")
                if not fell:
                    moves += [f"tombe {name}", f"sort {name}"]
            landed = [shot.oracle] + sorted(touched - {shot.oracle})
            moves += [f"sacre {d}" for d in landed if d not in out_ and f"sacre {d}" not in done]
            moves += [f"renverse {o}" for o, _ in s.immobilised if o in touched and o not in out_
                      and f"renverse {o}" not in done]
            if s.variant == "forteresse" and not any(e.startswith("forteresse ") for e in done):
                moves += [f"forteresse {d}" for d in landed if d not in out_]
        return moves + ["fin"]

    def _live_temples(self, s: State) -> list[str]:
        out = []
        alive = {p for side in self._alive_sides(s) for p in side}
        for p, seat in zip(s.players, s.seats):
            if p not in alive:
                continue
            for i, t in enumerate(seat.temples):
                if t != FALLEN:
                    out.append(p if len(seat.temples) == 1 else f"{p}{i + 1}")
        return out

    def _touched_candidates(self, s: State) -> list[str]:
        shot = s.turn.shot
        seen = []
        for e in shot.events:
            kind, what = e.split()
            if kind in ("touche", "sort") and what != shot.oracle and what in self.in_play(s) and what not in seen:
                seen.append(what)
        return seen

    def chance_outcomes(self, s: State) -> list[tuple[str, Fraction]]:
        if self.to_move(s) != CHANCE or self.outcome(s) is not None:
            return []
        dice = self._rolling(s)
        if not dice:
            return [("=", Fraction(1))]
        odds = Fraction(1, 6 ** len(dice))
        return [("=" + ",".join(faces), odds) for faces in product(*(faces_of(char_of(d)) for d in dice))]

    def _rolling(self, s: State) -> list[str]:
        """The hero dice chance rolls now, in hero order."""
        if s.phase == "depart":
            return [d for d, _ in s.seat(s.start[0][0]).heroes]
        if s.phase == "lancer":
            return [d for d, _ in s.seat(s.player).heroes]
        if s.turn.step == "retente":
            return [d for d, _ in s.seat(s.player).heroes]
        return list(s.turn.reroll)

    # --- playing ----------------------------------------------------------------------------------------------------
    def play(self, s: State, move: str) -> State:
        move = self._canonical(s, move)
        if self.to_move(s) == CHANCE:
            return self._roll(s, self._check_roll(s, move))
        if move not in self.legal_moves(s):
            raise IllegalMove(*self._why(s, move))
        return self._apply(s, move)

    def _apply(self, s: State, move: str) -> State:
        words = move.split()
        head = words[0]
        t = s.turn
        if s.phase == "visage":
            d, f = words[1].split("=")
            seat = s.seat(self.controller(s, d))
            s = with_seat(s, self.controller(s, d), replace(seat, oracles=tuple(
                (x, f if x == d else y) for x, y in seat.oracles)))
            rest = s.saved[1:]
            if rest:
                return replace(s, saved=rest)
            if s.variant == "tout-petits":
                return replace(s, saved=(), phase="tour", turn=Turn())
            return replace(s, saved=(), phase="lancer")
        if ">" in head:
            d, f = head.split(">")
            before = self.in_play(s)[d]
            step_from = t.step
            shot = Shot(d, before, f)
            return replace(s, turn=replace(t, step="tir", shot=shot, flicks=t.flicks + (d,),
                                           symbol=(before if t.power == "jumeau" and step_from == "action"
                                                   else t.symbol)))
        if head in ("touche", "sort", "tombe", "sacre", "renverse", "forteresse"):
            shot = t.shot
            return replace(s, turn=replace(t, shot=replace(shot, events=shot.events + (move,))))
        if head == "fin":
            return self._finish(s)
        if head == "passe":
            return self._end_turn(s)
        if head == "reveil":
            d, f = words[1].split("=")
            s = self._wake(s, s.player, d, f)
            return self._end_turn(s)
        if head == "crache":
            spit = Shot(None, None, None, spit="forteresse")
            return replace(s, turn=replace(t, step="crachat", spat=True, shot=spit))
        if head == "transporte":
            return self._resolve(s, carry=words[1])
        if head == "vampirise":
            return self._resolve(s, victim=words[1])
        if head == "relance":
            names = words[1].split(",")
            seat = s.seat(s.player)
            dice = tuple(d for d, _ in seat.heroes if char_of(d) in names)
            return replace(s, turn=replace(t, step="des", reroll=dice, rerolled=True))
        if head == "pouvoir":
            return self._activate(s, words[1:])
        raise IllegalMove("not_now", f"'{move}' is not a move now")

    # --- chance -----------------------------------------------------------------------------------------------------
    def _check_roll(self, s: State, move: str) -> tuple[str, ...]:
        if not move.startswith("="):
            raise IllegalMove("chance", "the dice roll now: write the faces, e.g. =oni,kala,kaeru,pi")
        dice = self._rolling(s)
        faces = tuple(f for f in move[1:].split(",") if f) if move != "=" else ()
        if len(faces) != len(dice):
            raise IllegalMove("faces", f"{len(dice)} dice roll ({', '.join(dice)}), not {len(faces)}")
        for d, f in zip(dice, faces):
            if f not in faces_of(char_of(d)):
                raise IllegalMove("faces", f"die {d} has no face '{f}' (its faces: {', '.join(faces_of(char_of(d)))})")
        return faces

    def _roll(self, s: State, faces: tuple[str, ...]) -> State:
        dice = self._rolling(s)
        if s.phase == "depart":
            who, counts = s.start
            roller = who[0]
            s = self._set_faces(s, roller, dict(zip(dice, faces)), fresh=True)
            counts = counts + ((roller, sum(1 for d, f in zip(dice, faces) if shows_character(d, f))),)
            who = who[1:]
            if who:
                return replace(s, start=(who, counts))
            best = max(n for _, n in counts)
            tied = tuple(p for p, n in counts if n == best)
            if len(tied) > 1:
                return replace(s, start=(tied, ()))
            first = tied[0]
            for p in s.players:
                if p != first:
                    s = self._set_faces(s, p, {d: None for d, _ in s.seat(p).heroes}, fresh=True)
            return replace(s, start=(), phase="tour", trait=s.players.index(first), turn=Turn())
        if s.phase == "lancer":
            p = s.player
            s = replace(s, immobilised=tuple((o, g) for o, g in s.immobilised if self.controller(s, g) != p))
            s = self._set_faces(s, p, dict(zip(dice, faces)), fresh=True)
            return replace(s, phase="tour", turn=Turn())
        t = s.turn
        s = self._set_faces(s, s.player, dict(zip(dice, faces)), fresh=True)
        if t.step == "retente":
            return replace(s, turn=replace(t, step="action"))
        s = replace(s, turn=replace(s.turn, step="rejeu", reroll=()))
        return s if self.movable(s) else self._end_turn(s)

    def _set_faces(self, s: State, player: str, faces: dict, fresh: bool) -> State:
        """New faces for some heroes of `player`; an Oni rolled again appears anew (last in the order)."""
        seat = s.seat(player)
        s = with_seat(s, player, replace(seat, heroes=tuple((d, faces.get(d, f) if d in faces else f)
                                                            for d, f in seat.heroes)))
        oni = s.oni
        if fresh and any(char_of(d) == "oni" for d in faces):
            oni = tuple(p for p in oni if p != player)
        return self._refresh(replace(s, oni=oni))

    def _refresh(self, s: State) -> State:
        """Keep the Oni order true (gone ones out, new ones last) and lift what a new Protection stops."""
        oni = tuple(p for p in s.oni if "oni" in self.visible(s, p))
        for p in s.players:
            if "oni" in self.visible(s, p) and p not in oni:
                oni += (p,)
        s = replace(s, oni=oni)
        if s.immobilised:
            _, cancelled = self.protection(s)
            keep, gone = [], []
            for o, g in s.immobilised:
                owner = self.controller(s, g)
                if owner in cancelled or owner is None or o not in self.in_play(s):
                    gone.append(g)
                else:
                    keep.append((o, g))
            if gone:
                s = replace(s, immobilised=tuple(keep))
                for g in gone:
                    s = self._hero_to_hand(s, g)
        return s

    def _hero_to_hand(self, s: State, die: str) -> State:
        owner = self.controller(s, die)
        if owner is None:
            return s
        seat = s.seat(owner)
        if not any(d == die for d, _ in seat.heroes):
            return s
        return with_seat(s, owner, replace(seat, heroes=tuple((d, None if d == die else f) for d, f in seat.heroes)))

    # --- powers -----------------------------------------------------------------------------------------------------
    def _activate(self, s: State, words: list[str]) -> State:
        p = s.player
        src = words[0] if "." in words[0] else f"{p}.{words[0]}"
        c = char_of(src)
        args = words[1:]
        if c == "miroir":
            c, args = args[0], args[1:]
        t = replace(s.turn, power=c, source=src)
        s = replace(s, turn=t)
        owner = self.controller(s, src)
        if c == "petitgris":
            return replace(s, immobilised=s.immobilised + ((args[0], src),))
        if c == "bascule":
            oracle, hero = args
            q = self.controller(s, oracle)
            seat = s.seat(q)
            of, hf = seat.face(oracle), seat.face(hero)
            seat = replace(seat, oracles=tuple((hero, hf) if d == oracle else (d, f) for d, f in seat.oracles),
                           heroes=tuple((oracle, of) if d == hero else (d, f) for d, f in seat.heroes))
            s = with_seat(s, q, seat)
            if s.fortress == oracle:
                s = replace(s, fortress=hero)
            if char_of(hero) == "oni" or char_of(oracle) == "oni":
                s = replace(s, oni=tuple(x for x in s.oni if x != q))
            return self._refresh(s)
        if c == "repli":
            s = self._moved_away(s, args[0])
            return s
        if c == "sonneur":
            d, f = args[0].split("=")
            s = self._wake(s, p, d, f)
            return replace(s, turn=replace(s.turn, woken=d))
        if c == "girouette":
            d, f = args[0].split("=")
            seat = s.seat(p)
            return with_seat(s, p, replace(seat, oracles=tuple((x, f if x == d else y) for x, y in seat.oracles)))
        if c == "rukura":
            target = args[0]
            q = self.controller(s, target)
            seat = s.seat(owner)
            face = seat.face(src)
            s = with_seat(s, owner, replace(seat, heroes=tuple(h for h in seat.heroes if h[0] != src),
                                            oracles=seat.oracles + ((src, face),)))
            if s.fortress == target:
                s = replace(s, fortress=src)
            s = self._drop_links(s, target)
            s = self._sleep(s, target, saved_ok=False)
            s = self._refresh(s)
            s = self._eliminations(s, cause=p)
            return self._end_turn(s)
        if c == "parieur":
            return replace(s, turn=replace(s.turn, step="retente"))
        return s

    def _moved_away(self, s: State, oracle: str) -> State:
        """An oracle taken from its place by its owner: it leaves the fortress and any glue."""
        if s.fortress == oracle:
            s = replace(s, fortress=None)
        return replace(s, stuck=tuple((v, h) for v, h in s.stuck if oracle not in (v, h)))

    def _drop_links(self, s: State, oracle: str) -> State:
        """An oracle leaving play: Petit gris on it goes back to its owner's hand, glue and fortress end."""
        gone = [g for o, g in s.immobilised if o == oracle]
        s = replace(s, immobilised=tuple((o, g) for o, g in s.immobilised if o != oracle),
                    stuck=tuple((v, h) for v, h in s.stuck if oracle not in (v, h)),
                    fortress=None if s.fortress == oracle else s.fortress)
        for g in gone:
            s = self._hero_to_hand(s, g)
        return s

    def _wake(self, s: State, player: str, die: str, face: str) -> State:
        seat = s.seat(player)
        return with_seat(s, player, replace(seat, asleep=tuple(d for d in seat.asleep if d != die),
                                            oracles=seat.oracles + ((die, face),)))

    def _sleep(self, s: State, die: str, saved_ok: bool = True) -> State:
        """An oracle put to sleep (it left the area): Immunité saves it (face chosen by the next player), the
        cliff loses it for good, else it is set aside asleep."""
        q = self.controller(s, die)
        seat = s.seat(q)
        if not any(d == die for d, _ in seat.oracles):
            return s
        s = self._drop_links(s, die)
        seat = s.seat(q)
        if saved_ok and self.immune(s, q):
            return replace(s, saved=s.saved + ((die,) if die not in s.saved else ()))
        rest = tuple(o for o in seat.oracles if o[0] != die)
        if s.variant == "falaise" and saved_ok:
            return with_seat(s, q, replace(seat, oracles=rest, lost=seat.lost + (die,)))
        return with_seat(s, q, replace(seat, oracles=rest, asleep=seat.asleep + (die,)))

    # --- flick results ----------------------------------------------------------------------------------------------
    def _finish(self, s: State) -> State:
        """`fin`: the results of a flick or a spit are entered (or a follow-up is declined)."""
        t = s.turn
        if t.step == "tir":
            return self._resolve_start(s)
        if t.step == "crachat":
            return self._resolve_spit(s)
        if t.step == "transport":
            return self._resolve(s)
        return self._end_turn(s)          # suite, rejeu, relance: the player declines what follows

    def _resolve_start(self, s: State) -> State:
        t = s.turn
        shot = t.shot
        temple_fell = any(e.split()[0] in ("tombe", "sort") and "." not in e.split()[1] for e in shot.events)
        if not temple_fell:
            cands = self._touched_candidates(s)
            if t.power == "passeur" and cands:
                return replace(s, turn=replace(t, step="transport"))
            if t.power == "sangsue" and cands and f"sort {shot.oracle}" not in shot.events:
                return replace(s, turn=replace(t, step="vampire"))     # out of the area, it glues nothing
        return self._resolve(s)

    def _resolve(self, s: State, carry: str | None = None, victim: str | None = None) -> State:
        t = s.turn
        shot = t.shot
        p = s.player
        played = shot.oracle
        events = [e.split() for e in shot.events]
        touched = [w for k, w in events if k in ("touche", "sort") and "." in w and w != played]
        outs = [w for k, w in events if k == "sort" and "." in w]
        fallen = [w for k, w in events if k in ("tombe", "sort") and "." not in w]
        temple_out = [w for k, w in events if k == "sort" and "." not in w]
        s = replace(s, turn=replace(t, shot=None))
        own_side = set(self.team(s, p))
        if fallen and any(self._temple_owner(w) in own_side for w in fallen):
            # an own temple knocked down: the shot is void, the oracle flicked falls asleep
            s = self._set_oracle_face(s, played, shot.after)
            s = self._sleep(s, played)
            s = self._eliminations(s, cause=p)
            return self._end_turn(s)
        if fallen and s.variant == "tout-petits" and not shows_character(played, shot.before):
            # a symbol cannot DiXe: the temple is rebuilt and the shot does not count (what it knocked out
            # is put back); the flicked oracle lies as it stopped
            s = self._set_oracle_face(s, played, shot.after)
            return self._end_turn(self._moved_away(s, played))
        if fallen:
            s = self._set_oracle_face(s, played, shot.after)
            clean = not touched and played not in outs and not temple_out
            if clean:
                for w in fallen:
                    s = self._hit_temple(s, w)
                s = self._moved_away(s, played)
            else:
                defenders = {self._temple_owner(w) for w in fallen}
                s = self._sleep(s, played)
                for w in outs:
                    if w != played and self.controller(s, w) not in defenders:
                        s = self._sleep(s, w)
                for w in touched:
                    s = self._unglue(s, w)
            s = self._eliminations(s, cause=p)
            return self._end_turn(s)
        s = self._apply_results(s, played, shot, touched, outs, carry, victim, events)
        s = self._eliminations(s, cause=p)
        if self.outcome(s) is not None or s.seat(p).out:
            return self._end_turn(s)
        clean = not touched and played not in outs and not any(k in ("touche", "renverse") for k, _ in events)
        adverse = any(self.controller(s, w) not in own_side for w in touched) or any(
            k == "touche" and "." not in w for k, w in events)
        s = replace(s, turn=replace(s.turn, last=(played, shot.before, shot.after, clean),
                                    spit_done=s.turn.spit_done or (t.power == "charmeur" and (
                                        adverse or played in outs))))
        return self._after_flick(s)

    def _apply_results(self, s, played, shot, touched, outs, carry, victim, events) -> State:
        s = self._set_oracle_face(s, played, shot.after)
        s = self._moved_away(s, played)
        for w in touched:
            s = self._unglue(s, w)
        for k, w in events:
            if k == "renverse":
                s = self._drop_links(s, w)
                s = self._sleep(s, w)
        played_out = played in outs
        for w in outs:
            if w == carry or w == victim:
                continue
            s = self._sleep(s, w)
        if carry is not None and played_out:
            s = self._sleep(s, carry)
        if victim is not None:
            if played_out:
                s = self._sleep(s, victim) if victim in outs else s
            else:
                s = replace(s, stuck=s.stuck + ((victim, played),))
        for k, w in events:
            if k == "forteresse" and w in self.in_play(s):
                s = self._enter_fortress(s, w)
        return s

    def _unglue(self, s: State, die: str) -> State:
        return replace(s, stuck=tuple((v, h) for v, h in s.stuck if die not in (v, h)))

    def _enter_fortress(self, s: State, die: str) -> State:
        occupant = s.fortress
        if occupant is None or occupant not in self.in_play(s):
            return replace(s, fortress=die)
        mine, theirs = self.controller(s, die), self.controller(s, occupant)
        if theirs in self.team(s, mine):
            return s
        s = replace(s, fortress=None)
        s = self._sleep(s, occupant)
        return replace(s, fortress=die)

    def _set_oracle_face(self, s: State, die: str, face: str) -> State:
        q = self.controller(s, die)
        seat = s.seat(q)
        return with_seat(s, q, replace(seat, oracles=tuple((d, face if d == die else f) for d, f in seat.oracles)))

    def _temple_owner(self, name: str) -> str:
        return name[0]

    def _hit_temple(self, s: State, name: str) -> State:
        q = name[0]
        i = int(name[1:]) - 1 if len(name) > 1 else 0
        seat = s.seat(q)
        state = seat.temples[i]
        new = SHAKEN if (s.variant == "avance" and state == STANDING) else FALLEN
        return with_seat(s, q, replace(seat, temples=seat.temples[:i] + (new,) + seat.temples[i + 1:]))

    def _resolve_spit(self, s: State) -> State:
        t = s.turn
        shot = t.shot
        p = s.player
        events = [e.split() for e in shot.events]
        touched = [w for k, w in events if k in ("touche", "sort")]
        for w in touched:
            s = self._unglue(s, w)
        for k, w in events:
            if k == "sort":
                s = self._sleep(s, w)
        s = self._eliminations(s, cause=p)
        if self.outcome(s) is not None or s.seat(p).out:
            return self._end_turn(s)
        t = s.turn
        if shot.spit == "forteresse":
            return replace(s, turn=replace(t, step="action", shot=None))
        return self._after_flick(replace(s, turn=replace(t, shot=None, spit_done=True)))

    def _after_flick(self, s: State) -> State:
        """What the power used lets the player do after a flick; else the turn ends."""
        t = s.turn
        p = s.player
        if t.power in ("kala", "jumeau", "fortune") and len(t.flicks) == 1 and t.last:
            s2 = replace(s, turn=replace(t, step="suite"))
            if self.movable(s2):
                return s2
        if t.power == "kaeru" and not t.spit_done and t.flicks:
            return replace(s, turn=replace(t, step="crachat", shot=Shot(None, None, None, spit="kaeru")))
        if t.power == "charmeur" and not t.spit_done and t.flicks and t.last and t.last[0] in self.in_play(s):
            return replace(s, turn=replace(t, step="crachat", shot=Shot(None, None, None, spit="charmeur")))
        if t.power == "veinard" and not t.rerolled and t.flicks and s.seat(p).heroes:
            return replace(s, turn=replace(t, step="relance"))
        return self._end_turn(s)

    # --- the end of a turn, eliminations --------------------------------------------------------------------------
    def _eliminations(self, s: State, cause: str) -> State:
        for q in s.players:
            seat = s.seat(q)
            if seat.out:
                continue
            no_oracles = not seat.oracles
            no_temple = all(t == FALLEN for t in seat.temples)
            if no_oracles or (no_temple and s.variant != "equipes"):
                s = self._eliminate(s, q, cause)
        if s.variant == "equipes":
            for side in self._sides(s):
                if all(t == FALLEN for p in side for t in s.seat(p).temples):
                    for q in side:
                        if not s.seat(q).out:
                            s = self._eliminate(s, q, cause)
        if len(self._alive_sides(s)) <= 1:
            return replace(s, phase="fin", turn=None, saved=())
        return s

    def _eliminate(self, s: State, q: str, cause: str) -> State:
        seat = s.seat(q)
        for d, _ in seat.oracles:
            s = self._drop_links(s, d)
        seat = s.seat(q)
        gone = [g for _, g in s.immobilised if self.controller(s, g) == q]
        s = replace(s, immobilised=tuple((o, g) for o, g in s.immobilised if g not in gone))
        seat = replace(seat, heroes=tuple((d, None) for d, _ in seat.heroes), out=True)
        if s.variant == "blitz" and cause != q and not s.seat(cause).out:
            taker = s.seat(cause)
            s = with_seat(s, cause, replace(taker, oracles=taker.oracles + seat.oracles))
            seat = replace(seat, oracles=())
        else:
            seat = replace(seat, oracles=(), asleep=seat.asleep + tuple(d for d, _ in seat.oracles))
        s = with_seat(s, q, seat)
        return self._refresh(replace(s, saved=tuple(d for d in s.saved if self.controller(s, d) != q)))

    def _end_turn(self, s: State) -> State:
        if s.phase == "fin":
            return s
        n = len(s.players)
        alive = {p for side in self._alive_sides(s) for p in side}
        nxt = s.trait
        for k in range(1, n + 1):
            j = (s.trait + k) % n
            if s.players[j] in alive and not s.seats[j].out:
                nxt = j
                break
        s = replace(s, trait=nxt, turn=None if s.variant != "tout-petits" else Turn())
        if s.saved:
            return replace(s, phase="visage", turn=None)
        if s.variant == "tout-petits":
            return replace(s, phase="tour", turn=Turn())
        return replace(s, phase="lancer", turn=None)

    # --- notation ----------------------------------------------------------------------------------------------------
    def _canonical(self, s: State, text: Any) -> str:
        t = " ".join(str(text).split())
        if not t:
            raise NotationError("an empty move")
        words = t.split(" ")
        if words[0] == "pouvoir" and len(words) > 1 and words[1].startswith(f"{s.player}."):
            words[1] = words[1][2:]
        return " ".join(words)

    def parse_move(self, s: State, text: str) -> str:
        move = self._canonical(s, text)
        self._syntax(move)
        if self.outcome(s) is not None:
            raise IllegalMove("game_over", "the game is over")
        if self.to_move(s) == CHANCE:
            self._check_roll(s, move)
            return "=" + ",".join(move[1:].split(",")) if move != "=" else "="
        if move not in self.legal_moves(s):
            raise IllegalMove(*self._why(s, move))
        return move

    def _syntax(self, move: str) -> None:
        words = move.split(" ")
        head = words[0]
        ok_die = lambda w: "." in w and w.split(".")[0] in SEATS and w.split(".")[1] in CHARACTERS
        ok_face = lambda w: "=" in w and ok_die(w.split("=")[0]) and w.split("=")[1] in SYMBOLS + CHARACTERS
        ok_temple = lambda w: len(w) in (1, 2) and w[0] in SEATS and (len(w) == 1 or w[1] in "12")
        if head.startswith("="):
            if len(words) == 1 and all(f in SYMBOLS + CHARACTERS for f in head[1:].split(",") if f):
                return
        elif ">" in head:
            d, _, f = head.partition(">")
            if len(words) == 1 and ok_die(d) and f in SYMBOLS + CHARACTERS:
                return
        elif head in ("fin", "passe", "crache") and len(words) == 1:
            return
        elif head in ("touche", "sort", "tombe") and len(words) == 2 and (ok_die(words[1]) or ok_temple(words[1])):
            return
        elif head in ("sacre", "renverse", "forteresse", "transporte", "vampirise") and len(words) == 2 \
                and ok_die(words[1]):
            return
        elif head in ("reveil", "face") and len(words) == 2 and ok_face(words[1]):
            return
        elif head == "relance" and len(words) == 2 and all(c in CHARACTERS for c in words[1].split(",")):
            return
        elif head == "pouvoir" and len(words) >= 2:
            name = words[1].split(".")[-1]
            if name in CHARACTERS and (("." not in words[1]) or ok_die(words[1])):
                return
        raise NotationError(
            f"'{move}' is not a PuXes move: a roll =oni,kala,kaeru,pi; a flick A.bascule>smiley; a result "
            f"touche X, sort X, tombe B, sacre X, renverse X, forteresse X, fin; reveil A.repli=pi; "
            f"pouvoir kaeru ...; transporte X; vampirise X; relance a,b; crache; face X=pi; passe")

    def _why(self, s: State, move: str) -> tuple[str, str]:
        words = move.split(" ")
        head = words[0]
        p = s.player
        t = s.turn
        if head.startswith("="):
            return "not_rolling", "no dice roll now"
        if s.phase == "visage":
            return "not_now", f"{p} first chooses the face of {s.saved[0]} (face {s.saved[0]}=...)"
        step = t.step
        if ">" in head:
            d, f = head.split(">")
            if step not in ("action", "suite", "rejeu"):
                return "not_now", f"the turn waits for {self._waits(s)}"
            if d not in dict(s.seat(p).oracles):
                return "target", f"{d} is not an oracle of {p} in play"
            if f not in faces_of(char_of(d)):
                return "faces", f"die {d} has no face '{f}'"
            if self.held(s, d):
                return "immobilised", f"{d} is held (Petit gris, or glued by Vampirisation)"
            if step == "action" and t.flicks:
                return "not_now", "the flick of the turn is made"
            return "not_movable", f"{d} shows {s.seat(p).face(d)}, which no hero of {p} allows now"
        if head == "reveil":
            if step != "action" or t.flicks:
                return "not_now", f"the turn waits for {self._waits(s)}"
            if t.power is not None:
                return "no_wake", "a power was used this turn: no waking"
            if not self.has_pair(s, p):
                return "no_pair", f"{p}'s heroes show no two identical symbols"
            if not s.seat(p).asleep:
                return "no_sleeper", f"no oracle of {p} is asleep"
            if not self.may_wake(s, p):
                return "no_wake", f"{p} has no temple left: he cannot wake his oracles"
            return "target", f"{words[1]} is not an asleep oracle of {p}, or not that face"
        if head == "pouvoir":
            if step != "action" or t.power is not None or t.flicks:
                return "no_power", "one power a turn, before the flick"
            name = words[1]
            src = name if "." in name else f"{p}.{name}"
            owner = set_of(src)
            seat = s.seat(owner) if owner in s.players else None
            if seat is None or not any(d == src and shows_character(d, f) for d, f in seat.heroes) \
                    or owner not in (p, self.partner(s, p)) or char_of(src) in PASSIVE or not self.powers_apply(s):
                return "no_power", f"no hero of {p} (or his partner) shows {char_of(src)}'s active power"
            _, cancelled = self.protection(s)
            if owner in cancelled:
                return "cancelled", f"{', '.join(self.protection(s)[0])}'s Protection cancels {owner}'s powers"
            return "target", f"'{move}': this power cannot take these arguments now"
        if head == "passe":
            if step == "action" and self.movable(s):
                return "must_flick", f"{', '.join(self.movable(s))} can be flicked"
        return "not_now", f"the turn waits for {self._waits(s)}"

    def _waits(self, s: State) -> str:
        step = s.turn.step if s.turn else s.phase
        return {"action": "a power, a wake or a flick", "tir": "the flick's results (fin when done)",
                "crachat": "the spit's results (fin when done)", "transport": "the oracle Transport carries",
                "vampire": "the oracle Vampirisation glues", "suite": "a second flick or fin",
                "rejeu": "the replay flick or fin", "relance": "the two heroes re-rolled"}.get(step, step)

    def format_move(self, s: State, move: str) -> str:
        return move

    def observation(self, s: State, player: str) -> dict:
        """Nothing is hidden in PuXes: every die lies face up on the table."""
        return self.write_position(s)

    # --- positions ---------------------------------------------------------------------------------------------------
    def write_position(self, s: State) -> dict:
        out: dict = {"joueurs": list(s.players), "trait": s.player,
                     "phase": {"tour": "pouvoirs"}.get(s.phase, s.phase)}
        for p, seat in zip(s.players, s.seats):
            entry: dict = {"heros": {self._short(p, d): f for d, f in seat.heroes},
                           "oracles": {self._short(p, d): f for d, f in seat.oracles}}
            if seat.asleep:
                entry["endormis"] = [self._short(p, d) for d in seat.asleep]
            if seat.lost:
                entry["perdus"] = [self._short(p, d) for d in seat.lost]
            entry["temple"] = seat.temples[0] if len(seat.temples) == 1 else list(seat.temples)
            if seat.out:
                entry["elimine"] = True
            out[p] = entry
        if s.oni != self._default_oni(s):
            out["oni"] = list(s.oni)
        if s.immobilised:
            out["immobilises"] = {o: g for o, g in s.immobilised}
        if s.stuck:
            out["colles"] = {v: h for v, h in s.stuck}
        if s.fortress:
            out["forteresse"] = s.fortress
        if s.saved:
            out["sauves"] = list(s.saved)
        if s.phase == "depart":
            out["depart"] = {"lancent": list(s.start[0]), "personnages": {p: n for p, n in s.start[1]}}
        if s.phase == "tour" and s.turn != Turn():
            out["tour"] = self._write_turn(s.turn)
        return out

    @staticmethod
    def _short(player: str, die: str) -> str:
        return char_of(die) if set_of(die) == player else die

    def _default_oni(self, s: State) -> tuple[str, ...]:
        """The order of the last rolls: the player to move rolled last once he has rolled (phase pouvoirs),
        first (his roll is the oldest) while his heroes wait to roll again."""
        n = len(s.players)
        first = s.trait if s.phase in ("lancer", "visage") else s.trait + 1
        order = [s.players[(first + k) % n] for k in range(n)]
        return tuple(p for p in order if "oni" in self.visible(s, p))

    @staticmethod
    def _write_turn(t: Turn) -> dict:
        out: dict = {}
        default = Turn()
        for name, key in (("step", "etape"), ("power", "pouvoir"), ("source", "par"), ("woken", "reveille"),
                          ("symbol", "symbole")):
            if getattr(t, name) != getattr(default, name):
                out[key] = getattr(t, name)
        if t.flicks:
            out["tirs"] = list(t.flicks)
        if t.last:
            out["dernier"] = {"oracle": t.last[0], "avant": t.last[1], "apres": t.last[2], "net": t.last[3]}
        if t.shot is not None:
            shot = {"evenements": list(t.shot.events)}
            if t.shot.spit:
                shot["crachat"] = t.shot.spit
            else:
                shot.update({"oracle": t.shot.oracle, "avant": t.shot.before, "apres": t.shot.after})
            out["tir"] = shot
        for name, key in (("spat", "forteresse_crache"), ("spit_done", "crachat_fait"), ("rerolled", "relance_faite")):
            if getattr(t, name):
                out[key] = True
        if t.reroll:
            out["relance"] = list(t.reroll)
        return out

    def read_position(self, data: Any, to_move=None, variant=None) -> State:
        self.check_variant(variant)
        if not isinstance(data, dict):
            raise NotationError("a PuXes position is a mapping: joueurs, trait, phase, A, B, ...")
        known = ("joueurs", "trait", "phase", "oni", "immobilises", "colles", "forteresse", "sauves", "depart", "tour",
                 *SEATS)
        for key in data:
            if str(key) not in known:
                raise NotationError(f"unknown key '{key}' (known: {', '.join(known)})", str(key))
        given = [i for i, k in enumerate(SEATS) if k in data]
        least = SOLO_COUNT.get(variant, 4 if variant == "blitz" else 2)
        order = data.get("joueurs") or list(SEATS[:max(least, given[-1] + 1 if given else 0)])
        if not isinstance(order, list) or [str(x) for x in order] != list(SEATS[:len(order)]):
            raise NotationError("joueurs: the players are A, B, C, D in seat order, 2 to 4 of them", "joueurs")
        order = tuple(str(x) for x in order)
        self.check_players(len(order))
        self._check_count(variant, len(order))
        for p in SEATS:
            if p in data and p not in order:
                raise NotationError(f"{p} is not a player of this game ({', '.join(order)})", p)
        seen: set[str] = set()
        seats = tuple(self._read_seat(data.get(p), p, variant, seen) for p in order)
        every = [d for seat in seats
                 for d in [x for x, _ in seat.heroes + seat.oracles] + list(seat.asleep + seat.lost)]
        twice = sorted({d for d in every if every.count(d) > 1})
        if twice:
            raise NotationError(f"{', '.join(twice)}: a die stands in one place only (give the players whose "
                                f"dice another player holds)", order[0])
        trait = str(data.get("trait", to_move if to_move in order else order[0]))
        if trait not in order:
            raise NotationError(f"trait: '{trait}' is not a player ({', '.join(order)})", "trait")
        phase = str(data.get("phase", "pouvoirs"))
        phases = {"pouvoirs": "tour", "lancer": "lancer", "depart": "depart", "visage": "visage", "fin": "fin"}
        if phase == "fin" and "tour" in data:
            raise NotationError("tour: the game is over", "tour")
        if phase not in phases:
            raise NotationError(f"phase: '{phase}' is not one of {', '.join(phases)}", "phase")
        s = State(order, seats, order.index(trait), phases[phase], variant=variant)
        if s.phase == "tour":
            s = replace(s, turn=self._read_turn(data.get("tour") or {}, s))
        elif "tour" in data:
            raise NotationError("tour: only during a turn (phase pouvoirs)", "tour")
        if variant == "tout-petits" and s.phase == "lancer":
            raise NotationError("phase: nobody rolls heroes in tout-petits", "phase")
        dice = {d for seat in seats for d, _ in seat.oracles + seat.heroes} | \
               {d for seat in seats for d in seat.asleep + seat.lost}
        play = {d for seat in seats for d, _ in seat.oracles}
        oni = data.get("oni")
        if oni is not None:
            if not isinstance(oni, list) or any(str(x) not in order for x in oni):
                raise NotationError("oni: a list of players, in the order their Oni appeared", "oni")
            s = replace(s, oni=tuple(str(x) for x in oni))
            if sorted(s.oni) != sorted(self._default_oni(s)):
                raise NotationError("oni: exactly the players whose hero Oni shows its character", "oni")
        else:
            s = replace(s, oni=self._default_oni(s))
        imm = self._pairs_map(data, "immobilises")
        for o, g in imm:
            if o not in play or g not in dice or char_of(g) not in ("petitgris", "miroir"):
                raise NotationError(f"immobilises: {o} must be an oracle in play, {g} a Petit gris (or Miroir) hero",
                                    "immobilises")
        stuck = self._pairs_map(data, "colles")
        for v, h in stuck:
            if v not in play or h not in play:
                raise NotationError(f"colles: {v} and {h} must be oracles in play", "colles")
        fortress = data.get("forteresse")
        if fortress is not None and (str(fortress) not in play or variant != "forteresse"):
            raise NotationError("forteresse: an oracle in play, in variant forteresse", "forteresse")
        saved = data.get("sauves") or []
        if not isinstance(saved, list):
            raise NotationError("sauves: a list of oracles, e.g. [B.rukura]", "sauves")
        saved = tuple(str(x) for x in saved)
        if any(d not in play for d in saved) or (saved and s.phase != "visage") or (s.phase == "visage" and not saved):
            raise NotationError("sauves: the oracles whose face the player to move chooses (phase visage)", "sauves")
        s = replace(s, immobilised=imm, stuck=stuck, fortress=None if fortress is None else str(fortress),
                    saved=saved)
        self._check_alive(s)
        if s.phase == "depart":
            dep = data.get("depart")
            if not isinstance(dep, dict) or not isinstance(dep.get("lancent"), list) or not dep["lancent"]:
                raise NotationError("depart: {lancent: [players still to roll], personnages: {A: 2}}", "depart")
            counts = dep.get("personnages") or {}
            if not isinstance(counts, dict):
                raise NotationError("depart: personnages: {player: characters rolled}", "depart")
            try:
                s = replace(s, start=(tuple(str(x) for x in dep["lancent"]),
                                      tuple((str(k), int(v)) for k, v in counts.items())))
            except (TypeError, ValueError):
                raise NotationError("depart: personnages: {player: a number}", "depart") from None
            if any(p not in order for p in s.start[0]) or any(p not in order for p, _ in s.start[1]):
                raise NotationError("depart: players of the game", "depart")
        elif "depart" in data:
            raise NotationError("depart: only in phase depart", "depart")
        return s

    def _check_alive(self, s: State) -> None:
        """Who is out must say so (`elimine: true`), and the game is over exactly when one side is left."""
        for p, seat in zip(s.players, s.seats):
            if seat.out and seat.oracles:
                raise NotationError(f"{p}: an eliminated player has no oracle in play", p)
            if not seat.out and s.phase != "depart" and not seat.oracles:
                raise NotationError(f"{p}: no oracle in play: he is eliminated (elimine: true)", p)
            if not seat.out and s.variant != "equipes" and all(t == FALLEN for t in seat.temples):
                raise NotationError(f"{p}: his temple is down: he is eliminated (elimine: true)", p)
        over = len(self._alive_sides(s)) <= 1
        if over != (s.phase == "fin"):
            raise NotationError("phase: fin exactly when one player (or team) is left standing", "phase")

    def _pairs_map(self, data: dict, key: str) -> tuple[tuple[str, str], ...]:
        value = data.get(key) or {}
        if not isinstance(value, dict):
            raise NotationError(f"{key}: a mapping oracle -> die", key)
        return tuple((str(k), str(v)) for k, v in value.items())

    def _die(self, name: Any, player: str, key: str) -> str:
        text = str(name)
        die = text if "." in text else f"{player}.{text}"
        owner, _, char = die.partition(".")
        if owner not in SEATS or char not in SETS[owner]:
            raise NotationError(f"{player}: '{text}' is not a die of set {owner} "
                                f"({', '.join(SETS.get(owner, ()))})", key)
        return die

    def _face(self, die: str, value: Any, key: str, blank_ok: bool) -> str | None:
        if value is None or value in ("", "-", "~"):
            if blank_ok:
                return None
            raise NotationError(f"{die}: an oracle in play shows a face", key)
        face = str(value).strip()
        if face not in faces_of(char_of(die)):
            raise NotationError(f"{die}: no face '{face}' (its faces: {', '.join(faces_of(char_of(die)))})", key)
        return face

    def _read_seat(self, value: Any, player: str, variant, seen: set) -> Seat:
        if value is None:
            return self._default_seat(player, variant)
        if not isinstance(value, dict):
            raise NotationError(f"{player}: a mapping heros, oracles, endormis, perdus, temple, elimine", player)
        for key in value:
            if key not in ("heros", "oracles", "endormis", "perdus", "temple", "elimine"):
                raise NotationError(f"{player}: unknown key '{key}'", player)

        def dice_map(key: str, blank_ok: bool) -> tuple:
            m = value.get(key) or {}
            if not isinstance(m, dict):
                raise NotationError(f"{player}: {key}: a mapping die -> face", player)
            out = []
            for k, v in m.items():
                die = self._die(k, player, player)
                if isinstance(v, dict):
                    v = v.get("face")
                if die in seen:
                    raise NotationError(f"{player}: {die} is given twice", player)
                seen.add(die)
                out.append((die, self._face(die, v, player, blank_ok)))
            return tuple(out)

        def dice_list(key: str) -> tuple:
            m = value.get(key) or []
            if not isinstance(m, list):
                raise NotationError(f"{player}: {key}: a list of dice", player)
            out = []
            for k in m:
                die = self._die(k, player, player)
                if die in seen:
                    raise NotationError(f"{player}: {die} is given twice", player)
                seen.add(die)
                out.append(die)
            return tuple(out)

        heroes = dice_map("heros", True)
        oracles = dice_map("oracles", False)
        asleep, lost = dice_list("endormis"), dice_list("perdus")
        if any(set_of(d) != player for d, _ in heroes):
            raise NotationError(f"{player}: heroes are the player's own dice", player)
        if len(heroes) > 4:
            raise NotationError(f"{player}: at most 4 heroes", player)
        temple = value.get("temple", [STANDING, STANDING] if variant == "deux-temples" else STANDING)
        temples = tuple(str(x) for x in (temple if isinstance(temple, list) else [temple]))
        if any(t not in TEMPLE_STATES for t in temples) or len(temples) != (2 if variant == "deux-temples" else 1):
            raise NotationError(f"{player}: temple: {' | '.join(TEMPLE_STATES)}"
                                f"{' (a list of two in deux-temples)' if variant == 'deux-temples' else ''}", player)
        if SHAKEN in temples and variant != "avance":
            raise NotationError(f"{player}: temple: {SHAKEN} only in variant avance", player)
        out = bool(value.get("elimine", False))
        return Seat(heroes, oracles, asleep, lost, temples, out)

    def _read_turn(self, data: Any, s: State) -> Turn:
        if not isinstance(data, dict):
            raise NotationError("tour: a mapping", "tour")
        try:
            shot = None
            if data.get("tir") is not None:
                tir = data["tir"]
                shot = Shot(tir.get("oracle"), tir.get("avant"), tir.get("apres"),
                            tuple(str(e) for e in tir.get("evenements") or ()), tir.get("crachat"))
            last = data.get("dernier")
            turn = Turn(step=str(data.get("etape", "action")), power=data.get("pouvoir"), source=data.get("par"),
                        flicks=tuple(str(x) for x in data.get("tirs") or ()), shot=shot,
                        last=(last["oracle"], last["avant"], last["apres"], bool(last["net"])) if last else (),
                        woken=data.get("reveille"), symbol=data.get("symbole"),
                        spat=bool(data.get("forteresse_crache")), spit_done=bool(data.get("crachat_fait")),
                        reroll=tuple(str(x) for x in data.get("relance") or ()),
                        rerolled=bool(data.get("relance_faite")))
        except (AttributeError, KeyError, TypeError):
            raise NotationError("tour: as write_position writes it", "tour") from None
        if turn.step not in STEPS or (turn.power is not None and turn.power not in CHARACTERS) \
                or (turn.step in ("tir", "crachat", "transport", "vampire")) != (turn.shot is not None):
            raise NotationError(f"tour: etape is one of {', '.join(STEPS)}, with tir while a flick or spit "
                                f"is entered", "tour")
        if turn.shot is not None and turn.shot.spit is None and turn.shot.oracle not in self.in_play(s):
            raise NotationError("tour: tir: the oracle flicked is in play", "tour")
        return turn

    # --- playtest ---------------------------------------------------------------------------------------------------
    def entering_results(self, s: State) -> bool:
        """Whether the player to move is entering what his hand did (a flick's or a spit's results, `fin`):
        a dexterity outcome, not a choice of strategy. A searching agent should let these be drawn at random
        (uniformly among legal_moves) rather than pick the best, or it would declare every temple felled."""
        return s.phase == "tour" and s.turn is not None and s.turn.step in ("tir", "crachat") \
            and self.outcome(s) is None

    def evaluate(self, s: State, player: str) -> float:
        """How the position looks for `player` (-1 lost, +1 won): his side's oracles in play and temples
        (two points a standing temple, one a shaken one), less FLICK_COST for each player's odds of a flick
        forced by his next roll (forced_flick), against the strongest other side's; tanh."""
        from math import tanh
        result = self.outcome(s)
        if result is not None:
            if result.winner is None:
                return 0.0
            return 1.0 if result.winner in self.team(s, player) else -1.0

        def strength(side) -> float:
            total = 0.0
            for q in side:
                seat = s.seat(q)
                if not seat.out:
                    total += len(seat.oracles) - FLICK_COST * self.forced_flick(s, q)
                total += sum(2.0 if t == STANDING else 1.0 if t == SHAKEN else 0.0 for t in seat.temples)
            return total

        mine = next(side for side in self._sides(s) if player in side)
        others = [strength(side) for side in self._alive_sides(s) if side != mine]
        return tanh(0.25 * (strength(mine) - max(others, default=0.0)))

    def forced_flick(self, s: State, player: str) -> float:
        """The odds that `player`'s next roll of his heroes leaves him an oracle he must flick and no pair to
        wake one instead (the faces his oracles show now; a flick being entered counts with the face the
        oracle stops on). Where no hero rolls (tout-petits) every oracle may be flicked."""
        seat = s.seat(player)
        if seat.out:
            return 0.0
        stops = {s.turn.shot.oracle: s.turn.shot.after} if s.turn and s.turn.shot and s.turn.shot.oracle else {}
        oracles = tuple(sorted((char_of(d), stops.get(d, f)) for d, f in self.free_oracles(s, player)))
        if s.variant == "tout-petits" or not seat.heroes:
            return 1.0 if oracles else 0.0
        return _forced_odds(tuple(char_of(d) for d, _ in seat.heroes), oracles, self.may_wake(s, player))

    # --- figures and claims -----------------------------------------------------------------------------------------
    def placements(self, s: State) -> list:
        out = []
        for p, seat in zip(s.players, s.seats):
            for d, f in seat.heroes:
                out.append((d, f"{p}-heros", f))
            for d, f in seat.oracles:
                out.append((d, f"{set_of(d)}-oracle", f))
            for d in seat.asleep:
                out.append((d, f"{set_of(d)}-endormi", None))
            for i, t in enumerate(seat.temples):
                name = f"{p}.temple" if len(seat.temples) == 1 else f"{p}.temple{i + 1}"
                out.append((name, f"{p}-temple" if t != FALLEN else f"{p}-temple-tombe", t))
        return out

    def figure_items(self, s: State, component_id: str) -> list[str]:
        """The dice a figure on player X's dice component shows (its id ends with `-x`, e.g. `des-a`): X's
        heroes that show a face, `|`, then X's oracles in play, each as `character:face`."""
        letter = component_id.rsplit("-", 1)[-1].upper()
        if letter not in s.players:
            return []
        seat = s.seat(letter)
        heroes = [f"{char_of(d)}:{f}" for d, f in seat.heroes if f is not None]
        oracles = [f"{char_of(d)}:{f}" for d, f in seat.oracles if set_of(d) == letter]
        return heroes + (["|"] if heroes and oracles else []) + oracles

    def item_states(self, s: State, component_id: str) -> dict[str, str]:
        """The dice of player X's set (component `des-x`) wherever the position has them: heroes and oracles
        in play (PLAY), oracles asleep (set aside until woken) or lost for good."""
        letter = component_id.rsplit("-", 1)[-1].upper()
        out: dict[str, str] = {}
        for seat in s.seats:
            for state, dice in ((PLAY, [d for d, _ in seat.heroes + seat.oracles]), ("asleep", seat.asleep),
                                ("lost", seat.lost)):
                out.update((char_of(d), state) for d in dice if set_of(d) == letter)
        return out

    def check_claim(self, kind: str, value: Any, ctx):
        s = ctx.after
        if kind == "movable":
            return _same_names(value, self.movable(s), "the oracles that may be flicked are")
        if kind == "flicks":
            have = self.flicks_left(s)
            return None if int(value) == have else (f"{value} flick(s) left", f"the engine finds {have}")
        if kind == "actives":
            return _same_names(value, self.actives(s), "the active powers available are")
        if kind == "passives":
            if not isinstance(value, dict):
                raise NotationError("passives: a mapping player -> [characters]")
            want = {str(k): sorted(str(x) for x in v or []) for k, v in value.items() if v}
            have = {k: sorted(v) for k, v in self.passives(s).items()}
            return None if want == have else (f"the passive powers in effect are {want or 'none'}",
                                              f"the engine finds {have or 'none'}")
        if kind == "protection":
            want = sorted(str(x) for x in (value if isinstance(value, list) else [value])
                          if str(x) not in ("none", "None", ""))
            have = sorted(self.protection(s)[0])
            return None if want == have else (f"Protection is {', '.join(want) or 'none'}'s",
                                              f"the engine finds {', '.join(have) or 'none'}")
        if kind == "asleep":
            return _same_names(value, (d for seat in s.seats if not seat.out for d in seat.asleep),
                               "the oracles asleep are")
        if kind == "eliminated":
            return _same_names(value, (p for p, seat in zip(s.players, s.seats) if seat.out), "the players out are")
        if kind == "can_wake":
            have = self.can_wake(s)
            return None if bool(value) == have else (f"waking is {'possible' if value else 'impossible'}",
                                                     f"the engine finds it {'possible' if have else 'impossible'}")
        raise NotImplementedError(kind)


@lru_cache(maxsize=4096)
def _forced_odds(heroes: tuple[str, ...], oracles: tuple[tuple[str, str], ...], wake: bool) -> float:
    """Over the 6**len(heroes) equally likely rolls of these heroes (characters): the share that matches one of
    the `oracles` ((character, face) each: a symbol on a hero, or its character face while a hero shows
    his) with no two heroes on one symbol where the player may `wake` instead."""
    forced = total = 0
    for roll in product(*(faces_of(h) for h in heroes)):
        total += 1
        symbols = [f for f in roll if f in SYMBOLS]
        if wake and len(symbols) != len(set(symbols)):
            continue
        character = any(f == h for f, h in zip(roll, heroes))
        if any(f in symbols or (f == c and character) for c, f in oracles):
            forced += 1
    return forced / total


def _same_names(value: Any, found, claimed: str) -> tuple[str, str] | None:
    """A claim that lists names (oracles, powers, players), in any order, against what the engine finds."""
    want = sorted(str(x) for x in (value or []))
    have = sorted(found)
    return None if want == have else (f"{claimed} {', '.join(want) or 'none'}",
                                      f"the engine finds {', '.join(have) or 'none'}")


ENGINE = PuxesEngine()
