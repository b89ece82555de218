"""Language catalogues: every language says everything the others say."""

from __future__ import annotations

import pytest

from generator.i18n import LANGUAGES, catalogue


def test_every_language_has_every_key():
    keys = {lang: set(catalogue(lang).entries) for lang in LANGUAGES}
    for lang in LANGUAGES:
        for other in LANGUAGES:
            missing = sorted(keys[other] - keys[lang])
            assert not missing, f"{lang} lacks {missing[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_both_forms(lang):
    for key, value in catalogue(lang).entries.items():
        if isinstance(value, dict):
            assert set(value) == {"one", "other"}, key


def test_plural_rules_differ_at_zero():
    fr, en = catalogue("fr"), catalogue("en")
    fr.entries["test.cards"] = {"one": "{count} carte", "other": "{count} cartes"}
    en.entries["test.cards"] = {"one": "{count} card", "other": "{count} cards"}
    try:
        assert fr("test.cards", count=0) == "0 carte" and en("test.cards", count=0) == "0 cards"
        assert fr("test.cards", count=18) == "18 cartes" and en("test.cards", count=1) == "1 card"
    finally:
        del fr.entries["test.cards"], en.entries["test.cards"]


def test_numbers_follow_the_language():
    assert catalogue("fr").number(12.5) == "12,5"
    assert catalogue("en").number(12.5) == "12.5"
    assert catalogue("fr").number(20.0) == "20"


def test_the_default_language_is_one_catalogue_read_once():
    # catalogue() and catalogue("fr") were two cache entries: the French files parsed twice in one build
    assert catalogue() is catalogue("fr") is catalogue(language="fr")


def test_a_domain_is_read_on_its_first_key_and_entries_reads_them_all(monkeypatch):
    import yaml

    from generator import i18n
    from generator.resources import templates_dir
    read = []
    load = yaml.load
    monkeypatch.setattr(yaml, "load", lambda text, Loader: read.append(text) or load(text, Loader=Loader))
    words = i18n._catalogue.__wrapped__("en")           # a fresh catalogue, not the process's
    assert words("format.decimal_mark") == "." and len(read) == 1
    assert "kinds.deck.paper" in words and len(read) == 2
    entries, reads = words.entries, len(read)
    files = sorted((templates_dir() / "catalogues" / "en").glob("*.yaml"))
    everything: dict = {}
    for path in files:
        i18n._flatten(path.stem, yaml.safe_load(path.read_text(encoding="utf-8")) or {}, everything)
    assert entries == everything and reads == len(files) > 2
