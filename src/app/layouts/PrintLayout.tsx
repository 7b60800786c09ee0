import { Outlet } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

/** A4 portrait document (spec §9: 210 mm wide, tables 190 mm); the toolbar does not print. */
export function PrintLayout() {
  const intl = useIntl();
  return (
    <div className="layout-print">
      <div className="print-toolbar no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {intl.formatMessage({ id: 'chrome.print' })}
        </button>
      </div>
      <div className="print-document">
        <Outlet />
      </div>
    </div>
  );
}
