-- A stored file keeps an extension of its type (issue 21, hardening 8): the upload checked
-- the bytes against the extension and stored its content type, so a rename to another
-- class of extension (report.pdf → report.html) would hand a browser a name that opens the
-- bytes as something else. jpg ↔ jpeg is the same type and stays allowed. The table is
-- FILE_TYPES of src/server/http/files.ts (tests/api/files.test.ts checks the two agree).
create function app.file_type_of(name text) returns text language sql immutable parallel safe as $$
  select case lower(substring(name from '\.([A-Za-z0-9]+)$'))
    when 'pdf' then 'application/pdf'
    when 'png' then 'image/png'
    when 'jpg' then 'image/jpeg'
    when 'jpeg' then 'image/jpeg'
    when 'webp' then 'image/webp'
    when 'txt' then 'text/plain'
    when 'csv' then 'text/csv'
    when 'xlsx' then 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    when 'docx' then 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  end
$$;

alter table app.product_files add constraint file_extension_kept check (app.file_type_of(file_name) is not distinct from content_type);
