"""The squashes' one schema operation (issue 34): an app's final state, every table at once.

A squash written as one ``CreateModel`` per model spends a fresh ``migrate`` re-rendering the
migration state: each ``CreateModel`` re-renders every model related to the new one, and
nearly every model points at the user model, so each of the ~100 models re-rendered ~70
others (about 7,000 model classes built, most of a first start's time on SQLite).
``CreateModels`` adds every model state first and renders them once, then creates the tables
in its order. Its models are the ``CreateModel`` operations makemigrations writes for an empty
history, with the fields it would add later (``AddField``, for references between models of
the same batch) and the indexes and constraints (``AddIndex``/``AddConstraint``) in the
``CreateModel`` itself: a table may reference one created later in the batch (PostgreSQL adds
foreign keys at the end of the migration, SQLite's are declared deferred). The tables, their
columns, constraints and indexes are those each ``CreateModel`` would make; only the time to
build the state differs (``scripts/compare_migrations.py`` compares them with the replaced
chains').
"""

from __future__ import annotations

from typing import Any

from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.operations import CreateModel
from django.db.migrations.operations.base import Operation
from django.db.migrations.state import ModelState, ProjectState


class CreateModels(Operation):
    """Create several models of one app in one step (one state render for all of them)."""

    reversible = True

    def __init__(self, models: list[CreateModel]) -> None:
        self.models = models
        super().__init__()

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return (self.__class__.__qualname__, [self.models], {})

    def state_forwards(self, app_label: str, state: ProjectState) -> None:
        keys = []
        for operation in self.models:
            key = (app_label, operation.name_lower)
            state.models[key] = ModelState(app_label, operation.name, list(operation.fields),
                                           dict(operation.options), tuple(operation.bases or ()),
                                           list(operation.managers or ()))
            if getattr(state, "_relations", None) is not None:  # as ProjectState.add_model
                state.resolve_model_relations(key)
            keys.append(key)
        # what ProjectState.add_model does per model, once for the batch: the new models and
        # every model related to one of them are rendered again, together
        state.reload_models(keys, delay=False)

    def database_forwards(self, app_label: str, schema_editor: BaseDatabaseSchemaEditor,
                          from_state: ProjectState, to_state: ProjectState) -> None:
        for operation in self.models:
            model = to_state.apps.get_model(app_label, operation.name)
            if self.allow_migrate_model(schema_editor.connection.alias, model):
                schema_editor.create_model(model)

    def database_backwards(self, app_label: str, schema_editor: BaseDatabaseSchemaEditor,
                           from_state: ProjectState, to_state: ProjectState) -> None:
        for operation in reversed(self.models):
            model = from_state.apps.get_model(app_label, operation.name)
            if self.allow_migrate_model(schema_editor.connection.alias, model):
                schema_editor.delete_model(model)

    def references_model(self, name: str, app_label: str) -> bool:
        return any(operation.references_model(name, app_label) for operation in self.models)

    def describe(self) -> str:
        return f"Create {len(self.models)} models: {', '.join(m.name for m in self.models)}"

    @property
    def migration_name_fragment(self) -> str:
        return "create_models"
