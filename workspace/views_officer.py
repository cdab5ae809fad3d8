"""The screens of an officer of a body (issue 27)."""

from __future__ import annotations

from django.shortcuts import render

from workspace.access import officer_required


@officer_required
def body(request, body):
    return render(request, "workspace/officer/body.html", {"body": body})
