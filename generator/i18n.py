"""Language catalogues: every word the generator itself writes, in the game's language.

Catalogues are YAML files `templates/catalogues/<language>/<domain>.yaml`, one
mapping per domain (print, kinds, rulebook, cli, files, ...). A key is
`domain.name` (nested mappings add more dots). A value is a string with
`{name}` fields filled by `str.format`, or a mapping {one: ..., other: ...}
chosen by the `count` field with the language's plural rule.

    words = catalogue("en")
    words("print.setting.long")                 -> "two-sided, flip on long edge"
    words("kinds.deck.material", count=18)      -> "18 cards"

A missing key is a programming error (KeyError): the tests check that every
language has every key the other has.
"""

from __future__ import annotations

from functools import lru_cache
import os
from typing import Any, Iterable

from .resources import templates_dir

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"


def shared_language(languages: Iterable[str]) -> str:
    """The one language all of `languages` share (a page or a terminal line about several games), else
    the default."""
    found = set(languages)
    return found.pop() if len(found) == 1 and found <= set(LANGUAGES) else DEFAULT_LANGUAGE


def system_language(environ=None) -> str:
    """The language `pnp new` gives a game when none is asked, and the terminal's lines about a game whose
    language cannot be read: French when the system's locale is French (LC_ALL, LC_MESSAGES, LANG, the first
    one set, as gettext reads them), else English."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def _plural_form(language: str, count: float) -> str:
    # French counts 0 and 1 as singular ("0 carte"); English only 1.
    if language == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if count == 1 else "other"


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, dict) and not (set(value) <= {"one", "other"} and "other" in value):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), inner, out)
    else:
        out[prefix] = value


class Catalogue:
    """The words of one language: call it with a key (and format fields). A domain's file is read on the
    first key of that domain (a deck's build reads neither the engine's nor the rulebook's words);
    `entries` reads every domain."""

    def __init__(self, language: str, entries: dict[str, Any], domains: dict[str, Any] | None = None):
        self.language = language
        self._entries = entries
        self._domains = dict(domains or {})     # domain -> its file, not read yet

    @property
    def entries(self) -> dict[str, Any]:
        for domain in list(self._domains):
            self._read(domain)
        return self._entries

    def _read(self, domain: str) -> None:
        path = self._domains.get(domain)
        if path is not None:
            import yaml
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)     # libyaml: our own files, parsed in C
            _flatten(domain, yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}, self._entries)
            # marked read once its keys are in: another thread asking meanwhile reads it too, never misses a key
            self._domains.pop(domain, None)

    def __call__(self, key: str, **fields: Any) -> str:
        if self._domains:
            self._read(key.partition(".")[0])
        value = self._entries[key]
        if isinstance(value, dict):
            value = value[_plural_form(self.language, fields.get("count", 0))]
        return str(value).format(**fields) if fields else str(value)

    def __contains__(self, key: str) -> bool:
        if self._domains:
            self._read(key.partition(".")[0])
        return key in self._entries

    def number(self, value: float, decimals: int = 2) -> str:
        """20.0 -> '20', 12.5 -> '12,5' in French, '12.5' in English: no useless zeros."""
        text = f"{value:.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{value:.0f}"
        return text.replace(".", self("format.decimal_mark"))


def catalogue(language: str = DEFAULT_LANGUAGE) -> Catalogue:
    """The catalogue of `language` (one of LANGUAGES), one per process: `catalogue()` and
    `catalogue("fr")` are the same object (each domain's file read once)."""
    return _catalogue(language)


@lru_cache(maxsize=None)
def _catalogue(language: str) -> Catalogue:
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for language '{language}' (known: {', '.join(LANGUAGES)})")
    files = sorted((templates_dir() / "catalogues" / language).glob("*.yaml"))
    return Catalogue(language, {}, {path.stem: path for path in files})
