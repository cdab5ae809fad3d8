"""Private data follows current, real relationships only (issue 14, Điều 8.2).

A person's date of birth, citizen ID, phone, email and address reach: staff; the person
himself; the officers and managers of the club of his *active* membership; the managers
and officers of a club that received his *pending* application. Never a past, rejected
or decided application: a manager could otherwise file an application for anyone and
read and change that person's data for ever.

The walk: every role against every GET operation of the OpenAPI schema (lists, details
with the subjects' ids and the seeded objects, CSV variants, PGN and TRF exports), every
document a PDF is rendered from, and PATCH /persons/{id}/.
"""

from __future__ import annotations

import json
import re
from datetime import date

import pytest
from django.core.cache import cache

from documents import builders
from federation.models import MembershipApplication, Person
from tests import factories as f
from tests.helpers import CONSENT, client_for
from tests.public.conftest import build_round_robin

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "member", "other_manager", "rejected_manager", "officer", "other_officer",
         "staff"]


def _private(person: Person, n: int) -> Person:
    person.date_of_birth = date(1971, 4, 10 + n)
    person.citizen_id = f"0791990{n:05d}"
    person.phone = f"09188877{n:02d}"
    person.email = f"rieng.tu.{n}@example.vn"
    person.address = f"{n} Ngõ Bí Mật"
    person.save()
    return person


def _values(person: Person) -> list[str]:
    born = person.date_of_birth
    return [born.isoformat(), born.strftime("%Y/%m/%d"), born.strftime("%d/%m/%Y"),
            person.citizen_id, person.phone, person.email, person.address]


class Scene:
    """Three subjects and a user of every role.

    - ``rejected``: a non-member whose application to club B was rejected;
    - ``moved``: a player of a certified tournament (club T), who once joined through
      club B (an approved, past application);
    - ``pending``: a non-member with a pending application to club B.
    """

    def __init__(self):
        staff = f.make_staff("walk-staff")
        self.tournament = build_round_robin(4, staff=staff, seed=41, with_games=True)
        entry = self.tournament.entries.order_by("starting_number").first()
        club_t = entry.member.club_memberships.get().club
        club_b = f.make_club(name="CLB Cờ Bên Kia")
        club_c = f.make_club(name="CLB Cờ Không Liên Quan")
        sponsor = f.make_member(club=club_b)
        self.moved = _private(entry.member.person, 1)
        self.rejected = _private(f.make_person(full_name="Lê Thị Bị Từ Chối"), 2)
        self.pending = _private(f.make_person(full_name="Phạm Văn Chờ Duyệt"), 3)
        for person, status in ((self.moved, "approved"), (self.rejected, "rejected"),
                               (self.pending, "pending")):
            # the pending one: its applicant entered the person's record himself (issue 31)
            MembershipApplication.objects.create(person=person, club=club_b, sponsor=sponsor,
                                                 submitted_on=date(2025, 1, 2), status=status,
                                                 proof=MembershipApplication.Proof.ENTERED)
        member_user = f.make_user("walk-member")
        f.make_member(f.make_person(user=member_user), club_c)
        self.users = {
            "anonymous": None, "member": member_user, "staff": staff,
            "other_manager": f.make_club_manager(club_c, "walk-manager-c"),
            "rejected_manager": f.make_club_manager(club_b, "walk-manager-b"),
            "officer": f.make_officer(club_t.body, "walk-officer-t"),
            "other_officer": f.make_officer(f.make_body(province_code="79"), "walk-officer-79"),
        }
        self.subjects = {"moved": self.moved, "rejected": self.rejected,
                         "pending": self.pending}
        self._personal_data(staff)

    def _personal_data(self, staff):
        """Issue 31: a consent for each subject, and a handled export request (its copy holds
        every private value) for each: the walk reaches consents, the access log, requests
        and copies (staff and the person only)."""
        from federation.models import Consent
        from federation.services import privacy

        self.data_requests = []
        for person in self.subjects.values():
            Consent.objects.create(person=person, data_collected="x", purposes="y",
                                   given_on=date(2025, 1, 2), given_by=person.full_name,
                                   relation="self")
            row = privacy.file_data_request(person, kind="export", by=staff)
            privacy.complete_export(row, by=staff)
            self.data_requests.append(row.pk)

    def may_see(self, role: str) -> set[str]:
        return {"anonymous": set(), "member": set(), "other_manager": set(),
                "other_officer": set(), "rejected_manager": {"pending"},
                "officer": {"moved"}, "staff": {"moved", "rejected", "pending"}}[role]

    def client(self, role: str):
        from rest_framework.test import APIClient

        user = self.users[role]
        return APIClient() if user is None else client_for(user)


