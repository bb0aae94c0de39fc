// A card message: cards side by side in a horizontal scroller (scroll-snap), each with its
// picture (through renderImage, a plain placeholder by default), title, subtitle and buttons.
import type { ReactNode } from 'react';
import type { ActionButton, CardItem, MediaRef } from '../../api/messages';
import { ActionButtons } from './action-buttons';
import { MediaSlot } from './media-slot';
import './messages.css';

export interface CardCarouselProps {
  cards: readonly CardItem[];
  label: string;
  actionsLabel: string;
  newTabHint: string;
  onViewCart: () => void;
  renderImage?: (media: MediaRef, label: string) => ReactNode;
  /** A website button was tapped (see ActionButtons). */
  onWebTap?: ((button: ActionButton) => void) | undefined;
}

export function CardCarousel({ cards, label, actionsLabel, newTabHint, onViewCart, renderImage, onWebTap }: CardCarouselProps) {
  return (
    <ul className="msg-carousel" aria-label={label}>
      {cards.map((card, i) => (
        <li key={i} className="msg-card">
          {card.image ? (renderImage ? renderImage(card.image, card.title) : <MediaSlot media={card.image} label={card.title} />) : null}
          <div className="msg-card__body">
            <p className="msg-card__title">{card.title}</p>
            {card.subtitle ? <p className="msg-card__subtitle">{card.subtitle}</p> : null}
            {card.buttons && card.buttons.length > 0 ? <ActionButtons buttons={card.buttons} onViewCart={onViewCart} label={actionsLabel} newTabHint={newTabHint} onWebTap={onWebTap} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
