// − quantity + for a product or a cart line. The buttons name the product for screen readers
// ("Remove one Toor Dal"); the plus is disabled at the product's maximum.
import './quantity-stepper.css';

export interface QuantityStepperProps {
  quantity: number;
  onIncrease: () => void;
  onDecrease: () => void;
  increaseLabel: string;
  decreaseLabel: string;
  quantityLabel: string;
  atMax?: boolean;
}

export function QuantityStepper({ quantity, onIncrease, onDecrease, increaseLabel, decreaseLabel, quantityLabel, atMax = false }: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label={quantityLabel}>
      <button type="button" className="stepper__button" onClick={onDecrease} aria-label={decreaseLabel} title={decreaseLabel}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" /></svg>
      </button>
      <output className="stepper__value" aria-live="polite">{quantity}</output>
      <button type="button" className="stepper__button" onClick={onIncrease} aria-label={increaseLabel} title={increaseLabel} aria-disabled={atMax || undefined}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" /></svg>
      </button>
    </div>
  );
}
