// The customisation view of a product (spec part 2 §4): its steps, seeded from the suggested
// customisations; a radio group takes one choice, a checkbox group any; a required group must
// be chosen before the product can be added. The price shows what the choices add.
import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { CatalogProduct } from '../../api/catalog';
import type { CartChoice } from '../../domain/cart-edits';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/button';
import { useModalFocus } from '../../ui/focus-trap';

export interface CustomizeSheetProps {
  product: CatalogProduct;
  onAdd: (choices: CartChoice[]) => void;
  onClose: () => void;
}

function seed(product: CatalogProduct): CartChoice[] {
  const all = product.customization_steps.flatMap((s) => s.customizations);
  return (product.suggested_customizations ?? []).filter((c) => all.some((x) => x.id === c.id && x.options.some((o) => o.id === c.value)));
}

export function CustomizeSheet({ product, onAdd, onClose }: CustomizeSheetProps) {
  const intl = useIntl();
  const [choices, setChoices] = useState<CartChoice[]>(() => seed(product));
  const sheet = useRef<HTMLElement>(null);
  useModalFocus(sheet, onClose);
  const all = product.customization_steps.flatMap((s) => s.customizations);
  const missing = all.filter((c) => c.required && !choices.some((x) => x.id === c.id));
  const extra = useMemo(() => all.reduce((sum, c) => sum + c.options.filter((o) => choices.some((x) => x.id === c.id && x.value === o.id)).reduce((s, o) => s + o.price.price, 0), 0), [all, choices]);
  const unit = { price: product.price.price + extra, currency: product.price.currency };

  const choose = (customizationId: string, optionId: string, radio: boolean) => {
    setChoices((current) => {
      const has = current.some((c) => c.id === customizationId && c.value === optionId);
      if (radio) return [...current.filter((c) => c.id !== customizationId), { id: customizationId, value: optionId }];
      return has ? current.filter((c) => !(c.id === customizationId && c.value === optionId)) : [...current, { id: customizationId, value: optionId }];
    });
  };

  const titleId = `customize-${product.id}`;
  // Portalled out of #root: the focus trap makes #root inert while the sheet is open.
  return createPortal(
    <div className="sheet-backdrop" onClick={onClose}>
      <section ref={sheet} className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <header className="sheet__header">
          <h2 id={titleId} className="sheet__title">{product.name}</h2>
          <button type="button" className="sheet__close" onClick={onClose} aria-label={intl.formatMessage({ id: 'shop.customise.close' })}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
          </button>
        </header>
        <div className="sheet__body">
          {product.customization_steps.map((step) => (
            <div key={step.id} className="customize-step">
              <h3 className="customize-step__title">{step.name}</h3>
              {step.customizations.map((c) => (
                <fieldset key={c.id} className="customize-group">
                  <legend className="customize-group__legend">
                    {c.name}
                    {c.required && <span className="customize-group__required">{intl.formatMessage({ id: 'shop.customise.required' })}</span>}
                  </legend>
                  {c.options.map((o) => {
                    const radio = c.type === 'radio';
                    const checked = choices.some((x) => x.id === c.id && x.value === o.id);
                    return (
                      <label key={o.id} className="customize-option">
                        <input type={radio ? 'radio' : 'checkbox'} name={`${product.id}-${c.id}`} checked={checked} onChange={() => choose(c.id, o.id, radio)} />
                        <span className="customize-option__name">{o.name}</span>
                        {o.price.price > 0 && <span className="customize-option__price">+ {formatMoney(o.price)}</span>}
                      </label>
                    );
                  })}
                </fieldset>
              ))}
            </div>
          ))}
        </div>
        <footer className="sheet__footer">
          {missing.length > 0 && (
            <p className="sheet__hint" role="note">{intl.formatMessage({ id: 'shop.customise.choose' }, { name: missing.map((m) => m.name).join(', ') })}</p>
          )}
          <Button block disabled={missing.length > 0} onClick={() => onAdd(choices)}>
            {intl.formatMessage({ id: 'shop.customise.add' }, { price: formatMoney(unit) })}
          </Button>
        </footer>
      </section>
    </div>,
    document.body,
  );
}
