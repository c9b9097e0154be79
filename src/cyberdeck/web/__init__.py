"""The browser front end: plain HTML, CSS and ES modules served by the match server from these
package files (no build step, nothing fetched from elsewhere)."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
