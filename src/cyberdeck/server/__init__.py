"""The match server: authoritative online play over HTTP and websockets for every registered game."""

from .app import create_app, serve
from .config import ServerConfig

__all__ = ["ServerConfig", "create_app", "serve"]
