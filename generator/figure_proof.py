"""Figures proven to show their claims: what a figure's picture draws, against what its moves, claims and
caption name. The engine (engine/checker.py) proves the claims true; this proves the reader can see them.

What a picture draws is data recorded by the code that draws it (`Figure.shows`, components/diagram/): each
piece with its place, standing, ghosted or set aside, and each item or face. What a figure names:

- the pieces standing, before or after each of its moves, on a place its moves, claims or caption name (a
  die taken, a tile used up, a portal the caption names), and those a move puts down from outside the board
  (`Engine.move_pieces`, e.g. a tile from the hand): each must be drawn on that place, ghosted there or set
  aside with its name; and the pieces the players hold in the position shown (`Engine.held_pieces`: a hand,
  collections), beside the board (kind `missing`);
- the move convention (content/diagrams.py): the position after the moves, what left its place ghosted;
  `state: before` only when the caption says the picture shows the position before the move; an arrow that
  leaves a piece still standing (and ends on no ghost: a shot at a piece taken) draws a move not played,
  which only a `legal` or `legal_moves` claim (a possible move) explains (kind `state`);
- every mark drawn is explained: a numbered mark by its number in the caption; arrows, highlighted places and
  crosses by the caption or the figure legend of the rules text (kind `legend`);
- two figures drawing the same picture (kind `duplicate`);
- what the position gives a piece beyond its place (`Engine.piece_attributes`: a runner's facing) shown by the
  piece drawn there (`Shown.attrs`, recorded by the drawing code; kind `missing`);
- what a face pictures (`Shown` 'depicted', from its elements' `depicts`: a gnome making a gesture): only
  players of the position (`Engine.seated`) and moves one of them may make (kind `extra`), and every player
  the caption names, when the figure pictures players (kind `missing`);
- a card drawn turned over the edge the caption names (Shown 'flip', its arrow from the face down item to the
  face up one; the catalogue's `edge_*` words; kind `state`);
- a label the caption names that the picture's crop hides, no copy of it shown (PuXes' "6 DiXes" ruler
  beyond a mat figure's region; kind `missing`);
- what the caption describes can happen: the figure's start position is one a game played by the rules
  reaches (`Engine.impossible`: a Praxis hand of one tile while the pile holds two; kind `impossible`);
- the state drawn is the engine's: an item the position has out of play (`Engine.item_states`: a PuXes oracle
  asleep) is not drawn in one row with items in play (kind `state`);
- what the caption counts and names, read as a statement (a small grammar of the language's count phrases,
  its piece nouns the figure's piece styles: the style's first word and its `called` nouns, its qualifiers
  the style's other words): "cinq navires anglais" needs five English ships drawn, unless the caption says
  some lie beyond the figure, and no more than the game has (`Engine.supply`); "la tuile Plus", "le navire
  espagnol" need one drawn (kinds `count`, `missing`);
- what the caption says of an item's state ("Repli, qui dormait") is the engine's (`Engine.item_states`;
  kind `state`);
- the caption speaks to players: no bare count of what the engine enumerates (the catalogue's
  `figures.proof.output_words`: "21 places", the chance outcomes of a shuffle; kind `wording`).

Each problem is a warning (file:line of the diagram in diagrams.yaml), in the game's language: `pnp validate`
and `pnp build` print it under the game's summary line; the reader's preflight takes them from
`prove_figures` (build.GameSummary.figure_problems).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from .content.diagrams import Diagram, drawn_on, engine_reads, piece_styles
from .content.errors import ContentError, display_path
from .engine import engine_for, has_engine
from .engine.checker import _Failed, play_moves, start_position
from .i18n import catalogue

PLACE_TOKEN = re.compile(r"(?<![\w/@])([a-z]{1,2}\d{1,2})(?![\w])")   # d4, aa12: how boards and maps name squares
POSSIBLE_MOVE_CLAIMS = ("legal", "legal_moves")
CLAUSE_END = re.compile(r"[.;:!?]")      # what ends a clause of a caption: whose pieces, which state it says


@dataclass(frozen=True)
class FigureProblem:
    """A figure whose picture does not show what its caption and claims talk about: a warning."""
    diagram_id: str
    path: Path
    line: int
    kind: str          # missing | extra | state | legend | duplicate | impossible | wording | count
    message: str       # in the game's language

    def format(self) -> str:
        return f'{display_path(self.path)}:{self.line}: figure "{self.diagram_id}": {self.message}'

    def as_dict(self) -> dict:
        return {"diagram_id": self.diagram_id, "path": str(self.path), "line": self.line, "kind": self.kind,
                "message": self.message}

    @classmethod
    def from_dict(cls, data: dict) -> "FigureProblem":
        return cls(data["diagram_id"], Path(data["path"]), data["line"], data["kind"], data["message"])


def prove_figures(game, diagrams: list[Diagram], figures: dict) -> list[FigureProblem]:
    """The problems of every figure of the game (`figures`: id -> Figure, as generator/figures.py drew them
    from `diagrams`), in file order; [] when every picture shows what its figure names."""
    words = catalogue(game.info.language)
    engine = engine_for(game) if has_engine(game.id) else None
    legend = _rules_text(game).lower()
    problems: list[FigureProblem] = []
    seen: dict[Any, Diagram] = {}
    for diagram in diagrams:
        figure = figures.get(diagram.id)
        if figure is None:
            continue
        component = drawn_on(diagram, game.components)
        problems += _missing(diagram, component, figure, engine, words)
        problems += _state(diagram, component, figure, engine, words)
        problems += _legend(diagram, legend, words)
        problems += _attributes(diagram, component, figure, engine, words)
        problems += _depicted(diagram, figure, engine, words)
        problems += _flip_edges(diagram, figure, words)
        problems += _hidden_labels(diagram, figure, words)
        problems += _impossible(diagram, engine, words)
        problems += _out_of_play(diagram, component, figure, engine, words)
        problems += _caption_states(diagram, component, figure, engine, words)
        problems += _output_counts(diagram, words)
        problems += _caption_pieces(diagram, component, figure, engine, words, game.components)
        key = _picture_key(diagram, figure)
        if key in seen:
            problems.append(_problem(diagram, diagram.line, "duplicate", words, "duplicate",
                                     other=seen[key].id, other_line=seen[key].line))
        else:
            seen[key] = diagram
    return problems


def _problem(diagram: Diagram, line: int, kind: str, words, key: str, **fields) -> FigureProblem:
    return FigureProblem(diagram.id, diagram.path, line, kind, words(f"figures.proof.{key}", **fields))


def _rules_text(game) -> str:
    """The rules text, whose figure legend explains the marks every figure uses ('' without rules)."""
    from .rulebook.pipeline import rules_path
    try:
        return rules_path(game).read_text(encoding="utf-8")
    except ContentError:     # a game without rules text: no legend
        return ""


# --- what the figure names, drawn? ------------------------------------------------------------------------

def _places_in(value: Any, component) -> list[str]:
    """The places of `component` a claim, a move or a caption names (square names found in its text)."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _places_in(k, component) + _places_in(v, component)]
    if isinstance(value, (list, tuple)):
        return [p for v in value for p in _places_in(v, component)]
    return [p for p in PLACE_TOKEN.findall(str(value)) if component.place_exists(p)]


