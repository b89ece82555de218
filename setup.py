"""Packaging, the one part pyproject.toml cannot say: `templates/` ships inside the package.

`templates/` stays at the top level of the repository (next to content/ and
output/, as in Pelican) and is installed as `generator/templates/`, every file
of every folder whatever its name or extension (the `**/*` glob), so an
installed `pnp` finds it without a checkout (generator/resources.py).
pyproject.toml's `packages.find` cannot add packages mapped to another folder,
hence the packages are listed here: every package found under generator/,
plus `generator.templates` and its folders (data only; listed so that
setuptools does not warn that they look importable).
"""

from setuptools import find_namespace_packages, find_packages, setup

TEMPLATE_PACKAGES = ["generator.templates"] + [f"generator.templates.{folder}"
                                               for folder in find_namespace_packages(where="templates")]

setup(
    # docs/content-format.md ships too, as generator/docs/: `pnp guide` prints it to a designer without a checkout.
    packages=find_packages(include=["generator", "generator.*"]) + TEMPLATE_PACKAGES + ["generator.docs"],
    package_dir={"generator.templates": "templates", "generator.docs": "docs"},
    package_data={"generator.templates": ["**/*"], "generator.docs": ["*.md"]},
)
