"""The fonts Flutter web falls back to, served by the host (issue 11).

Flutter draws with Roboto; for a glyph Roboto lacks (an emoji, a Chinese,
Japanese or Korean character) it fetches the one piece of a Noto font that
holds it, from `fontFallbackBaseUrl`: Google Fonts, or with no_cdn the host's
`assets/fonts/FAMILY/VERSION/ID.N.woff2`, which Flet does not ship. So a name
like "Zoë 🎲 李" showed boxes. Here each of those pieces is answered with a
redirect to one font under the app's assets/fonts/ that holds the whole
script: fetched only when a screen first shows such a character, once for all
its pieces, and never from the internet. Other scripts' pieces stay a 404, as
before (Roboto already covers Latin, Greek and Cyrillic)."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

EMOJI = "fonts/NotoColorEmoji.woff2"  # Noto Color Emoji 2.042 (OFL 1.1), all of it, 5.8 MB
CJK = "fonts/DroidSansFallback-CJK.woff2"  # Droid Sans Fallback's CJK, kana and Hangul (Apache 2.0), 1.5 MB

# Flutter's family folder (Google Fonts' name for it) -> the host's font.
FAMILIES = {
    "notocoloremoji": EMOJI,
    "notosanssc": CJK, "notosanstc": CJK, "notosanshk": CJK, "notosansjp": CJK, "notosanskr": CJK,
}
VERSIONED = "xyscore.client_prefix"  # in a request's scope, set by client_files.py: its version's '/v-KEY/'
PATH = "/assets/fonts/{family}/{rest:path}"  # where Flet's no_cdn build points Flutter (its patch_index.py)


def served_for(family: str) -> str | None:
    """The asset that answers a fallback piece of `family`, or None."""
    return FAMILIES.get(family)


async def fallback_font(request: Request) -> Response:
    asset = served_for(request.path_params["family"])
    if asset is None:
        return PlainTextResponse("no such font here", status_code=404)
    root = request.scope.get("root_path", "").rstrip("/")
    # asked under the client's version (client_files.py), answered under it, so the font is cached for good too
    version = request.scope.get(VERSIONED, "/")
    return RedirectResponse(f"{root}{version}{asset}", status_code=302)


def add_route(app) -> None:
    """Answer the fallback pieces before Flet's static files (mounted at "/") see them."""
    app.add_route(PATH, fallback_font, methods=["GET"])
