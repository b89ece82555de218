"""templates/gallery/index.html.j2 compiled by Jinja (gallery.compiled_page): written by `make gallery-page`, never by hand;
used only while its text and Jinja are those below (gallery._page_template)."""
# flake8: noqa
from .gallery_runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
from .gallery_runtime import ENVIRONMENT as environment
name = 'index.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_words = resolve('words')
    l_0_games = resolve('games')
    l_0_kinds = resolve('kinds')
    l_0_failures = resolve('failures')
    l_0_status_src = resolve('status_src')
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    yield '<!doctype html>\n<html lang="'
    yield escape(environment.getattr((undefined(name='words') if l_0_words is missing else l_0_words), 'language'))
    yield '">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.title'))
    yield '</title>\n<link rel="icon" href="data:,">\n<style>\n  :root { --ink: #1f2328; --quiet: #59636e; --line: #d8dee4; --paper: #f6f8fa; --ok: #1a7f37; --accent: #9a6700;\n          --bad: #b42318; --bad-bg: #fff1f0; }\n  * { box-sizing: border-box; }\n  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: var(--ink); line-height: 1.4; }\n  header.top { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);\n               padding: .75rem 1.5rem; }\n  header.top h1 { font-size: 1.35rem; margin: 0 0 .15rem; }\n  header.top p { margin: 0; color: var(--quiet); font-size: .9rem; }\n  form.filter { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin-top: .6rem; }\n  form.filter label { display: flex; flex-direction: column; font-size: .8rem; color: var(--quiet); gap: .15rem; }\n  form.filter input, form.filter select { font: inherit; font-size: .95rem; padding: .3rem .5rem; border: 1px solid var(--line);\n                                          border-radius: 6px; min-width: 13rem; color: var(--ink); background: #fff; }\n  #filter-text { min-width: 22rem; }\n  form.filter output { font-size: .85rem; color: var(--quiet); padding-bottom: .35rem; }\n  main { padding: 0 1.5rem 3rem; max-width: 90rem; margin: 0 auto; }\n  .banner { border: 2px solid var(--bad); background: var(--bad-bg); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }\n  .banner h2 { color: var(--bad); font-size: 1.05rem; margin: 0 0 .4rem; }\n  .banner h3 { font-size: .95rem; margin: .6rem 0 .2rem; }\n  .banner pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: .85rem; }\n  .banner p { margin: .5rem 0 0; font-size: .85rem; color: var(--quiet); }\n  section.game { border-top: 1px solid var(--line); padding: 1rem 0 .5rem; }\n  section.game > h2 { margin: 0; font-size: 1.4rem; }\n  .meta { color: var(--quiet); margin: .15rem 0; font-size: .92rem; }\n  .failed-note { color: var(--bad); font-weight: 600; margin: .3rem 0; }\n  .doc { margin: 1rem 0 0; }\n  .doc h3 { font-size: 1rem; margin: 0 0 .4rem; display: flex; flex-wrap: wrap; gap: .2rem .6rem; align-items: baseline; }\n  .doc h3 a { font-weight: 400; font-size: .85rem; }\n  .tag { font-size: .72rem; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--quiet);\n         border: 1px solid var(--line); border-radius: 999px; padding: 0 .45rem; }\n  .strip { display: flex; gap: .6rem; overflow-x: auto; padding-bottom: .4rem; }\n  .grid { display: flex; flex-wrap: wrap; gap: .6rem; }\n  figure { margin: 0; width: min-content; }\n  .strip figure img { height: 11rem; width: auto; }\n  .faces figure img { height: 8rem; width: auto; }\n  figure img { display: block; border: 1px solid var(--line); background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.06); }\n  figcaption { font-size: .78rem; color: var(--quiet); min-width: 6rem; overflow-wrap: anywhere; }\n  .faces h4 { font-size: .85rem; margin: .6rem 0 .3rem; color: var(--quiet); font-weight: 600; }\n  .figures .grid figure { width: 15rem; }\n  .figures img { width: 100%; height: 12rem; object-fit: contain; background: var(--paper); }\n  .status { display: inline-block; font-weight: 700; font-size: .75rem; border-radius: 4px; padding: 0 .35rem; margin-right: .3rem; }\n  .status.checked { color: #fff; background: var(--ok); }\n  .status.illustration { color: var(--ink); background: #eaeef2; }\n  details.files { margin: 1rem 0 .5rem; font-size: .9rem; }\n  details.files ul { columns: 3 16rem; margin: .4rem 0; }\n  .pending { color: var(--accent); font-size: .85rem; margin: .2rem 0 .4rem; }\n  #no-match { color: var(--quiet); font-style: italic; margin: 2rem 0; }\n  [hidden] { display: none !important; }\n</style>\n</head>\n<body>\n<header class="top">\n  <h1>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.title'))
    yield '</h1>\n  <p>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.advice'))
    yield ' <span id="last-build" data-template="'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.last_build'))
    yield '"></span></p>\n  <form class="filter" role="search" onsubmit="return false">\n    <label>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.search'))
    yield '\n      <input type="search" id="filter-text" placeholder="'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.search_hint'))
    yield '" autocomplete="off"></label>\n    <label>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.game'))
    yield '\n      <select id="filter-game">\n        <option value="">'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.all_games'))
    yield '</option>\n'
    for l_1_game in (undefined(name='games') if l_0_games is missing else l_0_games):
        _loop_vars = {}
        pass
        yield '        <option value="'
        yield escape(environment.getattr(l_1_game, 'id'))
        yield '">'
        yield escape(environment.getattr(l_1_game, 'title'))
        yield '</option>\n'
    l_1_game = missing
    yield '      </select></label>\n    <label>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.kind'))
    yield '\n      <select id="filter-kind">\n        <option value="">'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.all_kinds'))
    yield '</option>\n'
    for l_1_kind in (undefined(name='kinds') if l_0_kinds is missing else l_0_kinds):
        _loop_vars = {}
        pass
        yield '        <option value="'
        yield escape(environment.getattr(l_1_kind, 'id'))
        yield '">'
        yield escape(environment.getattr(l_1_kind, 'label'))
        yield '</option>\n'
    l_1_kind = missing
    yield '      </select></label>\n    <output id="filter-count" data-one="'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.shown', count=1, shown='{shown}', total='{total}'))
    yield '"\n            data-other="'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.shown', count=5, shown='{shown}', total='{total}'))
    yield '"></output>\n  </form>\n</header>\n<main>\n'
    if (undefined(name='failures') if l_0_failures is missing else l_0_failures):
        pass
        yield '<div class="banner" role="alert" id="failures">\n  <h2>'
        yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.banner.title', count=t_2((undefined(name='failures') if l_0_failures is missing else l_0_failures))))
        yield '</h2>\n'
        for (l_1_game_id, l_1_lines) in (undefined(name='failures') if l_0_failures is missing else l_0_failures):
            _loop_vars = {}
            pass
            yield '  <h3>'
            yield escape(l_1_game_id)
            yield '</h3>\n  <pre>'
            yield escape(t_1(context.eval_ctx, l_1_lines, '\n'))
            yield '</pre>\n'
        l_1_game_id = l_1_lines = missing
        yield '  <p>'
        yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.banner.kept'))
        yield '</p>\n</div>\n'
    for l_1_game in (undefined(name='games') if l_0_games is missing else l_0_games):
        l_1_w = missing
        _loop_vars = {}
        pass
        l_1_w = environment.getattr(l_1_game, 'words')
        _loop_vars['w'] = l_1_w
        yield '<section class="game" id="'
        yield escape(environment.getattr(l_1_game, 'id'))
        yield '" lang="'
        yield escape(environment.getattr(l_1_game, 'language'))
        yield '" data-game="'
        yield escape(environment.getattr(l_1_game, 'id'))
        yield '" data-text="'
        yield escape(environment.getattr(l_1_game, 'title'))
        yield ' '
        yield escape(environment.getattr(l_1_game, 'id'))
        yield '">\n  <h2>'
        yield escape(environment.getattr(l_1_game, 'title'))
        yield '</h2>\n  <p class="meta">'
        yield escape(environment.getattr(l_1_game, 'players'))
        yield ' · '
        yield escape(environment.getattr(l_1_game, 'duration'))
        yield ' · '
        yield escape(environment.getattr(l_1_game, 'ages'))
        yield ' — '
        yield escape(environment.getattr(l_1_game, 'credit'))
        yield '</p>\n  <p class="meta"><span class="built" data-game="'
        yield escape(environment.getattr(l_1_game, 'id'))
        yield '" data-template="'
        yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.game_built', _loop_vars=_loop_vars))
        yield '"></span>\n    '
        yield escape(environment.getattr(l_1_game, 'figure_summary'))
        yield '</p>\n'
        if environment.getattr(l_1_game, 'reading'):
            pass
            if environment.getattr(l_1_game, 'reading_lines'):
                pass
                yield '  <details class="meta reading"><summary>'
                yield escape(environment.getattr(l_1_game, 'reading'))
                yield '</summary>\n    <ul>'
                for l_2_line in environment.getattr(l_1_game, 'reading_lines'):
                    _loop_vars = {}
                    pass
                    yield '<li>'
                    yield escape(l_2_line)
                    yield '</li>'
                l_2_line = missing
                yield '</ul>\n  </details>\n'
            else:
                pass
                yield '  <p class="meta reading">'
                yield escape(environment.getattr(l_1_game, 'reading'))
                yield '</p>\n'
        if environment.getattr(l_1_game, 'shrunk_lines'):
            pass
            yield '  <details class="meta reading"><summary>'
            yield escape(environment.getattr(l_1_game, 'shrunk'))
            yield '</summary>\n    <ul>'
            for l_2_line in environment.getattr(l_1_game, 'shrunk_lines'):
                _loop_vars = {}
                pass
                yield '<li>'
                yield escape(l_2_line)
                yield '</li>'
            l_2_line = missing
            yield '</ul>\n  </details>\n'
        if environment.getattr(l_1_game, 'failed'):
            pass
            yield '  <p class="failed-note">'
            yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.banner.game_failed', _loop_vars=_loop_vars))
            yield '</p>\n'
        for l_2_doc in environment.getattr(l_1_game, 'documents'):
            _loop_vars = {}
            pass
            yield '  <div class="doc item" data-kind="'
            yield escape(environment.getattr(l_2_doc, 'kind'))
            yield '" data-text="'
            yield escape(environment.getattr(l_2_doc, 'title'))
            yield ' '
            yield escape(environment.getattr(l_2_doc, 'file'))
            yield ' '
            yield escape(environment.getattr(l_2_doc, 'kind_label'))
            for l_3_face in environment.getattr(l_2_doc, 'faces'):
                _loop_vars = {}
                pass
                yield ' '
                yield escape(environment.getattr(l_3_face, 'label'))
            l_3_face = missing
            yield '">\n    <h3>'
            yield escape(environment.getattr(l_2_doc, 'title'))
            yield ' <span class="tag">'
            yield escape(environment.getattr(l_2_doc, 'kind_label'))
            yield '</span> <a href="'
            yield escape(environment.getattr(l_2_doc, 'href'))
            yield '">'
            yield escape(environment.getattr(l_2_doc, 'file'))
            yield '</a>\n      <span class="meta">'
            yield escape(environment.getattr(l_2_doc, 'page_count'))
            yield '</span></h3>\n'
            if environment.getattr(l_2_doc, 'pending'):
                pass
                yield '    <p class="pending">'
                yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.pending', _loop_vars=_loop_vars))
                yield '</p>\n'
            yield '    <div class="strip">\n'
            for l_3_page in environment.getattr(l_2_doc, 'pages'):
                _loop_vars = {}
                pass
                yield '      <figure><a href="'
                yield escape(environment.getattr(l_3_page, 'href'))
                yield '"><img src="'
                yield escape(environment.getattr(l_3_page, 'src'))
                yield '" width="'
                yield escape(environment.getattr(l_3_page, 'width'))
                yield '" height="'
                yield escape(environment.getattr(l_3_page, 'height'))
                yield '" loading="lazy" alt="'
                yield escape(environment.getattr(l_2_doc, 'file'))
                yield ', '
                yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.page', n=environment.getattr(l_3_page, 'page'), _loop_vars=_loop_vars))
                yield '"></a>\n        <figcaption>'
                yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.page', n=environment.getattr(l_3_page, 'page'), _loop_vars=_loop_vars))
                yield '</figcaption></figure>\n'
            l_3_page = missing
            yield '    </div>\n'
            if environment.getattr(l_2_doc, 'faces'):
                pass
                yield '    <div class="faces">\n      <h4>'
                yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.faces.title', _loop_vars=_loop_vars))
                yield '</h4>\n      <div class="grid">\n'
                for l_3_face in environment.getattr(l_2_doc, 'faces'):
                    _loop_vars = {}
                    pass
                    yield '        <figure><img src="'
                    yield escape(environment.getattr(l_3_face, 'src'))
                    yield '" width="'
                    yield escape(environment.getattr(l_3_face, 'width'))
                    yield '" height="'
                    yield escape(environment.getattr(l_3_face, 'height'))
                    yield '" loading="lazy" alt="'
                    yield escape(environment.getattr(l_3_face, 'label'))
                    yield ' ('
                    yield escape(environment.getattr(l_3_face, 'side'))
                    yield ')">\n          <figcaption>'
                    yield escape(environment.getattr(l_3_face, 'label'))
                    yield ' · '
                    yield escape(environment.getattr(l_3_face, 'side'))
                    if (environment.getattr(l_3_face, 'count') > 1):
                        pass
                        yield ' · '
                        yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.faces.copies', count=environment.getattr(l_3_face, 'count'), _loop_vars=_loop_vars))
                    yield '</figcaption></figure>\n'
                l_3_face = missing
                yield '      </div>\n    </div>\n'
            yield '  </div>\n'
        l_2_doc = missing
        if environment.getattr(l_1_game, 'figures'):
            pass
            yield '  <div class="doc item figures" data-kind="figures" data-text="'
            yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.title', _loop_vars=_loop_vars))
            yield ' '
            for l_2_f in environment.getattr(l_1_game, 'figures'):
                _loop_vars = {}
                pass
                yield escape(environment.getattr(l_2_f, 'id'))
                yield ' '
                yield escape(environment.getattr(l_2_f, 'caption'))
                yield ' '
            l_2_f = missing
            yield '">\n    <h3>'
            yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.title', _loop_vars=_loop_vars))
            yield ' <span class="tag">'
            yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.kind.figures', _loop_vars=_loop_vars))
            yield '</span></h3>\n    <div class="grid">\n'
            for l_2_f in environment.getattr(l_1_game, 'figures'):
                _loop_vars = {}
                pass
                yield '      <figure><a href="'
                yield escape(environment.getattr(l_2_f, 'src'))
                yield '"><img src="'
                yield escape(environment.getattr(l_2_f, 'src'))
                yield '" loading="lazy" alt="'
                yield escape(environment.getattr(l_2_f, 'id'))
                yield '"></a>\n        <figcaption>'
                if environment.getattr(l_2_f, 'checked'):
                    pass
                    yield '<span class="status checked" title="'
                    yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.checked_hint', _loop_vars=_loop_vars))
                    yield '">✓ '
                    yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.checked', _loop_vars=_loop_vars))
                    yield '</span>'
                else:
                    pass
                    yield '<span class="status illustration" title="'
                    yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.illustration_hint', _loop_vars=_loop_vars))
                    yield '">'
                    yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.figures.illustration', _loop_vars=_loop_vars))
                    yield '</span>'
                yield '          <strong>'
                yield escape(environment.getattr(l_2_f, 'id'))
                yield '</strong> — '
                yield escape(environment.getattr(l_2_f, 'caption'))
                yield '</figcaption></figure>\n'
            l_2_f = missing
            yield '    </div>\n  </div>\n'
        yield '  <details class="files">\n    <summary>'
        yield escape(context.call((undefined(name='w') if l_1_w is missing else l_1_w), 'gallery.files.title', count=t_2(environment.getattr(l_1_game, 'files')), _loop_vars=_loop_vars))
        yield '</summary>\n    <ul>\n'
        for l_2_file in environment.getattr(l_1_game, 'files'):
            _loop_vars = {}
            pass
            yield '      <li><a href="'
            yield escape(environment.getattr(l_2_file, 'href'))
            yield '">'
            yield escape(environment.getattr(l_2_file, 'name'))
            yield '</a></li>\n'
        l_2_file = missing
        yield '    </ul>\n  </details>\n</section>\n'
    l_1_game = l_1_w = missing
    yield '<p id="no-match" hidden>'
    yield escape(context.call((undefined(name='words') if l_0_words is missing else l_0_words), 'gallery.filter.no_match'))
    yield '</p>\n</main>\n<script src="'
    yield escape((undefined(name='status_src') if l_0_status_src is missing else l_0_status_src))
    yield '"></script>\n<script>\n(function () {\n  "use strict";\n  function fold(text) { return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase(); }\n  function fill(template, values) { return template.replace(/\\{(\\w+)\\}/g, function (_, key) { return values[key]; }); }\n  var textBox = document.getElementById("filter-text"), gameBox = document.getElementById("filter-game"),\n      kindBox = document.getElementById("filter-kind"), count = document.getElementById("filter-count"),\n      noMatch = document.getElementById("no-match"), sections = document.querySelectorAll("section.game");\n  function apply() {\n    var words = fold(textBox.value).split(/\\s+/).filter(Boolean), game = gameBox.value, kind = kindBox.value;\n    var shown = 0, total = 0;\n    sections.forEach(function (section) {\n      var visible = 0, own = fold(section.dataset.text);\n      section.querySelectorAll(".item").forEach(function (item) {\n        var text = own + " " + fold(item.dataset.text);\n        var match = (!game || section.dataset.game === game) && (!kind || item.dataset.kind === kind) &&\n                    words.every(function (word) { return text.indexOf(word) >= 0; });\n        item.hidden = !match;\n        total += 1;\n        if (match) { visible += 1; }\n      });\n      section.hidden = visible === 0;\n      shown += visible;\n    });\n    noMatch.hidden = shown > 0;\n    var form = new Intl.PluralRules(document.documentElement.lang).select(shown) === "one" ? "one" : "other";\n    count.textContent = fill(count.dataset[form], {shown: shown, total: total});\n  }\n  [textBox, gameBox, kindBox].forEach(function (box) { box.addEventListener("input", apply); });\n  apply();\n  var build = window.pnpBuild;\n  if (build) {\n    var when = function (iso, lang) {\n      return new Date(iso).toLocaleString(lang, {dateStyle: "long", timeStyle: "short"});\n    };\n    var secs = function (value, lang) {\n      return new Intl.NumberFormat(lang, {maximumFractionDigits: 1}).format(value);\n    };\n    var top = document.getElementById("last-build"), pageLang = document.documentElement.lang;\n    top.textContent = fill(top.dataset.template, {date: when(build.finished, pageLang), seconds: secs(build.seconds, pageLang)});\n    document.querySelectorAll(".built").forEach(function (span) {\n      var info = build.games && build.games[span.dataset.game];\n      var lang = span.closest("section").lang;\n      if (info) { span.textContent = fill(span.dataset.template, {date: when(info.finished, lang), seconds: secs(info.seconds, lang)}); }\n    });\n  }\n  // The page follows the builds (pnp watch, pnp build): every POLL_MS it reads the build\'s record again, a\n  // script tag (which file:// allows, unlike fetch); a record of another build means new pictures: reload.\n  // A quarter of a second: what the designer waits for after `pnp watch` has made the gallery current.\n  var POLL_MS = 250, seen = build ? build.stamp : null, status = document.currentScript.previousElementSibling;\n  function poll() {\n    var probe = document.createElement("script");\n    probe.src = status.getAttribute("src") + "?" + Date.now();\n    probe.onload = probe.onerror = function () {\n      probe.remove();\n      var now = window.pnpBuild ? window.pnpBuild.stamp : null;\n      if (now && now !== seen) { location.reload(); } else { setTimeout(poll, POLL_MS); }\n    };\n    document.body.appendChild(probe);\n  }\n  setTimeout(poll, POLL_MS);\n})();\n</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '5=29&9=31&63=33&64=35&66=39&67=41&68=43&70=45&71=47&72=51&75=57&77=59&78=61&79=65&82=71&83=73&87=75&89=78&90=80&91=84&92=86&94=90&97=92&98=96&99=99&100=109&101=111&102=119&103=123&104=125&105=127&106=130&107=132&110=143&113=145&114=148&115=150&118=158&119=161&121=163&122=167&123=181&124=189&125=191&126=194&129=197&130=201&131=213&134=217&136=220&138=222&139=226&140=236&147=248&148=251&149=262&151=266&152=270&153=276&154=291&160=298&162=300&163=304&169=312&171=314'

SOURCE_SHA256 = '3231e9f2e1ee2b124a1e4722de5748be577c764d004523d0b2a76a297ac4ffa3'
JINJA_VERSION = '3.1.6'
LEAN_RUNTIME = True
