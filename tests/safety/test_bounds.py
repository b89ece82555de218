"""Every input bounded before the work starts (issue 23: inputs, tables, images, mats and workers): each hostile
or careless input below is refused with exit 2 at its file and line, or built within a small memory, never an
internal error. Each runs the CLI in its own process under an address-space limit (`prlimit --as`, or the same
limit set by the child tests/pnp_process.py forks) and a timeout, so a bound that is missing fails the test
instead of the machine."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pnp_process
import pytest

from generator.content import limits

ROOT = Path(__file__).resolve().parents[2]
CARTES = ROOT / "tests" / "kinds" / "fixtures" / "cartes"
MEMORY = 1_500_000_000        # bytes of address space for one pnp process: a build of the fixture needs ~400 MB
TIMEOUT_S = 300               # a hang fails the test (the refusals take a few seconds)


def pnp(*args: str, memory: int = MEMORY, cwd: Path = ROOT, stdin: bytes | None = None
        ) -> subprocess.CompletedProcess:
    """`pnp args` in a process of at most `memory` bytes, killed after TIMEOUT_S (forked from the imported
    command line: tests/pnp_process.py)."""
    return pnp_process.run(args, memory=memory, timeout=TIMEOUT_S, cwd=cwd, input=stdin)


def refused(result: subprocess.CompletedProcess, where: str, *words: str) -> str:
    """Exit 2, no traceback nor internal error, one message at `where` (file:line) naming `words`."""
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr[-2000:]
    assert where in result.stderr, result.stderr[-2000:]
    for word in words:
        assert word in result.stderr, result.stderr[-2000:]
    return result.stderr


@pytest.fixture
def cartes(tmp_path):
    """The card-game fixture with only its deck, and a mat, to break on purpose."""
    game = tmp_path / "content" / "cartes"
    shutil.copytree(CARTES, game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    for name in ("tiles.yaml", "counters.yaml", "dice.yaml"):
        text = text.replace(f"  - {name}\n", "")
    (game / "game.yaml").write_text(text.replace("  - deck.yaml\n", "  - deck.yaml\n  - mat.yaml\n"),
                                    encoding="utf-8")
    (game / "mat.yaml").write_text(
        "kind: mat\nid: tapis\nname: Tapis\nwidth_mm: 200\nheight_mm: 200\nnumbers:\n  D: 25\n"
        "zones:\n  - {x: 10, y: 10, w: \"{D}\", h: \"{D}\", fill: \"#FFFFFF\", stroke: \"#222222\"}\n",
        encoding="utf-8")
    return game


def validate(game: Path) -> subprocess.CompletedProcess:
    return pnp("validate", game.name, "--content", str(game.parent))


def build(game: Path, out: Path, *more: str, memory: int = MEMORY) -> subprocess.CompletedProcess:
    return pnp("build", game.name, "--content", str(game.parent), "--out", str(out), "--jobs", "1", *more,
               memory=memory)


def with_table(game: Path, name: str, data: bytes | str) -> None:
    deck = game / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    start, end = text.index("fields:"), text.index("front:")
    deck.write_text(text[:start] + f"table: {name}\n" + text[end:], encoding="utf-8")
    (game / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


def with_art(game: Path, name: str, data: bytes | str) -> None:
    """An image element on the deck's back, drawing assets/<name>."""
    (game / "assets").mkdir(exist_ok=True)
    (game / "assets" / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    deck = game / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        '  - background: {colour: "#24466B"}',
        f'  - background: {{colour: "#24466B"}}\n  - image: {{file: {name}, x: 5, y: 5, w: 20, h: 20}}'),
        encoding="utf-8")


# --- tables -------------------------------------------------------------------------------------------------

def test_a_csv_cell_past_the_csv_readers_own_limit_is_refused_at_its_line(cartes):
    with_table(cartes, "cards.csv", 'title\nA\n"' + "x" * 140_000 + '"\n')
    refused(validate(cartes), "cards.csv:3:", "characters in one cell", str(limits.CELL_CHARS.default))


# --- mats and their numbers ---------------------------------------------------------------------------------

