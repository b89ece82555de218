"""Drawing layer: one canvas interface in millimetres, two backends (PDF, SVG).

Its names are imported on first use (PEP 562): a light submodule (draw.outline, draw.errors) does not load
the canvas, its fonts and reportlab.
"""

from importlib import import_module

__all__ = ["Canvas", "LayoutError", "Stroke", "TextStyle", "MM_PER_PT", "PT_PER_MM"]
_WHERE = {"Canvas": ".canvas", "LayoutError": ".canvas", "Stroke": ".style", "TextStyle": ".style",
          "MM_PER_PT": ".style", "PT_PER_MM": ".style"}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
