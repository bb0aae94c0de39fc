// A catalog_list message: one button per catalogue; a tap opens it (the screen navigates to
// /catalog?bot=..&catalog=..).
import type { CatalogItem } from '../../api/messages';
import { useSolidPress } from '../use-button-press';
import './messages.css';

function CatalogButton({ item, onOpen }: { item: CatalogItem; onOpen: (catalogId: string) => void }) {
  const press = useSolidPress(() => onOpen(item.catalog_id));
  return (
    <button type="button" className="msg-catalog" onClick={press}>
      <span className="msg-catalog__name">{item.name}</span>
      {item.description ? <span className="msg-catalog__description">{item.description}</span> : null}
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export function CatalogList({ catalogs, label, onOpen }: { catalogs: readonly CatalogItem[]; label: string; onOpen: (catalogId: string) => void }) {
  return (
    <div className="msg-catalogs" role="group" aria-label={label}>
      {catalogs.map((c) => <CatalogButton key={c.catalog_id} item={c} onOpen={onOpen} />)}
    </div>
  );
}
