"""The store's mailboxes: an address unverified until verified, a new address unverified
again, turn mails on and off, only verified addresses with turn mails on handed to the
notifier, and a mailbox gone with its account. Checked on SQLite here and on PostgreSQL in
``test_postgres``."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import delete

from cyberdeck.store import Store, sqlite_url
from cyberdeck.store.models import User


def check_mailboxes(store: Store, prefix: str) -> None:
    ann = store.create_user(f"{prefix}-ann", "account").id
    bob = store.create_user(f"{prefix}-bob", "account").id
    assert store.mailbox(ann) is None
    made = store.set_mail_address(ann, "Ann@Example.org")
    assert (made.address, made.verified, made.turn_mails) == ("Ann@Example.org", False, True)
    assert store.mailboxes([ann]) == {}
    assert not store.verify_mail(ann, "someone@example.org")
    assert store.verify_mail(ann, "ann@example.org")  # addresses compare without case
    assert store.set_mail_address(ann, "ANN@example.org").verified  # the same address again
    store.set_mail_address(bob, "bob@example.org")
    store.verify_mail(bob, "bob@example.org")
    assert set(store.mailboxes([ann, bob])) == {ann, bob}
    assert store.set_turn_mails(bob, False)
    assert set(store.mailboxes([ann, bob])) == {ann}
    assert not store.set_mail_address(ann, "ann@example.net").verified
    assert store.mailboxes([ann, bob]) == {}
    assert store.drop_mailbox(ann) and not store.drop_mailbox(ann)
    assert not store.set_turn_mails(ann, True)
    with store.sessions.begin() as session:
        session.execute(delete(User).where(User.id == bob))
    assert store.mailbox(bob) is None


def test_mailboxes_on_sqlite(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "boxes.sqlite3"))
    store.migrate()
    try:
        check_mailboxes(store, "sqlite")
    finally:
        store.close()
