-- Login throttling per account and per client address (issue 21, hardening 2): each
-- attempt is recorded before its password is checked (one row, reserved under the
-- account's advisory lock), so parallel attempts cannot all pass the count.
alter table app.login_failures add column attempt_id bigserial;
alter table app.login_failures add column client_addr text not null default '';
