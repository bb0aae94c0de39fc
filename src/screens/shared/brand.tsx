import { useIntl } from 'react-intl';
import './brand.css';

/** The logo and the app name. */
export function Brand({ tone = 'plain', size = 'm' }: { tone?: 'plain' | 'on-brand'; size?: 'm' | 'l' }) {
  const intl = useIntl();
  return (
    <span className={`brand brand--${tone} brand--${size}`}>
      <img className="brand__logo" src="/logo.svg" alt="" width={40} height={40} />
      <span className="brand__name">{intl.formatMessage({ id: 'app.name' })}</span>
    </span>
  );
}
