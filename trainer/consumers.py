"""The training table's WebSocket: a thin consumer that reads frames and answers with HTML fragments.

The consumer is asynchronous so that reading a frame, sending the answer and telling the other viewers cost no
thread hop; the step itself (the services and the HTML, which touch the database) is one synchronous call, run on
the step threads (:mod:`trainer.step_threads`; the services take an attempt's steps one at a time and write one at
a time).

An attempt has two groups: its watchers (instructors) and its dealer (the trainee's connections). A trainee's
step is told to the watchers only when an instructor watches, and to the dealer group only when the trainee has
another connection open on the attempt (a second tab), so the one dealing connection is never woken by its own
step; an instructor's validation is told to both. Each trainee connection learns of its other tabs through the
dealer group when it opens (they answer it directly) and when they close. It learns of the watchers the same way:
an opening trainee connection tells the watchers group (each watcher answers it directly), and an instructor's
connection tells the dealer group when it opens and when it closes. Each joins its own group before it tells the
other, so of two connections opening together at least one hears the other; a trainee's connection that hears of
another has it redraw its table once, which covers a step taken before it heard. With a single tab and nobody
watching, a step costs no group message, whichever process holds the other connections.

The trainee's connection times their steps (:mod:`grading.step_clock`): the current step's clock starts with the
first frame it sends and stops when it closes and the trainee has no other connection to the attempt; a frame
``{"dialog": "open"}`` or ``{"dialog": "closed"}`` from the page stops it and starts it again.

A refused connection is accepted and then closed with the reason's code (4401 not signed in, 4403 not allowed,
1013 the database did not answer, so try again later): a browser is told the code of a close, but only "abnormal
closure" for a refused handshake. A step the database did not take is answered "not saved", and the page sends it
again.
"""

import json
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from core.unavailable import DATABASE_UNAVAILABLE, TRY_AGAIN_LATER, TRY_AGAIN_LATER_CLOSE_CODE
from simulator.core.chips import DEFAULT_RACK
from trainer import services
from trainer.controls import FLOORPERSON_STEPS, MAX_FRAME_CHARACTERS, FrameError, StepFrame, read_step
from trainer.frames import TableFrames
from trainer.models import Attempt
from trainer.services import StepReply
from trainer.snapshots import Viewer
from trainer.socket_user import SignInCheck, account_group, socket_user
from trainer.step_threads import on_step_thread
from trainer.tables import table_description

ANONYMOUS_CLOSE_CODE = 4401
FORBIDDEN_CLOSE_CODE = 4403


def watchers_group(attempt_id: int) -> str:
    """The group of the instructors watching an attempt."""
    return f"attempt-{attempt_id}-watchers"


