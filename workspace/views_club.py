"""The club manager's screens ("CLB của tôi", issue 27)."""

from __future__ import annotations

from django.shortcuts import render

from workspace.access import club_manager_required


@club_manager_required
def club(request, club):
    return render(request, "workspace/club/club.html", {"club": club})
