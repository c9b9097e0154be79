"""The arcade's static files go out gzipped to a browser that takes it (a phone's first page
waits mostly on them), as they are to one that does not, and API answers never (BREACH)."""

from __future__ import annotations

import httpx

from .harness import ServerProcess, run


def test_static_files_are_gzipped_for_a_browser_that_takes_it_and_api_answers_are_not(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            plain = await http.get(
                "/static/css/arcade.css", headers={"Accept-Encoding": "identity"}
            )
            assert plain.status_code == 200 and "content-encoding" not in plain.headers
            packed = await http.get("/static/css/arcade.css", headers={"Accept-Encoding": "gzip"})
            assert packed.headers["content-encoding"] == "gzip"
            assert int(packed.headers["content-length"]) < len(plain.content) / 3
            assert packed.content == plain.content  # httpx unpacks it: the same file
            games = await http.get("/api/games", headers={"Accept-Encoding": "gzip"})
            assert games.status_code == 200 and "content-encoding" not in games.headers

    run(scenario())
