// The cart with one bot (spec part 2 §2, §4): its lines with their choices and prices, the
// quantity of each, the total. Edits show at once; while some wait for the server a small line
// says so, and a change the server refused comes back undone with its text.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearch } from '@tanstack/react-router';
import { addToCart, dismissCartRefusal, loadCatalog, refreshCart, removeFromCart } from '../../db/commands';
import { useCart } from '../../db/hooks';
import type { VisibleCartLine } from '../../db/cart-view';
import { cartRefusalTextId } from '../../domain/errors';
import { formatMoney } from '../../domain/money';
import { EmptyState } from '../../ui/empty-state';
import { OfflineBanner } from '../../ui/offline-banner';
import { QuantityStepper } from '../../ui/quantity-stepper';
import { Toast } from '../../ui/toast';
import { useOnline } from '../shared/use-online';
import { NoShop } from './no-shop';
import { ShopHeader } from './shop-header';
import { useShopNotice } from './use-shop-notice';
import './shop.css';

export default function CartScreen() {
  const { bot } = useSearch({ from: '/cart' });
  return bot ? <Cart key={bot} bot={bot} /> : <NoShop />;
}

function Cart({ bot }: { bot: string }) {
  const intl = useIntl();
  const online = useOnline();
  const cart = useCart(bot);
  const { notice, show, showResult, clear } = useShopNotice();

  useEffect(() => {
    if (!online) return;
    void refreshCart(bot);
    void loadCatalog(bot);
  }, [bot, online]);

  // A refusal is shown once, then cleared.
  const refusal = cart.refusal;
  useEffect(() => {
    if (!refusal) return;
    show(cartRefusalTextId(refusal.message), 'error');
    void dismissCartRefusal(bot);
  }, [refusal, bot, show]);

  const ref = (line: VisibleCartLine) => ({ catalog_id: line.catalog_id, product_id: line.product_id, customizations: line.customizations });
  const title = intl.formatMessage({ id: 'shop.cart.title' });

  return (
    <div className="shop">
      <ShopHeader title={title} botUuid={bot} />
      <main className="shop__main">
        {!online && <OfflineBanner message={intl.formatMessage({ id: 'shop.cart.offline' })} />}
        {cart.loaded && cart.lines.length === 0 && (
          <EmptyState
            title={intl.formatMessage({ id: 'shop.cart.empty' })}
            body={intl.formatMessage({ id: 'shop.cart.emptyBody' })}
            action={<Link to="/catalog" search={{ bot }} className="btn btn--primary"><span className="btn__label">{intl.formatMessage({ id: 'shop.cart.browse' })}</span></Link>}
          />
        )}
        {cart.lines.length > 0 && (
          <>
            <ul className="cart-lines" aria-label={title}>
              {cart.lines.map((line) => {
                const name = line.name ?? line.product_id;
                return (
                  <li key={line.key} className={`cart-line${line.pending ? ' cart-line--pending' : ''}`}>
                    <div className="cart-line__text">
                      <h2 className="cart-line__name">{name}</h2>
                      {line.choiceNames.length > 0 && <p className="cart-line__choices">{line.choiceNames.join(' · ')}</p>}
                      {line.unitPrice && (
                        <p className="cart-line__price">
                          {intl.formatMessage({ id: 'shop.cart.lineTotal' }, { unit: formatMoney(line.unitPrice), total: formatMoney({ price: line.unitPrice.price * line.quantity, currency: line.unitPrice.currency }) })}
                        </p>
                      )}
                    </div>
                    <QuantityStepper
                      quantity={line.quantity}
                      atMax={line.max_quantity_allowed !== null && line.quantity >= line.max_quantity_allowed}
                      onIncrease={() => void addToCart(bot, ref(line)).then(showResult)}
                      onDecrease={() => void removeFromCart(bot, ref(line)).then(showResult)}
                      increaseLabel={intl.formatMessage({ id: 'shop.quantity.increase' }, { name })}
                      decreaseLabel={intl.formatMessage({ id: 'shop.quantity.decrease' }, { name })}
                      quantityLabel={intl.formatMessage({ id: 'shop.quantity.label' }, { name })}
                    />
                  </li>
                );
              })}
            </ul>
            <section className="cart-summary" aria-label={intl.formatMessage({ id: 'shop.cart.summary' })}>
              <p className="cart-summary__row">
                <span>{intl.formatMessage({ id: 'shop.cart.items' }, { count: cart.itemCount })}</span>
                <strong className="cart-summary__total">{formatMoney(cart.total)}</strong>
              </p>
              {cart.pendingEdits > 0 && (
                <p className="cart-summary__pending" role="status">
                  {intl.formatMessage({ id: online ? 'shop.cart.saving' : 'shop.cart.waiting' })}
                </p>
              )}
              {/* issue 15: checkout (paying needs the network; the checkout screen says so) */}
              <Link to="/checkout" search={{ bot }} className="btn btn--primary btn--block cart-summary__order"><span className="btn__label">{intl.formatMessage({ id: 'checkout.placeOrder' })}</span></Link>
            </section>
          </>
        )}
      </main>
      {notice && <Toast key={notice.id} message={notice.text} tone={notice.tone} onDone={clear} />}
    </div>
  );
}
