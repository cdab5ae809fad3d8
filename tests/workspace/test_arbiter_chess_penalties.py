"""The arbiter's screen logs a chess illegal move (Luật Cờ Vua 7.4b in 002; FIDE Laws
7.5.5): the first gives the opponent 2 minutes, the second proposes the loss; a xiangqi
record's form does not offer it (Điều 9, 16 apply there)."""

from __future__ import annotations

import pytest

from games.models import GamePenalty, GameRecord
from tests.workspace.arbiter_support import client_of, event, url
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def _first_board(t):
    return Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME).order_by(
        "round__number", "board").first()


def test_illegal_moves_on_the_arbiters_record_screen():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _first_board(t)
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"), {"moves_text": "e4 e5", "notation": "san"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="illegal_move"' in page
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "illegal_move", "ply": 3}).status_code == 302
    game = GameRecord.objects.get(pairing=p)
    assert game.proposed_decision == ""
    assert GamePenalty.objects.get(game=game).minutes == 2  # to Black, 7.4b
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                       {"side": "white", "kind": "illegal_move", "ply": 5}).status_code == 302
    game.refresh_from_db()
    assert (game.proposed_decision, game.proposed_reason) == ("black_wins", "illegal_moves")


def test_a_xiangqi_record_does_not_offer_the_chess_illegal_move():
    t, arbiter, _staff = event(4, paired=1, discipline="xiangqi")
    p = _first_board(t)
    client = client_of(arbiter)
    created = client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                          {"moves_text": "P2-5 M8.7 M2.3 X9-8", "notation": "vn"})
    assert created.status_code == 302
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="technical"' in page and 'value="illegal_move"' not in page


# --- the chess arbiter's penalties (Luật Cờ Vua 13.4 a-g in 002; FIDE Laws 12.9) --------------

def _record(client, t, p):
    """A record of the board with its first moves, through the moves form."""
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                       {"moves_text": "e4 e5", "notation": "san"}).status_code == 302
    return GameRecord.objects.get(pairing=p)


def _decide(client, t, p, decision: str, reason: str):
    game = GameRecord.objects.get(pairing=p)
    done = client.post(url(t, f"ban/{p.pk}/bien-ban/decision/"),
                       {"decision": decision, "reason": reason, "version": game.version})
    assert done.status_code == 302, done.content.decode()[:2000]


def _penalise(client, t, p, **fields):
    body = {"article": "13.4", "note": "", "minutes": "", "points": ""}
    body.update({k: str(v) for k, v in fields.items()})
    return client.post(url(t, f"ban/{p.pk}/bien-ban/penalty/"), body)


def _public_points(t) -> dict[int, float]:
    from django.test import Client

    rows = Client().get(f"/api/v1/tournaments/{t.pk}/standings/").json()["rows"]
    return {row["starting_number"]: row["points"] for row in rows}


def _public_row(t, number: int) -> str:
    """The public event page's standings row of the player of starting number ``number``."""
    import re

    from django.test import Client

    page = Client().get(f"/giai-dau/{t.pk}/").content.decode()
    table = page.split('id="standings"', 1)[1]
    rows = re.findall(r"<tr[^>]*><td>\d+</td><td>(\d+)</td>(.*?)</tr>", table)
    return next(cells for sn, cells in rows if int(sn) == number)


