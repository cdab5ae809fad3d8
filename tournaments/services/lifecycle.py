"""The tournament itself and its lifecycle: create, update, open and close registration,
finish, certify (locks it) and reopen (staff, with a reason)."""

from __future__ import annotations

import secrets
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS, Discipline
from core import hooks
from core.errors import NotAllowedError, ServiceError
from tournaments import cache_scopes, engine, selectors, systems
from tournaments.engine.errors import EngineError
from tournaments.models import Pairing, RegulationAmendment, Tournament
from tournaments.services import notices
from tournaments.services._common import (
    S,
    _expect_status,
    _lock,
    _require_manager,
    _require_not_locked,
    _transition,
    refusal,
    spec_of,
)
from tournaments.services.checks import (
    _validate_tournament,
    check_rounds_fit_dates,
    resolve_time_control,
)
from tournaments.services.numbering import _draw_numbers
from tournaments.services.stages import check_stage_owner

TOURNAMENT_FIELDS = frozenset({
    "name", "discipline", "time_control_class", "time_control_preset", "time_control",
    "time_control_note",
    "category", "age_group", "gender_section", "start_date", "end_date", "venue",
    "organiser_body", "organiser_club", "rated", "system", "number_of_rounds", "bye_score",
    "requested_bye_score", "swiss_withdrawal", "tiebreaks", "move_rule_reference",
    "no_capture_move_limit", "knockout_tie_rule", "knockout_double_forfeit",
    "knockout_placement", "match_target_points", "match_target_wins", "team_ranking",
    "team_match_form", "board_min_games", "qualifies_to", "qualifiers", "wildcards", "quota_per_unit",
    "material_terms", "registration_form", "awards_and_discipline", "match_scoring",
    "late_arrival_minutes", "complaint_limit_hours",
    "boards_per_team", "reserves_per_team", "purpose", "host_and_sponsors", "eligibility",
    "schedule", "prizes", "title_criteria", "fees", "registration_deadline",
    "regulation_document", "max_games_per_day", "womens_championship",
    "entrants", "disqualification_scoring", "illegal_moves_to_lose", "delegation_ranking",
    "excess_check",
})
# The knockout rules too: the bracket is replayed from the games under them, so a change
# after the draw would silently rewrite decided matches (Điều 25).
LOCKED_AFTER_CLOSE = frozenset({"system", "boards_per_team", "reserves_per_team",
                                "discipline", "gender_section", "age_group",
                                "womens_championship", "knockout_tie_rule",
                                "knockout_double_forfeit", "knockout_placement",
                                "team_match_form",
                                "match_target_points", "match_target_wins", "team_ranking",
                                "board_min_games", "match_scoring", "qualifies_to",
                                "qualifiers",
                                # Điều 15.6: how a disqualification scores is the regulations'
                                # rule, fixed before anyone can be disqualified
                                "disqualification_scoring"})


#: Phụ lục 5: "Điều lệ giải đã công bố thì không thay đổi, trừ khi có vấn đề đột xuất về tổ
#: chức cần bổ sung". Once the event has started (a round paired) only these organisational
#: items may still be amended, with a reason (docs/decisions-tournaments.md): where and when
#: it is played, who hosts it and the material terms. Everything that decides a result or a
#: rank (tie-breaks, Điều 21.3; time control; late arrival; move rules; prizes) holds.
AMENDABLE_AFTER_START = frozenset({"venue", "schedule", "end_date", "host_and_sponsors",
                                   "material_terms"})
#: The event has started: its first round is paired.
STARTED = frozenset({S.RUNNING, S.FINISHED, S.CERTIFIED})


def create_tournament(*, user, **fields) -> Tournament:
    tournament = build_tournament(user=user, **fields)
    tournament.save()
    cache_scopes.touch_event_row(tournament.pk)
    return tournament


