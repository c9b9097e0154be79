"""Clocks: each match's time control and rated-or-casual choice, made at creation, and its
clocks as of the latest move (stored with every move, so a restart loses no time).

Matches made before keep being rated (they were, whenever every player held an account) and
have no clock.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("time_control", sa.JSON, nullable=True))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("clock")
        batch.drop_column("rated")
        batch.drop_column("time_control")
