/**
 * An Ask-AI answer's rows in the project's grid (ScreenGrid over rows handed in: read-only,
 * sorted and filtered in the browser, numbers in the user's locale, keyboard and copy as
 * every grid). A chunk of its own, loaded with the first answer that has rows.
 */
import { useMemo, type CSSProperties } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { ScreenGrid } from '../grid/ScreenGrid.tsx';
import { expandMessages, type Messages } from '../i18n/messages.ts';
import type { AiAnswer } from './answer.ts';
import { answerGrid } from './answerGrid.ts';

const READ_ONLY = { list: true, add: false, set: false, delete: false };

/**
 * The grid says every text through the catalogue, headers as `fields.<field>`: the
 * answer's column names join the messages under its own fields (answerGrid.ts), in a
 * provider of the same locale.
 */
export default function AiAnswerGrid({ answer }: { answer: AiAnswer }) {
  const intl = useIntl();
  const grid = useMemo(() => answerGrid(answer), [answer]);
  // Literals, as the catalogues are given (messages.ts): a name is read as it is, braces too.
  const messages = useMemo(() => ({ ...(intl.messages as Messages), ...expandMessages(grid.labels) }), [intl.messages, grid.labels]);
  // As tall as its rows (toolbar, header, filter row and a scrollbar above them), at most the CSS's cap.
  const style = { '--ai-answer-rows': grid.rows.length } as CSSProperties;
  return (
    <div className="ai-answer-grid" style={style}>
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
        <ScreenGrid screen={grid.screen} rows={grid.rows} perms={READ_ONLY} persistState={false} />
      </IntlProvider>
    </div>
  );
}
