"""The document model: every construct the rulebook uses, figures split out of paragraphs, errors at their line."""

import pytest

from generator.content.errors import ContentError
from generator.rulebook import read_rulebook
from generator.draw.typography import french
from generator.rulebook.markdown import FigureBlock, Heading, ListBlock, Paragraph, Quote, Rule, Table, plain

from rulebook_helpers import FIXTURES, box_figures

NN = "\u202f"


@pytest.fixture
def sample(game_with_rules):
    game = game_with_rules((FIXTURES / "sample.fr.md").read_text(encoding="utf-8"))
    return read_rulebook(game, figures=box_figures("alpha", "beta"))


def test_headings_get_levels_and_stable_anchors(sample):
    rules = [h for h in sample.headings if not h.text.startswith("Annexe")]
    assert [(h.level, h.text, h.anchor) for h in rules[:4]] == [
        (1, "Premier chapitre", "premier-chapitre"), (2, "Une section", "une-section"),
        (3, "Une sous-section", "une-sous-section"), (1, "Dernier chapitre", "dernier-chapitre")]


def test_typography_is_applied_to_paragraph_text(sample):
    first = next(b for b in sample.blocks if isinstance(b, Paragraph))
    assert plain(first.spans) == (f"Le jeu se joue à 2{NN}: chaque joueur a ses dés. Attention{NN}: le roi ne recule "
                                  f"pas{NN}! Qui commence{NN}? Blanc, toujours{NN}; Noir ensuite.")


def test_emphasis_code_and_links_become_spans(sample):
    para = [b for b in sample.blocks if isinstance(b, Paragraph)][1]
    styles = {(s.text, s.bold, s.italic, s.code, s.href) for s in para.spans}
    assert ("italique", False, True, False, None) in styles
    assert ("gras", True, False, False, None) in styles
    assert ("code", False, False, True, None) in styles
    assert ("lien vers la fin", False, False, False, "#dernier-chapitre") in styles
    assert f"«{NN}guillemets droits{NN}»" in plain(para.spans)
    assert "l’" in plain(para.spans)


def test_nested_lists_tables_quotes_and_rules(sample):
    lst = next(b for b in sample.blocks if isinstance(b, ListBlock))
    assert not lst.ordered and len(lst.items) == 3
    inner = lst.items[2][1]
    assert isinstance(inner, ListBlock) and inner.ordered and len(inner.items) == 2
    table = next(b for b in sample.blocks if isinstance(b, Table))
    assert [plain(c) for c in table.header] == ["Face", "Effet", "Remarque"]
    assert table.align == ("left", "center", "right") and len(table.rows) == 2
    quote = next(b for b in sample.blocks if isinstance(b, Quote))
    assert plain(quote.blocks[0].spans) == f"Astuce{NN}: comptez les cases avant de jouer{NN}!"
    assert any(isinstance(b, Rule) for b in sample.blocks)


def test_figures_are_numbered_in_order_and_split_the_paragraph_around_them(sample):
    figures = [b for b in sample.blocks if isinstance(b, FigureBlock)]
    assert [(f.number, f.id) for f in figures] == [(1, "alpha"), (2, "beta")]
    assert plain(figures[0].caption) == f"Légende de alpha{NN}: à regarder{NN}!"
    i = sample.blocks.index(figures[1])
    assert plain(sample.blocks[i - 1].spans) == "Texte avant la figure."
    assert plain(sample.blocks[i + 1].spans) == "Texte après la figure, dans le même paragraphe source."


def test_figure_reference_names_the_number_and_links_to_the_figure(sample):
    para = next(b for b in sample.blocks if isinstance(b, Paragraph) and plain(b.spans).startswith("Voir"))
    ref = next(s for s in para.spans if s.href == "#figure-1")
    assert ref.text == "figure\u00a01"


def test_appendices_follow_the_rules_and_list_variants_assumptions_and_credits(sample, tactix):
    appendix = sample.blocks[sample.appendix_start:]
    titles = [b.text for b in appendix if isinstance(b, Heading)]
    assert titles == ["Annexe A — Variantes", "Partie courte", "Annexe B — Notes de conception",
                      "Annexe C — Crédits et licence"]
    text = " ".join(plain(b.spans) for b in appendix if isinstance(b, Paragraph))
    listed = [plain(item[0].spans) for b in appendix if isinstance(b, ListBlock) for item in b.items]
    assert [french(a) for a in tactix.info.assumptions] == [x for x in listed if x in
                                                            [french(a) for a in tactix.info.assumptions]]
    assert all(french(a) in listed for a in tactix.info.assumptions)
    assert french(tactix.info.variants[0].description) in text
    assert all(french(c) in listed for c in tactix.info.variants[0].changes)
    assert "Licence" in text


@pytest.mark.parametrize("text, line, words", [
    ("# T\n\nTexte.\n\n![image](plateau.png)\n", 5, "images are not supported"),
    ("# T\n\nVoir [là](#nulle-part).\n", 3, "no heading or figure has that anchor"),
    ("# T\n\nUn symbole ⊕ introuvable.\n", 3, "no glyph for '⊕'"),
    ("# T\n\n## Avec {{ diagram('alpha') }} dedans\n", 3, "cannot stand in a heading"),
    ("# T\n\nTexte.\n\n{{ figure_ref('alpha') }}\n", 5, "not shown in this text"),
])
def test_unsupported_or_broken_markdown_is_an_error_at_its_line(game_with_rules, text, line, words):
    game = game_with_rules(text)
    with pytest.raises(ContentError) as info:
        read_rulebook(game, figures=box_figures("alpha"))
    assert info.value.path.name == "rules.fr.md"
    assert info.value.line == line, info.value
    assert words in info.value.message


def test_a_variant_the_rules_tell_under_its_own_heading_is_not_told_again_in_the_appendix(game_with_rules):
    """Praxis, Tactix and Lutinades had 'Variantes' in the rules and 'Annexe A — Variantes' telling the same
    variants again: a heading anchored variante-<id> in the rules takes the variant out of the appendix."""
    text = (FIXTURES / "sample.fr.md").read_text(encoding="utf-8")
    told = read_rulebook(game_with_rules(text + "\n# Variante courte {: #variante-centre}\n\nOn joue au centre.\n"),
                         figures=box_figures("alpha", "beta"))
    titles = [b.text for b in told.blocks[told.appendix_start:] if isinstance(b, Heading)]
    assert titles == ["Annexe A — Notes de conception", "Annexe B — Crédits et licence"]
    assert [h.text for h in told.headings].count("Variante courte") == 1
    # under another anchor, the rules' section is the designer's: the appendix still tells the variant
    other = read_rulebook(game_with_rules(text + "\n# Variante courte\n\nOn joue au centre.\n"),
                          figures=box_figures("alpha", "beta"))
    assert [b.text for b in other.blocks[other.appendix_start:] if isinstance(b, Heading)][:2] == \
        ["Annexe A — Variantes", "Partie courte"]