@pytest.fixture
def scene():
    return Scene()


def _seen(scene: Scene, text: str) -> set[str]:
    return {name for name, person in scene.subjects.items()
            if any(value in text for value in _values(person))}


def _get_urls(scene: Scene, schema: dict) -> list[str]:
    """Every GET path of the schema, with the ids of the subjects' and seeded objects."""
    ids = _ids(scene)
    urls = []
    for path, item in schema["paths"].items():
        operation = item.get("get")
        if operation is None or not path.startswith("/api/v1/"):
            continue
        names = re.findall(r"\{(\w+)\}", path)
        variants = [""]
        if any(p.get("name") == "output" for p in operation.get("parameters", [])):
            variants.append("output=csv")
        if not names:
            urls += [f"{path}?page_size=500&{v}".rstrip("&") for v in variants]
            continue
        for pk in ids.get(_family(path), ids["other"]):
            url = path
            for name in names:
                url = url.replace("{" + name + "}", str(pk))
            urls += [f"{url}?{v}".rstrip("?") for v in variants]
    return urls


def _family(path: str) -> str:
    for family in ("persons", "members", "tournaments", "games", "tournament-entries",
                   "applications", "players", "performance", "titled-players",
                   "data-requests"):
        if f"/{family}/" in path:
            return family
    return "other"


def _ids(scene: Scene) -> dict[str, list]:
    from games.models import GameRecord

    people = [p.pk for p in scene.subjects.values()]
    member = scene.moved.memberships.get()
    entries = list(scene.tournament.entries.values_list("pk", flat=True))
    games = list(GameRecord.objects.filter(pairing__round__tournament=scene.tournament)
                 .values_list("pk", flat=True)[:2])
    return {"persons": people, "members": [member.pk], "tournaments": [scene.tournament.pk],
            "games": games, "tournament-entries": entries[:2],
            "applications": list(MembershipApplication.objects.values_list("pk", flat=True)),
            "players": people, "performance": people, "titled-players": people,
            "data-requests": scene.data_requests, "other": [1, 2]}


@pytest.mark.parametrize("role", ROLES)
def test_every_get_endpoint_shows_private_data_only_to_current_relationships(scene, role):
    schema = scene.client("staff").get("/api/schema/?format=json").json()
    client = scene.client(role)
    allowed = scene.may_see(role)
    seen_somewhere: set[str] = set()
    for url in _get_urls(scene, schema):
        cache.clear()
        response = client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        text = response.content.decode("utf-8", "replace") if not response.streaming else ""
        seen = _seen(scene, text)
        assert seen <= allowed, (role, url, seen - allowed)
        seen_somewhere |= seen
    # the allowed ones do reach their data (the walk is not vacuous)
    assert allowed <= seen_somewhere, (role, allowed - seen_somewhere)


@pytest.mark.parametrize("role", ROLES)
def test_patch_person_follows_the_same_relationships(scene, role):
    client = scene.client(role)
    allowed = scene.may_see(role)
    for name, person in scene.subjects.items():
        response = client.patch(f"/api/v1/persons/{person.pk}/", {"phone": "0900000001"},
                                format="json")
        person.refresh_from_db()
        if name in allowed and role != "anonymous":
            assert response.status_code == 200, (role, name, response.content)
            assert person.phone == "0900000001"
        else:
            assert response.status_code in (401, 403), (role, name, response.status_code)
            assert person.phone != "0900000001"