def test_a_sum_of_45000_terms_in_a_mats_numbers_is_refused_at_its_line(cartes):
    mat = cartes / "mat.yaml"
    mat.write_text(mat.read_text().replace("  D: 25\n", "  D: 25\n  S: \"" + "+".join(["1"] * 45_000) + "\"\n"))
    refused(validate(cartes), "mat.yaml:8:", "characters in one expression", str(limits.EXPRESSION_CHARS.default))


def test_a_five_metre_mat_under_half_millimetre_dots_is_refused_before_drawing(cartes, tmp_path):
    mat = cartes / "mat.yaml"
    mat.write_text(mat.read_text().replace("width_mm: 200\nheight_mm: 200", "width_mm: 5000\nheight_mm: 5000")
                   + "elements:\n  - pattern: {kind: dots, spacing_mm: 0.5, stroke_mm: 0.2}\n")
    refused(build(cartes, tmp_path / "out"), "mat.yaml:11:", "marks", str(limits.PATTERN_MARKS.default))


def test_a_pattern_within_the_limit_is_still_drawn(cartes, tmp_path):
    mat = cartes / "mat.yaml"
    mat.write_text(mat.read_text() + "elements:\n  - pattern: {kind: dots, spacing_mm: 2, stroke_mm: 0.4}\n")
    result = build(cartes, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "cartes" / "tapis.pdf").stat().st_size > 20_000


# --- the gallery of a large deck ------------------------------------------------------------------------------

def test_the_gallery_of_a_deck_of_different_cards_holds_a_few_faces_at_a_time_and_compares_linearly(
        cartes, tmp_path, monkeypatch):
    """4999 different cards took more than 4 GB: every face's pixels were held at once, and each compared with
    every other. Now a face is compared with the last few different ones of its side, and kept as its PNG."""
    import json
    import weakref

    from generator import gallery
    cards = 60
    with_table(cartes, "cards.csv", "title\n" + "".join(f"Carte {n}\n" for n in range(cards)))
    assert build(cartes, tmp_path / "out", "--no-cache").returncode == 0
    folder = tmp_path / "out" / "cartes"
    entry = next(e for e in json.loads((folder / "manifest.json").read_text())["files"] if e["file"] == "actions.pdf")
    alive, most, compared = weakref.WeakSet(), [0], [0]
    made, same = gallery._Pixels.__init__, gallery._Pixels.same

    def init(self, *args):
        made(self, *args)
        alive.add(self)
        most[0] = max(most[0], len(alive))

    def counted(self, other):
        compared[0] += 1
        return same(self, other)
    monkeypatch.setattr(gallery._Pixels, "__init__", init)
    monkeypatch.setattr(gallery._Pixels, "same", counted)
    faces = gallery._faces_of((folder / "actions.pdf").read_bytes(), entry)
    assert [f["side"] for f, _ in faces] == ["front"] * cards + ["back"]      # every card once, one back
    assert faces[-1][0]["count"] == cards and all(png.startswith(b"\x89PNG") for _, png in faces)
    assert compared[0] <= gallery.SAME_FACE_WINDOW * cards * 2, compared[0]     # not cards^2 / 2
    assert most[0] <= gallery.SAME_FACE_WINDOW + 3, most[0]                     # not every face at once


# --- images: identified by their content, bounded before they are read or decoded ---------------------------

def _gif(width: int, height: int) -> bytes:
    """A GIF header declaring width x height, one LZW-coded row of data: a few bytes that decode to a lot."""
    head = b"GIF89a" + width.to_bytes(2, "little") + height.to_bytes(2, "little") + b"\x80\x00\x00"
    palette = b"\x00\x00\x00\xff\xff\xff"
    image = b"\x2c\x00\x00\x00\x00" + width.to_bytes(2, "little") + height.to_bytes(2, "little") + b"\x00"
    return head + palette + image + b"\x02\x02\x44\x01\x00\x3b"


