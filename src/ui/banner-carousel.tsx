// Banners that swipe (native horizontal scrolling with snap points, so touch, trackpad and
// keyboard scrolling all work) with dots that say which one shows and jump to any of them.
// Accessible as the WAI carousel pattern: a region, slides as groups "n of m", dots as buttons.
import { useEffect, useRef, useState } from 'react';
import './banner-carousel.css';

export interface BannerItem {
  id: string;
  image: string;
  title: string;
}

export interface BannerCarouselProps {
  banners: readonly BannerItem[];
  /** the region's name, e.g. 'Featured' */
  label: string;
  slideLabel: (index: number, count: number) => string;
  dotLabel: (index: number) => string;
  onOpen: (id: string) => void;
}

export function BannerCarousel({ banners, label, slideLabel, dotLabel, onOpen }: BannerCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    const onScroll = () => {
      const width = el.clientWidth || 1;
      setCurrent(Math.min(banners.length - 1, Math.max(0, Math.round(el.scrollLeft / width))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [banners.length]);

  const show = (index: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
    setCurrent(index);
  };

  if (banners.length === 0) return null;
  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="banner-carousel__track" ref={track}>
        {banners.map((b, i) => (
          <div key={b.id} className="banner-carousel__slide" role="group" aria-roledescription="slide" aria-label={slideLabel(i + 1, banners.length)}>
            <button type="button" className="banner-carousel__button" onClick={() => onOpen(b.id)}>
              <img className="banner-carousel__image" src={b.image} alt="" decoding="async" />
              <span className="banner-carousel__title">{b.title}</span>
            </button>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="banner-carousel__dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className="banner-carousel__dot"
              aria-label={dotLabel(i + 1)}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
