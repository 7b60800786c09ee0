-- The product's texts per language (the product's translations tab, 014): the long description
-- is rich text since issue 46 (the form's editor), and this grid cannot edit markup. It shows
-- the description as a reader sees it (app.html_text, 024) and is read-only here (the
-- descriptor); the write trigger writes a description only when it changed, so another text
-- edited on the row never touches the rich text.
create or replace view app.v_product_translations as
select p.product_code, p.company_code, l.language_code, l.n::int as language_position,
       p.product_name ->> l.language_code as product_name,
       p.description_short ->> l.language_code as description_short,
       app.html_text(p.description ->> l.language_code) as description,
       p.row_version
from app.products p
cross join unnest(array(select language_code from app.languages where active order by position, language_code))
  with ordinality as l(language_code, n);
