import { Avatar } from './avatar';
import './icon-tile.css';

export interface IconTileProps {
  name: string;
  icon: string;
  /** e.g. 'New'; shown over the icon */
  badge?: string | undefined;
  onOpen: () => void;
}

/** A round icon with its name under it: one entry of a row of bots or mini apps. */
export function IconTile({ name, icon, badge, onOpen }: IconTileProps) {
  return (
    <button type="button" className="icon-tile" onClick={onOpen}>
      <span className="icon-tile__icon">
        <Avatar name={name} src={icon} size="large" />
        {badge && <span className="icon-tile__badge">{badge}</span>}
      </span>
      <span className="icon-tile__name">{name}</span>
    </button>
  );
}