def test_rejected_application_no_longer_opens_private_data(scene):
    """The issue's case: file an application, have it rejected, keep reading — no more."""
    client = scene.client("rejected_manager")
    data = client.get(f"/api/v1/persons/{scene.pending.pk}/").json()
    assert data["phone"] == scene.pending.phone  # pending: the club must judge it
    application = MembershipApplication.objects.get(person=scene.pending)
    staff = scene.client("staff")
    assert staff.post(f"/api/v1/applications/{application.pk}/reject/",
                      {"reason": "Không đủ điều kiện"}, format="json").status_code == 200
    data = client.get(f"/api/v1/persons/{scene.pending.pk}/").json()
    assert not (set(Person.PRIVATE_FIELDS) & set(data)), data


def test_documents_never_carry_private_data(scene):
    """What every PDF of the tournament is rendered from (decisions, cards, sheets, lists)."""
    from documents import selectors as doc_selectors
    from games.models import GameRecord

    t = scene.tournament
    game = GameRecord.objects.filter(pairing__round__tournament=t).first()
    targets = {
        "standings": f"tournament:{t.pk}", "crosstable": f"tournament:{t.pk}",
        "pairings": f"tournament:{t.pk}:round:1", "tracking_card": f"tournament:{t.pk}",
        "scoresheet": f"game:{game.pk}",
        "member_card": str(scene.moved.memberships.get().pk),
    }
    for kind, target in targets.items():
        assert doc_selectors.parse_target(kind, target)
        built = builders.build(kind, target)
        text = json.dumps(built.context, default=str, ensure_ascii=False)
        assert not _seen(scene, text), (kind, target)


# --- issue 31 §1: a pending application opens only what its applicant typed himself ----------

class Outsider:
    """A person of another club's past (data entered by others) and a manager of club A who
    files an application for him."""

    def __init__(self):
        other_club = f.make_club(name="CLB Cờ Hải Phòng")
        self.person = _private(f.make_person(full_name="Ngô Văn Ngoài Câu Lạc Bộ"), 7)
        f.make_member(self.person, other_club)
        member = self.person.memberships.get()
        member.status = "resigned"
        member.save()
        self.club = f.make_club(name="CLB Cờ Của Tôi")
        self.sponsor = f.make_member(club=self.club)
        self.manager = f.make_club_manager(self.club, "quan-ly-31")
        self.client = client_for(self.manager)

    def apply(self, **typed):
        return self.client.post("/api/v1/applications/", {
            "person": self.person.pk, "club": self.club.pk, "sponsor": self.sponsor.pk,
            "consent": CONSENT, **typed}, format="json")

    def seen(self) -> dict:
        data = self.client.get(f"/api/v1/persons/{self.person.pk}/").json()
        return {field: data[field] for field in Person.PRIVATE_FIELDS if field in data}

    def patch(self):
        return self.client.patch(f"/api/v1/persons/{self.person.pk}/", {"phone": "0900000031"},
                                 format="json")


@pytest.fixture
def outsider():
    cache.clear()
    return Outsider()


def test_an_application_without_proof_opens_nothing(outsider):
    """The issue's case: POST an application for a person outside the club, then GET/PATCH."""
    response = outsider.apply()
    assert response.status_code == 201, response.content
    assert response.json()["proof"] == "" and response.json()["proof_fields"] == []
    assert outsider.seen() == {}
    assert outsider.patch().status_code == 403
    outsider.person.refresh_from_db()
    assert outsider.person.phone != "0900000031"


def test_a_wrong_paper_form_value_is_refused_without_revealing_the_stored_one(outsider):
    response = outsider.apply(date_of_birth="01/01/1990")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "proof_mismatch" and "person" in error["fields"]
    assert not any(value in response.content.decode() for value in _values(outsider.person))
    assert not MembershipApplication.objects.filter(person=outsider.person).exists()
    assert outsider.apply(citizen_id="079199000001").status_code == 400


