/**
 * On every AI content page, beside its first toolbar action: a notice when the server has
 * no chat engine's key — what to configure (OPENAI_API_KEY or DEEPSEEK_API_KEY, and
 * OPENAI_BASE_URL for another OpenAI-compatible server). The page's data stays usable; the
 * AI dialogs say the same and wait.
 */
import { useT } from '../i18n/useT.ts';
import { noChatEngine, useChatEngines, useEngineWords } from './aiShared.tsx';
import './aiContent.css';

export function AiEngineNotice() {
  const t = useT();
  const engines = useChatEngines();
  const words = useEngineWords(engines ?? []);
  if (!noChatEngine(engines)) return null;
  return (
    <span className="ai-engine-notice" role="status" data-testid="ai-engine-notice">
      {t('grid.bulk_ai_not_configured', words)}
    </span>
  );
}
