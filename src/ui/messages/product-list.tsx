// A product_list message: each product's picture, name, description and price (minor units,
// formatted by src/domain/money.ts).
import type { ReactNode } from 'react';
import type { MediaRef, ProductItem } from '../../api/messages';
import { formatMoney } from '../../domain/money';
import { MediaSlot } from './media-slot';
import './messages.css';

export function ProductList({ products, label, renderImage }: { products: readonly ProductItem[]; label: string; renderImage?: (media: MediaRef, label: string) => ReactNode }) {
  return (
    <ul className="msg-products" aria-label={label}>
      {products.map((p) => (
        <li key={`${p.catalog_id}/${p.product_id}`} className={`msg-product${p.image ? ' msg-product--image' : ''}`}>
          {p.image ? (renderImage ? renderImage(p.image, p.name) : <MediaSlot media={p.image} label={p.name} />) : null}
          <div className="msg-product__text">
            <p className="msg-product__name">{p.name}</p>
            {p.description ? <p className="msg-product__description">{p.description}</p> : null}
            <p className="msg-product__price">{formatMoney(p.price)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
