import { defineScreen } from '../../schemas/screen.ts';

/** The projects the company's prompts are grouped by, with their counts (spec §7 "Filter: project_prompts_brief"). */
export default defineScreen({
  form: 'project_prompts_brief',
  access: 'authenticated',
  source: { relation: 'app.v_project_prompts', key: 'project', company: 'company_code', sort: [{ colId: 'project', sort: 'asc' }] },
  columns: { project: { label: 'prompt_project' }, prompt_count: { type: 'int' } },
});
