"""Sessions kept on the server (sign-out ends one; they can be listed and revoked) and the
rated results of each pairing of players (repeated results count less).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column(
            "user_id",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("agent", sa.String(200), nullable=False, server_default=""),
        sa.Column("address", sa.String(64), nullable=False, server_default=""),
    )
    op.create_table(
        "pairings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column(
            "low", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "high", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("pairings")
    op.drop_table("sessions")