def test_illegal_moves_show_the_two_minutes_and_the_confirmed_loss_7_4b():
    """Hand-worked (FIDE 7.5.5, the event's default limit 2): White's first completed
    illegal move gives Black 2 minutes, said on the page and in the penalties list; the
    second proposes "Đen thắng — illegal moves", confirmed with the button: the board is 0-1."""
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _first_board(t)
    client = client_of(arbiter)
    _record(client, t, p)
    first = client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                        {"side": "white", "kind": "illegal_move", "ply": 3}, follow=True)
    page = first.content.decode()
    assert "Đen được thêm 2 phút (Luật Cờ Vua 7.4b)" in page
    assert "Trắng: Đối thủ được thêm 2 phút (Điều 7.4b)" in page
    assert 'id="illegal-counts"' in page and "lần thứ 2 thì thua" in page
    assert 'id="proposal"' not in page
    second = client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"),
                         {"side": "white", "kind": "illegal_move", "ply": 5}, follow=True)
    page = second.content.decode()
    assert "sổ lỗi đề xuất Đen thắng" in page
    assert 'id="proposal"' in page and "Đen thắng" in page
    assert GamePenalty.objects.filter(game__pairing=p).count() == 1  # the loss gives no minutes
    game = GameRecord.objects.get(pairing=p)
    confirmed = client.post(url(t, f"ban/{p.pk}/bien-ban/confirm/"), {"version": game.version})
    assert confirmed.status_code == 302
    game.refresh_from_db()
    p.refresh_from_db()
    assert (game.decision, game.decision_reason) == ("black_wins", "illegal_moves")
    assert p.result == "0-1"


def test_each_penalty_through_the_form_13_4_a_to_f():
    """Hand-worked, a 6-player chess Swiss, round 1. Board 1: White wins (1-0); Black gets a
    warning (a), White gets 5 more minutes for Black's breach (b), Black loses 3 minutes (c),
    then White's points are reduced to ½ (e): 1-0 counts ½-0 in the public standings. Board 2: a draw; Black's breach raises White to 1 (f): ½-½ counts
    1-½. Board 3: Black declared lost (d) before any decision: 1-0, reason arbiter_penalty."""
    t, arbiter, _staff = event(6, paired=1, discipline="chess")
    client = client_of(arbiter)
    one, two, three = Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME
                                             ).order_by("board")[:3]
    for p in (one, two, three):
        _record(client, t, p)
    _decide(client, t, one, "white_wins", "resignation")
    _decide(client, t, two, "draw", "agreed_draw")
    for fields in ({"side": "black", "kind": "warning", "note": "Nói chuyện"},
                   {"side": "black", "kind": "add_time", "minutes": 5},
                   {"side": "black", "kind": "reduce_time", "minutes": 3, "article": "12.6"},
                   {"side": "white", "kind": "reduce_points", "points": "0.5"}):
        done = _penalise(client, t, one, **fields)
        assert done.status_code == 302, done.content.decode()[:3000]
        assert done["Location"].endswith("#hinh-phat")
    assert _penalise(client, t, two, side="black", kind="raise_points").status_code == 302
    assert _penalise(client, t, three, side="black", kind="loss").status_code == 302
    page = client.get(url(t, f"ban/{one.pk}/bien-ban/")).content.decode()
    for words in ("Đen: Nhắc nhở (13.4a) (Điều 13.4) — Nói chuyện",
                  "Đen: Đối thủ được thêm 5 phút (Điều 13.4)",
                  "Đen: Bị bớt 3 phút (Điều 12.6)", "Trắng: Giảm điểm ván: còn ½ (Điều 13.4)"):
        assert words in page, words
    kinds = list(GamePenalty.objects.filter(game__pairing=one).values_list("kind", "minutes"))
    assert kinds == [("warning", None), ("add_time", 5), ("reduce_time", 3),
                     ("reduce_points", None)]
    game3 = GameRecord.objects.get(pairing=three)
    three.refresh_from_db()
    assert (game3.decision, game3.decision_reason, three.result) == (
        "white_wins", "arbiter_penalty", "1-0")
    w1, b1 = one.white.starting_number, one.black.starting_number
    w2, b2 = two.white.starting_number, two.black.starting_number
    w3, b3 = three.white.starting_number, three.black.starting_number
    assert _public_points(t) == {w1: 0.5, b1: 0.0, w2: 1.0, b2: 0.5, w3: 1.0, b3: 0.0}
    assert '<td class="num">½</td>' in _public_row(t, w1)
    assert '<td class="num">1</td>' in _public_row(t, w2)


