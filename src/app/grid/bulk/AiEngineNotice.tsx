/**
 * On every AI content page, beside its first toolbar action: a notice when the server has
 * no OpenAI key — what to configure (OPENAI_API_KEY, and OPENAI_BASE_URL for another
 * OpenAI-compatible server). The page's data stays usable; only the AI actions wait.
 */
import { useT } from '../../i18n/useT.ts';
import { useOpenAi } from './aiShared.tsx';
import './aiContent.css';

export function AiEngineNotice() {
  const t = useT();
  const openai = useOpenAi();
  if (!openai || openai.configured) return null;
  return (
    <span className="ai-engine-notice" role="status" data-testid="ai-engine-notice">
      {t('grid.bulk_ai_not_configured', { engine: openai.label, env: openai.env })}
    </span>
  );
}
