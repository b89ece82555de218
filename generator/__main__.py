"""The `pnp` command (and `python -m generator`): starts generator.cli, which takes a second or two to import.

Ctrl-C during that import would otherwise end in a Python traceback before the
command line's own handling (cli._Pnp) exists; here it is exit 130 and one
line, like any interruption.
"""

from __future__ import annotations

import sys

from .i18n import catalogue

EXIT_INTERRUPTED = 130   # cli.EXIT_INTERRUPTED, which cannot be imported before cli is


def main() -> None:
    try:
        from .cli import main as run_cli   # here, not at the top: this import is what Ctrl-C may interrupt
    except KeyboardInterrupt:
        print(f"pnp: {catalogue('en')('errors.interrupted')}", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)
    run_cli()


if __name__ == "__main__":
    main()