def dealer_group(attempt_id: int) -> str:
    """The group of the trainee's connections to their attempt."""
    return f"attempt-{attempt_id}-dealer"


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One viewer at one attempt: the trainee dealing it, or an instructor watching and validating."""

    async def connect(self) -> None:
        """Refuse anyone who may not see the attempt; otherwise join its group and send a full snapshot."""
        self.attempt_id: int = self.scope["url_route"]["kwargs"]["attempt_id"]
        self.seated = False
        self.other_tabs: set[str] = set()
        self.watchers: set[str] = set()
        user = socket_user(self.scope)
        if not user.is_authenticated:
            await self.refuse(ANONYMOUS_CLOSE_CODE)
            return
        self.user = user
        self.sign_in = SignInCheck(self.scope)
        try:
            attempt = await database_sync_to_async(self.take_seat)()
        except DATABASE_UNAVAILABLE:
            await self.refuse(TRY_AGAIN_LATER_CLOSE_CODE, TRY_AGAIN_LATER)
            return
        if attempt is None:
            await self.refuse(FORBIDDEN_CLOSE_CODE)
            return
        self.group = (dealer_group if self.viewer is Viewer.TRAINEE else watchers_group)(self.attempt_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(account_group(self.user.pk), self.channel_name)
        self.seated = True
        await self.accept()
        await self.send(text_data=await database_sync_to_async(self.draw)(attempt))
        arrived = {"channel": self.channel_name}
        if self.viewer is Viewer.TRAINEE:
            await self.channel_layer.group_send(self.group, arrived | {"type": "dealer.arrived"})
            await self.channel_layer.group_send(watchers_group(self.attempt_id), arrived | {"type": "dealer.opened"})
        else:
            await self.channel_layer.group_send(dealer_group(self.attempt_id), arrived | {"type": "watcher.arrived"})

    async def refuse(self, code: int, reason: str = "") -> None:
        """Close the connection with the refusal's code, accepting it first so that the browser is told the code."""
        await self.accept()
        await self.close(code=code, reason=reason)

    def take_seat(self) -> Attempt | None:
        """The attempt if the user may see it, noting their part and the steps they may send; else None."""
        found = services.viewable_attempt(self.attempt_id, self.user)
        if found is None:
            return None
        attempt, self.viewer = found
        self.rack = DEFAULT_RACK
        if self.viewer is Viewer.TRAINEE:
            self.controls = table_description(attempt.table.game).step_controls
            self.allowed = services.dealer_steps(attempt)
        else:
            self.controls, self.allowed = FLOORPERSON_STEPS, frozenset(FLOORPERSON_STEPS)
        self.frames = TableFrames(self.viewer)
        return attempt

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Run the message's handler straight away.

        Channels' own dispatch first closes old database connections in a thread hop of its own; here every
        handler that touches the database goes through ``database_sync_to_async``, which closes them itself.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        """Leave the attempt's group, telling the trainee's other connections."""
        if not self.seated:
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.channel_layer.group_discard(account_group(self.user.pk), self.channel_name)
        left = {"channel": self.channel_name}
        if self.viewer is Viewer.TRAINEE:
            await self.channel_layer.group_send(self.group, left | {"type": "dealer.left"})
            if not self.other_tabs:
                await database_sync_to_async(services.time_the_step)(self.attempt_id, self.user, False)
        else:
            await self.channel_layer.group_send(dealer_group(self.attempt_id), left | {"type": "watcher.left"})

    async def account_signed_out(self, event: dict[str, Any]) -> None:
        """The account logged out, changed its password or was disabled: close as not signed in."""
        await self.close(code=ANONYMOUS_CLOSE_CODE)

    async def signed_in(self) -> bool:
        """Whether the session still signs the user in, checked when due; if not, close as not signed in."""
        if self.sign_in.due() and not await database_sync_to_async(self.sign_in.holds)():
            await self.close(code=ANONYMOUS_CLOSE_CODE)
            return False
        return True

    async def dealer_arrived(self, event: dict[str, Any]) -> None:
        """Another connection of the trainee opened on the attempt: note it, and tell it this one is open too."""
        if event["channel"] != self.channel_name:
            self.other_tabs.add(event["channel"])
            await self.channel_layer.send(event["channel"], {"type": "dealer.present", "channel": self.channel_name})
            await self.catch_up(event["channel"])

    async def catch_up(self, channel: str) -> None:
        """Have a connection just heard of redraw its table: a step taken before this one heard of it was not told."""
        message = {"type": "table.updated", "attempt_id": self.attempt_id, "origin": self.channel_name}
        await self.channel_layer.send(channel, message | {"catch_up": True})

    async def dealer_present(self, event: dict[str, Any]) -> None:
        """A connection of the trainee that was already open on the attempt answered this one's arrival."""
        self.other_tabs.add(event["channel"])
        await self.catch_up(event["channel"])

    async def dealer_left(self, event: dict[str, Any]) -> None:
        """Another connection of the trainee to the attempt closed."""
        self.other_tabs.discard(event["channel"])

    async def dealer_opened(self, event: dict[str, Any]) -> None:
        """A trainee's connection opened on the attempt this instructor watches: tell it this one watches."""
        await self.channel_layer.send(event["channel"], {"type": "watcher.arrived", "channel": self.channel_name})

    async def watcher_arrived(self, event: dict[str, Any]) -> None:
        """An instructor watches the attempt (opened just now, or answering this connection's opening)."""
        self.watchers.add(event["channel"])
        await self.catch_up(event["channel"])

    async def watcher_left(self, event: dict[str, Any]) -> None:
        """An instructor's connection to the attempt closed."""
        self.watchers.discard(event["channel"])

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """The JSON value of a text frame, its size checked before it is read; FrameError for an unreadable frame."""
        if len(text_data) > MAX_FRAME_CHARACTERS:
            raise FrameError("That frame is too long to be a step.")
        try:
            return json.loads(text_data)
        except (ValueError, RecursionError):
            raise FrameError("That frame is not valid JSON.") from None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """Decode a text frame as Channels does; answer a frame that cannot be read as a step with an error.

        Hand-written around Channels' own, which raises on a binary or empty frame and lets a decoding error out.
        A frame on a refused connection, sent before the browser saw the close, is ignored.
        """
        if not self.seated:
            return
        try:
            if not text_data:
                raise FrameError("Send the step as a JSON text frame.")
            await super().receive(text_data=text_data, **kwargs)
        except FrameError as error:
            await self.send(text_data=self.frames.error(str(error)))

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Read a step, make one call into the services, answer with what changed and tell the other viewers.

        A dialog's frame is answered with nothing: it only stops or starts the trainee's step clock.
        """
        if isinstance(content, dict) and "dialog" in content:
            await self.dialog(content)
            return
        frame = read_step(content, self.controls, self.allowed, self.rack)
        try:
            answered = await on_step_thread(self.answer)(frame)
        except DATABASE_UNAVAILABLE:
            await self.send(text_data=self.frames.not_saved(frame.sequence))
            return
        if answered is None:
            await self.close(code=ANONYMOUS_CLOSE_CODE)
            return
        answer, changed = answered
        await self.send(text_data=answer)
        if changed:
            message = {"type": "table.updated", "attempt_id": self.attempt_id, "origin": self.channel_name}
            message["sequence"] = frame.sequence
            if self.viewer is Viewer.INSTRUCTOR or self.watchers:
                await self.channel_layer.group_send(watchers_group(self.attempt_id), message)
            if self.viewer is Viewer.INSTRUCTOR or self.other_tabs:
                await self.channel_layer.group_send(dealer_group(self.attempt_id), message)

    async def dialog(self, content: dict[str, Any]) -> None:
        """A dialog opened from the trainee's page stops their step clock; closed, it starts it again."""
        if content != {"dialog": "open"} and content != {"dialog": "closed"}:
            raise FrameError('A dialog frame is {"dialog": "open"} or {"dialog": "closed"}.')
        if self.viewer is Viewer.TRAINEE:
            running = content["dialog"] == "closed"
            await database_sync_to_async(services.time_the_step)(self.attempt_id, self.user, running)

    def answer(self, frame: StepFrame) -> tuple[str, bool] | None:
        """Take the frame's step and draw what changed; whether the table changed for the other viewers.

        None, taking nothing, if the session no longer signs the user in (checked when due, on the same thread as
        the step: a thread hop of its own cost more than the check).
        """
        if self.sign_in.due() and not self.sign_in.holds():
            return None
        reply = self.act(frame)
        return self.frames.table(reply.snapshot, reply), reply.notice is None

    def act(self, frame: StepFrame) -> StepReply:
        """The trainee's step, or the instructor's validation as floorperson."""
        if self.viewer is Viewer.TRAINEE:
            return services.apply_step(self.attempt_id, self.user, frame)
        return services.validate_payout(self.attempt_id, self.user, frame)

    async def table_updated(self, event: dict[str, Any]) -> None:
        """Another viewer changed the table: send this viewer what changed on it."""
        if event["origin"] == self.channel_name:
            return
        try:
            if not await self.signed_in():
                return
            changes = await database_sync_to_async(self.draw_table)(event.get("catch_up", False))
        except DATABASE_UNAVAILABLE:
            return  # the next news, or a reconnection, brings this viewer's table up to date
        if changes:
            await self.send(text_data=changes)

    def draw_table(self, catching_up: bool) -> str:
        """What brings this viewer's page to the table as it stands; "" when nothing changed or access has ended.

        Catching up, it draws nothing unless a frame has been applied since this connection last drew the table.
        """
        found = services.viewable_attempt(self.attempt_id, self.user)
        if found is None:
            return ""
        snapshot = services.table_snapshot(found[0])
        if catching_up and self.frames.sequence == snapshot.sequence:
            return ""
        return self.frames.table(snapshot)

    def draw(self, attempt: Attempt) -> str:
        """The connection's first frame, the attempt's table as it stands; the trainee's step clock starts with it.

        The chips the trainee pays with are read with the rack of the round's rules, the rack its page draws.
        """
        if self.viewer is Viewer.TRAINEE:
            services.time_the_step(self.attempt_id, self.user, True)
        snapshot = services.table_snapshot(attempt)
        self.rack = snapshot.rack
        return self.frames.table(snapshot)
