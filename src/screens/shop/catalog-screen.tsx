// A bot's catalogue (spec part 2 §2 "Catalogue and cart", §4): products with their price, an Add
// button or the quantity in the cart, and the customisation view for products with steps. It
// reads the stored catalogue, so it shows offline once read; edits are applied at once and sent
// by the engine (src/db/commands/edit-cart.ts).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearch } from '@tanstack/react-router';
import type { CatalogProduct } from '../../api/catalog';
import { addToCart, loadCatalog, refreshCart, removeFromCart } from '../../db/commands';
import { useCart, useCatalog } from '../../db/hooks';
import { MSG } from '../../domain/errors';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { OfflineBanner } from '../../ui/offline-banner';
import { QuantityStepper } from '../../ui/quantity-stepper';
import { Spinner } from '../../ui/spinner';
import { Toast } from '../../ui/toast';
import { ImageView } from '../chat/media-message';
import { useOnline } from '../shared/use-online';
import { CustomizeSheet } from './customize-sheet';
import { NoShop } from './no-shop';
import { ShopHeader } from './shop-header';
import { useShopNotice } from './use-shop-notice';
import './shop.css';

export default function CatalogScreen() {
  const { bot, catalog: catalogId } = useSearch({ from: '/catalog' });
  return bot ? <Catalog key={`${bot}/${catalogId ?? ''}`} bot={bot} catalogId={catalogId} /> : <NoShop />;
}

function Catalog({ bot, catalogId }: { bot: string; catalogId: string | undefined }) {
  const intl = useIntl();
  const online = useOnline();
  const { catalog, loaded } = useCatalog(bot, catalogId);
  const cart = useCart(bot);
  const [customizing, setCustomizing] = useState<CatalogProduct | null>(null);
  const [failed, setFailed] = useState(false);
  const { notice, show, showResult, clear } = useShopNotice();

  useEffect(() => {
    if (!online) return;
    void loadCatalog(bot, catalogId).then((r) => setFailed(!r.ok));
    void refreshCart(bot);
  }, [bot, catalogId, online]);

  const quantityOf = (product: CatalogProduct) =>
    cart.lines.filter((l) => l.catalog_id === catalog?.catalog_id && l.product_id === product.id).reduce((n, l) => n + l.quantity, 0);
  const plainLine = (product: CatalogProduct) => ({ catalog_id: catalog?.catalog_id ?? '', product_id: product.id, customizations: [] });

  const add = async (product: CatalogProduct) => {
    if (product.customization_steps.length > 0) {
      setCustomizing(product);
      return;
    }
    showResult(await addToCart(bot, plainLine(product)));
  };

  const title = catalog?.name ?? intl.formatMessage({ id: 'shop.catalog.title' });
  return (
    <div className="shop">
      <ShopHeader title={title} botUuid={bot} cartCount={cart.itemCount} />
      <main className="shop__main">
        {!online && <OfflineBanner message={intl.formatMessage({ id: 'shop.catalog.offline' })} />}
        {!catalog && (!loaded || (online && !failed)) && (
          <div className="shop__loading" role="status"><Spinner /><span>{intl.formatMessage({ id: 'shop.catalog.loading' })}</span></div>
        )}
        {!catalog && loaded && (!online || failed) && (
          <EmptyState title={intl.formatMessage({ id: 'shop.catalog.unavailable' })} body={intl.formatMessage({ id: online ? 'shop.catalog.unavailableBody' : 'shop.catalog.offlineBody' })} />
        )}
        {catalog && (
          <ul className="product-list" aria-label={title}>
            {catalog.products.map((product) => {
              const quantity = quantityOf(product);
              const customizable = product.customization_steps.length > 0;
              return (
                <li key={product.id} className="product">
                  {product.image && <div className="product__picture"><ImageView media={product.image} alt={product.name} /></div>}
                  <div className="product__text">
                    <h2 className="product__name">{product.name}</h2>
                    <p className="product__description">{product.description}</p>
                    <p className="product__price">
                      {formatMoney(product.price)}
                      {customizable && <span className="product__tag">{intl.formatMessage({ id: 'shop.product.customisable' })}</span>}
                    </p>
                  </div>
                  <div className="product__action">
                    {quantity > 0 && !customizable ? (
                      <QuantityStepper
                        quantity={quantity}
                        atMax={quantity >= product.max_quantity_allowed}
                        onIncrease={() => void add(product)}
                        onDecrease={() => void removeFromCart(bot, plainLine(product)).then(showResult)}
                        increaseLabel={intl.formatMessage({ id: 'shop.quantity.increase' }, { name: product.name })}
                        decreaseLabel={intl.formatMessage({ id: 'shop.quantity.decrease' }, { name: product.name })}
                        quantityLabel={intl.formatMessage({ id: 'shop.quantity.label' }, { name: product.name })}
                      />
                    ) : (
                      <Button variant="secondary" className="product__add" onClick={() => void add(product)}
                        aria-label={intl.formatMessage({ id: customizable ? 'shop.product.customiseNamed' : 'shop.product.addNamed' }, { name: product.name })}>
                        {intl.formatMessage({ id: customizable ? 'shop.product.customise' : 'shop.product.add' })}
                        {customizable && quantity > 0 ? ` (${quantity})` : ''}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </main>
      {customizing && (
        <CustomizeSheet
          product={customizing}
          onClose={() => setCustomizing(null)}
          onAdd={(choices) => {
            const product = customizing;
            setCustomizing(null);
            void addToCart(bot, { catalog_id: catalog?.catalog_id ?? '', product_id: product.id, customizations: choices }).then((r) => {
              if (r.ok) show(MSG.cart.updated);
              else showResult(r);
            });
          }}
        />
      )}
      {notice && <Toast key={notice.id} message={notice.text} tone={notice.tone} onDone={clear} />}
    </div>
  );
}
