"""Drawing layer: one canvas interface in millimetres, two backends (PDF, SVG).

Its names are imported on first use (PEP 562): a light submodule (draw.outline, draw.errors) does not load
the canvas, its fonts and reportlab.
"""

from ..lazy_names import on_first_use

__all__ = ["Canvas", "LayoutError", "Stroke", "TextStyle", "MM_PER_PT", "PT_PER_MM"]
__getattr__ = on_first_use(__name__, {"Canvas": "canvas", "LayoutError": "canvas", "Stroke": "style",
                                      "TextStyle": "style", "MM_PER_PT": "style", "PT_PER_MM": "style"}, globals())
