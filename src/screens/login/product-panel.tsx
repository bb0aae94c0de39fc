import { useIntl } from 'react-intl';
import { Brand } from '../shared/brand';
import heroDarkImage from './images/login-hero-dark.svg?inline';

const POINTS = [
  { id: 'login.panel.point.chat', icon: 'M4 5h16v10H9l-5 4z' },
  { id: 'login.panel.point.rewards', icon: 'M12 3l2.6 5.6 6 .6-4.5 4 1.3 6L12 16.3 6.6 19.2l1.3-6-4.5-4 6-.6z' },
  { id: 'login.panel.point.offline', icon: 'M3 9a13 13 0 0 1 18 0M6.5 12.5a8 8 0 0 1 11 0M10 16a3 3 0 0 1 4 0M12 19.5h.01' },
] as const;

/** The desktop login's left column: what the product is, in three lines. Hidden below 1024 px. */
export function ProductPanel() {
  const intl = useIntl();
  return (
    <aside className="login-panel" aria-labelledby="login-panel-title">
      <Brand tone="on-brand" size="l" />
      <div className="login-panel__body">
        <img className="login-panel__art" src={heroDarkImage} alt="" width={320} height={232} />
        <h2 id="login-panel-title" className="login-panel__title">
          {intl.formatMessage({ id: 'login.panel.title' })}
        </h2>
        <ul className="login-panel__points">
          {POINTS.map((p) => (
            <li key={p.id}>
              <span className="login-panel__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="20" height="20">
                  <path d={p.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              {intl.formatMessage({ id: p.id })}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
