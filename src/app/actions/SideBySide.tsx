/**
 * Candidates side by side, each with its own "Pick" button, and what is in use now marked
 * as such: select_preview's texts and the recipes' and houses' images share it. The pick
 * is the caller's (accept a proposal, set the selected image).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import './aiContent.css';

export interface Candidate {
  id: string | number;
  content: ReactNode;
  /** The one in use now (the product's text, the selected image). */
  current?: boolean;
  /** Cannot be picked (the current text itself). */
  fixed?: boolean;
}

interface Props {
  title: string;
  open: boolean;
  busy: boolean;
  candidates: Candidate[] | undefined;
  onPick(id: string | number): void;
  onClose(): void;
}

export function SideBySide({ title, open, busy, candidates, onPick, onClose }: Props) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog ai-compare-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {!candidates ? (
            <p>{t('grid.bulk_ai_loading')}</p>
          ) : !candidates.length ? (
            <p>{t('grid.bulk_ai_no_candidates')}</p>
          ) : (
            <ul className="ai-compare" data-testid="ai-compare">
              {candidates.map((c) => (
                <li key={c.id} className={c.current ? 'ai-candidate ai-candidate-current' : 'ai-candidate'} data-testid="ai-candidate">
                  {c.current ? <strong className="ai-candidate-badge">{t('grid.bulk_ai_current')}</strong> : null}
                  <div className="ai-candidate-content">{c.content}</div>
                  {c.fixed ? null : (
                    <button type="button" className="btn btn-primary" disabled={busy || c.current} onClick={() => onPick(c.id)}>
                      {t('grid.bulk_ai_pick_this')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="dialog-buttons">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-secondary" disabled={busy}>
                {t('common.close')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
