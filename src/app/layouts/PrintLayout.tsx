import { Outlet } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { InsideMain } from './insideMain.ts';

/** A4 portrait document (spec §9: 210 mm wide, tables 190 mm); the toolbar does not print. */
export function PrintLayout() {
  const intl = useIntl();
  return (
    <div className="layout-print">
      <header className="print-toolbar no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'chrome.print' })}
        </button>
      </header>
      <main className="print-document">
        <InsideMain value>
          <Outlet />
        </InsideMain>
      </main>
    </div>
  );
}
