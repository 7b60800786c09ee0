/**
 * Ask-AI's SQL guard (src/server/ai/sqlGuard.ts) on PostgreSQL's own parser: one SELECT over
 * the allowed ai.* views passes (as its text, without the trailing semicolon and comments);
 * writes, several statements, functions outside the allow-list, system catalogs, tables
 * outside the views, data-modifying CTEs, SELECT INTO, FOR UPDATE, comment and quoting
 * tricks and ways to widen the company setting are refused with the code the user reads.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http/errors.ts';
import { checkAiSql, MAX_PAD_LENGTH } from '../../src/server/ai/sqlGuard.ts';

const VIEWS = ['products', 'stock', 'brands', 'sales'];

async function refusal(sql: string, views = VIEWS): Promise<[string, Record<string, unknown> | undefined]> {
  try {
    await checkAiSql(sql, views);
  } catch (e) {
    if (e instanceof HttpError) return [e.code, e.params];
    throw e;
  }
  throw new Error(`allowed: ${sql}`);
}

describe('the Ask-AI SQL guard', () => {
  it('allows one SELECT over the views, with joins, CTEs, subqueries, windows, casts and the usual functions', async () => {
    const ok = [
      'select brand_name, round(sum(stock_value), 2) as value from ai.stock group by brand_name order by value desc limit 5;',
      "select to_char(date_trunc('month', opened_on), 'YYYY-MM') as month, sum(net_amount)::numeric(14, 2) from ai.sales group by 1 order by 1",
      'with top as (select product_code, stock_qty from ai.products order by stock_qty desc limit 10) select t.*, rank() over (order by stock_qty desc) from top t',
      'with recursive n(i) as (select 1 union all select i + 1 from n where i < 12) select i from n',
      'select p.product_name, b.brand_name from ai.products p join ai.brands b using (brand_id) where p.stock_qty > (select avg(stock_qty) from ai.products)',
      'select extract(year from opened_on) as y, count(*) from sales group by 1',
      "select coalesce(nullif(brand_name, ''), 'none'), greatest(1, 2), case when active then 1 else 0 end from ai.brands",
      'SeLeCt /* a comment */ count(*) FROM "ai"."products"',
    ];
    for (const sql of ok) await expect(checkAiSql(sql, VIEWS), sql).resolves.toBeTypeOf('string');
    expect(await checkAiSql('select 1 as one ;  -- trailing\n', VIEWS)).toBe('select 1 as one ');
  });

  it('refuses writes, DDL and several statements', async () => {
    expect(await refusal('drop table app.products')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal("insert into app.brands (brand_name) values ('x')")).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('update app.products set stock_qty = 0')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('delete from app.users')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select 1; drop table app.products')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select 1; select 2')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('set search_path = app')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select from where')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('')).toEqual(['ai_sql_not_select', undefined]);
  });

  it('refuses comment tricks as PostgreSQL reads them', async () => {
    // The statement after a block comment's end is a second statement; a line comment hides nothing from the parser.
    expect(await refusal('select 1 /* comment */; drop table app.products')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select 1 -- comment\n; delete from app.brands')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select * from ai.products /* ; */ , app.users')).toEqual(['ai_sql_relation', { relation: 'app.users' }]);
    expect(await refusal('select * from "app"."users"')).toEqual(['ai_sql_relation', { relation: 'app.users' }]);
  });

  it('refuses functions outside the allow-list: sleeping, settings, files, large objects, other servers', async () => {
    expect(await refusal('select pg_sleep(10)')).toEqual(['ai_sql_function', { function: 'pg_sleep' }]);
    expect(await refusal('select * from ai.products where pg_catalog.pg_sleep(1) is not null')).toEqual(['ai_sql_function', { function: 'pg_catalog.pg_sleep' }]);
    expect(await refusal("select set_config('askai.companies', 'SK01,HU01,CZ01', true)")).toEqual(['ai_sql_function', { function: 'set_config' }]);
    expect(await refusal("select current_setting('askai.companies')")).toEqual(['ai_sql_function', { function: 'current_setting' }]);
    expect(await refusal("select pg_read_file('/etc/passwd')")).toEqual(['ai_sql_function', { function: 'pg_read_file' }]);
    expect(await refusal("select lo_import('/etc/passwd')")).toEqual(['ai_sql_function', { function: 'lo_import' }]);
    expect(await refusal("select * from dblink('host=x', 'select 1') as t(a int)")).toEqual(['ai_sql_function', { function: 'dblink' }]);
    expect(await refusal('select ai.companies()')).toEqual(['ai_sql_function', { function: 'ai.companies' }]);
    expect(await refusal("select app.fsm_move(1, 1, 1, '{}', now())")).toEqual(['ai_sql_function', { function: 'app.fsm_move' }]);
    expect(await refusal("select 'pg_authid'::regclass")).toEqual(['ai_sql_function', { function: '::regclass' }]);
    expect(await refusal('select xmlparse(document \'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>\')')).toEqual(['ai_sql_function', { function: 'XmlExpr' }]);
    expect(await refusal('select 1 OPERATOR(app.+) 2')).toEqual(['ai_sql_function', { function: 'OPERATOR(app.+)' }]);
  });

  it('refuses system catalogs and relations outside the allowed views', async () => {
    expect(await refusal('select * from pg_catalog.pg_authid')).toEqual(['ai_sql_relation', { relation: 'pg_catalog.pg_authid' }]);
    expect(await refusal('select * from pg_user')).toEqual(['ai_sql_relation', { relation: 'pg_user' }]);
    expect(await refusal('select * from information_schema.tables')).toEqual(['ai_sql_relation', { relation: 'information_schema.tables' }]);
    expect(await refusal('select * from app.products')).toEqual(['ai_sql_relation', { relation: 'app.products' }]);
    expect(await refusal('select * from ai.purchase_orders')).toEqual(['ai_sql_relation', { relation: 'ai.purchase_orders' }]);
    expect(await refusal('table app.users')).toEqual(['ai_sql_relation', { relation: 'app.users' }]);
    expect(await refusal('select (select count(*) from app.users) from ai.brands')).toEqual(['ai_sql_relation', { relation: 'app.users' }]);
    expect(await refusal('select * from ai.brands where exists (select 1 from app.sessions)')).toEqual(['ai_sql_relation', { relation: 'app.sessions' }]);
    // A view not offered to this user (no list right on its page) is refused like any other relation.
    expect(await refusal('select * from ai.sales', ['products'])).toEqual(['ai_sql_relation', { relation: 'ai.sales' }]);
  });

  it('refuses CTE tricks: a writing CTE, a CTE name that shadows a catalog out of its scope', async () => {
    expect(await refusal('with d as (delete from app.users returning *) select * from d')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal("with i as (insert into app.brands (brand_name) values ('x') returning 1) select * from i")).toEqual(['ai_sql_not_select', undefined]);
    // Not recursive: the first CTE cannot see the second, so its pg_authid is the catalog.
    expect(await refusal('with a as (select * from pg_authid), pg_authid as (select 1) select * from a')).toEqual(['ai_sql_relation', { relation: 'pg_authid' }]);
    expect(await refusal('select * from (with pg_authid as (select 1) select 1) x, pg_authid')).toEqual(['ai_sql_relation', { relation: 'pg_authid' }]);
    expect(await refusal('with ai_x as (select 1) select * from ai.ai_x')).toEqual(['ai_sql_relation', { relation: 'ai.ai_x' }]);
  });

  it('refuses SELECT INTO and row locks', async () => {
    expect(await refusal('select * into stolen from ai.products')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select * from ai.products for update')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('select * from ai.products for share skip locked')).toEqual(['ai_sql_not_select', undefined]);
    expect(await refusal('with x as (select * from ai.products for update) select * from x')).toEqual(['ai_sql_not_select', undefined]);
  });

  it("refuses every way to another company's rows through the views: the setting cannot be changed from the query", async () => {
    expect(await refusal("select * from ai.products where set_config('askai.companies', 'HU01', true) is not null")).toEqual(['ai_sql_function', { function: 'set_config' }]);
    expect(await refusal("select * from ai.products, lateral (select set_config('askai.companies', 'HU01', true)) s")).toEqual(['ai_sql_function', { function: 'set_config' }]);
    expect(await refusal("select * from ai.products where company_code = any(string_to_array(current_setting('askai.companies'), ','))")).toEqual(['ai_sql_function', { function: 'string_to_array' }]);
    expect(await refusal("select * from app.products where company_code = 'HU01'")).toEqual(['ai_sql_relation', { relation: 'app.products' }]);
    expect(await refusal('select * from app.v_stock_value')).toEqual(['ai_sql_relation', { relation: 'app.v_stock_value' }]);
  });

  it('allows lpad/rpad only with a written length up to MAX_PAD_LENGTH: they make a text of any size from nothing', async () => {
    for (const sql of ["select lpad(product_code, 12, '0'), rpad(brand_name, 0) from ai.products", `select lpad('x', ${MAX_PAD_LENGTH}, 'y'), rpad('x', -5)`])
      await expect(checkAiSql(sql, VIEWS), sql).resolves.toBeTypeOf('string');
    const refused = ['lpad with a length other than a number up to 1000'];
    expect(await refusal("select string_agg(lpad('x', 100000000, 'y'), '') from generate_series(1, 100)")).toEqual(['ai_sql_function', { function: refused[0] }]);
    expect(await refusal("select lpad('x', 1001)")).toEqual(['ai_sql_function', { function: refused[0] }]);
    expect(await refusal("select lpad('x', 5.5)")).toEqual(['ai_sql_function', { function: refused[0] }]);
    expect(await refusal("select lpad('x', count(*)::int) from ai.products")).toEqual(['ai_sql_function', { function: refused[0] }]);
    expect(await refusal("select pg_catalog.rpad('x', stock_qty::int * 100000) from ai.products")).toEqual(['ai_sql_function', { function: 'rpad with a length other than a number up to 1000' }]);
    expect(await refusal("select rpad('x')")).toEqual(['ai_sql_function', { function: 'rpad with a length other than a number up to 1000' }]);
  });
});
