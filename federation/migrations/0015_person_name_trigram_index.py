"""A trigram index on the persons' folded names, on PostgreSQL only (issue 28).

The admin's and the screens' name searches are ``name_folded LIKE '%…%'`` (with or without
diacritics): without this index each reads all 50,000 persons. ``pg_trgm``'s GIN index
answers a "contains" of 3 letters or more. The embedded default (SQLite) has no such index:
both operations do nothing there (``TrigramExtension`` checks the database itself), and the
index is not in the model's state (``Meta.indexes`` would ask SQLite for a GIN index).
``pg_trgm`` is a trusted extension (PostgreSQL 13+): the database's owner may create it.
"""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

INDEX = "federation_person_name_folded_trgm"


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON federation_person "
                              "USING gin (name_folded gin_trgm_ops)")


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):

    dependencies = [
        ('federation', '0014_merge_club_admits_child_consent'),
    ]

    operations = [
        TrigramExtension(),
        migrations.RunPython(create_index, drop_index, elidable=False),
    ]
