"""A connection's WebSocket frames: the whole table first, then only the regions whose context changed."""

from __future__ import annotations

from typing import Any

from core.unavailable import NOT_SAVED
from trainer.felt import Region, render
from trainer.services import StepReply
from trainer.snapshots import AnyTableSnapshot, Viewer
from trainer.table_page import error_feedback, feedback_context, feedback_regions, render_region, table_regions


class TableFrames:
    """The WebSocket frames of one connection: the first draws the viewer's whole table, each later one what changed.

    It remembers the context of every region it has sent, so a frame redraws only the regions whose context
    changed (and those that must be redrawn), and it adds the new steps to the table log instead of drawing the
    log again. A new connection starts a new ``TableFrames``, so a reload or a reconnection gets the whole table.
    """

    def __init__(self, viewer: Viewer) -> None:
        """Nothing sent yet to this viewer."""
        self.viewer = viewer
        self.sent: dict[str, Any] = {}
        self.sequence: int | None = None
        """The attempt's frame number when this connection last drew its table."""

    def table(self, snapshot: AnyTableSnapshot, reply: StepReply | None = None) -> str:
        """The frame that brings this viewer's table to ``snapshot``; feedback and alert are redrawn each reply.

        The alert is redrawn by a reply that has words for it, so that the same words are said again; one with none
        clears it only if it holds words (an empty alert swapped for an empty one changes nothing on the page).
        """
        feedback = feedback_context(snapshot, self.viewer, reply)
        redrawn = ("feedback", "feedback-alert") if feedback["alert"] else ("feedback",)
        self.sequence = snapshot.sequence
        html: list[str] = []
        for region in table_regions(snapshot, self.viewer, feedback):
            if region.element_id in redrawn and reply is not None:
                region = region._replace(redraw=True)
            html += self._log(region) if region.element_id == "table-log" else self._draw(region)
        return "".join(html)

    def error(self, message: str) -> str:
        """A frame holding only an error in the feedback panel: the table is unchanged."""
        return "".join(html for region in feedback_regions(error_feedback(message)) for html in self._draw(region))

    def not_saved(self, sequence: int) -> str:
        """The frame saying the step numbered ``sequence`` was not saved, marked so that the page sends it again.

        The mark swaps nothing (``none``) and names the step's frame number (static/js/table.js reads it).
        """
        return self.error(NOT_SAVED) + f'<div hx-swap-oob="none:#feedback" data-step-not-saved="{sequence}"></div>'

    def _remember(self, region: Region) -> None:
        """Note a region (and every part of it) as sent."""
        self.sent[region.element_id] = region.shell if region.parts else region.context
        for part in region.parts:
            self._remember(part)

    def _draw(self, region: Region) -> list[str]:
        """The region if it changed, else whichever of its parts changed."""
        drawn = region.shell if region.parts else region.context
        if region.redraw or self.sent.get(region.element_id) != drawn:
            self._remember(region)
            return [render_region(region, oob=True)]
        return [html for part in region.parts for html in self._draw(part)]

    def _log(self, region: Region) -> list[str]:
        """The table log: the new entries only, newest first, when the log already shown is a beginning of it."""
        shown = self.sent.get("table-log")
        entries = region.context["log"]
        if shown is None or not shown["log"]:
            return self._draw(region)
        count = len(shown["log"])
        if len(entries) <= count or entries[:count] != shown["log"]:
            return self._draw(region)
        self._remember(region)
        return [render("trainer/_table_log_entries.html", {"log": entries[count:]})]
