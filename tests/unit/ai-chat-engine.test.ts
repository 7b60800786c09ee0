/**
 * AI content's chat engine (issue 25): which engine a call uses (the user's pick, else the
 * company's when it has a key, else the first with a key: OpenAI, then DeepSeek; none → 503
 * naming the variable), and a JSON
 * request as each engine takes it (DeepSeek per spec §7: its reasoner, temperature × 1.5,
 * no response_format), and a reply's JSON read plain or fenced — the one copy the catalogue
 * texts, the content drafts, the mail draft and the chat translation share (chat.ts).
 */
import { describe, expect, it } from 'vitest';
import { jsonRequest, replyJson } from '../../src/server/ai/chat.ts';
import { chatEngine, type ConfiguredEngine } from '../../src/server/ai/engines.ts';
import { configFromEnv } from '../../src/server/config.ts';

const config = (env: Record<string, string>) => configFromEnv({ ...env });

describe('chatEngine', () => {
  it('uses the engine picked, else the first with a key, and says which variable is missing', () => {
    const both = config({ OPENAI_API_KEY: 'o', DEEPSEEK_API_KEY: 'd' });
    expect(chatEngine(both, undefined).name).toBe('openai');
    expect(chatEngine(both, 'deepseek')).toMatchObject({ name: 'deepseek', key: 'd', label: 'DeepSeek' });
    expect(chatEngine(config({ DEEPSEEK_API_KEY: 'd' }), undefined).name).toBe('deepseek');
    // The company's engine when it has a key; a pick wins over it.
    expect(chatEngine(both, undefined, 'deepseek').name).toBe('deepseek');
    expect(chatEngine(both, 'openai', 'deepseek').name).toBe('openai');
    expect(chatEngine(config({ OPENAI_API_KEY: 'o' }), undefined, 'deepseek').name).toBe('openai');
    expect(() => chatEngine(config({ OPENAI_API_KEY: 'o' }), 'deepseek')).toThrow(
      expect.objectContaining({ status: 503, code: 'not_configured', params: { engine: 'DeepSeek', variable: 'DEEPSEEK_API_KEY' } }),
    );
    expect(() => chatEngine(config({}), undefined)).toThrow(expect.objectContaining({ status: 503, params: { engine: 'OpenAI', variable: 'OPENAI_API_KEY' } }));
  });
});

describe('jsonRequest and replyJson', () => {
  const req = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'x' }], temperature: 0.5, max_tokens: 100 };
  it('asks OpenAI in JSON mode and DeepSeek on its reasoner at 1.5 × the temperature, without response_format', () => {
    expect(jsonRequest({ name: 'openai' }, req)).toEqual({ ...req, response_format: { type: 'json_object' } });
    expect(jsonRequest({ name: 'deepseek' }, req)).toEqual({ ...req, model: 'deepseek-reasoner', temperature: 0.75 });
    expect(jsonRequest({ name: 'deepseek' }, { ...req, temperature: 1.8 }).temperature).toBe(2);
    const { temperature: _, ...none } = req;
    expect(jsonRequest({ name: 'deepseek' }, none)).toEqual({ ...none, model: 'deepseek-reasoner' });
  });
  it('reads a reply plain or in a ```json fence; prose is engine_bad_answer', () => {
    const engine: ConfiguredEngine = { name: 'deepseek', label: 'DeepSeek', key: 'd', url: 'http://127.0.0.1:1' };
    expect(replyJson(engine, '{"en": "a"}')).toEqual({ en: 'a' });
    expect(replyJson(engine, '```json\n{"en": "a"}\n```')).toEqual({ en: 'a' });
    expect(() => replyJson(engine, 'Sure! Here it is.')).toThrow(expect.objectContaining({ code: 'engine_bad_answer' }));
  });
});
