import './progress-steps.css';

export interface ProgressStepsProps {
  /** 1-based current step. */
  current: number;
  total: number;
  /** Spoken and shown text, e.g. 'Step 2 of 3'. */
  label: string;
}

/** Onboarding progress: a segmented bar with its text (role=progressbar). */
export function ProgressSteps({ current, total, label }: ProgressStepsProps) {
  return (
    <div className="progress-steps">
      <div className="progress-steps__bar" role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={current} aria-valuetext={label} aria-label={label}>
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={`progress-steps__seg${i < current ? ' progress-steps__seg--done' : ''}`} />
        ))}
      </div>
      <p className="progress-steps__text" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
