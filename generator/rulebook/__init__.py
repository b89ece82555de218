"""Rulebooks: content/<game>/rules.fr.md (Markdown + sandboxed Jinja) typeset as PDF (full page and A5
booklet) and HTML, with numbered vector figures drawn from the game's diagrams.

Pipeline, one module per step:
  expressions.py  Jinja in a sandbox: game data, the material list, diagram("id")
  markdown.py     markdown-it tokens -> document model; French typography (typography.py) applied once
  pdf.py          platypus: title page, contents, headers, "page n/N", outline, links, figures
  booklet.py      half-size pages imposed two-up in folding order
  html.py         templates/rulebook/rulebook.html.j2 with inline SVG figures
  pipeline.py     build_rulebook(): all of the above for one game
"""

from .booklet import SheetSide, booklet_order, impose
from .figures import Figure, FigureSource
from .material import MaterialLine, material_list
from .pipeline import RulebookOutput, build_rulebook, edition_for, read_rulebook, rules_path
from ..draw.typography import french, french_runs

__all__ = ["build_rulebook", "read_rulebook", "RulebookOutput", "Figure", "FigureSource", "booklet_order",
           "impose", "SheetSide", "MaterialLine", "material_list", "french", "french_runs", "edition_for",
           "rules_path"]
