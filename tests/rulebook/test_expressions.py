"""Jinja in rules files: game data in, Python internals and files out, every error at its file and line."""

import pytest

from generator.content.errors import ContentError
from generator.rulebook import read_rulebook
from generator.rulebook.markdown import Paragraph, ListBlock, plain

from rulebook_helpers import box_figures


def _error(game) -> ContentError:
    with pytest.raises(ContentError) as info:
        read_rulebook(game, figures=box_figures("a"))
    return info.value


@pytest.mark.parametrize("expression, words", [
    ("{{ ''.__class__.__mro__ }}", "__class__"),
    ("{{ cycler.__init__.__globals__ }}", "__init__"),
    ("{{ game.__class__.__init__.__globals__['os'] }}", "unsafe"),
    ("{{ (1).__class__.__base__.__subclasses__() }}", "__class__"),
    ("{{ range.__globals__ }}", "__globals__"),
])
def test_reaching_python_internals_fails_at_the_line_of_the_expression(game_with_rules, expression, words):
    game = game_with_rules(f"# Titre\n\nUn paragraphe.\n\nAutre {expression} texte.\n")
    err = _error(game)
    assert err.path.name == "rules.fr.md"
    assert err.line == 5
    assert "not allowed" in err.message and words in err.message
    assert str(err).endswith(f"rules.fr.md:5: {err.message}")


def test_opening_a_file_fails_because_no_such_function_exists(game_with_rules):
    game = game_with_rules("# Titre\n\n{{ open('/etc/passwd').read() }}\n")
    err = _error(game)
    assert (err.path.name, err.line) == ("rules.fr.md", 3)
    assert "'open' is undefined" in err.message


def test_including_a_file_is_refused(game_with_rules):
    game = game_with_rules("# Titre\n\nTexte.\n{% include '/etc/passwd' %}\n")
    err = _error(game)
    assert (err.path.name, err.line) == ("rules.fr.md", 4)
    assert "cannot include" in err.message


def test_syntax_error_names_its_line(game_with_rules):
    game = game_with_rules("# Titre\n\nTexte.\n\n{% for x in %}\n")
    err = _error(game)
    assert err.line == 5 and "syntax error" in err.message


def test_unknown_diagram_names_the_line_and_the_known_ids(game_with_rules):
    game = game_with_rules("# Titre\n\nTexte.\n\n{{ diagram('b') }}\n")
    err = _error(game)
    assert err.line == 5
    assert "unknown diagram 'b'" in err.message and "a" in err.message


def test_a_typo_in_a_name_is_an_error_not_an_empty_string(game_with_rules):
    game = game_with_rules("# Titre\n\nJoueurs : {{ game.joueurs }}\n")
    err = _error(game)
    assert err.line == 3 and "joueurs" in err.message


def test_printing_a_function_is_refused_because_its_address_would_change_the_output(game_with_rules):
    game = game_with_rules("# Titre\n\n{{ materiel }}\n")
    assert _error(game).line == 3


def test_material_list_comes_from_the_components(game_with_rules, tactix):
    game = game_with_rules("# Matériel\n\n{{ materiel() }}\n")
    doc = read_rulebook(game, figures={})
    lists = [b for b in doc.blocks if isinstance(b, ListBlock)]
    items = [plain(item[0].spans) for item in lists[0].items]
    assert items == [
        "1 × Plateau de jeu (9 × 9 cases de 20 mm)",
        "18 × Dés (Roi blanc, Roi noir, Dé blanc × 8, Dé noir × 8\u202f; patrons à monter ou autocollants, 16 mm)",
        "1 × Résumé des règles",
    ]
    assert [c.name for c in tactix.components] == ["Plateau de jeu", "Dés", "Résumé des règles"]


def test_components_called_is_the_english_name_of_materiel_and_still_names_each_component(game_with_rules):
    french = read_rulebook(game_with_rules("# Matériel\n\n{{ materiel() }}\n"), figures={})
    english = read_rulebook(game_with_rules("# Components\n\n{{ components() }}\n\n"
                                            "Grid of {{ components.plateau.grid.columns }}, "
                                            "{{ components | length }} components.\n"), figures={})

    def items(doc):       # the first list: the material (the annexes follow)
        first = next(b for b in doc.blocks if isinstance(b, ListBlock))
        return [plain(item[0].spans) for item in first.items]
    assert items(english) == items(french) and len(items(french)) == 3
    para = next(b for b in english.blocks if isinstance(b, Paragraph))
    assert plain(para.spans) == "Grid of 9, 3 components."


def test_counts_and_names_come_from_the_game(game_with_rules):
    game = game_with_rules('# Jeu\n\n{{ game.title }} pour {{ game.players }} joueurs, '
                           '{{ setup_counts("plateau").blanc }} dés blancs, '
                           'grille de {{ components.plateau.grid.columns }}.\n')
    doc = read_rulebook(game, figures={})
    para = next(b for b in doc.blocks if isinstance(b, Paragraph))
    assert plain(para.spans) == "Tactix pour 2 joueurs, 8 dés blancs, grille de 9."


def test_values_cannot_inject_markdown(game_with_rules):
    game = game_with_rules('# Jeu\n\n{{ "*pas* en [italique](#x)" }}\n')
    doc = read_rulebook(game, figures={})
    para = next(b for b in doc.blocks if isinstance(b, Paragraph))
    assert plain(para.spans) == "*pas* en [italique](#x)"
    assert not any(s.italic or s.href for s in para.spans)


def test_error_in_the_appendix_template_names_that_template(game_with_rules, tmp_path):
    templates = tmp_path / "templates"
    (templates / "rulebook").mkdir(parents=True)
    (templates / "rulebook" / "appendices.fr.md.j2").write_text("# Annexe\n\n{{ game.nope }}\n", encoding="utf-8")
    game = game_with_rules("# Titre\n\nTexte.\n")
    with pytest.raises(ContentError) as info:
        read_rulebook(game, figures={}, templates=templates)
    assert info.value.path.name == "appendices.fr.md.j2" and info.value.line == 3


def test_a_material_line_never_nests_parentheses():
    """PuXes's "Dés du joueur A (rouge) (Oni (A), …)" (issue 25): a name or detail with parentheses of its own
    takes the detail after a dash."""
    from generator.content.models.material import MaterialLine
    assert str(MaterialLine(2, "Dés", "16 mm")) == "2 × Dés (16 mm)"
    assert str(MaterialLine(10, "Dés du joueur A (rouge)", "Oni (A), Kaeru (A)")) == \
        "10 × Dés du joueur A (rouge) — Oni (A), Kaeru (A)"
    assert str(MaterialLine(1, "Tapis, petite table", "remplace « Tapis (60 × 90 cm) »")).count("(") == 1
