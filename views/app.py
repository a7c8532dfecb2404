"""The web app: Flet mounted at "/" in Flet's FastAPI app, one store and one
live-sync hub shared by every browser session."""
from __future__ import annotations

import pathlib

import flet as ft
import flet.fastapi as flet_fastapi
from starlette.middleware.gzip import GZipMiddleware

from .hosting import HostRun, HostRunContext, Visitor, VisitorContext
from .parts import language, theme
from .router import MAX_ROUTE, NO_SUCH_PAGE, Screen, showing
from .state import Changes, ChangesContext, Session, SessionContext, Shared, SharedContext, keep_session
from .web import closed_sends, event_types, fallback_fonts, quiet_log
from .web.client_files import KEEP, ClientFiles, OneDrawingThread
from .web.host_rights import HostGate, from_host_machine
from .web.live import Hub, follow, hear_others
from .web.reconnect import ReloadOnReconnect
from .web.session_limits import CountScreens, SessionLimits
from .web.sessions import EndDroppedSessions
from .web.static_gzip import StaticGzipCache
from .web.wire_guard import WireGuard

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
# A dropped session is kept 10 minutes: a phone that sleeps through a long hand
# comes back to its own screen. Dropped sessions are bounded in number and the
# first ended when room is needed (views/web/session_limits.py).
SESSION_TIMEOUT_SECONDS = 600


@ft.component
def App(shared: Shared, session: Session, run: HostRun, visitor: Visitor, changes: tuple[Changes]):
    """`changes` comes in a tuple: an observable argument would re-render the
    whole app on every change; only the screen (see router.Screen) reads it."""
    page = ft.context.page
    page.on_route_change = session.route_change
    ft.on_updated(lambda: theme.apply(page, session.text_scale, session.dark), [session.text_scale, session.dark])
    screen = lambda: [Screen(session.route)]  # noqa: E731
    return SharedContext(shared, lambda: SessionContext(session, lambda: HostRunContext(
        run, lambda: VisitorContext(visitor, lambda: ChangesContext(changes[0], screen)))))


def make_main(shared: Shared, run: HostRun, limits: SessionLimits):
    async def main(page: ft.Page) -> None:
        if not await limits.admit(page):  # too many screens: a short page says so (views/web/session_limits.py)
            return
        page.title = "XY Score"
        route = page.route or "/"
        session = Session(route=route, dark=page.platform_brightness == ft.Brightness.DARK)
        theme.apply(page, session.text_scale, session.dark)
        keep_session(page, session)
        # Host screens open for the serving machine's own browser, as its
        # connection says, never as a page property the client can set (views/web/host_rights.py).
        visitor = Visitor(host=run.trust_loopback and from_host_machine())
        changes = Changes()
        page.render_views(App, shared, session, run, visitor, (changes,))
        page.run_task(language.start, page, session)  # drawn in English first; then in this browser's language
        # Subscribed from this session's loop and context, so other sessions'
        # changes re-render this one, while its browser is connected; a phone
        # that comes back is rendered afresh for what it missed (views/web/live.py).
        # It hears the changes to the game its route shows, or every change on a list screen.
        follow(shared.hub, page, changes.games_changed, showing(session, shared.tokens))
    return main


def build_app(store, run: HostRun | None = None, *, grace: int = SESSION_TIMEOUT_SECONDS,
              limits: SessionLimits | None = None) -> flet_fastapi.FastAPI:
    """The ASGI app serving the UI over `store` (a models.store.Store or a test
    fake); `run` holds the host key and the links made this run; a session is
    kept `grace` seconds after its browser leaves, within `limits`."""
    shared = Shared(store=store, hub=Hub())
    hear_others(shared.hub, store)  # on PostgreSQL: other hosts' changes reach this host's screens
    run, limits = run or HostRun(), limits or SessionLimits()
    closed_sends.install()  # a screen drawn as its browser leaves must not stop the session drawing (issue 24)
    language.install()  # each session's words in its own language (views/parts/language.py)
    quiet_log.install()  # Flet's transport log formats every patch even while off
    event_types.install()  # Flet works out a tap's event type from annotations at every tap
    app = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)  # no API docs for guests
    fallback_fonts.add_route(app)  # emoji and CJK names draw with the host's fonts, fetched when first needed
    app.mount("/", flet_fastapi.app(make_main(shared, run, limits), no_cdn=True, assets_dir=str(ASSETS),
                                    app_name="XY Score", session_timeout_seconds=grace))
    app.add_middleware(WireGuard, max_route=MAX_ROUTE, no_such_page=NO_SUCH_PAGE)  # Flet reads checked frames only
    app.add_middleware(CountScreens, limits=limits)  # which address a session comes from, for `limits`
    app.add_middleware(EndDroppedSessions)  # WebSockets only: a browser that drops mid-send still ends its session
    app.add_middleware(ReloadOnReconnect)  # innermost: it sees the page before it is gzipped
    app.add_middleware(ClientFiles, assets_dir=ASSETS)  # versioned, cached for long, no CDN, no unused fonts
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    app.add_middleware(StaticGzipCache, keep_dir=KEEP)  # the client's files gzipped once (zopfli, kept)
    app.add_middleware(OneDrawingThread)  # not cross-origin isolated: Flutter's two-thread drawing froze pages
    app.add_middleware(HostGate)  # outermost: a foreign page's WebSocket is refused before anything runs
    app.state.shared = shared
    app.state.host_run = run
    app.state.session_limits = limits
    return app
