"""A package's names imported on first use (PEP 562): `__getattr__ = on_first_use(__name__, homes, globals())`.

A light submodule of a package (draw.outline, content.errors) then does not pay for the package's heavy ones
(reportlab, the models, PyYAML): a deck's build and a rebuild with nothing changed import less (issue 26).
"""

from importlib import import_module
from typing import Callable


def on_first_use(package: str, homes: dict[str, str], namespace: dict) -> Callable[[str], object]:
    """The package's `__getattr__`: a name of `homes` (name -> submodule, relative to the package) is imported from
    its submodule when first asked for and kept in the package's namespace, so it is looked up once."""
    def __getattr__(name: str):
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", package), name)
        namespace[name] = value
        return value
    return __getattr__