def _missing(diagram: Diagram, component, figure, engine, words) -> list[FigureProblem]:
    """Pieces standing on a place the figure names (before or after its moves), or put down by a move, that
    the picture does not draw on that place (standing, ghosted or set aside)."""
    spec = component.figure_spec
    if not spec.pieces:
        return []
    drawn = {(s.place, s.piece) for s in figure.shows}
    named: dict[str, tuple[str, int]] = {}        # place -> (what names it, its line)
    for place in _places_in(diagram.caption, component):
        named.setdefault(place, ("caption", diagram.line_of("caption")))
    for claim in diagram.claims:
        for place in _places_in(claim.value, component):
            named.setdefault(place, ("claims", claim.line))
    for j, move in enumerate(diagram.moves):
        line = diagram.move_lines[j] if j < len(diagram.move_lines) else diagram.line_of("moves")
        for place in _places_in(move, component):
            named.setdefault(place, ("moves", line))
    expected: list[tuple[tuple[str, str, str | None], str, int]] = []
    if engine is not None and spec.engine_position and engine_reads(diagram, component):
        try:
            before = start_position(engine, diagram)
            befores, played, after = play_moves(engine, diagram, before)
        except (_Failed, ContentError):
            return []       # the checker tells it
        positions = [before] if diagram.show.state == "before" else [*befores, after] if played else [before]
        for position in positions:
            expected += [(p, *named[p[0]]) for p in engine.placements(position) if p[0] in named]
        if diagram.show.state != "before":
            for j, (position, move) in enumerate(zip(befores, played)):
                line = diagram.move_lines[j] if j < len(diagram.move_lines) else diagram.line_of("moves")
                expected += [(p, "moves", line) for p in engine.move_pieces(position, move)]
        shown = positions[-1]
        held = [((f"{what}:{player}", piece, value), player) for what, player, piece, value in engine.held_pieces(shown)]
    else:
        held = []
        from .content.diagrams import given_placements
        try:
            placements = given_placements(diagram, component, ())
        except ContentError:
            return []
        expected += [(p, *named[p[0]]) for p in placements if p[0] in named]
    problems, told = [], set()
    for (place, piece, value), source, line in expected:
        if (place, piece) in drawn or (place, piece) in told:
            continue
        if engine is not None and any(at == place and engine.same_piece(piece, other) for at, other in drawn):
            continue        # the same piece, turned over where it stands: drawn as it is after the move
        told.add((place, piece))
        shown = f"{piece} {value}" if value else piece
        problems.append(_problem(diagram, line, "missing", words, "missing", piece=shown, place=place,
                                 source=words(f"figures.proof.by_{source}")))
    for (holder, piece, value), player in held:
        if (holder, piece) not in drawn and (holder, piece) not in told:
            told.add((holder, piece))
            problems.append(_problem(diagram, diagram.line_of("position"), "missing", words, "held",
                                     piece=f"{piece} {value}" if value else piece, player=player))
    return problems


