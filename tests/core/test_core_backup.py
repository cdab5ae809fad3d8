"""`manage.py backup` and `restore` round-trip the service's data (issue 10)."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from federation.models import Person
from tests.factories import make_member, make_person


@pytest.mark.django_db(transaction=True)
def test_backup_then_restore_round_trips(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the dump/restore round trip is tested on PostgreSQL (DATABASE_URL)")
    from federation.reference_data import load_reference_data

    load_reference_data()
    kept = make_member(make_person(full_name="Nguyễn Văn Lưu Trữ", citizen_id="001090000001"))
    dump = tmp_path / "vcf.dump"
    call_command("backup", str(dump))
    assert dump.stat().st_size > 1000

    Person.objects.filter(pk=kept.person_id).update(full_name="Đã sửa sau sao lưu")
    make_person(full_name="Người thêm sau sao lưu")
    call_command("restore", str(dump), "--yes")

    restored = Person.objects.get(pk=kept.person_id)
    assert restored.full_name == "Nguyễn Văn Lưu Trữ"
    assert restored.citizen_id == "001090000001"
    assert not Person.objects.filter(full_name="Người thêm sau sao lưu").exists()
    assert restored.memberships.get().card_number == kept.card_number


def test_restore_of_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="no backup file"):
        call_command("restore", str(tmp_path / "missing.dump"), "--yes")
