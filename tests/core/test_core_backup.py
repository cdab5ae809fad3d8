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


@pytest.mark.django_db(transaction=True)
def test_restore_clears_the_public_cache_it_makes_stale(tmp_path, api_client):
    """Issue 14: after a restore, public responses no longer show data from after the
    backup (a renamed player) — the restore touches every cached response."""
    if connection.vendor != "postgresql":
        pytest.skip("the dump/restore round trip is tested on PostgreSQL (DATABASE_URL)")
    from federation import services
    from federation.reference_data import load_reference_data
    from tests.factories import make_staff

    load_reference_data()
    member = make_member(make_person(full_name="Nguyễn Văn Trước Sao Lưu"))
    dump = tmp_path / "vcf.dump"
    call_command("backup", str(dump))
    services.update_person(member.person, {"full_name": "Tên Đổi Sau Sao Lưu"},
                           by=make_staff())
    url = f"/api/v1/public/players/{member.person_id}/"
    cached = api_client.get(url)
    assert cached.json()["name"] == "Tên Đổi Sau Sao Lưu"
    call_command("restore", str(dump), "--yes")
    again = api_client.get(url, HTTP_IF_NONE_MATCH=cached["ETag"])
    assert again.status_code == 200
    assert again.json()["name"] == "Nguyễn Văn Trước Sao Lưu"


@pytest.mark.django_db
def test_backup_files_are_readable_by_their_owner_only(tmp_path):
    """Issue 14: a backup holds password hashes, tokens and ID numbers: mode 0600, even when
    the process's umask is permissive or the file existed with another mode."""
    import os
    import stat

    dump = tmp_path / "vcf.dump"
    dump.write_text("old")
    dump.chmod(0o644)
    old_umask = os.umask(0o000)
    try:
        call_command("backup", str(dump))
        fresh = tmp_path / "fresh.dump"
        call_command("backup", str(fresh))
    finally:
        os.umask(old_umask)
    for path in (dump, fresh):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, oct(path.stat().st_mode)
        assert path.stat().st_size > 0