def _attributes(diagram: Diagram, component, figure, engine, words) -> list[FigureProblem]:
    """What the position gives a piece beyond its place (Engine.piece_attributes: a 3d Run runner's facing,
    the position's `sens`) that the piece drawn there does not show (Shown.attrs, recorded by the code that
    draws it): at 66e77a1 every runner was a plain disc, whichever way it ran."""
    if engine is None or not component.figure_spec.engine_position or not engine_reads(diagram, component):
        return []
    position = _shown_position(engine, diagram)
    if position is None:
        return []
    drawn = {(s.place, s.piece): s for s in figure.shows if s.how == "standing"}
    problems = []
    for (place, piece), given in engine.piece_attributes(position).items():
        shown = drawn.get((place, piece))
        if shown is None:
            continue        # not in the picture's crop, or not drawn: `missing` tells what the figure names
        for name, value in given.items():
            if shown.attr(name) != value:
                problems.append(_problem(diagram, diagram.line_of("position"), "missing", words, "attribute",
                                         piece=piece, place=place, what=words(f"figures.proof.attribute_{name}"),
                                         value=words(f"figures.proof.value_{value}"),
                                         drawn=words(f"figures.proof.value_{shown.attr(name)}")
                                         if shown.attr(name) else words("figures.proof.not_drawn")))
    return problems


def _flip_edges(diagram: Diagram, figure, words) -> list[FigureProblem]:
    """A card drawn turned over one edge (Shown 'flip', the edge its arrow leaves by) while the caption turns it
    over another (the catalogue's `edge_*` words): Lutinades' figure 1 at 66e77a1 drew the flip sideways, the
    card landing to the right, under a caption flipping it "par son bord du haut"."""
    flips = [s for s in figure.shows if s.how == "flip"]
    said = [edge for edge in ("top", "bottom", "left", "right") if _says(diagram.caption, words, f"edge_{edge}")]
    if not flips or not said:
        return []
    return [_problem(diagram, diagram.show_line("arrows"), "state", words, "flip_edge", item=s.place,
                     drawn=words(f"figures.proof.edge_name_{s.attr('edge')}"),
                     said=", ".join(words(f"figures.proof.edge_name_{e}") for e in said))
            for s in flips if s.attr("edge") not in said]


