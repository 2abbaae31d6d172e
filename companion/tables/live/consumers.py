"""The live websocket of a table: one per phone, joined to the table's group.

On connect it sends *this* connection's seat view (HTML fragments for the htmx ws extension,
or JSON with ``?format=json``); on every ``table.changed`` it sends what changed since the seq
it sent last (`live.delta`), rendered once per view and shared by the process's phones with the
same view. Privacy holds by construction: nothing but the receiving seat's own view is ever
sent to it. Input is tiny (``{"type": "sync"}``, optionally with a ``"language"``: the phone
asks for the full view again, in that language) and validated: other JSON gets an error and
changes nothing; a binary or oversized frame, or a flood of frames, closes this connection
alone.
"""

from __future__ import annotations

import json
import time
from functools import partial
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import SynchronousOnlyOperation
from django.utils.translation import get_supported_language_variant

from companion.advisor.hints import seat_group
from companion.core import admission, outages
from companion.core.i18n import in_connection_language, language_from_scope
from companion.core.outages import DATABASE_DOWN, LAYER_DOWN
from companion.tables.coach import reviews as coach
from companion.tables.live import pushes as live
from companion.tables.live import sweep as live_sweep
from companion.tables.live.hint_watchdog import HintWatchdog
from companion.tables.models import Table
from companion.tables.pages.rendering import hint_fragments
from companion.tables.play import realtime, seating, services, state_cache
from companion.tables.tokens import cookie_name, scribe_cookie, token_from_cookie

# Phones send nothing but an occasional {"type": "sync"}. Daphne refuses frames over 1 MiB
# before they reach Python (--websocket-max-message-size in docker-compose.yml; the limit also
# applies to what it sends, and a page's fragments are tens of KiB); this is the consumer's own,
# far tighter limit, which also holds under `manage.py runserver`.
MAX_FRAME = 4096
PONG = '{"type": "pong"}'  # the answer to {"type": "ping"}

# Renders read only (the table, its log, the cached state) and may run side by side. Channels
# runs `database_sync_to_async` on one thread per process (there is no per-connection thread
# context as Django gives each HTTP request), which queued every phone's render behind the
# others: with 100 busy tables, updates reached phones seconds late.
render_in_thread = partial(database_sync_to_async, thread_sensitive=False)
# A connection that sends more than FRAME_BURST frames within FRAME_WINDOW_S seconds is closed:
# every sync renders the whole seat view, so a flood would cost the other phones' renders.
FRAME_BURST = 20
FRAME_WINDOW_S = 10.0
TRY_AGAIN_LATER = 4503  # "reconnect later"; Daphne allows a server only 1000 and 3000-4999
# Close codes: a server may send only 1000 and 3000-4999 (Daphne/autobahn refuse RFC 6455's
# 1003/1008/1009 from an application), so these are 4000 + the RFC's number.
UNSUPPORTED_DATA = 4003  # a binary frame where only text is understood
POLICY_VIOLATION = 4008  # the frame flood
MESSAGE_TOO_BIG = 4009  # over MAX_FRAME
SEAT_MOVED = 4001  # the host gave this phone's seat to another phone: reconnect as what it is


class LiveUpdatesLost(ConnectionError):
    """Raised by a consumer whose process lost the channel layer's connection."""


def _supported_language(code: Any) -> str | None:
    if not isinstance(code, str) or len(code) > 20:
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def _format_of(scope: dict[str, Any]) -> str:
    """"json" for ``?format=json`` (apps, tests), else "html" (the page's htmx socket)."""
    query = parse_qs(scope.get("query_string", b"").decode())
    return "json" if query.get("format") == ["json"] else "html"