def build_tournament(*, user, **fields) -> Tournament:
    """The new tournament, checked but not saved (forms call it to show a refusal)."""
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise ServiceError(f"unknown fields: {sorted(unknown)}")
    tournament = Tournament(**fields, created_by=user if user and user.is_authenticated
                            else None)
    if "late_arrival_minutes" not in fields and tournament.discipline == Discipline.CHESS:
        tournament.late_arrival_minutes = 60  # 002 Điều 6.7: one hour unless regulated
    resolve_time_control(tournament, fields, creating=True)
    if not selectors.can_organise(user, body=tournament.organiser_body,
                                  club=tournament.organiser_club):
        raise NotAllowedError(_("Bạn không phải cán bộ của đơn vị tổ chức giải này."))
    check_stage_owner(tournament, user)
    _check_team_match_form(tournament, set(fields))
    _validate_tournament(tournament)
    return tournament


def update_tournament(tournament: Tournament, *, user, amendment_reason: str = "",
                      **fields) -> Tournament:
    """Change the event. Once its regulations are published the change is an amendment
    (Phụ lục 5): it needs ``amendment_reason``, is refused after the start except for
    ``AMENDABLE_AFTER_START``, and is recorded (``RegulationAmendment``)."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        changes = _apply(t, user=user, amendment_reason=amendment_reason, fields=fields)
        t.save()
        if changes:
            _record_amendment(t, changes, amendment_reason, user)
        cache_scopes.touch_event_row(t.pk)
    return t


def apply_tournament_changes(t: Tournament, *, user, amendment_reason: str = "",
                             **fields) -> Tournament:
    """Check and apply ``fields`` on ``t`` in memory, without saving: refused on a certified
    (locked) tournament, for the format fields after the draw, when the result breaks a
    rule of ``_validate_tournament``, or when it amends published regulations without a
    reason or after the start (``check_amendment``). Forms call it to show the refusal."""
    _apply(t, user=user, amendment_reason=amendment_reason, fields=fields)
    return t


def _apply(t: Tournament, *, user, amendment_reason: str, fields: dict) -> dict:
    """``apply_tournament_changes``; answers the amendment to record ({} for none)."""
    before = regulation_values(t)
    _apply_fields(t, user=user, **fields)
    return check_amendment(t, before, amendment_reason)


def regulation_values(t: Tournament) -> dict:
    """The regulation fields of ``t`` as JSON values, the form an amendment records."""
    return {name: _json_value(t, name) for name in sorted(TOURNAMENT_FIELDS)}


def _json_value(t: Tournament, name: str):
    field: Any = Tournament._meta.get_field(name)
    if field.is_relation:
        return getattr(t, field.attname)
    value = getattr(t, name)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value.normalize())
    if hasattr(value, "name") and hasattr(value, "storage"):  # a file
        return value.name or ""
    return value


def check_amendment(t: Tournament, before: dict, reason: str) -> dict:
    """Phụ lục 5: "Điều lệ giải đã công bố thì không thay đổi, trừ khi có vấn đề đột xuất về
    tổ chức cần bổ sung". A change of published regulations needs its reason; after the
    start (``STARTED``) only ``AMENDABLE_AFTER_START`` may change. Answers the changes
    ({field: [before, after]}), {} when nothing is to be recorded (unpublished, or no
    change)."""
    after = regulation_values(t)
    changes = {name: [before[name], after[name]] for name in after
               if before[name] != after[name]}
    if not changes or t.regulations_published_at is None:
        return {}
    if t.status in STARTED:
        fixed = sorted(set(changes) - AMENDABLE_AFTER_START)
        if fixed:
            raise ServiceError(
                _("Giải đã bắt đầu: điều lệ đã công bố không thay đổi (Phụ lục 5; Điều 21.3: "
                  "hệ số phụ theo điều lệ). Chỉ còn được bổ sung: %(allowed)s.")
                % {"allowed": ", ".join(selectors.regulation_label(n)
                                        for n in sorted(AMENDABLE_AFTER_START))},
                field=fixed[0], code="regulations_fixed")
    if not (reason or "").strip():
        raise ServiceError(_("Điều lệ đã công bố: sửa đổi cần ghi lý do (Phụ lục 5: chỉ sửa "
                             "khi có vấn đề đột xuất về tổ chức)."),
                           field="amendment_reason", code="amendment_reason_required")
    return changes


def _record_amendment(t: Tournament, changes: dict, reason: str, user) -> RegulationAmendment:
    last = t.amendments.order_by("-number").values_list("number", flat=True).first() or 0
    return RegulationAmendment.objects.create(
        tournament=t, number=last + 1, changes=changes, reason=reason.strip(),
        status_at_change=t.status,
        amended_by=user if getattr(user, "is_authenticated", False) else None)


def _apply_fields(t: Tournament, *, user, **fields) -> None:
    _require_not_locked(t)
    changed = {name for name, value in fields.items()
               if name in TOURNAMENT_FIELDS and getattr(t, name) != value}
    if t.status not in (S.DRAFT, S.REGISTRATION) and LOCKED_AFTER_CLOSE & changed:
        raise ServiceError(_("Không đổi thể thức/nội dung sau khi đã khóa đăng ký."),
                           field=sorted(LOCKED_AFTER_CLOSE & changed)[0],
                           code="invalid_state")
    for name, value in fields.items():
        if name not in TOURNAMENT_FIELDS:
            raise ServiceError(f"unknown field {name}", field=name)
        setattr(t, name, value)
    # Only what changes: a full PUT repeats the stored control beside a new preset.
    resolve_time_control(t, {n: fields[n] for n in changed}, creating=False)
    if not selectors.can_organise(user, body=t.organiser_body, club=t.organiser_club):
        raise NotAllowedError(_("Bạn không phải cán bộ của đơn vị tổ chức giải này."))
    check_stage_owner(t, user)
    _check_team_match_form(t, changed)
    _validate_tournament(t)


def _check_team_match_form(t: Tournament, given: set[str]) -> None:
    """A choice its system would ignore is refused (``SystemSpec.check_choices``: the form
    of a team match, Điều 30.3, outside a team knockout)."""
    try:
        spec_of(t).check_choices(t, given)
    except EngineError as exc:
        raise refusal(exc) from exc


def publish_regulations(tournament: Tournament, *, user) -> Tournament:
    """Điều 18a: the organiser issues and publishes the regulations before the event; from
    then the public sees the event and its regulations (Phụ lục 5), even as a draft. Once
    only: the publication time is kept."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        if t.regulations_published_at is None:
            t.regulations_published_at = timezone.now()
            t.save(update_fields=["regulations_published_at"])
            cache_scopes.touch_event_row(t.pk)
    return t