def _shown_position(engine, diagram: Diagram):
    """The position the picture shows: after the moves, or before them (`state: before`); None when the
    checker cannot reach it (it tells why)."""
    if diagram.position is None:
        return None
    try:
        before = start_position(engine, diagram)
        _, played, after = play_moves(engine, diagram, before)
    except (_Failed, ContentError):
        return None
    return before if diagram.show.state == "before" or not played else after


def _depicted(diagram: Diagram, figure, engine, words) -> list[FigureProblem]:
    """What a face pictures (Shown 'depicted', from its elements' `depicts`: a gnome making a gesture) against
    the position and the caption: a player pictured who is not in the position; a move pictured that no player
    of the position may make (the plain rules' gesture figure at 66e77a1 drew the aid's six gnomes, the malins'
    left and right among them); a player the caption names, in a figure picturing players, not pictured ("ici
    Bruno", and no Bruno drawn)."""
    pictured = [s for s in figure.shows if s.how == "depicted"]
    if engine is None or not pictured:
        return []
    position = _shown_position(engine, diagram)
    if position is None:
        return []
    seated = engine.seated(position)
    caption_line = diagram.line_of("caption")
    problems = []
    for s in pictured:
        player = s.attr("player")
        if player is not None and seated and player not in seated:
            problems.append(_problem(diagram, caption_line, "extra", words, "depicted_stranger", piece=s.piece,
                                     player=player, players=", ".join(seated)))
    allowed = _moves_by_player(engine, position)
    for s in pictured:
        move, player = s.attr("move"), s.attr("player")
        if move is None:
            continue
        if not any(move in moves for who, moves in allowed.items() if player in (None, who)):
            problems.append(_problem(diagram, caption_line, "extra", words, "depicted_move", piece=s.piece,
                                     move=move, item=s.place))
    if any(s.attr("move") is not None or s.attr("player") is not None for s in pictured):
        drawn = {s.attr("player") for s in pictured}
        caption = _folded(diagram.caption)
        for player in seated:
            if player not in drawn and re.search(rf"(?<!\w){re.escape(_folded(player))}(?!\w)", caption):
                problems.append(_problem(diagram, caption_line, "missing", words, "depicted_player", player=player,
                                         count=len(pictured), piece=pictured[0].piece))
    return problems


def _moves_by_player(engine, position) -> dict[str, set[str]]:
    """Each waiting player's legal moves, as the move a picture names: 'haut' for Lutinades' "bruno:haut" (a
    move of one player among several choosing at once is written player:move)."""
    out: dict[str, set[str]] = {}
    for player in engine.waiting(position):
        for move in engine.legal_moves_of(position, player):
            text = engine.format_move(position, move)
            out.setdefault(player, set()).add(text.split(":", 1)[1] if text.startswith(f"{player}:") else text)
    return out


@lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    """Lower case without accents: a caption's "Chloé" is the position's chloe (kept: captions read each word)."""
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _hidden_labels(diagram: Diagram, figure, words) -> list[FigureProblem]:
    """Labels of the drawing (three characters or more, a letter among them) that the caption quotes as they
    are written (case and all: "les pics" names what is drawn, not a legend's "Pics"), while the figure's crop
    hides them and no text it shows holds them: the caption talks of what the reader cannot see. The drawing is
    replayed on a canvas that keeps its strings only (draw/bounds.TextsCanvas); whether a crop hides a string is
    measured for those the caption quotes and those holding them, not for every string drawn."""
    from .draw.bounds import drawn_texts
    caption = _plain(diagram.caption)
    canvas = drawn_texts(figure.draw)
    drawn = [_plain(run[0]) for run in canvas.strings]
    problems, told, passed = [], set(), set()
    for i, label in enumerate(drawn):
        if label in told or label in passed or len(label) < 3 or not re.search(r"[^\W\d_]", label):
            continue
        quoted = re.compile(rf"(?<!\w){re.escape(label)}(?!\w)")
        if not quoted.search(caption):
            passed.add(label)       # the caption does not quote it: no occurrence of it tells
            continue
        if not canvas.hidden(i):
            continue
        if not any(quoted.search(t) and not canvas.hidden(j) for j, t in enumerate(drawn)):
            told.add(label)
            problems.append(_problem(diagram, diagram.line_of("caption"), "missing", words, "hidden", label=label))
        else:
            passed.add(label)       # shown in full elsewhere: every hidden copy of it passes too
    return problems


def _plain(text: str) -> str:
    """One space for any run of white space (no-break ones too), one apostrophe."""
    return re.sub(r"[\s\u00a0\u202f\u2009]+", " ", str(text).replace("\u2019", "'")).strip()


# --- what the caption describes, as the rules and the engine have it ------------------------------------

def _impossible(diagram: Diagram, engine, words) -> list[FigureProblem]:
    """A start position no game played by the rules reaches (Engine.impossible), at the position's key that
    holds it: the caption describes it, so it describes what cannot happen (Praxis' figure 18 at 66e77a1: a
    hand of one tile while the pile held two, when a hand is filled back after each tile laid)."""
    if engine is None or diagram.position is None:
        return []
    try:
        position = start_position(engine, diagram)
    except (_Failed, ContentError):
        return []           # the checker tells it
    return [_problem(diagram, diagram.position_line(key), "impossible", words, "impossible", detail=detail)
            for key, detail in engine.impossible(position)]


def _item_states(diagram: Diagram, component, figure, engine) -> dict:
    """Engine.item_states of the position a figure of items starts from; {} without items, engine or position,
    or when the checker cannot reach the position (it tells why)."""
    if engine is None or diagram.position is None or not any(s.how == "item" for s in figure.shows):
        return {}
    try:
        return dict(engine.item_states(start_position(engine, diagram), component.id))
    except (_Failed, ContentError):
        return {}


def _out_of_play(diagram: Diagram, component, figure, engine, words) -> list[FigureProblem]:
    """An item the position has out of play (asleep, lost, set aside: Engine.item_states) drawn in one row with
    items in play: the picture puts it among them (PuXes' figure 12 at 66e77a1, the sleeping oracle in the row
    of the oracles in play)."""
    items = [s for s in figure.shows if s.how == "item"]
    states = _item_states(diagram, component, figure, engine)
    if not states:
        return []
    from .engine.core import PLAY
    names = [ref.item for ref in diagram.show.item_refs()]
    problems = []
    for group in sorted({s.group for s in items}):
        row = [s for s in items if s.group == group]
        playing = [s.piece for s in row if states.get(s.piece) == PLAY]
        for s in row:
            state = states.get(s.piece)
            if playing and state not in (None, PLAY):
                line = diagram.show_line(f"items.{names.index(s.place)}") if s.place in names else \
                    diagram.show_line("items")
                problems.append(_problem(diagram, line, "state", words, "out_of_play", item=s.piece,
                                         state=words(f"figures.proof.state_{state}"), others=", ".join(playing)))
    return problems


