-- Rich text as a reader sees it: the SQL twin of src/core/htmlText.ts (tests/api/html-text.test.ts
-- holds them equal on both engines). The list engine filters and sorts `html` columns by it;
-- meta descriptions are cut from it, so inline tags no longer leave a space before punctuation
-- ('<strong>since 2009</strong>.' read 'since 2009 .').

-- Entities in one pass (so '&amp;lt;' reads '&lt;'): the text is split into entities, runs
-- without '&' and lone '&'s, in order. Numeric ones name their character (none for NUL,
-- surrogates or beyond Unicode: kept as written); six named ones; others kept as written.
-- Greedy matching takes the longest alternative at each '&', as JavaScript's first one that fits.
create function app.html_entities(s text) returns text language sql immutable strict parallel safe as $$
  select case when strpos(s, '&') = 0 then s else (
    select coalesce(string_agg(case
        when m[2] is null then m[1]
        when m[2] ~ '^#' then case
          when c = 0 or c between 55296 and 57343 or c > 1114111 then m[1] else chr(c) end
        else coalesce('{"amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "''", "nbsp": "\u00a0"}'::jsonb ->> m[2], m[1])
      end, '' order by n), '')
    from regexp_matches(s, '(&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);|[^&]+|&)', 'g') with ordinality as t(m, n)
    cross join lateral (select case
        when m[2] ~ '^#[xX]' then ('x' || lpad(substr(m[2], 3), 8, '0'))::bit(32)::int
        when m[2] ~ '^#' then substr(m[2], 2)::int end as c) code
  ) end
$$;

-- Script/style blocks → a space ('<{1,1}?' makes that pattern non-greedy: the first closing
-- tag ends a block); inline tags → nothing; other tags → a space; entities; whitespace runs
-- (JavaScript's \s set) → one space, trimmed.
create function app.html_text(html text) returns text language sql immutable strict parallel safe as $$
  select btrim(regexp_replace(app.html_entities(
      regexp_replace(regexp_replace(regexp_replace(html,
        '<{1,1}?(script|style)[^>]*>.*?</\1>', ' ', 'gi'),
        '</?(a|abbr|b|bdi|bdo|big|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var|wbr)(?=[\t\n\f\r />])[^>]*>', '', 'gi'),
        '<[^>]*>', ' ', 'g')),
    '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')
$$;

create or replace function app.meta_description(html text) returns text language sql immutable parallel safe as $$
  select case when char_length(s) > 170 then left(s, 167) || '...' else s end
  from (select app.html_text(coalesce(html, '')) as s) t
$$;

-- Stored meta descriptions read again (only those that change).
update app.frontend_pages set meta_description = app.meta_descriptions(page_body)
  where meta_description is distinct from app.meta_descriptions(page_body);
select app.content_page_meta(content_page_id) from app.content_pages;
