-- Mail for AI (issue 25): the IMAP labels the back office applies to messages, and the
-- messages of the one mailbox IMAP_URL names, synchronised from the server
-- (src/server/imap/sync.ts) for the grid.
--
-- Shared by the companies, like the news: the mailbox is one per server, so its messages
-- are too. Access is by page (/ai_content/email_list, /ai_content/imap_labels).

-- A label is an IMAP keyword (RFC 3501 flag without the backslash): what Thunderbird and
-- most clients show as a message's tags, kept on the message on the server.
create table app.imap_labels (
  imap_label_id serial primary key,
  imap_label text not null unique,
  description text not null default '',
  color text not null default '#2563eb',
  row_version int not null default 1
);
-- An IMAP atom a server keeps as a keyword: letters, digits and _ . - $ (no space, no
-- backslash — \Seen and the other system flags are the server's, not labels).
alter table app.imap_labels add constraint imap_label_keyword check (imap_label ~ '^[A-Za-z0-9_.$-]{1,60}$');
alter table app.imap_labels add constraint imap_label_color check (color ~ '^#[0-9A-Fa-f]{6}$');

create table app.emails (
  email_id bigint generated always as identity primary key,
  -- Where the message is on the server: the folder, its UIDVALIDITY and the message's UID.
  mailbox text not null,
  uidvalidity bigint not null,
  uid bigint not null,
  message_id text not null default '',
  subject text not null default '',
  -- The From header as read ("Name <address>") and its address (a reply goes there).
  sender text not null default '',
  sender_address text not null default '',
  -- The message's Date header, else the server's internal date.
  date timestamptz not null,
  size int not null default 0,
  -- System flags (\Seen, \Answered …) and keywords (the labels), as the server last said.
  flags text[] not null default '{}',
  -- The body: its text part, and its HTML part sanitized when it was stored (src/server/imap/body.ts).
  body_text text not null default '',
  body_html text not null default '',
  synced_at timestamptz not null default now(),
  unique (mailbox, uidvalidity, uid)
);
create index emails_date on app.emails (date desc, email_id desc);

-- The grid: flags as one text (filterable), newest first.
create view app.v_emails as
select e.email_id, e.subject, e.sender, e.date, e.size, array_to_string(e.flags, ' ') as flags, e.mailbox, e.uid
from app.emails e;
