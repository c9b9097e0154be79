"""The browser arcade: the static front end (``cyberdeck/web/static``) and the page addresses of
the single-page app, each answered with the same ``index.html`` (the scripts read the address)."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

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
    "/account",
    "/turns",
    "/tournaments",
    "/tournaments/{tournament_id}",
    "/about",
)

router = APIRouter(include_in_schema=False)


async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


for _path in PAGES:
    router.add_api_route(_path, index, methods=["GET"])


def mount(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(router)
