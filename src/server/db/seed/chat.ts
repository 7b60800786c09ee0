import type { Queryable } from '../types.ts';
import { companies } from './companies.ts';
import { insertRows } from './insert.ts';
import { LANGS, type Lang } from '../../../core/langs.ts';

/**
 * Demo data of the chat engines (migration 062): each company's translation prompts (one per
 * source language), a few prompts of its projects, stricter reply settings for one company,
 * and two saved conversations of the administrator, so /ai_content/prompts, /settings/chatgpt
 * and /settings/gpt_chats have rows in every language without an engine.
 */
const NAMES: Record<Lang, string> = { en: 'English', de: 'German', hu: 'Hungarian', sk: 'Slovak', ro: 'Romanian', cs: 'Czech', bg: 'Bulgarian' };

const translationPrompt = (lang: Lang) =>
  `You translate product texts of a home and garden web shop from ${NAMES[lang]}. Keep HTML markup, units, sizes and product codes as they are; ` +
  'use the customary shop terms of the target language and a friendly, plain tone. Answer with JSON only.';

const projectPrompts = [
  { title: 'Product description', project: 'catalogue', gpt_prompt: 'Write a product description of 80–120 words for a web shop from the facts given. No claims that the facts do not support.' },
  { title: 'Meta description', project: 'catalogue', gpt_prompt: 'Write a meta description of at most 160 characters for the product, with its main benefit and brand.' },
  {
    title: 'Reply to a customer',
    project: 'customer_care',
    gpt_prompt: 'Draft a polite reply to the customer in the language of their e-mail. Thank them, answer the question, and sign as the shop team.',
  },
  { title: 'Newsletter subject', project: 'marketing', gpt_prompt: 'Suggest five short newsletter subject lines for the offer described, each under 50 characters.' },
];

export async function seedChat(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.gpt_prompts',
    [
      ['company_code', 'text'],
      ['title', 'text'],
      ['project', 'text'],
      ['gpt_prompt', 'text'],
      ['language_code', 'text'],
    ],
    companies.flatMap((c) => [
      ...LANGS.map((l) => ({ company_code: c.code, title: `Translation from ${NAMES[l]}`, project: 'gpt_translation_prompt', gpt_prompt: translationPrompt(l), language_code: l })),
      ...projectPrompts.map((p) => ({ company_code: c.code, ...p, language_code: null })),
    ]),
  );
  // The Hungarian company keeps replies short and counted.
  await tx.query(`update app.chatgpt_settings set temperature = 0.3, max_tokens = 300, daily_limit = 50 where company_code = 'HU01'`);

  const chats = [
    {
      engine: 'openai',
      model: 'gpt-4o',
      messages: [
        ['system', 'You are a helpful assistant of a home and garden web shop.', 0, 0],
        ['user', 'Suggest three names for a spring garden tools sale.', 24, 0],
        ['assistant', '1. Spring Into the Garden\n2. Green Thumb Days\n3. Dig In: Spring Tools Sale', 0, 21],
      ],
    },
    {
      engine: 'deepseek',
      model: 'deepseek-chat',
      messages: [
        ['user', 'Summarise in one sentence why parcel lockers are popular.', 14, 0],
        ['assistant', 'Parcel lockers let customers collect orders at any hour close to home, without waiting in for a courier.', 0, 22],
      ],
    },
  ] as const;
  for (const [i, c] of chats.entries()) {
    const title = c.messages.find((m) => m[0] === 'user')![1];
    const r = await tx.query<{ gpt_chat_id: number }>(
      `insert into app.gpt_chats (company_code, user_id, engine, model, title, created_at)
       values ('SK01', 1, $1, $2, $3, now() - make_interval(days => $4)) returning gpt_chat_id`,
      [c.engine, c.model, title, chats.length - i],
    );
    await insertRows(
      tx,
      'app.gpt_chat_messages',
      [
        ['gpt_chat_id', 'int'],
        ['role', 'text'],
        ['content', 'text'],
        ['prompt_tokens', 'int'],
        ['completion_tokens', 'int'],
      ],
      c.messages.map(([role, content, prompt_tokens, completion_tokens]) => ({ gpt_chat_id: r.rows[0]!.gpt_chat_id, role, content, prompt_tokens, completion_tokens })),
    );
  }
}
