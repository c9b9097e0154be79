"""Leases: which worker of a cluster holds each match, each worker's own life, and the
tournament director (``store.leases``).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False, index=True),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("renewed_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
        sa.Column("wanted_by", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("leases")
