import { Avatar } from './avatar';
import './icon-tile.css';

export interface IconTileProps {
  name: string;
  icon: string;
  /** e.g. 'New'; shown over the icon */
  badge?: string | undefined;
  /** A dot badge (the remote dot_* flags): the tile's accessible name then says so (e.g. "Live Quiz, something new"). */
  dotLabel?: string | undefined;
  onOpen: () => void;
}

/** A round icon with its name under it: one entry of a row of bots or mini apps. */
export function IconTile({ name, icon, badge, dotLabel, onOpen }: IconTileProps) {
  return (
    <button type="button" className="icon-tile" onClick={onOpen} aria-label={dotLabel}>
      <span className="icon-tile__icon">
        <Avatar name={name} src={icon} size="large" />
        {badge && <span className="icon-tile__badge">{badge}</span>}
        {dotLabel && <span className="icon-tile__dot" aria-hidden="true" data-testid="icon-tile-dot" />}
      </span>
      <span className="icon-tile__name">{name}</span>
    </button>
  );
}
