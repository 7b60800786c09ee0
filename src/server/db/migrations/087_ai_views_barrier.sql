-- Ask-AI (issue 42): every `ai.*` view is a security barrier. Without it the planner
-- merges the model's WHERE into the view and may run it before the view's company filter
-- (`company_code = any (ai.companies())`) or on a joined table the filter does not reach
-- (a sales line's partner, product): a cast or a division that fails only on another
-- company's row then reads that row through the error. With the barrier the view's own
-- conditions and joins run first and only leakproof operators of the query go below them.
-- New `ai.*` views must say `with (security_barrier)` too (tests/api/ask-ai-isolation.test.ts
-- checks every view of the schema).
alter view ai.brands set (security_barrier = true);
alter view ai.products set (security_barrier = true);
alter view ai.stock set (security_barrier = true);
alter view ai.sales set (security_barrier = true);
alter view ai.partners set (security_barrier = true);
alter view ai.purchase_orders set (security_barrier = true);
