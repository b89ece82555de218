"""Lutinades (Seria Ludis): the round of the mushroom picker and the elves, its gains, and the end of the pile.

Rules, as content/lutinades/rules.fr.md says them. One player is the picker
(cueilleur); the top card of the pile is turned for the others, the elves
(lutins), who each show a gesture at the same time: haut, bas, horizontal or
petit. The picker follows one elf; on a match he takes the card's big number
of cards from the pile and the elf its small number; on a mismatch only the
elf takes its small number. When every elf shows the same gesture, the picker
takes the big number, match or not, and the elves nothing (our reading of the
seed, game.yaml says so). A pile too short pays the picker first, then the
elf. The pile passes to the next seat; when it is empty the most cards win,
and a shared best is a draw.

Variants. `malins`: horizontal cards are read left or right (as the elves see
the card, upright for them), the gestures are haut, bas, gauche, droite, petit,
and an elf followed on a left card who showed right (or the reverse) gives the
picker the big number and takes nothing. `grand`: the petit gesture is
forbidden; a small card counts for the way it points; an elf who shows petit
cannot be followed and puts one card he won back into the pile, which is
shuffled (chance: where it lands, each place alike, as a shuffle of a pile
nobody has seen gives).

Notation. Players anne, bruno, chloe, david, emma, felix, gael in seat order.
A card is the id of its row in panneaux.csv, `<sens>-<gros>-<petit>`, with a
`petit-` prefix for small signposts (`haut-2-1`, `petit-gauche-4-1`); `?` is
a card whose face no figure needs (a round whose elves all show one gesture
then stops unpaid: nobody is followed, and the big number is not given). A
gesture names its elf: `bruno:haut`. The picker's choice: `suivre:bruno`. A returned card landing n-th from the
top of the pile: `=n`. A position:

    joueurs: [anne, bruno, chloe]   seat order (3 to 7)
    cueilleur: anne                 the picker of this round
    carte: haut-2-1                 the card turned (none once the game is over)
    pioche: [bas-3-1, ...]          top first; or a number of cards no figure needs to see
    gains: {anne: 2, bruno: [haut-1-2]}   each player's cards won (a number or the cards)
    gestes: {bruno: haut}           gestures shown this round
    defausse: [droite-2-1]          cards turned in earlier rounds
    rendre: [bruno]                 (grand) elves who still put a card back, in seat order
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..core import CHANCE, HIDDEN, Engine, IllegalMove, NotationError, Outcome
from ..grid import reasons

SEATS = ("anne", "bruno", "chloe", "david", "emma", "felix", "gael")
UNKNOWN = "?"
MAX_CARDS = 1000   # a pile or a heap of a figure: twenty decks' worth, far beyond a game, short of exhausting memory
SENSES = ("haut", "bas", "gauche", "droite")
GESTURES = {None: ("haut", "bas", "horizontal", "petit"),
            "malins": ("haut", "bas", "gauche", "droite", "petit"),
            "grand": ("haut", "bas", "horizontal", "petit")}

# The deck of content/lutinades/panneaux.csv, row id -> copies (tests/engine/test_lutinades.py keeps them equal).
DECK = (("haut-1-2", 6), ("haut-2-1", 6), ("haut-3-0", 4), ("bas-2-1", 6), ("bas-3-1", 6),
        ("gauche-2-1", 3), ("gauche-3-1", 3), ("droite-2-1", 3), ("droite-3-1", 3),
        ("petit-haut-3-1", 1), ("petit-haut-4-1", 1), ("petit-bas-3-1", 1), ("petit-bas-4-1", 1),
        ("petit-gauche-4-1", 2), ("petit-droite-4-1", 2))


@dataclass(frozen=True)
class Card:
    """A signpost: which way it points (as the elves see it), its size, the picker's and the elf's numbers."""
    sens: str
    small: bool
    big_gain: int
    elf_gain: int

    @property
    def id(self) -> str:
        return ("petit-" if self.small else "") + f"{self.sens}-{self.big_gain}-{self.elf_gain}"

    def category(self, variant: str | None) -> str:
        """The gesture that matches this card in `variant`."""
        if self.small and variant != "grand":
            return "petit"
        if self.sens in ("gauche", "droite"):
            return self.sens if variant == "malins" else "horizontal"
        return self.sens


def parse_card(text: Any) -> Card | None:
    """A card from its id; None for `?`; NotationError otherwise."""
    t = str(text).strip()
    if t == UNKNOWN:
        return None
    parts = t.split("-")
    small = parts[0] == "petit" and len(parts) == 4
    if small:
        parts = parts[1:]
    if len(parts) != 3 or parts[0] not in SENSES or not _small_number(parts[1]) or not _small_number(parts[2]):
        raise NotationError(f"'{t}' is not a card: write sens-gros-petit (haut-2-1), "
                            f"petit-sens-gros-petit (petit-gauche-4-1) or ?")
    return Card(parts[0], small, int(parts[1]), int(parts[2]))


def _small_number(text: str) -> bool:
    """Digits, few enough for a card's number or a place in a pile (no 5000-digit integer to convert)."""
    return text.isdigit() and len(text) <= 6