def _caption_states(diagram: Diagram, component, figure, engine, words) -> list[FigureProblem]:
    """An item the caption says is out of play ("Repli, qui dormait hors du jeu": the catalogue's
    `said_<state>` words in the clause naming it) that the engine has in another state (Engine.item_states,
    the position the figure starts from), or an item it says is in play (`said_play`) that the engine has out."""
    states = _item_states(diagram, component, figure, engine)
    if not states:
        return []
    from .engine.core import OUT_STATES, PLAY
    said_words = {state: [w for w in words(f"figures.proof.said_{state}").split("|") if w]
                  for state in (PLAY, *OUT_STATES)}
    caption = _plain(diagram.caption)
    problems, told = [], set()
    for clause in CLAUSE_END.split(caption):
        folded = _folded(clause)
        said = [state for state, ws in said_words.items()
                if any(re.search(rf"(?<!\w){re.escape(_folded(w))}(?!\w)", folded) for w in ws)]
        if len(said) != 1:
            continue        # no state said, or several: which item is in which, the sentence says
        for item, state in states.items():
            if item in told or not re.search(rf"(?<!\w){re.escape(_folded(item))}(?!\w)", folded):
                continue
            if state != said[0]:
                told.add(item)
                problems.append(_problem(diagram, diagram.line_of("caption"), "state", words, "said_state",
                                         item=item, said=words(f"figures.proof.state_{said[0]}"),
                                         state=words(f"figures.proof.state_{state}")))
    return problems


def _output_counts(diagram: Diagram, words) -> list[FigureProblem]:
    """A bare count of what an engine enumerates (`figures.proof.output_words`) in the caption: "chacune des 21
    places" is the 21 chance outcomes of a card shuffled back into a pile of 20, as a program lists them; a
    player reads "anywhere in the pile". Like the reader's `tool_words`, a catalogue's list of words."""
    terms = [re.escape(t.strip()) for t in words("figures.proof.output_words").split("|") if t.strip()]
    if not terms:
        return []
    caption = _plain(diagram.caption)
    alternatives = "|".join(terms)
    pattern = re.compile(rf"(?<![\w.,])\d+\s+(?:{alternatives})(?!\w)", re.I)
    return [_problem(diagram, diagram.line_of("caption"), "wording", words, "output_count", text=m.group())
            for m in pattern.finditer(caption)]


# --- what the caption counts and names ------------------------------------------------------------------

WORD = re.compile(r"[^\W_]+(?:[-+][^\W_]+)*")


@dataclass(frozen=True)
class _Phrase:
    """A caption's phrase naming pieces: "cinq navires anglais" (count 5) or "la tuile Plus" (count None)."""
    text: str
    count: int | None
    styles: tuple[str, ...]      # the piece styles it names


def _caption_pieces(diagram: Diagram, component, figure, engine, words, components) -> list[FigureProblem]:
    """What the caption counts or names among the figure's pieces, against what the picture draws and what the
    game has: Armada's figure 9 at 66e77a1 said "Avec cinq navires sur le plateau" over a crop that left the
    fifth out (four drawn). What is drawn is counted in the position after the moves (standing, set aside, held)
    and in the one before (what stood on a place the picture draws: "des trois navires espagnols", one taken
    and ghosted). A count may pass what is drawn when the caption says part lies beyond the figure
    (`beyond_words`), never what the game has (Engine.supply, where the rules fix it)."""
    if not component.figure_spec.pieces:
        return []
    phrases = _piece_phrases(diagram.caption, piece_styles(diagram, component, components), words)
    if not phrases:
        return []
    after = [s.piece for s in figure.shows if s.how in ("standing", "aside", "held")]
    before, supply = [], {}
    if engine is not None and component.figure_spec.engine_position and engine_reads(diagram, component):
        position = _shown_position(engine, diagram)
        supply = dict(engine.supply(position)) if position is not None else {}
        try:
            start = start_position(engine, diagram)
        except (_Failed, ContentError):
            start = None
        if start is not None and diagram.moves:     # the position before the moves, as the picture has it
            at = {(s.place, s.piece) for s in figure.shows}
            before = [piece for place, piece, _ in engine.placements(start) if (place, piece) in at]
    beyond = _says(diagram.caption, words, "beyond_words")
    line = diagram.line_of("caption")
    problems = []
    for phrase in phrases:
        shown = max(sum(p in phrase.styles for p in after), sum(p in phrase.styles for p in before))
        if phrase.count is None:
            if not shown:
                problems.append(_problem(diagram, line, "missing", words, "named_missing", text=phrase.text))
            continue
        if all(style in supply for style in phrase.styles):
            known = sum(supply[style] for style in phrase.styles)
            if phrase.count > known:
                problems.append(_problem(diagram, line, "count", words, "count_game", text=phrase.text,
                                         count=phrase.count, known=known))
                continue
        if phrase.count > shown and not beyond:
            problems.append(_problem(diagram, line, "count", words, "count_drawn", text=phrase.text,
                                     count=phrase.count, drawn=shown))
    return problems