class TableConsumer(HintWatchdog, AsyncWebsocketConsumer):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Channels' consumer, with a handshake met by a Redis outage refused cleanly. Its
        channel is subscribed before ``connect()`` and the table's group in it; while Redis is
        away either raises, which Daphne answered with a 500 and a traceback per attempt.
        Now the handshake is refused as while the database is down (`_unavailable`): the
        page's socket sees an abnormal close (1006), on which htmx's ws extension retries with
        the backoff of static/js/table.js and gets the whole view again once Redis is back; a
        JSON client is told so and closed with 4503. One WARNING per outage, no traceback. A
        connection that was already accepted fails as before (1011: the page reconnects)."""
        accepted = False

        async def tracked(message: dict[str, Any]) -> None:
            nonlocal accepted
            if message.get("type") == "websocket.accept":
                accepted = True
                outages.layer_accepted()
            await send(message)

        try:
            await super().__call__(scope, receive, tracked)
        except LAYER_DOWN as exc:
            if accepted:
                raise
            outages.layer_refused(exc)
            await self._refuse_handshake(scope, send)

    @staticmethod
    async def _refuse_handshake(scope: dict[str, Any], send: Any) -> None:
        if _format_of(scope) != "json":
            await send({"type": "websocket.close"})  # before accept: the handshake is refused
            return
        message = "live updates are not available right now; reconnect in a moment"
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "text": json.dumps({"type": "error", "message": message})})
        await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections()`` before every message:
        that call hops to the process's one thread-sensitive thread, so every push of every
        phone queued behind the others there (and cost a thread hop). Each database access
        here runs in ``render_in_thread``/``database_sync_to_async``, which closes stale
        connections itself, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.table_id: str = self.scope["url_route"]["kwargs"]["table_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.format = _format_of(self.scope)
        # The presenter's page (?view=presenter) shows the table as a spectator does and is
        # sent only the parts it shows (`live.PRESENTER_PARTS`), whatever cookies its browser
        # holds (a host's laptop on the TV must not show the host's hand).
        self.presenter = self.format == "html" and query.get("view") == ["presenter"]
        # Fragments come in the phone's language (its switcher cookie or Accept-Language).
        self.language = language_from_scope(self.scope)
        # The table's announcements first, then the read: a play committed after the read is
        # announced to this connection (handled once connect() is done), none falls between.
        self.group = realtime.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        try:
            async with admission.gate().held(urgent=False):  # plays at other tables first
                opened = await self._open()
        except DATABASE_DOWN:
            await self._unavailable()
            return
        if opened is None:
            await self.close(code=4404)
            return
        # Hints go to the asking seat's own group, which only that seat's phones join.
        self.seat_group = None
        if self.actor is not None and self.actor.seat is not None:
            self.seat_group = seat_group(self.table_id, self.actor.seat)
            await self.channel_layer.group_add(self.seat_group, self.channel_name)
        self.behind_since: float | None = None  # see live_sweep
        await self.accept()
        self.sent_seq, text = opened  # the newest state this connection has been sent
        await self.send(text_data=text)
        live_sweep.follow(self)

    async def disconnect(self, code: int) -> None:
        self.stop_watching_hint()
        live_sweep.unfollow(self)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "seat_group", None):
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self._within_frame_budget():
            await self._refuse("too many messages; reconnect later", POLICY_VIOLATION)
            return
        if bytes_data is not None or text_data is None:
            await self._refuse("frames are JSON text messages", UNSUPPORTED_DATA)
            return
        if len(text_data) > MAX_FRAME:
            await self._refuse(f"frames are at most {MAX_FRAME} characters", MESSAGE_TOO_BIG)
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self._error("not JSON")
            return
        if isinstance(message, dict) and message.get("type") == "ping":
            # static/js/offline.js asks every few seconds whether this connection still carries,
            # so that one that died without a close (a phone's Wi-Fi asleep) is replaced at once.
            await self.send(text_data=PONG)
            return
        if not isinstance(message, dict) or message.get("type", "sync") != "sync":
            await self._error('the only message is {"type": "sync"}')
            return
        if "language" in message:
            language = message["language"]
            chosen = _supported_language(language)
            if not chosen:
                await self._error("unknown language; the full view follows in the current one")
            else:
                self.language = chosen
        await self._push(force=True)

    async def table_changed(self, event: dict[str, Any]) -> None:
        seq = event.get("seq")
        if event.get("seats_changed"):  # a claimed seat: same seq, new names
            if await self._seat_moved():
                # the host gave this phone's seat to another (play/seating.py): it reconnects
                # and is sent what it is now, never again the seat's view
                await self.close(code=SEAT_MOVED)
                return
            await self._push(force=True, fresh=True)
            return
        # Plays in quick succession: a push already carried this change (or a newer one).
        if isinstance(seq, int) and seq <= self.sent_seq:
            return
        if isinstance(seq, int) and "news" in event:
            state_cache.absorb(self.table_id, seq, event["news"])  # no query for the push
        await self._push(seq=seq if isinstance(seq, int) else None)

    async def layer_lost(self, event: dict[str, Any]) -> None:
        """This process lost its connection to Redis (companion/core/channel_layer.py): plays
        may be announced unheard. Failing the connection closes it with 1011, on which the page
        shows that live updates stopped and reconnects with backoff (a clean close could not
        say that: Daphne lets an application send only 1000 and 3000-4999)."""
        raise LiveUpdatesLost("the channel layer lost its connection to Redis")

    async def hint_update(self, event: dict[str, Any]) -> None:
        hint = event["hint"]
        if self.format == "json":
            await self.send(text_data=json.dumps({"type": "hint", **hint}))
        else:
            await self.send(text_data=await self._render_hint(hint))
        self.watch_hint(hint)

    async def coach_review(self, event: dict[str, Any]) -> None:
        """A coach review of this seat's play, or its coach switched (tables/coach.py): the
        seat's group only, and never the hint's watchdog. The page's coach box and its
        history's labels are live parts (`live_parts`): the page gets them rendered afresh at
        its seq (`live.coach_renewal`: the cached frame renewed), so its box, count and labels
        are what a fresh load shows, and a step of the entry under way stays; a JSON phone its
        message."""
        if self.format == "html":
            seat = getattr(self.actor, "seat", None)
            if seat is not None and event.get("seat") == seat:
                coach.open_gate(self.table_id, event["seat"])
                seq, text = await self._render_coach()
                if seq == self.sent_seq:
                    await self.send(text_data=text)
                else:  # the table moved on meanwhile: the whole view
                    await self._push(force=True, fresh=True)
            return
        text = await self._render_review(event)
        if text:
            await self.send(text_data=text)

    # -- internals -------------------------------------------------------------------------

    @render_in_thread  # not the one shared thread: phones connect side by side
    @in_connection_language
    def _open(self) -> tuple[int, str] | None:
        """Who this connection is and its first full view, from one read of the table and its
        seats (one thread hop); None when there is no such table."""
        table = services.read_table(self.table_id)
        if table is None:
            return None
        self.actor = self._actor(table)
        view = live.View.of(self.table_id, self.format, self.actor, self.language,
                            self.presenter)
        return table.seq, live.full(table, self.actor, view)

    @render_in_thread
    def _seat_moved(self) -> bool:
        """Whether this connection's seat token no longer holds its seat (a seat moved)."""
        services.forget_tokens(self.table_id)  # this process's memory of the table's tokens
        seating.forget(self.table_id)  # and of its seats region
        actor = getattr(self, "actor", None)
        if actor is None or actor.seat is None:
            return False
        table = services.read_table(self.table_id)
        return table is None or self._actor(table) != actor

    def _actor(self, table: Table) -> services.Actor | None:
        if self.presenter:
            return None
        cookies = self.scope.get("cookies", {})
        tokens = [
            token_from_cookie(cookies.get(cookie_name(self.table_id, role), ""), self.table_id)
            for role in ("seat", "host")
        ]
        for name, value in self.scope.get("headers", []):
            if name == b"authorization" and value.lower().startswith(b"bearer "):
                tokens.append(value[7:].decode("latin-1").strip())
        scribe = cookies.get(scribe_cookie(self.table_id)) == "1"
        return services.actor_for(table, *tokens, scribe=scribe)

    @in_connection_language
    def _render_now(
        self, base: int | None, seq: int | None, fresh: bool = False
    ) -> tuple[int, str | None]:
        """(seq, the message): the full view (``base`` None), else what changed since
        ``base``; (seq, None) when the table has nothing newer. With the ``seq`` of a play,
        the table's row comes from the process's cache when another phone rendered it already
        (all phones of a table render each play at once)."""
        def load() -> Table:
            table = services.read_table(self.table_id)
            if table is None:
                raise Table.DoesNotExist(self.table_id)
            return table

        table = state_cache.table_at(self.table_id, seq, load) if seq is not None else load()
        view = live.View.of(self.table_id, self.format, self.actor, self.language,
                            self.presenter)
        if base is None:
            return table.seq, live.full(table, self.actor, view, fresh)
        if table.seq <= base:
            return table.seq, None
        return table.seq, live.delta(table, self.actor, view, base)

    _render = render_in_thread(_render_now)

    async def _render_delta(self, base: int | None, seq: int | None) -> tuple[int, str | None]:
        """A JSON phone's delta for an announced play, rendered right here on the event loop
        when the process holds everything it needs (the row, log and state the announcement
        brought or the play left): no hop to a thread and back, which cost a process more
        than the delta itself (py-spy under bench/ws_load.py). Anything that would read the
        database raises Django's SynchronousOnlyOperation on this thread before it does
        (Django refuses queries on an event loop): then the render runs in a thread as
        before. A page's fragments (about 11 ms) are always rendered in a thread."""
        if self.format == "json" and base is not None and seq is not None:
            try:
                return self._render_now(base, seq)
            except SynchronousOnlyOperation:
                pass
        return await self._render(base, seq)

    @render_in_thread
    @in_connection_language
    def _render_hint(self, hint: dict[str, Any]) -> str:
        return hint_fragments(Table.objects.get(id=self.table_id), self.actor, hint)

    @render_in_thread
    @in_connection_language
    def _render_coach(self) -> tuple[int, str]:
        """(seq, the page's coach parts renewed at that seq: `live.coach_renewal`)."""
        table = services.read_table(self.table_id)
        if table is None:
            raise Table.DoesNotExist(self.table_id)
        view = live.View.of(self.table_id, self.format, self.actor, self.language,
                            self.presenter)
        return table.seq, live.coach_renewal(table, self.actor, view)

    @render_in_thread
    @in_connection_language
    def _render_review(self, event: dict[str, Any]) -> str | None:
        return coach.review_message(self.table_id, self.actor, self.format, event)

    async def _push(self, force: bool = False, seq: int | None = None, fresh: bool = False) -> None:
        """The full view (``force``: connect, sync, a claimed seat), else the delta from the
        seq this connection has to the newest (``seq``: the play that was announced)."""
        base = None if force or self.sent_seq < 0 else self.sent_seq
        if force:
            seq, text = await self._render(base, None, fresh)
        else:
            seq, text = await self._render_delta(base, seq)
        if text is not None:
            self.sent_seq = seq if force else max(self.sent_seq, seq)
            self.behind_since = None
            await self.send(text_data=text)

    def _within_frame_budget(self) -> bool:
        """A fixed window per connection: at most FRAME_BURST frames in FRAME_WINDOW_S."""
        now = time.monotonic()
        start, count = getattr(self, "_frames", (now, 0))
        if now - start > FRAME_WINDOW_S:
            start, count = now, 0
        self._frames = (start, count + 1)
        return count + 1 <= FRAME_BURST

    async def _refuse(self, message: str, code: int) -> None:
        """Say why (JSON clients), then close this connection; the others never notice."""
        await self._error(message)
        await self.close(code=code)

    async def _error(self, message: str) -> None:
        if self.format == "json":
            await self.send(text_data=json.dumps({"type": "error", "message": message}))

    async def _unavailable(self) -> None:
        """The database is not answering. A JSON client is told so and closed with 4503; the
        page's connection is refused, which htmx's ws extension retries (with backoff) until
        the database is back (it would not retry after a clean close)."""
        if self.format != "json":
            await self.close()
            return
        await self.accept()
        await self._error("the table's database is not answering; reconnect in a moment")
        await self.close(code=TRY_AGAIN_LATER)
