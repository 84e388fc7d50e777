"""The legend of the provenance labels every citation carries: regulation, inferred, or your house procedure."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from simulator.core.citations import Citation
from simulator.core.clauses import CLAUSES


@require_GET
@login_required
def provenance_legend(request: HttpRequest) -> HttpResponse:
    """What each label means, with one rule of the catalogue as an example of each."""
    examples: dict[str, Citation] = {}
    for citation in CLAUSES.values():
        examples.setdefault(citation.kind, citation)
    return render(request, "grading/provenance.html", {"examples": examples})
