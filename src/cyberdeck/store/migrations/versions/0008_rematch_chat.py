"""Rematches and the players' chat: each match may name the match it is a rematch of (at most
one rematch per match) and the first match of its chain (the series score is counted over the
chain); the lines a match's players said to each other are kept with it, for its replay.

Revision ID: 0008
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.add_column("matches", sa.Column("chain", sa.String(32), nullable=True))
    op.create_index("ix_matches_rematch_of", "matches", ["rematch_of"], unique=True)
    op.create_index("ix_matches_chain", "matches", ["chain"])
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
    op.drop_index("ix_matches_chain", "matches")
    op.drop_index("ix_matches_rematch_of", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("chain")
        batch.drop_column("rematch_of")
