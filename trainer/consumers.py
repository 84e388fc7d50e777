"""The training table's WebSocket: a thin, synchronous consumer that reads frames and answers with HTML fragments."""

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer

from trainer import services
from trainer.controls import DEALER_STEPS, FLOORPERSON_STEPS, MAX_FRAME_CHARACTERS, FrameError, StepFrame, read_step
from trainer.fragments import TableFrames
from trainer.services import StepReply, Viewer

ANONYMOUS_CLOSE_CODE = 4401
FORBIDDEN_CLOSE_CODE = 4403


def decode_frame(text_data: str | None) -> Any:
    """The JSON value of a text frame; FrameError for a binary, oversized or malformed frame."""
    if text_data is None:
        raise FrameError("Send the step as a JSON text frame.")
    if len(text_data) > MAX_FRAME_CHARACTERS:
        raise FrameError("That frame is too long to be a step.")
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        raise FrameError("That frame is not valid JSON.") from None


class TableConsumer(WebsocketConsumer):
    """One viewer at one attempt: the trainee dealing it, or an instructor watching and validating."""

    def connect(self) -> None:
        """Refuse anyone who may not see the attempt; otherwise join its group and send a full snapshot."""
        self.attempt_id: int = self.scope["url_route"]["kwargs"]["attempt_id"]
        user = self.scope["user"]
        if not user.is_authenticated:
            self.close(code=ANONYMOUS_CLOSE_CODE)
            return
        found = services.viewable_attempt(self.attempt_id, user)
        if found is None:
            self.close(code=FORBIDDEN_CLOSE_CODE)
            return
        attempt, self.viewer = found
        if self.viewer is Viewer.TRAINEE:
            self.controls, self.allowed = DEALER_STEPS, services.dealer_steps(attempt)
        else:
            self.controls, self.allowed = FLOORPERSON_STEPS, frozenset(FLOORPERSON_STEPS)
        self.frames = TableFrames(self.viewer)
        self.group = f"attempt-{self.attempt_id}"
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self.send(text_data=self.frames.table(services.table_snapshot(attempt)))

    def disconnect(self, code: int) -> None:
        """Leave the attempt's group."""
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Read a step, make one call into the services, answer with the table and tell the other viewers."""
        try:
            frame = read_step(decode_frame(text_data), self.controls, self.allowed)
        except FrameError as error:
            self.send(text_data=self.frames.error(str(error)))
            return
        reply = self.act(frame)
        self.send(text_data=self.frames.table(reply.snapshot, reply))
        if reply.notice is None:
            message = {"type": "table.updated", "attempt_id": self.attempt_id, "origin": self.channel_name}
            async_to_sync(self.channel_layer.group_send)(self.group, message | {"sequence": frame.sequence})

    def act(self, frame: StepFrame) -> StepReply:
        """The trainee's step, or the instructor's validation as floorperson."""
        user = self.scope["user"]
        if self.viewer is Viewer.TRAINEE:
            return services.apply_step(self.attempt_id, user, frame)
        return services.validate_payout(self.attempt_id, user, frame)

    def table_updated(self, event: dict[str, Any]) -> None:
        """Another viewer changed the table: send this viewer the table as it now stands."""
        if event["origin"] == self.channel_name:
            return
        found = services.viewable_attempt(self.attempt_id, self.scope["user"])
        if found is not None:
            self.send(text_data=self.frames.table(services.table_snapshot(found[0])))
