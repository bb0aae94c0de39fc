import { Avatar } from './avatar';
import './discovery-bot-row.css';

export interface DiscoveryBotRowProps {
  name: string;
  description: string;
  icon: string;
  /** category and subscriber count, already worded */
  meta: string;
  /** e.g. 'New' for a bot launched under 15 days ago */
  badge?: string | undefined;
  actionLabel: string;
  actionAccessibleLabel: string;
  onOpen: () => void;
  /** the secondary control (the bot's profile) */
  infoLabel: string;
  onInfo: () => void;
}

/** A recommended bot: picture, name with its badge, description, category and subscribers; Chat, and a smaller control for its profile. */
export function DiscoveryBotRow(props: DiscoveryBotRowProps) {
  const { name, description, icon, meta, badge, actionLabel, actionAccessibleLabel, onOpen, infoLabel, onInfo } = props;
  return (
    <div className="discovery-bot">
      <Avatar name={name} src={icon} size="large" />
      <div className="discovery-bot__text">
        <h3 className="discovery-bot__name">
          {name}
          {badge && <span className="discovery-bot__badge">{badge}</span>}
        </h3>
        <p className="discovery-bot__description">{description}</p>
        <p className="discovery-bot__meta">{meta}</p>
      </div>
      <div className="discovery-bot__actions">
        <button type="button" className="discovery-bot__chat" aria-label={actionAccessibleLabel} onClick={onOpen}>
          {actionLabel}
        </button>
        <button type="button" className="discovery-bot__info" aria-label={infoLabel} title={infoLabel} onClick={onInfo}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