def open_registration(tournament: Tournament, *, user) -> Tournament:
    """Registration opens on published regulations (Điều 18a; Phụ lục 5): those not yet
    published are published now, so no one registers on unpublished terms."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.DRAFT, action=_("mở đăng ký"))
        if t.regulations_published_at is None:
            t.regulations_published_at = timezone.now()
            t.save(update_fields=["regulations_published_at"])
        _transition(t, S.REGISTRATION, user)
    return t


def close_registration(tournament: Tournament, *, user, seed: int | None = None) -> Tournament:
    """Close registration and draw the starting numbers: by lot with a stored seed, or by
    rating order (Điều 28.1) for the Dutch Swiss."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.REGISTRATION, action=_("khóa đăng ký"))
        if t.is_team_event:
            if t.teams.count() < 2:
                raise ServiceError(_("Cần ít nhất 2 đội."), code="too_few")
        elif t.entries.count() < 2:
            raise ServiceError(_("Cần ít nhất 2 đấu thủ."), code="too_few")
        spec = spec_of(t)
        _check_field_of_format(t, spec)
        t.lot_seed = seed if seed is not None else secrets.randbits(62)
        _draw_numbers(t)
        if spec.rounds_from_field:
            t.number_of_rounds = engine.total_rounds(t)
        _check_rounds_fit_field(t)
        _check_board_min_games(t)
        _transition(t, S.CLOSED, user)
    return t


