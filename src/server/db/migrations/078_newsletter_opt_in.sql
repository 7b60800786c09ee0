-- Newsletter sign-up from the storefront (issue 26): double opt-in. The confirmation mail's
-- link and the unsubscribe link carry a random token; only its SHA-256 (hex) is stored, so
-- a copy of the database confirms or unsubscribes nobody. A confirmation link is used once
-- and expires; an unsubscribe link works as long as its subscriber row (every mail has one).
create table app.newsletter_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  subscriber_id int not null references app.newsletter_subscribers on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  expires_at timestamptz,
  used_at timestamptz,
  constraint confirm_expires check (purpose <> 'confirm' or expires_at is not null)
);
create index newsletter_tokens_subscriber on app.newsletter_tokens (subscriber_id);

-- When the last confirmation mail went out: a sign-up repeated within the throttle sends none.
alter table app.newsletter_subscribers add column confirm_sent_at timestamptz;
