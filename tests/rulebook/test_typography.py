"""French typography on sample sentences: narrow no-break spaces, guillemets, apostrophes, dashes."""

from generator.draw.typography import french, french_runs

NN = "\u202f"


def test_narrow_space_goes_before_colon_and_exclamation_mark():
    assert french("Attention : le roi !") == f"Attention{NN}: le roi{NN}!"


def test_narrow_space_is_added_when_the_author_left_none():
    assert french("Attention: le roi! Vraiment? Oui; hélas.") == \
        f"Attention{NN}: le roi{NN}! Vraiment{NN}? Oui{NN}; hélas."


def test_straight_quotes_become_guillemets_with_narrow_spaces_inside():
    assert french('Il crie "échec" puis joue.') == f"Il crie «{NN}échec{NN}» puis joue."


def test_existing_guillemets_get_narrow_spaces_instead_of_plain_ones():
    assert french("« guillemets »") == f"«{NN}guillemets{NN}»"
    assert french("«serré»") == f"«{NN}serré{NN}»"


def test_apostrophes_are_typographic():
    assert french("l'adversaire n'a qu'un roi") == "l’adversaire n’a qu’un roi"


def test_dashes_and_ellipsis():
    assert french("un coup -- le seul -- puis... rien") == "un coup – le seul – puis… rien"
    assert french("2-4 joueurs --- ou plus") == "2–4 joueurs — ou plus"


def test_times_urls_and_squares_are_left_alone():
    assert french("à 10:30, voir https://example.org, de a1-b3") == "à 10:30, voir https://example.org, de a1-b3"


def test_double_punctuation_takes_one_space():
    assert french("Quoi ?!") == f"Quoi{NN}?!"


def test_percent_takes_a_narrow_space():
    assert french("50 % des dés") == f"50{NN}% des dés"


def test_rules_apply_across_runs_of_different_styles():
    # "*Attention* !" is two runs: the space and the "!" are not in the word's run.
    assert french_runs(["Attention", " !"]) == ["Attention", f"{NN}!"]
    assert french_runs(["roi", "!"]) == ["roi", f"{NN}!"]
    assert french_runs(["« ", "mot", " »"]) == [f"«{NN}", "mot", f"{NN}»"]
