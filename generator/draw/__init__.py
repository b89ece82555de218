"""Drawing layer: one canvas interface in millimetres, two backends (PDF, SVG)."""

from .canvas import Canvas, LayoutError
from .style import Stroke, TextStyle, MM_PER_PT, PT_PER_MM

__all__ = ["Canvas", "LayoutError", "Stroke", "TextStyle", "MM_PER_PT", "PT_PER_MM"]
