import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../ui/empty-state';
import '../ui/button.css';
import './app-shell.css';
import somethingWentWrongImage from './images/something-went-wrong.svg?inline';

export function NotFound() {
  const intl = useIntl();
  return (
    <main className="app-center">
      <EmptyState
        level={2}
        illustration={<img src={somethingWentWrongImage} alt="" />}
        title={intl.formatMessage({ id: 'app.notFound.title' })}
        body={intl.formatMessage({ id: 'app.notFound.body' })}
        action={
          <Link to="/" className="btn btn--primary">
            <span className="btn__label">{intl.formatMessage({ id: 'app.notFound.home' })}</span>
          </Link>
        }
      />
    </main>
  );
}
