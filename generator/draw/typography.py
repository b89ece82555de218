"""French typography for rule text: the spaces, quotes, apostrophes and dashes a French reader expects.

`typeset(text, language)` is what callers that serve any language use: it
applies these rules to French text and leaves other languages as written.

Applied to the text runs of a paragraph after Markdown parsing, so code and
link targets are never touched, and across the runs of one paragraph at once,
so "*Attention* !" gets its narrow space even though the space and the "!"
sit in another run than the word before them.

An icon named in the text (`:crown:`, draw/icons.INLINE_ICON) is a word: its
colons take no space.

The narrow no-break space (U+202F) goes before ; : ! ? and inside « »; the
renderers decide how to show it (our font lacks the glyph: the PDF typesets
it as a gap of fonts.NNBSP_EM that never breaks, HTML keeps the character).
"""

from __future__ import annotations

from typing import Sequence

from .fonts import NNBSP
from .errors import LayoutError
from .icons import INLINE_ICON

NBSP = "\u00a0"
_SPACES = (" ", NBSP, NNBSP, "\t")
# Boundary between two runs, transparent to every rule; never in real text.
_SEP = "\x00"
_HIGH_PUNCT = ";:!?"
# After these a double quote closes; at the start or after anything else it opens.
_OPEN_AFTER = set(" \t\n" + NBSP + NNBSP + "([{/—–-" + _SEP)


def typeset_runs(runs: Sequence[str], language: str) -> list[str]:
    """The typography of `language` over the runs of one paragraph: French rules for French, none otherwise."""
    return french_runs(runs) if language == "fr" else list(runs)


def typeset(text: str, language: str) -> str:
    """One string in the typography of `language` (French rules apply to French only)."""
    return typeset_runs([text], language)[0]


def french(text: str) -> str:
    """Typeset one string (see `french_runs` for text split across runs)."""
    return french_runs([text])[0]


def french_runs(runs: Sequence[str]) -> list[str]:
    """Typeset consecutive runs of one paragraph; returns as many runs, in the same order."""
    if not runs:
        return []
    for run in runs:
        if _SEP in run:
            raise LayoutError("text contains a NUL character")
    source = _SEP.join(runs)
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        nxt = source[i + 1] if i + 1 < n else ""
        prev = _last_char(out)
        icon = INLINE_ICON.match(source, i) if ch in ":\\" else None
        if icon:
            out.append(icon.group(0))             # an icon's name (":crown:") is a word: its colons are not punctuation
            i = icon.end()
            continue
        if ch == "'":
            out.append("\u2019")
        elif ch == '"':
            if prev == "" or prev in _OPEN_AFTER:
                out.append("«" + NNBSP)
                i = _skip_spaces(source, i + 1)
                continue
            _close_guillemet(out)
        elif ch == "«":
            out.append("«" + NNBSP)
            i = _skip_spaces(source, i + 1)
            continue
        elif ch == "»":
            _close_guillemet(out)
        elif ch in _HIGH_PUNCT:
            _high_punctuation(out, ch, nxt)
        elif ch == "%" and _strip_spaces(out, only_if_after_word=True):
            out.append(NNBSP + "%")
        elif ch == "." and source.startswith("...", i):
            out.append("…")
            i += 3
            continue
        elif ch == "-" and source.startswith("---", i):
            out.append("—")
            i += 3
            continue
        elif ch == "-" and nxt == "-":
            out.append("–")
            i += 2
            continue
        elif ch == "-" and prev == " " and nxt == " ":
            out.append("–")                       # a spaced hyphen is an incise: en dash
        elif ch == "-" and prev.isdigit() and nxt.isdigit():
            out.append("–")                       # a range, 2-4 joueurs
        else:
            out.append(ch)
        i += 1
    return "".join(out).split(_SEP)


def _last_char(out: list[str]) -> str:
    for piece in reversed(out):
        for ch in reversed(piece):
            if ch != _SEP:
                return ch
    return ""


def _skip_spaces(source: str, i: int) -> int:
    while i < len(source) and source[i] in _SPACES:
        i += 1
    return i


def _strip_spaces(out: list[str], *, only_if_after_word: bool = False) -> bool:
    """Remove the spaces just before the cursor (keeping run boundaries); True if any were removed.

    With only_if_after_word, nothing is removed unless the spaces follow a
    non-space character: a line that starts with "!" keeps it as it is.
    Only the pieces at the end are read: a paragraph of many ';' or '»' is typeset in linear time.
    """
    blank = "".join(_SPACES) + _SEP
    k = len(out)
    while k > 0 and not out[k - 1].strip(blank):      # pieces wholly of spaces and run boundaries
        k -= 1
    head = out[k - 1].rstrip(blank) if k else ""      # the last piece with a character of text, less its spaces
    tail = (out[k - 1][len(head):] if k else "") + "".join(out[k:])
    if not any(c in _SPACES for c in tail):
        return False
    if only_if_after_word and k == 0:
        return False
    kept = tail.replace(" ", "").replace(NBSP, "").replace(NNBSP, "").replace("\t", "")
    out[max(k - 1, 0):] = [head + kept]
    return True


def _close_guillemet(out: list[str]) -> None:
    _strip_spaces(out)
    out.append(NNBSP + "»")


def _high_punctuation(out: list[str], ch: str, nxt: str) -> None:
    prev = _last_char(out)
    if ch == ":" and (nxt == "/" or (prev.isdigit() and nxt.isdigit())):
        out.append(ch)                            # a URL or a time, 10:30
        return
    if prev in _SPACES:
        if _strip_spaces(out, only_if_after_word=True):
            out.append(NNBSP + ch)
        else:
            out.append(ch)
        return
    if prev == "" or prev in _HIGH_PUNCT or prev in "([{/\n":
        out.append(ch)                            # "?!" takes one space, before the first mark
        return
    out.append(NNBSP + ch)