def card_text(card: Card | None) -> str:
    return UNKNOWN if card is None else card.id


@dataclass(frozen=True)
class Round:
    """The referee's view: every card where it lies, the picker, the gestures shown."""
    players: tuple[str, ...]
    picker: int                              # seat of the picker
    card: Card | None                        # the card turned; None once the pile ran out
    over: bool
    pile: tuple[Card | None, ...]            # top first
    won: tuple[tuple[Card | None, ...], ...] # per seat, the cards won
    gestures: tuple[str | None, ...]         # per seat (None: not shown yet, or the picker)
    discard: tuple[Card | None, ...] = ()
    returns: tuple[int, ...] = ()            # grand: seats still putting a card back
    variant: str | None = None


@dataclass(frozen=True)
class Gesture:
    player: str
    gesture: str


@dataclass(frozen=True)
class Follow:
    elf: str


@dataclass(frozen=True)
class Lands:
    place: int   # 1 = on top of the pile


class LutinadesEngine(Engine):
    game_id = "lutinades"
    players = SEATS
    player_counts = (3, 4, 5, 6, 7)
    variants = ("malins", "grand")
    illegal_reasons = reasons(
        "game_over",
        not_waiting="this player shows no gesture now (the picker, or an elf who has shown his)",
        gesture="this gesture is not one of the variant's",
        not_choosing="the picker does not choose now (the elves show their gestures, or a card goes back)",
        not_an_elf="the picker follows one of the elves of this round",
        ignored="an elf who showed the forbidden petit gesture cannot be followed",
        chance="a card goes back into the pile now",
        place="a card goes back between the cards of the pile, from the top (1) to under the last",
        unknown_card="the card turned is not given: the figure cannot tell the gains",
    )
    extra_claims = ()

    # --- start ------------------------------------------------------------------------------------------
    def initial(self, variant=None, *, players=None, seed=None) -> Round:
        self.check_variant(variant)
        order = self.players_for(players)
        deck = [parse_card(card_id) for card_id, copies in DECK for _ in range(copies)]
        pile = self.shuffled(deck, seed)
        return self._turn(Round(order, 0, None, False, tuple(pile), ((),) * len(order),
                                (None,) * len(order), variant=variant), 0)

    def _turn(self, p: Round, picker: int) -> Round:
        """The next round: `picker` turns the top card, or the game ends on an empty pile."""
        discard = p.discard + ((p.card,) if p.card is not None else ())   # the card of the round ends face up
        if not p.pile:
            return replace(p, picker=picker, card=None, over=True, gestures=(None,) * len(p.players),
                           discard=discard, returns=())
        return replace(p, picker=picker, card=p.pile[0], pile=p.pile[1:], gestures=(None,) * len(p.players),
                       discard=discard, returns=())

    # --- positions ------------------------------------------------------------------------------------------
    def read_position(self, data: Any, to_move=None, variant=None) -> Round:
        self.check_variant(variant)
        if not isinstance(data, dict) or "joueurs" not in data:
            raise NotationError("a position is a mapping: joueurs, cueilleur, carte, pioche, gains, gestes")
        known = ("joueurs", "cueilleur", "carte", "pioche", "gains", "gestes", "defausse", "rendre")
        for key in data:
            if key not in known:
                raise NotationError(f"unknown key '{key}' (known: {', '.join(known)})", str(key))
        for key, kind in (("joueurs", list), ("gestes", dict), ("rendre", list)):
            if data.get(key) is not None and not isinstance(data[key], kind):
                raise NotationError(f"{key}: expected a {'list' if kind is list else 'mapping'}", key)
        order = tuple(str(x) for x in (data["joueurs"] or ()))
        count = self.check_players(len(order)) if order else self.check_players(0)
        if order != SEATS[:count]:
            raise NotationError(f"joueurs: the {count} players are {', '.join(SEATS[:count])}, in seat order",
                                "joueurs")
        picker_name = str(data.get("cueilleur", order[0]))
        if picker_name not in order:
            raise NotationError(f"cueilleur: '{picker_name}' is not a player", "cueilleur")
        picker = order.index(picker_name)
        card_data = data.get("carte")
        over = card_data in (None, "", "aucune")
        card = None if over else self._card(card_data, "carte")
        pile = self._cards(data.get("pioche", 0), "pioche")
        won_data = data.get("gains") or {}
        if not isinstance(won_data, dict):
            raise NotationError("gains: a mapping player -> number of cards or list of cards", "gains")
        for name in won_data:
            if str(name) not in order:
                raise NotationError(f"gains: '{name}' is not a player", "gains")
        won = tuple(self._cards(won_data.get(name, 0), "gains") for name in order)
        gestures_data = data.get("gestes") or {}
        allowed = GESTURES[variant]
        gestures = [None] * len(order)
        for name, gesture in gestures_data.items():
            if str(name) not in order or str(name) == picker_name:
                raise NotationError(f"gestes: '{name}' is not an elf of this round", "gestes")
            if str(gesture) not in allowed:
                raise NotationError(f"gestes: '{gesture}' is not a gesture ({', '.join(allowed)})", "gestes")
            gestures[order.index(str(name))] = str(gesture)
        if over and any(gestures):
            raise NotationError("gestes: the game is over (no card turned)", "gestes")
        returns = tuple(order.index(str(n)) for n in (data.get("rendre") or ()) if str(n) in order)
        if len(returns) != len(data.get("rendre") or ()) or any(not won[i] or i == picker for i in returns):
            raise NotationError("rendre: the elves who put back a card they won (each has one)", "rendre")
        discard = self._cards(data.get("defausse", 0), "defausse")
        position = Round(order, picker, card, over, pile, won, tuple(gestures), discard, returns, variant)
        if self._phase(position) == "choix" and self.all_alike(position):
            raise NotationError("gestes: every elf shows the same gesture, so the round is paid at once and "
                                "nobody is followed: give the position before the last gesture", "gestes")
        return position

    def _card(self, text: Any, key: str) -> Card | None:
        try:
            return parse_card(text)
        except NotationError as err:
            raise NotationError(f"{key}: {err.message}", key) from None

    def _cards(self, value: Any, key: str) -> tuple[Card | None, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= MAX_CARDS:
                raise NotationError(f"{key}: {value} cards? (0 to {MAX_CARDS})", key)
            return (None,) * value
        if value is None:
            return ()
        if not isinstance(value, (list, tuple)):
            raise NotationError(f"{key}: a number of cards or a list of cards", key)
        if len(value) > MAX_CARDS:
            raise NotationError(f"{key}: {len(value)} cards? (at most {MAX_CARDS})", key)
        return tuple(self._card(v, key) for v in value)

    @staticmethod
    def _cards_text(cards: tuple) -> Any:
        return len(cards) if all(c is None for c in cards) else [card_text(c) for c in cards]

    def write_position(self, p: Round) -> dict:
        out = {"joueurs": list(p.players), "cueilleur": p.players[p.picker],
               "carte": None if p.over else card_text(p.card),
               "pioche": self._cards_text(p.pile),
               "gains": {name: self._cards_text(w) for name, w in zip(p.players, p.won)},
               "gestes": {name: g for name, g in zip(p.players, p.gestures) if g is not None},
               "defausse": self._cards_text(p.discard)}
        if p.returns:
            out["rendre"] = [p.players[i] for i in p.returns]
        return out

    def observation(self, p: Round, player: str) -> dict:
        seen = self.write_position(p)
        seen["pioche"] = len(p.pile)
        seen["gains"] = {name: len(w) for name, w in zip(p.players, p.won)}   # won cards lie face down
        if not p.over and player == p.players[p.picker] and self._phase(p) in ("gestes", "choix"):
            seen["carte"] = HIDDEN                       # the picker must not see the card he turned
        if self._phase(p) == "gestes":                  # gestures stay hidden until the last one
            seen["gestes"] = {name: g if name == player else HIDDEN for name, g in seen["gestes"].items()}
        return seen

    # --- whose turn -------------------------------------------------------------------------------------------
    def elves(self, p: Round) -> tuple[int, ...]:
        return tuple(i for i in range(len(p.players)) if i != p.picker)

    def _phase(self, p: Round) -> str:
        if p.over:
            return "over"
        if any(p.gestures[i] is None for i in self.elves(p)):
            return "gestes"
        if p.returns:
            return "rendre"
        if p.card is None and (self.all_alike(p) or not self.followable(p)):
            return "unpaid"     # nobody is followed: the round pays a big number that a `?` card does not give
        return "choix"

    def outcome(self, p: Round) -> Outcome | None:
        if not p.over:
            return None
        counts = [len(w) for w in p.won]
        best = max(counts)
        leaders = [name for name, n in zip(p.players, counts) if n == best]
        if len(leaders) == 1:
            return Outcome(leaders[0], f"{best} cards", "most_cards")
        return Outcome(None, f"{', '.join(leaders)} tied with {best} cards", "tie")

    def waiting(self, p: Round) -> tuple[str, ...]:
        phase = self._phase(p)
        if phase == "gestes":
            return tuple(p.players[i] for i in self.elves(p) if p.gestures[i] is None)
        if phase == "choix":
            return (p.players[p.picker],)
        return ()

    def to_move(self, p: Round) -> str:
        phase = self._phase(p)
        if phase == "rendre":
            return CHANCE
        if phase in ("over", "unpaid"):
            return p.players[p.picker]
        return self.waiting(p)[0]

    def gestures_of(self, p: Round) -> tuple[str, ...]:
        return GESTURES[p.variant]

    def impossible(self, p: Round) -> list[tuple[str, str]]:
        """Cards counted beyond the deck, whatever the diagram left out (a pile given as a number, cards won
        as a number: unknown faces): more cards in the pile, the card turned, the gains and the discard than
        the deck has, or one card more often than its copies. Told at the largest heap (the pile first)."""
        heaps = {"pioche": p.pile, "gains": tuple(c for w in p.won for c in w), "defausse": p.discard}
        total = sum(len(h) for h in heaps.values()) + (0 if p.over or p.card is None else 1)
        deck = sum(n for _, n in DECK)
        out = []
        key = max(heaps, key=lambda k: len(heaps[k]))
        if total > deck:
            out.append((key, f"{total} cards counted (pile, card turned, gains, discard); the deck has {deck}"))
        copies = dict(DECK)
        seen: dict[str, int] = {}
        for card in [c for h in heaps.values() for c in h] + ([p.card] if p.card is not None else []):
            if card is not None:
                seen[card.id] = seen.get(card.id, 0) + 1
        for card_id, n in seen.items():
            if n > copies.get(card_id, 0):
                where = next((k for k, h in heaps.items() if any(c is not None and c.id == card_id for c in h)),
                             "carte")
                out.append((where, f"{n} cards {card_id}; the deck has {copies.get(card_id, 0)}"))
        return out

    def seated(self, p: Round) -> tuple[str, ...]:
        return tuple(p.players)

    def legal_moves_of(self, p: Round, player: str) -> list:
        phase = self._phase(p)
        if phase == "gestes" and player in self.waiting(p):
            return [Gesture(player, g) for g in self.gestures_of(p)]
        if phase == "choix" and player == p.players[p.picker]:
            return [Follow(p.players[i]) for i in self.followable(p)]
        return []

    def legal_moves(self, p: Round) -> list:
        phase = self._phase(p)
        if phase == "over":
            return []
        if phase == "rendre":
            return [Lands(k) for k in range(1, len(p.pile) + 2)]
        return self.legal_moves_of(p, self.to_move(p))

    def chance_outcomes(self, p: Round) -> list[tuple[Lands, Fraction]]:
        if self._phase(p) != "rendre":
            return []
        places = len(p.pile) + 1
        return [(Lands(k), Fraction(1, places)) for k in range(1, places + 1)]

    # --- the rules of a round -----------------------------------------------------------------------------
    def ignored(self, p: Round) -> tuple[int, ...]:
        """grand: the elves who showed petit (never followed)."""
        if p.variant != "grand":
            return ()
        return tuple(i for i in self.elves(p) if p.gestures[i] == "petit")

    def followable(self, p: Round) -> tuple[int, ...]:
        return tuple(i for i in self.elves(p) if i not in self.ignored(p))

    def all_alike(self, p: Round) -> bool:
        return len({p.gestures[i] for i in self.elves(p)}) == 1

    def gains(self, p: Round, elf: int | None) -> tuple[int, int]:
        """(the picker's gain, the followed elf's gain) by the rules, before the pile is counted."""
        card = p.card
        if elf is None:                          # every elf alike: the picker, right or wrong
            return card.big_gain, 0
        gesture, category = p.gestures[elf], card.category(p.variant)
        if gesture == category:
            return card.big_gain, card.elf_gain
        if p.variant == "malins" and {gesture, category} == {"gauche", "droite"}:
            return card.big_gain, 0               # the elf pointed the wrong way: the picker profits
        return 0, card.elf_gain

    def _check(self, p: Round, move) -> None:
        phase = self._phase(p)
        if phase == "over":
            raise IllegalMove("game_over", "the pile is empty: the game is over")
        if isinstance(move, Lands):
            if phase != "rendre":
                raise IllegalMove("not_choosing", "no card goes back into the pile now")
            if not 1 <= move.place <= len(p.pile) + 1:
                raise IllegalMove("place", f"the pile has {len(p.pile)} cards: places 1 to {len(p.pile) + 1}")
            return
        if phase == "rendre":
            raise IllegalMove("chance", "a card goes back into the pile first")
        if isinstance(move, Gesture):
            if move.player not in self.waiting(p) or phase != "gestes":
                raise IllegalMove("not_waiting", f"{move.player} shows no gesture now")
            if move.gesture not in self.gestures_of(p):
                raise IllegalMove("gesture", f"'{move.gesture}' is not a gesture here "
                                             f"({', '.join(self.gestures_of(p))})")
            return
        if phase == "unpaid":
            raise IllegalMove("unknown_card", "every elf shows the same gesture: nobody is followed, the picker "
                                              "takes the big number of the card turned, which is not given")
        if phase != "choix":
            raise IllegalMove("not_choosing", f"{', '.join(self.waiting(p))} still show their gestures")
        if move.elf not in p.players or p.players.index(move.elf) == p.picker:
            raise IllegalMove("not_an_elf", f"{move.elf} is not an elf of this round")
        if p.players.index(move.elf) in self.ignored(p):
            raise IllegalMove("ignored", f"{move.elf} showed petit: he cannot be followed")
        if p.card is None:
            raise IllegalMove("unknown_card", "the card turned is not given")

    def play(self, p: Round, move) -> Round:
        self._check(p, move)
        if isinstance(move, Gesture):
            i = p.players.index(move.player)
            p = replace(p, gestures=p.gestures[:i] + (move.gesture,) + p.gestures[i + 1:])
            if self._phase(p) != "gestes":
                p = replace(p, returns=tuple(i for i in self.ignored(p) if p.won[i]))
                return self._settle_if_alike(p)
            return p
        if isinstance(move, Lands):
            seat = p.returns[0]
            back = p.won[seat][-1]
            pile = p.pile[:move.place - 1] + (back,) + p.pile[move.place - 1:]
            won = p.won[:seat] + (p.won[seat][:-1],) + p.won[seat + 1:]
            return self._settle_if_alike(replace(p, pile=pile, won=won, returns=p.returns[1:]))
        return self._pay(p, p.players.index(move.elf))

    def _settle_if_alike(self, p: Round) -> Round:
        """Once gestures are shown (and cards put back), a unanimous round pays at once: nobody is followed."""
        if self._phase(p) == "choix" and (self.all_alike(p) or not self.followable(p)):
            return self._pay(p, None)
        return p

    def _pay(self, p: Round, elf: int | None) -> Round:
        picker_gain, elf_gain = self.gains(p, elf)
        pile, won = list(p.pile), [list(w) for w in p.won]
        for seat, gain in ((p.picker, picker_gain), (elf, elf_gain)):   # the picker serves himself first
            if seat is None:
                continue
            taken, pile = pile[:gain], pile[gain:]
            won[seat].extend(taken)
        done = replace(p, pile=tuple(pile), won=tuple(tuple(w) for w in won))
        return self._turn(done, (p.picker + 1) % len(p.players))

    # --- notation ---------------------------------------------------------------------------------------------
    def parse_move(self, p: Round, text: str):
        t = str(text).strip()
        if t.startswith("="):
            if not _small_number(t[1:]):
                raise NotationError(f"'{text}' is not a place in the pile: write =1 (on top), =2, ...")
            move = Lands(int(t[1:]))
        elif t.startswith("suivre:"):
            move = Follow(t[len("suivre:"):].strip())
            if move.elf not in p.players:
                raise NotationError(f"'{move.elf}' is not a player ({', '.join(p.players)})")
        else:
            player, sep, gesture = t.partition(":")
            if not sep or player not in SEATS or gesture not in set(GESTURES[None] + GESTURES["malins"]):
                raise NotationError(f"'{text}' is not a move: write bruno:haut (a gesture), suivre:bruno "
                                    f"(the picker's choice) or =3 (where a card goes back)")
            move = Gesture(player, gesture)
        self._check(p, move)
        return move

    def format_move(self, p: Round, move) -> str:
        if isinstance(move, Lands):
            return f"={move.place}"
        if isinstance(move, Follow):
            return f"suivre:{move.elf}"
        return f"{move.player}:{move.gesture}"

    def placements(self, p: Round) -> list:
        return []

    def score(self, p: Round) -> dict[str, int]:
        return {name: len(w) for name, w in zip(p.players, p.won)}

    def figure_items(self, p: Round, component_id: str) -> list:
        """A figure of the deck shows the card turned this round (the last one turned once the game is over),
        after the card going back into the pile, face down, while one does (variant grand)."""
        card = p.card if not p.over else (p.discard[-1] if p.discard else None)
        out = [] if card is None else [card.id]
        if self._phase(p) == "rendre" and p.won[p.returns[0]][-1] is not None:
            out.insert(0, (p.won[p.returns[0]][-1].id, "back"))
        return out


    # --- playtest ----------------------------------------------------------------
    def evaluate(self, p: Round, player: str) -> float:
        """Cards won against the best of the others, 0.1 a card; tanh."""
        from math import tanh
        me = p.players.index(player)
        others = max(len(w) for i, w in enumerate(p.won) if i != me)
        return tanh(0.1 * (len(p.won[me]) - others))

    def determinize(self, p: Round, player: str, rng) -> Round:
        """What `player` does not see drawn again: the pile's order, the cards won (face down), the card
        turned when he is the picker who must not see it, the gestures of the others not yet revealed."""
        me = p.players.index(player)
        hide_card = not p.over and me == p.picker and self._phase(p) in ("gestes", "choix")
        pool = list(p.pile) + [c for w in p.won for c in w] + ([p.card] if hide_card else [])
        rng.shuffle(pool)
        card = pool.pop() if hide_card else p.card
        pile, pool = tuple(pool[:len(p.pile)]), pool[len(p.pile):]
        won = []
        for w in p.won:
            won.append(tuple(pool[:len(w)]))
            pool = pool[len(w):]
        shown = self.observation(p, player)["gestes"]
        choices = self.gestures_of(p)
        gestures = tuple(rng.choice(choices) if g is not None and shown.get(name) == HIDDEN else g
                         for name, g in zip(p.players, p.gestures))
        return replace(p, card=card, pile=pile, won=tuple(won), gestures=gestures)

ENGINE = LutinadesEngine()
