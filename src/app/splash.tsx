import { Spinner } from '../ui/spinner';
import './app-shell.css';

/** Shown while the database opens or the messages load: the logo and a spinner, no text
 *  (no language is known yet). */
export function Splash({ label }: { label?: string }) {
  return (
    <div className="app-center app-splash" aria-busy="true">
      <img className="app-splash__logo" src="/logo.svg" alt="" width={72} height={72} />
      <Spinner label={label} />
    </div>
  );
}
