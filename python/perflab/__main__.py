"""The ``perflab`` command: the same CLI as the cargo build, run by the extension."""

import sys

from ._perflab import main as _main


def main() -> None:
    sys.exit(_main(sys.argv))


if __name__ == "__main__":
    main()
