"""core.hooks: the named list of cross-app hooks (issue #19) — a failing hook is logged and
neither stops the others nor turns the committed write into an error."""

from __future__ import annotations

import logging

import pytest

from core import hooks


def test_every_hook_runs_in_order_and_a_failure_is_logged(settings, monkeypatch, caplog):
    called = []

    def failing(**kwargs):
        called.append(("failing", kwargs))
        raise RuntimeError("broken hook")

    def recording(**kwargs):
        called.append(("recording", kwargs))

    monkeypatch.setattr(hooks, "_test_failing", failing, raising=False)
    monkeypatch.setattr(hooks, "_test_recording", recording, raising=False)
    settings.HOOKS = {"something_happened": ["core.hooks._test_failing",
                                             "core.hooks._test_recording"]}
    with caplog.at_level(logging.ERROR, logger="core.hooks"):
        hooks.fire("something_happened", tournament=7)
    assert called == [("failing", {"tournament": 7}), ("recording", {"tournament": 7})]
    assert "something_happened" in caplog.text and "broken hook" in caplog.text
    hooks.fire("nothing_registered", tournament=7)  # no hooks: nothing happens


def test_certification_hook_is_the_ratings_service():
    assert [h.__name__ for h in hooks.hooks_of("tournament_certified")] == [
        "on_tournament_certified"]


def test_every_provider_is_a_function_and_national_ratings_come_from_ratings(settings):
    """settings.PROVIDERS (issue 33): what an app reads from an app above it, by name."""
    for fact in settings.PROVIDERS:
        assert callable(hooks.provider(fact)), fact
    assert hooks.provider("national_ratings").__module__ == "ratings.selectors"


def test_a_fact_nobody_provides_is_a_programming_error():
    with pytest.raises(KeyError):
        hooks.provider("no_such_fact")