def _jpeg_after_metadata(width: int, height: int, metadata: int) -> bytes:
    """A JPEG whose size (its start-of-frame segment) comes after `metadata` bytes of APP1 segments."""
    out = b"\xff\xd8"
    while metadata > 0:
        n = min(metadata, 65_000)
        out += b"\xff\xe1" + (n + 2).to_bytes(2, "big") + b"\x00" * n
        metadata -= n
    sof = b"\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03\x01\x11\x00\x02\x11\x01\x03\x11\x01"
    return out + b"\xff\xc0" + (len(sof) + 2).to_bytes(2, "big") + sof + b"\xff\xd9"


def test_a_gif_named_png_is_refused_by_its_content_before_it_is_decoded(cartes, tmp_path):
    with_art(cartes, "art.png", _gif(13_000, 13_000))       # 169 Mpx: 75 s and 1.9 GB before
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "'art.png' is a GIF image, not PNG")


def test_a_jpeg_whose_size_comes_after_a_megabyte_of_metadata_is_still_measured(cartes, tmp_path):
    with_art(cartes, "art.jpg", _jpeg_after_metadata(20_000, 20_000, 1_200_000))   # 3.5 GB before
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "20000 x 20000", "pixels",
            str(limits.IMAGE_PIXELS.default))


def test_a_huge_file_named_png_is_refused_by_its_size_without_being_read(cartes, tmp_path):
    with_art(cartes, "art.png", b"")
    with open(cartes / "assets" / "art.png", "wb") as handle:    # sparse: no disk used
        handle.truncate(1_000_000_000)
    stderr = refused(build(cartes, tmp_path / "out"), "deck.yaml:", "'art.png': bytes", "1000000000",
                     str(limits.IMAGE_FILE_BYTES.default))
    assert "ImageReader" not in stderr


def test_a_small_file_named_png_that_is_not_an_image_is_named_so(cartes, tmp_path):
    with_art(cartes, "art.png", "this is a log file, not a picture\n" * 100)
    stderr = refused(build(cartes, tmp_path / "out"), "deck.yaml:", "'art.png' is not an image")
    assert "ImageReader" not in stderr


# --- SVG assets -----------------------------------------------------------------------------------------------

def _svg(body: str, view_box: str = "0 0 10 10") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{body}</svg>'


@pytest.mark.parametrize("view_box", ["0 0 1e-300 1e-300", "0 0 1e300 10", "-1e300 0 10 10"])
def test_an_svg_viewbox_too_small_or_too_large_to_scale_is_refused(cartes, tmp_path, view_box):
    with_art(cartes, "art.svg", _svg('<rect width="1" height="1"/>', view_box))
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "viewBox", "printable")


def test_an_svg_of_an_eight_megabyte_path_is_refused_while_its_path_is_read(cartes, tmp_path):
    segments = " ".join(f"L{n % 10} {n % 7}" for n in range(1_000_000))     # 8 MB: 83 s, then an error of pypdf
    with_art(cartes, "art.svg", _svg(f'<path d="M0 0 {segments}"/>'))
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "svg_path_segments")


def test_many_small_shapes_count_their_segments_too(cartes, tmp_path):
    points = " ".join(f"{n % 10},{n % 7}" for n in range(300_000))
    with_art(cartes, "art.svg", _svg(f'<polyline points="{points}"/>'))
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "svg_path_segments")


def test_a_huge_number_in_path_data_is_refused(cartes, tmp_path):
    with_art(cartes, "art.svg", _svg('<path d="M0 0 L1e300 5 Z"/>'))
    refused(build(cartes, tmp_path / "out"), "deck.yaml:", "1e300")


# --- playtest -------------------------------------------------------------------------------------------------

def test_a_playtest_of_ten_to_the_twelve_plies_is_refused_before_any_game_with_what_it_asks():
    result = pnp("playtest", "tactix", "--games", "100000", "--max-plies", "100000", "--agents", "mc")
    refused(result, "100000 games x 100000 plies", "mc", str(limits.PLAYTEST_PLIES.default),
                     "--games")
    assert result.stdout == ""


def test_a_playtest_within_the_bound_still_plays():
    result = pnp("playtest", "tactix", "--games", "3", "--max-plies", "50", "--jobs", "1")
    assert result.returncode == 0, result.stderr


