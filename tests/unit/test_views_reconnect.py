"""Issue 5: every page the app serves carries the script that reloads a phone
whose dropped connection is back, and nothing else is touched."""

from views.web.reconnect import SCRIPT, ReloadOnReconnect
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


def test_other_files_pass_through_unchanged():
    script = b"console.log('</head>')" * 10
    _, body = serve(script, b"text/javascript")
    assert body == script


def test_a_head_request_is_not_rewritten():
    start, _ = serve(PAGE, b"text/html", method="HEAD")
    assert dict(start["headers"])[b"content-length"] == str(len(PAGE)).encode()
