"""Upgrade canary for trainer/daphne_sockets.py: what it overrides in Daphne and Autobahn is still there, unchanged.

Each failure names the library's change to look at before upgrading it; the behaviour itself is tested against live
servers, stock ``daphne`` and dealer_school/serve.py (tests/trainer/test_socket_limits_under_daphne.py).
"""

import inspect

from autobahn.websocket.protocol import WebSocketProtocol as AutobahnProtocol
from daphne import server, ws_protocol

from trainer import daphne_sockets


def parameters(function) -> list[str]:
    """The names of a function's parameters."""
    return list(inspect.signature(function).parameters)


def test_installing_makes_the_schools_protocol_the_one_daphnes_server_builds_its_sockets_with():
    daphne_sockets.install()
    assert server.WebSocketFactory is ws_protocol.WebSocketFactory, "Daphne's server uses another factory now"
    assert "WebSocketFactory(self" in inspect.getsource(server.Server.run), "Daphne builds its factory elsewhere now"
    assert ws_protocol.WebSocketFactory.protocol is daphne_sockets.SchoolWebSocketProtocol


def test_daphne_still_hands_the_application_s_messages_and_the_handshake_to_the_methods_overridden():
    assert parameters(ws_protocol.WebSocketProtocol.handle_reply) == ["self", "message"]
    assert parameters(ws_protocol.WebSocketProtocol.onConnect) == ["self", "request"]
    assert "protocol.handle_reply(message)" in inspect.getsource(server.Server.handle_reply), (
        "Daphne no longer passes the application's messages to the protocol's handle_reply"
    )


def test_autobahn_still_fails_a_connection_with_code_and_reason_and_then_drops_its_frames():
    assert parameters(AutobahnProtocol._fail_connection) == ["self", "code", "reason"]
    failing = inspect.getsource(AutobahnProtocol._fail_connection)
    assert "self.failedByMe = True" in failing and "self.sendCloseFrame(" in failing, (
        "Autobahn's _fail_connection no longer marks the connection failed and sends a close frame"
    )
    for assembling in (AutobahnProtocol.onMessageFrameData, AutobahnProtocol.onMessageEnd):
        assert "if not self.failedByMe:" in inspect.getsource(assembling), (
            f"Autobahn's {assembling.__name__} no longer drops a failed connection's frames"
        )


def test_autobahn_still_calls_the_size_hook_and_keeps_a_protocol_s_own_options():
    assert parameters(AutobahnProtocol._max_message_size_exceeded) == ["self", "msg_size", "max_msg_size", "reason"]
    assert "self._max_message_size_exceeded(" in inspect.getsource(AutobahnProtocol.onMessageFrameBegin)
    assert {"failByDrop", "maxFramePayloadSize", "maxMessagePayloadSize"} <= set(AutobahnProtocol.CONFIG_ATTRS_COMMON)
    assert "if not hasattr(self, configAttr):" in inspect.getsource(AutobahnProtocol._connectionMade), (
        "Autobahn now overwrites a protocol's own options (failByDrop) with the factory's"
    )


def test_daphne_still_tells_the_protocol_of_a_close_through_autobahn_s_hook():
    assert parameters(ws_protocol.WebSocketProtocol.onClose) == ["self", "wasClean", "code", "reason"]
    assert "self._onClose(" in inspect.getsource(AutobahnProtocol._connectionLost), (
        "Autobahn no longer calls onClose when a connection is lost"
    )