def board_min_range(rounds: int) -> tuple[int, int]:
    """002 Điều 2.3: the minimum of games for the individual (board) ranking lies between
    1/2 and 2/3 of the games a player can play (at least one game)."""
    low = max(1, -(-rounds // 2))
    return low, max(low, (2 * rounds) // 3)


def _check_board_min_games(t: Tournament) -> None:
    if not t.is_team_event or t.board_min_games is None:
        return
    low, high = board_min_range(t.number_of_rounds or 0)
    if not low <= t.board_min_games <= high:
        raise ServiceError(_("Số ván tối thiểu để xếp hạng theo bảng phải từ %(lo)s đến %(hi)s "
                             "(1/2 đến 2/3 của %(n)s ván, 002 Điều 2.3).")
                           % {"lo": low, "hi": high, "n": t.number_of_rounds or 0},
                           field="board_min_games", code="invalid")


def _check_field_of_format(t: Tournament, spec: systems.SystemSpec) -> None:
    """The field its system can pair (``SystemSpec.check_field``): 002 Điều 8, a match is
    between two players; 002 Điều 10, every player in group A or B, the groups of one size;
    Điều 30.2, a match of two teams."""
    groups = dict(t.entries.order_by().values_list("group").annotate(n=Count("id")))
    field = systems.Field(players=sum(groups.values()), teams=t.teams.count(), groups=groups)
    try:
        spec.check_field(t, field)
    except EngineError as exc:
        raise refusal(exc) from exc


def finish_tournament(tournament: Tournament, *, user) -> Tournament:
    if not (selectors.can_manage(user, tournament) or selectors.can_arbitrate(user, tournament)):
        raise NotAllowedError(_("Chỉ ban tổ chức hoặc trọng tài kết thúc giải."))
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.RUNNING, action=_("kết thúc giải"))
        spec = spec_of(t)
        total = engine.total_rounds(t)
        played = t.rounds.count()
        if spec.ends_on_decision:
            if not engine.decided(t):
                raise refusal(EngineError(spec.undecided_message, code="rounds_missing"))
        elif played < total:
            raise ServiceError(_("Mới đấu %(p)s/%(n)s ván.") % {"p": played, "n": total},
                               code="rounds_missing")
        _require_results_complete(t)
        _transition(t, S.FINISHED, user)
    return t


def _require_results_complete(t: Tournament) -> None:
    missing = (Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME)
               .exclude(result__in=list(RESULT_POINTS)).select_related("round")
               .order_by("round__number", "board"))
    first = missing.first()
    if first is not None:
        raise ServiceError(_("Còn %(n)s bàn thiếu kết quả (ví dụ ván %(r)s bàn %(b)s).")
                           % {"n": missing.count(), "r": first.round.number, "b": first.board},
                           code="results_missing")


def certify_tournament(tournament: Tournament, *, user) -> Tournament:
    """Công nhận kết quả: locks the tournament and, after the commit, fires the
    ``tournament_certified`` hooks (``settings.HOOKS``: the ratings app starts its rating
    and title jobs)."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.FINISHED, action=_("công nhận kết quả"))
        _require_results_complete(t)
        t.certified_at = timezone.now()
        t.certified_by = user
        _transition(t, S.CERTIFIED, user)
        notices.results_certified(t)  # to the clubs entered, in this transaction (issue 32)
        transaction.on_commit(lambda: hooks.fire("tournament_certified", tournament=t))
    return t


def reopen_tournament(tournament: Tournament, *, user, reason: str) -> Tournament:
    """Only federation staff reopen a certified tournament, with a reason in the history."""
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn mở lại giải đã công nhận."))
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do mở lại."), field="reason")
    with transaction.atomic():
        t = _lock(tournament)
        _expect_status(t, S.CERTIFIED, action=_("mở lại"))
        t.certified_at = None
        t.certified_by = None
        _transition(t, S.FINISHED, user, reason=reason)
    return t


def _check_rounds_fit_field(t: Tournament) -> None:
    """At the draw the field is known: the rounds of a round robin follow from it, and a
    Swiss needs more players than rounds (no rematch, Điều 27)."""
    field_size = t.teams.count() if t.is_team_event else t.entries.count()
    if spec_of(t).swiss and (t.number_of_rounds or 0) >= field_size:
        raise ServiceError(
            _("Hệ Thụy Sĩ %(rounds)s ván cần nhiều hơn %(rounds)s đấu thủ/đội (hiện có "
              "%(n)s) để không ai gặp lại nhau (Điều 27).")
            % {"rounds": t.number_of_rounds, "n": field_size}, field="number_of_rounds",
            code="too_many_rounds")
    if t.number_of_rounds:
        check_rounds_fit_dates(t, t.number_of_rounds)
