"""scripts/arch_counts.py (issue 33): each count finds what it says on a small tree, leaves
alone what it must not count, and ``--check`` fails above an allowance."""

from __future__ import annotations

import importlib.util
import textwrap

import pytest

from tests.helpers import REPO


@pytest.fixture
def arch(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("arch_counts",
                                                  REPO / "scripts" / "arch_counts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files = {
        ".importlinter": """
            [importlinter]
            root_packages =
                core
                low
                high
                chessrules

            [importlinter:contract:app-layers]
            name = layers
            type = layers
            layers =
                high
                low
                core
                chessrules
            """,
        "pyproject.toml": """
            [[tool.mypy.overrides]]
            module = ["low.models", "high.forms"]
            ignore_errors = true
            """,
        "core/__init__.py": "",
        "low/__init__.py": "",
        "low/models.py": """
            from high import views  # upward
            from core import text  # downward: fine


            def branch(t, other, Thing, obj):
                from core import caching  # in a function

                if t.system == System.SWISS:
                    pass
                if t.status == Status.OPEN:
                    pass
                settings = {}
                settings.update(a=1)
                Thing.objects.filter(pk=1).update(a=1)
                obj.__dict__.update(other.__dict__)
                obj.save()
                cache.delete("key")
                return "xiangqi", "chess", "chessboard"
            """,
        "low/services.py": """
            def write(Thing):
                Thing.objects.create(a=1)
                return "chess"
            """,
        "low/demo.py": 'DISCIPLINE = "chess"\n',
        "high/__init__.py": "",
        "high/views.py": "",
        "high/forms.py": """
            from low import services


            class Form:
                def clean(self):
                    services.check_rules(1)
                    self.record()

                def record(self):
                    return services.write_entry(1)


            class ReadOnlyForm:
                def clean(self):
                    services.check_rules(1)
            """,
        "low/migrations/0001_initial.py": 'X = "chess"\n' + "\n" * 500,
        "chessrules/__init__.py": "",
        "chessrules/long.py": "x = 1\n" * 451,
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "APPS", ("core", "low", "high"))
    return module


def _places(offenders):
    return [o.split(": ")[0] for o in offenders]


def test_each_count_finds_its_offenders_and_nothing_else(arch):
    assert _places(arch.upward_imports()) == ["low/models.py:1"]
    assert _places(arch.in_function_imports()) == ["low/models.py:6"]
    assert _places(arch.system_branches()) == ["low/models.py:8"]
    assert _places(arch.discipline_literals()) == [  # one a line; demo data and migrations not
        "low/models.py:18", "low/services.py:3"]
    assert _places(arch.writes_outside_services()) == [
        "low/models.py:14", "low/models.py:15", "low/models.py:16"]
    assert arch.service_writes_in_clean() == ["high/forms.py:5: Form.clean → write_entry"]
    assert arch.ignored_mypy_modules() == ["pyproject.toml: low.models",
                                           "pyproject.toml: high.forms"]
    assert arch.long_modules() == []
    assert arch.long_pure_modules() == ["chessrules/long.py: 451 lines"]


def test_the_strict_flags_off_globally_and_the_modules_an_override_relaxes_are_counted(
        arch, tmp_path):
    # the fixture's [tool.mypy] turns no strict flag on; an ignore_errors override relaxes none
    assert arch.lax_typed_modules() == [
        f"pyproject.toml [tool.mypy]: {flag} is not {str(on).lower()}"
        for flag, on in arch.STRICT_FLAGS.items()]
    strict = "".join(f"{flag} = {str(on).lower()}\n" for flag, on in arch.STRICT_FLAGS.items())
    (tmp_path / "pyproject.toml").write_text(
        "[tool.mypy]\n" + strict
        + '[[tool.mypy.overrides]]\nmodule = ["low.models", "high.*"]\n'
          "disallow_untyped_defs = false\n"
        + '[[tool.mypy.overrides]]\nmodule = "chessrules.long"\nimplicit_reexport = true\n'
        + '[[tool.mypy.overrides]]\nmodule = ["core", "low.services"]\n'
          "ignore_missing_imports = true\nstrict_equality = true\n", encoding="utf-8")
    # a pattern counts every module it matches; an override that relaxes no strict flag, none;
    # a module no override names (a new one: low.services, low.demo) is strict
    assert arch.lax_typed_modules() == [
        "pyproject.toml: low.models", "pyproject.toml: high", "pyproject.toml: high.forms",
        "pyproject.toml: high.views", "pyproject.toml: chessrules.long"]


def test_the_repository_relaxes_no_module_of_core_or_chessrules(arch, monkeypatch):
    monkeypatch.setattr(arch, "ROOT", REPO)
    monkeypatch.setattr(arch, "APPS", ("core",))
    assert arch.lax_typed_modules() == []  # every strict flag on; core, chessrules all strict


def test_an_app_outside_the_layers_contract_is_reported(arch, tmp_path):
    (tmp_path / "core" / "models.py").write_text("import low\n", encoding="utf-8")
    (tmp_path / "newapp").mkdir()
    (tmp_path / "newapp" / "views.py").write_text("import low\n", encoding="utf-8")
    arch.APPS = (*arch.APPS, "newapp")
    assert [o.split("  ")[-1] for o in arch.upward_imports()] == [
        "[core → low]", "[low → high]", "[newapp → low]"]


def test_check_fails_only_above_an_allowance(arch, monkeypatch, capsys):
    counts = {name: len(count()) for name, count in arch.COUNTS.items()}
    monkeypatch.setattr(arch, "ALLOWANCES", {name: (n, "test") for name, n in counts.items()})
    assert arch.main(["--check"]) == 0
    monkeypatch.setitem(arch.ALLOWANCES, "upward imports", (0, ""))
    assert arch.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "upward imports: 1 (allowed 0)  OVER its allowance" in out
    assert "low/models.py:1: from high import views" in out

