"""output/index.html: every game's files and SVG previews on one page.

The page speaks the language its games share (French when they differ);
each game's own line (how many players) speaks that game's language.
"""

from __future__ import annotations

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue, shared_language

# The page is written here rather than through Jinja: every build writes it, and a build of a deck
# should not load a template engine for one page (issue 9).
_HEAD = """<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
  body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; color: #222; padding: 0 1rem; }}
  h1 {{ font-weight: 700; }}
  section {{ border-top: 1px solid #ddd; padding: 1rem 0; }}
  .meta {{ color: #555; }}
  ul.files {{ columns: 2; }}
  .previews {{ display: flex; flex-wrap: wrap; gap: 1rem; }}
  .previews figure {{ margin: 0; width: 14rem; }}
  .previews img {{ width: 100%; height: 12rem; object-fit: contain; border: 1px solid #eee; background: #fafafa; }}
  figcaption {{ font-size: .85rem; color: #555; }}
</style>
</head>
<body>
<h1>PnP Forge</h1>
<p>{advice}</p>
"""
_GAME = """<section id="{id}">
  <h2>{title}</h2>
  <p class="meta">{players} · {duration} · {ages} — {credit}</p>
  <div class="previews">
{previews}  </div>
  <ul class="files">
{files}  </ul>
</section>
"""
_PREVIEW = """    <figure><a href="{game}/{svg}"><img src="{game}/{svg}" alt="{svg}"></a><figcaption>{svg}</figcaption></figure>
"""
_FILE = """    <li><a href="{game}/{name}">{name}</a></li>
"""
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"}


def _escape(value) -> str:
    """HTML text and attribute escaping (the same entities as the Jinja autoescape this page used)."""
    return "".join(_ESCAPES.get(ch, ch) for ch in str(value))


def gallery_html(games: list[dict]) -> str:
    """`games`: dicts with id, title, players, duration, ages, credit, language, files (names), previews
    (SVG names)."""
    words = catalogue(shared_language(g.get("language", DEFAULT_LANGUAGE) for g in games))
    parts = [_HEAD.format(language=_escape(words.language), title=_escape(words("gallery.title")),
                          advice=_escape(words("gallery.advice")))]
    for game in games:
        language = game.get("language", DEFAULT_LANGUAGE)
        own = catalogue(language if language in LANGUAGES else DEFAULT_LANGUAGE)
        gid = _escape(game["id"])
        parts.append(_GAME.format(
            id=gid, title=_escape(game["title"]), players=_escape(own("gallery.players", players=game["players"])),
            duration=_escape(game["duration"]), ages=_escape(game["ages"]), credit=_escape(game["credit"]),
            previews="".join(_PREVIEW.format(game=gid, svg=_escape(svg)) for svg in game["previews"]),
            files="".join(_FILE.format(game=gid, name=_escape(name)) for name in game["files"])))
    parts.append("</body>\n</html>")
    return "".join(parts)
