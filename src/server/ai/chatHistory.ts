/**
 * The Ask-AI sidebar's conversation, kept per user (app.ai_chat_messages, migration 063):
 * each question, then the answer (its SQL and rows) or the system's refusal (an error code
 * with its parameters, said in the user's language by the browser). The model is given the
 * earlier questions and queries, never rows or refusals.
 */
import type { Db } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { askAi, type AskDeps } from './askAi.ts';
import type { ChatMessage } from './chat.ts';
import type { AiResult } from './runner.ts';

/** Messages shown (the newest); earlier ones stay stored until the user clears them. */
const CHAT_SHOWN = 100;
/** Earlier turns given to the model as context. */
const CONTEXT_TURNS = 6;

export interface ChatEntry {
  message_id: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  sql: string | null;
  answer: Omit<AiResult, 'sql'> | null;
  error: { code: string; status: number; params?: Record<string, string | number> } | null;
  at: string;
}

const columns = `message_id::int as message_id, role, content, sql, answer, error, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`;

export async function chatMessages(db: Db, userId: number): Promise<ChatEntry[]> {
  const r = await db.query<ChatEntry>(`select * from (select ${columns} from app.ai_chat_messages where user_id = $1 order by message_id desc limit ${CHAT_SHOWN}) m order by message_id`, [userId]);
  return r.rows;
}

export async function clearChat(db: Db, userId: number): Promise<void> {
  await db.query('delete from app.ai_chat_messages where user_id = $1', [userId]);
}

async function store(db: Db, s: Session, m: Pick<ChatEntry, 'role' | 'content' | 'sql' | 'answer' | 'error'>): Promise<ChatEntry> {
  const r = await db.query<ChatEntry>(`insert into app.ai_chat_messages (user_id, company_code, role, content, sql, answer, error) values ($1, $2, $3, $4, $5, $6, $7) returning ${columns}`, [
    s.userId,
    s.company,
    m.role,
    m.content,
    m.sql,
    m.answer === null ? null : JSON.stringify(m.answer),
    m.error === null ? null : JSON.stringify(m.error),
  ]);
  return r.rows[0]!;
}

/** The question and its reply (an answer, or a system message saying why there is none), both stored. */
export async function askInChat(deps: AskDeps, s: Session, question: string): Promise<ChatEntry[]> {
  const earlier = await chatMessages(deps.db, s.userId);
  const history: ChatMessage[] = earlier
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && m.sql))
    .slice(-CONTEXT_TURNS * 2)
    .map((m) => (m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: JSON.stringify({ sql: m.sql }) }));
  const asked = await store(deps.db, s, { role: 'user', content: question, sql: null, answer: null, error: null });
  try {
    const { sql, ...answer } = await askAi(deps, s, question, history);
    return [asked, await store(deps.db, s, { role: 'assistant', content: '', sql, answer, error: null })];
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const error = { code: e.code, status: e.status, ...(e.params ? { params: e.params } : {}) };
    return [asked, await store(deps.db, s, { role: 'system', content: e.message, sql: null, answer: null, error })];
  }
}
