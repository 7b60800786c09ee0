import type { Queryable } from '../types.ts';

/**
 * Demo saved questions of /ai_content/ai_analytics, the same four for every company, with
 * the SQL an answer would have written over the `ai.*` views (migration 063): "Answer" runs
 * it through Ask-AI's guard without a model, so the screen answers on a demo start too.
 * Not answered yet: when and how many rows stay empty until someone asks.
 */
const DEMO_QUESTIONS: { question: string; sql: string }[] = [
  {
    question: 'Top 5 brands by stock value',
    sql: 'select brand_name, round(sum(stock_value), 2) as stock_value from ai.stock where brand_name is not null group by brand_name order by stock_value desc limit 5',
  },
  {
    question: 'Net sales per month over the last twelve months',
    sql: "select to_char(date_trunc('month', opened_on), 'YYYY-MM') as month, round(sum(net_amount), 2) as net_sales from ai.sales where not deleted and opened_on >= current_date - interval '12 months' group by 1 order by 1",
  },
  {
    question: 'Top 10 customers by net sales',
    sql: 'select partner_name, round(sum(net_amount), 2) as net_sales from ai.sales where not deleted group by partner_name order by net_sales desc limit 10',
  },
  {
    question: 'Active products with fewer than 5 units in stock',
    sql: 'select product_code, product_name, stock_qty from ai.products where active and stock_qty < 5 order by stock_qty, product_code limit 50',
  },
];

export async function seedAiAnalytics(tx: Queryable): Promise<void> {
  await tx.query(
    `insert into app.ai_analytics (company_code, question, sql)
     select c.company_code, q.e ->> 'question', q.e ->> 'sql'
     from app.companies c cross join jsonb_array_elements($1::jsonb) with ordinality as q(e, n)
     order by c.company_code, q.n`,
    [JSON.stringify(DEMO_QUESTIONS)],
  );
}
