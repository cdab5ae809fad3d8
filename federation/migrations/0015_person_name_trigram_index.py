"""Trigram indexes on the persons' folded names and the members' card numbers, on PostgreSQL
only (issue 28).

The admin's and the screens' name searches are ``name_folded LIKE '%…%'`` (with or without
diacritics), the admin's card search ``UPPER(card_number) LIKE UPPER('%…%')`` (Django's
``icontains``): without these indexes each reads all 50,000 persons or 45,000 members.
``pg_trgm``'s GIN indexes answer a "contains" of 3 characters or more. The embedded default (SQLite) has no such index:
both operations do nothing there (``TrigramExtension`` checks the database itself), and the
index is not in the model's state (``Meta.indexes`` would ask SQLite for a GIN index).
``pg_trgm`` is a trusted extension (PostgreSQL 13+): the database's owner may create it.
"""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

INDEXES = {
    "federation_person_name_folded_trgm": "federation_person USING gin (name_folded gin_trgm_ops)",
    # the expression Django's icontains writes: UPPER("card_number"::text)
    "federation_member_card_number_upper_trgm":
        "federation_member USING gin ((UPPER(card_number::text)) gin_trgm_ops)",
}


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for name, target in INDEXES.items():
            schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {target}")


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for name in INDEXES:
            schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):

    dependencies = [
        ('federation', '0014_merge_club_admits_child_consent'),
    ]

    operations = [
        TrigramExtension(),
        migrations.RunPython(create_index, drop_index, elidable=False),
    ]
