import { Avatar } from './avatar';
import './bot-card.css';

export interface BotCardProps {
  name: string;
  description: string;
  icon: string;
  /** Visible text of the button, e.g. 'Chat'. */
  actionLabel: string;
  /** Accessible name of the button, e.g. 'Chat with Echo'. */
  actionAccessibleLabel: string;
  onOpen: () => void;
}

/** A suggested bot: picture, name, description and a button that opens its conversation. */
export function BotCard({ name, description, icon, actionLabel, actionAccessibleLabel, onOpen }: BotCardProps) {
  return (
    // The whole card is a pointer target; keyboards and screen readers use its button.
    <div className="bot-card" onClick={onOpen}>
      <Avatar name={name} src={icon} size="large" />
      <div className="bot-card__text">
        <h3 className="bot-card__name">{name}</h3>
        {description && <p className="bot-card__description">{description}</p>}
      </div>
      <button
        type="button"
        className="bot-card__action"
        aria-label={actionAccessibleLabel}
        onClick={(e) => {
          e.stopPropagation();
          onOpen();
        }}
      >
        {actionLabel}
      </button>
    </div>
  );
}