# --- workers die with their parent ----------------------------------------------------------------------------

def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads the process table from /proc")
@pytest.mark.parametrize("command", [
    ("build", "demo", "--jobs", "2", "--no-cache"),
    ("playtest", "tactix", "--games", "400", "--jobs", "2", "--agents", "greedy"),
])
def test_a_kill_9_of_the_main_process_leaves_no_worker_behind(tmp_path, command):
    import os
    import signal
    import time
    content, out = tmp_path / "content", tmp_path / "out"
    assert pnp("new", "demo", "--content", str(content), "--language", "fr").returncode == 0
    more = ("--content", str(content), "--out", str(out)) if command[0] == "build" else ()
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", *command, *more], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while len(_children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2, "the command ended before its workers could be seen"
        time.sleep(0.5)                                     # the workers are at their tasks
        os.kill(proc.pid, signal.SIGKILL)                   # the main process only, as the OOM killer does
        proc.wait(timeout=10)
        end = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.1)
        survivors = [pid for pid in workers if _alive(pid)]
        assert not survivors, f"workers still running 10 s after their parent was killed: {survivors}"
    finally:
        for pid in _children(proc.pid) | (workers if "workers" in dir() else set()):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


# --- what cannot be written or read: a file in the way, a full disk, a read-only folder, a device ------------

@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    content = tmp_path_factory.mktemp("demo") / "content"
    assert pnp("new", "demo", "--content", str(content), "--language", "fr").returncode == 0
    return content


@pytest.mark.parametrize("name", ["_gallery", ".pnp-cache"])
def test_a_file_where_the_gallery_or_the_cache_folder_goes_is_named_with_exit_2(demo, tmp_path, name):
    out = tmp_path / "out"
    out.mkdir()
    (out / name).write_text("not a folder\n")
    command = pnp("build", "demo", "--content", str(demo), "--out", str(out), "--jobs", "1")
    if name == "_gallery":      # pnp build draws no thumbnail: pnp gallery is the one writing there
        assert command.returncode == 0, command.stderr
        command = pnp("gallery", "--out", str(out))
    stderr = refused(command, f"{name}:", "a file where a folder is needed")
    assert (out / "demo" / "manifest.json").is_file(), "the game itself is written"
    assert stderr.count("\n") == 1


_FULL_DISK = """
import errno, sys
import generator.build                 # holds its own replace_folder: the games are written
import generator.outfolder as outfolder
def full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")
outfolder.replace_folder = full        # the gallery's folder: the games were written before it
sys.argv[0] = "pnp"
from generator.cli import main
main()
"""