def test_the_typed_birth_date_shows_that_field_only(outsider):
    born = outsider.person.date_of_birth
    response = outsider.apply(date_of_birth=born.strftime("%d/%m/%Y"))
    assert response.status_code == 201, response.content
    assert response.json()["proof"] == "paper_form"
    assert response.json()["proof_fields"] == ["date_of_birth"]
    assert "date_of_birth" not in response.json()  # the typed value is not echoed back
    assert outsider.seen() == {"date_of_birth": born.isoformat()}  # what he typed, no more
    assert outsider.patch().status_code == 403


def test_the_typed_id_number_shows_that_field_only(outsider):
    response = outsider.apply(citizen_id=outsider.person.citizen_id)
    assert response.status_code == 201, response.content
    assert outsider.seen() == {"citizen_id": outsider.person.masked_citizen_id}
    assert outsider.patch().status_code == 403


def test_guessing_the_paper_form_is_stopped(outsider, settings):
    settings.APPLICATION_PROOF_FAILURES = 3
    born = outsider.person.date_of_birth
    for day in (1, 2, 3):
        assert outsider.apply(date_of_birth=f"{day:02d}/01/1960").status_code == 400
    response = outsider.apply(date_of_birth=born.strftime("%d/%m/%Y"))  # even the right one
    assert response.status_code == 400 and response.json()["error"]["code"] == "proof_locked"
    assert outsider.seen() == {}