def test_expulsion_through_the_form_is_the_chief_arbiters_13_4g_dieu_16_2():
    """Another arbiter of the event gets a plain refusal (403) and nothing is recorded; the
    chief's expulsion disqualifies the player."""
    from tests.workspace.arbiter_support import arbiter_user
    from tournaments.models import Entry, Official

    t, chief, _staff = event(4, paired=1, discipline="chess")
    other = arbiter_user("Trọng Tài Bàn")
    Official.objects.create(tournament=t, person=other.person, role=Official.Role.ARBITER)
    p = _first_board(t)
    _record(client_of(chief), t, p)
    _decide(client_of(chief), t, p, "white_wins", "resignation")
    refused = _penalise(client_of(other), t, p, side="black", kind="expulsion")
    assert refused.status_code == 403
    text = refused.content.decode()
    assert "Chỉ tổng trọng tài" in text and 'id="penalty-form"' not in text
    assert not GamePenalty.objects.filter(game__pairing=p).exists()
    assert Entry.objects.get(pk=p.black_id).disqualified_at is None
    done = _penalise(client_of(chief), t, p, side="black", kind="expulsion", note="Gian lận")
    assert done.status_code == 302
    assert Entry.objects.get(pk=p.black_id).disqualified_at is not None
    page = client_of(chief).get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert "Đen: Truất quyền thi đấu (13.4g, tổng trọng tài) (Điều 13.4) — Gian lận" in page


def test_penalty_form_refusals_land_on_their_fields_with_what_was_typed_kept():
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_of(arbiter)
    p = _first_board(t)
    _record(client, t, p)
    missing = _penalise(client, t, p, side="black", kind="add_time", note="Gõ đồng hồ mạnh")
    assert missing.status_code == 400
    page = missing.content.decode()
    assert 'id="error-minutes"' in page and "Cần số phút từ 1 đến 60" in page
    assert "Gõ đồng hồ mạnh" in page  # the note typed is kept
    points = _penalise(client, t, p, side="black", kind="warning", points="0.5")
    assert points.status_code == 400
    page = points.content.decode()
    assert 'id="error-points"' in page and "Chỉ hình phạt trừ điểm ván (13.4e)" in page
    minutes = _penalise(client, t, p, side="black", kind="warning", minutes=2)
    assert 'id="error-minutes"' in minutes.content.decode() and minutes.status_code == 400
    no_result = _penalise(client, t, p, side="white", kind="reduce_points", points="0")
    assert no_result.status_code == 400 and 'id="error-points"' in no_result.content.decode()
    unchosen = _penalise(client, t, p, side="white", kind="")
    assert unchosen.status_code == 400 and "Chọn hình phạt." in unchosen.content.decode()
    assert not GamePenalty.objects.filter(game__pairing=p).exists()


def test_a_xiangqi_record_has_no_chess_penalty_form_and_refuses_one():
    t, arbiter, _staff = event(4, paired=1, discipline="xiangqi")
    p = _first_board(t)
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"),
                {"moves_text": "P2-5 M8.7 M2.3 X9-8", "notation": "vn"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'id="penalty-form"' not in page and 'id="warning-form"' in page
    refused = _penalise(client, t, p, side="black", kind="warning")
    assert refused.status_code == 400
    assert "chỉ dùng cho ván cờ vua" in refused.content.decode()
    assert not GamePenalty.objects.filter(game__pairing=p).exists()


def test_another_events_arbiter_and_a_certified_event_are_refused():
    from tournaments import services

    t, arbiter, staff = event(4, paired=1, discipline="chess", rounds=1)
    p = _first_board(t)
    _record(client_of(arbiter), t, p)
    _other, stranger, _s = event(4, paired=1, discipline="chess", name="Giải Khác")
    assert _penalise(client_of(stranger), t, p, side="black", kind="warning").status_code == 404
    for board in Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME):
        board.refresh_from_db()
        services.record_result(board, "1-0", user=staff, expected_version=board.version)
    services.finish_tournament(t, user=staff)
    services.certify_tournament(t, user=staff)
    locked = _penalise(client_of(arbiter), t, p, side="black", kind="warning")
    assert locked.status_code == 400 and "bị khóa" in locked.content.decode()
    assert not GamePenalty.objects.filter(game__pairing=p).exists()