def _piece_phrases(caption: str, styles: dict, words) -> list[_Phrase]:
    """The caption's phrases naming pieces of `styles` (name -> PieceStyle): a count (a number, in digits or
    the catalogue's words, then a piece noun, then its qualifiers) or a definite one (an article, a noun and
    one qualifier at least: "la tuile Pioche bleue"). A noun is a style's first word or one of its `called`
    nouns, singular or plural, accents and all; a qualifier another word of a style's name, accents aside, as
    `_qualifies` reads it ("bleus" for bleu, "Plus" for plus1, "Récupération" for recuperation)."""
    nouns: dict[str, set[str]] = {}
    qualifiers: dict[str, set[str]] = {}
    for name, style in styles.items():
        parts = [p for p in _folded(name).replace("-", "_").split("_") if p]
        called = [c.strip().lower() for c in (getattr(style, "called", "") or "").split("|") if c.strip()]
        for noun in called + ([parts[0]] if parts and len(parts[0]) >= 3 else []):
            nouns.setdefault(noun, set()).add(name)
        # a style of one word named by its `called` noun is that word ("le dé noir": noir)
        qualifiers[name] = {p for p in (parts if called and len(parts) == 1 else parts[1:]) if len(p) >= 3}
    if not nouns:
        return []
    numbers = {w: i + 2 for i, w in enumerate(words("figures.proof.count_words").split("|")) if w}
    articles = {w for w in words("figures.proof.named_articles").split("|") if w}
    tokens = [(m.group(), _folded(m.group()), m.start(), m.end()) for m in WORD.finditer(_plain(caption))]
    every_qualifier = set().union(*qualifiers.values())
    endings = [e for e in words("figures.proof.qualifier_endings").split("|") if e]
    phrases = []
    for i, (raw, low, start, _) in enumerate(tokens[:-1]):
        count = int(raw) if raw.isdigit() else numbers.get(low)
        if count is None and low not in articles:
            continue
        noun = _noun(tokens[i + 1][0].lower(), nouns)     # accents kept: "dé" is not "de"
        if noun is None:
            continue
        named = set(nouns[noun])
        j, said = i + 2, []
        while j < len(tokens) and any(_qualifies(tokens[j][1], q, endings) for q in every_qualifier):
            said.append(tokens[j][1])
            j += 1
        for word in said:
            named = {n for n in named if any(_qualifies(word, q, endings) for q in qualifiers[n])}
        if count is not None and not said:
            # "Avec cinq navires sur le plateau, l'Anglais ne peut plus en poser": the clause says whose
            clause = [t[1] for t in tokens if t[2] > _clause_start(caption, start) and t[3] <= _clause_end(caption, start)]
            owned = {n for n in named if any(_qualifies(w, q, endings) for w in clause for q in qualifiers[n])}
            named = owned or named
        if count is None and not said:
            continue        # "la tuile" alone: which one the sentence says, not its words
        if count is not None and count < 2:
            continue
        text = _plain(caption)[start:tokens[j - 1][3]]
        phrases.append(_Phrase(text, count, tuple(sorted(named))))
    return phrases


def _clause_start(text: str, at: int) -> int:
    """Where the clause holding `at` begins in `text` (_plain spacing): after the last stop before it."""
    stops = [m.end() for m in CLAUSE_END.finditer(_plain(text), 0, at)]
    return stops[-1] if stops else -1


def _clause_end(text: str, at: int) -> int:
    m = CLAUSE_END.search(_plain(text), at)
    return m.start() if m else len(_plain(text))


def _noun(word: str, nouns: dict) -> str | None:
    """The piece noun `word` is (singular or plural), or None."""
    for noun in nouns:
        if word == noun or (word[:-1] == noun and word[-1] in "sx"):
            return noun
    return None


