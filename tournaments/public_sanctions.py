"""Sanctions of an event announced publicly (Luật Cờ Tướng Điều 16.1d-e, 16.2: "Tổng trọng
tài có quyền truất quyền thi đấu"; "Xóa tên ... Ban tổ chức giải phải tuyên bố hình thức kỷ
luật này bằng văn bản"): the disqualifications and removals of published events, public part
only — the player's name, the event, the sanction, the round and date, the removal's decision
number. Never the reason (free text), nor private data (docs/decisions-public-api.md)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _
from rest_framework import serializers

from core.public import PublicReadOnlyViewSet
from tournaments import cache_scopes
from tournaments.models import Entry, Tournament


class PublicEventSanctionSerializer(serializers.ModelSerializer):
    tournament = serializers.SerializerMethodField()
    sanction = serializers.SerializerMethodField()
    article = serializers.SerializerMethodField()
    on = serializers.SerializerMethodField()
    decision_number = serializers.SerializerMethodField()
    decision_issued_on = serializers.DateField(source="removal_decision.issued_on",
                                               default=None, allow_null=True)

    class Meta:
        model = Entry
        fields = ["id", "name", "tournament", "sanction", "article", "on",
                  "disqualified_after_round", "decision_number", "decision_issued_on"]

    def get_tournament(self, entry) -> dict:
        return {"id": entry.tournament_id, "name": entry.tournament.name}

    def get_sanction(self, entry) -> str:
        if entry.removal_decision_id:
            return _("Xóa tên khỏi danh sách và kết quả của giải")
        return _("Truất quyền thi đấu")

    def get_article(self, entry) -> str:
        return "16.1e" if entry.removal_decision_id else "16.1d"

    def get_on(self, entry) -> str | None:
        if entry.removal_decision_id:
            return entry.removal_decision.issued_on.isoformat()
        return entry.disqualified_at.date().isoformat() if entry.disqualified_at else None

    def get_decision_number(self, entry) -> str | None:
        decision = entry.removal_decision
        return decision.formatted_number if decision else None


class PublicEventSanctionViewSet(PublicReadOnlyViewSet):
    """Disqualifications and removals in published events (Điều 16.2)."""

    serializer_class = PublicEventSanctionSerializer
    cache_scopes = (cache_scopes.LIST,)
    queryset = (Entry.objects
                .filter(Q(disqualified_at__isnull=False) | Q(removal_decision__isnull=False))
                .exclude(tournament__status=Tournament.Status.DRAFT)
                .select_related("tournament", "removal_decision")
                .order_by("-tournament__start_date", "tournament_id", "name", "id"))
