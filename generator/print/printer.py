"""Printer profiles: how far a home printer shifts and turns the back of a sheet, and the correction for it.

A duplex printer lays the back of a sheet 1 to 3 mm off its front, and
slightly askew. The calibration sheet (calibration.py) measures it; a profile
stores the correction, and `pnp build --printer NAME` applies it to every back
page of every duplex sheet.

The correction is given in the back page's own millimetres, as the PDF draws
that page (x to the right, y down): the back page's content is turned by
`angle_deg` clockwise about the page's centre, then moved by (`offset_x_mm`,
`offset_y_mm`). Fronts, fold layouts and single-sided pages are never moved.

A profile is a small YAML file, `<name>.yaml`, in the user's config folder
(`$XDG_CONFIG_HOME/pnp-forge/printers/`, by default `~/.config/...`) or, when
asked, in the project (`printers/` beside `content/`); the project's wins.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..draw.geometry import Affine, rotation, translation

MAX_OFFSET_MM = 20.0       # a printer further off than this needs repair, not a profile
MAX_ANGLE_DEG = 5.0
PROJECT_FOLDER = "printers"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class ProfileError(ValueError):
    """A profile name, value or file that cannot be used: bad input (exit 2)."""


@dataclass(frozen=True)
class PrinterProfile:
    name: str
    offset_x_mm: float = 0.0
    offset_y_mm: float = 0.0
    angle_deg: float = 0.0

    def __post_init__(self):
        check_name(self.name)
        for what, value, bound in (("offset x", self.offset_x_mm, MAX_OFFSET_MM),
                                   ("offset y", self.offset_y_mm, MAX_OFFSET_MM),
                                   ("angle", self.angle_deg, MAX_ANGLE_DEG)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                raise ProfileError(f"printer {self.name!r}: the {what} must be a number, not {value!r}")
            if abs(value) > bound:
                raise ProfileError(f"printer {self.name!r}: the {what} {value:g} is beyond ±{bound:g}")

    def back_correction(self, width_mm: float, height_mm: float) -> Affine:
        """Back-page millimetres as drawn without the profile -> as drawn with it."""
        centre = (width_mm / 2, height_mm / 2)
        return rotation(self.angle_deg, about=centre).then(translation(self.offset_x_mm, self.offset_y_mm))

    @property
    def is_identity(self) -> bool:
        return self.offset_x_mm == 0 and self.offset_y_mm == 0 and self.angle_deg == 0

    def as_dict(self) -> dict:
        return {"name": self.name, "offset_mm": [self.offset_x_mm, self.offset_y_mm], "angle_deg": self.angle_deg}


def check_name(name: str) -> str:
    if not isinstance(name, str) or not _NAME.match(name):
        raise ProfileError(f"a printer name is letters, digits, '.', '_' or '-' (at most 64), not {name!r}")
    return name


def parse_pair(text: str) -> tuple[float, float]:
    """'X,Y' in millimetres ('1.5,-0.75')."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ProfileError(f"an offset is X,Y in millimetres (for example 1.5,-0.75), not {text!r}")
    return _number(parts[0]), _number(parts[1])


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ProfileError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise ProfileError(f"{text!r} is not a finite number")
    return value


# --- files -------------------------------------------------------------------------------------------
def user_folder() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "pnp-forge" / "printers"


def project_folder(content_dir: Path) -> Path:
    return Path(content_dir).resolve().parent / PROJECT_FOLDER


def profile_path(name: str, folder: Path) -> Path:
    return folder / f"{check_name(name)}.yaml"


def save_profile(profile: PrinterProfile, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = profile_path(profile.name, folder)
    text = (f"# pnp printer profile: correction of the back pages (mm, degrees clockwise)\n"
            f"offset_x_mm: {profile.offset_x_mm!r}\noffset_y_mm: {profile.offset_y_mm!r}\n"
            f"angle_deg: {profile.angle_deg!r}\n")
    tmp = path.with_suffix(".yaml.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path


def read_profile(name: str, path: Path) -> PrinterProfile:
    import yaml
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise ProfileError(f"{path}: cannot read the printer profile ({err})") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{path}: a printer profile is a mapping of offset_x_mm, offset_y_mm, angle_deg")
    unknown = set(data) - {"offset_x_mm", "offset_y_mm", "angle_deg"}
    if unknown:
        raise ProfileError(f"{path}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    values = []
    for key in ("offset_x_mm", "offset_y_mm", "angle_deg"):
        value = data.get(key, 0.0)
        # YAML reads `true` as a bool, which Python would take as 1: a number only (as pnp printer writes it)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProfileError(f"{path}: {key} must be a number, not {value!r}")
        values.append(float(value))
    try:
        return PrinterProfile(name, *values)
    except (TypeError, ValueError) as err:
        raise ProfileError(f"{path}: {err}") from None


def find_profile(name: str, content_dir: Optional[Path] = None) -> PrinterProfile:
    """The profile NAME: the project's (beside the content folder) first, then the user's."""
    folders = ([project_folder(content_dir)] if content_dir is not None else []) + [user_folder()]
    for folder in folders:
        path = profile_path(name, folder)
        if path.is_file():
            return read_profile(name, path)
    raise ProfileError(f"no printer profile {name!r} (looked in {', '.join(str(f) for f in folders)}); "
                       f"add one with: pnp printer add {name} --offset X,Y")


# --- from the calibration sheet's readings ------------------------------------------------------------
@dataclass(frozen=True)
class Scale:
    """One scale of the calibration sheet, in back-page millimetres: where it is and which way it reads."""
    name: str
    axis: str                 # x: it reads a shift along x; y: along y
    at: tuple[float, float]   # its centre on the back page


def from_readings(name: str, readings: Sequence[float], scales: Sequence[Scale], width_mm: float,
                  height_mm: float) -> PrinterProfile:
    """The profile whose correction gives each scale's reading at that scale's centre (least squares).

    A correction turns by a small angle t about the centre c, then moves by o: at a point p the shift is
    o + (R(t) - I)(p - c), that is (ox - t (py - cy), oy + t (px - cx)) to first order; the readings are
    a quarter of a millimetre apart, far coarser than what the first order leaves out.
    """
    if len(readings) != len(scales):
        raise ProfileError(f"the calibration sheet has {len(scales)} scales "
                           f"({', '.join(s.name for s in scales)}): give {len(scales)} readings")
    cx, cy = width_mm / 2, height_mm / 2
    # Unknowns (ox, oy, t): one linear equation per scale; solve the 3x3 normal equations.
    rows = []
    for value, s in zip(readings, scales):
        px, py = s.at
        rows.append(((1.0, 0.0, -(py - cy)) if s.axis == "x" else (0.0, 1.0, px - cx), value))
    ata = [[sum(r[0][i] * r[0][j] for r in rows) for j in range(3)] for i in range(3)]
    atb = [sum(r[0][i] * r[1] for r in rows) for i in range(3)]
    ox, oy, t = _solve3(ata, atb)
    return PrinterProfile(name, round(ox, 3), round(oy, 3), round(math.degrees(t), 3))


def _solve3(a: list[list[float]], b: list[float]) -> tuple[float, float, float]:
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(a)
    if abs(d) < 1e-12:
        raise ProfileError("the readings do not determine an offset and an angle")
    out = []
    for col in range(3):
        m = [row[:] for row in a]
        for r in range(3):
            m[r][col] = b[r]
        out.append(det(m) / d)
    return out[0], out[1], out[2]
