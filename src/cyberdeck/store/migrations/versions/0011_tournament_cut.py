"""Tournaments: a top cut after the Swiss rounds (0: none, 2, 4 or 8), and the decks allowed
under the deck rule ``list`` (named deck lists).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("cut", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("deck_lists", sa.JSON, nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("deck_lists")
        batch.drop_column("cut")
