"""Reads of complaints (Điều 15.5-15.6, 19; 002 Phần 2 Điều 2.7) and annulled games (9.9).

Who sees a complaint: staff; the organisers and arbiters of its event; its parties — the
complainant (the player, the managers of the complaining club), the players of the game it is
about, the player whose title it is about. The public sees only the decided ones, as
``public_complaints`` words them: no grounds, no filer, no private data.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from federation.models import Club
from federation.selectors import shown_club_memberships
from tournaments import selectors
from tournaments.models import AnnulledGame, Complaint, Tournament

_RELATED = ("tournament", "complainant_entry", "complainant_team", "complainant_club",
            "pairing__round", "pairing__white", "pairing__black", "round", "subject_entry",
            "decision", "appeal_of")


def event_clubs(tournament: Tournament) -> QuerySet[Club]:
    """The clubs that may complain in the event (Điều 15.5: "câu lạc bộ" of its players): the
    club shown for each entered player (``shown_club_memberships``), the clubs of its teams
    and delegations, and its organising club; by name, one query."""
    players = tournament.entries.filter(member__isnull=False).values("member__person_id")
    shown = shown_club_memberships().filter(member__person_id__in=players).values("club_id")
    q = (Q(pk__in=shown) | Q(tournament_teams__tournament=tournament)
         | Q(delegations__tournament=tournament))
    if tournament.organiser_club_id is not None:
        q |= Q(pk=tournament.organiser_club_id)
    return Club.objects.filter(pk__in=Club.objects.filter(q).values("pk")).order_by("name")


def _party(user) -> Q:
    q = Q(complainant_club__managers=user)
    for entry in ("complainant_entry", "subject_entry", "pairing__white", "pairing__black"):
        q |= Q(**{f"{entry}__member__person__user": user}) | Q(**{f"{entry}__person__user": user})
    return q


def complaints_for(user) -> QuerySet[Complaint]:
    """The complaints ``user`` may read (module docstring)."""
    rows = Complaint.objects.select_related(*_RELATED)
    if not getattr(user, "is_authenticated", False):
        return rows.none()
    if user.is_staff:
        return rows
    mine = [t.pk for t in selectors.visible_tournaments(user)
            if selectors.can_manage(user, t) or selectors.can_arbitrate(user, t)]
    return rows.filter(Q(tournament_id__in=mine) | _party(user)).distinct()


def pending_for_chief(tournament: Tournament) -> QuerySet[Complaint]:
    return (Complaint.objects.select_related(*_RELATED)
            .filter(tournament=tournament).order_by("status", "number"))


def _game(c: Complaint) -> dict | None:
    p = c.pairing
    if p is None:
        return None
    return {"round": p.round.number, "board": p.board,
            "white": p.white.name if p.white else None,
            "black": p.black.name if p.black else None}


def public_complaints(tournament: Tournament) -> list[dict]:
    """The decided complaints of an event as the public reads them: number, level, subject,
    the game or round, the outcome with its reasons and article, the effect, the numbered
    decision; the date as dd/mm/yyyy is the page's business (an ISO date here)."""
    rows = (Complaint.objects.select_related(*_RELATED)
            .filter(tournament=tournament).exclude(status=Complaint.Status.PENDING)
            .order_by("number"))
    return [{
        "number": c.number, "level": c.level, "level_label": str(c.get_level_display()),
        "subject": c.subject, "subject_label": str(c.get_subject_display()),
        "game": _game(c), "round": c.round.number if c.round else None,
        "player": c.subject_entry.name if c.subject_entry else None,
        "status": c.status, "status_label": str(c.get_status_display()),
        "reasons": c.reasons, "article": c.article, "effect": c.effect,
        "effect_label": str(c.get_effect_display()) if c.effect else "",
        "corrected_result": c.corrected_result,
        "corrected_result_label": str(c.get_corrected_result_display())
        if c.corrected_result else "",
        "decision_number": c.decision.formatted_number if c.decision else None,
        "decided_on": timezone.localtime(c.decided_at).date().isoformat()
        if c.decided_at else None,
        "appeal_of": c.appeal_of.number if c.appeal_of else None,
    } for c in rows]


def annulled_games(tournament: Tournament) -> QuerySet[AnnulledGame]:
    return (AnnulledGame.objects.filter(pairing__round__tournament=tournament)
            .select_related("pairing__round", "played_white", "played_black", "complaint"))


# --- words -----------------------------------------------------------------------------------

def complainant_text(c: Complaint) -> str:
    if c.complainant_kind == Complaint.Complainant.CLUB and c.complainant_club is not None:
        return _("câu lạc bộ %(club)s") % {"club": c.complainant_club.name}
    if c.complainant_kind == Complaint.Complainant.TEAM_LEADER and c.complainant_team is not None:
        return _("lãnh đội %(name)s (đội %(team)s)") % {"name": c.complainant_name,
                                                       "team": c.complainant_team.name}
    return _("đấu thủ %(name)s") % {"name": c.complainant_entry.name if c.complainant_entry
                                    else c.complainant_name}


def subject_text(c: Complaint) -> str:
    if c.pairing is not None:
        p = c.pairing
        return _("%(what)s, vòng %(r)s bàn %(b)s: %(w)s - %(k)s") % {
            "what": c.get_subject_display(), "r": p.round.number, "b": p.board,
            "w": p.white.name if p.white else "-", "k": p.black.name if p.black else "-"}
    if c.round is not None:
        return _("%(what)s, vòng %(r)s") % {"what": c.get_subject_display(), "r": c.round.number}
    name = c.subject_entry.name if c.subject_entry else ""
    return f"{c.get_subject_display()}: {name}"


def effect_text(c: Complaint) -> str:
    if c.effect == Complaint.Effect.RESULT_CORRECTED:
        return _("kết quả sửa thành %(r)s") % {"r": c.corrected_result}
    return str(Complaint.Effect(c.effect or Complaint.Effect.NONE).label).lower()
