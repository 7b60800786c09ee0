import { useIntl } from 'react-intl';

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="app-footer">
      <span>
        {intl.formatMessage({ id: 'app.name' })} · {new Date().getFullYear()}
      </span>
    </footer>
  );
}
