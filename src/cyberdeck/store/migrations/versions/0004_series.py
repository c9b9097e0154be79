"""Series (campaigns): a table of series, and each match's series and game number.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "series",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
    )
    op.add_column("matches", sa.Column("series_id", sa.String(32), nullable=True))
    op.add_column("matches", sa.Column("series_game", sa.Integer, nullable=True))
    op.create_index("ix_matches_series_id", "matches", ["series_id"])


def downgrade() -> None:
    op.drop_index("ix_matches_series_id", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("series_game")
        batch.drop_column("series_id")
    op.drop_table("series")