def test_a_person_the_manager_entered_himself_is_his_to_see_and_correct(outsider):
    created = outsider.client.post("/api/v1/persons/", {
        "full_name": "Đỗ Thị Mới Đăng Ký", "gender": "F", "date_of_birth": "2001-05-06",
        "phone": "0912345678"}, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    response = outsider.client.post("/api/v1/applications/", {
        "person": pk, "club": outsider.club.pk, "sponsor": outsider.sponsor.pk,
        "consent": CONSENT}, format="json")
    assert response.status_code == 201 and response.json()["proof"] == "entered"
    data = outsider.client.get(f"/api/v1/persons/{pk}/").json()
    assert data["phone"] == "0912345678" and data["date_of_birth"] == "2001-05-06"
    assert outsider.client.patch(f"/api/v1/persons/{pk}/", {"phone": "0987654321"},
                                 format="json").status_code == 200


def test_the_person_confirms_and_the_club_may_then_see_his_data(outsider):
    person_user = f.make_user("nguoi-xin-31")
    outsider.person.user = person_user
    outsider.person.save()
    application = outsider.apply().json()
    assert outsider.seen() == {}
    # another user cannot confirm it, the manager neither
    assert client_for(f.make_user("ke-khac-31")).post(
        f"/api/v1/applications/{application['id']}/confirm/").status_code == 404
    assert outsider.client.post(
        f"/api/v1/applications/{application['id']}/confirm/").status_code in (403, 404)
    response = client_for(person_user).post(f"/api/v1/applications/{application['id']}/confirm/")
    assert response.status_code == 200 and response.json()["proof"] == "confirmed"
    assert outsider.seen()["phone"] == outsider.person.phone
    assert outsider.patch().status_code == 200


# --- issue 31, personal data: the access log of private data (API reads) ------------------------

def test_private_reads_are_logged_and_shown_to_staff_and_the_person(scene):
    from federation.models import PrivateDataAccess
    from federation.services.privacy import purge_access_log

    pending = scene.pending
    pending.user = f.make_user("chu-du-lieu")
    pending.save()
    manager = scene.client("rejected_manager")  # manager of the club he applied to
    assert manager.get(f"/api/v1/persons/{pending.pk}/").json()["phone"] == pending.phone
    scene.client("anonymous").get(f"/api/v1/persons/{pending.pk}/")  # public: nothing shown
    scene.client("other_manager").get(f"/api/v1/persons/{pending.pk}/")  # out of scope
    client_for(pending.user).get(f"/api/v1/persons/{pending.pk}/")  # his own: not logged
    rows = list(PrivateDataAccess.objects.filter(person=pending))
    assert len(rows) == 1
    assert rows[0].user == scene.users["rejected_manager"] and rows[0].via == "api"
    assert set(rows[0].fields.split(",")) == set(Person.PRIVATE_FIELDS)
    assert rows[0].path == f"/api/v1/persons/{pending.pk}/"
    # a list that shows him is logged too, one row per answer and person
    manager.get("/api/v1/persons/?page_size=500")
    assert PrivateDataAccess.objects.filter(person=pending).count() == 2
    # the person and staff read the log; a manager may not
    own = client_for(pending.user).get(f"/api/v1/persons/{pending.pk}/access-log/")
    assert own.status_code == 200, own.content
    entries = own.json()["results"]
    assert [e["user"] for e in entries] == ["walk-manager-b", "walk-manager-b"]
    assert scene.client("staff").get(
        f"/api/v1/persons/{pending.pk}/access-log/").status_code == 200
    assert manager.get(f"/api/v1/persons/{pending.pk}/access-log/").status_code == 403
    assert scene.client("anonymous").get(
        f"/api/v1/persons/{pending.pk}/access-log/").status_code in (401, 403)
    # kept for PRIVATE_ACCESS_LOG_DAYS, then purged
    from datetime import timedelta

    from django.utils import timezone

    PrivateDataAccess.objects.filter(pk=rows[0].pk).update(
        at=timezone.now() - timedelta(days=3 * 365))
    assert purge_access_log() == 1
    assert PrivateDataAccess.objects.filter(person=pending).count() == 1


# --- issue 31, personal data: the new paths follow the same relationships -------------------------

@pytest.mark.parametrize("role", ROLES)
def test_revealing_an_id_number_follows_the_same_relationships_and_is_logged(scene, role):
    from federation.models import PrivateDataAccess

    client = scene.client(role)
    allowed = scene.may_see(role)
    for name, person in scene.subjects.items():
        response = client.post(f"/api/v1/persons/{person.pk}/reveal-citizen-id/")
        logged = PrivateDataAccess.objects.filter(person=person, via="reveal")
        if name in allowed:
            assert response.json() == {"citizen_id": person.citizen_id}, (role, name)
            assert logged.get().user == scene.users[role]
        else:
            assert response.status_code in (401, 403, 404), (role, name, response.status_code)
            assert person.citizen_id not in response.content.decode()
            assert not logged.exists()


@pytest.mark.parametrize("role", ROLES)
def test_consents_access_log_and_data_copies_only_for_staff_and_the_person(scene, role):
    """The person's own paths: consents, the access log, his requests and the copy of his
    data. Nobody else but staff, even a club that may see his data."""
    client = scene.client(role)
    for person, request_pk in zip(scene.subjects.values(), scene.data_requests, strict=True):
        for url in (f"/api/v1/persons/{person.pk}/consents/",
                    f"/api/v1/persons/{person.pk}/access-log/",
                    f"/api/v1/data-requests/{request_pk}/",
                    f"/api/v1/data-requests/{request_pk}/export/",
                    f"/api/v1/data-requests/{request_pk}/export/?output=pdf"):
            response = client.get(url)
            if role == "staff":
                assert response.status_code == 200, (url, response.status_code)
            else:
                assert response.status_code in (401, 403, 404), (role, url)
        if role != "staff":
            listing = client.get("/api/v1/data-requests/")
            assert listing.status_code in (401, 403) or listing.json()["results"] == []
    # and the person himself reaches his own
    owner = f.make_user("chu-so-huu-walk")
    scene.pending.user = owner
    scene.pending.save()
    own = client_for(owner)
    request_pk = scene.data_requests[list(scene.subjects).index("pending")]
    assert own.get(f"/api/v1/persons/{scene.pending.pk}/consents/").status_code == 200
    data = own.get(f"/api/v1/data-requests/{request_pk}/export/").content.decode()
    assert _seen(scene, data) == {"pending"}
