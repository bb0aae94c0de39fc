// A scorecard message: title, the score out of the total, and optional rows as a definition list.
import type { ScorecardRow } from '../../api/messages';
import './messages.css';

export function ScorecardView({ title, scoreText, rows }: { title: string; scoreText: string; rows?: readonly ScorecardRow[] | undefined }) {
  return (
    <div className="msg-scorecard">
      <p className="msg-scorecard__title">{title}</p>
      <p className="msg-scorecard__score">{scoreText}</p>
      {rows && rows.length > 0 ? (
        <dl className="msg-scorecard__rows">
          {rows.map((r, i) => (
            <div key={i} className="msg-scorecard__row">
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
