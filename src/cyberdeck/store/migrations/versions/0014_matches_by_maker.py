"""Matches by who made them and where they stand: each worker of a cluster counts a player's
matches in play from the database; and a campaign's Nth game is one match, whichever worker
made it.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_matches_maker_status", "matches", ["created_by", "status"])
    op.create_index("uq_matches_series_game", "matches", ["series_id", "series_game"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_matches_series_game", table_name="matches")
    op.drop_index("ix_matches_maker_status", table_name="matches")