def _qualifies(word: str, qualifier: str, endings: list[str]) -> bool:
    """Whether a caption's word says a style's qualifier: the same, or inflected by one of the language's
    endings ("blanches" for blanc, "bleus" for bleu), or the qualifier less its digits ("Plus" for plus1)."""
    if word == qualifier or qualifier.rstrip("0123456789") == word:
        return True
    return word.startswith(qualifier) and word[len(qualifier):] in endings


# --- the move convention ---------------------------------------------------------------------------------

def _says(text: str, words, key: str) -> bool:
    """Whether `text` holds one of the catalogue's words for `key` ('|'-separated, lower case)."""
    low = text.lower()
    return any(w and w in low for w in words(f"figures.proof.{key}").split("|"))


def _state(diagram: Diagram, component, figure, engine, words) -> list[FigureProblem]:
    """The picture shows the position after the moves, or its caption says it shows the one before."""
    if engine is None or not component.figure_spec.engine_position or _says(diagram.caption, words, "before_words"):
        return []
    if diagram.moves and diagram.show.state == "before":
        return [_problem(diagram, diagram.show_line("state"), "state", words, "state_before")]
    standing = {s.place for s in figure.shows if s.how == "standing"}
    ghosts = {s.place for s in figure.shows if s.how == "ghost"}
    possible = [str(m) for claim in diagram.claims if claim.kind in POSSIBLE_MOVE_CLAIMS
                for m in _move_texts(claim.value)]
    for i, arrow in enumerate(diagram.show.arrows):
        start, end = str(arrow.path[0]), str(arrow.path[-1])
        if start in ghosts or end in ghosts or start not in standing:
            continue       # a move played (from its ghost), a shot at a piece taken (to its ghost), or no piece
        if any(_names(text, start) and _names(text, end) for text in possible):
            continue       # a possible move, drawn from the position its claims are about
        return [_problem(diagram, diagram.show_line(f"arrows.{i}"), "state", words, "state_unplayed",
                         start=start, end=end)]
    return []


def _move_texts(value: Any) -> Iterable[str]:
    if isinstance(value, dict):
        return _move_texts(value.get("moves", []))
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return [str(value)]


def _names(text: str, place: str) -> bool:
    return place in PLACE_TOKEN.findall(text)


# --- marks explained -------------------------------------------------------------------------------------

def _legend(diagram: Diagram, legend: str, words) -> list[FigureProblem]:
    """Every mark the figure draws is explained: a numbered mark in the caption; arrows, highlights and crosses
    in the caption or the rules' figure legend."""
    show, caption = diagram.show, diagram.caption
    problems = []
    for i, m in enumerate(show.marks):
        if not re.search(rf"(?<!\w){re.escape(str(m.label))}(?!\w)", caption):
            problems.append(_problem(diagram, diagram.show_line(f"marks.{i}"), "legend", words, "mark",
                                     label=m.label))
    for key, drawn in (("arrows", show.arrows), ("highlight", show.highlight), ("crosses", show.crosses)):
        if drawn and not (_says(caption, words, f"{key}_words") or _says(legend, words, f"{key}_words")):
            problems.append(_problem(diagram, diagram.show_line(key), "legend", words, f"unexplained_{key}"))
    return problems


def _picture_key(diagram: Diagram, figure) -> tuple:
    """What makes two pictures the same: the component, what is drawn on it, and the marks over it; the same
    picture under another variant's rules shows another rule."""
    show = diagram.show
    drawn = tuple(sorted((s.place, s.piece, s.value or "", s.how, s.attrs) for s in figure.shows))
    return (diagram.on, diagram.variant, drawn,
            show.crop, show.region, show.zone, show.die, tuple(show.faces), show.arrange,
            tuple((m.at, m.label) for m in show.marks), tuple(tuple(a.path) for a in show.arrows),
            tuple(show.highlight), tuple(show.crosses), round(figure.width_mm, 2), round(figure.height_mm, 2))
