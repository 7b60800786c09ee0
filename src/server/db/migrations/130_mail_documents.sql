-- Issue 47: documents attached to the workflow mails (the order confirmation, the invoice and
-- its UBL, the delivery note, the purchase order). A mail queued in a move's transaction names
-- the document (kind, record, language) instead of carrying its bytes: no PDF is drawn while
-- the transaction holds the order. The outbox draws it when it sends the mail (on a renderer
-- thread), stores the bytes in the row (a resend sends the same file) and names the file.
alter table app.mail_attachments alter column content drop not null;
alter table app.mail_attachments add column document_kind text
  constraint mail_attachment_document_kind check (document_kind in ('order_confirmation', 'delivery_note', 'invoice', 'credit_note', 'purchase_order', 'ubl'));
alter table app.mail_attachments add column document_id bigint;
alter table app.mail_attachments add column document_lang text;
alter table app.mail_attachments add constraint mail_attachment_content_or_document
  check (content is not null or (document_kind is not null and document_id is not null));
