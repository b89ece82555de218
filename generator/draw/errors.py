"""The one error the drawing and print layers raise for what a content file asks and cannot be done."""


class LayoutError(ValueError):
    """What the content asks cannot be drawn or laid out (an item wider than the paper, a line thinner than a
    printer can print, a die without six faces): the build names the component's file and line (exit 2). Any
    other ValueError from those layers is a bug of ours (exit 70)."""
