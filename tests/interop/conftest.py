"""tests/interop reuses the tournaments tests' driver (an organiser, an arbiter, the API)."""

from tests.tournaments.conftest import driver, organisation  # noqa: F401  (fixtures)
