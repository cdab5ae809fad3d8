"""Sub-commands of this area (filled in by its issue)."""


def register(subcommands) -> None:
    """Add this module's sub-commands to the parser (each sets ``handler``)."""
