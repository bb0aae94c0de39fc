// The app bar of the catalogue and the cart: the shared one, with (in the catalogue) the cart and
// its item count at the end.
import { Link, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { PageHeader } from '../shared/page-header';

export function ShopHeader({ title, botUuid, cartCount }: { title: string; botUuid: string; cartCount?: number }) {
  const intl = useIntl();
  const router = useRouter();
  const onFallback = () => {
    if (botUuid) void router.navigate({ to: '/chat/$botUuid', params: { botUuid } });
    else void router.navigate({ to: '/home' });
  };
  const cart = cartCount !== undefined && (
    <Link to="/cart" search={{ bot: botUuid }} className="page-header__icon"
      aria-label={intl.formatMessage({ id: 'shop.cart.open' }, { count: cartCount })}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M3 4h2.2l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.5" fill="currentColor" /><circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      {cartCount > 0 && <span className="shop-header__badge" aria-hidden="true">{cartCount}</span>}
    </Link>
  );
  return <PageHeader title={title} onFallback={onFallback} actions={cart} />;
}