def test_the_chess_record_page_keeps_its_query_count():
    """The record page with its penalties list: the same number of queries for one penalty as
    for six, at most 15 (the area's budget)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_of(arbiter)
    p = _first_board(t)
    _record(client, t, p)
    path = url(t, f"ban/{p.pk}/bien-ban/")

    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        return len(captured)

    _penalise(client, t, p, side="white", kind="warning")
    few = count()
    for minutes in range(1, 6):
        _penalise(client, t, p, side="black", kind="add_time", minutes=minutes)
    client.post(url(t, f"ban/{p.pk}/bien-ban/fault/"), {"side": "white", "kind": "illegal_move"})
    assert GamePenalty.objects.filter(game__pairing=p).count() == 7
    assert count() == few <= 15, few


def test_a_signed_record_still_takes_a_penalty_after_the_game_13_4e():
    """The points of the game are reduced once it is over, often after the signatures: the
    form stays on a signed record (the service allows it), while the faults forms close."""
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    client = client_of(arbiter)
    p = _first_board(t)
    _record(client, t, p)
    _decide(client, t, p, "draw", "agreed_draw")
    game = GameRecord.objects.get(pairing=p)
    assert client.post(url(t, f"ban/{p.pk}/bien-ban/sign/"),
                       {"who": "arbiter", "version": game.version}).status_code == 302
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'id="arbiter-signed"' in page and 'id="fault-form"' not in page
    assert 'id="penalty-form"' in page
    assert _penalise(client, t, p, side="black", kind="reduce_points", points="0",
                     article="").status_code == 302
    penalty = GamePenalty.objects.get(game__pairing=p)
    assert (penalty.article, penalty.points) == ("13.4", 0)
    assert _public_points(t)[p.black.starting_number] == 0.0
def test_the_arbiter_adjudicates_an_unfinished_chess_game_002_dieu_3_4():
    """002 Phần 2 Điều 3.4 ("những ván đấu đó sẽ đưa ra đánh giá"), 5.5: the chess record's
    decision form offers the adjudicated win and draw; the arbiter's "draw — adjudicated"
    gives the board ½-½. A xiangqi record does not offer it."""
    t, arbiter, _staff = event(4, paired=1, discipline="chess")
    p = _first_board(t)
    client = client_of(arbiter)
    client.post(url(t, f"ban/{p.pk}/bien-ban/moves/"), {"moves_text": "e4 e5", "notation": "san"})
    page = client.get(url(t, f"ban/{p.pk}/bien-ban/")).content.decode()
    assert 'value="adjudicated_draw"' in page and 'value="adjudicated_win"' in page
    game = GameRecord.objects.get(pairing=p)
    done = client.post(url(t, f"ban/{p.pk}/bien-ban/decision/"), {
        "decision": "draw", "reason": "adjudicated_draw", "version": game.version})
    assert done.status_code == 302, done.content.decode()[:2000]
    game.refresh_from_db()
    assert (game.decision, game.decision_reason) == ("draw", "adjudicated_draw")
    assert Pairing.objects.get(pk=p.pk).result == "1/2-1/2"

    x, x_arbiter, _x_staff = event(4, paired=1, discipline="xiangqi")
    xp = _first_board(x)
    x_client = client_of(x_arbiter)
    x_client.post(url(x, f"ban/{xp.pk}/bien-ban/moves/"),
                  {"moves_text": "P2-5 M8.7", "notation": "vn"})
    assert 'value="adjudicated_draw"' not in x_client.get(
        url(x, f"ban/{xp.pk}/bien-ban/")).content.decode()
