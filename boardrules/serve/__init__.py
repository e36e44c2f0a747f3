"""A local web table (``boardrules serve``): people play seats of a game in a browser against bots.

``tables`` holds the games and who may play them, ``page`` writes the pages, ``app`` is the Starlette application.
Needs the ``boardrules[serve]`` extra (Starlette, uvicorn, python-multipart, cryptography); importing this package
does not.
"""
from __future__ import annotations

from .app import create_app, serve
from .tables import Refused, Sealer, Table, Tables

__all__ = ["Refused", "Sealer", "Table", "Tables", "create_app", "serve"]
