// The app bar of the catalogue and the cart: back, the title, and (in the catalogue) the cart
// with its item count.
import { Link, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

export function ShopHeader({ title, botUuid, cartCount }: { title: string; botUuid: string; cartCount?: number }) {
  const intl = useIntl();
  const router = useRouter();
  const back = intl.formatMessage({ id: 'shop.back' });
  const onBack = () => {
    if (window.history.length > 1) router.history.back();
    else if (botUuid) void router.navigate({ to: '/chat/$botUuid', params: { botUuid } });
    else void router.navigate({ to: '/home' });
  };
  return (
    <header className="shop-header">
      <div className="shop-header__inner">
        <button type="button" className="shop-header__icon" onClick={onBack} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="shop-header__title">{title}</h1>
        {cartCount !== undefined && (
          <Link to="/cart" search={{ bot: botUuid }} className="shop-header__icon shop-header__cart"
            aria-label={intl.formatMessage({ id: 'shop.cart.open' }, { count: cartCount })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M3 4h2.2l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              <circle cx="10" cy="20" r="1.5" fill="currentColor" /><circle cx="17" cy="20" r="1.5" fill="currentColor" />
            </svg>
            {cartCount > 0 && <span className="shop-header__badge" aria-hidden="true">{cartCount}</span>}
          </Link>
        )}
      </div>
    </header>
  );
}
