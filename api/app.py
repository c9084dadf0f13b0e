"""The application factory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from api import config, errors, limits

STATIC = Path(__file__).resolve().parent.parent / "static"


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then TITAN_* environment, then ``overrides``.

    The environment's settings are checked as a whole first: SettingError names every variable
    that does not fit (``overrides``, given by a program, are taken as they are)."""
    settings, problems = config.check()
    if problems:
        raise config.SettingError(problems)
    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config.update(settings)
    app.config.update(overrides or {})
    if isinstance(app.json, DefaultJSONProvider):
        app.json.sort_keys = False
    from simulator.battles import set_kernel_threads

    # 0: every core, the best measured (docs/service.md, "Kernel threads per worker");
    # gunicorn's workers inherit it
    set_kernel_threads(app.config["KERNEL_THREADS"])

    errors.register(app)
    limits.install(app)  # body size, JSON shape limits, CORS
    from api.routes import data, docs, meta

    app.register_blueprint(meta.bp)
    app.register_blueprint(data.bp)
    app.register_blueprint(docs.bp)

    from api.routes import odds

    app.register_blueprint(odds.bp)

    from api.routes import battle_rules

    app.register_blueprint(battle_rules.bp)

    from api.routes import game_rules

    app.register_blueprint(game_rules.bp)

    from api.routes import arena

    app.register_blueprint(arena.bp)
    app.register_blueprint(arena.page_bp)

    from api.routes import tactical, tactical_play

    app.register_blueprint(tactical.bp)
    app.register_blueprint(tactical_play.bp)
    app.register_blueprint(tactical.page_bp)

    from api.routes import tactical_odds

    app.register_blueprint(tactical_odds.bp)
    return app