def test_a_disk_that_fills_up_while_the_gallery_is_written_is_exit_2(demo, tmp_path):
    """pnp gallery writes the thumbnails' folder (pnp build draws none)."""
    assert pnp("build", "demo", "--content", str(demo), "--out", str(tmp_path / "out"), "--jobs", "1").returncode == 0
    result = subprocess.run(["prlimit", f"--as={MEMORY}", sys.executable, "-c", _FULL_DISK, "gallery",
                             "--out", str(tmp_path / "out")],
                            cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
    refused(result, "out/index.html:", "No space left on device")


@pytest.mark.parametrize("size_kb", [48, 300, 520, 700])
def test_a_first_build_onto_a_small_disk_is_written_or_refused_never_an_internal_error(demo, tmp_path, size_kb):
    """A real full disk: a tmpfs of a few hundred kB, mounted in a mount namespace of the test's own."""
    disk = tmp_path / "disk"
    disk.mkdir()
    result = _in_own_mount_namespace(f"mount -t tmpfs -o size={size_kb}k tmpfs {disk} && exec prlimit "
                                     f"--as={MEMORY} {sys.executable} -m generator.cli build demo --content {demo} "
                                     f"--out {disk}/out --jobs 1")
    assert result.returncode in (0, 2), result.stderr[-2000:]
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr[-2000:]
    if result.returncode == 2:
        assert "No space left on device" in result.stderr, result.stderr[-2000:]


def _in_own_mount_namespace(script: str) -> subprocess.CompletedProcess:
    """`sh -c script` in a user and mount namespace of its own, where it may mount a small or read-only disk."""
    if subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode != 0:
        pytest.fail("unshare -rm (a user and mount namespace) is needed to mount a small or read-only disk")
    return subprocess.run(["unshare", "-rm", "sh", "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT_S)


def test_pnp_new_in_a_read_only_folder_is_exit_2_and_names_it(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    result = _in_own_mount_namespace(f"mount -t tmpfs -o ro tmpfs {folder} && exec prlimit --as={MEMORY} "
                                     f"{sys.executable} -m generator.cli new demo --content {folder}")
    refused(result, "demo:", "Read-only file system")


def test_a_playtest_report_written_to_a_full_device_is_exit_2():
    result = pnp("playtest", "tactix", "--games", "2", "--max-plies", "20", "--jobs", "1", "--pdf", "/dev/full")
    refused(result, "/dev/full:", "not a file")     # a report is a file: written beside, then renamed


def test_check_print_of_an_endless_device_reads_only_its_first_bytes():
    refused(pnp("check-print", "/dev/zero", memory=400_000_000), "/dev/zero: not a PDF")


def test_check_print_of_a_pdf_past_the_size_limit_is_refused_without_holding_more(tmp_path):
    big = tmp_path / "big.pdf"
    with open(big, "wb") as handle:
        handle.write(b"%PDF-1.4\n")
        handle.truncate(limits.PDF_CHECK_BYTES.default + 10_000_000)     # sparse: no disk used
    refused(pnp("check-print", str(big)), "big.pdf:", "bytes in this file", str(limits.PDF_CHECK_BYTES.default))


def test_an_xlsx_with_a_value_in_column_xfd_on_every_row_is_refused_at_the_first(cartes):
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["title"])
    for row in range(2, 5002):
        sheet.cell(row=row, column=1, value=f"Carte {row}")
        sheet.cell(row=row, column=16_384, value="x")        # column XFD: 16 384 values a row, before
    book.save(cartes / "cards.xlsx")
    with_table(cartes, "cards.xlsx", (cartes / "cards.xlsx").read_bytes())
    refused(validate(cartes), "cards.xlsx:2:", "a value in column: 16384", str(limits.TABLE_COLUMNS.default))


def test_an_xlsx_with_formatting_far_to_the_right_and_far_below_still_reads(cartes):
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["title", "count"], ["Avancer", 2], ["Reculer", 3]):
        sheet.append(row)
    sheet.cell(row=1, column=16_384).number_format = "0.00"      # formatting only: no value
    sheet.cell(row=200_000, column=2).number_format = "0.00"
    book.save(cartes / "cards.xlsx")
    with_table(cartes, "cards.xlsx", (cartes / "cards.xlsx").read_bytes())
    result = validate(cartes)
    assert result.returncode == 0, result.stderr


# --- rules and sheets -----------------------------------------------------------------------------------------

def test_a_rules_table_of_a_thousand_columns_is_refused_at_its_line(cartes, tmp_path):
    rules = cartes / "rules.fr.md"
    lines = rules.read_text(encoding="utf-8").count("\n")
    n = 1000
    with rules.open("a", encoding="utf-8") as handle:
        handle.write("\n|" + "|".join(f"c{i}" for i in range(n)) + "|\n|" + "---|" * n + "\n|" + "x|" * n + "\n")
    refused(build(cartes, tmp_path / "out"), f"rules.fr.md:{lines + 2}:", "columns of this table",
            str(limits.RULES_TABLE_COLUMNS.default))


def test_a_rules_file_of_a_gigabyte_is_refused_by_its_size_without_being_read(cartes, tmp_path):
    with open(cartes / "rules.fr.md", "a", encoding="utf-8") as handle:
        handle.truncate(1_000_000_000)                              # sparse: no disk used
    refused(build(cartes, tmp_path / "out", memory=600_000_000), "rules.fr.md:", "bytes in this file",
            str(limits.MARKDOWN_FILE_BYTES.default))
