import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/empty-state';
import { ShopHeader } from './shop-header';

/** A link without a valid bot id: nothing to show but the way back. */
export function NoShop() {
  const intl = useIntl();
  return (
    <div className="shop">
      <ShopHeader title={intl.formatMessage({ id: 'shop.catalog.title' })} botUuid="" />
      <main className="shop__main">
        <EmptyState title={intl.formatMessage({ id: 'shop.catalog.unavailable' })} body={intl.formatMessage({ id: 'shop.catalog.unavailableBody' })} />
      </main>
    </div>
  );
}
