"""Entry point: ``python -m chessrules <command> ...``."""

import sys

from chessrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
