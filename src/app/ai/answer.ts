/** Ask-AI's answers as the server sends them (src/server/ai/runner.ts, chatHistory.ts). */
interface AiColumn {
  name: string;
  kind: 'number' | 'text';
}

export interface AiAnswer {
  columns: AiColumn[];
  rows: unknown[][];
  /** One label column and numeric columns: drawn as a chart too. */
  chart: { label: string; series: string[] } | null;
  sql?: string;
}

export interface ChatEntry {
  message_id: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  sql: string | null;
  answer: AiAnswer | null;
  error: { code: string; status: number; params?: Record<string, string | number> } | null;
  at: string;
}
