"""Fixtures for the tournaments tests: an organiser, an arbiter, and a driver that runs a
tournament through the API (registration → pairing jobs → results → certification)."""

from __future__ import annotations

import random
from datetime import date

import pytest

from core.models import Job
from tests.factories import make_body, make_club, make_member, make_officer, make_person, make_user
from tests.helpers import client_for

START = date(2026, 5, 4)


class Driver:
    """Drives one tournament through the API as its organiser and its chief arbiter."""

    def __init__(self, job_worker, organiser, arbiter, body, club):
        self.job_worker = job_worker
        self.organiser = client_for(organiser)
        self.arbiter_user = arbiter
        self.arbiter = client_for(arbiter)
        self.body = body
        self.club = club
        self.tournament: dict = {}

    @property
    def tid(self) -> int:
        return self.tournament["id"]

    def create(self, **fields) -> dict:
        data = {"name": "Giải thử", "discipline": "chess", "start_date": str(START),
                "end_date": str(START.replace(day=START.day + 6)),
                "organiser_body": self.body.pk, **fields}
        response = self.organiser.post("/api/v1/tournaments/", data, format="json")
        assert response.status_code == 201, response.content
        self.tournament = response.json()
        official = self.organiser.post("/api/v1/tournament-officials/", {
            "tournament": self.tid, "person": self.arbiter_user.person.pk, "role": "chief"},
            format="json")
        assert official.status_code == 201, official.content
        return self.tournament

    def post(self, client, url, data=None, status=200):
        response = client.post(url, data or {}, format="json")
        assert response.status_code == status, (url, response.status_code, response.content)
        return response.json()

    def action(self, name, data=None, client=None, status=200):
        return self.post(client or self.organiser, f"/api/v1/tournaments/{self.tid}/{name}/",
                         data, status)

    def members(self, count: int, ratings=None, **person) -> list:
        ratings = ratings or [2400 - 7 * i for i in range(count)]
        return [(make_member(make_person(**person), self.club), ratings[i])
                for i in range(count)]

    def enter(self, members) -> list[dict]:
        return [self.post(self.organiser, "/api/v1/tournament-entries/",
                          {"tournament": self.tid, "member": m.pk, "rating": r}, 201)
                for m, r in members]

    def register_teams(self, count: int, players: int) -> None:
        """``count`` teams "Đội 1".."Đội n" of ``players`` members each, in board order (the
        players after the event's boards are its reserves), through the API."""
        for t in range(count):
            roster = [{"member": m.pk, "board_order": i + 1, "rating": r}
                      for i, (m, r) in enumerate(self.members(players))]
            self.post(self.organiser, "/api/v1/tournament-teams/",
                      {"tournament": self.tid, "name": f"Đội {t + 1}", "roster": roster}, 201)

    def pair_next(self) -> dict:
        job = self.action("pair-next-round", client=self.arbiter, status=202)
        done = self.job_worker.wait(job["id"], timeout=300)
        assert done.state == Job.State.SUCCEEDED, done.error
        return done.result

    def round(self, number: int) -> dict:
        response = self.arbiter.get("/api/v1/tournament-rounds/",
                                    {"tournament": self.tid, "number": number})
        assert response.status_code == 200
        return response.json()["results"][0]

    def play_round(self, number: int, rng: random.Random, choose=None) -> dict:
        """Enter every result of the round in one bulk call."""
        rnd = self.round(number)
        results = []
        for p in rnd["pairings"]:
            if p["kind"] != "game" or p["result"]:
                continue
            result = choose(p) if choose else rng.choice(["1-0", "0-1", "1/2-1/2", "1-0"])
            results.append({"pairing": p["id"], "result": result, "version": p["version"]})
        self.post(self.arbiter, f"/api/v1/tournament-rounds/{rnd['id']}/results/",
                  {"results": results})
        return self.round(number)

    def standings(self, **params) -> dict:
        response = self.arbiter.get(f"/api/v1/tournaments/{self.tid}/standings/", params)
        assert response.status_code == 200, response.content
        return response.json()

    def run_all_rounds(self, rounds: int, rng: random.Random, choose=None) -> list[dict]:
        played = []
        for number in range(1, rounds + 1):
            summary = self.pair_next()
            assert summary["round"] == number
            played.append(self.play_round(number, rng, choose))
        return played

    def finish_and_certify(self) -> dict:
        self.action("finish", client=self.arbiter)
        return self.action("certify")


@pytest.fixture
def organisation(db):
    body = make_body()
    club = make_club(body)
    organiser = make_officer(body)
    arbiter = make_user()
    make_person(full_name="Trọng Tài Chính", user=arbiter)
    return body, club, organiser, arbiter


@pytest.fixture
def driver(job_worker, organisation) -> Driver:
    body, club, organiser, arbiter = organisation
    return Driver(job_worker, organiser, arbiter, body, club)
