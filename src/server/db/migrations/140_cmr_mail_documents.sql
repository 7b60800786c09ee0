-- Issue 47: a CMR note mailed by hand ("Send by mail…") is named on its mail like the sales
-- documents (migration 130) and drawn when the outbox sends it. The check keeps its name.
alter table app.mail_attachments drop constraint mail_attachment_document_kind;
alter table app.mail_attachments add constraint mail_attachment_document_kind
  check (document_kind in ('order_confirmation', 'delivery_note', 'invoice', 'credit_note', 'purchase_order', 'ubl', 'cmr_note'));
