// A cart message: how many items and the total, and a 'View cart' button.
import { useSolidPress } from '../use-button-press';
import './messages.css';

export function CartSummary({ summary, viewLabel, onView }: { summary: string; viewLabel: string; onView: () => void }) {
  const press = useSolidPress(onView);
  return (
    <div className="msg-cart">
      <p className="msg-cart__summary">{summary}</p>
      <button type="button" className="msg-solid" onClick={press}>
        {viewLabel}
      </button>
    </div>
  );
}
