import { useEffect, useState, type CSSProperties } from 'react';
import './avatar.css';

export interface AvatarProps {
  /** Whose picture: gives the initials when there is no picture or it fails to load. */
  name: string;
  /** Picture address; '' for none. */
  src?: string;
  size?: 'small' | 'medium' | 'large';
}

/** First letters of the first two words (any script), upper-cased where the script has case. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/** Hue from the name, so each bot keeps its colour. */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

/** A round picture, or the initials on a colour picked from the name. Decorative: the name is shown next to it. */
export function Avatar({ name, src = '', size = 'medium' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== '' && failedSrc !== src;
  // A picture that failed offline (a thread opened before its icon was ever fetched) is tried
  // again when the network returns; only an avatar showing its initials listens.
  useEffect(() => {
    if (failedSrc === null) return undefined;
    const retry = () => setFailedSrc(null);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failedSrc]);
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true" style={{ '--avatar-hue': hueOf(name) } as CSSProperties}>
      {showImage ? (
        <img className="avatar__img" src={src} alt="" loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />
      ) : (
        <span className="avatar__initials">{initialsOf(name)}</span>
      )}
    </span>
  );
}
