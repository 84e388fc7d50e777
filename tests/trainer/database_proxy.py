"""A TCP relay between the servers under test and PostgreSQL, which a test cuts and restores.

Cut, it is PostgreSQL going down as the servers see it: every open connection drops and a new one is refused. Restored,
it listens again on the same port, as a restarted PostgreSQL does.
"""

import contextlib
import socket
import threading

from scratch_redis import free_port


class DatabaseProxy:
    """Relays 127.0.0.1:``port`` to the database server at ``target`` until cut; restored, relays again."""

    def __init__(self, target: tuple[str, int]) -> None:
        """A relay to ``target`` (host, port) on a free loopback port, not yet listening."""
        self.target, self.port = target, free_port()
        self.links: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener: socket.socket | None = None

    def restore(self) -> None:
        """Listen (again) and relay every connection made."""
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        """Stop listening (a new connection is refused) and drop every relayed connection."""
        assert self.listener is not None
        with self.lock:
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            for link in self.links:
                with contextlib.suppress(OSError):
                    link.shutdown(socket.SHUT_RDWR)
                link.close()
            self.links.clear()

    def _accept(self, listener: socket.socket) -> None:
        """Relay each connection made, until the listener is closed."""
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            with self.lock:
                if listener.fileno() == -1:
                    client.close()
                    return
                upstream = socket.create_connection(self.target)
                self.links += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        """Copy one direction of a connection until either end closes."""
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
