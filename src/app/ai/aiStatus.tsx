/**
 * Whether Ask-AI can answer on this server (GET /ai/status): the page and the sidebar say it
 * before a question is typed, naming the environment variable an administrator sets.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../api/client.ts';

export interface AiStatus {
  configured: boolean;
  /** The engine Ask-AI asks (OpenAI). */
  engine: string;
  /** The environment variable that gives it its key. */
  variable: string;
}

/** The status, asked once while `active`; undefined while it loads or when the call failed (a question's answer says why then). */
export function useAiStatus(active = true): AiStatus | undefined {
  const [status, setStatus] = useState<AiStatus>();
  useEffect(() => {
    if (!active) return;
    let live = true;
    api.get<AiStatus>('/ai/status').then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active]);
  return status;
}

/** The notice of a server without Ask-AI's engine: what is missing and the variable that sets it up. */
export function AiNotSetUp({ status, id }: { status: AiStatus | undefined; id: string }) {
  const intl = useIntl();
  if (!status || status.configured) return null;
  return (
    <div id={id} className="alert alert-warning ai-not-set-up" role="status">
      {intl.formatMessage({ id: 'ai.not_set_up' }, { engine: status.engine, variable: status.variable })}
    </div>
  );
}
