"""The few SVG elements the SVG backend writes, and their text, without svgwrite.

Importing svgwrite costs a deck's build about 70 ms of CPU, a tenth of it: its attribute validators (a grammar
of every SVG type, built at import even with `debug=False`) and, through `svgwrite.container`, urllib, http,
email, ssl and socket, for drawings that use none of them. This writes, for the same calls, the bytes svgwrite
1.4 wrote (tests/draw/test_svgxml.py draws the same pages through both): attributes sorted by name, a keyword's
`_` written `-`, values as `str()`, empty ones left out, ElementTree's escaping, `<x />` for an empty element,
a style's text as CDATA, no XML declaration.
"""

from __future__ import annotations

_SVG_NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
                   "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": "full", "version": "1.1"}


def _text(value: str) -> str:
    """Character data, escaped as ElementTree escapes it."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


def _attribute(value: str) -> str:
    """An attribute's value, escaped as ElementTree escapes it."""
    value = _text(value)
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "\r" in value:
        value = value.replace("\r", "&#13;")
    if "\n" in value:
        value = value.replace("\n", "&#10;")
    if "\t" in value:
        value = value.replace("\t", "&#09;")
    return value


class Element:
    """An SVG element: its attributes (`attribs`, by SVG name), its children, its text, a CDATA content."""
    __slots__ = ("name", "attribs", "elements", "chars", "cdata")

    def __init__(self, name: str, extra: dict | None = None, *, text: str | None = None, cdata: str = "") -> None:
        self.name = name
        self.attribs = {key.rstrip("_").replace("_", "-"): value for key, value in extra.items()} if extra else {}
        self.elements: list[Element] = []
        self.chars = text
        self.cdata = cdata

    def add(self, element: Element) -> Element:
        self.elements.append(element)
        return element

    def write(self, out: list[str]) -> None:
        out.append("<" + self.name)
        for key, value in sorted(self.attribs.items()):
            if value is not None:
                value = str(value)
                if value:
                    out.append(f' {key}="{_attribute(value)}"')
        if self.chars or self.elements or self.cdata:
            out.append(">")
            if self.chars:
                out.append(_text(self.chars))
            for element in self.elements:
                element.write(out)
            if self.cdata:
                out.append(f"<![CDATA[{self.cdata}]]>")
            out.append(f"</{self.name}>")
        else:
            out.append(" />")


class Drawing(Element):
    """The `<svg>` of one file, with its `<defs>` first, and the factory of the elements the backend draws
    (svgwrite's names and arguments)."""
    __slots__ = ("defs",)

    def __init__(self, size: tuple[str, str]) -> None:
        super().__init__("svg", {"width": size[0], "height": size[1]})
        self.defs = self.add(Element("defs"))

    def viewbox(self, minx: float, miny: float, width: float, height: float) -> None:
        self.attribs["viewBox"] = ",".join(str(v) for v in (minx, miny, width, height))

    def set_desc(self, title: str) -> None:
        self.elements.insert(0, Element("title", text=str(title)))

    def tostring(self) -> str:
        self.attribs.update(_SVG_NAMESPACES)
        out: list[str] = []
        self.write(out)
        return "".join(out)

    @staticmethod
    def g(**extra) -> Element:
        return Element("g", extra)

    @staticmethod
    def clipPath(**extra) -> Element:   # noqa: N802 (svgwrite's name, the SVG element's)
        return Element("clipPath", extra)

    @staticmethod
    def rect(insert, size, **extra) -> Element:
        element = Element("rect", extra)
        element.attribs.update(x=insert[0], y=insert[1], width=size[0], height=size[1])
        return element

    @staticmethod
    def circle(center, r, **extra) -> Element:
        element = Element("circle", extra)
        element.attribs.update(cx=center[0], cy=center[1], r=r)
        return element

    @staticmethod
    def path(d: str, **extra) -> Element:
        element = Element("path", extra)
        element.attribs["d"] = d
        return element

    @staticmethod
    def text(text: str, insert, **extra) -> Element:
        element = Element("text", extra, text=str(text))
        element.attribs.update(x=str(insert[0]), y=str(insert[1]))
        return element

    @staticmethod
    def image(href: str, insert, size, **extra) -> Element:
        element = Element("image", extra)
        element.attribs.update({"xlink:href": href, "x": insert[0], "y": insert[1], "width": size[0],
                                "height": size[1]})
        return element

    @staticmethod
    def use(href: str, **extra) -> Element:
        element = Element("use", extra)
        element.attribs["xlink:href"] = href
        return element

    @staticmethod
    def style(content: str = "") -> Element:
        return Element("style", {"type": "text/css"}, cdata=content)
