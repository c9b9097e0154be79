"""The browser arcade: the static front end (``cyberdeck/web/static``) and the page addresses of
the single-page app, each answered with the same ``index.html`` (the scripts read the address).

The static files go out gzipped to a browser that takes it: the styles and scripts a first page
loads are a fifth of their size, which is most of a phone's wait for the first drawing. Only
they are: an API answer may carry a secret beside text a visitor chose (an invite link beside a
match's name), which compression could leak a byte at a time (BREACH)."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from ..web import STATIC

#: Every address the front end draws a page for; anything else is a 404 from the server.
PAGES = (
    "/",
    "/play/{match_id}",
    "/watch/{match_id}",
    "/join/{match_id}",
    "/replay/{match_id}",
    "/rules/{game_id}",
    "/learn/{game_id}",
    "/leaderboard/{game_id}",
    "/decks/{game_id}",
    "/lab",
    "/lab/{game_id}",
    "/account",
    "/turns",
    "/tournaments",
    "/tournaments/{tournament_id}",
    "/about",
)

#: Files smaller than this (bytes) go out as they are: compressing them saves less than it costs.
COMPRESSED_FROM = 1024

router = APIRouter(include_in_schema=False)


async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


for _path in PAGES:
    router.add_api_route(_path, index, methods=["GET"])


def mount(app: FastAPI) -> None:
    static = GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=COMPRESSED_FROM)
    app.mount("/static", static, name="static")
    app.include_router(router)
