"""Issue 5: every page the app serves carries the script that reloads a phone
whose dropped connection is back, and nothing else is touched."""

from views.web import starting
from views.web.reconnect import PING, SCRIPT, ReloadOnReconnect
from tests.loops import run_apart

PAGE = b"<html><head><title>XY Score</title></head><body></body></html>"


def serve(body: bytes, content_type: bytes, method: str = "GET") -> tuple[dict, bytes]:
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]})
        half = len(body) // 2  # in two chunks, as a streamed file arrives
        await send({"type": "http.response.body", "body": body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": body[half:]})

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    call = ReloadOnReconnect(app)({"type": "http", "method": method, "path": "/seat/x"}, receive, send)
    run_apart(call)
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])


def test_an_html_page_gets_the_script_before_its_head_ends_with_a_true_length():
    start, body = serve(PAGE, b"text/html; charset=utf-8")
    assert body.count(SCRIPT) == 1
    assert body.index(SCRIPT) < body.index(b"</head>")
    assert dict(start["headers"])[b"content-length"] == str(len(body)).encode()
    assert "location.reload()" in body.decode()
    assert body.count(starting.SCRIPT) == 1  # the "Starting…" card, issue 24
    assert body.index(starting.SCRIPT) < body.index(b"</head>")


def test_other_files_pass_through_unchanged():
    script = b"console.log('</head>')" * 10
    _, body = serve(script, b"text/javascript")
    assert body == script


def test_a_head_request_is_not_rewritten():
    start, _ = serve(PAGE, b"text/html", method="HEAD")
    assert dict(start["headers"])[b"content-length"] == str(len(PAGE)).encode()


def test_the_script_says_when_the_connection_drops_and_when_it_is_back_in_players_words():
    script = SCRIPT.decode()
    assert r"Reconnecting\u2026 your entries are kept" in script  # "…", escaped for the page
    assert "Back at the table" in script
    assert "sessionStorage" in script  # the "was reconnecting" fact outlives the reload
    for needed in ("position:fixed", "pointer-events:none", "z-index", "prefers-color-scheme"):
        assert needed in script
    assert "'role', 'status'" in script and "'aria-live', 'polite'" in script
    assert not any(word in script.lower() for word in ("websocket closed", "error", "socket lost"))


def test_the_script_switches_the_screen_readers_tree_on_once():
    script = SCRIPT.decode()
    assert "flt-semantics-placeholder" in script and "disconnect()" in script


def test_the_starting_card_speaks_in_players_words_and_answers_a_tap():
    script = starting.SCRIPT.decode()
    assert r"Starting\u2026" in script and "Still starting: tap again once the screen shows" in script
    assert "'role', 'status'" in script and "pointerdown" in script
    assert "xyWatchSocket" in script and "xyWatchSocket" in SCRIPT.decode()  # it hears the host through reconnect.py


def test_the_ping_is_answered_with_nothing_and_never_reaches_the_app():
    reached = []

    async def app(scope, receive, send):
        reached.append(scope["path"])

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    run_apart(ReloadOnReconnect(app)({"type": "http", "method": "GET", "path": PING}, receive, send))
    assert reached == [] and sent[0]["status"] == 204 and sent[-1]["body"] == b""
    assert f"'{PING}'" in SCRIPT.decode() and "No connection to the host" in SCRIPT.decode()
